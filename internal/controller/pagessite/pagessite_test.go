package pagessite

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// A scope is one of the PagesSite kinds.
type scope struct {
	name     string
	object   func(m ...mod) Object
	external func(api github.PagesAPI, claimed error) kindtest.Client[Object]
}

func (s scope) ScopeName() string { return s.name }

var in = kind.Repository{Owner: "demo-org", Name: "docs"}

// full is the external name of a PagesSite of in.
var full = in.FullName()

func scopeOf[T Object](s apis.Scope, newT func(namespace, name string) T) scope {
	return scope{
		name: string(s),
		object: func(m ...mod) Object {
			o := newT("ns", "x")
			*o.Parameters() = common.PagesSiteParameters{BuildType: "legacy", Source: &common.PagesSource{Branch: "main", Path: ptr.To("/")}}
			for _, f := range m {
				f(o)
			}
			return o
		},
		external: func(api github.PagesAPI, claimed error) kindtest.Client[Object] {
			return kindtest.Typed[Object, T]{E: &external[T]{api: api, in: in, record: event.NewNopRecorder(),
				claimed: func(context.Context, T) error { return claimed }}}
		},
	}
}

var scopes = twins.EachPagesSite(scopeOf, scopeOf)

type mod func(Object)

func withExternalName(n string) mod { return func(o Object) { meta.SetExternalName(o, n) } }
func withDomain(d string, https bool) mod {
	return func(o Object) { o.Parameters().CNAME, o.Parameters().HTTPSEnforced = ptr.To(d), ptr.To(https) }
}
func deleting() mod { return func(o Object) { now := metav1.Now(); o.SetDeletionTimestamp(&now) } }

// gh is a fake GitHub: the site of in, or none.
type gh struct {
	has   *github.PagesSite // nil: no site
	err   error             // when set, GitHub answers every request with it
	calls []string
	sent  []*github.PagesUpdateRequest
}

func (g *gh) api() *fake.MockPagesAPI {
	notFound := kindtest.GitHubErr(http.MethodGet, "/repos/demo-org/docs/pages", http.StatusNotFound, "Not Found")
	answer := func(call string, needSite bool) error {
		g.calls = append(g.calls, call)
		switch {
		case g.err != nil:
			return g.err
		case needSite && g.has == nil:
			return notFound
		}
		return nil
	}
	return &fake.MockPagesAPI{
		MockGetPages: func(context.Context, string, string) (*github.PagesSite, error) {
			if err := answer("get", true); err != nil {
				return nil, err
			}
			got := *g.has
			return &got, nil
		},
		MockCreatePages: func(_ context.Context, _, _ string, r *github.PagesCreateRequest) (*github.PagesSite, error) {
			if err := answer("create", false); err != nil {
				return nil, err
			}
			if g.has != nil {
				return nil, kindtest.GitHubErr(http.MethodPost, "/repos/demo-org/docs/pages", http.StatusConflict, "GitHub Pages is already enabled.")
			}
			g.has = &github.PagesSite{BuildType: ptr.To(r.BuildType), Source: r.Source, HTTPSEnforced: ptr.To(true), Public: ptr.To(true)}
			got := *g.has
			return &got, nil
		},
		MockUpdatePages: func(_ context.Context, _, _ string, r *github.PagesUpdateRequest) error {
			if err := answer("update", true); err != nil {
				return err
			}
			g.sent = append(g.sent, r)
			if r.CNAME != nil {
				g.has.CNAME, g.has.ProtectedDomainState, g.has.HTTPSEnforced = r.CNAME, ptr.To("pending"), ptr.To(false)
				g.has.HTTPSCertificate = &github.PagesCertificate{State: "authorization_pending"}
			}
			if r.HTTPSEnforced != nil {
				g.has.HTTPSEnforced = r.HTTPSEnforced
			}
			if r.Source != nil {
				g.has.Source = r.Source
			}
			return nil
		},
		MockDeletePages: func(context.Context, string, string) error {
			if err := answer("delete", true); err != nil {
				return err
			}
			g.has = nil
			return nil
		},
	}
}

// published is GitHub's site of the resources' declaration.
func published() *github.PagesSite {
	return &github.PagesSite{BuildType: ptr.To("legacy"), Source: &github.PagesSource{Branch: "main", Path: "/"}, HTTPSEnforced: ptr.To(true), Public: ptr.To(true)}
}

// verified is published with the custom domain d, its certificate issued.
func verified(d string, https bool) *github.PagesSite {
	s := published()
	s.CNAME, s.ProtectedDomainState, s.HTTPSEnforced = ptr.To(d), ptr.To("verified"), ptr.To(https)
	s.HTTPSCertificate = &github.PagesCertificate{State: "approved"}
	return s
}

func TestObserve(t *testing.T) {
	taken := errors.New("repository demo-org/docs is already claimed by PagesSite ns/first, which is older")
	type want struct {
		o      managed.ExternalObservation
		err    string
		ext    string
		ready  corev1.ConditionStatus
		reason xpv2.ConditionReason
		calls  []string
	}
	cases := map[string]struct {
		reason  string
		has     *github.PagesSite
		err     error
		claimed error
		mg      []mod
		want    want
	}{
		"NotPublished": {
			reason: "No site: the resource does not exist, and Create publishes it.",
			want:   want{calls: []string{"get"}},
		},
		"UpToDate": {
			reason: "A site as declared exists, is up to date and Ready.",
			has:    published(), mg: []mod{withExternalName(full)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: full, ready: corev1.ConditionTrue, reason: xpv2.ReasonAvailable, calls: []string{"get"}},
		},
		"SomeoneElses": {
			reason: "A site this resource did not publish is not adopted: the error says how to.",
			has:    published(),
			want:   want{err: "set the annotation crossplane.io/external-name to " + full, calls: []string{"get"}},
		},
		"WaitingForCertificate": {
			reason: "A custom domain without its certificate is waiting: up to date, not Ready, with a reason that says so.",
			has: func() *github.PagesSite {
				s := verified("docs.example.com", false)
				s.ProtectedDomainState, s.HTTPSCertificate.State = ptr.To("pending"), "authorization_pending"
				return s
			}(),
			mg:   []mod{withExternalName(full), withDomain("docs.example.com", true)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: full, ready: corev1.ConditionFalse, reason: ReasonWaitingForCertificate, calls: []string{"get"}},
		},
		"CertificateIssued": {
			reason: "Once the certificate is issued, https declared is put back.",
			has:    verified("docs.example.com", false), mg: []mod{withExternalName(full), withDomain("docs.example.com", true)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "httpsEnforced"}, ext: full, ready: corev1.ConditionTrue, reason: xpv2.ReasonAvailable, calls: []string{"get"}},
		},
		"Claimed": {
			reason:  "A repository an older PagesSite claims is neither read nor written.",
			claimed: taken,
			want:    want{err: "already claimed by PagesSite ns/first"},
		},
		"OtherError": {
			reason: "Any other error is returned, wrapped.",
			err:    errors.New("boom"), mg: []mod{withExternalName(full)},
			want: want{err: "cannot read the Pages site of repository " + full + ": boom", ext: full, calls: []string{"get"}},
		},
		"DeletingPublished": {
			reason: "A resource being deleted exists until its site is unpublished.",
			has:    published(), mg: []mod{withExternalName(full), deleting()},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: full, calls: []string{"get"}},
		},
		"DeletingGone": {
			reason: "A resource being deleted whose site is gone is done.",
			mg:     []mod{withExternalName(full), deleting()},
			want:   want{ext: full, calls: []string{"get"}},
		},
		"DeletingNeverPublished": {
			reason: "A resource being deleted that never published a site leaves someone else's alone, and reads nothing.",
			has:    published(), mg: []mod{deleting()},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				g := &gh{has: tc.has, err: tc.err}
				mg := s.object(tc.mg...)
				got, err := s.external(g.api(), tc.claimed).Observe(context.Background(), mg)
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
				if c := mg.GetCondition(xpv2.TypeReady); tc.want.ready != "" && (c.Status != tc.want.ready || c.Reason != tc.want.reason) {
					t.Errorf("\n%s\nReady %s (%s), want %s (%s)", tc.reason, c.Status, c.Reason, tc.want.ready, tc.want.reason)
				}
				if diff := cmp.Diff(tc.want.calls, g.calls); diff != "" {
					t.Errorf("\n%s\nrequests: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

// Create publishes the site and sets its domain; https waits for the
// certificate; Update then enforces it; Delete unpublishes.
func TestLifecycle(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		g := &gh{}
		mg := s.object(withDomain("docs.example.com", true))
		e := s.external(g.api(), nil)
		if _, err := e.Create(context.Background(), mg); err != nil {
			t.Fatalf("Create(...): %v", err)
		}
		if got := meta.GetExternalName(mg); got != full {
			t.Errorf("external name %q, want the repository's full name %q", got, full)
		}
		want := []*github.PagesUpdateRequest{{CNAME: ptr.To("docs.example.com")}}
		if diff := cmp.Diff(want, g.sent); diff != "" {
			t.Errorf("Create(...) sent: -want, +got:\n%s", diff)
		}
		if o, err := e.Observe(context.Background(), mg); err != nil || !o.ResourceUpToDate || mg.GetCondition(xpv2.TypeReady).Reason != ReasonWaitingForCertificate {
			t.Errorf("Observe(...) while the certificate is pending: %+v, %v, Ready %+v", o, err, mg.GetCondition(xpv2.TypeReady))
		}
		g.has.ProtectedDomainState, g.has.HTTPSCertificate.State = ptr.To("verified"), "approved"
		if o, err := e.Observe(context.Background(), mg); err != nil || o.ResourceUpToDate {
			t.Fatalf("Observe(...) once the certificate is issued: %+v, %v: want https to set", o, err)
		}
		if _, err := e.Update(context.Background(), mg); err != nil {
			t.Fatalf("Update(...): %v", err)
		}
		if !ptr.Deref(g.has.HTTPSEnforced, false) {
			t.Error("after Update https is not enforced, as declared")
		}
		if _, err := e.Delete(context.Background(), mg); err != nil || g.has != nil {
			t.Errorf("Delete(...): %v, site %+v: want it unpublished", err, g.has)
		}
	})
}

// A site published meanwhile by someone else is GitHub's 409, worded.
func TestCreateConflict(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		_, err := s.external((&gh{has: published()}).api(), nil).Create(context.Background(), s.object())
		var no kind.NotOurs
		if !errors.As(err, &no) || !strings.Contains(err.Error(), "already has a Pages site") {
			t.Errorf("Create(...): %v, want a NotOurs error saying the repository has a site", err)
		}
	})
}

// A missing branch is GitHub's 422, which the error explains.
func TestCreateMissingBranch(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		refused := kindtest.GitHubErr(http.MethodPost, "/repos/demo-org/docs/pages", http.StatusUnprocessableEntity, "Validation Failed")
		_, err := s.external((&gh{err: refused}).api(), nil).Create(context.Background(), s.object())
		if want := "the source branch main must exist in repository " + full; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Create(...): %v, want an error holding %q", err, want)
		}
	})
}

// A site that waits for its certificate is read again soon.
func TestPollSooner(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		mg := s.object()
		if got := pollSooner(mg, time.Minute); got != time.Minute {
			t.Errorf("pollSooner(ready) = %v, want the poll interval", got)
		}
		mg.SetConditions(xpv2.Condition{Type: xpv2.TypeReady, Status: corev1.ConditionFalse, Reason: ReasonWaitingForCertificate})
		if got := pollSooner(mg, time.Minute); got != waitingPoll {
			t.Errorf("pollSooner(waiting) = %v, want %v", got, waitingPoll)
		}
	})
}
