package teamrepository

import (
	"context"
	"net/http"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	kfake "sigs.k8s.io/controller-runtime/pkg/client/fake"

	"github.com/crossplane-github/provider-github/apis"
	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	teamrepo "github.com/crossplane-github/provider-github/internal/clients/teamrepository"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// mockAPI is githubAPI made of the fakes of its areas, whose methods it
// promotes. A call to a method whose function field is nil panics, so a
// test states every call it expects.
type mockAPI struct {
	fake.MockTeamReposAPI
	fake.MockReposAPI
}

var _ githubAPI = (*mockAPI)(nil)

// ext is external[T] taking any Object, so that one table of cases runs in
// both scopes; an Object of the other scope panics.
type ext interface {
	kindtest.Client[Object]
	// target is the permission the spec names, as connect found it.
	target() teamrepo.Grant
}

// typed is e as an ext.
type typed[T Object] struct {
	kindtest.Typed[Object, T]
	e *external[T]
}

func (c typed[T]) target() teamrepo.Grant { return c.e.target() }

// A scope is one of the TeamRepository kinds that share external[T], with
// the Team and Repository kinds of the same scope.
type scope struct {
	name string
	// ns is the namespace of the scope's resources, "" for the cluster.
	ns string
	// object builds a TeamRepository of this scope.
	object func(m ...mod) Object
	// connect is newExternal of this scope's kind.
	connect func(ctx context.Context, mg Object, c kind.Connection, api githubAPI) (ext, error)
	// external is an external client that found repo and team.
	external func(api githubAPI, repo kind.Repository, team kind.Team, rec event.Recorder) ext
	// team is a Team resource of this scope in namespace ns with the status o.
	team func(ns, name string, o orgcommon.TeamObservation) client.Object
	// repository is a Repository resource of this scope in namespace ns
	// reporting the full name.
	repository func(ns, name, fullName string) client.Object
}

func (s scope) ScopeName() string { return s.name }

func scopeOf[T Object](s apis.Scope, newT func(namespace, name string) T) scope {
	ns := newT("ns", "grant").GetNamespace()
	// in places a resource of this scope called name in namespace, when
	// the scope has one.
	in := func(mg client.Object, namespace, name string) {
		mg.SetName(name)
		if ns != "" {
			mg.SetNamespace(namespace)
		}
	}
	return scope{
		name: string(s),
		ns:   ns,
		object: func(m ...mod) Object {
			o := newT(ns, "grant")
			for _, f := range m {
				f(o)
			}
			return o
		},
		connect: func(ctx context.Context, mg Object, c kind.Connection, api githubAPI) (ext, error) {
			e, err := newExternal(ctx, mg.(T), c, api)
			if err != nil {
				return nil, err
			}
			return typed[T]{kindtest.Typed[Object, T]{E: e}, e}, nil
		},
		external: func(api githubAPI, repo kind.Repository, team kind.Team, rec event.Recorder) ext {
			e := &external[T]{api: api, repo: repo, team: team, record: rec}
			return typed[T]{kindtest.Typed[Object, T]{E: e}, e}
		},
		team: func(namespace, name string, o orgcommon.TeamObservation) client.Object {
			t := twins.Team.In(s)
			in(t, namespace, name)
			*t.Observation() = o
			return t
		},
		repository: func(namespace, name, fullName string) client.Object {
			r := twins.Repository.In(s)
			in(r, namespace, name)
			r.Observation().FullName = ptr.To(fullName)
			return r
		},
	}
}

var scopes = twins.EachTeamRepository(scopeOf, scopeOf)

// A mod changes a TeamRepository of either scope.
type mod func(Object)

func withParams(fn func(*common.TeamRepositoryParameters)) mod {
	return func(o Object) { fn(o.Parameters()) }
}
func withSlug(s string) mod {
	return withParams(func(p *common.TeamRepositoryParameters) { p.TeamSlug = ptr.To(s) })
}
func withTeamRef(n string) mod {
	return withParams(func(p *common.TeamRepositoryParameters) { p.TeamRef = &xpv2.Reference{Name: n} })
}
func withRepo(n string) mod {
	return withParams(func(p *common.TeamRepositoryParameters) { p.Repository = ptr.To(n) })
}
func withRepoRef(n string) mod {
	return withParams(func(p *common.TeamRepositoryParameters) { p.RepositoryRef = &xpv2.Reference{Name: n} })
}
func withPermission(s string) mod {
	return withParams(func(p *common.TeamRepositoryParameters) { p.Permission = ptr.To(s) })
}
func withExternalName(n string) mod { return func(o Object) { meta.SetExternalName(o, n) } }
func withObserved(fullName string, id int64) mod {
	return func(o Object) {
		o.Observation().Repository = ptr.To(fullName)
		o.Observation().RepositoryID = ptr.To(id)
	}
}
func deleting() mod {
	return func(o Object) { now := metav1.Now(); o.SetDeletionTimestamp(&now) }
}

// kubeWith is a fake Kubernetes client holding objs.
func kubeWith(t *testing.T, objs ...client.Object) client.Client {
	t.Helper()
	s := runtime.NewScheme()
	if err := apis.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	return kfake.NewClientBuilder().WithScheme(s).WithObjects(objs...).Build()
}

// ghErr is what the client returns when GitHub answers status to a request
// for path.
func ghErr(method, path string, status int) error {
	return kindtest.GitHubErr(method, path, status, http.StatusText(status))
}

// The usual target of the tests: team platform of acme, on acme/api.
var (
	repoAPI      = kind.Repository{Owner: "acme", Name: "api"}
	teamPlatform = kind.Team{Organization: "acme", Slug: "platform"}
	grantPath    = "/orgs/acme/teams/platform/repos/acme/api"
)

// teamRepo is GitHub's answer for acme/api with the role.
func teamRepo(role string) *github.TeamRepo {
	return &github.TeamRepo{ID: 42, Name: "api", FullName: "acme/api", Owner: github.Account{Login: "acme", Type: "Organization"}, RoleName: role}
}
