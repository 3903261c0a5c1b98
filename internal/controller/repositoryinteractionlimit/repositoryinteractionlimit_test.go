package repositoryinteractionlimit

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// A scope is one of the RepositoryInteractionLimit kinds.
type scope struct {
	name     string
	object   func(m ...mod) Object
	external func(api github.RepositoryInteractionLimitAPI) kindtest.Client[Object]
}

func (s scope) ScopeName() string { return s.name }

var in = kind.Repository{Owner: "demo-org", Name: "app"}

// full is the external name of a RepositoryInteractionLimit of in.
var full = in.FullName()

func scopeOf[T Object](s apis.Scope, newT func(namespace, name string) T) scope {
	return scope{
		name: string(s),
		object: func(m ...mod) Object {
			o := newT("ns", "x")
			o.Parameters().Enabled = ptr.To(true)
			for _, f := range m {
				f(o)
			}
			return o
		},
		external: func(api github.RepositoryInteractionLimitAPI) kindtest.Client[Object] {
			return kindtest.Typed[Object, T]{E: &external[T]{api: api, in: in}}
		},
	}
}

var scopes = twins.EachRepositoryInteractionLimit(scopeOf, scopeOf)

type mod func(Object)

func withExternalName(n string) mod { return func(o Object) { meta.SetExternalName(o, n) } }
func undeclared() mod               { return func(o Object) { o.Parameters().Enabled = nil } }
func deleting() mod                 { return func(o Object) { now := metav1.Now(); o.SetDeletionTimestamp(&now) } }

// gh is a fake GitHub: the interaction limit of in, or no repository at all.
type gh struct {
	has   *github.RepositoryInteractionLimit // nil: GitHub has no such repository
	err   error                              // when set, GitHub answers every request with it
	calls []string
}

func (g *gh) api() *fake.MockRepositoryInteractionLimitAPI {
	notFound := kindtest.GitHubErr(http.MethodGet, "/repos/demo-org/app/interaction-limits", http.StatusNotFound, "Not Found")
	answer := func(call string) error {
		g.calls = append(g.calls, call)
		switch {
		case g.err != nil:
			return g.err
		case g.has == nil:
			return notFound
		}
		return nil
	}
	return &fake.MockRepositoryInteractionLimitAPI{
		MockGetRepositoryInteractionLimit: func(context.Context, string, string) (*github.RepositoryInteractionLimit, error) {
			if err := answer("get"); err != nil {
				return nil, err
			}
			got := *g.has
			return &got, nil
		},
		MockPutRepositoryInteractionLimit: func(_ context.Context, _, _ string, r *github.RepositoryInteractionLimitRequest) error {
			if err := answer("put"); err != nil {
				return err
			}
			if r.Enabled != nil {
				g.has.Enabled = *r.Enabled
			}
			return nil
		},
	}
}

func TestObserve(t *testing.T) {
	type want struct {
		o       managed.ExternalObservation
		err     string // a part of the error; none when ""
		ext     string
		enabled *bool // status.atProvider.enabled
		calls   []string
	}
	cases := map[string]struct {
		reason string
		has    *github.RepositoryInteractionLimit
		err    error
		mg     []mod
		want   want
	}{
		"NotWrittenYet": {
			reason: "GitHub's interaction limit is not the resource's until it has written it: it does not exist yet, and GitHub's value is shown.",
			has:    &github.RepositoryInteractionLimit{Enabled: false},
			want:   want{enabled: ptr.To(false), calls: []string{"get"}},
		},
		"UpToDate": {
			reason: "A written interaction limit as declared exists and is up to date.",
			has:    &github.RepositoryInteractionLimit{Enabled: true}, mg: []mod{withExternalName(full)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: full, enabled: ptr.To(true), calls: []string{"get"}},
		},
		"Changed": {
			reason: "A declared field changed on GitHub is put back.",
			has:    &github.RepositoryInteractionLimit{Enabled: false}, mg: []mod{withExternalName(full)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "enabled"}, ext: full, enabled: ptr.To(false), calls: []string{"get"}},
		},
		"Undeclared": {
			reason: "A field left unset is GitHub's to keep.",
			has:    &github.RepositoryInteractionLimit{Enabled: false}, mg: []mod{withExternalName(full), undeclared()},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: full, enabled: ptr.To(false), calls: []string{"get"}},
		},
		"Renamed": {
			reason: "The external name follows the repository under its new name, and is saved at once.",
			has:    &github.RepositoryInteractionLimit{Enabled: true}, mg: []mod{withExternalName("demo-org/before")},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true}, ext: full, enabled: ptr.To(true), calls: []string{"get"}},
		},
		"NoSuchPlace": {
			reason: "GitHub's 404 means the repository is missing, which the error says: the interaction limit is not created.",
			mg:     []mod{withExternalName(full)},
			want:   want{err: "cannot read the interaction limit of repository " + full + ": cannot find repository " + full, ext: full, calls: []string{"get"}},
		},
		"Failed": {
			reason: "Any other error is returned, saying what failed.",
			has:    &github.RepositoryInteractionLimit{}, err: kindtest.GitHubErr(http.MethodGet, "/repos/demo-org/app/interaction-limits", http.StatusBadGateway, "Bad Gateway"),
			want: want{err: "cannot read the interaction limit of repository " + full, calls: []string{"get"}},
		},
		"Deleting": {
			reason: "A resource being deleted leaves the interaction limit as it is: nothing to delete, nothing read.",
			has:    &github.RepositoryInteractionLimit{Enabled: true}, mg: []mod{withExternalName(full), deleting()},
			want: want{ext: full},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				g := &gh{has: tc.has, err: tc.err}
				mg := s.object(tc.mg...)
				got, err := s.external(g.api()).Observe(context.Background(), mg)
				switch {
				case tc.want.err == "" && err != nil:
					t.Errorf("\n%s\nObserve(...): %v, want no error", tc.reason, err)
				case tc.want.err != "" && (err == nil || !strings.Contains(err.Error(), tc.want.err)):
					t.Errorf("\n%s\nObserve(...): error %v, want one holding %q", tc.reason, err, tc.want.err)
				}
				if diff := cmp.Diff(tc.want.o, got); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
				}
				if e := meta.GetExternalName(mg); e != tc.want.ext {
					t.Errorf("\n%s\nexternal name %q, want %q", tc.reason, e, tc.want.ext)
				}
				if diff := cmp.Diff(tc.want.enabled, mg.Observation().Enabled); diff != "" {
					t.Errorf("\n%s\nstatus.atProvider.enabled: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.calls, g.calls); diff != "" {
					t.Errorf("\n%s\nrequests: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

// Create writes the declared fields and names the repository; an update puts
// a changed field back; a delete leaves GitHub's interaction limit as it is.
func TestCreateUpdateDelete(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		g := &gh{has: &github.RepositoryInteractionLimit{Enabled: false}}
		mg := s.object()
		e := s.external(g.api())
		if _, err := e.Create(context.Background(), mg); err != nil {
			t.Fatalf("Create(...): %v", err)
		}
		if got := meta.GetExternalName(mg); got != full {
			t.Errorf("external name %q, want the repository's full name %q", got, full)
		}
		if !g.has.Enabled {
			t.Error("after Create GitHub's interaction limit is not enabled, as declared")
		}
		g.has.Enabled = false
		if o, err := e.Observe(context.Background(), mg); err != nil || !o.ResourceExists || o.ResourceUpToDate {
			t.Fatalf("Observe(...): %+v, %v: want drift", o, err)
		}
		if _, err := e.Update(context.Background(), mg); err != nil {
			t.Fatalf("Update(...): %v", err)
		}
		if !g.has.Enabled {
			t.Error("after Update GitHub's interaction limit is not enabled, as declared")
		}
		deleting()(mg)
		calls := len(g.calls)
		if o, err := e.Observe(context.Background(), mg); err != nil || o.ResourceExists {
			t.Errorf("Observe(...) of a resource being deleted: %+v, %v: want nothing to delete", o, err)
		}
		if _, err := e.Delete(context.Background(), mg); err != nil {
			t.Errorf("Delete(...): %v", err)
		}
		if len(g.calls) != calls || !g.has.Enabled {
			t.Errorf("deleting sent %v and left GitHub's interaction limit %+v: want it left as it is, without a request", g.calls[calls:], g.has)
		}
	})
}

// A create in a repository GitHub does not have says so, and names nothing.
func TestCreateNoSuchPlace(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		mg := s.object()
		_, err := s.external((&gh{}).api()).Create(context.Background(), mg)
		if want := "cannot set the interaction limit of repository " + full + ": cannot find repository " + full; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Create(...): %v, want an error holding %q", err, want)
		}
		if e := meta.GetExternalName(mg); e != "" {
			t.Errorf("external name %q after a failed create, want none", e)
		}
	})
}
