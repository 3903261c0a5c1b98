package codesecurityconfiguration

import (
	"context"
	"net/http"
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

// A scope is one of the CodeSecurityConfiguration kinds.
type scope struct {
	name     string
	object   func(m ...mod) Object
	external func(api github.CodeSecurityConfigurationsAPI, rec event.Recorder) kindtest.Client[Object]
}

func (s scope) ScopeName() string { return s.name }

var in = kind.Organization{Login: "demo-org"}

func scopeOf[T Object](s apis.Scope, newT func(namespace, name string) T) scope {
	return scope{
		name: string(s),
		object: func(m ...mod) Object {
			o := newT("ns", "x")
			o.Parameters().Name = "bug"
			o.Parameters().Description = ptr.To("Something is wrong")
			for _, f := range m {
				f(o)
			}
			return o
		},
		external: func(api github.CodeSecurityConfigurationsAPI, rec event.Recorder) kindtest.Client[Object] {
			return kindtest.Typed[Object, T]{E: &external[T]{api: api, in: in, record: rec}}
		},
	}
}

var scopes = twins.EachCodeSecurityConfiguration(scopeOf, scopeOf)

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

// gh is a fake GitHub holding at most one configuration.
type gh struct {
	has   *github.CodeSecurityConfiguration
	calls []string
}

func (g *gh) api() *fake.MockCodeSecurityConfigurationsAPI {
	notFound := kindtest.GitHubErr(http.MethodGet, "/orgs/demo-org/code-security/configurations/x", http.StatusNotFound, "Not Found")
	return &fake.MockCodeSecurityConfigurationsAPI{
		MockListCodeSecurityConfigurations: func(context.Context, string) ([]github.CodeSecurityConfiguration, error) {
			g.calls = append(g.calls, "list")
			if g.has == nil {
				return nil, nil
			}
			return []github.CodeSecurityConfiguration{*g.has}, nil
		},
		MockGetCodeSecurityConfiguration: func(_ context.Context, _ string, id int64) (*github.CodeSecurityConfiguration, error) {
			g.calls = append(g.calls, "get")
			if g.has == nil || g.has.ID != id {
				return nil, notFound
			}
			return g.has, nil
		},
		MockCreateCodeSecurityConfiguration: func(_ context.Context, _ string, r *github.CodeSecurityConfigurationRequest) (*github.CodeSecurityConfiguration, error) {
			g.calls = append(g.calls, "create")
			g.has = &github.CodeSecurityConfiguration{ID: 7, Name: r.Name, Description: r.Description, CreatedAt: &createdAt}
			return g.has, nil
		},
		MockUpdateCodeSecurityConfiguration: func(_ context.Context, _ string, id int64, r *github.CodeSecurityConfigurationRequest) (*github.CodeSecurityConfiguration, error) {
			g.calls = append(g.calls, "update")
			g.has.Description = r.Description
			return g.has, nil
		},
		MockDeleteCodeSecurityConfiguration: func(_ context.Context, _ string, id int64) error {
			g.calls = append(g.calls, "delete")
			g.has = nil
			return nil
		},
	}
}

// existing is a configuration GitHub has, made at made, described so.
func existing(made time.Time, description string) *github.CodeSecurityConfiguration {
	return &github.CodeSecurityConfiguration{ID: 7, Name: "bug", Description: ptr.To(description), CreatedAt: &made}
}

const ext = "7"

func TestObserve(t *testing.T) {
	type want struct {
		o      managed.ExternalObservation
		err    bool
		ext    string
		events []event.Reason
	}
	cases := map[string]struct {
		reason string
		has    *github.CodeSecurityConfiguration
		mg     []mod
		want   want
	}{
		"UpToDate": {
			reason: "GitHub's configuration is as declared.",
			has:    existing(createdAt, "Something is wrong"), mg: []mod{withExternalName(ext)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: ext},
		},
		"Changed": {
			reason: "A description changed on GitHub is put back.",
			has:    existing(createdAt, "other"), mg: []mod{withExternalName(ext)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "description"}, ext: ext},
		},
		"Gone": {
			reason: "A configuration GitHub no longer has does not exist, and an event says so.",
			mg:     []mod{withExternalName(ext)},
			want:   want{ext: ext, events: []event.Reason{kind.ReasonMissing}},
		},
		"NeverCreated": {
			reason: "Before the create there is nothing.",
		},
		"SomeoneElses": {
			reason: "A configuration this resource did not create is never taken over: without an external name it is not looked for.",
			has:    existing(createdAt, "Something is wrong"),
			want:   want{},
		},
		"Recovered": {
			reason: "A lost create's exact result is recovered.",
			has:    existing(createdAt, "Something is wrong"), mg: []mod{withLostCreate(createdAt.Add(-time.Second))},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true}, ext: ext,
				events: []event.Reason{kind.ReasonRecovered}},
		},
		"LookAlikeAfterALostCreate": {
			reason: "A configuration that differs from what the lost create sent is someone else's.",
			has:    existing(createdAt, "other"), mg: []mod{withLostCreate(createdAt.Add(-time.Second))},
			want: want{},
		},
		"DeletingSomeoneElses": {
			reason: "Someone else's configuration is not ours to delete.",
			has:    existing(createdAt, "Something is wrong"), mg: []mod{deleting()},
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

// Create makes the configuration and names it; an update puts the declared
// description back; a delete deletes it.
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
		if got := ptr.Deref(g.has.Description, ""); got != "Something is wrong" {
			t.Errorf("description after the update %q, want the declared one", got)
		}
		if _, err := e.Delete(context.Background(), mg); err != nil || g.has != nil {
			t.Errorf("Delete(...): %v; GitHub has %+v, want nothing", err, g.has)
		}
	})
}
