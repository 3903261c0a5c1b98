package emulator_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

// TestEnvironmentsLiveWithTheRepository: environments follow a rename and
// go with the repository; one created again under the name starts
// without them.
func TestEnvironmentsLiveWithTheRepository(t *testing.T) {
	srv, emu := newServer(t, emulator.Options{Seed: branchSeed()})
	runWith(t, srv, []exchange{
		{"create", call{method: "PUT", path: "/repos/demo-org/svc/environments/prod", token: "demo-token", body: `{"wait_timer":1}`}, 200, `"name":"prod"`, ""},
	})
	if err := emu.State().Rename("demo-org", "svc", "svc2"); err != nil {
		t.Fatal(err)
	}
	runWith(t, srv, []exchange{
		{"kept by a rename", call{method: "GET", path: "/repos/demo-org/svc2/environments/prod", token: "demo-token"}, 200, `"wait_timer":1`, ""},
		{"delete the repository", call{method: "DELETE", path: "/repos/demo-org/svc2", token: "demo-token"}, 204, "", ""},
		{"create it again", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"svc2"}`}, 201, "", ""},
		{"without environments", call{method: "GET", path: "/repos/demo-org/svc2/environments", token: "demo-token"}, 200, `"total_count":0`, ""},
	})
}

// TestEnvironmentReviewersNeedAccess: a reviewer must be able to read the
// repository (a private one: through the organization) and a team must be
// of the organization that owns it; a team of it without access to the
// repository is taken and left out, as GitHub does.
func TestEnvironmentReviewersNeedAccess(t *testing.T) {
	s := branchSeed()
	s.Repos = append(s.Repos, emulator.SeedRepo{Owner: "demo-org", Name: "hidden", Visibility: "private"})
	s.Orgs = append(s.Orgs, emulator.SeedOrg{Login: "elsewhere", Members: []emulator.SeedMember{{Login: "demo-user", Role: emulator.RoleAdmin}}})
	s.Teams = append(s.Teams, emulator.SeedTeam{ID: 77, Org: "elsewhere", Name: "Far"}, emulator.SeedTeam{ID: 78, Org: "demo-org", Name: "Near"})
	srv, _ := newServer(t, emulator.Options{Seed: s})
	other := do(t, srv, call{method: "GET", path: "/users/other-user"})
	member := do(t, srv, call{method: "GET", path: "/users/member-user"})
	org := do(t, srv, call{method: "GET", path: "/users/demo-org"})
	otherID, memberID := int64(other.json(t)["id"].(float64)), int64(member.json(t)["id"].(float64))
	orgID := int64(org.json(t)["id"].(float64))
	put := func(repo, reviewers string) call {
		return call{method: "PUT", path: "/repos/demo-org/" + repo + "/environments/prod", token: "demo-token", body: `{"reviewers":` + reviewers + `}`}
	}
	runWith(t, srv, []exchange{
		{"an outsider cannot review a private repository", put("hidden", fmt.Sprintf(`[{"type":"User","id":%d}]`, otherID)), 422, "does not have read access", ""},
		{"an organization member can", put("hidden", fmt.Sprintf(`[{"type":"User","id":%d}]`, memberID)), 200, `"login":"member-user"`, ""},
		{"a team of another organization cannot", put("hidden", `[{"type":"Team","id":77}]`), 422, "Reviewer Team 77", ""},
		{"an organization is no user", put("svc", fmt.Sprintf(`[{"type":"User","id":%d}]`, orgID)), 422, "does not exist", ""},
	})
	dropped := do(t, srv, put("hidden", fmt.Sprintf(`[{"type":"User","id":%d},{"type":"Team","id":78}]`, memberID)))
	if dropped.status != 200 || strings.Contains(string(dropped.body), `"slug":"near"`) || !strings.Contains(string(dropped.body), `"login":"member-user"`) {
		t.Errorf("a team of the organization without access to the repository: %d, want 200 without the team, with the user: %s", dropped.status, dropped.body)
	}
	do(t, srv, call{method: "PUT", path: "/orgs/demo-org/teams/near/repos/demo-org/hidden", token: "demo-token", body: `{"permission":"pull"}`})
	twice := do(t, srv, put("hidden", `[{"type":"Team","id":78},{"type":"Team","id":78}]`))
	if twice.status != 200 || strings.Count(string(twice.body), `"slug":"near"`) != 1 {
		t.Errorf("a team of the organization with access listed twice: %d, want 200 with the team once: %s", twice.status, twice.body)
	}
}
