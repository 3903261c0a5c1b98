package environment

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
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
)

const envPath = "/repos/demo-org/app/environments/production"

func ghErr(method, path string, status int, message string) error {
	return kindtest.GitHubErr(method, path, status, message)
}

var mainPolicy = []github.BranchPolicy{{ID: 9, Name: "main", Type: "branch"}}

func TestObserve(t *testing.T) {
	pending := createdAt.Add(-2 * time.Second)
	notFound := ghErr(http.MethodGet, envPath, http.StatusNotFound, "Not Found")
	type want struct {
		o       managed.ExternalObservation
		err     error
		ready   bool
		extName string
		calls   []call
		events  []event.Reason
	}
	observed := []call{{Op: "get", Name: "production"}, {Op: "list-policies", Name: "production"}}
	cases := map[string]struct {
		reason string
		api    api
		teams  teamResolver
		mg     []mod
		want   want
	}{
		"NotCreatedYet": {
			reason: "Without an external name an environment GitHub does not have is to be created.",
			api:    api{getErr: notFound},
			want:   want{o: managed.ExternalObservation{ResourceExists: false}, calls: []call{{Op: "get", Name: "production"}}},
		},
		"UpToDate": {
			reason: "GitHub's environment is the declared one: up to date and Available.",
			api:    api{get: answer(), policies: mainPolicy},
			mg:     []mod{withExternalName("production")},
			want:   want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ready: true, extName: "production", calls: observed},
		},
		"NameAnyCase": {
			reason: "GitHub compares environment names without regard to case: its spelling is the environment.",
			api:    api{get: answer(func(e *github.Environment) { e.Name = "Production" }), policies: mainPolicy},
			mg:     []mod{withExternalName("Production")},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ready: true, extName: "Production",
				calls: []call{{Op: "get", Name: "production"}, {Op: "list-policies", Name: "Production"}}},
		},
		"Drift": {
			reason: "A wait timer changed and a pattern added on GitHub are drift, named in the diff.",
			api: api{get: answer(func(e *github.Environment) { e.ProtectionRules[0].WaitTimer = ptr.To[int64](1) }),
				policies: append([]github.BranchPolicy{{ID: 10, Name: "hotfix/*", Type: "branch"}}, mainPolicy...)},
			mg:   []mod{withExternalName("production")},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "waitTimer, deploymentBranchPolicy.customBranchPolicies"}, ready: true, extName: "production", calls: observed},
		},
		"NoPoliciesToRead": {
			reason: "An environment that does not use custom policies has none to list.",
			api:    api{get: answer(func(e *github.Environment) { e.DeploymentBranchPolicy = nil })},
			mg:     []mod{withExternalName("production")},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "deploymentBranchPolicy"}, ready: true, extName: "production",
				calls: []call{{Op: "get", Name: "production"}}},
		},
		"Gone": {
			reason: "An environment deleted on GitHub is created again, with a warning.",
			api:    api{getErr: notFound},
			mg:     []mod{withExternalName("production")},
			want: want{o: managed.ExternalObservation{ResourceExists: false}, extName: "production",
				calls: []call{{Op: "get", Name: "production"}}, events: []event.Reason{kind.ReasonMissing}},
		},
		"ReadFails": {
			reason: "Any answer but a 404 is an error, worded with what was attempted.",
			api:    api{getErr: ghErr(http.MethodGet, envPath, http.StatusBadGateway, "Bad Gateway")},
			mg:     []mod{withExternalName("production")},
			want: want{err: errors.Wrap(ghErr(http.MethodGet, envPath, http.StatusBadGateway, "Bad Gateway"), `cannot read environment "production" of demo-org/app`),
				extName: "production", calls: []call{{Op: "get", Name: "production"}}},
		},
		"SomeoneElses": {
			reason: "An environment that exists before this resource created anything is not taken over: the error says how to adopt it.",
			api:    api{get: answer()},
			want: want{err: errors.New(`environment "production" of demo-org/app already exists and this Environment did not create it: to manage it, set the annotation crossplane.io/external-name: "production"; or choose another name`),
				calls: []call{{Op: "get", Name: "production"}}},
		},
		"SomeoneElsesWhileDeleting": {
			reason: "A resource being deleted that never created its environment leaves someone else's alone.",
			api:    api{get: answer()},
			mg:     []mod{deleting()},
			want:   want{o: managed.ExternalObservation{ResourceExists: false}, calls: []call{{Op: "get", Name: "production"}}},
		},
		"CreatedBeforeThePendingCreate": {
			reason: "An environment GitHub created before this resource's create started is someone else's.",
			api:    api{get: answer(func(e *github.Environment) { e.CreatedAt = ptr.To(pending.Add(-time.Hour)) })},
			mg:     []mod{withPending(pending)},
			want: want{err: errors.New(`environment "production" of demo-org/app already exists and this Environment did not create it: to manage it, set the annotation crossplane.io/external-name: "production"; or choose another name`),
				calls: []call{{Op: "get", Name: "production"}}},
		},
		"InterruptedCreateRecovered": {
			reason: "An environment GitHub created while this resource's create was under way, whose record was lost, is this resource's: the external name is set and saved.",
			api:    api{get: answer(), policies: mainPolicy},
			mg:     []mod{withPending(pending)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true}, ready: true, extName: "production",
				calls: observed, events: []event.Reason{kind.ReasonRecovered}},
		},
		"CreatedAfterAFailedCreate": {
			reason: "An environment someone created after this resource's create failed is not taken for the create's result.",
			api:    api{get: answer(func(e *github.Environment) { e.CreatedAt = ptr.To(pending.Add(time.Minute)) })},
			mg:     []mod{withPending(pending), withFailed(pending.Add(time.Second))},
			want: want{err: errors.New(`environment "production" of demo-org/app already exists and this Environment did not create it: to manage it, set the annotation crossplane.io/external-name: "production"; or choose another name`),
				calls: []call{{Op: "get", Name: "production"}}},
		},
		"ExternalNameOfAnotherEnvironment": {
			reason: "An external name that is not the spec's name says how to fix it.",
			mg:     []mod{withExternalName("staging")},
			want:   want{err: errors.New(`the crossplane.io/external-name annotation "staging" is not the environment's name "production" (spec.forProvider.name): set the annotation to the name, or remove it to create the environment`), extName: "staging"},
		},
		"TeamRefResolved": {
			reason: "A reviewer named by teamRef is compared by the Team resource's id.",
			api: api{get: answer(func(e *github.Environment) {
				e.ProtectionRules[1].Reviewers = append(e.ProtectionRules[1].Reviewers, github.EnvironmentReviewer{Type: "Team", Reviewer: github.ReviewerIdentity{ID: 77, Slug: "sre"}})
			}), policies: mainPolicy},
			teams: teamsOf(map[string]kind.Team{"sre-team": {Organization: "demo-org", Slug: "sre", ID: 77}}, nil),
			mg: []mod{withExternalName("production"), withParams(func(p *common.EnvironmentParameters) {
				p.Reviewers = append(p.Reviewers, common.EnvironmentReviewer{Type: "Team", TeamRef: &xpv2.Reference{Name: "sre-team"}})
			})},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ready: true, extName: "production", calls: observed},
		},
		"TeamRefOfAnotherOrganization": {
			reason: "A Team of another organization cannot review: the error says so.",
			api:    api{get: answer(), policies: mainPolicy},
			teams:  teamsOf(map[string]kind.Team{"far": {Organization: "elsewhere", Slug: "far", ID: 78, Via: "Team ns/far"}}, nil),
			mg: []mod{withExternalName("production"), withParams(func(p *common.EnvironmentParameters) {
				p.Reviewers = append(p.Reviewers, common.EnvironmentReviewer{Type: "Team", TeamRef: &xpv2.Reference{Name: "far"}})
			})},
			want: want{err: errors.New("spec.forProvider.reviewers[1].teamRef names Team ns/far, a team of elsewhere: a reviewer team must belong to demo-org, which owns the repository"),
				ready: true, extName: "production", calls: observed},
		},
		"TeamRefMissing": {
			reason: "A Team resource that does not exist is an error that names it.",
			api:    api{get: answer(), policies: mainPolicy},
			teams:  teamsOf(nil, errors.New("spec.forProvider.reviewers[1].teamRef names Team ns/gone, which does not exist: create it, or fix the reference")),
			mg: []mod{withExternalName("production"), withParams(func(p *common.EnvironmentParameters) {
				p.Reviewers = append(p.Reviewers, common.EnvironmentReviewer{Type: "Team", TeamRef: &xpv2.Reference{Name: "gone"}})
			})},
			want: want{err: errors.New("spec.forProvider.reviewers[1].teamRef names Team ns/gone, which does not exist: create it, or fix the reference"),
				ready: true, extName: "production", calls: observed},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				var calls []call
				rec := &kindtest.Recorder{}
				mg := s.environment(tc.mg...)
				e := s.external(tc.api.fake(t, &calls), tc.teams, rec, found{})
				got, err := e.Observe(context.Background(), mg)
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.o, got); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
				}
				if ready := mg.GetCondition(xpv2.TypeReady).Reason == xpv2.ReasonAvailable; ready != tc.want.ready {
					t.Errorf("\n%s\nAvailable: %t, want %t", tc.reason, ready, tc.want.ready)
				}
				if ext := meta.GetExternalName(mg); ext != tc.want.extName {
					t.Errorf("\n%s\nexternal name %q, want %q", tc.reason, ext, tc.want.extName)
				}
				if diff := cmp.Diff(tc.want.calls, calls); diff != "" {
					t.Errorf("\n%s\nGitHub calls: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nevents: -want, +got:\n%s", tc.reason, diff)
				}
				if tc.want.ready && ptr.Deref(mg.Observation().Repository, "") != "demo-org/app" {
					t.Errorf("\n%s\nstatus.atProvider.repository = %v, want demo-org/app", tc.reason, mg.Observation().Repository)
				}
			})
		})
	}
}

func TestCreate(t *testing.T) {
	alice := map[string]*github.Account{"alice": {Login: "Alice", ID: 101, Type: "User"}}
	put := func(reviewers ...github.ReviewerRequest) call {
		return call{Op: "put", Name: "production", Req: &github.EnvironmentRequest{WaitTimer: 30, Reviewers: reviewers, DeploymentBranchPolicy: &github.DeploymentBranchPolicy{CustomBranchPolicies: true}}}
	}
	type want struct {
		err     error
		extName string
		calls   []call
	}
	cases := map[string]struct {
		reason string
		api    api
		mg     []mod
		want   want
	}{
		"Created": {
			reason: "The environment is put with its reviewers by id, its policies are added, and its name becomes the external name.",
			api:    api{accounts: alice},
			want: want{extName: "production", calls: []call{
				{Op: "get-user", Name: "alice"}, put(github.ReviewerRequest{Type: "User", ID: 101}),
				{Op: "create-policy", Name: "production", Req: github.BranchPolicy{Name: "main", Type: "branch"}},
			}},
		},
		"UnknownUser": {
			reason: "A reviewer login GitHub does not know is an error that names it; nothing is created.",
			want: want{err: errors.Wrap(ghErr(http.MethodGet, "/users/alice", http.StatusNotFound, "Not Found"), `cannot find GitHub user "alice", a reviewer of spec.forProvider.reviewers: fix the login`),
				calls: []call{{Op: "get-user", Name: "alice"}}},
		},
		"OrganizationIsNoUser": {
			reason: "An organization's login is no user.",
			api:    api{accounts: map[string]*github.Account{"alice": {Login: "alice", ID: 5, Type: "Organization"}}},
			want: want{err: errors.New(`"alice" is a GitHub Organization, not a user: a reviewer of spec.forProvider.reviewers is a user or a team`),
				calls: []call{{Op: "get-user", Name: "alice"}}},
		},
		"UnknownTeam": {
			reason: "A reviewer team slug the organization does not have is an error that names it.",
			mg: []mod{withParams(func(p *common.EnvironmentParameters) {
				p.Reviewers = []common.EnvironmentReviewer{{Type: "Team", TeamSlug: ptr.To("devs")}}
			})},
			want: want{err: errors.New(`cannot find team "devs" of organization demo-org, named by spec.forProvider.reviewers[0].teamSlug (or the credentials cannot see it): create it, or fix the slug`),
				calls: []call{{Op: "get-team", Name: "demo-org/devs"}}},
		},
		"NoRepository": {
			reason: "A repository that does not exist is named in the error.",
			api:    api{accounts: alice, putErr: ghErr(http.MethodPut, envPath, http.StatusNotFound, "Not Found")},
			want: want{err: errors.Wrap(ghErr(http.MethodPut, envPath, http.StatusNotFound, "Not Found"), `cannot create environment "production": cannot find repository demo-org/app`),
				calls: []call{{Op: "get-user", Name: "alice"}, put(github.ReviewerRequest{Type: "User", ID: 101})}},
		},
		"PolicyFails": {
			reason: "A policy GitHub refuses is an error; the external name is set all the same, as the environment exists.",
			api:    api{accounts: alice, createErr: ghErr(http.MethodPost, envPath+"/deployment-branch-policies", http.StatusInternalServerError, "boom")},
			want: want{
				err:     errors.Wrap(ghErr(http.MethodPost, envPath+"/deployment-branch-policies", http.StatusInternalServerError, "boom"), `cannot add the branch pattern "main" to environment "production" of demo-org/app`),
				extName: "production",
				calls: []call{{Op: "get-user", Name: "alice"}, put(github.ReviewerRequest{Type: "User", ID: 101}),
					{Op: "create-policy", Name: "production", Req: github.BranchPolicy{Name: "main", Type: "branch"}}},
			},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				var calls []call
				mg := s.environment(tc.mg...)
				e := s.external(tc.api.fake(t, &calls), teamsOf(nil, nil), &kindtest.Recorder{}, found{refIDs: map[string]int64{}})
				_, err := e.Create(context.Background(), mg)
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nCreate(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if ext := meta.GetExternalName(mg); ext != tc.want.extName {
					t.Errorf("\n%s\nexternal name %q, want %q", tc.reason, ext, tc.want.extName)
				}
				if diff := cmp.Diff(tc.want.calls, calls); diff != "" {
					t.Errorf("\n%s\nGitHub calls: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

func TestUpdate(t *testing.T) {
	cases := map[string]struct {
		reason string
		api    api
		found  found
		mg     []mod
		err    error
		calls  []call
	}{
		"PoliciesMadeExact": {
			reason: "The settings are put under GitHub's spelling of the name; a missing pattern is added and one added outside Kubernetes removed.",
			found: found{observed: answer(func(e *github.Environment) { e.Name = "Production" }), refIDs: map[string]int64{},
				policies: []github.BranchPolicy{{ID: 10, Name: "hotfix/*", Type: "branch"}}},
			mg: []mod{withParams(func(p *common.EnvironmentParameters) {
				p.Reviewers = []common.EnvironmentReviewer{{Type: "User", ID: ptr.To[int64](101)}, {Type: "Team", ID: ptr.To[int64](7)}}
				p.PreventSelfReview = ptr.To(true)
			})},
			calls: []call{
				{Op: "put", Name: "Production", Req: &github.EnvironmentRequest{WaitTimer: 30, PreventSelfReview: true,
					Reviewers:              []github.ReviewerRequest{{Type: "User", ID: 101}, {Type: "Team", ID: 7}},
					DeploymentBranchPolicy: &github.DeploymentBranchPolicy{CustomBranchPolicies: true}}},
				{Op: "create-policy", Name: "Production", Req: github.BranchPolicy{Name: "main", Type: "branch"}},
				{Op: "delete-policy", Name: "Production", Req: int64(10)},
			},
		},
		"EverythingOff": {
			reason: "A spec without settings turns them all off: no wait timer, no reviewers, every branch; there are no policies to keep.",
			found:  found{observed: answer(), policies: mainPolicy, refIDs: map[string]int64{}},
			mg: []mod{withParams(func(p *common.EnvironmentParameters) {
				p.WaitTimer, p.Reviewers, p.DeploymentBranchPolicy = nil, nil, nil
			})},
			calls: []call{{Op: "put", Name: "production", Req: &github.EnvironmentRequest{}}},
		},
		"PutFails": {
			reason: "GitHub's refusal is worded with what was attempted.",
			api:    api{putErr: ghErr(http.MethodPut, envPath, http.StatusUnprocessableEntity, "Failed to create or update the environment protection rule.")},
			found:  found{observed: answer(), refIDs: map[string]int64{}},
			mg: []mod{withParams(func(p *common.EnvironmentParameters) {
				p.Reviewers = []common.EnvironmentReviewer{{Type: "User", ID: ptr.To[int64](5)}}
			})},
			err: errors.Wrap(ghErr(http.MethodPut, envPath, http.StatusUnprocessableEntity, "Failed to create or update the environment protection rule."), `cannot update environment "production" of demo-org/app`),
			calls: []call{{Op: "put", Name: "production", Req: &github.EnvironmentRequest{WaitTimer: 30,
				Reviewers: []github.ReviewerRequest{{Type: "User", ID: 5}}, DeploymentBranchPolicy: &github.DeploymentBranchPolicy{CustomBranchPolicies: true}}}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				var calls []call
				mg := s.environment(tc.mg...)
				e := s.external(tc.api.fake(t, &calls), teamsOf(nil, nil), &kindtest.Recorder{}, tc.found)
				_, err := e.Update(context.Background(), mg)
				if diff := cmp.Diff(tc.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nUpdate(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.calls, calls); diff != "" {
					t.Errorf("\n%s\nGitHub calls: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

func TestDelete(t *testing.T) {
	cases := map[string]struct {
		reason string
		api    api
		err    error
	}{
		"Deleted":     {reason: "The environment is deleted by GitHub's spelling of its name."},
		"AlreadyGone": {reason: "An environment already gone counts as deleted.", api: api{deleteErr: ghErr(http.MethodDelete, envPath, http.StatusNotFound, "Not Found")}},
		"Fails": {
			reason: "Any other answer is an error.",
			api:    api{deleteErr: ghErr(http.MethodDelete, envPath, http.StatusInternalServerError, "boom")},
			err:    errors.Wrap(ghErr(http.MethodDelete, envPath, http.StatusInternalServerError, "boom"), `cannot delete environment "Production" of demo-org/app`),
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				var calls []call
				mg := s.environment(deleting())
				e := s.external(tc.api.fake(t, &calls), nil, &kindtest.Recorder{}, found{observed: answer(func(e *github.Environment) { e.Name = "Production" })})
				_, err := e.Delete(context.Background(), mg)
				if diff := cmp.Diff(tc.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nDelete(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff([]call{{Op: "delete", Name: "Production"}}, calls); diff != "" {
					t.Errorf("\n%s\nGitHub calls: -want, +got:\n%s", tc.reason, diff)
				}
				if mg.GetCondition(xpv2.TypeReady).Reason != xpv2.ReasonDeleting {
					t.Errorf("\n%s\nnot marked Deleting", tc.reason)
				}
			})
		})
	}
}
