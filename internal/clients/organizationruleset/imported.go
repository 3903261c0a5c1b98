package organizationruleset

import (
	"slices"
	"strings"

	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	repocommon "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	rs "github.com/crossplane-github/provider-github/internal/clients/ruleset"
)

// Imported is the spec of an OrganizationRuleset resource for GitHub's
// ruleset r, read whole, as it is (its organization is the importer's to
// name), and what the spec names as GitHub has it: teams by id, and the
// repositories of a repository_id condition as res.RepositoryIDs, which the
// importer names in spec.forProvider.conditions.repositoryId (by
// reference or name). Settings GitHub gives when they are left out are
// left out, so that Drift finds nothing. An error names a rule whose
// parameters GitHub answered in a shape the spec cannot hold.
func Imported(r *github.Ruleset) (orgcommon.OrganizationRulesetParameters, Resolved, error) {
	p := orgcommon.OrganizationRulesetParameters{Name: r.Name, Target: rs.ImportedTarget(r), Enforcement: rs.ImportedEnforcement(r)}
	for _, a := range r.BypassActors {
		b := orgcommon.OrganizationRulesetBypassActor{ActorType: a.ActorType, BypassMode: rs.ImportedBypassMode(a.BypassMode)}
		if a.ActorID != nil && rs.BypassActor(a.ActorType, a.ActorID, "").ActorID != nil {
			b.ActorID = ptr.To(*a.ActorID)
		}
		p.BypassActors = append(p.BypassActors, b)
	}
	var res Resolved
	if p.Target != targetPush {
		p.Conditions.RefName = rs.ImportedRefName(r)
		if p.Conditions.RefName == nil {
			// A branch or tag ruleset that applies to no ref: the spec
			// requires refName for them.
			p.Conditions.RefName = &repocommon.RulesetRefName{}
		}
	}
	if c := r.Conditions; c != nil {
		switch {
		case c.RepositoryName != nil:
			p.Conditions.RepositoryName = &orgcommon.RulesetRepositoryName{
				Include: cloneOrNil(c.RepositoryName.Include), Exclude: cloneOrNil(c.RepositoryName.Exclude), Protected: c.RepositoryName.Protected}
		case c.RepositoryID != nil:
			p.Conditions.RepositoryID = &orgcommon.RulesetRepositoryID{}
			res.RepositoryIDs = slices.Clone(c.RepositoryID.RepositoryIDs)
			slices.Sort(res.RepositoryIDs)
		case c.RepositoryProperty != nil:
			p.Conditions.RepositoryProperty = &orgcommon.RulesetRepositoryProperty{
				Include: importedTargets(c.RepositoryProperty.Include), Exclude: importedTargets(c.RepositoryProperty.Exclude)}
		}
	}
	rules, err := rs.ImportedRules(r)
	if err != nil {
		return orgcommon.OrganizationRulesetParameters{}, Resolved{}, err
	}
	p.Rules = rules
	return p, res, nil
}

func importedTargets(l []github.RulesetPropertyTarget) []orgcommon.RulesetPropertyTarget {
	var out []orgcommon.RulesetPropertyTarget
	for _, t := range l {
		pt := orgcommon.RulesetPropertyTarget{Name: t.Name, PropertyValues: slices.Clone(t.PropertyValues)}
		if s := strings.ToLower(t.Source); s != "" && s != sourceCustom {
			pt.Source = s
		}
		out = append(out, pt)
	}
	return out
}

// cloneOrNil is a copy of l; nil when l is empty.
func cloneOrNil(l []string) []string {
	if len(l) == 0 {
		return nil
	}
	return slices.Clone(l)
}
