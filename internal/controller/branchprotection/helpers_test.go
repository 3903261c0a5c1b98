package branchprotection

import (
	"context"
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
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	namespaced "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	cluster "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// A scope is one of the BranchProtection kinds that share external[T]. It
// builds a BranchProtection of its kind, and an external client for that
// kind whose type parameter is hidden behind client, so that one table of
// cases runs in both scopes.
type scope struct {
	name       string
	protection func(m ...mod) Object
	external   func(api github.ProtectedBranchAPI, rec event.Recorder, branch kind.Branch, observed *github.Protection) client
}

// client is external[T] taking any Object; an Object of the other scope panics.
type client interface {
	Observe(ctx context.Context, mg Object) (managed.ExternalObservation, error)
	Create(ctx context.Context, mg Object) (managed.ExternalCreation, error)
	Update(ctx context.Context, mg Object) (managed.ExternalUpdate, error)
	Delete(ctx context.Context, mg Object) (managed.ExternalDelete, error)
	observed() *github.Protection
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

func (c typed[T]) observed() *github.Protection { return c.e.observed }

// repo is the repository of every case: demo-org/app.
var repo = kind.Repository{Owner: "demo-org", Name: "app"}

// now is the time of every case.
var now = time.Date(2026, 6, 7, 8, 9, 10, 0, time.UTC)

func scopeOf[T Object](name string, empty func() T) scope {
	return scope{
		name: name,
		protection: func(m ...mod) Object {
			p := empty()
			p.Parameters().Repository = &repo.Name
			p.Parameters().Branch = ptr.To[common.BranchName]("main")
			for _, f := range m {
				f(p)
			}
			return p
		},
		external: func(api github.ProtectedBranchAPI, rec event.Recorder, branch kind.Branch, observed *github.Protection) client {
			return typed[T]{&external[T]{api: api, repo: repo, branch: branch, record: rec, now: func() time.Time { return now }, observed: observed}}
		},
	}
}

var scopes = []scope{
	scopeOf("Namespaced", func() *namespaced.BranchProtection {
		return &namespaced.BranchProtection{ObjectMeta: metav1.ObjectMeta{Name: "p", Namespace: "ns"}}
	}),
	scopeOf("Cluster", func() *cluster.BranchProtection {
		return &cluster.BranchProtection{ObjectMeta: metav1.ObjectMeta{Name: "p"}}
	}),
}

// runBoth runs fn once per scope, each as a subtest named after the scope.
func runBoth(t *testing.T, fn func(t *testing.T, s scope)) {
	t.Helper()
	for _, s := range scopes {
		t.Run(s.name, func(t *testing.T) { fn(t, s) })
	}
}

// A mod changes a BranchProtection of either scope.
type mod func(Object)

func withExternalName(n string) mod { return func(p Object) { meta.SetExternalName(p, n) } }
func withSpec(fn func(p *common.BranchProtectionParameters)) mod {
	return func(o Object) { fn(o.Parameters()) }
}
func withDropped(d *common.DroppedActors) mod {
	return func(o Object) { o.Observation().DroppedByGitHub = d }
}
func withCreatePending() mod {
	return func(o Object) { meta.SetExternalCreatePending(o, now.Add(-time.Minute)) }
}
func deleting() mod {
	return func(o Object) { t := metav1.Now(); o.SetDeletionTimestamp(&t) }
}

// ghErr is what the client returns when GitHub answers status with msg.
func ghErr(status int, msg string) error {
	return github.Explain(&gogithub.ErrorResponse{
		Response: &http.Response{StatusCode: status, Request: httptest.NewRequest(http.MethodGet, "/repos/demo-org/app/branches/main/protection", nil)},
		Message:  msg,
	})
}

// recorder keeps the events recorded.
type recorder struct{ events []event.Event }

func (r *recorder) Event(_ runtime.Object, e event.Event) { r.events = append(r.events, e) }

func (r *recorder) WithAnnotations(...string) event.Recorder { return r }

func (r *recorder) reasons() []event.Reason {
	var out []event.Reason
	for _, e := range r.events {
		out = append(out, e.Reason)
	}
	return out
}

var (
	on  = &github.Enabled{Enabled: true}
	off = &github.Enabled{}
)

// offAnswer is GitHub's answer for a protection with everything off.
func offAnswer() *github.Protection {
	return &github.Protection{
		EnforceAdmins: off, RequiredLinearHistory: off, AllowForcePushes: off, AllowDeletions: off, BlockCreations: off,
		RequiredConversationResolution: off, LockBranch: off, AllowForkSyncing: off, RequiredSignatures: off,
	}
}

// answer is offAnswer changed by fn.
func answer(fn func(g *github.Protection)) *github.Protection {
	g := offAnswer()
	fn(g)
	return g
}
