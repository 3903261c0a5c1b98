package collaborator

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

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
	fake.MockCollaboratorsAPI
	fake.MockInvitationsAPI
	fake.MockUsersAPI
}

var _ githubAPI = (*mockAPI)(nil)

// A scope is one of the Collaborator kinds that share external[T]. It
// builds a Collaborator of its kind, and an external client for that kind
// taking any Object, so that one table of cases runs in both scopes.
type scope struct {
	name         string
	collaborator func(m ...mod) Object
	external     func(api githubAPI, rec event.Recorder, found ...func(*found)) client
	// connect is connect of this scope's kind; it returns the repository
	// the external client was made for.
	connect func(mg Object, c kind.Connection) (kind.Repository, error)
}

func (s scope) ScopeName() string { return s.name }

// found is what Observe left for Create, Update and Delete.
type found struct {
	invitation *github.Invitation
	direct     bool
	reinvite   string
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

func (c typed[T]) found() found {
	return found{invitation: c.e.invitation, direct: c.e.direct, reinvite: c.e.reinvite}
}

// repo is the repository of every case: demo-org/app.
var repo = kind.Repository{Owner: "demo-org", Name: "app"}

func scopeOf[T Object](s apis.Scope, newT func(namespace, name string) T) scope {
	return scope{
		name: string(s),
		collaborator: func(m ...mod) Object {
			c := newT("ns", "c")
			c.Parameters().Username = "other-user"
			c.Parameters().Repository = &repo.Name
			for _, f := range m {
				f(c)
			}
			return c
		},
		external: func(api githubAPI, rec event.Recorder, fs ...func(*found)) client {
			var f found
			for _, fn := range fs {
				fn(&f)
			}
			e := &external[T]{api: api, repo: repo, record: rec, invitation: f.invitation, direct: f.direct, reinvite: f.reinvite}
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

var scopes = twins.EachCollaborator(scopeOf, scopeOf)

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
	return kindtest.GitHubErr(method, path, status, http.StatusText(status))
}

func fmtID(id int64) string { return strconv.FormatInt(id, 10) }
