package codescanningdefaultsetup

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// A scope is one of the CodeScanningDefaultSetup kinds.
type scope struct {
	name     string
	object   func(m ...mod) Object
	external func(api github.CodeScanningDefaultSetupAPI, claimed error, now time.Time) kindtest.Client[Object]
}

func (s scope) ScopeName() string { return s.name }

var in = kind.Repository{Owner: "demo-org", Name: "app"}

// full is the external name of a CodeScanningDefaultSetup of in.
var full = in.FullName()

// t0 is when the tests' clock starts.
var t0 = time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)

func scopeOf[T Object](s apis.Scope, newT func(namespace, name string) T) scope {
	return scope{
		name: string(s),
		object: func(m ...mod) Object {
			o := newT("ns", "x")
			o.SetGeneration(1)
			o.Parameters().State, o.Parameters().QuerySuite = "configured", ptr.To("extended")
			for _, f := range m {
				f(o)
			}
			return o
		},
		external: func(api github.CodeScanningDefaultSetupAPI, claimed error, now time.Time) kindtest.Client[Object] {
			return kindtest.Typed[Object, T]{E: &external[T]{api: api, in: in, host: "api.github.com",
				claimed: func(context.Context, T) error { return claimed }, now: func() time.Time { return now }}}
		},
	}
}

var scopes = twins.EachCodeScanningDefaultSetup(scopeOf, scopeOf)

type mod func(Object)

func withExternalName(n string) mod { return func(o Object) { meta.SetExternalName(o, n) } }
func deleting() mod                 { return func(o Object) { now := metav1.Now(); o.SetDeletionTimestamp(&now) } }

// running records run 42 of generation gen, sent at since.
func running(gen int64, since time.Time) mod {
	return func(o Object) {
		obs := o.Observation()
		obs.RunID, obs.RunURL = ptr.To(int64(42)), ptr.To("https://api.github.com/repos/demo-org/app/actions/runs/42")
		obs.ConfiguringSince, obs.ConfiguringGeneration = ptr.To(metav1.NewTime(since)), ptr.To(gen)
	}
}

// gh is a fake GitHub: the setup of in, the one a run is applying, or no
// repository at all.
type gh struct {
	has     *github.CodeScanningDefaultSetup // nil: GitHub has no such repository
	pending *github.CodeScanningDefaultSetup // the setup a run applies
	err     error                            // when set, GitHub answers every request with it
	calls   []string
}

func (g *gh) api() *fake.MockCodeScanningDefaultSetupAPI {
	notFound := kindtest.GitHubErr(http.MethodGet, "/repos/demo-org/app/code-scanning/default-setup", http.StatusNotFound, "Not Found")
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
	return &fake.MockCodeScanningDefaultSetupAPI{
		MockGetCodeScanningDefaultSetup: func(context.Context, string, string) (*github.CodeScanningDefaultSetup, error) {
			if err := answer("get"); err != nil {
				return nil, err
			}
			got := *g.has
			return &got, nil
		},
		MockUpdateCodeScanningDefaultSetup: func(_ context.Context, _, _ string, r *github.CodeScanningDefaultSetupRequest) (*github.CodeScanningRun, error) {
			if err := answer("patch " + r.State); err != nil {
				return nil, err
			}
			if r.State == "not-configured" {
				g.has, g.pending = off(), nil
				return &github.CodeScanningRun{}, nil
			}
			next := &github.CodeScanningDefaultSetup{State: r.State, QuerySuite: ptr.Deref(r.QuerySuite, "default"), Languages: []string{"go"}}
			g.pending = next
			return &github.CodeScanningRun{ID: 42, URL: "https://api.github.com/repos/demo-org/app/actions/runs/42"}, nil
		},
	}
}

// apply ends the run: GitHub shows the setup it applied.
func (g *gh) apply() { g.has, g.pending = g.pending, nil }

func off() *github.CodeScanningDefaultSetup {
	return &github.CodeScanningDefaultSetup{State: "not-configured", QuerySuite: "default", Languages: []string{}}
}

func extended() *github.CodeScanningDefaultSetup {
	return &github.CodeScanningDefaultSetup{State: "configured", QuerySuite: "extended", Languages: []string{"go"}}
}

func TestObserve(t *testing.T) {
	taken := errors.New("repository demo-org/app is already claimed by CodeScanningDefaultSetup ns/first, which is older")
	type want struct {
		o      managed.ExternalObservation
		err    string // a part of the error; none when ""
		ext    string
		state  *string                // status.atProvider.state
		reason xpv2.ConditionReason   // of Ready, "" when not set
		run    bool                   // the run's record kept
		status corev1.ConditionStatus // of Ready
		calls  []string
	}
	cases := map[string]struct {
		reason  string
		has     *github.CodeScanningDefaultSetup
		err     error
		claimed error
		mg      []mod
		want    want
	}{
		"NotWrittenYet": {
			reason: "GitHub's setup is not the resource's until it has written it: it does not exist yet, and GitHub's is shown.",
			has:    off(),
			want:   want{state: ptr.To("not-configured"), calls: []string{"get"}},
		},
		"UpToDate": {
			reason: "A written setup as declared exists, is up to date and Available.",
			has:    extended(), mg: []mod{withExternalName(full)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: full, state: ptr.To("configured"),
				reason: xpv2.ReasonAvailable, status: corev1.ConditionTrue, calls: []string{"get"}},
		},
		"UpToDateRunEnded": {
			reason: "Once GitHub shows the declared setup the run's record is dropped.",
			has:    extended(), mg: []mod{withExternalName(full), running(1, t0.Add(-time.Minute))},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: full, state: ptr.To("configured"),
				reason: xpv2.ReasonAvailable, status: corev1.ConditionTrue, calls: []string{"get"}},
		},
		"Drift": {
			reason: "Another query suite on GitHub, with no run of ours under way, is drift.",
			has:    &github.CodeScanningDefaultSetup{State: "configured", QuerySuite: "default"}, mg: []mod{withExternalName(full)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "querySuite"}, ext: full, state: ptr.To("configured"), calls: []string{"get"}},
		},
		"Configuring": {
			reason: "While the run GitHub accepted for this spec applies it, the setup GitHub still shows is not drift: Ready=False, Configuring, the run kept.",
			has:    off(), mg: []mod{withExternalName(full), running(1, t0.Add(-time.Minute))},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: full, state: ptr.To("not-configured"),
				reason: ReasonConfiguring, status: corev1.ConditionFalse, run: true, calls: []string{"get"}},
		},
		"ConfiguringButChangedSince": {
			reason: "A setup GitHub changed since ours was sent (another updated_at) is the run's result or someone else's: drift is drift.",
			has: func() *github.CodeScanningDefaultSetup {
				g := extended()
				g.QuerySuite, g.UpdatedAt = "default", ptr.To("2026-11-27T10:00:01.000Z")
				return g
			}(), mg: []mod{withExternalName(full), running(1, t0.Add(-time.Minute))},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "querySuite"}, ext: full, state: ptr.To("configured"), calls: []string{"get"}},
		},
		"ConfiguringTooLong": {
			reason: "A run that has not brought the declared setup in runPatience is given up: drift, the setup sent again.",
			has:    off(), mg: []mod{withExternalName(full), running(1, t0.Add(-runPatience-time.Second))},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "state"}, ext: full, state: ptr.To("not-configured"), calls: []string{"get"}},
		},
		"ConfiguringAnotherSpec": {
			reason: "A run of an earlier spec does not apply this one: drift, the new spec sent at once.",
			has:    off(), mg: []mod{withExternalName(full), running(0, t0.Add(-time.Second))},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "state"}, ext: full, state: ptr.To("not-configured"), calls: []string{"get"}},
		},
		"Renamed": {
			reason: "The external name follows the repository under its new name, and is saved at once.",
			has:    extended(), mg: []mod{withExternalName("demo-org/before")},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true}, ext: full,
				state: ptr.To("configured"), reason: xpv2.ReasonAvailable, status: corev1.ConditionTrue, calls: []string{"get"}},
		},
		"Claimed": {
			reason:  "A repository an older CodeScanningDefaultSetup claims is neither read nor written; the error names the other.",
			has:     off(),
			claimed: taken,
			want:    want{err: "already claimed by CodeScanningDefaultSetup ns/first"},
		},
		"NoSuchRepository": {
			reason: "GitHub's 404 means the repository is missing, which the error says.",
			mg:     []mod{withExternalName(full)},
			want:   want{err: "cannot read the code scanning default setup of repository " + full + ": cannot find repository " + full, ext: full, calls: []string{"get"}},
		},
		"OtherError": {
			reason: "Any other error is returned as it is, wrapped.",
			err:    errors.New("boom"), mg: []mod{withExternalName(full)},
			want: want{err: "cannot read the code scanning default setup of repository " + full + ": boom", ext: full, calls: []string{"get"}},
		},
		"DeletingConfigured": {
			reason: "A resource being deleted exists until the setup is off: Delete turns it off.",
			has:    extended(), mg: []mod{withExternalName(full), deleting()},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: full, calls: []string{"get"}},
		},
		"DeletingOff": {
			reason: "A resource being deleted whose setup is off is gone.",
			has:    off(), mg: []mod{withExternalName(full), deleting()},
			want: want{o: managed.ExternalObservation{ResourceUpToDate: true}, ext: full, calls: []string{"get"}},
		},
		"DeletingNeverWritten": {
			reason: "A resource being deleted that never wrote the setup has nothing to turn off, and reads nothing.",
			has:    extended(), mg: []mod{deleting()},
		},
		"DeletingNoRepository": {
			reason: "A resource being deleted whose repository is gone has nothing to turn off.",
			mg:     []mod{withExternalName(full), deleting()},
			want:   want{ext: full, calls: []string{"get"}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				g := &gh{has: tc.has, err: tc.err}
				mg := s.object(tc.mg...)
				got, err := s.external(g.api(), tc.claimed, t0).Observe(context.Background(), mg)
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
				if diff := cmp.Diff(tc.want.state, mg.Observation().State); diff != "" {
					t.Errorf("\n%s\nstatus.atProvider.state: -want, +got:\n%s", tc.reason, diff)
				}
				if c := mg.GetCondition(xpv2.TypeReady); c.Reason != tc.want.reason || (tc.want.reason != "" && c.Status != tc.want.status) {
					t.Errorf("\n%s\nReady: %s %s, want %s %s", tc.reason, c.Status, c.Reason, tc.want.status, tc.want.reason)
				}
				if run := mg.Observation().RunID != nil; run != tc.want.run {
					t.Errorf("\n%s\nthe run's record kept: %v, want %v", tc.reason, run, tc.want.run)
				}
				if diff := cmp.Diff(tc.want.calls, g.calls); diff != "" {
					t.Errorf("\n%s\nrequests: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

// The Configuring condition names the run, and what GitHub does not show
// yet.
func TestConfiguringSays(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		mg := s.object(withExternalName(full), running(1, t0))
		if _, err := s.external((&gh{has: off()}).api(), nil, t0).Observe(context.Background(), mg); err != nil {
			t.Fatal(err)
		}
		c := mg.GetCondition(xpv2.TypeReady)
		for _, want := range []string{"GitHub is applying", "run 42", "/actions/runs/42", "state"} {
			if !strings.Contains(c.Message, want) {
				t.Errorf("Ready's message %q does not say %q", c.Message, want)
			}
		}
		if d := pollSooner(mg, time.Minute); d != configuringPoll {
			t.Errorf("pollSooner(...) of a setup being configured = %v, want %v", d, configuringPoll)
		}
	})
}

// Create sends the declared setup, names the repository and records the
// run; the next Observe waits for it, then finds the setup; drift is sent
// again; a delete turns the setup off.
func TestLifecycle(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		g := &gh{has: off()}
		mg := s.object()
		e := s.external(g.api(), nil, t0)
		if _, err := e.Create(context.Background(), mg); err != nil {
			t.Fatalf("Create(...): %v", err)
		}
		if got := meta.GetExternalName(mg); got != full {
			t.Errorf("external name %q, want the repository's full name %q", got, full)
		}
		if o := mg.Observation(); ptr.Deref(o.RunID, 0) != 42 || ptr.Deref(o.ConfiguringGeneration, 0) != 1 {
			t.Errorf("after Create the run's record is %+v, want run 42 of generation 1", o)
		}
		if o, err := e.Observe(context.Background(), mg); err != nil || !o.ResourceUpToDate || mg.GetCondition(xpv2.TypeReady).Reason != ReasonConfiguring {
			t.Fatalf("Observe(...) while the run applies the setup: %+v, %v, %v: want up to date, Configuring", o, err, mg.GetCondition(xpv2.TypeReady))
		}
		g.apply()
		if o, err := e.Observe(context.Background(), mg); err != nil || !o.ResourceUpToDate || mg.GetCondition(xpv2.TypeReady).Reason != xpv2.ReasonAvailable {
			t.Fatalf("Observe(...) once the run applied the setup: %+v, %v: want up to date, Available", o, err)
		}
		if mg.Observation().RunID != nil {
			t.Errorf("the run's record kept after GitHub showed the setup")
		}
		g.has = &github.CodeScanningDefaultSetup{State: "configured", QuerySuite: "default"}
		if o, err := e.Observe(context.Background(), mg); err != nil || o.ResourceUpToDate {
			t.Fatalf("Observe(...): %+v, %v: want drift", o, err)
		}
		if _, err := e.Update(context.Background(), mg); err != nil {
			t.Fatalf("Update(...): %v", err)
		}
		if g.pending == nil || g.pending.QuerySuite != "extended" {
			t.Errorf("after Update the run applies %+v, want the extended query suite", g.pending)
		}
		deleting()(mg)
		g.apply()
		if o, err := e.Observe(context.Background(), mg); err != nil || !o.ResourceExists {
			t.Fatalf("Observe(...) of a resource being deleted: %+v, %v: want it to exist until the setup is off", o, err)
		}
		if _, err := e.Delete(context.Background(), mg); err != nil {
			t.Fatalf("Delete(...): %v", err)
		}
		if diff := cmp.Diff(off(), g.has); diff != "" {
			t.Errorf("after Delete GitHub's setup: -want, +got:\n%s", diff)
		}
		if o, err := e.Observe(context.Background(), mg); err != nil || o.ResourceExists {
			t.Errorf("Observe(...) after Delete: %+v, %v: want gone", o, err)
		}
	})
}

// GitHub's 409 (a run of another setup under way) is waiting, not failing.
func TestBusy(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		busy := kindtest.GitHubErr(http.MethodPatch, "/repos/demo-org/app/code-scanning/default-setup", http.StatusConflict, "A validation run is already in progress")
		mg := s.object(withExternalName(full))
		if _, err := s.external((&gh{has: off(), err: busy}).api(), nil, t0).Update(context.Background(), mg); err != nil {
			t.Fatalf("Update(...) answered 409: %v, want a wait", err)
		}
		o := mg.Observation()
		if o.ConfiguringSince == nil || o.RunID != nil {
			t.Fatalf("after a 409 the record is %+v, want a wait without a run", o)
		}
		e := s.external((&gh{has: off()}).api(), nil, t0.Add(busyPatience/2))
		if got, _ := e.Observe(context.Background(), mg); !got.ResourceUpToDate {
			t.Errorf("Observe(...) soon after a 409: %+v, want a wait", got)
		}
		e = s.external((&gh{has: off()}).api(), nil, t0.Add(busyPatience+time.Second))
		if got, _ := e.Observe(context.Background(), mg); got.ResourceUpToDate {
			t.Errorf("Observe(...) busyPatience after a 409: %+v, want the setup sent again", got)
		}
	})
}

// A create in a repository GitHub does not have says so, and names nothing;
// a delete there is done.
func TestNoSuchRepository(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		mg := s.object()
		_, err := s.external((&gh{}).api(), nil, t0).Create(context.Background(), mg)
		if want := "cannot configure the code scanning default setup of repository " + full + ": cannot find repository " + full; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Create(...): %v, want an error holding %q", err, want)
		}
		if e := meta.GetExternalName(mg); e != "" {
			t.Errorf("external name %q after a failed create, want none", e)
		}
		if _, err := s.external((&gh{}).api(), nil, t0).Delete(context.Background(), mg); err != nil {
			t.Errorf("Delete(...) without a repository: %v, want done", err)
		}
	})
}

// GitHub's 422 for a language the repository lacks keeps GitHub's words
// and says which field to change.
func TestRefused(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		refused := kindtest.GitHubErr(http.MethodPatch, "/repos/demo-org/app/code-scanning/default-setup", http.StatusUnprocessableEntity,
			"Code scanning default setup cannot analyze ruby: the repository has no code in that language. Languages CodeQL can analyze in this repository: go.")
		mg := s.object()
		_, err := s.external((&gh{has: off(), err: refused}).api(), nil, t0).Create(context.Background(), mg)
		for _, want := range []string{"spec.forProvider.languages", "cannot analyze ruby", "in this repository: go"} {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("Create(...): %v, want an error holding %q", err, want)
			}
		}
		if e := meta.GetExternalName(mg); e != "" {
			t.Errorf("external name %q after a refused create, want none", e)
		}
	})
}
