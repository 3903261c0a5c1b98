package teamrepository

import (
	"context"
	"net/http"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
)

// getTeamRepo is a MockGetTeamRepo that answers r (or err) for acme's team
// platform on acme/api, and fails the test for any other.
func getTeamRepo(t *testing.T, r *github.TeamRepo, err error) func(context.Context, string, string, string, string) (*github.TeamRepo, error) {
	return func(_ context.Context, org, slug, owner, repo string) (*github.TeamRepo, error) {
		if org != "acme" || slug != "platform" || owner != "acme" || repo != "api" {
			t.Errorf("GetTeamRepo(%s, %s, %s, %s): want acme, platform, acme, api", org, slug, owner, repo)
		}
		return r, err
	}
}

func TestObserve(t *testing.T) {
	notFound := ghErr(http.MethodGet, grantPath, http.StatusNotFound)
	type want struct {
		o       managed.ExternalObservation
		err     error
		atP     common.TeamRepositoryObservation
		extName string
		events  []event.Reason
	}
	cases := map[string]struct {
		reason string
		api    func(t *testing.T) *mockAPI
		repo   kind.Repository
		team   kind.Team
		mg     []mod
		want   want
	}{
		"Granted": {
			reason: "A push grant that GitHub reports as write is up to date; the observation and the external name are recorded.",
			api: func(t *testing.T) *mockAPI {
				return &mockAPI{MockTeamReposAPI: fake.MockTeamReposAPI{MockGetTeamRepo: getTeamRepo(t, teamRepo("write"), nil)}}
			},
			mg: []mod{withPermission("push")},
			want: want{
				o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true},
				atP: common.TeamRepositoryObservation{Organization: ptr.To("acme"), TeamSlug: ptr.To("platform"), Repository: ptr.To("acme/api"),
					RepositoryID: ptr.To[int64](42), Permission: ptr.To("push"), RoleName: ptr.To("write")},
				extName: "platform/acme/api",
			},
		},
		"DefaultPermission": {
			reason: "Without a permission in the spec, push (GitHub's default) is wanted; its external name already set, nothing is written.",
			api: func(t *testing.T) *mockAPI {
				return &mockAPI{MockTeamReposAPI: fake.MockTeamReposAPI{MockGetTeamRepo: getTeamRepo(t, teamRepo("write"), nil)}}
			},
			mg: []mod{withExternalName("platform/acme/api")},
			want: want{
				o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true},
				atP: common.TeamRepositoryObservation{Organization: ptr.To("acme"), TeamSlug: ptr.To("platform"), Repository: ptr.To("acme/api"),
					RepositoryID: ptr.To[int64](42), Permission: ptr.To("push"), RoleName: ptr.To("write")},
				extName: "platform/acme/api",
			},
		},
		"PullIsRead": {
			reason: "A pull grant that GitHub reports as read is up to date.",
			api: func(t *testing.T) *mockAPI {
				return &mockAPI{MockTeamReposAPI: fake.MockTeamReposAPI{MockGetTeamRepo: getTeamRepo(t, teamRepo("read"), nil)}}
			},
			mg: []mod{withPermission("pull"), withExternalName("platform/acme/api")},
			want: want{
				o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true},
				atP: common.TeamRepositoryObservation{Organization: ptr.To("acme"), TeamSlug: ptr.To("platform"), Repository: ptr.To("acme/api"),
					RepositoryID: ptr.To[int64](42), Permission: ptr.To("pull"), RoleName: ptr.To("read")},
				extName: "platform/acme/api",
			},
		},
		"CustomRoleAnyCase": {
			reason: "A custom role GitHub reports in another case is up to date.",
			api: func(t *testing.T) *mockAPI {
				return &mockAPI{MockTeamReposAPI: fake.MockTeamReposAPI{MockGetTeamRepo: getTeamRepo(t, teamRepo("deployer"), nil)}}
			},
			mg: []mod{withPermission("Deployer"), withExternalName("platform/acme/api")},
			want: want{
				o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true},
				atP: common.TeamRepositoryObservation{Organization: ptr.To("acme"), TeamSlug: ptr.To("platform"), Repository: ptr.To("acme/api"),
					RepositoryID: ptr.To[int64](42), Permission: ptr.To("deployer"), RoleName: ptr.To("deployer")},
				extName: "platform/acme/api",
			},
		},
		"Drifted": {
			reason: "A team raised to admin on GitHub is not up to date with maintain, and the diff says so.",
			api: func(t *testing.T) *mockAPI {
				return &mockAPI{MockTeamReposAPI: fake.MockTeamReposAPI{MockGetTeamRepo: getTeamRepo(t, teamRepo("admin"), nil)}}
			},
			mg: []mod{withPermission("maintain"), withExternalName("platform/acme/api")},
			want: want{
				o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: false, Diff: "permission: want maintain, GitHub has admin"},
				atP: common.TeamRepositoryObservation{Organization: ptr.To("acme"), TeamSlug: ptr.To("platform"), Repository: ptr.To("acme/api"),
					RepositoryID: ptr.To[int64](42), Permission: ptr.To("admin"), RoleName: ptr.To("admin")},
				extName: "platform/acme/api",
			},
		},
		"RenamedThroughKubernetes": {
			reason: "After a rename followed through repositoryRef and teamRef, the external name is brought up to date and the team id recorded.",
			api: func(t *testing.T) *mockAPI {
				return &mockAPI{MockTeamReposAPI: fake.MockTeamReposAPI{MockGetTeamRepo: func(_ context.Context, org, slug, owner, repo string) (*github.TeamRepo, error) {
					if slug != "core" || repo != "api2" {
						t.Errorf("GetTeamRepo(%s, %s, %s, %s): want the new names core and api2", org, slug, owner, repo)
					}
					r := teamRepo("write")
					r.Name, r.FullName = "api2", "acme/api2"
					return r, nil
				}}}
			},
			repo: kind.Repository{Owner: "acme", Name: "api2", Via: "Repository api"},
			team: kind.Team{Organization: "acme", Slug: "core", ID: 7, Via: "Team platform"},
			mg:   []mod{withExternalName("platform/acme/api"), withObserved("acme/api", 42)},
			want: want{
				o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true},
				atP: common.TeamRepositoryObservation{Organization: ptr.To("acme"), TeamSlug: ptr.To("core"), TeamID: ptr.To[int64](7), Repository: ptr.To("acme/api2"),
					RepositoryID: ptr.To[int64](42), Permission: ptr.To("push"), RoleName: ptr.To("write")},
				extName: "core/acme/api2",
			},
		},
		"GitHubsSpelling": {
			reason: "The external name takes GitHub's spelling of the repository's full name.",
			api: func(t *testing.T) *mockAPI {
				return &mockAPI{MockTeamReposAPI: fake.MockTeamReposAPI{MockGetTeamRepo: func(context.Context, string, string, string, string) (*github.TeamRepo, error) {
					r := teamRepo("write")
					r.Name, r.FullName = "API", "Acme/API"
					return r, nil
				}}}
			},
			want: want{
				o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true},
				atP: common.TeamRepositoryObservation{Organization: ptr.To("acme"), TeamSlug: ptr.To("platform"), Repository: ptr.To("Acme/API"),
					RepositoryID: ptr.To[int64](42), Permission: ptr.To("push"), RoleName: ptr.To("write")},
				extName: "platform/Acme/API",
			},
		},
		"NeverGranted": {
			reason: "A 404 for a permission never seen means: grant it. No other call is made.",
			api: func(t *testing.T) *mockAPI {
				return &mockAPI{MockTeamReposAPI: fake.MockTeamReposAPI{MockGetTeamRepo: getTeamRepo(t, nil, notFound)}}
			},
			want: want{o: managed.ExternalObservation{ResourceExists: false}},
		},
		"ServerError": {
			reason: "Only a 404 means absent: a 500 is an error, and no grant follows.",
			api: func(t *testing.T) *mockAPI {
				return &mockAPI{MockTeamReposAPI: fake.MockTeamReposAPI{MockGetTeamRepo: getTeamRepo(t, nil, ghErr(http.MethodGet, grantPath, 500))}}
			},
			want: want{err: errors.Wrap(ghErr(http.MethodGet, grantPath, 500), "cannot read the permission of team acme/platform on repository acme/api")},
		},
		"RemovedOnGitHub": {
			reason: "A permission seen before, whose repository is where it was, was removed on GitHub: it is granted again.",
			api: func(t *testing.T) *mockAPI {
				return &mockAPI{
					MockTeamReposAPI: fake.MockTeamReposAPI{MockGetTeamRepo: getTeamRepo(t, nil, notFound)},
					MockReposAPI: fake.MockReposAPI{MockGetByID: func(_ context.Context, id int64) (*github.Repository, error) {
						return &github.Repository{ID: id, Name: "api", FullName: "acme/api", Owner: github.Account{Login: "acme"}}, nil
					}},
				}
			},
			mg:   []mod{withObserved("acme/api", 42)},
			want: want{o: managed.ExternalObservation{ResourceExists: false}, atP: common.TeamRepositoryObservation{Repository: ptr.To("acme/api"), RepositoryID: ptr.To[int64](42)}},
		},
		"RepositoryDeleted": {
			reason: "A permission seen before on a repository since deleted went with it: its id is forgotten, an event says so, and the named repository (if any) is granted.",
			api: func(t *testing.T) *mockAPI {
				return &mockAPI{
					MockTeamReposAPI: fake.MockTeamReposAPI{MockGetTeamRepo: getTeamRepo(t, nil, notFound)},
					MockReposAPI: fake.MockReposAPI{MockGetByID: func(context.Context, int64) (*github.Repository, error) {
						return nil, ghErr(http.MethodGet, "/repositories/42", 404)
					}},
				}
			},
			mg: []mod{withObserved("acme/api", 42)},
			want: want{o: managed.ExternalObservation{ResourceExists: false}, atP: common.TeamRepositoryObservation{Repository: ptr.To("acme/api")},
				events: []event.Reason{reasonRepositoryDeleted}},
		},
		"RenamedOutsideKubernetes": {
			reason: "A repository named by name and renamed on GitHub is reported, not replaced by whatever takes its old name.",
			api: func(t *testing.T) *mockAPI {
				return &mockAPI{
					MockTeamReposAPI: fake.MockTeamReposAPI{MockGetTeamRepo: getTeamRepo(t, nil, notFound)},
					MockReposAPI: fake.MockReposAPI{MockGetByID: func(_ context.Context, id int64) (*github.Repository, error) {
						return &github.Repository{ID: id, Name: "api2", FullName: "acme/api2", Owner: github.Account{Login: "acme"}}, nil
					}},
				}
			},
			mg: []mod{withObserved("acme/api", 42)},
			want: want{err: errors.New("repository acme/api (id 42) was renamed to acme/api2 on GitHub, which keeps team acme/platform's permission on it: " +
				"this resource names the repository by name, and does not grant the old name to whatever repository takes it; " +
				"rename the repository back, or replace this TeamRepository with one for acme/api2 (a repositoryRef to a Repository resource follows renames)"),
				atP: common.TeamRepositoryObservation{Repository: ptr.To("acme/api"), RepositoryID: ptr.To[int64](42)}},
		},
		"RenamedAheadOfItsRepositoryResource": {
			reason: "A repository renamed on GitHub before its Repository resource reports it is waited for.",
			api: func(t *testing.T) *mockAPI {
				return &mockAPI{
					MockTeamReposAPI: fake.MockTeamReposAPI{MockGetTeamRepo: getTeamRepo(t, nil, notFound)},
					MockReposAPI: fake.MockReposAPI{MockGetByID: func(_ context.Context, id int64) (*github.Repository, error) {
						return &github.Repository{ID: id, Name: "api2", FullName: "acme/api2", Owner: github.Account{Login: "acme"}}, nil
					}},
				}
			},
			repo: kind.Repository{Owner: "acme", Name: "api", Via: "Repository ns/api"},
			mg:   []mod{withObserved("acme/api", 42)},
			want: want{err: errors.New("repository acme/api (id 42) is now acme/api2 on GitHub, but Repository ns/api still reports acme/api: waiting for them to agree"),
				atP: common.TeamRepositoryObservation{Repository: ptr.To("acme/api"), RepositoryID: ptr.To[int64](42)}},
		},
		"RenamedWhileDeleting": {
			reason: "A resource being deleted follows its repository's id to its new name, to remove the permission there.",
			api: func(t *testing.T) *mockAPI {
				return &mockAPI{
					MockTeamReposAPI: fake.MockTeamReposAPI{MockGetTeamRepo: func(_ context.Context, _, _, _, repo string) (*github.TeamRepo, error) {
						if repo == "api" {
							return nil, notFound
						}
						r := teamRepo("write")
						r.Name, r.FullName = repo, "acme/"+repo
						return r, nil
					}},
					MockReposAPI: fake.MockReposAPI{MockGetByID: func(_ context.Context, id int64) (*github.Repository, error) {
						return &github.Repository{ID: id, Name: "api2", FullName: "acme/api2", Owner: github.Account{Login: "acme"}}, nil
					}},
				}
			},
			mg: []mod{withObserved("acme/api", 42), withExternalName("platform/acme/api"), deleting()},
			want: want{
				o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true},
				atP: common.TeamRepositoryObservation{Organization: ptr.To("acme"), TeamSlug: ptr.To("platform"), Repository: ptr.To("acme/api2"),
					RepositoryID: ptr.To[int64](42), Permission: ptr.To("push"), RoleName: ptr.To("write")},
				extName: "platform/acme/api2",
			},
		},
		"TransferredAwayWhileDeleting": {
			reason: "A repository transferred out of the team's organization holds no permission of the team: nothing to remove.",
			api: func(t *testing.T) *mockAPI {
				return &mockAPI{
					MockTeamReposAPI: fake.MockTeamReposAPI{MockGetTeamRepo: getTeamRepo(t, nil, notFound)},
					MockReposAPI: fake.MockReposAPI{MockGetByID: func(_ context.Context, id int64) (*github.Repository, error) {
						return &github.Repository{ID: id, Name: "api", FullName: "other/api", Owner: github.Account{Login: "other"}}, nil
					}},
				}
			},
			mg:   []mod{withObserved("acme/api", 42), deleting()},
			want: want{o: managed.ExternalObservation{ResourceExists: false}, atP: common.TeamRepositoryObservation{Repository: ptr.To("acme/api"), RepositoryID: ptr.To[int64](42)}},
		},
		"OtherOrganization": {
			reason: "A team of another organization than the repository's cannot be granted it: the condition names both.",
			api:    func(*testing.T) *mockAPI { return &mockAPI{} },
			team:   kind.Team{Organization: "other-org", Slug: "platform", ID: 7, Via: "Team ns/platform"},
			want: want{err: errors.New("team other-org/platform (of Team ns/platform) belongs to organization other-org, but repository acme/api belongs to acme: " +
				"GitHub grants a team access only to its own organization's repositories; name a team of acme, or a repository of other-org")},
		},
		"OtherOrganizationWhileDeleting": {
			reason: "A team of another organization was never granted the repository: a resource being deleted has nothing to remove.",
			api:    func(*testing.T) *mockAPI { return &mockAPI{} },
			team:   kind.Team{Organization: "other-org", Slug: "platform", ID: 7, Via: "Team ns/platform"},
			mg:     []mod{deleting()},
			want:   want{o: managed.ExternalObservation{ResourceExists: false}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				repo, team := repoAPI, teamPlatform
				if tc.repo != (kind.Repository{}) {
					repo = tc.repo
				}
				if tc.team != (kind.Team{}) {
					team = tc.team
				}
				rec := &kindtest.Recorder{}
				mg := s.object(tc.mg...)
				o, err := s.external(tc.api(t), repo, team, rec).Observe(context.Background(), mg)
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.o, o); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.atP, *mg.Observation()); diff != "" {
					t.Errorf("\n%s\nObserve(...): status.atProvider -want, +got:\n%s", tc.reason, diff)
				}
				if got := meta.GetExternalName(mg); got != tc.want.extName {
					t.Errorf("\n%s\nObserve(...): external name %q, want %q", tc.reason, got, tc.want.extName)
				}
				if diff := cmp.Diff(tc.want.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nObserve(...): events -want, +got:\n%s", tc.reason, diff)
				}
				if ready := mg.GetCondition(xpv2.TypeReady); o.ResourceExists && ready.Status != corev1.ConditionTrue {
					t.Errorf("\n%s\nObserve(...): an existing permission is Available, got Ready=%s", tc.reason, ready.Status)
				}
			})
		})
	}
}

// addTeamRepo is a MockAddTeamRepo that checks it grants acme's team
// platform permission on acme/api, and answers err.
func addTeamRepo(t *testing.T, permission string, err error) func(context.Context, string, string, string, string, string) error {
	return func(_ context.Context, org, slug, owner, repo, p string) error {
		if org != "acme" || slug != "platform" || owner != "acme" || repo != "api" || p != permission {
			t.Errorf("AddTeamRepo(%s, %s, %s, %s, %s): want acme, platform, acme, api, %s", org, slug, owner, repo, p, permission)
		}
		return err
	}
}

// getRepository is a MockGet that answers r (or err) for acme/api.
func getRepository(t *testing.T, r *github.Repository, err error) func(context.Context, string, string) (*github.Repository, error) {
	return func(_ context.Context, owner, name string) (*github.Repository, error) {
		if owner != "acme" || name != "api" {
			t.Errorf("Get(%s, %s): want acme, api", owner, name)
		}
		return r, err
	}
}

func orgRepo(fullName string) *github.Repository {
	return &github.Repository{ID: 42, FullName: fullName, Owner: github.Account{Login: "acme", Type: "Organization"}}
}

func TestCreate(t *testing.T) {
	putNotFound := ghErr(http.MethodPut, grantPath, http.StatusNotFound)
	invalid := ghErr(http.MethodPut, grantPath, http.StatusUnprocessableEntity)
	cases := map[string]struct {
		reason  string
		api     func(t *testing.T) *mockAPI
		repo    kind.Repository
		team    kind.Team
		mg      []mod
		err     error
		extName string
	}{
		"Grants": {
			reason: "Create grants the default permission, push, and records the external name.",
			api: func(t *testing.T) *mockAPI {
				return &mockAPI{MockTeamReposAPI: fake.MockTeamReposAPI{MockAddTeamRepo: addTeamRepo(t, "push", nil)}}
			},
			extName: "platform/acme/api",
		},
		"GrantsCustomRole": {
			reason: "A custom role is granted by its name, as written.",
			api: func(t *testing.T) *mockAPI {
				return &mockAPI{MockTeamReposAPI: fake.MockTeamReposAPI{MockAddTeamRepo: addTeamRepo(t, "Deployer", nil)}}
			},
			mg:      []mod{withPermission("Deployer")},
			extName: "platform/acme/api",
		},
		"UnknownCustomRole": {
			reason: "GitHub refusing a custom role is worded: the organization may not have it.",
			api: func(t *testing.T) *mockAPI {
				return &mockAPI{MockTeamReposAPI: fake.MockTeamReposAPI{MockAddTeamRepo: addTeamRepo(t, "releaser", invalid)}}
			},
			mg: []mod{withPermission("releaser")},
			err: errors.Wrap(invalid, "cannot grant team acme/platform permission releaser on repository acme/api: organization acme has no custom repository role \"releaser\", "+
				"or GitHub refused it; use pull, triage, push, maintain, admin or a custom role the organization defines"),
		},
		"BuiltInRefused": {
			reason: "GitHub refusing a built-in permission says what was attempted, with GitHub's answer.",
			api: func(t *testing.T) *mockAPI {
				return &mockAPI{MockTeamReposAPI: fake.MockTeamReposAPI{MockAddTeamRepo: addTeamRepo(t, "admin", invalid)}}
			},
			mg:  []mod{withPermission("admin")},
			err: errors.Wrap(invalid, "cannot grant team acme/platform permission admin on repository acme/api"),
		},
		"RepositoryMissing": {
			reason: "A 404, and a repository GitHub does not know: the condition names the repository.",
			api: func(t *testing.T) *mockAPI {
				return &mockAPI{
					MockTeamReposAPI: fake.MockTeamReposAPI{MockAddTeamRepo: addTeamRepo(t, "push", putNotFound)},
					MockReposAPI:     fake.MockReposAPI{MockGet: getRepository(t, nil, ghErr(http.MethodGet, "/repos/acme/api", 404))},
				}
			},
			err: errors.New("cannot grant team acme/platform permission push on repository acme/api: repository acme/api does not exist, or the credentials cannot see it"),
		},
		"RepositoryMissingViaReference": {
			reason: "A repository missing under the name its Repository resource reports names that resource.",
			api: func(t *testing.T) *mockAPI {
				return &mockAPI{
					MockTeamReposAPI: fake.MockTeamReposAPI{MockAddTeamRepo: addTeamRepo(t, "push", putNotFound)},
					MockReposAPI:     fake.MockReposAPI{MockGet: getRepository(t, nil, ghErr(http.MethodGet, "/repos/acme/api", 404))},
				}
			},
			repo: kind.Repository{Owner: "acme", Name: "api", Via: "Repository ns/api"},
			err: errors.New("cannot grant team acme/platform permission push on repository acme/api: repository acme/api does not exist, " +
				"or the credentials cannot see it (the name Repository ns/api reports)"),
		},
		"TeamMissing": {
			reason: "A 404 on a repository that exists: the condition names the team, and what a rename on GitHub does to its slug.",
			api: func(t *testing.T) *mockAPI {
				return &mockAPI{
					MockTeamReposAPI: fake.MockTeamReposAPI{MockAddTeamRepo: addTeamRepo(t, "push", putNotFound)},
					MockReposAPI:     fake.MockReposAPI{MockGet: getRepository(t, orgRepo("acme/api"), nil)},
				}
			},
			err: errors.New("cannot grant team acme/platform permission push on repository acme/api: team platform does not exist in organization acme, " +
				"or the credentials cannot see it (if the team was renamed on GitHub its slug changed: rename it back, or replace this TeamRepository " +
				"with one for the new slug; a teamRef to a Team resource follows renames)"),
		},
		"TeamMissingViaReference": {
			reason: "A team missing under the slug its Team resource reports names that resource.",
			api: func(t *testing.T) *mockAPI {
				return &mockAPI{
					MockTeamReposAPI: fake.MockTeamReposAPI{MockAddTeamRepo: addTeamRepo(t, "push", putNotFound)},
					MockReposAPI:     fake.MockReposAPI{MockGet: getRepository(t, orgRepo("acme/api"), nil)},
				}
			},
			team: kind.Team{Organization: "acme", Slug: "platform", ID: 7, Via: "Team ns/platform"},
			err: errors.New("cannot grant team acme/platform permission push on repository acme/api: team platform does not exist in organization acme, " +
				"or the credentials cannot see it (the slug Team ns/platform reports: the team may have been renamed or deleted on GitHub)"),
		},
		"UserRepository": {
			reason: "A user's repository cannot be granted to a team: the condition says so.",
			api: func(t *testing.T) *mockAPI {
				return &mockAPI{
					MockTeamReposAPI: fake.MockTeamReposAPI{MockAddTeamRepo: addTeamRepo(t, "push", putNotFound)},
					MockReposAPI: fake.MockReposAPI{MockGet: getRepository(t, &github.Repository{ID: 42, FullName: "acme/api",
						Owner: github.Account{Login: "acme", Type: "User"}}, nil)},
				}
			},
			err: errors.New("cannot grant team acme/platform permission push on repository acme/api: repository acme/api belongs to the user acme, " +
				"and only an organization's repositories can be granted to its teams"),
		},
		"RepositoryRenamed": {
			reason: "A repository GitHub redirects to a new name was renamed: reported, not granted.",
			api: func(t *testing.T) *mockAPI {
				return &mockAPI{
					MockTeamReposAPI: fake.MockTeamReposAPI{MockAddTeamRepo: addTeamRepo(t, "push", putNotFound)},
					MockReposAPI:     fake.MockReposAPI{MockGet: getRepository(t, orgRepo("acme/api2"), nil)},
				}
			},
			err: errors.Wrap(errors.New("repository acme/api (id 42) was renamed to acme/api2 on GitHub, "+
				"which keeps team acme/platform's permission on it: this resource names the repository by name, and does not grant the old name to whatever "+
				"repository takes it; rename the repository back, or replace this TeamRepository with one for acme/api2 (a repositoryRef to a Repository resource follows renames)"),
				"cannot grant team acme/platform permission push on repository acme/api"),
		},
		"WhichIsMissingUnknown": {
			reason: "When the repository cannot be read either, GitHub's 404 is what the condition says.",
			api: func(t *testing.T) *mockAPI {
				return &mockAPI{
					MockTeamReposAPI: fake.MockTeamReposAPI{MockAddTeamRepo: addTeamRepo(t, "push", putNotFound)},
					MockReposAPI:     fake.MockReposAPI{MockGet: getRepository(t, nil, ghErr(http.MethodGet, "/repos/acme/api", 503))},
				}
			},
			err: errors.Wrap(putNotFound, "cannot grant team acme/platform permission push on repository acme/api"),
		},
		"OtherOrganization": {
			reason: "A team of another organization is not granted: nothing is sent to GitHub.",
			api:    func(*testing.T) *mockAPI { return &mockAPI{} },
			team:   kind.Team{Organization: "other-org", Slug: "platform", ID: 7},
			err: errors.New("team other-org/platform belongs to organization other-org, but repository acme/api belongs to acme: " +
				"GitHub grants a team access only to its own organization's repositories; name a team of acme, or a repository of other-org"),
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				repo, team := repoAPI, teamPlatform
				if tc.repo != (kind.Repository{}) {
					repo = tc.repo
				}
				if tc.team != (kind.Team{}) {
					team = tc.team
				}
				mg := s.object(tc.mg...)
				_, err := s.external(tc.api(t), repo, team, &kindtest.Recorder{}).Create(context.Background(), mg)
				if diff := cmp.Diff(tc.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nCreate(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if got := meta.GetExternalName(mg); got != tc.extName {
					t.Errorf("\n%s\nCreate(...): external name %q, want %q", tc.reason, got, tc.extName)
				}
			})
		})
	}
}

// TestRegrant observes a permission removed on GitHub and grants it again:
// the event says it was removed outside Kubernetes.
func TestRegrant(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		api := &mockAPI{
			MockTeamReposAPI: fake.MockTeamReposAPI{
				MockGetTeamRepo: getTeamRepo(t, nil, ghErr(http.MethodGet, grantPath, 404)),
				MockAddTeamRepo: addTeamRepo(t, "maintain", nil),
			},
			MockReposAPI: fake.MockReposAPI{MockGetByID: func(context.Context, int64) (*github.Repository, error) { return orgRepo("acme/api"), nil }},
		}
		rec := &kindtest.Recorder{}
		e := s.external(api, repoAPI, teamPlatform, rec)
		mg := s.object(withPermission("maintain"), withObserved("acme/api", 42), withExternalName("platform/acme/api"))
		if o, err := e.Observe(context.Background(), mg); err != nil || o.ResourceExists {
			t.Fatalf("Observe(...): got %+v, %v; want a permission that does not exist", o, err)
		}
		if _, err := e.Create(context.Background(), mg); err != nil {
			t.Fatalf("Create(...): %v", err)
		}
		if diff := cmp.Diff([]event.Reason{reasonRegranted}, rec.Reasons()); diff != "" {
			t.Errorf("events -want, +got:\n%s", diff)
		}
	})
}

func TestUpdate(t *testing.T) {
	putNotFound := ghErr(http.MethodPut, grantPath, http.StatusNotFound)
	cases := map[string]struct {
		reason string
		api    func(t *testing.T) *mockAPI
		err    error
	}{
		"SetsBack": {
			reason: "Update grants the spec's permission again, which replaces the one set on GitHub.",
			api: func(t *testing.T) *mockAPI {
				return &mockAPI{MockTeamReposAPI: fake.MockTeamReposAPI{MockAddTeamRepo: addTeamRepo(t, "triage", nil)}}
			},
		},
		"TeamGone": {
			reason: "A team deleted since it was observed is named by the condition.",
			api: func(t *testing.T) *mockAPI {
				return &mockAPI{
					MockTeamReposAPI: fake.MockTeamReposAPI{MockAddTeamRepo: addTeamRepo(t, "triage", putNotFound)},
					MockReposAPI:     fake.MockReposAPI{MockGet: getRepository(t, orgRepo("acme/api"), nil)},
				}
			},
			err: errors.New("cannot set the permission of team acme/platform on repository acme/api to triage: team platform does not exist in organization acme, " +
				"or the credentials cannot see it (if the team was renamed on GitHub its slug changed: rename it back, or replace this TeamRepository " +
				"with one for the new slug; a teamRef to a Team resource follows renames)"),
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				_, err := s.external(tc.api(t), repoAPI, teamPlatform, &kindtest.Recorder{}).Update(context.Background(), s.object(withPermission("triage")))
				if diff := cmp.Diff(tc.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nUpdate(...): -want error, +got error:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

func TestDelete(t *testing.T) {
	removeTeamRepo := func(t *testing.T, err error) func(context.Context, string, string, string, string) error {
		return func(_ context.Context, org, slug, owner, repo string) error {
			if org != "acme" || slug != "platform" || owner != "acme" || repo != "api" {
				t.Errorf("RemoveTeamRepo(%s, %s, %s, %s): want acme, platform, acme, api", org, slug, owner, repo)
			}
			return err
		}
	}
	cases := map[string]struct {
		reason string
		err    error
		want   error
	}{
		"Removes": {reason: "Delete removes the team's permission."},
		"AlreadyGone": {
			reason: "A permission already gone counts as removed.",
			err:    ghErr(http.MethodDelete, grantPath, 404),
		},
		"Fails": {
			reason: "Any other answer is an error that says what was attempted.",
			err:    ghErr(http.MethodDelete, grantPath, 403),
			want:   errors.Wrap(ghErr(http.MethodDelete, grantPath, 403), "cannot remove the permission of team acme/platform on repository acme/api"),
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				api := &mockAPI{MockTeamReposAPI: fake.MockTeamReposAPI{MockRemoveTeamRepo: removeTeamRepo(t, tc.err)}}
				mg := s.object(deleting())
				_, err := s.external(api, repoAPI, teamPlatform, &kindtest.Recorder{}).Delete(context.Background(), mg)
				if diff := cmp.Diff(tc.want, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nDelete(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if c := mg.GetCondition(xpv2.TypeReady); c.Reason != xpv2.ReasonDeleting {
					t.Errorf("\n%s\nDelete(...): Ready reason %q, want %q", tc.reason, c.Reason, xpv2.ReasonDeleting)
				}
			})
		})
	}
}

// TestDeleteFollowsARename deletes a resource whose repository was renamed
// on GitHub: Observe finds the permission under the new name by the
// repository's id, and Delete removes it there.
func TestDeleteFollowsARename(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		removed := ""
		api := &mockAPI{
			MockTeamReposAPI: fake.MockTeamReposAPI{
				MockGetTeamRepo: func(_ context.Context, _, _, _, repo string) (*github.TeamRepo, error) {
					if repo == "api" {
						return nil, ghErr(http.MethodGet, grantPath, 404)
					}
					r := teamRepo("write")
					r.Name, r.FullName = repo, "acme/"+repo
					return r, nil
				},
				MockRemoveTeamRepo: func(_ context.Context, org, slug, owner, repo string) error {
					removed = org + "/" + slug + " " + owner + "/" + repo
					return nil
				},
			},
			MockReposAPI: fake.MockReposAPI{MockGetByID: func(context.Context, int64) (*github.Repository, error) { return orgRepo("acme/api2"), nil }},
		}
		e := s.external(api, repoAPI, teamPlatform, &kindtest.Recorder{})
		mg := s.object(withObserved("acme/api", 42), deleting())
		if o, err := e.Observe(context.Background(), mg); err != nil || !o.ResourceExists {
			t.Fatalf("Observe(...): got %+v, %v; want the permission found under the new name", o, err)
		}
		if _, err := e.Delete(context.Background(), mg); err != nil {
			t.Fatalf("Delete(...): %v", err)
		}
		if removed != "acme/platform acme/api2" {
			t.Errorf("Delete(...): removed %q, want the permission of acme/platform on acme/api2", removed)
		}
	})
}
