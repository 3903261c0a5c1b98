package ruleset

import (
	"context"
	"fmt"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	gogithub "github.com/google/go-github/v37/github"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/crossplane-github/provider-github/apis"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// A scope is one of the Ruleset kinds that share external[T]. It builds a
// Ruleset of its kind, and an external client for that kind taking any
// Object, so that one table of cases runs in both scopes.
type scope struct {
	name     string
	ruleset  func(m ...mod) Object
	external func(api github.RulesetsAPI, rec event.Recorder, f found) client
	// connect is connect of this scope's kind; it returns the repository
	// the external client was made for.
	connect func(mg Object, c kind.Connection) (kind.Repository, error)
}

func (s scope) ScopeName() string { return s.name }

// found is what Observe left for Create, Update and Delete.
type found struct {
	observed *github.Ruleset
	listed   []github.Ruleset
}

// client is external[T] taking any Object, with what its Observe found.
type client interface {
	kindtest.Client[Object]
	found() found
}

// typed is e as a client.
type typed[T Object] struct {
	kindtest.Typed[Object, T]
	e *external[T]
}

func (c typed[T]) found() found { return found{observed: c.e.observed, listed: c.e.listed} }

// repo is the repository of every case: demo-org/app.
var repo = kind.Repository{Owner: "demo-org", Name: "app"}

func scopeOf[T Object](s apis.Scope, newT func(namespace, name string) T) scope {
	return scope{
		name: string(s),
		ruleset: func(m ...mod) Object {
			r := newT("ns", "r")
			*r.Parameters() = *params()
			for _, f := range m {
				f(r)
			}
			return r
		},
		external: func(api github.RulesetsAPI, rec event.Recorder, f found) client {
			e := &external[T]{api: api, repo: repo, record: rec, observed: f.observed, listed: f.listed}
			return typed[T]{kindtest.Typed[Object, T]{E: e}, e}
		},
		connect: func(mg Object, c kind.Connection) (kind.Repository, error) {
			e, err := connect(context.Background(), mg.(T), c)
			if err != nil {
				return kind.Repository{}, err
			}
			return e.(*external[T]).repo, nil
		},
	}
}

var scopes = twins.EachRuleset(scopeOf, scopeOf)

// params are the parameters of every case unless changed: a branch
// ruleset on the default branch requiring a pull request and a status
// check, which organization admins may bypass.
func params() *common.RulesetParameters {
	return &common.RulesetParameters{
		RepositoryTarget: common.RepositoryTarget{Repository: &repo.Name},
		Name:             "protect-main", Target: "branch", Enforcement: "active",
		BypassActors: []common.RulesetBypassActor{{ActorType: "OrganizationAdmin", BypassMode: "always"}},
		Conditions:   &common.RulesetConditions{RefName: common.RulesetRefName{Include: []string{"~DEFAULT_BRANCH"}}},
		Rules: &common.RulesetRules{
			PullRequest:          &common.PullRequestRule{RequiredApprovingReviewCount: 1},
			RequiredStatusChecks: &common.RequiredStatusChecksRule{RequiredStatusChecks: []common.RulesetStatusCheck{{Context: "ci"}}},
		},
	}
}

// A mod changes a Ruleset of either scope.
type mod func(Object)

func withExternalName(n string) mod { return func(r Object) { meta.SetExternalName(r, n) } }
func withPending(t time.Time) mod   { return func(r Object) { meta.SetExternalCreatePending(r, t) } }
func deleting() mod {
	return func(r Object) { now := metav1.Now(); r.SetDeletionTimestamp(&now) }
}

var (
	createdAt = time.Date(2026, 5, 1, 12, 0, 0, 250e6, time.FixedZone("", -7*3600))
	updatedAt = createdAt.Add(time.Hour)
)

// answer is params' ruleset as GitHub answers it, with id.
func answer(id int64, mods ...func(*github.Ruleset)) *github.Ruleset {
	r := &github.Ruleset{
		ID: id, Name: "protect-main", Target: "branch", Enforcement: "active", NodeID: "RRS_x", CurrentUserCanBypass: "always",
		BypassActors: []github.RulesetBypassActor{{ActorType: "OrganizationAdmin", BypassMode: "always"}},
		Conditions:   &github.RulesetConditions{RefName: &github.RulesetRefName{Include: []string{"~DEFAULT_BRANCH"}, Exclude: []string{}}},
		Rules: []github.RulesetRule{
			{Type: "pull_request", Parameters: []byte(`{"allowed_merge_methods":["merge","squash","rebase"],"dismiss_stale_reviews_on_push":false,"require_code_owner_review":false,"require_last_push_approval":false,"required_approving_review_count":1,"required_review_thread_resolution":false}`)},
			{Type: "required_status_checks", Parameters: []byte(`{"do_not_enforce_on_create":false,"required_status_checks":[{"context":"ci"}],"strict_required_status_checks_policy":false}`)},
		},
		CreatedAt: &createdAt, UpdatedAt: &updatedAt,
	}
	r.Links.HTML.Href = fmt.Sprintf("https://github.com/demo-org/app/rules/%d", id)
	for _, m := range mods {
		m(r)
	}
	return r
}

// ghErr is what the client returns when GitHub answers status with
// message and, for a 422, the sentences errs.
func ghErr(method, path string, status int, message string, errs ...string) error {
	var details []gogithub.Error
	for _, s := range errs {
		details = append(details, gogithub.Error{Message: s})
	}
	return kindtest.GitHubErr(method, path, status, message, details...)
}
