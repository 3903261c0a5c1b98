package collaborator

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
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

// A scope is one of the Collaborator kinds that share external[T]. It
// builds a Collaborator of its kind, and an external client for that kind
// whose type parameter is hidden behind client, so that one table of cases
// runs in both scopes.
type scope struct {
	name         string
	collaborator func(m ...mod) Object
	external     func(api github.RepositoryAccessAPI, rec event.Recorder, found ...func(*found)) client
}

// found is what Observe left for Create, Update and Delete.
type found struct {
	invitation *github.Invitation
	direct     bool
	reinvite   string
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

func (c typed[T]) found() found {
	return found{invitation: c.e.invitation, direct: c.e.direct, reinvite: c.e.reinvite}
}

// repo is the repository of every case: demo-org/app.
var repo = kind.Repository{Owner: "demo-org", Name: "app"}

func scopeOf[T Object](name string, empty func() T) scope {
	return scope{
		name: name,
		collaborator: func(m ...mod) Object {
			c := empty()
			c.Parameters().Username = "other-user"
			c.Parameters().Repository = &repo.Name
			for _, f := range m {
				f(c)
			}
			return c
		},
		external: func(api github.RepositoryAccessAPI, rec event.Recorder, fs ...func(*found)) client {
			var f found
			for _, fn := range fs {
				fn(&f)
			}
			return typed[T]{&external[T]{api: api, repo: repo, record: rec, invitation: f.invitation, direct: f.direct, reinvite: f.reinvite}}
		},
	}
}

var scopes = []scope{
	scopeOf("Namespaced", func() *namespaced.Collaborator {
		return &namespaced.Collaborator{ObjectMeta: metav1.ObjectMeta{Name: "c", Namespace: "ns"}}
	}),
	scopeOf("Cluster", func() *cluster.Collaborator {
		return &cluster.Collaborator{ObjectMeta: metav1.ObjectMeta{Name: "c"}}
	}),
}

// runBoth runs fn once per scope, each as a subtest named after the scope.
func runBoth(t *testing.T, fn func(t *testing.T, s scope)) {
	t.Helper()
	for _, s := range scopes {
		t.Run(s.name, func(t *testing.T) { fn(t, s) })
	}
}

// A mod changes a Collaborator of either scope.
type mod func(Object)

func withExternalName(n string) mod { return func(c Object) { meta.SetExternalName(c, n) } }
func withUser(u string) mod         { return func(c Object) { c.Parameters().Username = u } }
func withPermission(p string) mod   { return func(c Object) { c.Parameters().Permission = &p } }
func withObservation(o common.CollaboratorObservation) mod {
	return func(c Object) { *c.Observation() = o }
}
func deleting() mod {
	return func(c Object) { now := metav1.Now(); c.SetDeletionTimestamp(&now) }
}

var sentAt = time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)

func invitation(id int64, permissions string, expired bool) *github.Invitation {
	return &github.Invitation{ID: id, Invitee: &github.Account{Login: "other-user"}, Permissions: permissions, CreatedAt: sentAt, Expired: expired,
		HTMLURL: "https://github.com/demo-org/app/invitations"}
}

func permissionAnswer(login, role, coarse string) *github.CollaboratorPermission {
	return &github.CollaboratorPermission{Permission: coarse, RoleName: role, User: github.Collaborator{Login: login}}
}

// ghErrOn is what the client returns when GitHub answers status to a request.
func ghErrOn(method, path string, status int) error {
	return github.Explain(&gogithub.ErrorResponse{
		Response: &http.Response{StatusCode: status, Request: httptest.NewRequest(method, path, nil)},
		Message:  http.StatusText(status),
	})
}

// recorder keeps the events recorded.
type recorder struct{ events []event.Event }

func (r *recorder) Event(_ runtime.Object, e event.Event) { r.events = append(r.events, e) }

func (r *recorder) WithAnnotations(...string) event.Recorder { return r }

func fmtID(id int64) string { return strconv.FormatInt(id, 10) }

// connectAny is connect for mg's scope; it returns the repository the
// external client was made for.
func connectAny(mg Object, c kind.Connection) (kind.Repository, error) {
	switch o := mg.(type) {
	case *namespaced.Collaborator:
		ext, err := connect(context.Background(), o, c)
		if err != nil {
			return kind.Repository{}, err
		}
		return ext.(*external[*namespaced.Collaborator]).repo, nil
	case *cluster.Collaborator:
		ext, err := connect(context.Background(), o, c)
		if err != nil {
			return kind.Repository{}, err
		}
		return ext.(*external[*cluster.Collaborator]).repo, nil
	}
	return kind.Repository{}, fmt.Errorf("%T is no Collaborator", mg)
}
