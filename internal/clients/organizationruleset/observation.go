package organizationruleset

import (
	"fmt"
	"slices"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	rs "github.com/crossplane-github/provider-github/internal/clients/ruleset"
)

// Observation is the status.atProvider of GitHub's ruleset r of the
// organization org, managed as d declares it.
func Observation(org string, r *github.Ruleset, d rs.Declared) orgcommon.OrganizationRulesetObservation {
	o := orgcommon.OrganizationRulesetObservation{
		ID:           ptr.To(r.ID),
		NodeID:       nonEmpty(r.NodeID),
		Organization: nonEmpty(org),
		HTMLURL:      nonEmpty(r.Links.HTML.Href),
	}
	if r.CreatedAt != nil {
		o.CreatedAt = ptr.To(metav1.NewTime(*r.CreatedAt))
	}
	if r.UpdatedAt != nil {
		o.UpdatedAt = ptr.To(metav1.NewTime(*r.UpdatedAt))
	}
	if c := r.Conditions; c != nil && c.RepositoryID != nil && len(c.RepositoryID.RepositoryIDs) > 0 {
		o.RepositoryIDs = slices.Clone(c.RepositoryID.RepositoryIDs)
	}
	for _, a := range r.BypassActors {
		id := ""
		if a.ActorID != nil {
			id = fmt.Sprint(*a.ActorID)
		}
		o.BypassActors = append(o.BypassActors, a.ActorType+"/"+id)
	}
	for _, x := range r.Rules {
		o.RuleTypes = append(o.RuleTypes, x.Type)
	}
	o.KeptRules, o.KeptParameters = d.Kept(r)
	return o
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
