package environment

import (
	"context"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// mockAPI is githubAPI made of the fakes of its areas, whose methods it
// promotes. A call to a method whose function field is nil panics, so a
// test states every call it expects.
type mockAPI struct {
	fake.MockEnvironmentsAPI
	fake.MockUsersAPI
	fake.MockTeamsAPI
}

var _ githubAPI = (*mockAPI)(nil)

// A scope is one of the Environment kinds that share external[T].
type scope struct {
	name        string
	environment func(m ...mod) Object
	external    func(api githubAPI, teams teamResolver, rec event.Recorder, f found) client
}

func (s scope) ScopeName() string { return s.name }

// found is what Observe left for Create, Update and Delete.
type found struct {
	observed *github.Environment
	policies []github.BranchPolicy
	refIDs   map[string]int64
}

// client is external[T] taking any Object, with what its Observe found.
type client interface {
	kindtest.Client[Object]
	found() found
}

type typed[T Object] struct {
	kindtest.Typed[Object, T]
	e *external[T]
}

func (c typed[T]) found() found {
	return found{observed: c.e.observed, policies: c.e.policies, refIDs: c.e.refIDs}
}

// repo is the repository of every case: demo-org/app.
var repo = kind.Repository{Owner: "demo-org", Name: "app"}

func scopeOf[T Object](s apis.Scope, newT func(namespace, name string) T) scope {
	return scope{
		name: string(s),
		environment: func(m ...mod) Object {
			r := newT("ns", "e")
			*r.Parameters() = *params()
			for _, f := range m {
				f(r)
			}
			return r
		},
		external: func(api githubAPI, teams teamResolver, rec event.Recorder, f found) client {
			e := &external[T]{api: api, repo: repo, teams: teams, record: rec, observed: f.observed, policies: f.policies, refIDs: f.refIDs, now: func() time.Time { return clock }}
			return typed[T]{kindtest.Typed[Object, T]{E: e}, e}
		},
	}
}

var scopes = twins.EachEnvironment(scopeOf, scopeOf)

// params are the parameters of every case unless changed: production,
// waiting 30 minutes, reviewed by alice, deployed from main only.
func params() *common.EnvironmentParameters {
	return &common.EnvironmentParameters{
		RepositoryTarget: common.RepositoryTarget{Repository: &repo.Name},
		Name:             "production",
		WaitTimer:        ptr.To[int64](30),
		Reviewers:        []common.EnvironmentReviewer{{Type: "User", Login: ptr.To("alice")}},
		DeploymentBranchPolicy: &common.DeploymentBranchPolicy{
			CustomBranchPolicies: []common.EnvironmentBranchPolicy{{Name: "main", Type: ptr.To("branch")}},
		},
	}
}

// A mod changes an Environment of either scope.
type mod func(Object)

func withExternalName(n string) mod { return func(r Object) { meta.SetExternalName(r, n) } }
func withPending(t time.Time) mod   { return func(r Object) { meta.SetExternalCreatePending(r, t) } }
func withFailed(t time.Time) mod    { return func(r Object) { meta.SetExternalCreateFailed(r, t) } }
func withParams(f func(*common.EnvironmentParameters)) mod {
	return func(r Object) { f(r.Parameters()) }
}
func deleting() mod {
	return func(r Object) { now := metav1.Now(); r.SetDeletionTimestamp(&now) }
}

var createdAt = time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)

// clock is the time of every case: an hour after createdAt.
var clock = createdAt.Add(time.Hour)

// answer is params' environment as GitHub answers it.
func answer(mods ...func(*github.Environment)) *github.Environment {
	e := &github.Environment{
		ID: 161088001, NodeID: "EN_x", Name: "production", CreatedAt: &createdAt, UpdatedAt: &createdAt,
		ProtectionRules: []github.EnvironmentRule{
			{ID: 1, Type: "wait_timer", WaitTimer: ptr.To[int64](30)},
			{ID: 2, Type: "required_reviewers", PreventSelfReview: ptr.To(false), Reviewers: []github.EnvironmentReviewer{
				{Type: "User", Reviewer: github.ReviewerIdentity{ID: 101, Login: "alice"}},
			}},
			{ID: 3, Type: "branch_policy"},
		},
		DeploymentBranchPolicy: &github.DeploymentBranchPolicy{CustomBranchPolicies: true},
	}
	for _, m := range mods {
		m(e)
	}
	return e
}

// call is one request the fake GitHub was sent.
type call struct {
	Op   string
	Name string
	Req  any
}

// api builds the fake GitHub of a case from the answers it gives.
type api struct {
	get       *github.Environment
	getErr    error
	policies  []github.BranchPolicy
	listErr   error
	put       *github.Environment // GitHub's answer to a put; the name alone when nil
	putErr    error
	createErr error
	deleteErr error
	accounts  map[string]*github.Account
	teams     map[string]*github.Team
	rules     []github.ProtectionRule
	apps      []github.ProtectionRuleApp
}

func (a api) fake(t *testing.T, calls *[]call) *mockAPI {
	t.Helper()
	check := func(op, owner, repoName string) {
		if owner != repo.Owner || repoName != repo.Name {
			t.Errorf("%s(%s, %s): want demo-org/app", op, owner, repoName)
		}
	}
	notFound := func(path string) error { return kindtest.GitHubErr("GET", path, 404, "Not Found") }
	return &mockAPI{
		MockEnvironmentsAPI: fake.MockEnvironmentsAPI{
			MockGetEnvironment: func(_ context.Context, owner, repoName, name string) (*github.Environment, error) {
				check("GetEnvironment", owner, repoName)
				*calls = append(*calls, call{Op: "get", Name: name})
				return a.get, a.getErr
			},
			MockPutEnvironment: func(_ context.Context, owner, repoName, name string, r *github.EnvironmentRequest) (*github.Environment, error) {
				check("PutEnvironment", owner, repoName)
				*calls = append(*calls, call{Op: "put", Name: name, Req: r})
				if a.put != nil {
					return a.put, a.putErr
				}
				return &github.Environment{Name: name}, a.putErr
			},
			MockDeleteEnvironment: func(_ context.Context, owner, repoName, name string) error {
				check("DeleteEnvironment", owner, repoName)
				*calls = append(*calls, call{Op: "delete", Name: name})
				return a.deleteErr
			},
			MockListBranchPolicies: func(_ context.Context, owner, repoName, env string) ([]github.BranchPolicy, error) {
				check("ListBranchPolicies", owner, repoName)
				*calls = append(*calls, call{Op: "list-policies", Name: env})
				return a.policies, a.listErr
			},
			MockCreateBranchPolicy: func(_ context.Context, owner, repoName, env string, p github.BranchPolicy) (*github.BranchPolicy, error) {
				check("CreateBranchPolicy", owner, repoName)
				*calls = append(*calls, call{Op: "create-policy", Name: env, Req: p})
				return &p, a.createErr
			},
			MockDeleteBranchPolicy: func(_ context.Context, owner, repoName, env string, id int64) error {
				check("DeleteBranchPolicy", owner, repoName)
				*calls = append(*calls, call{Op: "delete-policy", Name: env, Req: id})
				return nil
			},
			MockListProtectionRules: func(_ context.Context, owner, repoName, env string) ([]github.ProtectionRule, error) {
				check("ListProtectionRules", owner, repoName)
				*calls = append(*calls, call{Op: "list-rules", Name: env})
				return a.rules, nil
			},
			MockListProtectionRuleApps: func(_ context.Context, owner, repoName, env string) ([]github.ProtectionRuleApp, error) {
				check("ListProtectionRuleApps", owner, repoName)
				*calls = append(*calls, call{Op: "list-apps", Name: env})
				return a.apps, nil
			},
			MockCreateProtectionRule: func(_ context.Context, owner, repoName, env string, id int64) (*github.ProtectionRule, error) {
				check("CreateProtectionRule", owner, repoName)
				*calls = append(*calls, call{Op: "create-rule", Name: env, Req: id})
				return &github.ProtectionRule{ID: 1, Enabled: true}, nil
			},
			MockDeleteProtectionRule: func(_ context.Context, owner, repoName, env string, id int64) error {
				check("DeleteProtectionRule", owner, repoName)
				*calls = append(*calls, call{Op: "delete-rule", Name: env, Req: id})
				return nil
			},
		},
		MockUsersAPI: fake.MockUsersAPI{
			MockGetAccount: func(_ context.Context, login string) (*github.Account, error) {
				*calls = append(*calls, call{Op: "get-user", Name: login})
				if u := a.accounts[login]; u != nil {
					return u, nil
				}
				return nil, notFound("/users/" + login)
			},
		},
		MockTeamsAPI: fake.MockTeamsAPI{
			MockGetTeam: func(_ context.Context, org, slug string) (*github.Team, error) {
				*calls = append(*calls, call{Op: "get-team", Name: org + "/" + slug})
				if tm := a.teams[slug]; tm != nil {
					return tm, nil
				}
				return nil, notFound("/orgs/" + org + "/teams/" + slug)
			},
		},
	}
}

// teamsOf resolves Team resources from a map by name; others do not exist.
func teamsOf(known map[string]kind.Team, err error) teamResolver {
	return func(_ context.Context, _ resource.Managed, field, name string) (kind.Team, error) {
		if err != nil {
			return kind.Team{}, err
		}
		return known[name], nil
	}
}
