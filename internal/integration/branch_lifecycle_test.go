package integration

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// A Branch is created at the head of the default branch, of sourceBranch
// or at sourceSha; commits pushed to it afterwards are left alone (and
// observed); deleting the resource deletes the branch.
func TestBranchLifecycle(t *testing.T) {
	cases := map[string]struct {
		name   string
		p      func(f *fixture) common.BranchParameters
		source func(f *fixture) string // the commit it starts at
	}{
		"FromDefaultBranch": {
			name:   "release",
			p:      func(*fixture) common.BranchParameters { return common.BranchParameters{Name: "release"} },
			source: func(f *fixture) string { return f.heads(branchRepo)["main"] },
		},
		"MasterBesideMain": {
			// GitHub sends master to the default branch (301) in any
			// repository: that is not taken for an existing master.
			name:   "master",
			p:      func(*fixture) common.BranchParameters { return common.BranchParameters{Name: "master"} },
			source: func(f *fixture) string { return f.heads(branchRepo)["main"] },
		},
		"FromSourceBranch": {
			name: "feature/login",
			p: func(*fixture) common.BranchParameters {
				return common.BranchParameters{Name: "feature/login", SourceBranch: ptr.To[common.BranchName]("develop")}
			},
			source: func(f *fixture) string { return f.heads(branchRepo)["develop"] },
		},
		"FromSourceSha": {
			name: "hotfix",
			p: func(f *fixture) common.BranchParameters {
				return common.BranchParameters{Name: "hotfix", SourceSha: ptr.To(f.heads(branchRepo)["develop"])}
			},
			source: func(f *fixture) string { return f.heads(branchRepo)["develop"] },
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newBranchFixture(t)
				want := tc.source(f)
				b := waitReady(f, f.createBranch(s, "b", tc.p(f)))
				if got := f.heads(branchRepo)[tc.name]; got != want {
					t.Fatalf("GitHub's %s is at %q, want %q", tc.name, got, want)
				}
				wantObs := common.BranchObservation{Name: ptr.To(tc.name), Repository: ptr.To(owner + "/" + branchRepo), Sha: ptr.To(want),
					Protected: ptr.To(false), Default: ptr.To(false)}
				if diff := cmp.Diff(wantObs, *b.Observation()); diff != "" {
					t.Errorf("status.atProvider: -want, +got:\n%s", diff)
				}
				if got := meta.GetExternalName(b); got != tc.name {
					t.Errorf("external name %q, want %q", got, tc.name)
				}

				// A push moves the head: observed, not corrected.
				pushed := f.commit(tc.name)
				f.eventually("the new head observed", func() string {
					if got := ptr.Deref(get(f, b).Observation().Sha, ""); got != pushed {
						return "status.atProvider.sha is " + got
					}
					return ""
				})
				f.quiet("after a push")
				if got := f.heads(branchRepo)[tc.name]; got != pushed {
					t.Errorf("GitHub's %s is at %q after the push, want %q", tc.name, got, pushed)
				}

				f.must(kube.Delete(f.ctx, b))
				f.waitGone(b)
				if _, ok := f.heads(branchRepo)[tc.name]; ok {
					t.Errorf("GitHub still has %s after the resource was deleted", tc.name)
				}
			})
		})
	}
}

// A Branch whose repository is named by repositoryRef is created once the
// Repository (initialised with a first commit) is Ready.
func TestBranchOfRepositoryResource(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newBranchFixture(t)
		f.create(s, "payments-api", common.RepositoryParameters{AutoInit: ptr.To(true)})
		b := f.createBranch(s, "release", common.BranchParameters{Name: "release",
			RepositoryTarget: common.RepositoryTarget{RepositoryRef: &xpv2.Reference{Name: s.key(f, "payments-api").Name}}})
		b = waitReady(f, b)
		if got := ptr.Deref(b.Observation().Repository, ""); got != owner+"/payments-api" {
			t.Errorf("status.atProvider.repository %q, want %s/payments-api", got, owner)
		}
		r, _ := f.emu.State().RepoByName(owner, "payments-api")
		if !r.HasBranch("release") {
			t.Errorf("GitHub's payments-api has no branch release: %+v", r.Branches)
		}
	})
}

// A branch deleted outside Kubernetes is created again at its last head,
// with a warning.
func TestBranchDeletedOutsideIsRecreated(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newBranchFixture(t)
		b := waitReady(f, f.createBranch(s, "b", common.BranchParameters{Name: "release"}))
		pushed := f.commit("release")
		f.eventually("the new head observed", func() string {
			if got := ptr.Deref(get(f, b).Observation().Sha, ""); got != pushed {
				return "status.atProvider.sha is " + got
			}
			return ""
		})
		f.ghMust(http.StatusNoContent, goodToken, http.MethodDelete, refPath("release"), "")
		f.eventually("created again at its last head", func() string {
			if got, ok := f.heads(branchRepo)["release"]; !ok || got != pushed {
				return "GitHub's release is at " + got
			}
			return ""
		})
		f.waitEvent(b, "ExternalResourceMissing", `branch "release" of demo-org/app no longer exists`)
		waitReady(f, b)
		// And it is polled again as before: a push is observed.
		again := f.commit("release")
		f.eventually("the head pushed after the re-create observed", func() string {
			if got := ptr.Deref(get(f, b).Observation().Sha, ""); got != again {
				return "status.atProvider.sha is " + got
			}
			return ""
		})
	})
}

// A branch renamed outside Kubernetes is found through GitHub's redirect of
// its old name and renamed back, with an event; the branch it was created
// from, at the same head, is left alone.
func TestBranchRenamedOutsideIsRenamedBack(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newBranchFixture(t)
		b := waitReady(f, f.createBranch(s, "b", common.BranchParameters{Name: "release", SourceBranch: ptr.To[common.BranchName]("develop")}))
		head := f.heads(branchRepo)["release"]
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/repos/"+owner+"/"+branchRepo+"/branches/release/rename", `{"new_name":"release-2024"}`)
		f.eventually("renamed back", func() string {
			h := f.heads(branchRepo)
			if _, ok := h["release-2024"]; ok || h["release"] != head {
				return "GitHub's branches are " + strings.Join(keys(h), ", ")
			}
			return ""
		})
		f.waitEvent(b, "RenamedBack", `renamed to "release-2024"`)
		if got := f.heads(branchRepo)["develop"]; got != head {
			t.Errorf("develop moved to %q", got)
		}
		waitReady(f, b)
	})
}

// A branch that exists already is not taken over by a Branch without the
// external-name annotation: the condition says how to; with the
// annotation, it is managed (and, once the resource is deleted, deleted).
func TestBranchExistingIsAdoptedOnlyWhenNamed(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newBranchFixture(t)
		f.createRef("existing", f.heads(branchRepo)["develop"])
		b := f.createBranch(s, "b", common.BranchParameters{Name: "existing"})
		waitSyncError(f, b, `branch "existing" already exists in demo-org/app and this Branch did not create it`, "crossplane.io/external-name: existing")
		update(f, b, func(b branchObject) { meta.SetExternalName(b, "existing") })
		b = waitReady(f, b)
		if got := ptr.Deref(b.Observation().Sha, ""); got != f.heads(branchRepo)["develop"] {
			t.Errorf("status.atProvider.sha %q, want develop's head", got)
		}
		f.must(kube.Delete(f.ctx, b))
		f.waitGone(b)
		if _, ok := f.heads(branchRepo)["existing"]; ok {
			t.Error("GitHub still has the adopted branch after the resource was deleted")
		}
	})
}

// A create whose record was lost (the provider stopped after GitHub created
// the branch, before the external name was saved: the create-pending
// annotation is the latest) is recognised by the branch's head being the
// commit that create started it at; a branch with other history is not
// taken for it.
func TestBranchInterruptedCreateIsRecognised(t *testing.T) {
	cases := map[string]struct {
		at      string // the branch GitHub has, at the head of
		adopted bool
	}{
		"AtTheSourceHead": {at: "main", adopted: true},
		"OtherHistory":    {at: "develop"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newBranchFixture(t)
				f.createRef("release", f.heads(branchRepo)[tc.at])
				b := f.branch(s, "b", common.BranchParameters{Name: "release"})
				meta.SetExternalCreatePending(b, time.Now().Add(-time.Second))
				f.must(kube.Create(f.ctx, b))
				if !tc.adopted {
					waitSyncError(f, b, `branch "release" already exists in demo-org/app and this Branch did not create it`)
					return
				}
				b = waitReady(f, b)
				if got := meta.GetExternalName(b); got != "release" {
					t.Errorf("external name %q, want release", got)
				}
				f.waitEvent(b, "RecoveredInterruptedCreate")
			})
		})
	}
}

// Deleting the Branch of the default branch is refused by GitHub: the
// condition says so and what to do; once another branch is the default,
// the deletion completes.
func TestBranchDefaultBranchIsNotDeleted(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newBranchFixture(t)
		b := f.branch(s, "b", common.BranchParameters{Name: "main"})
		meta.SetExternalName(b, "main")
		f.must(kube.Create(f.ctx, b))
		b = waitReady(f, b)
		if !ptr.Deref(b.Observation().Default, false) {
			t.Errorf("status.atProvider.default is not true for the default branch: %+v", b.Observation())
		}
		f.must(kube.Delete(f.ctx, b))
		waitSyncError(f, b, `it is the default branch of demo-org/app`, "Make another branch the default")
		if _, ok := f.heads(branchRepo)["main"]; !ok {
			t.Fatal("GitHub lost its default branch")
		}
		f.ghMust(http.StatusOK, goodToken, http.MethodPatch, "/repos/"+owner+"/"+branchRepo, `{"default_branch":"develop"}`)
		f.waitGone(b)
		if _, ok := f.heads(branchRepo)["main"]; ok {
			t.Error("GitHub still has main after the resource was deleted")
		}
	})
}

func keys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// Deleting a Branch whose branch was renamed outside Kubernetes (here with
// Update left out of its management policies, so that it is not renamed
// back first) deletes the branch GitHub redirects its name to.
func TestBranchRenamedOutsideIsDeletedUnderItsNewName(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newBranchFixture(t)
		b := f.branch(s, "b", common.BranchParameters{Name: "release"})
		b.SetManagementPolicies(xpv2.ManagementPolicies{xpv2.ManagementActionObserve, xpv2.ManagementActionCreate, xpv2.ManagementActionDelete, xpv2.ManagementActionLateInitialize})
		f.must(kube.Create(f.ctx, b))
		b = waitReady(f, b)
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/repos/"+owner+"/"+branchRepo+"/branches/release/rename", `{"new_name":"release-2024"}`)
		f.must(kube.Delete(f.ctx, b))
		f.waitGone(b)
		h := f.heads(branchRepo)
		if _, ok := h["release-2024"]; ok {
			t.Errorf("GitHub still has the renamed branch release-2024 after the resource was deleted: %s", strings.Join(keys(h), ", "))
		}
		if _, ok := h["develop"]; !ok {
			t.Errorf("develop was deleted: %s", strings.Join(keys(h), ", "))
		}
	})
}
