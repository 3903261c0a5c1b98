// Package organizationruleset maps OrganizationRuleset parameters to
// GitHub's organization ruleset requests, and GitHub's rulesets to the
// observation, the drift from the spec and an imported spec. What an
// organization's ruleset shares with a repository's (its rules, ref
// conditions, bypass actors, enforcement, and what is kept of GitHub's) is
// package ruleset's: this package adds the repository conditions and the
// teams and repositories named by slug, name or reference.
package organizationruleset

import (
	"slices"

	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	rs "github.com/crossplane-github/provider-github/internal/clients/ruleset"
)

// Targets, actor types and property sources in GitHub's words.
const (
	targetPush   = "push"
	actorTeam    = "Team"
	sourceCustom = "custom"
)

// Resolved are the GitHub ids of what the spec names by slug, name or
// reference, as the controller found them.
type Resolved struct {
	// Teams are the ids of the teams bypass actors name by teamSlug or
	// teamRef, by the actor's index in spec.forProvider.bypassActors.
	Teams map[int]int64
	// RepositoryIDs are the ids of the repositories conditions.repositoryId
	// names, sorted.
	RepositoryIDs []int64
}

// Declared is the ruleset p declares, with what it names resolved: what
// package ruleset makes the request and the drift of.
func Declared(p *orgcommon.OrganizationRulesetParameters, res Resolved) rs.Declared {
	return rs.Declared{
		Name: p.Name, Target: p.Target, Enforcement: p.Enforcement,
		BypassActors: bypassActors(p.BypassActors, res.Teams),
		Conditions:   conditions(p, res.RepositoryIDs),
		Rules:        p.Rules,
	}
}

// Request is the create or replace request of the ruleset p declares;
// observed is GitHub's (nil for a create), whose rules and parameters the
// spec does not model are sent back unchanged.
func Request(p *orgcommon.OrganizationRulesetParameters, res Resolved, observed *github.Ruleset) *github.RulesetRequest {
	return Declared(p, res).Request(observed)
}

// Drift lists, by spec field, where GitHub's ruleset r differs from the
// one p declares (see ruleset.Declared.Drift).
func Drift(p *orgcommon.OrganizationRulesetParameters, res Resolved, r *github.Ruleset) []string {
	return Declared(p, res).Drift(r)
}

// bypassActors are the actors as GitHub takes them: a team named by slug or
// reference by the id teams has for its index.
func bypassActors(actors []orgcommon.OrganizationRulesetBypassActor, teams map[int]int64) []github.RulesetBypassActor {
	out := make([]github.RulesetBypassActor, 0, len(actors))
	for i, a := range actors {
		id := a.ActorID
		if a.ActorType == actorTeam && id == nil {
			if t, ok := teams[i]; ok {
				id = ptr.To(t)
			}
		}
		out = append(out, rs.BypassActor(a.ActorType, id, a.BypassMode))
	}
	return out
}

// conditions are the spec's as GitHub takes them: ref_name (empty lists
// clear GitHub's; none for a push ruleset) and the one repository
// condition, with the ids ids for repository_id.
func conditions(p *orgcommon.OrganizationRulesetParameters, ids []int64) *github.RulesetConditions {
	c := p.Conditions
	out := &github.RulesetConditions{}
	if p.Target != targetPush {
		out.RefName = rs.RefName(c.RefName)
	}
	if n := c.RepositoryName; n != nil {
		out.RepositoryName = &github.RulesetRepositoryName{Include: orEmpty(n.Include), Exclude: orEmpty(n.Exclude), Protected: n.Protected}
	}
	if c.RepositoryID != nil {
		out.RepositoryID = &github.RulesetRepositoryID{RepositoryIDs: append([]int64{}, ids...)}
	}
	if prop := c.RepositoryProperty; prop != nil {
		out.RepositoryProperty = &github.RulesetRepositoryProperty{Include: targets(prop.Include), Exclude: targets(prop.Exclude)}
	}
	return out
}

func targets(l []orgcommon.RulesetPropertyTarget) []github.RulesetPropertyTarget {
	out := make([]github.RulesetPropertyTarget, 0, len(l))
	for _, t := range l {
		source := t.Source
		if source == "" {
			source = sourceCustom
		}
		out = append(out, github.RulesetPropertyTarget{Name: t.Name, PropertyValues: slices.Clone(t.PropertyValues), Source: source})
	}
	return out
}

// orEmpty is a copy of l, empty (sent as []) when l is.
func orEmpty(l []string) []string {
	return append([]string{}, l...)
}
