package branch

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	gogithub "github.com/google/go-github/v37/github"
	"k8s.io/utils/ptr"
	crfake "sigs.k8s.io/controller-runtime/pkg/client/fake"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
)

const (
	repoPath    = "/repos/demo-org/app"
	branchPath  = "/repos/demo-org/app/branches/release"
	refsPath    = "/repos/demo-org/app/git/refs"
	releaseRef  = "/repos/demo-org/app/git/refs/heads%2Frelease"
	notOursText = `branch "release" already exists in demo-org/app and this Branch did not create it; to manage it, set the annotation crossplane.io/external-name: release`
)

// observed is the observation of branch name at sha in demo-org/app.
func observed(name, sha string, protected, isDefault bool) common.BranchObservation {
	return common.BranchObservation{Name: ptr.To(name), Repository: ptr.To("demo-org/app"), Sha: ptr.To(sha), Protected: ptr.To(protected), Default: ptr.To(isDefault)}
}

// last is what a branch release at shaRelease was last observed as.
var last = observed("release", shaRelease, false, false)

func TestObserve(t *testing.T) {
	type want struct {
		o       managed.ExternalObservation
		err     error
		obs     *common.BranchObservation // nil: unchanged from the case's
		ready   bool
		extName string
		renamed string
		events  []event.Reason
	}
	cases := map[string]struct {
		reason string
		world  world
		mg     []mod
		want   want
	}{
		"Exists": {
			reason: "A branch GitHub has under the name is up to date and Ready, whatever its head: commits move it.",
			world:  world{branches: map[string]string{"main": shaMain, "release": shaRelease}, protected: map[string]bool{"release": true}},
			mg:     []mod{withExternalName("release")},
			want: want{
				o:   managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true},
				obs: ptr.To(observed("release", shaRelease, true, false)), ready: true, extName: "release",
			},
		},
		"DefaultBranch": {
			reason: "A Branch may manage the default branch (adopted through its external name): it says so.",
			world:  world{branches: map[string]string{"main": shaMain}},
			mg:     []mod{func(b Object) { b.Parameters().Name = "main" }, withExternalName("main")},
			want: want{
				o:   managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true},
				obs: ptr.To(observed("main", shaMain, false, true)), ready: true, extName: "main",
			},
		},
		"NotCreatedYet": {
			reason: "A branch GitHub does not have, and that this resource never created, is created.",
			world:  world{branches: map[string]string{"main": shaMain}},
			want:   want{o: managed.ExternalObservation{ResourceExists: false}},
		},
		"ExistsNotOurs": {
			reason: "A branch that exists and that this resource did not create is not taken over without the external-name annotation.",
			world:  world{branches: map[string]string{"main": shaMain, "release": shaMain}},
			want:   want{err: kind.NotOurs{Err: errors.New(notOursText)}},
		},
		"ExistsElsewhereAfterFailedCreate": {
			reason: "After a failed create, a branch at another commit than the create started it at is someone else's: not taken over.",
			world:  world{branches: map[string]string{"main": shaMain, "release": shaRelease}},
			mg:     []mod{createFailed()},
			want:   want{err: kind.NotOurs{Err: errors.New(notOursText)}},
		},
		"FailedCreateSourceMovedSince": {
			reason: "The commit the failed create recorded tells its branch, however far the default branch has moved since.",
			world:  world{branches: map[string]string{"main": shaDevelop, "release": shaMain}},
			mg:     []mod{createFailed(), withObservation(common.BranchObservation{Sha: ptr.To(shaMain)})},
			want: want{
				o:   managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true},
				obs: ptr.To(observed("release", shaMain, false, false)), ready: true, extName: "release", events: []event.Reason{kind.ReasonRecovered},
			},
		},
		"FailedCreateOtherCommitThanRecorded": {
			reason: "A branch at another commit than the one the failed create recorded is someone else's, even at the source's head.",
			world:  world{branches: map[string]string{"main": shaRelease, "release": shaRelease}},
			mg:     []mod{createFailed(), withObservation(common.BranchObservation{Sha: ptr.To(shaMain)})},
			want:   want{err: kind.NotOurs{Err: errors.New(notOursText)}},
		},
		"FailedCreateAnswerLost": {
			reason: "A create that failed may have failed after GitHub made the branch (its answer lost): a branch at the head the create started it at is that create's.",
			world:  world{branches: map[string]string{"main": shaMain, "release": shaMain}},
			mg:     []mod{createFailed()},
			want: want{
				o:   managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true},
				obs: ptr.To(observed("release", shaMain, false, false)), ready: true, extName: "release", events: []event.Reason{kind.ReasonRecovered},
			},
		},
		"InterruptedCreate": {
			reason: "A create under way whose record was lost, and a branch at the head of the default branch it started from: that create's branch.",
			world:  world{branches: map[string]string{"main": shaMain, "release": shaMain}},
			mg:     []mod{createPending()},
			want: want{
				o:   managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true},
				obs: ptr.To(observed("release", shaMain, false, false)), ready: true, extName: "release", events: []event.Reason{kind.ReasonRecovered},
			},
		},
		"InterruptedCreateFromSha": {
			reason: "With sourceSha, the branch must be at that commit.",
			world:  world{branches: map[string]string{"main": shaMain, "release": shaOld}},
			mg:     []mod{createPending(), withSourceSha(shaOld)},
			want: want{
				o:   managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true},
				obs: ptr.To(observed("release", shaOld, false, false)), ready: true, extName: "release", events: []event.Reason{kind.ReasonRecovered},
			},
		},
		"InterruptedCreateOtherHistory": {
			reason: "A branch at another commit than the source's head has other history: not taken over, create under way or not.",
			world:  world{branches: map[string]string{"main": shaMain, "develop": shaDevelop, "release": shaRelease}},
			mg:     []mod{createPending(), withSourceBranch("develop")},
			want:   want{err: kind.NotOurs{Err: errors.New(notOursText)}},
		},
		"GoneOtherBranchAtLastHead": {
			reason: "A branch gone from its name, without a redirect, was deleted, even when another branch has its last head (one cut from the same commit, say): that branch is not renamed, the branch is created again, with a warning.",
			world:  world{branches: map[string]string{"main": shaMain, "hotfix": shaRelease}},
			mg:     []mod{withExternalName("release"), withObservation(last)},
			want:   want{o: managed.ExternalObservation{ResourceExists: false}, extName: "release", events: []event.Reason{kind.ReasonMissing}},
		},
		"RenamedRedirect": {
			reason: "GitHub redirects a renamed branch's old name to it: that is the branch, whatever its head now (commits pushed since the rename move it).",
			world: world{branches: map[string]string{"main": shaMain, "release-old": shaOld, "copy": shaRelease},
				redirects: map[string]string{"release": "release-old"}},
			mg: []mod{withExternalName("release"), withObservation(last)},
			want: want{
				o:   managed.ExternalObservation{ResourceExists: true, Diff: `name: want "release", GitHub redirects it to the branch "release-old" (head ` + shaOld + `)`},
				obs: ptr.To(observed("release-old", shaOld, false, false)), extName: "release", renamed: "release-old",
			},
		},
		"RenamedDefaultRedirect": {
			reason: "A renamed default branch takes the default with it: GitHub's redirect to the default branch is then the branch.",
			world:  world{branches: map[string]string{"trunk": shaOld}, redirects: map[string]string{"release": "trunk"}},
			mg:     []mod{withExternalName("release"), withObservation(observed("release", shaRelease, false, true))},
			want: want{
				o:   managed.ExternalObservation{ResourceExists: true, Diff: `name: want "release", GitHub redirects it to the branch "trunk" (head ` + shaOld + `)`},
				obs: ptr.To(observed("trunk", shaOld, false, false)), extName: "release", renamed: "trunk",
			},
		},
		"MasterRedirectNotCreated": {
			reason: "GitHub sends master to the default branch in any repository: a master branch not created yet is not taken for the default branch.",
			world:  world{branches: map[string]string{"main": shaMain}, redirects: map[string]string{"master": "main"}},
			mg:     []mod{func(b Object) { b.Parameters().Name = "master" }},
			want:   want{o: managed.ExternalObservation{ResourceExists: false}},
		},
		"MasterRedirectDeleted": {
			reason: "Nor is a master branch that was deleted: it is created again, with a warning.",
			world:  world{branches: map[string]string{"main": shaMain}, redirects: map[string]string{"master": "main"}},
			mg: []mod{func(b Object) { b.Parameters().Name = "master" }, withExternalName("master"),
				withObservation(observed("master", shaRelease, false, false))},
			want: want{o: managed.ExternalObservation{ResourceExists: false}, extName: "master", events: []event.Reason{kind.ReasonMissing}},
		},
		"DeletingRedirected": {
			reason: "A resource being deleted whose branch GitHub redirects to another name (its record of a rename outside Kubernetes) exists: Delete deletes the branch under its new name.",
			world:  world{branches: map[string]string{"main": shaMain, "release-old": shaOld}, redirects: map[string]string{"release": "release-old"}},
			mg:     []mod{withExternalName("release"), withObservation(last), deleting()},
			want: want{
				o:   managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true},
				obs: ptr.To(observed("release-old", shaOld, false, false)), extName: "release", renamed: "release-old",
			},
		},
		"DeletingMasterRedirect": {
			reason: "GitHub's redirect of master to the default branch, of a master branch that was not the default, is no rename: nothing to delete.",
			world:  world{branches: map[string]string{"main": shaMain}, redirects: map[string]string{"master": "main"}},
			mg: []mod{func(b Object) { b.Parameters().Name = "master" }, withExternalName("master"),
				withObservation(observed("master", shaRelease, false, false)), deleting()},
			want: want{o: managed.ExternalObservation{ResourceExists: false}, extName: "master"},
		},
		"DeletingRedirectedNotOurs": {
			reason: "A resource being deleted that never had its branch leaves alone the branch GitHub redirects its name to.",
			world:  world{branches: map[string]string{"main": shaMain, "release-old": shaRelease}, redirects: map[string]string{"release": "release-old"}},
			mg:     []mod{deleting()},
			want:   want{o: managed.ExternalObservation{ResourceExists: false}},
		},
		"GoneSourceAtLastHead": {
			reason: "A branch gone from its name, without a redirect, is created again even when its source branch and another branch have its last head.",
			world:  world{branches: map[string]string{"main": shaMain, "develop": shaRelease, "renamed": shaRelease}},
			mg:     []mod{withExternalName("release"), withSourceBranch("develop"), withObservation(last)},
			want:   want{o: managed.ExternalObservation{ResourceExists: false}, extName: "release", events: []event.Reason{kind.ReasonMissing}},
		},
		"Deleted": {
			reason: "A branch gone from its name, which GitHub does not redirect, was deleted: it is created again, with a warning.",
			world:  world{branches: map[string]string{"main": shaMain}},
			mg:     []mod{withExternalName("release"), withObservation(last)},
			want:   want{o: managed.ExternalObservation{ResourceExists: false}, extName: "release", events: []event.Reason{kind.ReasonMissing}},
		},
		"DeletedAtDefaultHead": {
			reason: "The default branch at the same commit is no renamed branch: created again.",
			world:  world{branches: map[string]string{"main": shaRelease}},
			mg:     []mod{withExternalName("release"), withObservation(last)},
			want:   want{o: managed.ExternalObservation{ResourceExists: false}, extName: "release", events: []event.Reason{kind.ReasonMissing}},
		},
		"NeverObserved": {
			reason: "A branch named by an external name set by hand, which GitHub does not have, has no head to look for: it is created.",
			world:  world{branches: map[string]string{"main": shaMain}},
			mg:     []mod{withExternalName("release")},
			want:   want{o: managed.ExternalObservation{ResourceExists: false}, extName: "release"},
		},
		"RepositoryMissing": {
			reason: "A repository GitHub does not have is named in the error.",
			world:  world{repoErr: ghErr(http.MethodGet, repoPath, http.StatusNotFound, "")},
			mg:     []mod{withExternalName("release")},
			want: want{err: errors.Wrap(ghErr(http.MethodGet, repoPath, http.StatusNotFound, ""),
				"cannot find repository demo-org/app: create it, or fix the repository the Branch names"), extName: "release"},
		},
		"BranchUnreadable": {
			reason: "Only a 404 means absent: a 500 is an error, and must not lead to a create.",
			world:  world{branches: map[string]string{}, getErr: ghErr(http.MethodGet, branchPath, http.StatusInternalServerError, "")},
			want: want{err: errors.Wrap(ghErr(http.MethodGet, branchPath, http.StatusInternalServerError, ""),
				`cannot read branch "release" of demo-org/app`)},
		},
		"ExternalNameOfAnotherBranch": {
			reason: "The external name and the name must name the same branch, case and all.",
			world:  world{branches: map[string]string{}},
			mg:     []mod{withExternalName("Release")},
			want: want{err: kind.NotOurs{Err: errors.New(`spec.forProvider.name "release" and the crossplane.io/external-name annotation "Release" name different branches (branch names are case-sensitive): make them equal`)},
				extName: "Release"},
		},
		"DeletingExists": {
			reason: "A resource being deleted exists while its branch does.",
			world:  world{branches: map[string]string{"release": shaRelease}},
			mg:     []mod{withExternalName("release"), deleting()},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true},
				obs: ptr.To(observed("release", shaRelease, false, false)), ready: true, extName: "release"},
		},
		"DeletingGone": {
			reason: "A branch gone while its resource is deleted is not looked for under other names: deleted is deleted.",
			world:  world{branches: map[string]string{"release-old": shaRelease}},
			mg:     []mod{withExternalName("release"), withObservation(last), deleting()},
			want:   want{o: managed.ExternalObservation{ResourceExists: false}, extName: "release"},
		},
		"DeletingNotOurs": {
			reason: "A resource that never created its branch says someone else's branch of that name is not its own; kind completes its deletion and leaves that branch alone.",
			world:  world{branches: map[string]string{"main": shaMain, "release": shaMain}},
			mg:     []mod{deleting()},
			want:   want{err: kind.NotOurs{Err: errors.New(notOursText)}},
		},
		"DeletingRepositoryGone": {
			reason: "A repository that is gone has no branch left to delete.",
			world:  world{repoErr: ghErr(http.MethodGet, repoPath, http.StatusNotFound, "")},
			mg:     []mod{withExternalName("release"), deleting()},
			want:   want{o: managed.ExternalObservation{ResourceExists: false}, extName: "release"},
		},
		"DeletingOtherExternalName": {
			reason: "A resource being deleted whose external name names another branch says so, reading nothing; kind completes its deletion, deleting neither branch.",
			world:  world{branches: map[string]string{}},
			mg:     []mod{withExternalName("Release"), deleting()},
			want: want{err: kind.NotOurs{Err: errors.New(`spec.forProvider.name "release" and the crossplane.io/external-name annotation "Release" name different branches (branch names are case-sensitive): make them equal`)},
				extName: "Release"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				w := tc.world
				w.branches = copyMap(tc.world.branches)
				mg := s.branch(tc.mg...)
				before := *mg.Observation()
				rec := &kindtest.Recorder{}
				e := s.external(w.fake(t), w.statusWriter(), rec)
				got, err := e.Observe(context.Background(), mg)
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Fatalf("\n%s\nObserve(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.o, got); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
				}
				if len(w.writes) != 0 {
					t.Errorf("\n%s\nObserve(...): wrote to GitHub: %v", tc.reason, w.writes)
				}
				wantObs := before
				if tc.want.obs != nil {
					wantObs = *tc.want.obs
				}
				if diff := cmp.Diff(wantObs, *mg.Observation()); diff != "" {
					t.Errorf("\n%s\nObserve(...): status.atProvider: -want, +got:\n%s", tc.reason, diff)
				}
				if got := mg.GetCondition(xpv2.TypeReady).Reason == xpv2.ReasonAvailable; got != tc.want.ready {
					t.Errorf("\n%s\nObserve(...): Available %t, want %t", tc.reason, got, tc.want.ready)
				}
				if got := meta.GetExternalName(mg); got != tc.want.extName {
					t.Errorf("\n%s\nObserve(...): external name %q, want %q", tc.reason, got, tc.want.extName)
				}
				renamed := ""
				if r := e.found().renamed; r != nil {
					renamed = r.Name
				}
				if renamed != tc.want.renamed {
					t.Errorf("\n%s\nObserve(...): found renamed %q, want %q", tc.reason, renamed, tc.want.renamed)
				}
				if diff := cmp.Diff(tc.want.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nObserve(...): events: -want, +got:\n%s\n%+v", tc.reason, diff, rec.Events)
				}
			})
		})
	}
}

// The warning about a branch deleted outside Kubernetes says it is created
// again, and at which commit.
func TestObserveDeletedWarning(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		w := world{branches: map[string]string{"main": shaMain, "hotfix": shaRelease}}
		rec := &kindtest.Recorder{}
		mg := s.branch(withExternalName("release"), withObservation(last))
		if _, err := s.external(w.fake(t), w.statusWriter(), rec).Observe(context.Background(), mg); err != nil {
			t.Fatalf("Observe(...): %v", err)
		}
		want := `branch "release" of demo-org/app no longer exists on GitHub, which does not redirect its name to another branch (as it does for a renamed one): it was deleted outside Kubernetes, creating it again at its last head ` + shaRelease
		if len(rec.Events) != 1 || rec.Events[0].Message != want || rec.Events[0].Type != event.TypeWarning {
			t.Errorf("Observe(...): events %+v, want one warning %q", rec.Events, want)
		}
	})
}

func TestCreate(t *testing.T) {
	type want struct {
		err     error
		writes  []string
		extName string
	}
	createRelease := func(sha string) string { return "create refs/heads/release at " + sha }
	// startAt is a create at sha, recorded before it is made.
	startAt := func(sha string) []string { return []string{"record start at " + sha, createRelease(sha)} }
	cases := map[string]struct {
		reason string
		world  world
		mg     []mod
		want   want
	}{
		"FromDefaultBranch": {
			reason: "Without a source, the branch starts at the head of the repository's default branch.",
			world:  world{branches: map[string]string{"main": shaMain}},
			want:   want{writes: startAt(shaMain), extName: "release"},
		},
		"FromSourceBranch": {
			reason: "sourceBranch names the branch whose head it starts at.",
			world:  world{branches: map[string]string{"main": shaMain, "develop": shaDevelop}},
			mg:     []mod{withSourceBranch("develop")},
			want:   want{writes: startAt(shaDevelop), extName: "release"},
		},
		"FromSourceSha": {
			reason: "sourceSha names the commit; no branch is read.",
			world:  world{branches: map[string]string{"main": shaMain}, refErr: errors.New("must not be read")},
			mg:     []mod{withSourceSha(shaOld)},
			want:   want{writes: startAt(shaOld), extName: "release"},
		},
		"StartAlreadyRecorded": {
			reason: "A create tried again at the commit its status already records does not record it again.",
			world:  world{branches: map[string]string{"main": shaMain}},
			mg:     []mod{createFailed(), withObservation(common.BranchObservation{Sha: ptr.To(shaMain)})},
			want:   want{writes: []string{createRelease(shaMain)}, extName: "release"},
		},
		"StartNotRecorded": {
			reason: "A create whose starting commit cannot be recorded is not made: a lost answer could not be told later.",
			world:  world{branches: map[string]string{"main": shaMain}, statusErr: errors.New("the API server is away")},
			want: want{writes: []string{"record start at " + shaMain},
				err: errors.Wrap(errors.New("the API server is away"), `cannot record the commit `+shaMain+` branch "release" starts at, before creating it`)},
		},
		"AgainAtLastHead": {
			reason: "A branch deleted outside Kubernetes is created again at its last observed head, keeping its commits.",
			world:  world{branches: map[string]string{"main": shaMain}},
			mg:     []mod{withExternalName("release"), withObservation(last)},
			want:   want{writes: []string{createRelease(shaRelease)}, extName: "release"},
		},
		"AgainLastHeadGone": {
			reason: "When GitHub no longer has the last head, the branch starts over from its source.",
			world: world{branches: map[string]string{"main": shaMain},
				createErrs: []error{ghErr(http.MethodPost, refsPath, http.StatusUnprocessableEntity, github.MessageObjectMissing)}},
			mg:   []mod{withExternalName("release"), withObservation(last)},
			want: want{writes: append([]string{createRelease(shaRelease)}, startAt(shaMain)...), extName: "release"},
		},
		"SourceBranchMissing": {
			reason: "A sourceBranch GitHub does not have is named in the error.",
			world:  world{branches: map[string]string{"main": shaMain}},
			mg:     []mod{withSourceBranch("develop")},
			want: want{err: errors.Wrap(ghErr(http.MethodGet, "/repos/demo-org/app/git/ref/heads/develop", http.StatusNotFound, ""),
				`cannot find branch "develop" of demo-org/app to start from: check spec.forProvider.sourceBranch`)},
		},
		"EmptyRepository": {
			reason: "A repository without commits has nothing to start a branch at: the error says so, and what to do.",
			world:  world{branches: map[string]string{}, refErr: ghErr(http.MethodGet, "/repos/demo-org/app/git/ref/heads/main", http.StatusConflict, github.MessageEmptyRepository)},
			want: want{err: errors.Wrap(ghErr(http.MethodGet, "/repos/demo-org/app/git/ref/heads/main", http.StatusConflict, github.MessageEmptyRepository),
				"repository demo-org/app is empty: a branch starts at a commit, and it has none yet. Push a first commit, or create the repository with a first commit (autoInit: true on its Repository)")},
		},
		"EmptyRepositoryAtSha": {
			reason: "The same from the create itself, with sourceSha.",
			world:  world{branches: map[string]string{}, createErrs: []error{ghErr(http.MethodPost, refsPath, http.StatusConflict, github.MessageEmptyRepository)}},
			mg:     []mod{withSourceSha(shaOld)},
			want: want{writes: startAt(shaOld), err: errors.Wrap(ghErr(http.MethodPost, refsPath, http.StatusConflict, github.MessageEmptyRepository),
				"repository demo-org/app is empty: a branch starts at a commit, and it has none yet. Push a first commit, or create the repository with a first commit (autoInit: true on its Repository)")},
		},
		"AlreadyExists": {
			reason: "A branch created meanwhile by someone else is not taken over: the error says how to adopt it.",
			world: world{branches: map[string]string{"main": shaMain},
				createErrs: []error{ghErr(http.MethodPost, refsPath, http.StatusUnprocessableEntity, github.MessageReferenceExists)}},
			want: want{writes: startAt(shaMain), err: errors.New(notOursText)},
		},
		"UnknownSha": {
			reason: "A sourceSha the repository does not have is named in the error.",
			world: world{branches: map[string]string{"main": shaMain},
				createErrs: []error{ghErr(http.MethodPost, refsPath, http.StatusUnprocessableEntity, github.MessageObjectMissing)}},
			mg: []mod{withSourceSha(shaOld)},
			want: want{writes: startAt(shaOld), err: errors.Wrap(ghErr(http.MethodPost, refsPath, http.StatusUnprocessableEntity, github.MessageObjectMissing),
				`cannot create branch "release" in demo-org/app at sourceSha `+shaOld+`: the repository has no such commit; check spec.forProvider.sourceSha`)},
		},
		"DirectoryClash": {
			reason: "Git's refusal of a name beside a branch named like its directory says what clashes.",
			world: world{branches: map[string]string{"main": shaMain},
				createErrs: []error{ghErr(http.MethodPost, refsPath, http.StatusUnprocessableEntity, github.MessageReferenceUpdateFailed)}},
			want: want{writes: startAt(shaMain), err: errors.Wrap(ghErr(http.MethodPost, refsPath, http.StatusUnprocessableEntity, github.MessageReferenceUpdateFailed),
				`cannot create branch "release" in demo-org/app: git refused it, most likely because another branch is named like one of its directories (a branch feature forbids feature/x, and feature/x forbids feature); rename that branch, or choose another name`)},
		},
		"Refused": {
			reason: "Another refusal is an error naming what was attempted.",
			world: world{branches: map[string]string{"main": shaMain},
				createErrs: []error{ghErr(http.MethodPost, refsPath, http.StatusForbidden, "Resource not accessible by integration")}},
			want: want{writes: startAt(shaMain), err: errors.Wrap(ghErr(http.MethodPost, refsPath, http.StatusForbidden, "Resource not accessible by integration"),
				`cannot create branch "release" in demo-org/app at the head `+shaMain+` of branch "main"`)},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				w := tc.world
				w.branches = copyMap(tc.world.branches)
				w.createErrs = append([]error(nil), tc.world.createErrs...)
				mg := s.branch(tc.mg...)
				e := s.external(w.fake(t), w.statusWriter(), event.NewNopRecorder(), func(f *found) { f.repository = appRepository() })
				_, err := e.Create(context.Background(), mg)
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nCreate(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.writes, w.writes); diff != "" {
					t.Errorf("\n%s\nCreate(...): writes to GitHub: -want, +got:\n%s", tc.reason, diff)
				}
				if got := meta.GetExternalName(mg); got != tc.want.extName {
					t.Errorf("\n%s\nCreate(...): external name %q, want %q", tc.reason, got, tc.want.extName)
				}
			})
		})
	}
}

func TestUpdate(t *testing.T) {
	renamed := &github.Branch{Name: "release-old", Commit: github.BranchCommit{SHA: shaRelease}}
	type want struct {
		err    error
		writes []string
		obs    common.BranchObservation
		events []event.Reason
	}
	cases := map[string]struct {
		reason  string
		world   world
		renamed *github.Branch
		want    want
	}{
		"RenamedBack": {
			reason:  "The branch a rename outside Kubernetes left is renamed back, with an event.",
			world:   world{branches: map[string]string{"main": shaMain, "release-old": shaRelease}},
			renamed: renamed,
			want: want{writes: []string{"rename release-old to release"}, obs: observed("release", shaRelease, false, false),
				events: []event.Reason{reasonRenamedBack}},
		},
		"NothingToDo": {
			reason: "Nothing else of a branch drifts: nothing is written.",
			world:  world{branches: map[string]string{"main": shaMain, "release": shaRelease}},
			want:   want{obs: last},
		},
		"NameTaken": {
			reason:  "A rename GitHub refuses (the name was taken meanwhile) is an error.",
			world:   world{branches: map[string]string{"release-old": shaRelease}, renameErr: ghErr(http.MethodPost, repoPath+"/branches/release-old/rename", http.StatusUnprocessableEntity, "Validation Failed")},
			renamed: renamed,
			want: want{writes: []string{"rename release-old to release"}, obs: last,
				err: errors.Wrap(ghErr(http.MethodPost, repoPath+"/branches/release-old/rename", http.StatusUnprocessableEntity, "Validation Failed"), `cannot rename branch "release-old" of demo-org/app back to "release"`)},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				w := tc.world
				w.branches = copyMap(tc.world.branches)
				rec := &kindtest.Recorder{}
				mg := s.branch(withExternalName("release"), withObservation(last))
				e := s.external(w.fake(t), w.statusWriter(), rec, func(f *found) { f.repository, f.renamed = appRepository(), tc.renamed })
				_, err := e.Update(context.Background(), mg)
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nUpdate(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.writes, w.writes); diff != "" {
					t.Errorf("\n%s\nUpdate(...): writes to GitHub: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.obs, *mg.Observation()); diff != "" {
					t.Errorf("\n%s\nUpdate(...): status.atProvider: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nUpdate(...): events: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

func TestDelete(t *testing.T) {
	stillThere := `cannot delete branch "release" of demo-org/app: GitHub answered that it does not exist, yet it is still there at ` + shaRelease + `. GitHub refused the delete path (some GitHub Enterprise Server versions do not accept the escaped slash of heads%2Frelease); delete the branch on GitHub, or remove Delete from this Branch's spec.managementPolicies to leave it`
	cases := map[string]struct {
		reason    string
		branches  map[string]string // nil: none
		renamed   *github.Branch
		err       error
		getErr    error
		protected bool
		want      error
		writes    []string // nil: the delete of heads/release
	}{
		"Deleted": {reason: "The branch is deleted as its git reference.", branches: map[string]string{"release": shaRelease}},
		"Gone": {
			reason: "A branch already gone (GitHub's 422 Reference does not exist), as a read confirms, counts as deleted.",
			err:    ghErr(http.MethodDelete, releaseRef, http.StatusUnprocessableEntity, github.MessageReferenceMissing),
		},
		"RepositoryGone": {
			reason: "So does a 404.",
			err:    ghErr(http.MethodDelete, releaseRef, http.StatusNotFound, ""),
		},
		"NotFoundStillThere": {
			reason:   "A 404 to the delete of a branch that a read finds still there is GitHub refusing the escaped path: an error, so the resource is not finalised while the branch remains.",
			branches: map[string]string{"main": shaMain, "release": shaRelease},
			err:      ghErr(http.MethodDelete, releaseRef, http.StatusNotFound, ""),
			want:     errors.Wrap(ghErr(http.MethodDelete, releaseRef, http.StatusNotFound, ""), stillThere),
		},
		"MissingStillThere": {
			reason:   "The same for a 422 Reference does not exist.",
			branches: map[string]string{"release": shaRelease},
			err:      ghErr(http.MethodDelete, releaseRef, http.StatusUnprocessableEntity, github.MessageReferenceMissing),
			want:     errors.Wrap(ghErr(http.MethodDelete, releaseRef, http.StatusUnprocessableEntity, github.MessageReferenceMissing), stillThere),
		},
		"NotFoundConfirmUnreadable": {
			reason: "A read that fails confirms nothing: an error.",
			err:    ghErr(http.MethodDelete, releaseRef, http.StatusNotFound, ""),
			getErr: ghErr(http.MethodGet, branchPath, http.StatusInternalServerError, ""),
			want: errors.Wrap(ghErr(http.MethodGet, branchPath, http.StatusInternalServerError, ""),
				`cannot read branch "release" of demo-org/app, to confirm GitHub's answer to its delete (`+ghErr(http.MethodDelete, releaseRef, http.StatusNotFound, "").Error()+`)`),
		},
		"Renamed": {
			reason:   "A branch renamed outside Kubernetes, which GitHub redirects the name to, is deleted under its new name.",
			branches: map[string]string{"main": shaMain, "release-old": shaOld},
			renamed:  &github.Branch{Name: "release-old", Commit: github.BranchCommit{SHA: shaOld}},
			writes:   []string{"delete heads/release-old"},
		},
		"DefaultBranch": {
			reason: "The default branch cannot be deleted: the error says so, and what to do.",
			err:    ghErr(http.MethodDelete, releaseRef, http.StatusUnprocessableEntity, github.MessageDefaultBranch),
			want:   errors.New(`cannot delete branch "release": it is the default branch of demo-org/app, which GitHub does not let anyone delete. Make another branch the default (a Repository's spec.forProvider.defaultBranch, or the repository's settings on GitHub) and the deletion goes on; to leave the branch on GitHub instead, remove Delete from this Branch's spec.managementPolicies`),
		},
		"Protected": {
			reason: "A branch its protection keeps cannot be deleted: the error says so, and what to do.",
			err:    ghErr(http.MethodDelete, releaseRef, http.StatusUnprocessableEntity, github.MessageProtectedBranch),
			want:   errors.New(`cannot delete branch "release" of demo-org/app: its branch protection does not allow deletions. Allow deletions in its protection (allowDeletions of a BranchProtection) or remove the protection, and the deletion goes on; to leave the branch on GitHub instead, remove Delete from this Branch's spec.managementPolicies`),
		},
		"RulesetRefusal": {
			reason:    "Another refusal of a protected branch hints at what protects it.",
			err:       ghErr(http.MethodDelete, releaseRef, http.StatusUnprocessableEntity, "Repository rule violations found"),
			protected: true,
			want: errors.Wrap(ghErr(http.MethodDelete, releaseRef, http.StatusUnprocessableEntity, "Repository rule violations found"),
				`cannot delete branch "release" of demo-org/app, which is protected: its branch protection or a ruleset of the repository may forbid deleting it`),
		},
		"Refused": {
			reason: "Any other answer is an error.",
			err:    ghErr(http.MethodDelete, releaseRef, http.StatusForbidden, "Must have admin rights to Repository."),
			want:   errors.Wrap(ghErr(http.MethodDelete, releaseRef, http.StatusForbidden, "Must have admin rights to Repository."), `cannot delete branch "release" of demo-org/app`),
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				w := world{branches: copyMap(tc.branches), deleteErr: tc.err, getErr: tc.getErr}
				obs := last
				obs.Protected = ptr.To(tc.protected)
				mg := s.branch(withExternalName("release"), withObservation(obs), deleting())
				e := s.external(w.fake(t), w.statusWriter(), event.NewNopRecorder(), func(f *found) { f.repository, f.renamed = appRepository(), tc.renamed })
				_, err := e.Delete(context.Background(), mg)
				if diff := cmp.Diff(tc.want, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nDelete(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				writes := tc.writes
				if writes == nil {
					writes = []string{"delete heads/release"}
				}
				if diff := cmp.Diff(writes, w.writes); diff != "" {
					t.Errorf("\n%s\nDelete(...): writes to GitHub: -want, +got:\n%s", tc.reason, diff)
				}
				if tc.want == nil && tc.branches != nil {
					if _, ok := w.branches[strings.TrimPrefix(writes[0], "delete heads/")]; ok {
						t.Errorf("\n%s\nDelete(...): GitHub still has the branch: %v", tc.reason, w.branches)
					}
				}
				if got := mg.GetCondition(xpv2.TypeReady).Reason; got != xpv2.ReasonDeleting {
					t.Errorf("\n%s\nDelete(...): Ready reason %q, want Deleting", tc.reason, got)
				}
			})
		})
	}
}

func TestConnect(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		mg := s.branch(func(b Object) { b.Parameters().Owner = ptr.To("acme") })
		gh := gogithub.NewClient(nil)
		got, err := s.connect(mg, kind.Connection{GitHub: gh, DefaultOwner: "demo-org", Record: event.NewNopRecorder(), Kube: crfake.NewClientBuilder().Build()})
		if err != nil {
			t.Fatalf("connect(...): %v", err)
		}
		if want := (kind.Repository{Owner: "acme", Name: "app"}); got != want {
			t.Errorf("connect(...): repository %+v, want %+v", got, want)
		}
		mg = s.branch(func(b Object) { b.Parameters().Repository = nil })
		if _, err := s.connect(mg, kind.Connection{GitHub: gh}); err == nil {
			t.Error("connect(...) without a repository: want an error")
		}
	})
}

func copyMap(m map[string]string) map[string]string {
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
