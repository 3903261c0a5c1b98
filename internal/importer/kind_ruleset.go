package importer

import (
	"context"
	"fmt"
	"strings"

	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/ruleset"
)

// rulesetKind imports a repository's own rulesets, not those it inherits
// from its organisation: one list (a page of 100 a request), whose
// summaries lack rules, conditions and bypass actors, then a read of each.
// A ruleset is named by its id, its identity and external name (its name
// can change on GitHub).
var rulesetKind = Kind{Name: "Ruleset", Group: "repo", Level: PerRepository,
	Import: func(ctx context.Context, s *Session, repo *Repo) ([]Resource, error) {
		api := github.NewRulesetsClient(s.GitHub)
		list, err := api.ListRulesets(ctx, repo.Owner, repo.Name)
		if err != nil {
			return nil, fmt.Errorf("cannot list the rulesets: %w", err)
		}
		var rs []Resource
		for _, l := range list {
			if l.SourceType != "" && !strings.EqualFold(l.SourceType, "Repository") {
				continue
			}
			r, err := api.GetRuleset(ctx, repo.Owner, repo.Name, l.ID)
			if err != nil {
				return nil, fmt.Errorf("cannot read ruleset %q (id %d): %w", l.Name, l.ID, err)
			}
			p, err := ruleset.Imported(r)
			if err != nil {
				return nil, err
			}
			p.RepositoryTarget = s.RepositoryTarget(repo)
			id := externalID(r.ID)
			res := Resource{Kind: "Ruleset", Group: "repo", Repository: repo.Name, Key: id, ExternalName: id, ForProvider: p,
				Notes: []string{fmt.Sprintf("Ruleset %q.", r.Name)}}
			rules, params := ruleset.Kept(&p, r)
			if len(rules) > 0 {
				res.Notes = append(res.Notes, "Kept as GitHub has them (this kind does not model them): the rules "+strings.Join(rules, ", ")+".")
			}
			if len(params) > 0 {
				res.Notes = append(res.Notes, "Kept as GitHub has them (this kind does not model them): the parameters "+strings.Join(params, ", ")+".")
			}
			if r.BypassActors == nil {
				res.Notes = append(res.Notes, "GitHub showed no bypass actors (it shows them to repository admins only): they are not compared, and the first update clears them.")
			}
			rs = append(rs, res)
		}
		return rs, nil
	}}
