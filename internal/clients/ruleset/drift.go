package ruleset

import (
	"fmt"
	"slices"
	"strings"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Drift lists, by spec field, where GitHub's ruleset r differs from the
// one p declares, compared as GitHub compares them: enumerations without
// regard to case, bypass actors, ref patterns and the lists in rules as
// sets, and GitHub's defaults equal to leaving them out. Bypass actors
// GitHub does not show the caller, rules of types the spec does not model
// and their parameters the spec does not model are not compared. The
// conditions of a push ruleset are not compared: it has none.
func Drift(p *common.RulesetParameters, r *github.Ruleset) []string {
	var d []string
	if r.Name != p.Name {
		d = append(d, "name")
	}
	if !strings.EqualFold(r.Target, Target(p)) {
		d = append(d, "target")
	}
	if !strings.EqualFold(r.Enforcement, Enforcement(p)) {
		d = append(d, "enforcement")
	}
	if r.BypassActors != nil && !slices.Equal(actorKeys(bypassActors(p.BypassActors)), actorKeys(r.BypassActors)) {
		d = append(d, "bypassActors")
	}
	if Target(p) != targetPush {
		want, got := conditions(p).RefName, &github.RulesetRefName{}
		if r.Conditions != nil && r.Conditions.RefName != nil {
			got = r.Conditions.RefName
		}
		if !slices.Equal(set(want.Include, nil), set(got.Include, nil)) || !slices.Equal(set(want.Exclude, nil), set(got.Exclude, nil)) {
			d = append(d, "conditions.refName")
		}
	}
	for _, k := range kinds {
		_, on := k.params(p.Rules)
		n := countRules(r, k.ruleType())
		switch {
		case !on && n == 0:
		case !on || n != 1 || !k.equal(p.Rules, observedRule(r, k.ruleType()).Parameters):
			d = append(d, k.field())
		}
	}
	return d
}

// actorKeys are the bypass actors as a sorted list of comparable keys:
// type, id (none for the types GitHub keeps no id of) and mode, the mode
// always when left out.
func actorKeys(actors []github.RulesetBypassActor) []string {
	keys := make([]string, 0, len(actors))
	for _, a := range actors {
		id := ""
		if a.ActorID != nil && !idless(a.ActorType) {
			id = fmt.Sprint(*a.ActorID)
		}
		mode := strings.ToLower(ptr.Deref(nonEmpty(a.BypassMode), bypassAlways))
		keys = append(keys, strings.ToLower(a.ActorType)+"/"+id+"/"+mode)
	}
	slices.Sort(keys)
	return keys
}

func countRules(r *github.Ruleset, typ string) int {
	n := 0
	for _, x := range r.Rules {
		if x.Type == typ {
			n++
		}
	}
	return n
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
