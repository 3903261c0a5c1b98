package importer

import (
	"context"
	"fmt"
	"strings"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	ors "github.com/crossplane-github/provider-github/internal/clients/organizationruleset"
)

// organizationRulesetKind imports the organisation's rulesets: one list (a
// page of 100 a request), whose summaries lack rules, conditions and
// bypass actors, then a read of each. A ruleset is named by its id, its
// identity and external name. The repositories of a repository_id
// condition are named by a reference to their Repository resource where
// it is imported, by name otherwise; a bypass team by a reference to its
// Team resource where Teams are imported, by slug otherwise (one more
// list, of the organisation's teams, shared with the other kinds).
var organizationRulesetKind = Kind{Name: "OrganizationRuleset", Group: "org", Level: PerOrganization,
	Import: func(ctx context.Context, s *Session, _ *Repo) ([]Resource, error) {
		api := gh.NewOrgRulesetsClient(s.GitHub)
		list, err := api.ListOrgRulesets(ctx, s.Options.Owner)
		if err != nil {
			return nil, fmt.Errorf("cannot list the rulesets of organisation %s: %w", s.Options.Owner, err)
		}
		rs := make([]Resource, 0, len(list))
		for _, l := range list {
			r, err := api.GetOrgRuleset(ctx, s.Options.Owner, l.ID)
			if err != nil {
				return nil, fmt.Errorf("cannot read ruleset %q (id %d) of organisation %s: %w", l.Name, l.ID, s.Options.Owner, err)
			}
			res, err := importedOrgRuleset(ctx, s, r)
			if err != nil {
				return nil, err
			}
			rs = append(rs, res)
		}
		return rs, nil
	}}

// importedOrgRuleset is the resource of GitHub's ruleset r.
func importedOrgRuleset(ctx context.Context, s *Session, r *gh.Ruleset) (Resource, error) {
	p, resolved, err := ors.Imported(r)
	if err != nil {
		return Resource{}, err
	}
	p.OrganizationTarget = s.OrganizationTarget()
	id := externalID(r.ID)
	res := Resource{Kind: "OrganizationRuleset", Group: "org", Key: id, ExternalName: id,
		Notes: []string{fmt.Sprintf("Ruleset %q.", r.Name)}}
	if err := nameTeams(ctx, s, p.BypassActors); err != nil {
		return Resource{}, err
	}
	if c := p.Conditions.RepositoryID; c != nil {
		for _, repoID := range resolved.RepositoryIDs {
			name := s.RepositoryNameOf(repoID)
			switch {
			case name == "":
				res.Notes = append(res.Notes, fmt.Sprintf("Left out of conditions.repositoryId: repository id %d, which organisation %s does not list (another owner's, or deleted); the first update removes it.", repoID, s.Options.Owner))
			case s.Imports("Repository") && s.ImportsRepository(name):
				c.RepositoryRefs = append(c.RepositoryRefs, xpv2.Reference{Name: s.Options.NamePrefix + RepositoryName(name)})
			default:
				c.Repositories = append(c.Repositories, name)
			}
		}
	}
	rules, params := ors.Declared(&p, resolved).Kept(r)
	if len(rules) > 0 {
		res.Notes = append(res.Notes, "Kept as GitHub has them (this kind does not model them): the rules "+strings.Join(rules, ", ")+".")
	}
	if len(params) > 0 {
		res.Notes = append(res.Notes, "Kept as GitHub has them (this kind does not model them): the parameters "+strings.Join(params, ", ")+".")
	}
	res.ForProvider = p
	return res, nil
}

// nameTeams names each Team bypass actor by its Team resource or slug
// instead of its id, when the organisation has a team of that id.
func nameTeams(ctx context.Context, s *Session, actors []orgcommon.OrganizationRulesetBypassActor) error {
	var teams []gh.Team
	for i := range actors {
		a := &actors[i]
		if a.ActorType != "Team" || a.ActorID == nil {
			continue
		}
		if teams == nil {
			var err error
			if teams, err = s.Teams(ctx); err != nil {
				return fmt.Errorf("cannot list the teams of organisation %s, bypass actors of its rulesets: %w", s.Options.Owner, err)
			}
		}
		for _, t := range teams {
			if t.ID != *a.ActorID {
				continue
			}
			a.ActorID = nil
			if ref := s.TeamReference(t.Slug); ref != nil {
				a.TeamRef = ref
			} else {
				a.TeamSlug = ptr.To(t.Slug)
			}
		}
	}
	return nil
}
