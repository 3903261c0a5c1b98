package environment

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	gogithub "github.com/google/go-github/v37/github"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/convergetest"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// FuzzEnvironmentConverges puts the environment a spec declares (JSON of
// EnvironmentParameters) through our client on the emulator, as the
// controller does (reviewers resolved to ids, then the custom policies
// synced), and requires that it reads back without drift, after one more
// update at most; then updates it to a second spec and requires the same.
// GitHub refusing a spec the CRD admits (422), or a reviewer that does not
// exist (404), is an acceptable end, when our client words it.
func FuzzEnvironmentConverges(f *testing.F) {
	full := `{"name":"production","waitTimer":30,"preventSelfReview":true,` +
		`"reviewers":[{"type":"User","login":"fuzz-member"},{"type":"Team","teamSlug":"fuzzers"}],` +
		`"deploymentBranchPolicy":{"customBranchPolicies":[{"name":"release/*"},{"name":"v*","type":"tag"}]}}`
	f.Add(full, `{"name":"production"}`)
	f.Add(`{"name":"x"}`, full) // minimal, then everything
	f.Add(`{"name":"Prod ☃ / EU","deploymentBranchPolicy":{"protectedBranches":true}}`, `{"name":"x","waitTimer":43200}`)
	f.Add(`{"name":"`+strings.Repeat("é", 255)+`","waitTimer":0}`, `{"name":"x","reviewers":[{"type":"User","id":1}]}`)
	f.Add(`{"name":"..","reviewers":[{"type":"User","login":"DEMO-USER"},{"type":"User","login":"demo-user"}]}`, `{"name":"x"}`)  // dot segment; one user twice
	f.Add(`{"name":"a/b?c#d%2F","reviewers":[{"type":"User","login":"nobody-here"}]}`, `{"name":"x"}`)                            // path characters; an unknown user
	f.Add(`{"name":" padded ","deploymentBranchPolicy":{"customBranchPolicies":[{"name":"main"},{"name":"main","type":"tag"}]}}`, // a branch and a tag of one name
		`{"name":"x","deploymentBranchPolicy":{"customBranchPolicies":[{"name":"☃*"},{"name":"`+strings.Repeat("b", 255)+`"}]}}`)
	f.Add(`{"name":"x","reviewers":[{"type":"Team","teamRef":{"name":"fuzzers"}},{"type":"User","login":"other-user"}]}`, `{"name":"x","preventSelfReview":false}`)
	f.Add(`{"name":"PRODUCTION","waitTimer":-1}`, `{"name":"x"}`) // refused by the schema
	schema := convergetest.Schema(f, "repo.github.m.crossplane.io_environments.yaml")
	f.Fuzz(func(t *testing.T, spec, nextSpec string) {
		p, next := &common.EnvironmentParameters{}, &common.EnvironmentParameters{}
		if json.Unmarshal([]byte(spec), p) != nil || json.Unmarshal([]byte(nextSpec), next) != nil {
			return
		}
		p.RepositoryTarget = convergetest.Target()
		if p = convergetest.Admit(t, schema, p); p == nil {
			return
		}
		ctx := context.Background()
		gh, _ := convergetest.Start(t)
		c := &envCase{t: t, ctx: ctx, api: github.NewEnvironmentsClient(gh), users: github.NewUsersClient(gh), teams: github.NewTeamsClient(gh)}
		team, err := c.teams.GetTeam(ctx, convergetest.Owner, convergetest.Team)
		if err != nil {
			t.Fatalf("GetTeam(%s): %v", convergetest.Team, err)
		}
		// A reviewer team needs access to the repository, or GitHub leaves
		// it out (see Dropped, tested apart).
		if _, err := gh.Teams.AddTeamRepoBySlug(ctx, convergetest.Owner, convergetest.Team, convergetest.Owner, convergetest.Repo, &gogithub.TeamAddTeamRepoOptions{Permission: "pull"}); err != nil {
			t.Fatalf("give team %s access to the repository: %v", convergetest.Team, err)
		}
		// Every teamRef names the seeded team, as a Ready Team's status would.
		c.refIDs = map[string]int64{}
		for _, s := range []*common.EnvironmentParameters{p, next} {
			for _, r := range s.Reviewers {
				if r.TeamRef != nil {
					c.refIDs[r.TeamRef.Name] = team.ID
				}
			}
		}

		if c.put(p, nil, false) {
			return
		}
		observed := c.converge(p)

		next.RepositoryTarget, next.Name = convergetest.Target(), p.Name
		if next = convergetest.Admit(t, schema, next); next == nil {
			return
		}
		var policies []github.BranchPolicy
		if UsesCustomPolicies(observed) {
			policies = c.policies(observed.Name)
		}
		if c.put(next, policies, true) {
			return
		}
		c.converge(next)
	})
}

type envCase struct {
	t      *testing.T
	ctx    context.Context
	api    *github.EnvironmentsClient
	users  *github.UsersClient
	teams  *github.TeamsClient
	refIDs map[string]int64
}

// reviewerIDs resolves the declared reviewers to ids, as the controller
// does; false when one does not exist (GitHub's 404).
func (c *envCase) reviewerIDs(p *common.EnvironmentParameters) ([]github.ReviewerRequest, bool) {
	c.t.Helper()
	var out []github.ReviewerRequest
	seen := map[github.ReviewerRequest]bool{}
	for _, w := range Reviewers(p, c.refIDs) {
		id := w.ID
		if w.Name != "" {
			var err error
			if w.Type == TypeTeam {
				var team *github.Team
				if team, err = c.teams.GetTeam(c.ctx, convergetest.Owner, w.Name); err == nil {
					id = team.ID
				}
			} else {
				var a *github.Account
				if a, err = c.users.GetAccount(c.ctx, w.Name); err == nil {
					id = a.ID
					if a.Type != TypeUser {
						return nil, false // the controller refuses an organization as a user
					}
				}
			}
			if github.IsNotFound(err) {
				return nil, false
			}
			if err != nil {
				c.t.Fatalf("looking up reviewer %s: %v", w, err)
			}
		}
		r := github.ReviewerRequest{Type: w.Type, ID: id}
		if !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	return out, true
}

// put puts p's settings and syncs its custom policies against have, as
// the controller's Create (update false) and Update do; true when GitHub
// refuses (or a reviewer does not exist).
func (c *envCase) put(p *common.EnvironmentParameters, have []github.BranchPolicy, update bool) bool {
	c.t.Helper()
	reviewers, ok := c.reviewerIDs(p)
	if !ok {
		return true
	}
	got, err := c.api.PutEnvironment(c.ctx, convergetest.Owner, convergetest.Repo, p.Name, Request(p, reviewers))
	// A reviewer named by id may be nobody, or nobody with access.
	byID := false
	for _, r := range p.Reviewers {
		byID = byID || r.ID != nil
	}
	if convergetest.RefusedAsExpected(c.t, "PutEnvironment(...)", err, byID) {
		return true
	}
	if !SameName(got.Name, p.Name) {
		c.t.Fatalf("PutEnvironment(%q) answered environment %q", p.Name, got.Name)
	}
	if !update {
		have = nil
	}
	want := CustomPolicies(p)
	if len(want) == 0 {
		return false
	}
	create, remove := PolicyChanges(want, have)
	for _, n := range create {
		_, err := c.api.CreateBranchPolicy(c.ctx, convergetest.Owner, convergetest.Repo, got.Name, n)
		if convergetest.RefusedAsExpected(c.t, "CreateBranchPolicy(...)", err, false) {
			return true
		}
	}
	for _, r := range remove {
		if err := c.api.DeleteBranchPolicy(c.ctx, convergetest.Owner, convergetest.Repo, got.Name, r.ID); err != nil && !github.IsNotFound(err) {
			c.t.Fatalf("DeleteBranchPolicy(%d): %v", r.ID, err)
		}
	}
	return false
}

func (c *envCase) policies(name string) []github.BranchPolicy {
	c.t.Helper()
	list, err := c.api.ListBranchPolicies(c.ctx, convergetest.Owner, convergetest.Repo, name)
	if err != nil {
		c.t.Fatalf("ListBranchPolicies(%q): %v", name, err)
	}
	return list
}

// observe reads the environment and its custom policies as Observe does,
// and returns them with the drift from p.
func (c *envCase) observe(p *common.EnvironmentParameters) (*github.Environment, []github.BranchPolicy, []string) {
	c.t.Helper()
	got, err := c.api.GetEnvironment(c.ctx, convergetest.Owner, convergetest.Repo, p.Name)
	if err != nil {
		c.t.Fatalf("GetEnvironment(%q) after a put GitHub accepted: %v", p.Name, err)
	}
	var policies []github.BranchPolicy
	if UsesCustomPolicies(got) {
		policies = c.policies(got.Name)
	}
	return got, policies, Drift(p, Reviewers(p, c.refIDs), got, policies)
}

// converge requires no drift from p, after one update at most, and an
// observation that shows p's settings.
func (c *envCase) converge(p *common.EnvironmentParameters) *github.Environment {
	c.t.Helper()
	t := c.t
	got, policies, d := c.observe(p)
	if len(d) > 0 {
		if c.put(p, policies, true) {
			t.Fatalf("drift %v after the put, and GitHub refuses the update", d)
		}
		if got, policies, d = c.observe(p); len(d) > 0 {
			raw, _ := json.Marshal(got)
			t.Fatalf("drift %v after the update: GitHub has %s, policies %+v", d, raw, policies)
		}
	}
	o := Observation(convergetest.Owner+"/"+convergetest.Repo, got, policies)
	wantPolicy := policyAll
	if b := BranchPolicy(p); b != nil && b.ProtectedBranches {
		wantPolicy = policyProtected
	} else if b != nil {
		wantPolicy = policyCustom
	}
	if !SameName(ptr.Deref(o.Name, ""), p.Name) || ptr.Deref(o.WaitTimer, -1) != ptr.Deref(p.WaitTimer, 0) ||
		ptr.Deref(o.DeploymentBranchPolicy, "") != wantPolicy || len(o.BranchPolicies) != len(CustomPolicies(p)) {
		t.Fatalf("Observation(...) = %+v does not show the spec %+v", o, p)
	}
	return got
}
