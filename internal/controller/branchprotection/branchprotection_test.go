package branchprotection

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
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	bp "github.com/crossplane-github/provider-github/internal/clients/branchprotection"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
)

// api builds the fake GitHub of a case from the answers it gives, and
// records the writes it is asked for.
type api struct {
	protection *github.Protection
	getErr     error
	repoErr    error // Get of the repository; asked only after a plain 404
	signatures *bool // RequiredSignatures' answer; nil: must not be asked
	putAnswer  *github.Protection
	putErr     error
	sigErr     error
	deleteErr  error

	puts       []*github.ProtectionRequest
	signatured []bool
	deletes    int
}

func (a *api) fake(t *testing.T) *mockAPI {
	t.Helper()
	check := func(call, owner, repo, branch string) {
		if owner != "demo-org" || repo != "app" || branch != "main" {
			t.Errorf("%s(%s, %s, %s): want demo-org/app branch main", call, owner, repo, branch)
		}
	}
	return &mockAPI{
		MockBranchProtectionAPI: fake.MockBranchProtectionAPI{
			MockGetProtection: func(_ context.Context, owner, repo, branch string) (*github.Protection, error) {
				check("GetProtection", owner, repo, branch)
				if a.getErr != nil {
					return &github.Protection{}, a.getErr
				}
				return a.protection, nil
			},
			MockUpdateProtection: func(_ context.Context, owner, repo, branch string, p *github.ProtectionRequest) (*github.Protection, error) {
				check("UpdateProtection", owner, repo, branch)
				a.puts = append(a.puts, p)
				return a.putAnswer, a.putErr
			},
			MockDeleteProtection: func(_ context.Context, owner, repo, branch string) error {
				check("DeleteProtection", owner, repo, branch)
				a.deletes++
				return a.deleteErr
			},
			MockRequiredSignatures: func(_ context.Context, owner, repo, branch string) (bool, error) {
				check("RequiredSignatures", owner, repo, branch)
				if a.signatures == nil {
					t.Error("RequiredSignatures(...) called: the protection's answer carries them")
					return false, nil
				}
				return *a.signatures, nil
			},
			MockSetRequiredSignatures: func(_ context.Context, owner, repo, branch string, on bool) error {
				check("SetRequiredSignatures", owner, repo, branch)
				a.signatured = append(a.signatured, on)
				return a.sigErr
			},
		},
		MockReposAPI: fake.MockReposAPI{
			MockGet: func(context.Context, string, string) (*github.Repository, error) {
				return &github.Repository{FullName: "demo-org/app"}, a.repoErr
			},
		},
	}
}

var (
	notProtected = ghErr(http.StatusNotFound, "Branch not protected")
	noBranch     = ghErr(http.StatusNotFound, "Branch not found")
	plain404     = ghErr(http.StatusNotFound, "Not Found")
)

func TestObserve(t *testing.T) {
	droppedBob := &common.DroppedActors{At: metav1.NewTime(now.Add(-bp.RetryDroppedAfter / 2)), Restrictions: &common.ActorsObservation{Users: []string{"bob"}}}
	restricted := withSpec(func(p *common.BranchProtectionParameters) {
		p.Restrictions = &common.BranchActors{Users: []string{"alice", "bob"}}
	})
	type want struct {
		o        managed.ExternalObservation
		err      error
		extName  string
		obs      *common.BranchProtectionObservation
		ready    *xpv2.Condition
		events   []event.Reason
		observed bool
		spec     func(p *common.BranchProtectionParameters) string
	}
	cases := map[string]struct {
		reason string
		api    api
		mg     []mod
		branch kind.Branch
		want   want
	}{
		"NotProtected": {
			reason: "A branch without protection is absent; the status names the repository and branch.",
			api:    api{getErr: notProtected},
			want: want{o: managed.ExternalObservation{ResourceExists: false},
				obs: &common.BranchProtectionObservation{Repository: ptr.To("demo-org/app"), Branch: ptr.To("main")}},
		},
		"RemovedOutside": {
			reason: "A protection this resource made that is gone is absent again, and an event says it was removed outside.",
			api:    api{getErr: notProtected},
			mg:     []mod{withExternalName("main"), withDropped(droppedBob)},
			want: want{o: managed.ExternalObservation{ResourceExists: false}, extName: "main", events: []event.Reason{reasonRemoved},
				obs: &common.BranchProtectionObservation{Repository: ptr.To("demo-org/app"), Branch: ptr.To("main")}},
		},
		"UnknownWordingRepositoryThere": {
			reason: "A 404 of another wording, in a repository GitHub shows, is taken as no protection.",
			api:    api{getErr: plain404},
			want: want{o: managed.ExternalObservation{ResourceExists: false},
				obs: &common.BranchProtectionObservation{Repository: ptr.To("demo-org/app"), Branch: ptr.To("main")}},
		},
		"RepositoryMissing": {
			reason: "A repository GitHub does not show is an error naming it.",
			api:    api{getErr: plain404, repoErr: plain404},
			want:   want{err: errors.Wrap(plain404, "cannot find repository demo-org/app")},
		},
		"RepositoryMissingDeleting": {
			reason: "A resource being deleted whose repository is gone has nothing to delete.",
			api:    api{getErr: plain404, repoErr: plain404},
			mg:     []mod{withExternalName("main"), deleting()},
			want:   want{o: managed.ExternalObservation{ResourceExists: false}, extName: "main"},
		},
		"BranchMissing": {
			reason: "A branch that does not exist is an error saying so, and how to create it.",
			api:    api{getErr: noBranch},
			want:   want{err: errors.New("branch main does not exist in demo-org/app: create it (a Branch resource can, named by branchRef), or fix spec.forProvider.branch")},
		},
		"BranchGoneAfterProtecting": {
			reason: "A branch this resource protected that no longer exists was deleted or renamed outside: the error says so, and how to follow a rename.",
			api:    api{getErr: noBranch},
			mg:     []mod{withExternalName("main")},
			want: want{extName: "main", err: errors.New("branch main does not exist in demo-org/app any more: it was deleted or renamed outside Kubernetes (a renamed branch takes its protection along). " +
				"Create the branch again to protect it; to protect the branch under its new name, create a BranchProtection naming it, with the annotation crossplane.io/external-name set to that name; branchRef follows a Branch resource through renames")},
		},
		"BranchOfBranchResourceMissing": {
			reason: "A branch a Branch resource reports and GitHub does not have is waited for.",
			api:    api{getErr: noBranch},
			branch: kind.Branch{Name: "main", Via: "Branch ns/main"},
			want:   want{err: errors.New("branch main does not exist in demo-org/app: Branch ns/main reports it, but GitHub does not have it; this resource waits for the Branch")},
		},
		"BranchMissingDeleting": {
			reason: "A resource being deleted whose branch is gone has nothing to delete.",
			api:    api{getErr: noBranch},
			mg:     []mod{withExternalName("main"), deleting()},
			want:   want{o: managed.ExternalObservation{ResourceExists: false}, extName: "main"},
		},
		"ReadFails": {
			reason: "Any other error is returned, saying what was read.",
			api:    api{getErr: ghErr(http.StatusBadGateway, "Bad Gateway")},
			want:   want{err: errors.Wrap(ghErr(http.StatusBadGateway, "Bad Gateway"), "cannot read the protection of branch main of demo-org/app")},
		},
		"NotOurs": {
			reason: "A protection this resource did not make is not taken over: the error says how to.",
			api:    api{protection: offAnswer()},
			want: want{err: errors.New("branch main of demo-org/app is already protected, and this BranchProtection did not protect it (GitHub keeps one protection per branch, without an id): " +
				"to manage that protection, and overwrite it with this spec, set the annotation crossplane.io/external-name: main")},
		},
		"NotOursDeleting": {
			reason: "A resource being deleted leaves a protection it did not make alone.",
			api:    api{protection: offAnswer()},
			mg:     []mod{deleting()},
			want:   want{o: managed.ExternalObservation{ResourceExists: false}},
		},
		"InterruptedCreateRecovered": {
			reason: "A create whose record was lost is recognised by the protection being the spec's (but for those GitHub drops): the external name is set and recorded.",
			api: api{protection: answer(func(g *github.Protection) {
				g.Restrictions = &github.ProtectionActors{Users: []github.Account{{Login: "Alice"}}}
			})},
			mg: []mod{withCreatePending(), restricted},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceLateInitialized: true,
				Diff: "restrictions.users: want [alice bob], GitHub has [Alice]"}, extName: "main", events: []event.Reason{kind.ReasonRecovered}, observed: true},
		},
		"InterruptedCreateOfAnotherSpec": {
			reason: "A create under way does not take over a protection other than the spec's.",
			api:    api{protection: answer(func(g *github.Protection) { g.EnforceAdmins = on })},
			mg:     []mod{withCreatePending()},
			want:   want{err: errors.New("branch main of demo-org/app is already protected, and this BranchProtection did not protect it (GitHub keeps one protection per branch, without an id): to manage that protection, and overwrite it with this spec, set the annotation crossplane.io/external-name: main")},
		},
		"ExternalNameOfAnotherBranch": {
			reason: "An external name that names another branch than spec.forProvider.branch is refused.",
			mg:     []mod{withExternalName("develop")},
			want:   want{extName: "develop", err: errors.New(`spec.forProvider.branch "main" and the crossplane.io/external-name annotation "develop" name different branches: make them equal, or remove the annotation`)},
		},
		"UpToDate": {
			reason: "A protection that is the spec is up to date and Ready, its status what GitHub reports.",
			api:    api{protection: answer(func(g *github.Protection) { g.EnforceAdmins = on })},
			mg:     []mod{withExternalName("main"), withSpec(func(p *common.BranchProtectionParameters) { p.EnforceAdmins = ptr.To(true) })},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, extName: "main", observed: true, ready: ptr.To(xpv2.Available()),
				obs: &common.BranchProtectionObservation{Repository: ptr.To("demo-org/app"), Branch: ptr.To("main"), EnforceAdmins: ptr.To(true),
					RequiredLinearHistory: ptr.To(false), AllowForcePushes: ptr.To(false), AllowDeletions: ptr.To(false), BlockCreations: ptr.To(false),
					RequiredConversationResolution: ptr.To(false), LockBranch: ptr.To(false), AllowForkSyncing: ptr.To(false), RequiredSignatures: ptr.To(false)}},
		},
		"Drift": {
			reason: "A protection changed on GitHub is not up to date; the diff names the fields.",
			api:    api{protection: answer(func(g *github.Protection) { g.AllowForcePushes, g.RequiredSignatures = on, on })},
			mg:     []mod{withExternalName("main")},
			want: want{o: managed.ExternalObservation{ResourceExists: true,
				Diff: "allowForcePushes: want false, GitHub has true; requiredSignatures: want false, GitHub has true"}, extName: "main", observed: true},
		},
		"SignaturesReadApart": {
			reason: "When GitHub's answer leaves out required signatures, they are read from their own endpoint.",
			api:    api{protection: answer(func(g *github.Protection) { g.RequiredSignatures = nil }), signatures: ptr.To(true)},
			mg:     []mod{withExternalName("main"), withSpec(func(p *common.BranchProtectionParameters) { p.RequiredSignatures = ptr.To(true) })},
			want:   want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, extName: "main", observed: true},
		},
		"DroppedNotFought": {
			reason: "Those GitHub dropped for lack of push access are no drift; the Ready condition says who and what to do.",
			api: api{protection: answer(func(g *github.Protection) {
				g.Restrictions = &github.ProtectionActors{Users: []github.Account{{Login: "alice"}}}
			})},
			mg: []mod{withExternalName("main"), restricted, withDropped(droppedBob)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, extName: "main", observed: true,
				ready: func() *xpv2.Condition {
					c := xpv2.Available()
					c.Message = bp.DroppedMessage(droppedBob, "demo-org/app", "main")
					return &c
				}()},
		},
		"DroppedAskedAgain": {
			reason: "Once the retry interval has passed, the protection is written again to ask GitHub for them.",
			api: api{protection: answer(func(g *github.Protection) {
				g.Restrictions = &github.ProtectionActors{Users: []github.Account{{Login: "alice"}}}
			})},
			mg: []mod{withExternalName("main"), restricted, withDropped(&common.DroppedActors{At: metav1.NewTime(now.Add(-bp.RetryDroppedAfter)),
				Restrictions: &common.ActorsObservation{Users: []string{"bob"}}})},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "asking GitHub again, 30m0s later, for those it left out"}, extName: "main", observed: true},
		},
		"CheckAppsLateInitialized": {
			reason: "The apps GitHub chose for checks the spec left to it are recorded in the spec.",
			api: api{protection: answer(func(g *github.Protection) {
				g.RequiredStatusChecks = &github.ProtectionStatusChecks{Contexts: []string{"ci"}, Checks: []github.StatusCheck{{Context: "ci", AppID: ptr.To[int64](15368)}}}
			})},
			mg: []mod{withExternalName("main"), withSpec(func(p *common.BranchProtectionParameters) {
				p.RequiredStatusChecks = &common.RequiredStatusChecks{Checks: []common.StatusCheck{{Context: "ci"}}}
			})},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true}, extName: "main", observed: true,
				spec: func(p *common.BranchProtectionParameters) string {
					if id := ptr.Deref(p.RequiredStatusChecks.Checks[0].AppID, 0); id != 15368 {
						return "checks[0].appId not late-initialized to 15368"
					}
					return ""
				}},
		},
		"BranchRenamedFollowed": {
			reason: "A protection named by branchRef follows the Branch's new name: GitHub moved the protection with it.",
			api:    api{protection: offAnswer()},
			branch: kind.Branch{Name: "main", Via: "Branch ns/trunk"},
			mg: []mod{withExternalName("trunk"), withSpec(func(p *common.BranchProtectionParameters) {
				p.Branch, p.BranchRef = nil, &xpv2.Reference{Name: "trunk"}
			})},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true}, extName: "main",
				events: []event.Reason{reasonFollowed}, observed: true},
		},
		"DeletingOurs": {
			reason: "A resource being deleted exists while its protection does.",
			api:    api{protection: offAnswer()},
			mg:     []mod{withExternalName("main"), deleting()},
			want:   want{o: managed.ExternalObservation{ResourceExists: true}, extName: "main"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				rec := &kindtest.Recorder{}
				branch := tc.branch
				if branch.Name == "" {
					branch = kind.Branch{Name: "main"}
				}
				a := tc.api
				e := s.external(a.fake(t), rec, branch, nil)
				mg := s.protection(tc.mg...)
				o, err := e.Observe(context.Background(), mg)
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.o, o); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
				}
				if got := meta.GetExternalName(mg); got != tc.want.extName {
					t.Errorf("\n%s\nexternal name: want %q, got %q", tc.reason, tc.want.extName, got)
				}
				if tc.want.obs != nil {
					if diff := cmp.Diff(*tc.want.obs, *mg.Observation()); diff != "" {
						t.Errorf("\n%s\nstatus.atProvider: -want, +got:\n%s", tc.reason, diff)
					}
				}
				if tc.want.ready != nil {
					if diff := cmp.Diff(*tc.want.ready, mg.GetCondition(xpv2.TypeReady), test.EquateConditions()); diff != "" {
						t.Errorf("\n%s\nReady: -want, +got:\n%s", tc.reason, diff)
					}
				}
				if diff := cmp.Diff(tc.want.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nevents: -want, +got:\n%s", tc.reason, diff)
				}
				if got := e.observed() != nil; got != tc.want.observed {
					t.Errorf("\n%s\nkept the protection for Update: %t, want %t", tc.reason, got, tc.want.observed)
				}
				if tc.want.spec != nil {
					if msg := tc.want.spec(mg.Parameters()); msg != "" {
						t.Errorf("\n%s\n%s", tc.reason, msg)
					}
				}
			})
		})
	}
}

func TestCreate(t *testing.T) {
	type want struct {
		err        error
		extName    string
		puts       int
		signatured []bool
	}
	cases := map[string]struct {
		reason string
		api    api
		mg     []mod
		want   want
	}{
		"Protected": {
			reason: "The branch is protected as the spec says; the external name is the branch.",
			api:    api{putAnswer: offAnswer()},
			want:   want{extName: "main", puts: 1},
		},
		"WithSignatures": {
			reason: "Required signatures, apart from the protection, are turned on when the spec asks for them.",
			api:    api{putAnswer: offAnswer()},
			mg:     []mod{withSpec(func(p *common.BranchProtectionParameters) { p.RequiredSignatures = ptr.To(true) })},
			want:   want{extName: "main", puts: 1, signatured: []bool{true}},
		},
		"BranchMissing": {
			reason: "A branch that does not exist is an error saying so.",
			api:    api{putErr: noBranch},
			want:   want{puts: 1, err: errors.New("branch main does not exist in demo-org/app: create it (a Branch resource can, named by branchRef), or fix spec.forProvider.branch")},
		},
		"Refused": {
			reason: "GitHub's refusal is returned, saying what was attempted.",
			api:    api{putErr: ghErr(http.StatusUnprocessableEntity, "Only organization repositories can have users and team restrictions")},
			want: want{puts: 1, err: errors.Wrap(ghErr(http.StatusUnprocessableEntity, "Only organization repositories can have users and team restrictions"),
				"cannot protect branch main of demo-org/app")},
		},
		"SignaturesRefused": {
			reason: "A failure to set required signatures is returned; the external name is kept, as the protection exists.",
			api:    api{putAnswer: offAnswer(), sigErr: ghErr(http.StatusForbidden, "Forbidden")},
			mg:     []mod{withSpec(func(p *common.BranchProtectionParameters) { p.RequiredSignatures = ptr.To(true) })},
			want: want{extName: "main", puts: 1, signatured: []bool{true},
				err: errors.Wrap(ghErr(http.StatusForbidden, "Forbidden"), "cannot require signed commits on branch main of demo-org/app")},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				a := tc.api
				mg := s.protection(tc.mg...)
				_, err := s.external(a.fake(t), &kindtest.Recorder{}, kind.Branch{Name: "main"}, nil).Create(context.Background(), mg)
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nCreate(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if got := meta.GetExternalName(mg); got != tc.want.extName {
					t.Errorf("\n%s\nexternal name: want %q, got %q", tc.reason, tc.want.extName, got)
				}
				if len(a.puts) != tc.want.puts {
					t.Errorf("\n%s\nPUTs: want %d, got %d", tc.reason, tc.want.puts, len(a.puts))
				}
				if len(a.puts) > 0 {
					if diff := cmp.Diff(bp.Request(mg.Parameters(), nil), a.puts[0]); diff != "" {
						t.Errorf("\n%s\nPUT body: -want, +got:\n%s", tc.reason, diff)
					}
				}
				if diff := cmp.Diff(tc.want.signatured, a.signatured); diff != "" {
					t.Errorf("\n%s\nrequired signatures set: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

func TestUpdate(t *testing.T) {
	reviewed := withSpec(func(p *common.BranchProtectionParameters) {
		p.RequiredPullRequestReviews = &common.RequiredPullRequestReviews{}
		p.Restrictions = &common.BranchActors{Users: []string{"alice", "bob"}, Teams: []string{"idle"}}
	})
	had := answer(func(g *github.Protection) {
		g.RequiredPullRequestReviews = &github.ProtectionReviews{RequiredApprovingReviewCount: 3,
			DismissalRestrictions: &github.ProtectionActors{Users: []github.Account{{Login: "mallory"}}}}
		g.RequiredSignatures = on
	})
	kept := answer(func(g *github.Protection) {
		g.RequiredPullRequestReviews = &github.ProtectionReviews{RequiredApprovingReviewCount: 1}
		g.Restrictions = &github.ProtectionActors{Users: []github.Account{{Login: "Alice"}}}
		g.RequiredSignatures = on
	})
	type want struct {
		err        error
		put        *github.ProtectionRequest
		signatured []bool
		dropped    *common.DroppedActors
		ready      string // the Ready condition's message, with the status this write records
		events     []event.Reason
	}
	cases := map[string]struct {
		reason string
		api    api
		mg     []mod
		want   want
	}{
		"Replaced": {
			reason: "The whole protection is sent (a dismissal restriction GitHub has and the spec does not turned off); required signatures GitHub keeps and the spec does not want are turned off; those GitHub dropped are recorded and reported.",
			api:    api{putAnswer: kept},
			mg:     []mod{reviewed, withDropped(&common.DroppedActors{Restrictions: &common.ActorsObservation{Users: []string{"carol"}}})},
			want: want{
				put: &github.ProtectionRequest{
					RequiredPullRequestReviews: &github.ReviewsRequest{RequiredApprovingReviewCount: 1, DismissalRestrictions: &github.ActorsRequest{}},
					Restrictions:               &github.ActorsRequest{Users: []string{"alice", "bob"}, Teams: []string{"idle"}, Apps: []string{}},
				},
				signatured: []bool{false},
				dropped:    &common.DroppedActors{At: metav1.NewTime(now), Restrictions: &common.ActorsObservation{Users: []string{"bob"}, Teams: []string{"idle"}}},
				ready: bp.DroppedMessage(&common.DroppedActors{At: metav1.NewTime(now), Restrictions: &common.ActorsObservation{Users: []string{"bob"}, Teams: []string{"idle"}}},
					"demo-org/app", "main"),
				events: []event.Reason{reasonDropped},
			},
		},
		"NothingDropped": {
			reason: "When GitHub keeps everyone, the record of those dropped is cleared and no event is recorded.",
			api:    api{putAnswer: offAnswer()},
			mg:     []mod{withDropped(&common.DroppedActors{Restrictions: &common.ActorsObservation{Users: []string{"carol"}}})},
			want:   want{put: &github.ProtectionRequest{}},
		},
		"BranchMissing": {
			reason: "A branch deleted since Observe is an error saying so.",
			api:    api{putErr: noBranch},
			want: want{put: &github.ProtectionRequest{},
				err: errors.New("branch main does not exist in demo-org/app any more: it was deleted or renamed outside Kubernetes (a renamed branch takes its protection along). " +
					"Create the branch again to protect it; to protect the branch under its new name, create a BranchProtection naming it, with the annotation crossplane.io/external-name set to that name; branchRef follows a Branch resource through renames")},
		},
		"Refused": {
			reason: "GitHub's refusal is returned, saying what was attempted.",
			api:    api{putErr: ghErr(http.StatusUnprocessableEntity, "Validation Failed")},
			want: want{put: &github.ProtectionRequest{},
				err: errors.Wrap(ghErr(http.StatusUnprocessableEntity, "Validation Failed"), "cannot update the protection of branch main of demo-org/app")},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				a := tc.api
				rec := &kindtest.Recorder{}
				mg := s.protection(append([]mod{withExternalName("main")}, tc.mg...)...)
				_, err := s.external(a.fake(t), rec, kind.Branch{Name: "main"}, had).Update(context.Background(), mg)
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nUpdate(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if len(a.puts) != 1 {
					t.Fatalf("\n%s\nPUTs: want 1, got %d", tc.reason, len(a.puts))
				}
				if diff := cmp.Diff(tc.want.put, a.puts[0]); diff != "" {
					t.Errorf("\n%s\nPUT body: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.signatured, a.signatured); diff != "" {
					t.Errorf("\n%s\nrequired signatures set: -want, +got:\n%s", tc.reason, diff)
				}
				if tc.want.err == nil {
					if diff := cmp.Diff(tc.want.dropped, mg.Observation().DroppedByGitHub); diff != "" {
						t.Errorf("\n%s\nstatus.atProvider.droppedByGitHub: -want, +got:\n%s", tc.reason, diff)
					}
					if got := mg.GetCondition(xpv2.TypeReady).Message; got != tc.want.ready {
						t.Errorf("\n%s\nReady message: want %q, got %q", tc.reason, tc.want.ready, got)
					}
				}
				if diff := cmp.Diff(tc.want.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nevents: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

func TestDelete(t *testing.T) {
	cases := map[string]struct {
		reason string
		api    api
		want   error
	}{
		"Removed":   {reason: "The protection is removed.", api: api{}},
		"Gone":      {reason: "Protection already gone, or a branch gone, counts as removed.", api: api{deleteErr: noBranch}},
		"Forbidden": {reason: "Another error is returned.", api: api{deleteErr: ghErr(http.StatusForbidden, "Must have admin rights to Repository.")}, want: errors.Wrap(ghErr(http.StatusForbidden, "Must have admin rights to Repository."), "cannot remove the protection of branch main of demo-org/app")},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				a := tc.api
				mg := s.protection(withExternalName("main"), deleting())
				_, err := s.external(a.fake(t), &kindtest.Recorder{}, kind.Branch{Name: "main"}, nil).Delete(context.Background(), mg)
				if diff := cmp.Diff(tc.want, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nDelete(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if a.deletes != 1 {
					t.Errorf("\n%s\nDELETEs: want 1, got %d", tc.reason, a.deletes)
				}
				if c := mg.GetCondition(xpv2.TypeReady); c.Reason != xpv2.ReasonDeleting || c.Status != corev1.ConditionFalse {
					t.Errorf("\n%s\nReady: want Deleting, got %+v", tc.reason, c)
				}
			})
		})
	}
}
