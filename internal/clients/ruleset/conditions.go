package ruleset

import (
	"fmt"
	"slices"
	"strings"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// sourceCustom is GitHub's source of a property target left without one.
const sourceCustom = "custom"

// repositoryDrift names the repository conditions of an organization's
// ruleset where GitHub's, got, differ from the declared, want: a condition
// one has and the other lacks, patterns and ids as sets, property targets
// as sets of their name, source (custom when left out) and values. A
// repository's ruleset has none on either side.
func repositoryDrift(want, got *github.RulesetConditions) []string {
	var d []string
	if !repositoryNameEqual(want.RepositoryName, got.RepositoryName) {
		d = append(d, "conditions.repositoryName")
	}
	if !repositoryIDEqual(want.RepositoryID, got.RepositoryID) {
		d = append(d, "conditions.repositoryId")
	}
	if !repositoryPropertyEqual(want.RepositoryProperty, got.RepositoryProperty) {
		d = append(d, "conditions.repositoryProperty")
	}
	return d
}

func repositoryNameEqual(a, b *github.RulesetRepositoryName) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Protected == b.Protected && slices.Equal(set(a.Include, nil), set(b.Include, nil)) && slices.Equal(set(a.Exclude, nil), set(b.Exclude, nil))
}

func repositoryIDEqual(a, b *github.RulesetRepositoryID) bool {
	if a == nil || b == nil {
		return a == b
	}
	ids := func(l []int64) []int64 {
		l = slices.Clone(l)
		slices.Sort(l)
		return slices.Compact(l)
	}
	return slices.Equal(ids(a.RepositoryIDs), ids(b.RepositoryIDs))
}

func repositoryPropertyEqual(a, b *github.RulesetRepositoryProperty) bool {
	if a == nil || b == nil {
		return a == b
	}
	return slices.Equal(PropertyKeys(a.Include), PropertyKeys(b.Include)) && slices.Equal(PropertyKeys(a.Exclude), PropertyKeys(b.Exclude))
}

// PropertyKeys are property targets as a sorted list of comparable keys:
// source (custom when left out), name and the values as a set, GitHub
// comparing none of them with regard to case.
func PropertyKeys(targets []github.RulesetPropertyTarget) []string {
	if len(targets) == 0 {
		return nil
	}
	keys := make([]string, 0, len(targets))
	for _, t := range targets {
		keys = append(keys, fmt.Sprintf("%s/%s=%s", strings.ToLower(orDefault(t.Source, sourceCustom)), strings.ToLower(t.Name),
			strings.Join(set(t.PropertyValues, strings.ToLower), "\x00")))
	}
	return set(keys, nil)
}
