package integration

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// environmentObject is an Environment of either scope.
type environmentObject = twins.EnvironmentObject

var environments = twins.Environment

// envRepo is the seeded repository the environments of these tests belong
// to; releaseTeam the id of a team of demo-org that reviews deployments.
const (
	envRepo     = "deployed"
	envFullName = owner + "/" + envRepo
	releaseTeam = 21
)

// newEnvironmentFixture is a fixture whose emulator also has demo-org's
// repository deployed, member-user (a member of demo-org) and the team
// release.
func newEnvironmentFixture(t *testing.T) *fixture {
	t.Helper()
	seed := emulator.DefaultSeed()
	seed.Users = append(seed.Users, emulator.SeedUser{Login: "member-user"})
	seed.Orgs[0].Members = append(seed.Orgs[0].Members, emulator.SeedMember{Login: "member-user", Role: emulator.RoleMember})
	seed.Teams = append(seed.Teams, emulator.SeedTeam{ID: releaseTeam, Org: owner, Name: "release", Privacy: "closed"})
	seed.Repos = append(seed.Repos, emulator.SeedRepo{Owner: owner, Name: envRepo, Branches: []string{"main"}})
	f := newFixtureWith(t, emulator.Options{Seed: seed})
	// A reviewer team needs access to the repository: GitHub leaves one
	// without it out (TestEnvironmentReviewerTeamWithoutAccess).
	f.grantTeam("release")
	return f
}

// grantTeam gives team slug of demo-org pull access to the repository of
// the environments, as a TeamRepository would.
func (f *fixture) grantTeam(slug string) {
	f.t.Helper()
	f.ghMust(http.StatusNoContent, goodToken, http.MethodPut, "/orgs/"+owner+"/teams/"+slug+"/repos/"+envFullName, `{"permission":"pull"}`)
}

// environment builds, without creating it, an Environment of scope s
// called name, with the parameters p.
func (f *fixture) environment(s scope, name string, p common.EnvironmentParameters) environmentObject {
	f.t.Helper()
	e := environments.In(s.of)
	*e.Parameters() = p
	return place(f, s, e, name, "github")
}

// production is an environment of demo-org/deployed with every setting:
// a wait timer, member-user and the team release as reviewers, self
// review prevented, main and the tags v* only.
func production() common.EnvironmentParameters {
	return common.EnvironmentParameters{
		RepositoryTarget:  common.RepositoryTarget{Repository: ptr.To(envRepo)},
		Name:              "production",
		WaitTimer:         ptr.To[int64](15),
		PreventSelfReview: ptr.To(true),
		Reviewers: []common.EnvironmentReviewer{
			{Type: "User", Login: ptr.To("Member-User")},
			{Type: "Team", TeamSlug: ptr.To("release")},
		},
		DeploymentBranchPolicy: &common.DeploymentBranchPolicy{CustomBranchPolicies: []common.EnvironmentBranchPolicy{
			{Name: "main"}, {Name: "v*", Type: ptr.To("tag")},
		}},
	}
}

// ghEnvironment is an environment as the emulator answers it.
type ghEnvironment struct {
	ID              int64  `json:"id"`
	Name            string `json:"name"`
	ProtectionRules []struct {
		Type              string `json:"type"`
		WaitTimer         *int64 `json:"wait_timer"`
		PreventSelfReview *bool  `json:"prevent_self_review"`
		Reviewers         []struct {
			Type     string `json:"type"`
			Reviewer struct {
				ID    int64  `json:"id"`
				Login string `json:"login"`
				Slug  string `json:"slug"`
			} `json:"reviewer"`
		} `json:"reviewers"`
	} `json:"protection_rules"`
	DeploymentBranchPolicy *struct {
		ProtectedBranches    bool `json:"protected_branches"`
		CustomBranchPolicies bool `json:"custom_branch_policies"`
	} `json:"deployment_branch_policy"`
	CreatedAt time.Time `json:"created_at"`
}

// summary is e as "wait=15 self=true reviewers=[Team/release User/member-user] policy=custom".
func (e ghEnvironment) summary() string {
	wait, self, reviewers := int64(0), false, []string{}
	for _, r := range e.ProtectionRules {
		switch r.Type {
		case "wait_timer":
			wait = ptr.Deref(r.WaitTimer, 0)
		case "required_reviewers":
			self = ptr.Deref(r.PreventSelfReview, false)
			for _, x := range r.Reviewers {
				reviewers = append(reviewers, x.Type+"/"+x.Reviewer.Login+x.Reviewer.Slug)
			}
		}
	}
	slices.Sort(reviewers)
	policy := "all"
	if d := e.DeploymentBranchPolicy; d != nil && d.CustomBranchPolicies {
		policy = "custom"
	} else if d != nil {
		policy = "protected"
	}
	return fmt.Sprintf("wait=%d self=%t reviewers=%v policy=%s", wait, self, reviewers, policy)
}

// productionOnGitHub is production's summary on GitHub.
const productionOnGitHub = "wait=15 self=true reviewers=[Team/release User/member-user] policy=custom"

// ghEnvironmentNamed reads an environment of demo-org/deployed; ok is
// false when there is none of that name.
func (f *fixture) ghEnvironmentNamed(name string) (ghEnvironment, bool) {
	f.t.Helper()
	var out ghEnvironment
	status, b := f.gh(goodToken, http.MethodGet, "/repos/"+envFullName+"/environments/"+name, "")
	if status == http.StatusNotFound {
		return out, false
	}
	if status != http.StatusOK {
		f.t.Fatalf("GET environment %s: %d %s", name, status, b)
	}
	f.must(json.Unmarshal(b, &out))
	return out, true
}

// ghPolicies are the custom policies of an environment of demo-org/deployed,
// as type/name, sorted.
func (f *fixture) ghPolicies(env string) []string {
	f.t.Helper()
	var out struct {
		BranchPolicies []struct {
			Name string `json:"name"`
			Type string `json:"type"`
		} `json:"branch_policies"`
	}
	f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, "/repos/"+envFullName+"/environments/"+env+"/deployment-branch-policies", ""), &out))
	list := []string{}
	for _, p := range out.BranchPolicies {
		list = append(list, p.Type+"/"+p.Name)
	}
	slices.Sort(list)
	return list
}

// environmentWrites counts the emulator's answered writes to the
// environments of demo-org/deployed, whoever sent them.
func (f *fixture) environmentWrites() int {
	n := 0
	for _, r := range f.emu.Requests() {
		if r.Method != http.MethodGet && strings.Contains(r.Path, "/repos/"+envFullName+"/environments") {
			n++
		}
	}
	return n
}

// environmentsQuiet waits a few poll intervals and fails when anyone wrote
// to the environments meanwhile: an environment GitHub accepted must not
// be written again.
func environmentsQuiet(f *fixture, what string) {
	f.t.Helper()
	before := f.environmentWrites()
	time.Sleep(3 * pollInterval)
	if n := f.environmentWrites() - before; n != 0 {
		f.t.Errorf("%s: %d writes to the environments of %s in 3 polls, want none (an update loop)", what, n, envFullName)
	}
}
