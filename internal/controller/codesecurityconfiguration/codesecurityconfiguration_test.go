package codesecurityconfiguration

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/crossplane-github/provider-github/apis"
	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
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
			p := o.Parameters()
			p.Name, p.Description = "bug", "Something is wrong"
			p.AdvancedSecurity, p.DependencyGraph, p.DependencyGraphAutosubmitAction = "disabled", "enabled", "disabled"
			p.DependabotAlerts, p.DependabotSecurityUpdates, p.CodeScanningDefaultSetup = "disabled", "disabled", "disabled"
			p.CodeScanningDelegatedAlertDismissal, p.SecretScanning, p.SecretScanningPushProtection = "not_set", "enabled", "disabled"
			p.SecretScanningDelegatedBypass, p.SecretScanningValidityChecks, p.SecretScanningNonProviderPatterns = "disabled", "disabled", "disabled"
			p.SecretScanningGenericSecrets, p.SecretScanningDelegatedAlertDismissal, p.PrivateVulnerabilityReporting = "disabled", "disabled", "disabled"
			p.Enforcement, p.DefaultForNewRepos = "enforced", "none"
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

// gh is a fake GitHub holding at most one configuration, the new
// repositories it is the default for and its attached repositories.
type gh struct {
	has        *github.CodeSecurityConfiguration
	defaultFor string
	attached   []github.CodeSecurityAttachment
	calls      []string
}

// attachment is repository id attached with status.
func attachment(id int64, status string) github.CodeSecurityAttachment {
	a := github.CodeSecurityAttachment{Status: status}
	a.Repository.ID, a.Repository.Name = id, fmt.Sprintf("repo-%d", id)
	return a
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
			g.has = &github.CodeSecurityConfiguration{ID: 7, Name: r.Name, TargetType: "organization", CodeSecurityFeatures: r.CodeSecurityFeatures, CreatedAt: &createdAt}
			return g.has, nil
		},
		MockUpdateCodeSecurityConfiguration: func(_ context.Context, _ string, id int64, r *github.CodeSecurityConfigurationRequest) (*github.CodeSecurityConfiguration, error) {
			g.calls = append(g.calls, "update")
			g.has.Name, g.has.CodeSecurityFeatures = r.Name, r.CodeSecurityFeatures
			return g.has, nil
		},
		MockDeleteCodeSecurityConfiguration: func(_ context.Context, _ string, id int64) error {
			g.calls = append(g.calls, "delete")
			g.has = nil
			return nil
		},
		MockListCodeSecurityDefaults: func(context.Context, string) ([]github.CodeSecurityDefault, error) {
			if g.has == nil || g.defaultFor == "" || g.defaultFor == "none" {
				return nil, nil
			}
			return []github.CodeSecurityDefault{{DefaultForNewRepos: g.defaultFor, Configuration: g.has}}, nil
		},
		MockSetCodeSecurityDefault: func(_ context.Context, _ string, _ int64, d string) error {
			g.calls = append(g.calls, "default "+d)
			g.defaultFor = d
			return nil
		},
		MockAttachCodeSecurityConfiguration: func(_ context.Context, _ string, _ int64, scope string, ids []int64) error {
			g.calls = append(g.calls, fmt.Sprintf("attach %s %v", scope, ids))
			for _, id := range ids {
				g.attached = append(g.attached, attachment(id, "attaching"))
			}
			return nil
		},
		MockListCodeSecurityAttachments: func(context.Context, string, int64) ([]github.CodeSecurityAttachment, error) {
			return g.attached, nil
		},
		MockDetachCodeSecurityConfigurations: func(_ context.Context, _ string, ids []int64) error {
			g.calls = append(g.calls, fmt.Sprintf("detach %v", ids))
			var kept []github.CodeSecurityAttachment
			for _, a := range g.attached {
				if !slices.Contains(ids, a.Repository.ID) {
					kept = append(kept, a)
				}
			}
			g.attached = kept
			return nil
		},
	}
}

// existing is a configuration GitHub has, made at made, described so.
func existing(made time.Time, description string) *github.CodeSecurityConfiguration {
	return &github.CodeSecurityConfiguration{ID: 7, Name: "bug", TargetType: "organization", CreatedAt: &made, CodeSecurityFeatures: github.CodeSecurityFeatures{
		Description: description, AdvancedSecurity: "disabled", DependencyGraph: "enabled", DependencyGraphAutosubmitAction: "disabled",
		DependabotAlerts: "disabled", DependabotSecurityUpdates: "disabled", CodeScanningDefaultSetup: "disabled", CodeScanningDelegatedAlertDismissal: "not_set",
		SecretScanning: "enabled", SecretScanningPushProtection: "disabled", SecretScanningDelegatedBypass: "disabled", SecretScanningValidityChecks: "disabled",
		SecretScanningNonProviderPatterns: "disabled", SecretScanningGenericSecrets: "disabled", SecretScanningDelegatedAlertDismissal: "disabled",
		PrivateVulnerabilityReporting: "disabled", Enforcement: "enforced"}}
}

const ext = "7"

// builtIn is GitHub's global configuration, otherwise as declared.
func builtIn(made time.Time) *github.CodeSecurityConfiguration {
	c := existing(made, "Something is wrong")
	c.ID, c.TargetType = 17, "global"
	return c
}

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
		"GitHubsOwnNotRecovered": {
			reason: "GitHub's built-in configuration of the declared name is never taken for a lost create's result.",
			has:    builtIn(createdAt), mg: []mod{withLostCreate(createdAt.Add(-time.Second))},
		},
		"GitHubsOwnNamed": {
			reason: "GitHub's built-in configuration named by the external name is refused: nothing can change it.",
			has:    builtIn(createdAt), mg: []mod{withExternalName("17")},
			want: want{err: true, ext: "17"},
		},
		"GitHubsOwnNamedDeleting": {
			reason: "A resource naming GitHub's built-in configuration is deleted without deleting it.",
			has:    builtIn(createdAt), mg: []mod{withExternalName("17"), deleting()},
			want: want{ext: "17"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				g := &gh{has: tc.has}
				rec := &kindtest.Recorder{}
				mg := s.object(tc.mg...)
				got, err := s.external(g.api(), rec).Observe(context.Background(), mg)
				for _, c := range g.calls {
					if c != "list" && c != "get" {
						t.Errorf("\n%s\nObserve(...) wrote: %v", tc.reason, g.calls)
					}
				}
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
		g.has.Description = "other"
		if o, err := e.Observe(context.Background(), mg); err != nil || o.ResourceUpToDate {
			t.Fatalf("Observe(...): %+v, %v: want drift", o, err)
		}
		if _, err := e.Update(context.Background(), mg); err != nil {
			t.Fatalf("Update(...): %v", err)
		}
		if got := g.has.Description; got != "Something is wrong" {
			t.Errorf("description after the update %q, want the declared one", got)
		}
		if _, err := e.Delete(context.Background(), mg); err != nil || g.has != nil {
			t.Errorf("Delete(...): %v; GitHub has %+v, want nothing", err, g.has)
		}
	})
}

// The default for new repositories and the selected repositories are put
// in place by updates; GitHub's attaching reads Ready=False, then Ready; a
// repository attached but not selected is detached.
func TestDefaultAndAttachment(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		g := &gh{has: existing(createdAt, "Something is wrong"), attached: []github.CodeSecurityAttachment{attachment(9, "attached")}}
		mg := s.object(withExternalName(ext), func(o Object) {
			o.Parameters().DefaultForNewRepos = "public"
			o.Parameters().AttachTo = &common.CodeSecurityAttachment{Scope: "selected", Repositories: []string{"a"}}
		})
		e := &external[Object]{api: g.api(), in: in, record: &kindtest.Recorder{}, selected: []int64{3}}
		o, err := e.Observe(context.Background(), mg)
		if err != nil || o.Diff != "defaultForNewRepos, attachTo" {
			t.Fatalf("Observe(...): %+v, %v: want drift in defaultForNewRepos and attachTo", o, err)
		}
		if _, err := e.Update(context.Background(), mg); err != nil {
			t.Fatalf("Update(...): %v", err)
		}
		if diff := cmp.Diff([]string{"get", "default public", "detach [9]", "attach selected [3]"}, g.calls); diff != "" {
			t.Errorf("calls: -want, +got:\n%s", diff)
		}
		o, err = e.Observe(context.Background(), mg)
		if err != nil || !o.ResourceUpToDate {
			t.Fatalf("Observe(...) after the update: %+v, %v: want up to date", o, err)
		}
		if c := mg.GetCondition(xpv2.TypeReady); c.Reason != ReasonAttaching || c.Status != corev1.ConditionFalse {
			t.Errorf("while GitHub attaches, Ready is %s (%s), want False (%s)", c.Status, c.Reason, ReasonAttaching)
		}
		g.attached[0].Status = "attached"
		if _, err := e.Observe(context.Background(), mg); err != nil {
			t.Fatal(err)
		}
		if c := mg.GetCondition(xpv2.TypeReady); c.Status != corev1.ConditionTrue {
			t.Errorf("once attached, Ready is %s (%s), want True", c.Status, c.Reason)
		}
	})
}
