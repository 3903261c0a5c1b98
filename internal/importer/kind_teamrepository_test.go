package importer

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// teamRepositorySeed is testSeed with teams Platform and SRE, and a
// repository web the tests do not import.
const teamRepositorySeed = `
users:
  - {login: admin, tokens: [admin-token]}
orgs:
  - login: acme
    members: [{login: admin, role: admin}]
teams:
  - {org: acme, name: Platform}
  - {org: acme, name: SRE}
repos:
  - {owner: acme, name: api, branches: [main]}
  - {owner: acme, name: web, branches: [main]}
`

// grantTeams gives platform maintain on api and push on web, and sre
// push on api.
func grantTeams(t *testing.T, s *Session) {
	t.Helper()
	api := gh.NewTeamReposClient(s.GitHub)
	for _, g := range []struct{ team, repo, permission string }{{"platform", "api", "maintain"}, {"platform", "web", "push"}, {"sre", "api", "push"}} {
		if err := api.AddTeamRepo(context.Background(), "acme", g.team, "acme", g.repo, g.permission); err != nil {
			t.Fatalf("AddTeamRepo(%s, %s, %s): %v", g.team, g.repo, g.permission, err)
		}
	}
}

func TestImportTeamRepositories(t *testing.T) {
	cases := map[string]struct {
		kinds []string
		// repo and team are the targets of api and of the team with slug.
		repo common.RepositoryTarget
		team func(slug string) common.TeamTarget
	}{
		"by reference, with the Repositories and Teams": {
			kinds: []string{"Repository", "Team", "TeamRepository"},
			repo:  common.RepositoryTarget{RepositoryRef: ptr.To(xpv2Ref("api"))},
			team: func(slug string) common.TeamTarget {
				return common.TeamTarget{TeamRef: ptr.To(xpv2Ref("team." + slug))}
			},
		},
		"by name, alone": {
			kinds: []string{"TeamRepository"},
			repo:  common.RepositoryTarget{Owner: ptr.To("acme"), Repository: ptr.To("api")},
			team:  func(slug string) common.TeamTarget { return common.TeamTarget{TeamSlug: ptr.To(slug)} },
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			s := newTestSession(t, teamRepositorySeed, tc.kinds...)
			grantTeams(t, s)
			rs, err := teamRepositoryKind.Import(context.Background(), s, nil)
			if err != nil {
				t.Fatal(err)
			}
			// web is not imported: platform's push on it is left out.
			want := []Resource{
				{Kind: "TeamRepository", Group: "repo", Repository: "api", Key: "platform", ExternalName: "platform/acme/api",
					ForProvider: common.TeamRepositoryParameters{RepositoryTarget: tc.repo, TeamTarget: tc.team("platform"), Permission: ptr.To("maintain")}},
				{Kind: "TeamRepository", Group: "repo", Repository: "api", Key: "sre", ExternalName: "sre/acme/api",
					ForProvider: common.TeamRepositoryParameters{RepositoryTarget: tc.repo, TeamTarget: tc.team("sre")}},
			}
			if diff := cmp.Diff(want, rs); diff != "" {
				t.Errorf("the imported team permissions: -want, +got:\n%s", diff)
			}
		})
	}
}

// The organisation's teams are listed once an import, however many kinds
// need them.
func TestTeamsListedOnceAnImport(t *testing.T) {
	s, emu := newTestSessionOn(t, teamRepositorySeed, "Team", "TeamRepository")
	for _, k := range []Kind{teamKind, teamRepositoryKind} {
		if _, err := k.Import(context.Background(), s, nil); err != nil {
			t.Fatalf("%s: %v", k.Name, err)
		}
	}
	lists := 0
	for _, r := range emu.Requests() {
		if r.Endpoint == "GET /orgs/{org}/teams" {
			lists++
		}
	}
	if lists != 1 {
		t.Errorf("GET /orgs/{org}/teams made %d times by the Team and TeamRepository imports, want once", lists)
	}
}
