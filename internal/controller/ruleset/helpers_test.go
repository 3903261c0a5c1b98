package ruleset

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	gogithub "github.com/google/go-github/v37/github"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	namespaced "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	cluster "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// A scope is one of the Ruleset kinds that share external[T]. It builds a
// Ruleset of its kind, and an external client for that kind whose type
// parameter is hidden behind client, so that one table of cases runs in
// both scopes.
type scope struct {
	name     string
	ruleset  func(m ...mod) Object
	external func(api github.RulesetsAPI, rec event.Recorder, f found) client
}

// found is what Observe left for Create, Update and Delete.
type found struct {
	observed *github.Ruleset
	listed   []github.Ruleset
}

// client is external[T] taking any Object; an Object of the other scope panics.
type client interface {
	Observe(ctx context.Context, mg Object) (managed.ExternalObservation, error)
	Create(ctx context.Context, mg Object) (managed.ExternalCreation, error)
	Update(ctx context.Context, mg Object) (managed.ExternalUpdate, error)
	Delete(ctx context.Context, mg Object) (managed.ExternalDelete, error)
	found() found
}

type typed[T Object] struct{ e *external[T] }

func (c typed[T]) Observe(ctx context.Context, mg Object) (managed.ExternalObservation, error) {
	return c.e.Observe(ctx, mg.(T))
}

func (c typed[T]) Create(ctx context.Context, mg Object) (managed.ExternalCreation, error) {
	return c.e.Create(ctx, mg.(T))
}

func (c typed[T]) Update(ctx context.Context, mg Object) (managed.ExternalUpdate, error) {
	return c.e.Update(ctx, mg.(T))
}

func (c typed[T]) Delete(ctx context.Context, mg Object) (managed.ExternalDelete, error) {
	return c.e.Delete(ctx, mg.(T))
}

func (c typed[T]) found() found { return found{observed: c.e.observed, listed: c.e.listed} }

// repo is the repository of every case: demo-org/app.
var repo = kind.Repository{Owner: "demo-org", Name: "app"}

func scopeOf[T Object](name string, empty func() T) scope {
	return scope{
		name: name,
		ruleset: func(m ...mod) Object {
			r := empty()
			*r.Parameters() = *params()
			for _, f := range m {
				f(r)
			}
			return r
		},
		external: func(api github.RulesetsAPI, rec event.Recorder, f found) client {
			return typed[T]{&external[T]{api: api, repo: repo, record: rec, observed: f.observed, listed: f.listed}}
		},
	}
}

var scopes = []scope{
	scopeOf("Namespaced", func() *namespaced.Ruleset {
		return &namespaced.Ruleset{ObjectMeta: metav1.ObjectMeta{Name: "r", Namespace: "ns"}}
	}),
	scopeOf("Cluster", func() *cluster.Ruleset {
		return &cluster.Ruleset{ObjectMeta: metav1.ObjectMeta{Name: "r"}}
	}),
}

// runBoth runs fn once per scope, each as a subtest named after the scope.
func runBoth(t *testing.T, fn func(t *testing.T, s scope)) {
	t.Helper()
	for _, s := range scopes {
		t.Run(s.name, func(t *testing.T) { fn(t, s) })
	}
}

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
	e := &gogithub.ErrorResponse{
		Response: &http.Response{StatusCode: status, Request: httptest.NewRequest(method, path, nil)},
		Message:  message,
	}
	for _, s := range errs {
		e.Errors = append(e.Errors, gogithub.Error{Message: s})
	}
	return github.Explain(e)
}

// recorder keeps the events recorded.
type recorder struct{ events []event.Event }

func (r *recorder) Event(_ runtime.Object, e event.Event) { r.events = append(r.events, e) }

func (r *recorder) WithAnnotations(...string) event.Recorder { return r }

// connectAny is connect for mg's scope; it returns the repository the
// external client was made for.
func connectAny(mg Object, c kind.Connection) (kind.Repository, error) {
	switch o := mg.(type) {
	case *namespaced.Ruleset:
		ext, err := connect(context.Background(), o, c)
		if err != nil {
			return kind.Repository{}, err
		}
		return ext.(*external[*namespaced.Ruleset]).repo, nil
	case *cluster.Ruleset:
		ext, err := connect(context.Background(), o, c)
		if err != nil {
			return kind.Repository{}, err
		}
		return ext.(*external[*cluster.Ruleset]).repo, nil
	}
	return kind.Repository{}, fmt.Errorf("%T is no Ruleset", mg)
}
