package organizationsettings

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	"github.com/crossplane-github/provider-github/internal/clients/sharing"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// A scope is one of the OrganizationSettings kinds that share external[T].
type scope struct {
	name     string
	settings func(m ...mod) Object
	external func(api github.OrganizationsAPI, rec event.Recorder, claimed error) kindtest.Client[Object]
	// enforcing is external with a declared enforcement of immutable
	// releases, sh, set through policy.
	enforcing func(api github.OrganizationsAPI, policy github.ImmutableReleasesPolicyAPI, sh *kind.Sharing) kindtest.Client[Object]
}

func (s scope) ScopeName() string { return s.name }

func scopeOf[T Object](s apis.Scope, newT func(namespace, name string) T) scope {
	return scope{
		name: string(s),
		settings: func(m ...mod) Object {
			o := newT("ns", "org")
			o.Parameters().Organization = ptr.To("demo-org")
			o.Parameters().DefaultRepositoryPermission = ptr.To("write")
			// The CRD's default.
			o.SetManagementPolicies(xpv2.ManagementPolicies{xpv2.ManagementActionAll})
			for _, f := range m {
				f(o)
			}
			return o
		},
		external: func(api github.OrganizationsAPI, rec event.Recorder, claimed error) kindtest.Client[Object] {
			e := &external[T]{api: api, in: kind.Organization{Login: "demo-org"}, host: "api.github.com", record: rec,
				claimed: func(context.Context, T) error { return claimed }}
			return kindtest.Typed[Object, T]{E: e}
		},
		enforcing: func(api github.OrganizationsAPI, policy github.ImmutableReleasesPolicyAPI, sh *kind.Sharing) kindtest.Client[Object] {
			e := &external[T]{api: api, policy: policy, immutable: sh, in: kind.Organization{Login: "demo-org"}, host: "api.github.com",
				record: &kindtest.Recorder{}, claimed: func(context.Context, T) error { return nil }}
			return kindtest.Typed[Object, T]{E: e}
		},
	}
}

var scopes = twins.EachOrganizationSettings(scopeOf, scopeOf)

// A mod changes an OrganizationSettings of either scope.
type mod func(Object)

func written() mod { return func(o Object) { meta.SetExternalName(o, "demo-org") } }

// org is demo-org as GitHub shows its owners, changed by mods.
func org(mods ...func(*github.Organization)) *github.Organization {
	o := &github.Organization{Login: "demo-org", ID: 7, DefaultRepositoryPermission: ptr.To("write"), Company: ptr.To("Demo Inc."),
		WebCommitSignoffRequired: ptr.To(false)}
	for _, m := range mods {
		m(o)
	}
	return o
}

// call is one request the fake GitHub was sent.
type call struct {
	Op  string
	Req *github.OrganizationRequest
}

func fakeAPI(t *testing.T, calls *[]call, get *github.Organization, getErr, editErr error) *fake.MockOrganizationsAPI {
	return &fake.MockOrganizationsAPI{
		MockGetOrganization: func(_ context.Context, login string) (*github.Organization, error) {
			if login != "demo-org" {
				t.Errorf("GetOrganization(%s): want demo-org", login)
			}
			*calls = append(*calls, call{Op: "get"})
			return get, getErr
		},
		MockEditOrganization: func(_ context.Context, login string, r *github.OrganizationRequest) (*github.Organization, error) {
			if login != "demo-org" {
				t.Errorf("EditOrganization(%s): want demo-org", login)
			}
			*calls = append(*calls, call{Op: "edit", Req: r})
			return org(), editErr
		},
	}
}

func TestObserve(t *testing.T) {
	claimed := errors.New("organization demo-org is already claimed by OrganizationSettings ns/first, which is older")
	type want struct {
		o        managed.ExternalObservation
		err      error
		calls    []call
		events   []event.Reason
		company  *string
		observed bool
	}
	cases := map[string]struct {
		reason  string
		get     *github.Organization
		getErr  error
		claimed error
		mg      []mod
		want    want
	}{
		"NotWrittenYet": {
			reason: "Without an external name the declared settings were not written: the resource does not exist, and what GitHub has is shown.",
			get:    org(),
			want:   want{calls: []call{{Op: "get"}}, observed: true},
		},
		"UpToDate": {
			reason: "The declared settings are GitHub's; what the spec leaves out is filled in from GitHub.",
			get:    org(), mg: []mod{written()},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true},
				calls: []call{{Op: "get"}}, company: ptr.To("Demo Inc."), observed: true},
		},
		"Drift": {
			reason: "A declared setting changed on GitHub is named.",
			get:    org(func(o *github.Organization) { o.DefaultRepositoryPermission = ptr.To("read") }), mg: []mod{written()},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "defaultRepositoryPermission", ResourceLateInitialized: true},
				calls: []call{{Op: "get"}}, company: ptr.To("Demo Inc."), observed: true},
		},
		"NoLateInitialization": {
			reason: "Without the LateInitialize management policy, what the spec leaves out stays GitHub's.",
			get:    org(), mg: []mod{written(), func(o Object) {
				o.SetManagementPolicies(xpv2.ManagementPolicies{xpv2.ManagementActionObserve, xpv2.ManagementActionCreate, xpv2.ManagementActionUpdate})
			}},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, calls: []call{{Op: "get"}}, observed: true},
		},
		"Claimed": {
			reason:  "An organization an older OrganizationSettings claims is neither read nor written.",
			claimed: claimed,
			want:    want{err: claimed},
		},
		"NoOrganization": {
			getErr: kindtest.GitHubErr(http.MethodGet, "/orgs/demo-org", http.StatusNotFound, "Not Found"), mg: []mod{written()},
			want: want{err: errors.Wrap(kindtest.GitHubErr(http.MethodGet, "/orgs/demo-org", http.StatusNotFound, "Not Found"),
				"cannot read the settings of organization demo-org: cannot find the organization, or the credentials may not see it"), calls: []call{{Op: "get"}}},
		},
		"Deleted": {
			reason: "Deleting leaves the settings as they are, reads nothing and says so.",
			mg:     []mod{written(), func(o Object) { now := metav1.Now(); o.SetDeletionTimestamp(&now) }},
			want:   want{events: []event.Reason{ReasonLeftAsIs}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				var calls []call
				rec := &kindtest.Recorder{}
				mg := s.settings(tc.mg...)
				got, err := s.external(fakeAPI(t, &calls, tc.get, tc.getErr, nil), rec, tc.claimed).Observe(context.Background(), mg)
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.o, got); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.calls, calls); diff != "" {
					t.Errorf("\n%s\nGitHub calls: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nevents: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.company, mg.Parameters().Company); diff != "" {
					t.Errorf("\n%s\nspec.forProvider.company: -want, +got:\n%s", tc.reason, diff)
				}
				if tc.want.observed && ptr.Deref(mg.Observation().ID, 0) != 7 {
					t.Errorf("\n%s\nstatus.atProvider = %+v, want GitHub's organization", tc.reason, mg.Observation())
				}
				if tc.claimed != nil && ptr.Deref(mg.Observation().Organization, "") != "demo-org" {
					t.Errorf("\n%s\na refused resource records the organization it claims, for younger ones: %+v", tc.reason, mg.Observation())
				}
			})
		})
	}
}

func TestCreateAndUpdate(t *testing.T) {
	refused := kindtest.GitHubErr(http.MethodPatch, "/orgs/demo-org", http.StatusUnprocessableEntity, "Validation Failed")
	want := &github.OrganizationRequest{DefaultRepositoryPermission: ptr.To("write")}
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		var calls []call
		mg := s.settings()
		e := s.external(fakeAPI(t, &calls, nil, nil, nil), &kindtest.Recorder{}, nil)
		if _, err := e.Create(context.Background(), mg); err != nil {
			t.Fatalf("Create(...): %v", err)
		}
		if ext := meta.GetExternalName(mg); ext != "demo-org" {
			t.Errorf("external name %q, want the organization's login", ext)
		}
		if _, err := e.Update(context.Background(), mg); err != nil {
			t.Fatalf("Update(...): %v", err)
		}
		if diff := cmp.Diff([]call{{Op: "edit", Req: want}, {Op: "edit", Req: want}}, calls); diff != "" {
			t.Errorf("GitHub calls: -want, +got:\n%s", diff)
		}
	})
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		var calls []call
		mg := s.settings()
		_, err := s.external(fakeAPI(t, &calls, nil, nil, refused), &kindtest.Recorder{}, nil).Create(context.Background(), mg)
		wantErr := errors.Wrap(refused, "GitHub refused the settings of organization demo-org: a setting its plan does not offer (internal repositories and private Pages need GitHub Enterprise Cloud) or a value GitHub does not take; change or remove it in spec.forProvider")
		if diff := cmp.Diff(wantErr, err, test.EquateErrors()); diff != "" {
			t.Errorf("Create(...) refused: -want error, +got error:\n%s", diff)
		}
		if ext := meta.GetExternalName(mg); ext != "" {
			t.Errorf("external name %q after a refused create, want none", ext)
		}
	})
}

// Deleting changes nothing on GitHub.
func TestDelete(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		var calls []call
		if _, err := s.external(fakeAPI(t, &calls, nil, nil, nil), &kindtest.Recorder{}, nil).Delete(context.Background(), s.settings(written())); err != nil {
			t.Fatalf("Delete(...): %v", err)
		}
		if len(calls) != 0 {
			t.Errorf("GitHub calls %v, want none", calls)
		}
	})
}

// The declared enforcement of immutable releases is read beside the
// settings (its repositories only when both sides say selected), compared,
// shown in the status, and written alone when only it differs.
func TestImmutableReleasesPolicy(t *testing.T) {
	cases := map[string]struct {
		reason    string
		want      sharing.Want
		policy    string
		selected  []int64
		diff      string
		listed    bool
		wantCalls []string
	}{
		"NotEnforcedYet": {
			reason: "selected repositories declared, none enforced on GitHub: the policy is written, alone (the settings are as declared)",
			want:   sharing.Want{Visibility: "selected", IDs: []int64{1, 2}}, policy: "none",
			diff:      "immutableReleases: enforcedRepositories",
			wantCalls: []string{"get", "policy", "set selected [1 2]"},
		},
		"OtherRepositories": {
			reason: "both selected, another repository on GitHub: the list is read, the difference named, the whole list written",
			want:   sharing.Want{Visibility: "selected", IDs: []int64{1, 2}}, policy: "selected", selected: []int64{1, 3},
			diff: "immutableReleases: selected repositories (on GitHub, not declared: [3]; declared, not on GitHub: [2])", listed: true,
			wantCalls: []string{"get", "policy", "list", "set selected [1 2]"},
		},
		"AsDeclared": {
			reason: "all declared and enforced on all: up to date, no list read, nothing written",
			want:   sharing.Want{Visibility: "all"}, policy: "all",
			wantCalls: []string{"get", "policy"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				var calls []call
				var log []string
				api := fakeAPI(t, &calls, org(), nil, nil)
				policy := &fake.MockImmutableReleasesPolicyAPI{
					MockImmutableReleasesPolicy: func(context.Context, string) (string, error) { log = append(log, "policy"); return tc.policy, nil },
					MockSetImmutableReleasesPolicy: func(_ context.Context, _ string, p github.ImmutableReleasesPolicy) error {
						log = append(log, fmt.Sprintf("set %s %v", p.EnforcedRepositories, ptr.Deref(p.SelectedRepositoryIDs, nil)))
						return nil
					},
				}
				list := &fake.MockSelectedRepositoriesAPI{MockListSelectedRepositories: func(_ context.Context, _ string, of github.Shared, _ string) ([]github.SelectedRepository, error) {
					if !of.ImmutableReleases {
						t.Errorf("listed the repositories of %+v, want the enforcement of immutable releases", of)
					}
					log = append(log, "list")
					var out []github.SelectedRepository
					for _, id := range tc.selected {
						out = append(out, github.SelectedRepository{ID: id})
					}
					return out, nil
				}}
				e := s.enforcing(api, policy, kind.NewSharing(list, "demo-org", github.Shared{ImmutableReleases: true}, tc.want))
				mg := s.settings(written())
				got, err := e.Observe(context.Background(), mg)
				if err != nil {
					t.Fatalf("Observe(...): %v", err)
				}
				log = append([]string{"get"}, log...)
				if got.Diff != tc.diff || got.ResourceUpToDate != (tc.diff == "") {
					t.Errorf("\n%s\nObserve(...) = %+v, want diff %q", tc.reason, got, tc.diff)
				}
				if o := mg.Observation().ImmutableReleases; o == nil || ptr.Deref(o.Visibility, "") != tc.policy {
					t.Errorf("\n%s\nstatus.atProvider.immutableReleases = %+v, want enforced on %s", tc.reason, o, tc.policy)
				}
				if !got.ResourceUpToDate {
					if _, err := e.Update(context.Background(), mg); err != nil {
						t.Fatalf("Update(...): %v", err)
					}
				}
				if diff := cmp.Diff(tc.wantCalls, log); diff != "" {
					t.Errorf("\n%s\ncalls: -want, +got:\n%s", tc.reason, diff)
				}
				if len(calls) != 1 {
					t.Errorf("\n%s\norganization calls %v, want its one read (the settings are as declared)", tc.reason, calls)
				}
			})
		})
	}
}
