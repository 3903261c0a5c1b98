package ruleset

import (
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Observation is the status.atProvider of GitHub's ruleset r in the
// repository repo (owner/name), managed with the parameters p.
func Observation(repo string, r *github.Ruleset, p *common.RulesetParameters) common.RulesetObservation {
	o := common.RulesetObservation{
		ID:                   ptr.To(r.ID),
		NodeID:               nonEmpty(r.NodeID),
		Repository:           nonEmpty(repo),
		HTMLURL:              nonEmpty(r.Links.HTML.Href),
		CurrentUserCanBypass: nonEmpty(r.CurrentUserCanBypass),
	}
	if r.CreatedAt != nil {
		o.CreatedAt = ptr.To(metav1.NewTime(*r.CreatedAt))
	}
	if r.UpdatedAt != nil {
		o.UpdatedAt = ptr.To(metav1.NewTime(*r.UpdatedAt))
	}
	for _, x := range r.Rules {
		o.RuleTypes = append(o.RuleTypes, x.Type)
	}
	o.KeptRules, o.KeptParameters = Kept(p, r)
	return o
}

// Kept names what GitHub's ruleset r has that the spec p does not manage,
// and that a replace therefore sends back as it is: the types of its rules
// that the spec does not model, and, as type.parameter, the parameters of
// the spec's rules that the spec does not model or leaves to GitHub.
func Kept(p *common.RulesetParameters, r *github.Ruleset) (rules, params []string) {
	return Repository(p).Kept(r)
}

// Kept names what GitHub's ruleset r has that the declared one does not
// manage (see the package Kept).
func (d Declared) Kept(r *github.Ruleset) (rules, params []string) {
	for _, x := range r.Rules {
		k := kindOf(x.Type)
		if k == nil {
			rules = append(rules, x.Type)
			continue
		}
		want, on := k.params(d.Rules)
		if !on {
			continue
		}
		_, kept := keepParameters(want, x.Parameters)
		for _, name := range kept {
			params = append(params, x.Type+"."+name)
		}
	}
	return rules, params
}

// Sources of a ruleset, as GitHub's source_type names them.
const (
	SourceRepository   = "Repository"
	SourceOrganization = "Organization"
)

// FindByName is the ruleset of list called name, compared as GitHub
// compares ruleset names: without regard to case. Nil when there is none.
// A list a repository answers may also hold the rulesets it inherits
// (those of its organization); they are never the repository's own.
func FindByName(list []github.Ruleset, name string) *github.Ruleset {
	return FindByNameFrom(list, name, SourceRepository)
}

// FindByNameFrom is the ruleset of list called name (without regard to
// case) whose source is source (Repository, Organization); one GitHub
// answers without a source counts as the list's own. Nil when there is
// none.
func FindByNameFrom(list []github.Ruleset, name, source string) *github.Ruleset {
	for i := range list {
		if strings.EqualFold(list[i].Name, name) && (list[i].SourceType == "" || strings.EqualFold(list[i].SourceType, source)) {
			return &list[i]
		}
	}
	return nil
}
