package repository

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	gogithub "github.com/google/go-github/v37/github"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	v1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
)

type mod func(*v1alpha1.Repository)

func repository(m ...mod) *v1alpha1.Repository {
	r := &v1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Name: "x", Namespace: "ns"}}
	for _, f := range m {
		f(r)
	}
	return r
}

func withExternalName(n string) mod {
	return func(r *v1alpha1.Repository) { meta.SetExternalName(r, n) }
}
func withID(id int64) mod { return func(r *v1alpha1.Repository) { r.Status.AtProvider.ID = &id } }
func withParams(fn func(*common.RepositoryParameters)) mod {
	return func(r *v1alpha1.Repository) { fn(&r.Spec.ForProvider) }
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

// ghErr is what the client returns when GitHub answers status.
func ghErr(status int) error {
	return github.Explain(&gogithub.ErrorResponse{
		Response: &http.Response{StatusCode: status, Request: httptest.NewRequest(http.MethodGet, "/repos/org/x", nil)},
		Message:  http.StatusText(status),
	})
}

func ext(api *fake.MockRepositories) *external[*v1alpha1.Repository] {
	return &external[*v1alpha1.Repository]{api: api, defaultOwner: "org", record: event.NewNopRecorder()}
}

func errContains(t *testing.T, reason string, err error, want string) {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Errorf("\n%s\nwant no error, got: %v", reason, err)
	case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
		t.Errorf("\n%s\nwant an error containing %q, got: %v", reason, want, err)
	}
}

func TestObserve(t *testing.T) {
	type want struct {
		o   managed.ExternalObservation
		err string
	}
	cases := map[string]struct {
		reason string
		api    *fake.MockRepositories
		mg     *v1alpha1.Repository
		want   want
	}{
		"NoOwner": {
			reason: "without an owner in the spec or the provider configuration there is nothing to look up",
			api:    &fake.MockRepositories{},
			mg:     repository(),
			want:   want{err: "no owner for the repository"},
		},
		"NameAndExternalNameDisagree": {
			reason: "the spec and the annotation must name the same repository",
			api:    &fake.MockRepositories{},
			mg:     repository(withExternalName("a"), withParams(func(p *common.RepositoryParameters) { p.Owner, p.Name = ptr.To("org"), ptr.To("b") })),
			want:   want{err: `spec.forProvider.name "b" and the crossplane.io/external-name annotation "a"`},
		},
		"NeverCreated": {
			reason: "a 404 for a repository this resource never had means: create it",
			api: &fake.MockRepositories{MockGet: func(_ context.Context, o, n string) (*github.Repository, error) {
				if o != "org" || n != "x" {
					t.Errorf("Get(%s, %s): want org/x (default owner, metadata.name)", o, n)
				}
				return nil, ghErr(404)
			}},
			mg:   repository(),
			want: want{o: managed.ExternalObservation{ResourceExists: false}},
		},
		"ServerErrorIsNotAbsence": {
			reason: "only a 404 means absent: a 500 must not lead to a create",
			api:    &fake.MockRepositories{MockGet: func(context.Context, string, string) (*github.Repository, error) { return nil, ghErr(500) }},
			mg:     repository(withExternalName("x")),
			want:   want{err: "GitHub is having trouble (500"},
		},
		"ForbiddenIsNotAbsence": {
			reason: "a 403 is an error, not absence",
			api:    &fake.MockRepositories{MockGet: func(context.Context, string, string) (*github.Repository, error) { return nil, ghErr(403) }},
			mg:     repository(),
			want:   want{err: "403"},
		},
		"ExistsButNotOurs": {
			reason: "an existing repository is never taken over without the external-name annotation",
			api:    &fake.MockRepositories{MockGet: func(context.Context, string, string) (*github.Repository, error) { return ghRepo(), nil }},
			mg:     repository(),
			want:   want{err: "org/x already exists on GitHub and this Repository did not create it; to manage it, set the annotation crossplane.io/external-name: x"},
		},
		"InterruptedCreate": {
			reason: "a repository GitHub created while this resource's create was pending is this resource's",
			api: &fake.MockRepositories{MockGet: func(context.Context, string, string) (*github.Repository, error) {
				return ghRepo(func(r *github.Repository) { now := time.Now(); r.CreatedAt = &now }), nil
			}},
			mg: repository(func(r *v1alpha1.Repository) { meta.SetExternalCreatePending(r, time.Now()) }),
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true,
				ConnectionDetails: managed.ConnectionDetails{"fullName": []byte("org/x"), "htmlUrl": nil, "cloneUrl": nil, "sshUrl": nil}}},
		},
		"UpToDate": {
			reason: "an adopted repository matching the spec is up to date",
			api:    &fake.MockRepositories{MockGet: func(context.Context, string, string) (*github.Repository, error) { return ghRepo(), nil }},
			mg: repository(withExternalName("x"), withParams(func(p *common.RepositoryParameters) {
				p.Visibility = ptr.To("public")
			})),
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true,
				ConnectionDetails: managed.ConnectionDetails{"fullName": []byte("org/x"), "htmlUrl": nil, "cloneUrl": nil, "sshUrl": nil}}},
		},
		"Drifted": {
			reason: "a setting that differs makes the repository not up to date, and says which",
			api:    &fake.MockRepositories{MockGet: func(context.Context, string, string) (*github.Repository, error) { return ghRepo(), nil }},
			mg: repository(withExternalName("x"), withParams(func(p *common.RepositoryParameters) {
				p.Visibility = ptr.To("private")
			})),
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: false, ResourceLateInitialized: true, Diff: "visibility",
				ConnectionDetails: managed.ConnectionDetails{"fullName": []byte("org/x"), "htmlUrl": nil, "cloneUrl": nil, "sshUrl": nil}}},
		},
		"RenamedFoundByID": {
			reason: "a renamed repository whose old-name redirect is gone is found by id and must be renamed back",
			api: &fake.MockRepositories{
				MockGet: func(context.Context, string, string) (*github.Repository, error) { return nil, ghErr(404) },
				MockGetByID: func(_ context.Context, id int64) (*github.Repository, error) {
					return ghRepo(func(r *github.Repository) { r.Name, r.ID = "y", id }), nil
				},
			},
			mg: repository(withExternalName("x"), withID(1)),
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: false, ResourceLateInitialized: true, Diff: "name",
				ConnectionDetails: managed.ConnectionDetails{"fullName": []byte("org/x"), "htmlUrl": nil, "cloneUrl": nil, "sshUrl": nil}}},
		},
		"FormerNameIsFree": {
			reason: "a name GitHub only redirects (to a renamed repository) is free, so a new repository can be created",
			api: &fake.MockRepositories{MockGet: func(context.Context, string, string) (*github.Repository, error) {
				return ghRepo(func(r *github.Repository) { r.Name, r.FullName = "y", "org/y" }), nil
			}},
			mg:   repository(),
			want: want{o: managed.ExternalObservation{ResourceExists: false}},
		},
		"AdoptingAFormerName": {
			reason: "adopting a name that GitHub redirects to a renamed repository neither adopts nor renames it",
			api: &fake.MockRepositories{MockGet: func(context.Context, string, string) (*github.Repository, error) {
				return ghRepo(func(r *github.Repository) { r.Name, r.FullName = "y", "org/y" }), nil
			}},
			mg:   repository(withExternalName("x")),
			want: want{err: "org/x was renamed to org/y on GitHub; to manage that repository, set the annotation crossplane.io/external-name (and spec.forProvider.name, if set) to y"},
		},
		"DeletedOnGitHub": {
			reason: "a repository gone by name and by id does not exist, so it is created again",
			api: &fake.MockRepositories{
				MockGet:     func(context.Context, string, string) (*github.Repository, error) { return nil, ghErr(404) },
				MockGetByID: func(context.Context, int64) (*github.Repository, error) { return nil, ghErr(404) },
			},
			mg:   repository(withExternalName("x"), withID(1)),
			want: want{o: managed.ExternalObservation{ResourceExists: false}},
		},
		"NameTakenByAnother": {
			reason: "when another repository took the name of ours, neither is touched",
			api: &fake.MockRepositories{
				MockGet: func(context.Context, string, string) (*github.Repository, error) {
					return ghRepo(func(r *github.Repository) { r.ID = 2 }), nil
				},
				MockGetByID: func(context.Context, int64) (*github.Repository, error) {
					return ghRepo(func(r *github.Repository) { r.FullName = "org/y" }), nil
				},
			},
			mg:   repository(withExternalName("x"), withID(1)),
			want: want{err: "org/x is now a different repository (id 2); the one this Repository manages (id 1) was renamed to org/y"},
		},
		"OursDeletedNameTaken": {
			reason: "when ours was deleted and another repository has the name, it is not adopted",
			api: &fake.MockRepositories{
				MockGet: func(context.Context, string, string) (*github.Repository, error) {
					return ghRepo(func(r *github.Repository) { r.ID = 2 }), nil
				},
				MockGetByID: func(context.Context, int64) (*github.Repository, error) { return nil, ghErr(404) },
			},
			mg:   repository(withExternalName("x"), withID(1)),
			want: want{err: "was deleted, and org/x is now a different repository (id 2)"},
		},
		"Transferred": {
			reason: "a repository now owned by someone else is reported, not changed",
			api: &fake.MockRepositories{MockGet: func(context.Context, string, string) (*github.Repository, error) {
				return ghRepo(func(r *github.Repository) { r.Owner.Login, r.FullName = "elsewhere", "elsewhere/x" }), nil
			}},
			mg:   repository(withExternalName("x")),
			want: want{err: "now belongs to elsewhere, not org"},
		},
		"ArchivedOnDelete": {
			reason: "once archived on delete, the repository is gone as far as the resource goes",
			api: &fake.MockRepositories{MockGet: func(context.Context, string, string) (*github.Repository, error) {
				return ghRepo(func(r *github.Repository) { r.Archived = true }), nil
			}},
			mg: repository(withExternalName("x"), withParams(func(p *common.RepositoryParameters) { p.ArchiveOnDelete = ptr.To(true) }),
				func(r *v1alpha1.Repository) { now := metav1.Now(); r.SetDeletionTimestamp(&now) }),
			want: want{o: managed.ExternalObservation{ResourceExists: false}},
		},
		"DeletingWhatIsNotOurs": {
			reason: "deleting a resource whose name was taken by someone else's repository deletes nothing and does not get stuck",
			api:    &fake.MockRepositories{MockGet: func(context.Context, string, string) (*github.Repository, error) { return ghRepo(), nil }},
			mg:     repository(func(r *v1alpha1.Repository) { now := metav1.Now(); r.SetDeletionTimestamp(&now) }),
			want:   want{o: managed.ExternalObservation{ResourceExists: false}},
		},
		"DeletingOursRenamedNameTaken": {
			reason: "deleting a resource whose repository was renamed while another took its name deletes its own repository",
			api: &fake.MockRepositories{
				MockGet: func(context.Context, string, string) (*github.Repository, error) {
					return ghRepo(func(r *github.Repository) { r.ID = 2 }), nil
				},
				MockGetByID: func(context.Context, int64) (*github.Repository, error) {
					return ghRepo(func(r *github.Repository) { r.Name = "y" }), nil
				},
			},
			mg: repository(withExternalName("x"), withID(1), func(r *v1alpha1.Repository) { now := metav1.Now(); r.SetDeletionTimestamp(&now) }),
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: false, ResourceLateInitialized: true, Diff: "name",
				ConnectionDetails: managed.ConnectionDetails{"fullName": []byte("org/x"), "htmlUrl": nil, "cloneUrl": nil, "sshUrl": nil}}},
		},
		"VulnerabilityAlertsReadOnlyWhenDeclared": {
			reason: "vulnerability alerts cost a call, so they are read only when the spec sets them",
			api: &fake.MockRepositories{
				MockGet:                 func(context.Context, string, string) (*github.Repository, error) { return ghRepo(), nil },
				MockVulnerabilityAlerts: func(context.Context, string, string) (bool, error) { return false, nil },
			},
			mg: repository(withExternalName("x"), withParams(func(p *common.RepositoryParameters) { p.VulnerabilityAlerts = ptr.To(true) })),
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: false, ResourceLateInitialized: true, Diff: "vulnerabilityAlerts",
				ConnectionDetails: managed.ConnectionDetails{"fullName": []byte("org/x"), "htmlUrl": nil, "cloneUrl": nil, "sshUrl": nil}}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			e := ext(tc.api)
			if name == "NoOwner" {
				e.defaultOwner = ""
			}
			got, err := e.Observe(context.Background(), tc.mg)
			errContains(t, tc.reason, err, tc.want.err)
			if diff := cmp.Diff(tc.want.o, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("\n%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestCreate(t *testing.T) {
	org := func(context.Context, string) (*github.Account, error) {
		return &github.Account{Type: "Organization"}, nil
	}
	user := func(context.Context, string) (*github.Account, error) { return &github.Account{Type: "User"}, nil }
	cases := map[string]struct {
		reason string
		api    *fake.MockRepositories
		mg     *v1alpha1.Repository
		err    string
	}{
		"InOrganization": {
			reason: "an organization's repository is created under /orgs/{org}/repos",
			api: &fake.MockRepositories{MockGetAccount: org, MockCreate: func(_ context.Context, o string, q *github.RepositoryRequest) (*github.Repository, error) {
				if o != "org" || ptr.Deref(q.Name, "") != "x" {
					t.Errorf("Create(%q, %v): want org and name x", o, q.Name)
				}
				return ghRepo(), nil
			}},
			mg: repository(),
		},
		"ForAuthenticatedUser": {
			reason: "a user repository is created for the authenticated user, who must be the owner",
			api: &fake.MockRepositories{MockGetAccount: user, MockGetAuthenticatedLogin: func(context.Context) (string, error) { return "ORG", nil },
				MockCreate: func(_ context.Context, o string, _ *github.RepositoryRequest) (*github.Repository, error) {
					if o != "" {
						t.Errorf("Create(%q): want the user endpoint", o)
					}
					return ghRepo(), nil
				}},
			mg: repository(),
		},
		"ForAnotherUser": {
			reason: "GitHub cannot create a repository for a user other than the authenticated one",
			api:    &fake.MockRepositories{MockGetAccount: user, MockGetAuthenticatedLogin: func(context.Context) (string, error) { return "me", nil }},
			mg:     repository(),
			err:    "org is a user account, but the credentials belong to me",
		},
		"FromTemplate": {
			reason: "a template source generates the repository",
			api: &fake.MockRepositories{MockGetAccount: org, MockGenerate: func(_ context.Context, to, tr string, q *github.TemplateRequest) (*github.Repository, error) {
				if to != "t" || tr != "tpl" || q.Owner != "org" || q.Name != "x" {
					t.Errorf("Generate(%s, %s, %+v): want t/tpl into org/x", to, tr, q)
				}
				return ghRepo(), nil
			}},
			mg: repository(withParams(func(p *common.RepositoryParameters) {
				p.Template = &common.TemplateSource{Owner: "t", Repository: "tpl"}
			})),
		},
		"Fork": {
			reason: "a fork source forks into the organization",
			api: &fake.MockRepositories{MockGetAccount: org, MockFork: func(_ context.Context, fo, fr string, q *github.ForkRequest) (*github.Repository, error) {
				if fo != "u" || fr != "lib" || q.Organization != "org" || q.Name != "x" {
					t.Errorf("Fork(%s, %s, %+v): want u/lib into org/x", fo, fr, q)
				}
				return ghRepo(), nil
			}},
			mg: repository(withParams(func(p *common.RepositoryParameters) { p.Fork = &common.ForkSource{Owner: "u", Repository: "lib"} })),
		},
		"NameTakenMeanwhile": {
			reason: "a name taken between observe and create is explained with the way to adopt",
			api: &fake.MockRepositories{MockGetAccount: org, MockCreate: func(context.Context, string, *github.RepositoryRequest) (*github.Repository, error) {
				return nil, github.Explain(&gogithub.ErrorResponse{
					Response: &http.Response{StatusCode: http.StatusUnprocessableEntity, Request: httptest.NewRequest(http.MethodPost, "/orgs/org/repos", nil)},
					Message:  "Repository creation failed.", Errors: []gogithub.Error{{Message: "name already exists on this account"}},
				})
			}},
			mg:  repository(),
			err: "org/x already exists on GitHub; to manage it, set the annotation crossplane.io/external-name: x",
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := ext(tc.api).Create(context.Background(), tc.mg)
			errContains(t, tc.reason, err, tc.err)
			if tc.err == "" && meta.GetExternalName(tc.mg) != "x" {
				t.Errorf("\n%s\nCreate(...): want the external name set to x, got %q", tc.reason, meta.GetExternalName(tc.mg))
			}
			if tc.err != "" && meta.GetExternalName(tc.mg) != "" {
				t.Errorf("\n%s\nCreate(...) failed but set the external name", tc.reason)
			}
		})
	}
}

func TestUpdateOrder(t *testing.T) {
	type call string
	cases := map[string]struct {
		reason   string
		observed *github.Repository
		params   func(*common.RepositoryParameters)
		editErr  map[string]error
		want     []call
		err      string
	}{
		"UnarchiveFirst": {
			reason:   "archived repositories accept no change, so unarchive comes first",
			observed: ghRepo(func(r *github.Repository) { r.Archived = true }),
			params:   func(p *common.RepositoryParameters) { p.Archived, p.HasWiki = ptr.To(false), ptr.To(true) },
			want:     []call{"edit archived=false", "edit settings"},
		},
		"RenameBack": {
			reason:   "a renamed repository is renamed back under its current name",
			observed: ghRepo(func(r *github.Repository) { r.Name = "y" }),
			params:   func(*common.RepositoryParameters) {},
			want:     []call{"edit y name=x"},
		},
		"ArchiveLast": {
			reason:   "settings land before archiving makes the repository read-only",
			observed: ghRepo(),
			params:   func(p *common.RepositoryParameters) { p.Archived, p.HasWiki = ptr.To(true), ptr.To(true) },
			want:     []call{"edit settings", "edit archived=true"},
		},
		"IndependentStepsContinue": {
			reason:   "a refused setting does not stop topics, and the error is reported",
			observed: ghRepo(),
			params: func(p *common.RepositoryParameters) {
				p.HasWiki, p.Topics = ptr.To(true), []string{"a"}
			},
			editErr: map[string]error{"settings": ghErr(422)},
			want:    []call{"edit settings", "topics"},
			err:     "cannot update settings of repository org/x",
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			var got []call
			api := &fake.MockRepositories{
				MockEdit: func(_ context.Context, _, n string, q *github.RepositoryRequest) (*github.Repository, error) {
					out := *tc.observed
					switch {
					case q.Archived != nil:
						got = append(got, call("edit archived="+map[bool]string{true: "true", false: "false"}[*q.Archived]))
						out.Archived = *q.Archived
					case q.Name != nil:
						got = append(got, call("edit "+n+" name="+*q.Name))
						out.Name = *q.Name
					default:
						got = append(got, "edit settings")
						if err := tc.editErr["settings"]; err != nil {
							return nil, err
						}
					}
					return &out, nil
				},
				MockReplaceTopics: func(context.Context, string, string, []string) error { got = append(got, "topics"); return nil },
			}
			mg := repository(withExternalName("x"), withParams(tc.params))
			e := ext(api)
			e.observed = tc.observed
			_, err := e.Update(context.Background(), mg)
			errContains(t, tc.reason, err, tc.err)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("\n%s\nUpdate(...) calls: -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestDelete(t *testing.T) {
	cases := map[string]struct {
		reason string
		api    *fake.MockRepositories
		params func(*common.RepositoryParameters)
		err    string
	}{
		"AlreadyGone": {
			reason: "a repository that is already gone counts as deleted",
			api:    &fake.MockRepositories{MockDelete: func(context.Context, string, string) error { return ghErr(404) }},
			params: func(*common.RepositoryParameters) {},
		},
		"Forbidden": {
			reason: "a refused delete is an error that says what is missing",
			api:    &fake.MockRepositories{MockDelete: func(context.Context, string, string) error { return ghErr(403) }},
			params: func(*common.RepositoryParameters) {},
			err:    "cannot delete repository org/x: GitHub refused the request (403",
		},
		"ArchiveInstead": {
			reason: "archiveOnDelete archives and never deletes",
			api: &fake.MockRepositories{MockEdit: func(_ context.Context, _, _ string, q *github.RepositoryRequest) (*github.Repository, error) {
				if !ptr.Deref(q.Archived, false) {
					t.Errorf("Edit(%+v): want archived=true", q)
				}
				return ghRepo(), nil
			}},
			params: func(p *common.RepositoryParameters) { p.ArchiveOnDelete = ptr.To(true) },
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			e := ext(tc.api)
			e.observed = ghRepo()
			_, err := e.Delete(context.Background(), repository(withExternalName("x"), withParams(tc.params)))
			errContains(t, tc.reason, err, tc.err)
		})
	}
}
