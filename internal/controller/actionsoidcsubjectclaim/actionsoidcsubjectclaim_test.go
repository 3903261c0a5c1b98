package actionsoidcsubjectclaim

import (
	"context"
	"errors"
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

// A scope is one of the ActionsOIDCSubjectClaim kinds.
type scope struct {
	name     string
	object   func(m ...mod) Object
	external func(api github.ActionsOIDCSubjectClaimAPI, claimed error) kindtest.Client[Object]
}

func (s scope) ScopeName() string { return s.name }

var in = kind.Repository{Owner: "demo-org", Name: "app"}

// full is the external name of an ActionsOIDCSubjectClaim of in.
var full = in.FullName()

// keys are the claim keys the resources of the tests declare.
var keys = []string{"repo", "context"}

func scopeOf[T Object](s apis.Scope, newT func(namespace, name string) T) scope {
	return scope{
		name: string(s),
		object: func(m ...mod) Object {
			o := newT("ns", "x")
			o.Parameters().IncludeClaimKeys = keys
			for _, f := range m {
				f(o)
			}
			return o
		},
		external: func(api github.ActionsOIDCSubjectClaimAPI, claimed error) kindtest.Client[Object] {
			return kindtest.Typed[Object, T]{E: &external[T]{api: api, in: in, claimed: func(context.Context, T) error { return claimed }}}
		},
	}
}

var scopes = twins.EachActionsOIDCSubjectClaim(scopeOf, scopeOf)

type mod func(Object)

func withExternalName(n string) mod { return func(o Object) { meta.SetExternalName(o, n) } }
func useDefault() mod {
	return func(o Object) { o.Parameters().IncludeClaimKeys, o.Parameters().UseDefault = nil, ptr.To(true) }
}
func deleting() mod { return func(o Object) { now := metav1.Now(); o.SetDeletionTimestamp(&now) } }

// gh is a fake GitHub: the template of in, or no repository at all.
type gh struct {
	has   *github.ActionsOIDCSubjectClaim // nil: GitHub has no such repository
	err   error                           // when set, GitHub answers every request with it
	calls []string
}

func (g *gh) api() *fake.MockActionsOIDCSubjectClaimAPI {
	notFound := kindtest.GitHubErr(http.MethodGet, "/repos/demo-org/app/actions/oidc/customization/sub", http.StatusNotFound, "Not Found")
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
	return &fake.MockActionsOIDCSubjectClaimAPI{
		MockGetActionsOIDCSubjectClaim: func(context.Context, string, string) (*github.ActionsOIDCSubjectClaim, error) {
			if err := answer("get"); err != nil {
				return nil, err
			}
			got := *g.has
			return &got, nil
		},
		MockPutActionsOIDCSubjectClaim: func(_ context.Context, _, _ string, r *github.ActionsOIDCSubjectClaimRequest) error {
			if err := answer("put"); err != nil {
				return err
			}
			g.has.UseDefault, g.has.IncludeClaimKeys = r.UseDefault, r.IncludeClaimKeys
			if r.UseDefault {
				g.has.IncludeClaimKeys = nil
			}
			return nil
		},
	}
}

// custom is GitHub's template made of keys.
func custom(k ...string) *github.ActionsOIDCSubjectClaim {
	return &github.ActionsOIDCSubjectClaim{IncludeClaimKeys: k}
}

// byDefault is GitHub's default subject.
func byDefault() *github.ActionsOIDCSubjectClaim {
	return &github.ActionsOIDCSubjectClaim{UseDefault: true}
}

func TestObserve(t *testing.T) {
	taken := errors.New("repository demo-org/app is already claimed by ActionsOIDCSubjectClaim ns/first, which is older")
	type want struct {
		o     managed.ExternalObservation
		err   string // a part of the error; none when ""
		ext   string
		obs   *bool // status.atProvider.useDefault
		calls []string
	}
	cases := map[string]struct {
		reason  string
		has     *github.ActionsOIDCSubjectClaim
		err     error
		claimed error
		mg      []mod
		want    want
	}{
		"NotWrittenYet": {
			reason: "GitHub's template is not the resource's until it has written it: it does not exist yet, and GitHub's value is shown.",
			has:    byDefault(),
			want:   want{obs: ptr.To(true), calls: []string{"get"}},
		},
		"UpToDate": {
			reason: "A written template as declared exists and is up to date.",
			has:    custom("repo", "context"), mg: []mod{withExternalName(full)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: full, obs: ptr.To(false), calls: []string{"get"}},
		},
		"Reordered": {
			reason: "The claim keys in another order on GitHub are put back: the subject is the claims in order.",
			has:    custom("context", "repo"), mg: []mod{withExternalName(full)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "includeClaimKeys"}, ext: full, obs: ptr.To(false), calls: []string{"get"}},
		},
		"DefaultDeclaredCustomized": {
			reason: "Keys set on GitHub where the default is declared are put back.",
			has:    custom("actor"), mg: []mod{withExternalName(full), useDefault()},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "useDefault"}, ext: full, obs: ptr.To(false), calls: []string{"get"}},
		},
		"Renamed": {
			reason: "The external name follows the repository under its new name, and is saved at once.",
			has:    custom("repo", "context"), mg: []mod{withExternalName("demo-org/before")},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true}, ext: full, obs: ptr.To(false), calls: []string{"get"}},
		},
		"Claimed": {
			reason:  "A repository an older ActionsOIDCSubjectClaim claims is neither read nor written; the error names the other.",
			has:     byDefault(),
			claimed: taken,
			want:    want{err: "already claimed by ActionsOIDCSubjectClaim ns/first"},
		},
		"NoSuchRepository": {
			reason: "GitHub's 404 means the repository is missing, which the error says: the template is not created.",
			mg:     []mod{withExternalName(full)},
			want:   want{err: "cannot read the OIDC subject claim template of repository " + full + ": cannot find repository " + full, ext: full, calls: []string{"get"}},
		},
		"OtherError": {
			reason: "Any other error is returned as it is, wrapped.",
			err:    errors.New("boom"), mg: []mod{withExternalName(full)},
			want: want{err: "cannot read the OIDC subject claim template of repository " + full + ": boom", ext: full, calls: []string{"get"}},
		},
		"DeletingCustomized": {
			reason: "A resource being deleted exists until GitHub's default is back: Delete puts it.",
			has:    custom("repo", "context"), mg: []mod{withExternalName(full), deleting()},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: full, calls: []string{"get"}},
		},
		"DeletingDefault": {
			reason: "A resource being deleted whose repository has GitHub's default again is gone.",
			has:    byDefault(), mg: []mod{withExternalName(full), deleting()},
			want: want{ext: full, calls: []string{"get"}},
		},
		"DeletingNeverWritten": {
			reason: "A resource being deleted that never wrote the template has nothing to put back, and reads nothing.",
			has:    custom("actor"), mg: []mod{deleting()},
		},
		"DeletingNoRepository": {
			reason: "A resource being deleted whose repository is gone has nothing to put back.",
			mg:     []mod{withExternalName(full), deleting()},
			want:   want{ext: full, calls: []string{"get"}},
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
				if diff := cmp.Diff(tc.want.obs, mg.Observation().UseDefault); diff != "" {
					t.Errorf("\n%s\nstatus.atProvider.useDefault: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.calls, g.calls); diff != "" {
					t.Errorf("\n%s\nrequests: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

// Create writes the declared template and names the repository; an update
// puts a changed one back; a delete puts GitHub's default back.
func TestCreateUpdateDelete(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		g := &gh{has: byDefault()}
		mg := s.object()
		e := s.external(g.api(), nil)
		if _, err := e.Create(context.Background(), mg); err != nil {
			t.Fatalf("Create(...): %v", err)
		}
		if got := meta.GetExternalName(mg); got != full {
			t.Errorf("external name %q, want the repository's full name %q", got, full)
		}
		if diff := cmp.Diff(custom(keys...), g.has); diff != "" {
			t.Errorf("after Create GitHub's template: -want, +got:\n%s", diff)
		}
		g.has = custom("actor")
		if o, err := e.Observe(context.Background(), mg); err != nil || !o.ResourceExists || o.ResourceUpToDate {
			t.Fatalf("Observe(...): %+v, %v: want drift", o, err)
		}
		if _, err := e.Update(context.Background(), mg); err != nil {
			t.Fatalf("Update(...): %v", err)
		}
		if diff := cmp.Diff(custom(keys...), g.has); diff != "" {
			t.Errorf("after Update GitHub's template: -want, +got:\n%s", diff)
		}
		deleting()(mg)
		if o, err := e.Observe(context.Background(), mg); err != nil || !o.ResourceExists {
			t.Fatalf("Observe(...) of a resource being deleted: %+v, %v: want it to exist until the default is back", o, err)
		}
		if _, err := e.Delete(context.Background(), mg); err != nil {
			t.Fatalf("Delete(...): %v", err)
		}
		if diff := cmp.Diff(byDefault(), g.has); diff != "" {
			t.Errorf("after Delete GitHub's template: -want, +got:\n%s", diff)
		}
		if o, err := e.Observe(context.Background(), mg); err != nil || o.ResourceExists {
			t.Errorf("Observe(...) after Delete: %+v, %v: want gone", o, err)
		}
	})
}

// A create in a repository GitHub does not have says so, and names nothing;
// a delete there is done.
func TestNoSuchRepository(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		mg := s.object()
		_, err := s.external((&gh{}).api(), nil).Create(context.Background(), mg)
		if want := "cannot set the OIDC subject claim template of repository " + full + ": cannot find repository " + full; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Create(...): %v, want an error holding %q", err, want)
		}
		if e := meta.GetExternalName(mg); e != "" {
			t.Errorf("external name %q after a failed create, want none", e)
		}
		if _, err := s.external((&gh{}).api(), nil).Delete(context.Background(), mg); err != nil {
			t.Errorf("Delete(...) without a repository: %v, want done", err)
		}
	})
}

// GitHub's 422 says which field to change.
func TestRefused(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		refused := kindtest.GitHubErr(http.MethodPut, "/repos/demo-org/app/actions/oidc/customization/sub", http.StatusUnprocessableEntity, "Validation Failed")
		_, err := s.external((&gh{has: byDefault(), err: refused}).api(), nil).Create(context.Background(), s.object())
		if want := "change spec.forProvider.includeClaimKeys"; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Create(...): %v, want an error holding %q", err, want)
		}
	})
}
