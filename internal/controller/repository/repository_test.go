package repository

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	gogithub "github.com/google/go-github/v37/github"
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

// mockAPI is githubAPI made of the fakes of its areas, whose methods it
// promotes. A call to a method whose function field is nil panics, so a
// test states every call it expects.
type mockAPI struct {
	fake.MockReposAPI
	fake.MockCustomPropertiesAPI
	fake.MockTopicsAPI
	fake.MockVulnerabilityAlertsAPI
	fake.MockReleaseSecurityAPI
	fake.MockUsersAPI
	fake.MockTeamsAPI
	fake.MockOrgRolesAPI
	fake.MockRepoCodeSecurityAPI
}

var _ githubAPI = (*mockAPI)(nil)

// A scope is one of the Repository kinds that share external[T]. It builds
// a Repository of its kind, and an external client for that kind taking any
// Object, so that one table of cases runs in both scopes.
type scope struct {
	name       string
	repository func(m ...mod) Object
	external   func(api githubAPI, defaultOwner string, observed *github.Repository) kindtest.Client[Object]
	// keeping is an external client that keeps resolved bypass reviewers
	// in resolved, as the connector's are.
	keeping func(api githubAPI, resolved *bypassIDs) kindtest.Client[Object]
}

func (s scope) ScopeName() string { return s.name }

// scopeOf makes the scope of T. Its Repositories carry the management
// policies the API server defaults.
func scopeOf[T Object](s apis.Scope, newT func(namespace, name string) T) scope {
	return scope{
		name: string(s),
		repository: func(m ...mod) Object {
			r := newT("ns", "x")
			r.SetManagementPolicies(xpv2.ManagementPolicies{xpv2.ManagementActionAll})
			for _, f := range m {
				f(r)
			}
			return r
		},
		external: func(api githubAPI, defaultOwner string, observed *github.Repository) kindtest.Client[Object] {
			return kindtest.Typed[Object, T]{E: &external[T]{api: api, defaultOwner: defaultOwner, record: event.NewNopRecorder(), observed: observed}}
		},
		keeping: func(api githubAPI, resolved *bypassIDs) kindtest.Client[Object] {
			return kindtest.Typed[Object, T]{E: &external[T]{api: api, defaultOwner: "org", record: event.NewNopRecorder(), resolved: resolved}}
		},
	}
}

var scopes = twins.EachRepository(scopeOf, scopeOf)

// A mod changes a Repository of either scope.
type mod func(Object)

func withExternalName(n string) mod { return func(r Object) { meta.SetExternalName(r, n) } }
func withID(id int64) mod           { return func(r Object) { r.Observation().ID = &id } }
func withParams(fn func(*common.RepositoryParameters)) mod {
	return func(r Object) { fn(r.Parameters()) }
}
func withCreatePending(at time.Time) mod {
	return func(r Object) { meta.SetExternalCreatePending(r, at) }
}
func withCreateFailed(at time.Time) mod {
	return func(r Object) { meta.SetExternalCreateFailed(r, at) }
}
func withCreateRefused(at time.Time) mod {
	return func(r Object) {
		meta.AddAnnotations(r, map[string]string{kind.AnnotationCreateRefused: at.Format(time.RFC3339)})
	}
}
func deleting() mod {
	return func(r Object) { now := metav1.Now(); r.SetDeletionTimestamp(&now) }
}

func ghRepo(m ...func(*github.Repository)) *github.Repository {
	created := time.Now().Add(-time.Hour)
	r := &github.Repository{ID: 1, Name: "x", FullName: "org/x", Owner: github.Account{Login: "org", Type: "Organization"},
		Visibility: "public", DefaultBranch: "main", CreatedAt: &created}
	for _, f := range m {
		f(r)
	}
	return r
}

// ghErr is what the client returns when GitHub answers status to a GET of
// the repository org/x.
func ghErr(status int) error { return ghErrOn(http.MethodGet, "/repos/org/x", status) }

// ghErrOn is what the client returns when GitHub answers status to a request.
func ghErrOn(method, path string, status int, details ...gogithub.Error) error {
	return kindtest.GitHubErr(method, path, status, http.StatusText(status), details...)
}

func TestObserve(t *testing.T) {
	details := managed.ConnectionDetails{"fullName": []byte("org/x"), "htmlUrl": nil, "cloneUrl": nil, "sshUrl": nil}
	type args struct {
		api            *mockAPI
		noDefaultOwner bool
		mg             []mod
	}
	type want struct {
		o   managed.ExternalObservation
		err error
	}
	cases := map[string]struct {
		reason string
		args   args
		want   want
	}{
		"NoOwner": {
			reason: "without an owner in the spec or the provider configuration there is nothing to look up",
			args:   args{api: &mockAPI{}, noDefaultOwner: true},
			want:   want{err: errors.New("no owner for the repository: set spec.forProvider.owner, or spec.owner of the provider configuration")},
		},
		"NameAndExternalNameDisagree": {
			reason: "the spec and the annotation must name the same repository",
			args: args{api: &mockAPI{}, mg: []mod{withExternalName("a"), withParams(func(p *common.RepositoryParameters) {
				p.Owner, p.Name = ptr.To("org"), ptr.To("b")
			})}},
			want: want{err: errors.New(`spec.forProvider.name "b" and the crossplane.io/external-name annotation "a" name different repositories: make them equal`)},
		},
		"NeverCreated": {
			reason: "a 404 for a repository this resource never had means: create it",
			args: args{api: &mockAPI{MockReposAPI: fake.MockReposAPI{MockGet: func(_ context.Context, o, n string) (*github.Repository, error) {
				if o != "org" || n != "x" {
					t.Errorf("Get(%s, %s): want org/x (default owner, metadata.name)", o, n)
				}
				return nil, ghErr(404)
			}}}},
			want: want{o: managed.ExternalObservation{ResourceExists: false}},
		},
		"ServerErrorIsNotAbsence": {
			reason: "only a 404 means absent: a 500 must not lead to a create",
			args: args{
				api: &mockAPI{MockReposAPI: fake.MockReposAPI{MockGet: func(context.Context, string, string) (*github.Repository, error) { return nil, ghErr(500) }}},
				mg:  []mod{withExternalName("x")},
			},
			want: want{err: errors.Wrap(ghErr(500), "cannot read repository org/x")},
		},
		"ForbiddenIsNotAbsence": {
			reason: "a 403 is an error, not absence",
			args:   args{api: &mockAPI{MockReposAPI: fake.MockReposAPI{MockGet: func(context.Context, string, string) (*github.Repository, error) { return nil, ghErr(403) }}}},
			want:   want{err: errors.Wrap(ghErr(403), "cannot read repository org/x")},
		},
		"ExistsButNotOurs": {
			reason: "an existing repository is never taken over without the external-name annotation",
			args:   args{api: &mockAPI{MockReposAPI: fake.MockReposAPI{MockGet: func(context.Context, string, string) (*github.Repository, error) { return ghRepo(), nil }}}},
			want: want{err: kind.NotOurs{Err: errors.New("org/x already exists on GitHub and this Repository did not create it; " +
				"to manage it, set the annotation crossplane.io/external-name: x")}},
		},
		"InterruptedCreate": {
			reason: "a repository GitHub created while this resource's create was pending is this resource's",
			args: args{
				api: &mockAPI{MockReposAPI: fake.MockReposAPI{MockGet: func(context.Context, string, string) (*github.Repository, error) {
					return ghRepo(func(r *github.Repository) { now := time.Now(); r.CreatedAt = &now }), nil
				}}},
				mg: []mod{withCreatePending(time.Now())},
			},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true, ConnectionDetails: details}},
		},
		"RefusedCreateLookAlike": {
			reason: "after GitHub refused the create (422: the name is taken), a repository made a second before it is someone else's, however alike",
			args: args{
				api: &mockAPI{MockReposAPI: fake.MockReposAPI{MockGet: func(context.Context, string, string) (*github.Repository, error) {
					return ghRepo(func(r *github.Repository) { at := time.Now().Add(-time.Second); r.CreatedAt = &at }), nil
				}}},
				mg: []mod{withCreatePending(time.Now()), withCreateFailed(time.Now()), withCreateRefused(time.Now())},
			},
			want: want{err: kind.NotOurs{Err: errors.New("org/x already exists on GitHub and this Repository did not create it; " +
				"to manage it, set the annotation crossplane.io/external-name: x")}},
		},
		"LostAnswerFindsARepositoryDifferingInOneField": {
			reason: "after a lost answer, a repository made during the create that differs in one field the create sent is someone else's",
			args: args{
				api: &mockAPI{MockReposAPI: fake.MockReposAPI{MockGet: func(context.Context, string, string) (*github.Repository, error) {
					return ghRepo(func(r *github.Repository) { now := time.Now(); r.CreatedAt = &now }), nil
				}}},
				mg: []mod{withCreatePending(time.Now()), withCreateFailed(time.Now()), withParams(func(p *common.RepositoryParameters) { p.Visibility = ptr.To("private") })},
			},
			want: want{err: kind.NotOurs{Err: errors.New("org/x already exists on GitHub and this Repository did not create it; " +
				"to manage it, set the annotation crossplane.io/external-name: x")}},
		},
		"UpToDate": {
			reason: "an adopted repository matching the spec is up to date",
			args: args{
				api: &mockAPI{MockReposAPI: fake.MockReposAPI{MockGet: func(context.Context, string, string) (*github.Repository, error) { return ghRepo(), nil }}},
				mg:  []mod{withExternalName("x"), withParams(func(p *common.RepositoryParameters) { p.Visibility = ptr.To("public") })},
			},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true, ConnectionDetails: details}},
		},
		"Drifted": {
			reason: "a setting that differs makes the repository not up to date, and says which",
			args: args{
				api: &mockAPI{MockReposAPI: fake.MockReposAPI{MockGet: func(context.Context, string, string) (*github.Repository, error) { return ghRepo(), nil }}},
				mg:  []mod{withExternalName("x"), withParams(func(p *common.RepositoryParameters) { p.Visibility = ptr.To("private") })},
			},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: false, ResourceLateInitialized: true, Diff: "visibility",
				ConnectionDetails: details}},
		},
		"RenamedFoundByID": {
			reason: "a renamed repository whose old-name redirect is gone is found by id and must be renamed back",
			args: args{
				api: &mockAPI{MockReposAPI: fake.MockReposAPI{
					MockGet: func(context.Context, string, string) (*github.Repository, error) { return nil, ghErr(404) },
					MockGetByID: func(_ context.Context, id int64) (*github.Repository, error) {
						return ghRepo(func(r *github.Repository) { r.Name, r.ID = "y", id }), nil
					},
				}},
				mg: []mod{withExternalName("x"), withID(1)},
			},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: false, ResourceLateInitialized: true, Diff: "name",
				ConnectionDetails: details}},
		},
		"FormerNameIsFree": {
			reason: "a name GitHub only redirects (to a renamed repository) is free, so a new repository can be created",
			args: args{api: &mockAPI{MockReposAPI: fake.MockReposAPI{MockGet: func(context.Context, string, string) (*github.Repository, error) {
				return ghRepo(func(r *github.Repository) { r.Name, r.FullName = "y", "org/y" }), nil
			}}}},
			want: want{o: managed.ExternalObservation{ResourceExists: false}},
		},
		"AdoptingAFormerName": {
			reason: "adopting a name that GitHub redirects to a renamed repository neither adopts nor renames it",
			args: args{
				api: &mockAPI{MockReposAPI: fake.MockReposAPI{MockGet: func(context.Context, string, string) (*github.Repository, error) {
					return ghRepo(func(r *github.Repository) { r.Name, r.FullName = "y", "org/y" }), nil
				}}},
				mg: []mod{withExternalName("x")},
			},
			want: want{err: kind.NotOurs{Err: errors.New("org/x was renamed to org/y on GitHub; to manage that repository, " +
				"set the annotation crossplane.io/external-name (and spec.forProvider.name, if set) to y")}},
		},
		"DeletedOnGitHub": {
			reason: "a repository gone by name and by id does not exist, so it is created again",
			args: args{
				api: &mockAPI{MockReposAPI: fake.MockReposAPI{
					MockGet:     func(context.Context, string, string) (*github.Repository, error) { return nil, ghErr(404) },
					MockGetByID: func(context.Context, int64) (*github.Repository, error) { return nil, ghErr(404) },
				}},
				mg: []mod{withExternalName("x"), withID(1)},
			},
			want: want{o: managed.ExternalObservation{ResourceExists: false}},
		},
		"NameTakenByAnother": {
			reason: "when another repository took the name of ours, neither is touched",
			args: args{
				api: &mockAPI{MockReposAPI: fake.MockReposAPI{
					MockGet: func(context.Context, string, string) (*github.Repository, error) {
						return ghRepo(func(r *github.Repository) { r.ID = 2 }), nil
					},
					MockGetByID: func(context.Context, int64) (*github.Repository, error) {
						return ghRepo(func(r *github.Repository) { r.FullName = "org/y" }), nil
					},
				}},
				mg: []mod{withExternalName("x"), withID(1)},
			},
			want: want{err: errors.New("repository org/x is now a different repository (id 2); the one this Repository manages (id 1) " +
				"was renamed to org/y: rename or remove one of them on GitHub")},
		},
		"OursDeletedNameTaken": {
			reason: "when ours was deleted and another repository has the name, it is not adopted",
			args: args{
				api: &mockAPI{MockReposAPI: fake.MockReposAPI{
					MockGet: func(context.Context, string, string) (*github.Repository, error) {
						return ghRepo(func(r *github.Repository) { r.ID = 2 }), nil
					},
					MockGetByID: func(context.Context, int64) (*github.Repository, error) { return nil, ghErr(404) },
				}},
				mg: []mod{withExternalName("x"), withID(1)},
			},
			want: want{err: kind.NotOurs{Err: errors.New("the repository this Repository managed (id 1) was deleted, and org/x is now a different repository (id 2); " +
				"to manage that one, recreate this Repository with the annotation crossplane.io/external-name: x")}},
		},
		"Transferred": {
			reason: "a repository now owned by someone else is reported, not changed",
			args: args{
				api: &mockAPI{MockReposAPI: fake.MockReposAPI{MockGet: func(context.Context, string, string) (*github.Repository, error) {
					return ghRepo(func(r *github.Repository) { r.Owner.Login, r.FullName = "elsewhere", "elsewhere/x" }), nil
				}}},
				mg: []mod{withExternalName("x")},
			},
			want: want{err: kind.NotOurs{Err: errors.New("repository elsewhere/x (id 1) now belongs to elsewhere, not org: " +
				"transfer it back on GitHub, or delete this Repository (the repository is left alone)")}},
		},
		"ArchivedOnDelete": {
			reason: "once archived on delete, the repository is gone as far as the resource goes",
			args: args{
				api: &mockAPI{MockReposAPI: fake.MockReposAPI{MockGet: func(context.Context, string, string) (*github.Repository, error) {
					return ghRepo(func(r *github.Repository) { r.Archived = true }), nil
				}}},
				mg: []mod{withExternalName("x"), withParams(func(p *common.RepositoryParameters) { p.ArchiveOnDelete = ptr.To(true) }), deleting()},
			},
			want: want{o: managed.ExternalObservation{ResourceExists: false}},
		},
		"DeletingWhatIsNotOurs": {
			reason: "a resource being deleted whose name was taken by someone else's repository says so; kind completes its deletion (nothing of its own to delete)",
			args: args{
				api: &mockAPI{MockReposAPI: fake.MockReposAPI{MockGet: func(context.Context, string, string) (*github.Repository, error) { return ghRepo(), nil }}},
				mg:  []mod{deleting()},
			},
			want: want{err: kind.NotOursf("org/x already exists on GitHub and this Repository did not create it; to manage it, set the annotation crossplane.io/external-name: x")},
		},
		"DeletingOursRenamedNameTaken": {
			reason: "deleting a resource whose repository was renamed while another took its name deletes its own repository",
			args: args{
				api: &mockAPI{MockReposAPI: fake.MockReposAPI{
					MockGet: func(context.Context, string, string) (*github.Repository, error) {
						return ghRepo(func(r *github.Repository) { r.ID = 2 }), nil
					},
					MockGetByID: func(context.Context, int64) (*github.Repository, error) {
						return ghRepo(func(r *github.Repository) { r.Name = "y" }), nil
					},
				}},
				mg: []mod{withExternalName("x"), withID(1), deleting()},
			},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: false, ResourceLateInitialized: true, Diff: "name",
				ConnectionDetails: details}},
		},
		"VulnerabilityAlertsReadOnlyWhenDeclared": {
			reason: "vulnerability alerts cost a call, so they are read only when the spec sets them",
			args: args{
				api: &mockAPI{
					MockReposAPI:               fake.MockReposAPI{MockGet: func(context.Context, string, string) (*github.Repository, error) { return ghRepo(), nil }},
					MockVulnerabilityAlertsAPI: fake.MockVulnerabilityAlertsAPI{MockVulnerabilityAlerts: func(context.Context, string, string) (bool, error) { return false, nil }},
				},
				mg: []mod{withExternalName("x"), withParams(func(p *common.RepositoryParameters) { p.VulnerabilityAlerts = ptr.To(true) })},
			},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: false, ResourceLateInitialized: true, Diff: "vulnerabilityAlerts",
				ConnectionDetails: details}},
		},
		"ReleaseSecurityReadWhenDeclared": {
			reason: "private vulnerability reporting and immutable releases are read, each at its own endpoint, when the spec declares them, and compared",
			args: args{
				api: &mockAPI{
					MockReposAPI: fake.MockReposAPI{MockGet: func(context.Context, string, string) (*github.Repository, error) { return ghRepo(), nil }},
					MockReleaseSecurityAPI: fake.MockReleaseSecurityAPI{
						MockPrivateVulnerabilityReporting: func(context.Context, string, string) (bool, error) { return false, nil },
						MockImmutableReleases: func(context.Context, string, string) (github.ImmutableReleases, error) {
							return github.ImmutableReleases{}, nil
						},
					},
				},
				mg: []mod{withExternalName("x"), withParams(func(p *common.RepositoryParameters) {
					p.PrivateVulnerabilityReporting, p.ImmutableReleases = ptr.To(true), ptr.To(true)
				})},
			},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: false, ResourceLateInitialized: true,
				Diff: "privateVulnerabilityReporting, immutableReleases", ConnectionDetails: details}},
		},
		"ImmutableReleasesTheOrganizationEnforces": {
			reason: "immutable releases declared off that the organization enforces are reported, not fought over: the repository is up to date",
			args: args{
				api: &mockAPI{
					MockReposAPI: fake.MockReposAPI{MockGet: func(context.Context, string, string) (*github.Repository, error) { return ghRepo(), nil }},
					MockReleaseSecurityAPI: fake.MockReleaseSecurityAPI{MockImmutableReleases: func(context.Context, string, string) (github.ImmutableReleases, error) {
						return github.ImmutableReleases{Enabled: true, EnforcedByOwner: true}, nil
					}},
				},
				mg: []mod{withExternalName("x"), withParams(func(p *common.RepositoryParameters) { p.ImmutableReleases = ptr.To(false) })},
			},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true, ConnectionDetails: details}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				owner := "org"
				if tc.args.noDefaultOwner {
					owner = ""
				}
				got, err := s.external(tc.args.api, owner, nil).Observe(context.Background(), s.repository(tc.args.mg...))
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.o, got, cmpopts.EquateEmpty()); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

func TestCreate(t *testing.T) {
	org := func(context.Context, string) (*github.Account, error) {
		return &github.Account{Type: "Organization"}, nil
	}
	user := func(context.Context, string) (*github.Account, error) { return &github.Account{Type: "User"}, nil }
	type args struct {
		api *mockAPI
		mg  []mod
	}
	type want struct {
		externalName string
		// visibility: late-initialized from GitHub's answer, or not.
		visibility *string
		err        error
	}
	cases := map[string]struct {
		reason string
		args   args
		want   want
	}{
		"InOrganization": {
			reason: "an organization's repository is created under /orgs/{org}/repos",
			args: args{api: &mockAPI{
				MockUsersAPI: fake.MockUsersAPI{MockGetAccount: org},
				MockReposAPI: fake.MockReposAPI{MockCreate: func(_ context.Context, o string, q *github.RepositoryRequest) (*github.Repository, error) {
					if o != "org" || ptr.Deref(q.Name, "") != "x" {
						t.Errorf("Create(%q, %v): want org and name x", o, q.Name)
					}
					return ghRepo(), nil
				}},
			}},
			want: want{externalName: "x", visibility: ptr.To("public")},
		},
		"WithoutLateInitializePolicy": {
			reason: "without the LateInitialize management policy the spec keeps only what the user wrote",
			args: args{
				api: &mockAPI{
					MockUsersAPI: fake.MockUsersAPI{MockGetAccount: org},
					MockReposAPI: fake.MockReposAPI{MockCreate: func(context.Context, string, *github.RepositoryRequest) (*github.Repository, error) {
						return ghRepo(), nil
					}},
				},
				mg: []mod{func(r Object) {
					r.SetManagementPolicies(xpv2.ManagementPolicies{xpv2.ManagementActionObserve, xpv2.ManagementActionCreate, xpv2.ManagementActionUpdate})
				}},
			},
			want: want{externalName: "x"},
		},
		"ForAuthenticatedUser": {
			reason: "a user repository is created for the authenticated user, who must be the owner",
			args: args{api: &mockAPI{
				MockUsersAPI: fake.MockUsersAPI{MockGetAccount: user, MockGetAuthenticatedLogin: func(context.Context) (string, error) { return "ORG", nil }},
				MockReposAPI: fake.MockReposAPI{MockCreate: func(_ context.Context, o string, _ *github.RepositoryRequest) (*github.Repository, error) {
					if o != "" {
						t.Errorf("Create(%q): want the user endpoint", o)
					}
					return ghRepo(), nil
				}},
			}},
			want: want{externalName: "x", visibility: ptr.To("public")},
		},
		"ForAnotherUser": {
			reason: "GitHub cannot create a repository for a user other than the authenticated one",
			args:   args{api: &mockAPI{MockUsersAPI: fake.MockUsersAPI{MockGetAccount: user, MockGetAuthenticatedLogin: func(context.Context) (string, error) { return "me", nil }}}},
			want: want{err: errors.Wrap(
				errors.New("org is a user account, but the credentials belong to me: GitHub creates user repositories only for the authenticated user"),
				"cannot create repository org/x")},
		},
		"FromTemplate": {
			reason: "a template source generates the repository",
			args: args{
				api: &mockAPI{
					MockUsersAPI: fake.MockUsersAPI{MockGetAccount: org},
					MockReposAPI: fake.MockReposAPI{MockGenerate: func(_ context.Context, to, tr string, q *github.TemplateRequest) (*github.Repository, error) {
						if to != "t" || tr != "tpl" || q.Owner != "org" || q.Name != "x" {
							t.Errorf("Generate(%s, %s, %+v): want t/tpl into org/x", to, tr, q)
						}
						return ghRepo(), nil
					}},
				},
				mg: []mod{withParams(func(p *common.RepositoryParameters) {
					p.Template = &common.TemplateSource{Owner: "t", Repository: "tpl"}
				})},
			},
			want: want{externalName: "x"},
		},
		"Fork": {
			reason: "a fork source forks into the organization",
			args: args{
				api: &mockAPI{
					MockUsersAPI: fake.MockUsersAPI{MockGetAccount: org},
					MockReposAPI: fake.MockReposAPI{MockFork: func(_ context.Context, fo, fr string, q *github.ForkRequest) (*github.Repository, error) {
						if fo != "u" || fr != "lib" || q.Organization != "org" || q.Name != "x" {
							t.Errorf("Fork(%s, %s, %+v): want u/lib into org/x", fo, fr, q)
						}
						return ghRepo(), nil
					}},
				},
				mg: []mod{withParams(func(p *common.RepositoryParameters) { p.Fork = &common.ForkSource{Owner: "u", Repository: "lib"} })},
			},
			want: want{externalName: "x"},
		},
		"CustomPropertiesWithTheCreate": {
			reason: "an organization's create sends the declared custom property values",
			args: args{
				api: &mockAPI{
					MockUsersAPI: fake.MockUsersAPI{MockGetAccount: org},
					MockReposAPI: fake.MockReposAPI{MockCreate: func(_ context.Context, _ string, q *github.RepositoryRequest) (*github.Repository, error) {
						want := map[string]*github.PropertyValue{"environment": github.StringValue("production"), "tags": github.ListValue([]string{"pci"})}
						if diff := cmp.Diff(want, q.CustomProperties); diff != "" {
							t.Errorf("Create(...) custom_properties: -want, +got:\n%s", diff)
						}
						return ghRepo(), nil
					}},
				},
				mg: []mod{withParams(func(p *common.RepositoryParameters) {
					p.CustomProperties = map[string]common.CustomPropertyValue{"environment": {Value: ptr.To("production")}, "tags": {Values: []string{"pci"}}}
				})},
			},
			want: want{externalName: "x", visibility: ptr.To("public")},
		},
		"CustomPropertiesRefusedAtCreate": {
			reason: "values GitHub refuses at the create are explained from the organization's schema",
			args: args{
				api: &mockAPI{
					MockUsersAPI: fake.MockUsersAPI{MockGetAccount: org},
					MockReposAPI: fake.MockReposAPI{MockCreate: func(context.Context, string, *github.RepositoryRequest) (*github.Repository, error) {
						return nil, ghErrOn(http.MethodPost, "/orgs/org/repos", http.StatusUnprocessableEntity)
					}},
					MockCustomPropertiesAPI: fake.MockCustomPropertiesAPI{MockListCustomProperties: func(context.Context, string) ([]github.CustomProperty, error) {
						return []github.CustomProperty{{PropertyName: "team", ValueType: "string"}}, nil
					}},
				},
				mg: []mod{withParams(func(p *common.RepositoryParameters) {
					p.CustomProperties = map[string]common.CustomPropertyValue{"tier": {Value: ptr.To("gold")}}
				})},
			},
			want: want{err: errors.Wrap(errors.Wrap(ghErrOn(http.MethodPost, "/orgs/org/repos", http.StatusUnprocessableEntity),
				`organization org has no custom property "tier" (define it with a CustomProperty; it has: team)`), "cannot create repository org/x")},
		},
		"NoCustomPropertiesForAUser": {
			reason: "a user's repository has no custom properties: its create sends none (the update says why)",
			args: args{api: &mockAPI{
				MockUsersAPI: fake.MockUsersAPI{MockGetAccount: user, MockGetAuthenticatedLogin: func(context.Context) (string, error) { return "org", nil }},
				MockReposAPI: fake.MockReposAPI{MockCreate: func(_ context.Context, _ string, q *github.RepositoryRequest) (*github.Repository, error) {
					if q.CustomProperties != nil {
						t.Errorf("Create(...) for a user sent custom_properties %v", q.CustomProperties)
					}
					return ghRepo(), nil
				}},
			}, mg: []mod{withParams(func(p *common.RepositoryParameters) {
				p.CustomProperties = map[string]common.CustomPropertyValue{"tier": {Value: ptr.To("gold")}}
			})}},
			want: want{externalName: "x", visibility: ptr.To("public")},
		},
		"NameTakenMeanwhile": {
			reason: "a name taken between observe and create is explained with the way to adopt",
			args: args{api: &mockAPI{
				MockUsersAPI: fake.MockUsersAPI{MockGetAccount: org},
				MockReposAPI: fake.MockReposAPI{MockCreate: func(context.Context, string, *github.RepositoryRequest) (*github.Repository, error) {
					return nil, ghErrOn(http.MethodPost, "/orgs/org/repos", http.StatusUnprocessableEntity, gogithub.Error{Message: "name already exists on this account"})
				}},
			}},
			want: want{err: errors.New("org/x already exists on GitHub; to manage it, set the annotation crossplane.io/external-name: x")},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				mg := s.repository(tc.args.mg...)
				_, err := s.external(tc.args.api, "org", nil).Create(context.Background(), mg)
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nCreate(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.externalName, meta.GetExternalName(mg)); diff != "" {
					t.Errorf("\n%s\nCreate(...) external name: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.visibility, mg.Parameters().Visibility); diff != "" {
					t.Errorf("\n%s\nCreate(...) spec.forProvider.visibility (late-initialized from a plain create's answer only): -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

func TestUpdateOrder(t *testing.T) {
	type call string
	type args struct {
		observed *github.Repository
		params   func(*common.RepositoryParameters)
		editErr  map[string]error
	}
	type want struct {
		calls []call
		err   error
	}
	cases := map[string]struct {
		reason string
		args   args
		want   want
	}{
		"UnarchiveFirst": {
			reason: "archived repositories accept no change, so unarchive comes first",
			args: args{
				observed: ghRepo(func(r *github.Repository) { r.Archived = true }),
				params:   func(p *common.RepositoryParameters) { p.Archived, p.HasWiki = ptr.To(false), ptr.To(true) },
			},
			want: want{calls: []call{"edit archived=false", "edit settings"}},
		},
		"RenameBack": {
			reason: "a renamed repository is renamed back under its current name",
			args: args{
				observed: ghRepo(func(r *github.Repository) { r.Name = "y" }),
				params:   func(*common.RepositoryParameters) {},
			},
			want: want{calls: []call{"edit y name=x"}},
		},
		"ArchiveLast": {
			reason: "settings land before archiving makes the repository read-only",
			args: args{
				observed: ghRepo(),
				params:   func(p *common.RepositoryParameters) { p.Archived, p.HasWiki = ptr.To(true), ptr.To(true) },
			},
			want: want{calls: []call{"edit settings", "edit archived=true"}},
		},
		"IndependentStepsContinue": {
			reason: "a refused setting does not stop topics, and the error is reported",
			args: args{
				observed: ghRepo(),
				params:   func(p *common.RepositoryParameters) { p.HasWiki, p.Topics = ptr.To(true), []string{"a"} },
				editErr:  map[string]error{"settings": ghErrOn(http.MethodPatch, "/repos/org/x", http.StatusUnprocessableEntity)},
			},
			want: want{
				calls: []call{"edit settings", "topics"},
				err:   errors.Join(errors.Wrap(ghErrOn(http.MethodPatch, "/repos/org/x", http.StatusUnprocessableEntity), "cannot update settings of repository org/x")),
			},
		},
		"ReleaseSecurityAfterSettings": {
			reason: "private vulnerability reporting and immutable releases are set after the settings (a repository that a settings change makes public may then take reports)",
			args: args{
				observed: ghRepo(),
				params: func(p *common.RepositoryParameters) {
					p.HasWiki, p.PrivateVulnerabilityReporting, p.ImmutableReleases = ptr.To(true), ptr.To(true), ptr.To(false)
				},
			},
			want: want{calls: []call{"edit settings", "reporting on", "immutable off"}},
		},
		"NotObserved": {
			reason: "Update works from what Observe read, so it refuses to run without it",
			args:   args{params: func(*common.RepositoryParameters) {}},
			want:   want{err: errors.New("cannot update a repository that was not observed first")},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				var got []call
				api := &mockAPI{
					MockReposAPI: fake.MockReposAPI{MockEdit: func(_ context.Context, _, n string, q *github.RepositoryRequest) (*github.Repository, error) {
						out := *tc.args.observed
						switch {
						case q.Archived != nil:
							got = append(got, call("edit archived="+map[bool]string{true: "true", false: "false"}[*q.Archived]))
							out.Archived = *q.Archived
						case q.Name != nil:
							got = append(got, call("edit "+n+" name="+*q.Name))
							out.Name = *q.Name
						default:
							got = append(got, "edit settings")
							if err := tc.args.editErr["settings"]; err != nil {
								return nil, err
							}
						}
						return &out, nil
					}},
					MockTopicsAPI: fake.MockTopicsAPI{MockReplaceTopics: func(context.Context, string, string, []string) error { got = append(got, "topics"); return nil }},
					MockReleaseSecurityAPI: fake.MockReleaseSecurityAPI{
						MockSetPrivateVulnerabilityReporting: func(_ context.Context, _, _ string, on bool) error {
							got = append(got, call("reporting "+onOff(on)))
							return nil
						},
						MockSetImmutableReleases: func(_ context.Context, _, _ string, on bool) error {
							got = append(got, call("immutable "+onOff(on)))
							return nil
						},
					},
				}
				mg := s.repository(withExternalName("x"), withParams(tc.args.params))
				_, err := s.external(api, "org", tc.args.observed).Update(context.Background(), mg)
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nUpdate(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.calls, got); diff != "" {
					t.Errorf("\n%s\nUpdate(...) calls: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

func TestDelete(t *testing.T) {
	type args struct {
		api      *mockAPI
		observed *github.Repository
		params   func(*common.RepositoryParameters)
	}
	type want struct {
		err error
	}
	cases := map[string]struct {
		reason string
		args   args
		want   want
	}{
		"AlreadyGone": {
			reason: "a repository that is already gone counts as deleted",
			args: args{
				api:      &mockAPI{MockReposAPI: fake.MockReposAPI{MockDelete: func(context.Context, string, string) error { return ghErrOn(http.MethodDelete, "/repos/org/x", 404) }}},
				observed: ghRepo(),
				params:   func(*common.RepositoryParameters) {},
			},
		},
		"Forbidden": {
			reason: "a refused delete is an error that says what is missing",
			args: args{
				api:      &mockAPI{MockReposAPI: fake.MockReposAPI{MockDelete: func(context.Context, string, string) error { return ghErrOn(http.MethodDelete, "/repos/org/x", 403) }}},
				observed: ghRepo(),
				params:   func(*common.RepositoryParameters) {},
			},
			want: want{err: errors.Wrap(ghErrOn(http.MethodDelete, "/repos/org/x", 403), "cannot delete repository org/x")},
		},
		"ArchiveInstead": {
			reason: "archiveOnDelete archives and never deletes",
			args: args{
				api: &mockAPI{MockReposAPI: fake.MockReposAPI{MockEdit: func(_ context.Context, _, _ string, q *github.RepositoryRequest) (*github.Repository, error) {
					if !ptr.Deref(q.Archived, false) {
						t.Errorf("Edit(%+v): want archived=true", q)
					}
					return ghRepo(), nil
				}}},
				observed: ghRepo(),
				params:   func(p *common.RepositoryParameters) { p.ArchiveOnDelete = ptr.To(true) },
			},
		},
		"NotObserved": {
			reason: "Delete deletes what Observe found, so it refuses to run without it",
			args:   args{api: &mockAPI{}, params: func(*common.RepositoryParameters) {}},
			want:   want{err: errors.New("cannot delete a repository that was not observed first")},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				mg := s.repository(withExternalName("x"), withParams(tc.args.params))
				_, err := s.external(tc.args.api, "org", tc.args.observed).Delete(context.Background(), mg)
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nDelete(...): -want error, +got error:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

// Update writes only the declared custom property values that differ;
// when GitHub refuses them it reads the organization's schema to say which
// property it lacks or what it takes.
func TestUpdateCustomProperties(t *testing.T) {
	refused := ghErrOn(http.MethodPatch, "/repos/org/x/properties/values", http.StatusUnprocessableEntity)
	schema := []github.CustomProperty{{PropertyName: "environment", ValueType: "single_select", AllowedValues: []string{"production", "development"}}}
	type want struct {
		written []github.CustomPropertyValue
		listed  bool
		err     error
	}
	cases := map[string]struct {
		reason  string
		values  map[string]common.CustomPropertyValue
		setErr  error
		listErr error
		want    want
	}{
		"OnlyWhatDiffers": {
			reason: "the value GitHub already has is not written again, the other is",
			values: map[string]common.CustomPropertyValue{"environment": {Value: ptr.To("development")}, "team": {Value: ptr.To("payments")}},
			want:   want{written: []github.CustomPropertyValue{{PropertyName: "environment", Value: github.StringValue("development")}}},
		},
		"UpToDate": {
			reason: "no write when every declared value is GitHub's",
			values: map[string]common.CustomPropertyValue{"team": {Value: ptr.To("payments")}},
		},
		"RefusedExplained": {
			reason: "GitHub's refusal is explained from the organization's schema",
			values: map[string]common.CustomPropertyValue{"environment": {Value: ptr.To("prod")}},
			setErr: refused,
			want: want{written: []github.CustomPropertyValue{{PropertyName: "environment", Value: github.StringValue("prod")}}, listed: true,
				err: errors.Join(errors.Wrap(refused, `cannot set the custom properties of org/x: custom property "environment" does not allow "prod": it takes one of production, development`))},
		},
		"RefusedSchemaUnreadable": {
			reason: "when the schema cannot be read, GitHub's answer alone is reported",
			values: map[string]common.CustomPropertyValue{"environment": {Value: ptr.To("prod")}},
			setErr: refused, listErr: ghErrOn(http.MethodGet, "/orgs/org/properties/schema", http.StatusForbidden),
			want: want{written: []github.CustomPropertyValue{{PropertyName: "environment", Value: github.StringValue("prod")}}, listed: true,
				err: errors.Join(errors.Wrap(refused, "cannot set the custom properties of org/x"))},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				var got want
				api := &mockAPI{MockCustomPropertiesAPI: fake.MockCustomPropertiesAPI{
					MockSetCustomPropertyValues: func(_ context.Context, owner, repo string, v []github.CustomPropertyValue) error {
						if owner != "org" || repo != "x" {
							t.Errorf("SetCustomPropertyValues(%s/%s): want org/x", owner, repo)
						}
						got.written = v
						return tc.setErr
					},
					MockListCustomProperties: func(_ context.Context, org string) ([]github.CustomProperty, error) {
						got.listed = true
						return schema, tc.listErr
					},
				}}
				observed := ghRepo(func(r *github.Repository) {
					r.CustomProperties = map[string]github.PropertyValue{"environment": *github.StringValue("production"), "team": *github.StringValue("payments")}
				})
				mg := s.repository(withExternalName("x"), withParams(func(p *common.RepositoryParameters) { p.CustomProperties = tc.values }))
				_, err := s.external(api, "org", observed).Update(context.Background(), mg)
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nUpdate(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.written, got.written); diff != "" {
					t.Errorf("\n%s\nvalues written: -want, +got:\n%s", tc.reason, diff)
				}
				if got.listed != tc.want.listed {
					t.Errorf("\n%s\nschema read: %t, want %t", tc.reason, got.listed, tc.want.listed)
				}
			})
		})
	}
}
