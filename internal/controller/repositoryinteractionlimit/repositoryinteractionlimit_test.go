package repositoryinteractionlimit

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	"github.com/crossplane-github/provider-github/internal/controller/interactionlimit"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// A scope is one of the RepositoryInteractionLimit kinds.
type scope struct {
	name     string
	object   func(m ...mod) Object
	external func(api github.InteractionsAPI, claimed error, rec *kindtest.Recorder) kindtest.Client[Object]
}

func (s scope) ScopeName() string { return s.name }

var (
	in   = kind.Repository{Owner: "demo-org", Name: "app"}
	full = in.FullName()
	now  = time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
)

func at(d time.Duration) *time.Time { t := now.Add(d); return &t }

func scopeOf[T Object](s apis.Scope, newT func(namespace, name string) T) scope {
	return scope{
		name: string(s),
		object: func(m ...mod) Object {
			o := newT("ns", "x")
			o.Parameters().Limit = "collaborators_only"
			for _, f := range m {
				f(o)
			}
			return o
		},
		external: func(api github.InteractionsAPI, claimed error, rec *kindtest.Recorder) kindtest.Client[Object] {
			t := target[T](api, in, "api.github.com")
			t.Claimed = func(context.Context, T) error { return claimed }
			t.Record = rec
			t.Now = func() time.Time { return now }
			return kindtest.Typed[Object, T]{E: &interactionlimit.External[T]{Target: t}}
		},
	}
}

var scopes = twins.EachRepositoryInteractionLimit(scopeOf, scopeOf)

type mod func(Object)

func withExternalName(n string) mod { return func(o Object) { meta.SetExternalName(o, n) } }
func renew() mod                    { return func(o Object) { o.Parameters().Renew = ptr.To(true) } }
func deleting() mod                 { return func(o Object) { n := metav1.Now(); o.SetDeletionTimestamp(&n) } }

// sawOwn is a status that saw the repository's own limit expiring at until.
func sawOwn(until time.Duration) mod {
	return func(o Object) {
		o.Observation().InteractionLimitObservation = common.InteractionLimitObservation{Limit: ptr.To("collaborators_only"),
			Origin: ptr.To("repository"), ExpiresAt: ptr.To(metav1.NewTime(*at(until)))}
	}
}

// gh is a fake GitHub: the limit in effect in, or no repository.
type gh struct {
	has     *github.InteractionLimit // nil: no such repository
	byOrg   bool                     // the organization has a limit: writes are answered 409
	err     error
	calls   []string
	request *github.InteractionLimitRequest
}

func (g *gh) api() *fake.MockInteractionsAPI {
	answer := func(call, method string) error {
		g.calls = append(g.calls, call)
		switch {
		case g.err != nil:
			return g.err
		case g.has == nil:
			return kindtest.GitHubErr(method, "/repos/demo-org/app/interaction-limits", http.StatusNotFound, "Not Found")
		case g.byOrg && method != http.MethodGet:
			return kindtest.GitHubErr(method, "/repos/demo-org/app/interaction-limits", http.StatusConflict, "Conflict")
		}
		return nil
	}
	return &fake.MockInteractionsAPI{
		MockGetRepositoryInteractionLimit: func(context.Context, string, string) (*github.InteractionLimit, error) {
			if err := answer("get", http.MethodGet); err != nil {
				return nil, err
			}
			got := *g.has
			return &got, nil
		},
		MockPutRepositoryInteractionLimit: func(_ context.Context, _, _ string, r *github.InteractionLimitRequest) (*github.InteractionLimit, error) {
			if err := answer("put", http.MethodPut); err != nil {
				return nil, err
			}
			g.request = r
			*g.has = github.InteractionLimit{Limit: r.Limit, Origin: "repository", ExpiresAt: at(24 * time.Hour)}
			got := *g.has
			return &got, nil
		},
		MockDeleteRepositoryInteractionLimit: func(context.Context, string, string) error {
			if err := answer("delete", http.MethodDelete); err != nil {
				return err
			}
			*g.has = github.InteractionLimit{}
			return nil
		},
	}
}

func limit(l, origin string, until time.Duration) *github.InteractionLimit {
	return &github.InteractionLimit{Limit: l, Origin: origin, ExpiresAt: at(until)}
}

func TestObserve(t *testing.T) {
	type want struct {
		o      managed.ExternalObservation
		err    string
		reason xpv2.ConditionReason // of Ready; "" when not set
		msg    string
		limit  string // status.atProvider.limit
		lapsed bool
		calls  []string
	}
	cases := map[string]struct {
		reason  string
		has     *github.InteractionLimit
		err     error
		claimed error
		mg      []mod
		want    want
	}{
		"Unset": {
			reason: "No limit in effect, none set yet: it does not exist, Create sets it.",
			has:    &github.InteractionLimit{},
			want:   want{calls: []string{"get"}},
		},
		"Kept": {
			reason: "The declared limit in effect: up to date, Available, when it expires shown.",
			has:    limit("collaborators_only", "repository", time.Hour), mg: []mod{withExternalName(full)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, reason: xpv2.ReasonAvailable, limit: "collaborators_only", calls: []string{"get"}},
		},
		"Changed": {
			reason: "Another limit set on GitHub is drift.",
			has:    limit("existing_users", "repository", time.Hour), mg: []mod{withExternalName(full)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "limit"}, limit: "existing_users", calls: []string{"get"}},
		},
		"RemovedEarly": {
			reason: "Gone an hour before its expiry: removed by someone, set again without renew.",
			has:    &github.InteractionLimit{}, mg: []mod{withExternalName(full), sawOwn(time.Hour)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "limit (removed before it expired)"}, calls: []string{"get"}},
		},
		"Lapsed": {
			reason: "Gone after its expiry without renew: Expired, saying when, nothing to write.",
			has:    &github.InteractionLimit{}, mg: []mod{withExternalName(full), sawOwn(-time.Minute)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, reason: interactionlimit.ReasonExpired,
				msg: "lapsed at 2026-05-01T11:59:00Z", lapsed: true, calls: []string{"get"}},
		},
		"Renew": {
			reason: "Gone after its expiry with renew: set again.",
			has:    &github.InteractionLimit{}, mg: []mod{withExternalName(full), sawOwn(-time.Minute), renew()},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "limit (lapsed; renew is set)"}, lapsed: true, calls: []string{"get"}},
		},
		"Organization": {
			reason: "The organization's limit in effect: shown, not fought, a condition naming it.",
			has:    limit("existing_users", "organization", time.Hour),
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, reason: interactionlimit.ReasonLimitedByOrganization,
				msg: "organization demo-org has an interaction limit in effect (existing_users until 2026-05-01T13:00:00Z)", limit: "existing_users", calls: []string{"get"}},
		},
		"Claimed": {
			reason:  "A repository an older resource claims is neither read nor written.",
			has:     &github.InteractionLimit{},
			claimed: errors.New("repository demo-org/app is already claimed by RepositoryInteractionLimit ns/first, which is older"),
			want:    want{err: "already claimed by RepositoryInteractionLimit ns/first"},
		},
		"NoSuchRepository": {
			reason: "GitHub's 404 says the repository is missing.",
			mg:     []mod{withExternalName(full)},
			want:   want{err: "cannot read the interaction limit of repository " + full + ": cannot find repository " + full, calls: []string{"get"}},
		},
		"DeletingOwn": {
			reason: "A resource being deleted exists while its limit is in effect.",
			has:    limit("collaborators_only", "repository", time.Hour), mg: []mod{withExternalName(full), deleting()},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, calls: []string{"get"}},
		},
		"DeletingOrganizations": {
			reason: "A resource being deleted whose repository shows the organization's limit has none to remove.",
			has:    limit("collaborators_only", "organization", time.Hour), mg: []mod{withExternalName(full), deleting()},
			want: want{calls: []string{"get"}},
		},
		"DeletingNeverSet": {
			reason: "A resource being deleted that never set its limit reads nothing.",
			has:    limit("collaborators_only", "repository", time.Hour), mg: []mod{deleting()},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				g := &gh{has: tc.has, err: tc.err}
				mg := s.object(tc.mg...)
				got, err := s.external(g.api(), tc.claimed, &kindtest.Recorder{}).Observe(context.Background(), mg)
				switch {
				case tc.want.err == "" && err != nil:
					t.Errorf("\n%s\nObserve(...): %v, want no error", tc.reason, err)
				case tc.want.err != "" && (err == nil || !strings.Contains(err.Error(), tc.want.err)):
					t.Errorf("\n%s\nObserve(...): error %v, want one holding %q", tc.reason, err, tc.want.err)
				}
				if diff := cmp.Diff(tc.want.o, got); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
				}
				if c := mg.GetCondition(xpv2.TypeReady); tc.want.reason != "" && (c.Reason != tc.want.reason || !strings.Contains(c.Message, tc.want.msg)) {
					t.Errorf("\n%s\nReady %s: %q, want %s holding %q", tc.reason, c.Reason, c.Message, tc.want.reason, tc.want.msg)
				}
				obs := mg.Observation()
				if l := ptr.Deref(obs.Limit, ""); l != tc.want.limit {
					t.Errorf("\n%s\nstatus.atProvider.limit %q, want %q", tc.reason, l, tc.want.limit)
				}
				if (obs.LapsedAt != nil) != tc.want.lapsed {
					t.Errorf("\n%s\nstatus.atProvider.lapsedAt %v, want set: %t", tc.reason, obs.LapsedAt, tc.want.lapsed)
				}
				if diff := cmp.Diff(tc.want.calls, g.calls); diff != "" {
					t.Errorf("\n%s\nrequests: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

// Create sets the declared limit (GitHub's default expiry) and names the
// repository; a renewal writes it again with an event saying until when;
// the organization's 409 is worded; Delete removes it, and a 409 or a 404
// is deleted.
func TestCreateUpdateDelete(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		g := &gh{has: &github.InteractionLimit{}}
		rec := &kindtest.Recorder{}
		mg := s.object(renew())
		e := s.external(g.api(), nil, rec)
		if _, err := e.Create(context.Background(), mg); err != nil {
			t.Fatalf("Create(...): %v", err)
		}
		if got := meta.GetExternalName(mg); got != full {
			t.Errorf("external name %q, want %q", got, full)
		}
		if diff := cmp.Diff(&github.InteractionLimitRequest{Limit: "collaborators_only", Expiry: "one_day"}, g.request); diff != "" {
			t.Errorf("Create's request: -want, +got:\n%s", diff)
		}
		if obs := mg.Observation(); obs.ExpiresAt == nil || !obs.ExpiresAt.Time.Equal(*at(24 * time.Hour)) {
			t.Errorf("status.atProvider.expiresAt %v, want GitHub's answer", obs.ExpiresAt)
		}

		// It lapses: renewed, with an event.
		sawOwn(-time.Second)(mg)
		*g.has = github.InteractionLimit{}
		if o, err := e.Observe(context.Background(), mg); err != nil || o.ResourceUpToDate {
			t.Fatalf("Observe(...) of a lapsed limit with renew: %+v, %v: want it set again", o, err)
		}
		if _, err := e.Update(context.Background(), mg); err != nil {
			t.Fatalf("Update(...): %v", err)
		}
		if len(rec.Events) != 1 || rec.Events[0].Reason != interactionlimit.ReasonRenewed || !strings.Contains(rec.Events[0].Message, "until 2026-05-02T12:00:00Z") {
			t.Errorf("events %+v, want one Renewed saying until when", rec.Events)
		}
		if mg.Observation().LapsedAt != nil {
			t.Errorf("status.atProvider.lapsedAt %v after the renewal, want none", mg.Observation().LapsedAt)
		}

		g.byOrg = true
		if _, err := e.Update(context.Background(), mg); err == nil || !strings.Contains(err.Error(), "organization demo-org has an interaction limit in effect") {
			t.Errorf("Update(...) answered 409: %v, want the organization's limit named", err)
		}
		if _, err := e.Delete(context.Background(), mg); err != nil {
			t.Errorf("Delete(...) answered 409: %v, want deleted (the organization's overwrote the repository's)", err)
		}
		g.byOrg = false
		if _, err := e.Delete(context.Background(), mg); err != nil || g.has.InEffect() {
			t.Errorf("Delete(...): %v, GitHub's limit %+v: want it removed", err, g.has)
		}
		g.has = nil
		if _, err := e.Delete(context.Background(), mg); err != nil {
			t.Errorf("Delete(...) of a repository gone: %v, want deleted", err)
		}
	})
}

// A declared cap and bypass list are read with the limit, their drift
// written by Update (the limit itself, kept, is not), and turned off and
// removed by Delete.
func TestExtras(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		g := &gh{has: limit("collaborators_only", "repository", time.Hour)}
		api := g.api()
		capOn, capMax := true, int64(50)
		bypass := []string{"someone"}
		var patched []github.PullCap
		var added, removed []string
		api.MockGetRepositoryPullCap = func(context.Context, string, string) (*github.PullCap, error) {
			return &github.PullCap{Enabled: capOn, MaxOpenPullRequests: ptr.To(capMax)}, nil
		}
		api.MockPatchRepositoryPullCap = func(_ context.Context, _, _ string, c *github.PullCap) (*github.PullCap, error) {
			patched = append(patched, *c)
			capOn = c.Enabled
			if c.MaxOpenPullRequests != nil {
				capMax = *c.MaxOpenPullRequests
			}
			return &github.PullCap{Enabled: capOn, MaxOpenPullRequests: ptr.To(capMax)}, nil
		}
		api.MockGetPullCapBypassList = func(context.Context, string, string) ([]string, error) { return bypass, nil }
		api.MockAddPullCapBypassUsers = func(_ context.Context, _, _ string, u []string) error { added = append(added, u...); return nil }
		api.MockRemovePullCapBypassUsers = func(_ context.Context, _, _ string, u []string) error {
			removed = append(removed, u...)
			return nil
		}
		mg := s.object(withExternalName(full), func(o Object) {
			o.Parameters().PullRequestCreationCap = &common.PullRequestCreationCap{Enabled: true, MaxOpenPullRequests: ptr.To(int64(5))}
			o.Parameters().PullRequestCapBypassUsers = []string{"octocat"}
		})
		tpl := target[Object](api, in, "api.github.com")
		tpl.Claimed = func(context.Context, Object) error { return nil }
		tpl.Now = func() time.Time { return now }
		tpl.Record = &kindtest.Recorder{}
		tpl.Extras = newExtras[Object](api, in, mg)
		e := &interactionlimit.External[Object]{Target: tpl}
		o, err := e.Observe(context.Background(), mg)
		if err != nil || o.ResourceUpToDate || o.Diff != "pullRequestCreationCap, pullRequestCapBypassUsers" {
			t.Fatalf("Observe(...): %+v, %v: want the cap and the bypass list drifted", o, err)
		}
		if c := mg.Observation().PullRequestCreationCap; c == nil || ptr.Deref(c.MaxOpenPullRequests, 0) != 50 {
			t.Errorf("status.atProvider.pullRequestCreationCap %+v, want GitHub's", c)
		}
		if _, err := e.Update(context.Background(), mg); err != nil {
			t.Fatalf("Update(...): %v", err)
		}
		if g.request != nil {
			t.Errorf("Update(...) set the limit %+v: it was kept", g.request)
		}
		if diff := cmp.Diff([]github.PullCap{{Enabled: true, MaxOpenPullRequests: ptr.To(int64(5))}}, patched); diff != "" {
			t.Errorf("cap writes: -want, +got:\n%s", diff)
		}
		if diff := cmp.Diff([]string{"octocat"}, added); diff != "" {
			t.Errorf("users added: -want, +got:\n%s", diff)
		}
		if diff := cmp.Diff([]string{"someone"}, removed); diff != "" {
			t.Errorf("users removed: -want, +got:\n%s", diff)
		}
		patched, removed = nil, nil
		if _, err := e.Delete(context.Background(), mg); err != nil {
			t.Fatalf("Delete(...): %v", err)
		}
		if len(patched) != 1 || patched[0].Enabled || fmt.Sprint(removed) != "[octocat]" {
			t.Errorf("Delete(...) cap writes %+v, users removed %v: want the cap off and octocat removed", patched, removed)
		}
	})
}
