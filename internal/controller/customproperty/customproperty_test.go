package customproperty

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
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

// A scope is one of the CustomProperty kinds.
type scope struct {
	name     string
	object   func(m ...mod) Object
	external func(api github.CustomPropertiesAPI, rec event.Recorder) kindtest.Client[Object]
}

func (s scope) ScopeName() string { return s.name }

var in = kind.Organization{Login: "demo-org"}

func scopeOf[T Object](s apis.Scope, newT func(namespace, name string) T) scope {
	return scope{
		name: string(s),
		object: func(m ...mod) Object {
			o := newT("ns", "x")
			o.Parameters().Name = "team"
			o.Parameters().ValueType = "string"
			o.Parameters().Description = ptr.To("Owning team")
			for _, f := range m {
				f(o)
			}
			return o
		},
		external: func(api github.CustomPropertiesAPI, rec event.Recorder) kindtest.Client[Object] {
			return kindtest.Typed[Object, T]{E: &external[T]{api: api, in: in, record: rec}}
		},
	}
}

var scopes = twins.EachCustomProperty(scopeOf, scopeOf)

type mod func(Object)

func withExternalName(n string) mod { return func(o Object) { meta.SetExternalName(o, n) } }
func withLostCreate(t time.Time) mod {
	return func(o Object) {
		meta.SetExternalCreatePending(o, t)
		meta.SetExternalCreateFailed(o, t.Add(time.Second))
	}
}
func deleting() mod { return func(o Object) { now := metav1.Now(); o.SetDeletionTimestamp(&now) } }

var createdAt = time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)

// gh is a fake GitHub holding at most one custom property.
type gh struct {
	has   *github.CustomProperty
	calls []string
}

func (g *gh) api() *fake.MockCustomPropertiesAPI {
	notFound := kindtest.GitHubErr(http.MethodGet, "/orgs/demo-org/properties/schema/x", http.StatusNotFound, "Not Found")
	return &fake.MockCustomPropertiesAPI{
		MockGetCustomProperty: func(_ context.Context, _, name string) (*github.CustomProperty, error) {
			g.calls = append(g.calls, "get")
			if g.has == nil || !strings.EqualFold(g.has.PropertyName, name) {
				return nil, notFound
			}
			return g.has, nil
		},
		MockPutCustomProperty: func(_ context.Context, _, name string, r *github.CustomPropertyRequest) (*github.CustomProperty, error) {
			g.calls = append(g.calls, "put")
			g.has = &github.CustomProperty{PropertyName: name, ValueType: r.ValueType, Description: r.Description, ValuesEditableBy: ptr.To("org_actors")}
			return g.has, nil
		},
		MockDeleteCustomProperty: func(_ context.Context, _, _ string) error {
			g.calls = append(g.calls, "delete")
			g.has = nil
			return nil
		},
	}
}

// existing is a custom property GitHub has, described so.
func existing(description string) *github.CustomProperty {
	return &github.CustomProperty{PropertyName: "team", ValueType: "string", Description: ptr.To(description)}
}

const ext = "team"

func TestObserve(t *testing.T) {
	type want struct {
		o      managed.ExternalObservation
		err    bool
		ext    string
		events []event.Reason
	}
	cases := map[string]struct {
		reason string
		has    *github.CustomProperty
		mg     []mod
		want   want
	}{
		"UpToDate": {
			reason: "GitHub's custom property is as declared.",
			has:    existing("Owning team"), mg: []mod{withExternalName(ext)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: ext},
		},
		"Changed": {
			reason: "A description changed on GitHub is put back.",
			has:    existing("other"), mg: []mod{withExternalName(ext)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "description"}, ext: ext},
		},
		"Gone": {
			reason: "A custom property GitHub no longer has does not exist, and an event says so.",
			mg:     []mod{withExternalName(ext)},
			want:   want{ext: ext, events: []event.Reason{kind.ReasonMissing}},
		},
		"NeverCreated": {
			reason: "Before the create there is nothing.",
		},
		"SomeoneElses": {
			reason: "A custom property this resource did not create is never taken over.",
			has:    existing("Owning team"),
			want:   want{err: true},
		},
		"Recovered": {
			reason: "A lost create's exact result is recovered.",
			has:    existing("Owning team"), mg: []mod{withLostCreate(createdAt.Add(-time.Second))},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true}, ext: ext,
				events: []event.Reason{kind.ReasonRecovered}},
		},
		"LookAlikeAfterALostCreate": {
			reason: "A custom property that differs from what the lost create sent is someone else's.",
			has:    existing("other"), mg: []mod{withLostCreate(createdAt.Add(-time.Second))},
			want: want{err: true},
		},
		"DeletingSomeoneElses": {
			reason: "Someone else's custom property is not ours to delete.",
			has:    existing("Owning team"), mg: []mod{deleting()},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				g := &gh{has: tc.has}
				rec := &kindtest.Recorder{}
				mg := s.object(tc.mg...)
				got, err := s.external(g.api(), rec).Observe(context.Background(), mg)
				if (err != nil) != tc.want.err {
					t.Errorf("\n%s\nObserve(...): error %v, want an error: %t", tc.reason, err, tc.want.err)
				}
				if diff := cmp.Diff(tc.want.o, got); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
				}
				if e := meta.GetExternalName(mg); e != tc.want.ext {
					t.Errorf("\n%s\nexternal name %q, want %q", tc.reason, e, tc.want.ext)
				}
				if diff := cmp.Diff(tc.want.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nevents: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

// Create defines the custom property and names it; an update puts the
// declared definition back; a delete deletes it.
func TestCreateUpdateDelete(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		g := &gh{}
		mg := s.object()
		e := s.external(g.api(), &kindtest.Recorder{})
		if _, err := e.Create(context.Background(), mg); err != nil {
			t.Fatalf("Create(...): %v", err)
		}
		if got := meta.GetExternalName(mg); got != ext {
			t.Errorf("external name %q, want %q", got, ext)
		}
		g.has.Description = ptr.To("other")
		if o, err := e.Observe(context.Background(), mg); err != nil || o.ResourceUpToDate {
			t.Fatalf("Observe(...): %+v, %v: want drift", o, err)
		}
		if _, err := e.Update(context.Background(), mg); err != nil {
			t.Fatalf("Update(...): %v", err)
		}
		if got := ptr.Deref(g.has.Description, ""); got != "Owning team" {
			t.Errorf("description after the update %q, want the declared one", got)
		}
		if diff := cmp.Diff([]string{"put", "get", "put"}, g.calls); diff != "" {
			t.Errorf("calls to GitHub: -want, +got:\n%s", diff)
		}
		if _, err := e.Delete(context.Background(), mg); err != nil || g.has != nil {
			t.Errorf("Delete(...): %v; GitHub has %+v, want nothing", err, g.has)
		}
	})
}

// Create, Update and Delete say what they attempted when GitHub refuses,
// and Update and Delete work only from what Observe found.
func TestWriteErrors(t *testing.T) {
	refused := kindtest.GitHubErr(http.MethodPut, "/orgs/demo-org/properties/schema/team", http.StatusUnprocessableEntity, "Validation Failed")
	missing := kindtest.GitHubErr(http.MethodPut, "/orgs/demo-org/properties/schema/team", http.StatusNotFound, "Not Found")
	gone := kindtest.GitHubErr(http.MethodDelete, "/orgs/demo-org/properties/schema/team", http.StatusNotFound, "Not Found")
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		put := func(err error) *fake.MockCustomPropertiesAPI {
			return &fake.MockCustomPropertiesAPI{
				MockPutCustomProperty: func(context.Context, string, string, *github.CustomPropertyRequest) (*github.CustomProperty, error) {
					return nil, err
				},
				MockDeleteCustomProperty: func(context.Context, string, string) error { return gone },
			}
		}
		e := s.external(put(refused), &kindtest.Recorder{})
		if _, err := e.Create(context.Background(), s.object()); err == nil || !strings.Contains(err.Error(), `cannot create custom property "team" of organization demo-org`) {
			t.Errorf("Create(...) refused: %v, want it to name the property and organization", err)
		}
		e = s.external(put(missing), &kindtest.Recorder{})
		if _, err := e.Create(context.Background(), s.object()); err == nil || !strings.Contains(err.Error(), "cannot find organization demo-org, or the credentials may not define its custom properties") {
			t.Errorf("Create(...) on a 404: %v, want it to say what a 404 means", err)
		}
		if _, err := e.Update(context.Background(), s.object()); err == nil || !strings.Contains(err.Error(), "not observed first") {
			t.Errorf("Update(...) without Observe: %v", err)
		}
		if _, err := e.Delete(context.Background(), s.object()); err == nil || !strings.Contains(err.Error(), "not observed first") {
			t.Errorf("Delete(...) without Observe: %v", err)
		}
		g := &gh{has: existing("Owning team")}
		mg := s.object(withExternalName(ext))
		api := g.api()
		api.MockDeleteCustomProperty = func(context.Context, string, string) error { return gone }
		e = s.external(api, &kindtest.Recorder{})
		if _, err := e.Observe(context.Background(), mg); err != nil {
			t.Fatalf("Observe(...): %v", err)
		}
		if _, err := e.Delete(context.Background(), mg); err != nil {
			t.Errorf("Delete(...) of a property already gone: %v, want none", err)
		}
	})
}
