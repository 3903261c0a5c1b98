package organizationruleset

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	repocommon "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// spec is a branch ruleset of every repository whose name starts with
// svc-, with a team by slug and by id, modified by mods.
func spec(mods ...func(*orgcommon.OrganizationRulesetParameters)) *orgcommon.OrganizationRulesetParameters {
	p := &orgcommon.OrganizationRulesetParameters{Name: "main", Target: "branch", Enforcement: "active",
		BypassActors: []orgcommon.OrganizationRulesetBypassActor{
			{ActorType: "Team", TeamSlug: ptr.To("platform"), BypassMode: "pull_request"},
			{ActorType: "OrganizationAdmin", BypassMode: "always"},
			{ActorType: "Team", ActorID: ptr.To[int64](9)},
		},
		Conditions: orgcommon.OrganizationRulesetConditions{
			RefName:        &repocommon.RulesetRefName{Include: []string{"~DEFAULT_BRANCH"}},
			RepositoryName: &orgcommon.RulesetRepositoryName{Include: []string{"svc-*"}, Protected: true},
		},
		Rules: &repocommon.RulesetRules{Deletion: true},
	}
	for _, m := range mods {
		m(p)
	}
	return p
}

// resolvedTeams resolves the slug of spec's first actor to team 7.
var resolvedTeams = Resolved{Teams: map[int]int64{0: 7}}

// answered is GitHub's ruleset for spec(), as GitHub answers it: lists in
// another order, defaults filled in.
func answered(mods ...func(*github.Ruleset)) *github.Ruleset {
	r := &github.Ruleset{ID: 41, Name: "main", Target: "branch", Enforcement: "active", SourceType: "Organization", Source: "demo-org",
		BypassActors: []github.RulesetBypassActor{
			{ActorType: "OrganizationAdmin", BypassMode: "always"},
			{ActorType: "Team", ActorID: ptr.To[int64](9), BypassMode: "always"},
			{ActorType: "Team", ActorID: ptr.To[int64](7), BypassMode: "pull_request"},
		},
		Conditions: &github.RulesetConditions{
			RefName:        &github.RulesetRefName{Include: []string{"~DEFAULT_BRANCH"}, Exclude: []string{}},
			RepositoryName: &github.RulesetRepositoryName{Include: []string{"svc-*"}, Exclude: []string{}, Protected: true},
		},
		Rules: []github.RulesetRule{{Type: "deletion"}},
	}
	for _, m := range mods {
		m(r)
	}
	return r
}

func TestRequest(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      *orgcommon.OrganizationRulesetParameters
		res    Resolved
		want   *github.RulesetRequest
	}{
		"ByName": {
			reason: "teams named by slug are sent by the id resolved; the repository_name condition with empty lists for what is left out",
			p:      spec(),
			res:    resolvedTeams,
			want: &github.RulesetRequest{Name: "main", Target: "branch", Enforcement: "active",
				BypassActors: []github.RulesetBypassActor{
					{ActorType: "Team", ActorID: ptr.To[int64](7), BypassMode: "pull_request"},
					{ActorType: "OrganizationAdmin", BypassMode: "always"},
					{ActorType: "Team", ActorID: ptr.To[int64](9), BypassMode: "always"},
				},
				Conditions: &github.RulesetConditions{
					RefName:        &github.RulesetRefName{Include: []string{"~DEFAULT_BRANCH"}, Exclude: []string{}},
					RepositoryName: &github.RulesetRepositoryName{Include: []string{"svc-*"}, Exclude: []string{}, Protected: true},
				},
				Rules: []github.RulesetRule{{Type: "deletion"}}},
		},
		"ByID": {
			reason: "the repository_id condition sends the resolved ids, whatever the spec names them by",
			p: spec(func(p *orgcommon.OrganizationRulesetParameters) {
				p.BypassActors, p.Rules = nil, nil
				p.Conditions.RepositoryName = nil
				p.Conditions.RepositoryID = &orgcommon.RulesetRepositoryID{Repositories: []string{"a", "b"}}
			}),
			res: Resolved{RepositoryIDs: []int64{3, 5}},
			want: &github.RulesetRequest{Name: "main", Target: "branch", Enforcement: "active", BypassActors: []github.RulesetBypassActor{},
				Conditions: &github.RulesetConditions{
					RefName:      &github.RulesetRefName{Include: []string{"~DEFAULT_BRANCH"}, Exclude: []string{}},
					RepositoryID: &github.RulesetRepositoryID{RepositoryIDs: []int64{3, 5}},
				},
				Rules: []github.RulesetRule{}},
		},
		"PushByProperty": {
			reason: "a push ruleset sends no ref_name; property targets are sent with source custom when left out",
			p: spec(func(p *orgcommon.OrganizationRulesetParameters) {
				p.Target, p.BypassActors = "push", nil
				p.Rules = &repocommon.RulesetRules{MaxFileSize: &repocommon.MaxFileSizeRule{MaxFileSize: 10}}
				p.Conditions = orgcommon.OrganizationRulesetConditions{RepositoryProperty: &orgcommon.RulesetRepositoryProperty{
					Include: []orgcommon.RulesetPropertyTarget{{Name: "tier", PropertyValues: []string{"production"}}},
					Exclude: []orgcommon.RulesetPropertyTarget{{Name: "fork", PropertyValues: []string{"true"}, Source: "system"}},
				}}
			}),
			want: &github.RulesetRequest{Name: "main", Target: "push", Enforcement: "active", BypassActors: []github.RulesetBypassActor{},
				Conditions: &github.RulesetConditions{RepositoryProperty: &github.RulesetRepositoryProperty{
					Include: []github.RulesetPropertyTarget{{Name: "tier", PropertyValues: []string{"production"}, Source: "custom"}},
					Exclude: []github.RulesetPropertyTarget{{Name: "fork", PropertyValues: []string{"true"}, Source: "system"}},
				}},
				Rules: []github.RulesetRule{{Type: "max_file_size", Parameters: json.RawMessage(`{"max_file_size":10}`)}}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Request(tc.p, tc.res, nil)); diff != "" {
				t.Errorf("\n%s\nRequest(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestDrift(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      *orgcommon.OrganizationRulesetParameters
		res    Resolved
		got    *github.Ruleset
		want   []string
	}{
		"UpToDate": {
			reason: "GitHub's answer, in another order and with its defaults, is the spec",
			p:      spec(), res: resolvedTeams, got: answered(),
		},
		"TeamSlugElsewhere": {
			reason: "a team named by slug that resolves to another id than GitHub has is drift",
			p:      spec(), res: Resolved{Teams: map[int]int64{0: 8}}, got: answered(),
			want: []string{"bypassActors"},
		},
		"RepositoryName": {
			reason: "another pattern, or protected changed, is drift of repositoryName",
			p:      spec(), res: resolvedTeams,
			got:  answered(func(r *github.Ruleset) { r.Conditions.RepositoryName.Protected = false }),
			want: []string{"conditions.repositoryName"},
		},
		"AnotherCondition": {
			reason: "GitHub's repository_id where the spec has repository_name is drift of both",
			p:      spec(), res: resolvedTeams,
			got: answered(func(r *github.Ruleset) {
				r.Conditions.RepositoryName = nil
				r.Conditions.RepositoryID = &github.RulesetRepositoryID{RepositoryIDs: []int64{1}}
			}),
			want: []string{"conditions.repositoryName", "conditions.repositoryId"},
		},
		"IDsAsSet": {
			reason: "repository ids compare as a set",
			p: spec(func(p *orgcommon.OrganizationRulesetParameters) {
				p.Conditions.RepositoryName = nil
				p.Conditions.RepositoryID = &orgcommon.RulesetRepositoryID{Repositories: []string{"a", "b"}}
			}),
			res: Resolved{Teams: resolvedTeams.Teams, RepositoryIDs: []int64{3, 5}},
			got: answered(func(r *github.Ruleset) {
				r.Conditions.RepositoryName = nil
				r.Conditions.RepositoryID = &github.RulesetRepositoryID{RepositoryIDs: []int64{5, 3}}
			}),
		},
		"IDsChanged": {
			reason: "a repository removed on GitHub is drift",
			p: spec(func(p *orgcommon.OrganizationRulesetParameters) {
				p.Conditions.RepositoryName = nil
				p.Conditions.RepositoryID = &orgcommon.RulesetRepositoryID{Repositories: []string{"a", "b"}}
			}),
			res: Resolved{Teams: resolvedTeams.Teams, RepositoryIDs: []int64{3, 5}},
			got: answered(func(r *github.Ruleset) {
				r.Conditions.RepositoryName = nil
				r.Conditions.RepositoryID = &github.RulesetRepositoryID{RepositoryIDs: []int64{5}}
			}),
			want: []string{"conditions.repositoryId"},
		},
		"PropertyDefaults": {
			reason: "property targets compare as sets, values without regard to case and order, source custom when left out",
			p: spec(func(p *orgcommon.OrganizationRulesetParameters) {
				p.Conditions.RepositoryName = nil
				p.Conditions.RepositoryProperty = &orgcommon.RulesetRepositoryProperty{Include: []orgcommon.RulesetPropertyTarget{
					{Name: "tier", PropertyValues: []string{"production", "staging"}}, {Name: "team", PropertyValues: []string{"a"}}}}
			}),
			res: resolvedTeams,
			got: answered(func(r *github.Ruleset) {
				r.Conditions.RepositoryName = nil
				r.Conditions.RepositoryProperty = &github.RulesetRepositoryProperty{Include: []github.RulesetPropertyTarget{
					{Name: "team", PropertyValues: []string{"a"}, Source: "custom"}, {Name: "tier", PropertyValues: []string{"Staging", "production"}}}, Exclude: []github.RulesetPropertyTarget{}}
			}),
		},
		"PropertyValues": {
			reason: "another value is drift of repositoryProperty",
			p: spec(func(p *orgcommon.OrganizationRulesetParameters) {
				p.Conditions.RepositoryName = nil
				p.Conditions.RepositoryProperty = &orgcommon.RulesetRepositoryProperty{Include: []orgcommon.RulesetPropertyTarget{{Name: "tier", PropertyValues: []string{"production"}}}}
			}),
			res: resolvedTeams,
			got: answered(func(r *github.Ruleset) {
				r.Conditions.RepositoryName = nil
				r.Conditions.RepositoryProperty = &github.RulesetRepositoryProperty{Include: []github.RulesetPropertyTarget{{Name: "tier", PropertyValues: []string{"staging"}}}}
			}),
			want: []string{"conditions.repositoryProperty"},
		},
		"Rules": {
			reason: "the rules compare as a Ruleset's do",
			p:      spec(), res: resolvedTeams,
			got:  answered(func(r *github.Ruleset) { r.Rules = append(r.Rules, github.RulesetRule{Type: "creation"}) }),
			want: []string{"rules.creation"},
		},
		"PushRefName": {
			reason: "a push ruleset's ref_name is not compared: it has none",
			p: spec(func(p *orgcommon.OrganizationRulesetParameters) {
				p.Target, p.Rules, p.Conditions.RefName = "push", nil, nil
			}),
			res: resolvedTeams,
			got: answered(func(r *github.Ruleset) { r.Target, r.Rules, r.Conditions.RefName = "push", nil, nil }),
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Drift(tc.p, tc.res, tc.got)); diff != "" {
				t.Errorf("\n%s\nDrift(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestImported(t *testing.T) {
	cases := map[string]struct {
		reason string
		r      *github.Ruleset
		want   *orgcommon.OrganizationRulesetParameters
		res    Resolved
	}{
		"ByName": {
			reason: "GitHub's defaults are left out; teams stay by id for the importer to name",
			r:      answered(),
			want: &orgcommon.OrganizationRulesetParameters{Name: "main",
				BypassActors: []orgcommon.OrganizationRulesetBypassActor{
					{ActorType: "OrganizationAdmin"},
					{ActorType: "Team", ActorID: ptr.To[int64](9)},
					{ActorType: "Team", ActorID: ptr.To[int64](7), BypassMode: "pull_request"},
				},
				Conditions: orgcommon.OrganizationRulesetConditions{
					RefName:        &repocommon.RulesetRefName{Include: []string{"~DEFAULT_BRANCH"}},
					RepositoryName: &orgcommon.RulesetRepositoryName{Include: []string{"svc-*"}, Protected: true},
				},
				Rules: &repocommon.RulesetRules{Deletion: true}},
		},
		"ByID": {
			reason: "the repository ids are what the importer names; a tag ruleset without refs keeps an empty refName",
			r: answered(func(r *github.Ruleset) {
				r.Target, r.BypassActors, r.Rules = "tag", nil, nil
				r.Conditions = &github.RulesetConditions{RepositoryID: &github.RulesetRepositoryID{RepositoryIDs: []int64{5, 3}}}
			}),
			want: &orgcommon.OrganizationRulesetParameters{Name: "main", Target: "tag", Conditions: orgcommon.OrganizationRulesetConditions{
				RefName: &repocommon.RulesetRefName{}, RepositoryID: &orgcommon.RulesetRepositoryID{}}},
			res: Resolved{RepositoryIDs: []int64{3, 5}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got, res, err := Imported(tc.r)
			if err != nil {
				t.Fatalf("Imported(): %v", err)
			}
			if diff := cmp.Diff(tc.want, &got); diff != "" {
				t.Errorf("\n%s\nImported(): -want, +got:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.res.RepositoryIDs, res.RepositoryIDs); diff != "" {
				t.Errorf("\n%s\nImported() resolved ids: -want, +got:\n%s", tc.reason, diff)
			}
			if d := Drift(&got, res, tc.r); len(d) > 0 {
				t.Errorf("Drift(Imported()) = %v, want none", d)
			}
		})
	}
}
