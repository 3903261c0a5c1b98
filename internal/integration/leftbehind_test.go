package integration

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// scopedKind is a repository-scoped kind, for the tests of deleting its
// resources where GitHub has nothing left to delete or refuses to.
type scopedKind struct {
	fixture func(t *testing.T) *fixture
	// build is a resource of the kind in scope s, not created.
	build func(f *fixture, s scope) resource.Managed
	// repo is the repository of demo-org it belongs to.
	repo string
	// count counts the resource's objects on GitHub.
	count func(f *fixture) int
}

// repositoryScopedKinds are every repository-scoped kind: those that
// recover interrupted creates, Collaborator, TeamRepository, the
// settings ActionsOIDCSubjectClaim, CodeScanningDefaultSetup and
// ActionsPermissions.
func repositoryScopedKinds() map[string]scopedKind {
	out := map[string]scopedKind{}
	for name, k := range recoverableKinds() {
		if k.repo != "" {
			out[name] = scopedKind{fixture: k.fixture, build: k.build, repo: k.repo, count: k.count}
		}
	}
	present := func(yes bool) int {
		if yes {
			return 1
		}
		return 0
	}
	out["Collaborator"] = scopedKind{
		fixture: newCollabFixture,
		build:   func(f *fixture, s scope) resource.Managed { return f.collaborator(s, "member", "member-user", "push") },
		repo:    collabRepo,
		count:   func(f *fixture) int { return present(f.role("member-user") != "") },
	}
	out["TeamRepository"] = scopedKind{
		fixture: func(t *testing.T) *fixture {
			f := newFixture(t)
			f.seedTeamsAndRepos([]string{"platform"}, "app")
			return f
		},
		build: func(f *fixture, s scope) resource.Managed {
			tr := teamRepositories.In(s.of)
			*tr.Parameters() = bySlug("platform", "app", ptr.To("push"))
			return place(f, s, tr, "grant", "github")
		},
		repo:  "app",
		count: func(f *fixture) int { return present(f.ghTeamRole("platform", "app") != "") },
	}
	out["ActionsOIDCSubjectClaim"] = scopedKind{
		fixture: func(t *testing.T) *fixture {
			f := newFixture(t)
			f.oidcRepository()
			return f
		},
		build: func(f *fixture, s scope) resource.Managed {
			return f.newOIDCSubjectClaim(s, "claims", "repo", "context")
		},
		repo: oidcRepo,
		// The template is always there: GitHub's default, or the
		// resource's keys, which count as its object.
		count: func(f *fixture) int { return present(f.ghOIDC() != "default") },
	}
	out["CodeScanningDefaultSetup"] = scopedKind{
		fixture: func(t *testing.T) *fixture {
			f := newFixture(t)
			f.codeScanningRepository("go")
			return f
		},
		build: func(f *fixture, s scope) resource.Managed { return f.newCodeScanningDefaultSetup(s, "setup") },
		repo:  codeScanningRepo,
		// The setup is always there: configured by the resource counts as
		// its object.
		count: func(f *fixture) int { return present(f.ghCodeScanning().State == "configured") },
	}
	out["ActionsPermissions"] = scopedKind{
		fixture: func(t *testing.T) *fixture {
			f := newFixture(t)
			f.createActionsRepo(false)
			return f
		},
		build: func(f *fixture, s scope) resource.Managed {
			return f.newActionsPermissions(s, "policy", common.ActionsPermissionsParameters{DefaultWorkflowPermissions: ptr.To("write")})
		},
		repo: actionsPermissionsRepo,
		// The permissions as the resource wrote them: one setting, left as
		// it is.
		count: func(f *fixture) int {
			return present(f.actionsDiffers(map[string]any{"default_workflow_permissions": "write"}) == "")
		},
	}
	return out
}

// writesTo counts the writes to demo-org/<repo> and what is in it the
// emulator answered since since.
func (f *fixture) writesTo(repo string, since time.Time) int {
	n := 0
	for _, r := range f.emu.Requests() {
		if r.Method != http.MethodGet && !r.Time.Before(since) && strings.Contains(r.Path, "/repos/"+owner+"/"+repo+"/") {
			n++
		}
	}
	return n
}

// A resource deleted in an archived repository is deleted at once: GitHub
// keeps everything in an archived repository read-only, so its object is
// left there, one event says so and why, and no delete is sent that GitHub
// would refuse.
func TestDeletingInArchivedRepositoryCompletes(t *testing.T) {
	t.Parallel()
	for name, k := range repositoryScopedKinds() {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := k.fixture(t)
				mg := k.build(f, s)
				f.must(kube.Create(f.ctx, mg))
				waitReady(f, mg)
				// Made an hour ago, as a user's resources are: within its
				// creation grace period crossplane-runtime takes an object
				// not found for one GitHub has not shown yet, and asks again.
				update(f, mg, func(mg resource.Managed) { meta.SetExternalCreateSucceeded(mg, time.Now().Add(-time.Hour)) })
				archived := time.Now()
				f.must(f.emu.State().Archive(owner, k.repo, true))
				f.must(kube.Delete(f.ctx, get(f, mg)))
				waitGone(f, mg)
				e := f.waitEvent(mg, "LeftInArchivedRepository", "on GitHub: repository "+owner+"/"+k.repo+" is archived", "unarchive the repository")
				if e.Count != 1 {
					t.Errorf("LeftInArchivedRepository said %d times, want once", e.Count)
				}
				for _, e := range f.events(mg) {
					if e.Type == corev1.EventTypeWarning || e.Reason == "DeletedExternalResource" {
						t.Errorf("event %s %s: %s", e.Type, e.Reason, e.Message)
					}
				}
				if n := f.writesTo(k.repo, archived); n != 0 {
					t.Errorf("%d writes to the archived repository, want none", n)
				}
				if n := k.count(f); n != 1 {
					t.Errorf("%d objects left on GitHub, want the one that was there", n)
				}
			})
		})
	}
}

// A resource whose repository no longer exists on GitHub is deleted at
// once: there is nothing left to delete.
func TestDeletingInMissingRepositoryCompletes(t *testing.T) {
	t.Parallel()
	for name, k := range repositoryScopedKinds() {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := k.fixture(t)
				mg := k.build(f, s)
				f.must(kube.Create(f.ctx, mg))
				waitReady(f, mg)
				f.must(f.emu.State().Delete(owner, k.repo))
				f.must(kube.Delete(f.ctx, get(f, mg)))
				waitGone(f, mg)
			})
		})
	}
}
