package integration

import (
	"net/http"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

func TestOutOfBandRenameIsRenamedBack(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.create(s, "stable", common.RepositoryParameters{AutoInit: ptr.To(true)})
		r := f.waitReady(s, "stable")
		id := mustRepo(f, "stable").ID

		f.must(f.emu.State().Rename(owner, "stable", "moved"))
		f.eventually("renamed back to stable", func() string {
			gh, ok := f.emu.State().RepoByID(id)
			if !ok || gh.Name != "stable" {
				return "GitHub name is " + gh.Name
			}
			return ""
		})
		f.waitEvent(r, "RenamedBack", "demo-org/moved")
	})
}

func TestRenamedAwayAndNameTakenIsReported(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.create(s, "taken", common.RepositoryParameters{})
		f.waitReady(s, "taken")
		f.must(f.emu.State().Rename(owner, "taken", "elsewhere"))
		f.must(f.emu.State().Apply(&emulator.Seed{Repos: []emulator.SeedRepo{{Owner: owner, Name: "taken"}}}))
		f.waitSyncError(s, "taken", "demo-org/taken is now a different repository", "renamed to demo-org/elsewhere")
		if gh := mustRepo(f, "elsewhere"); gh.Name != "elsewhere" {
			t.Errorf("the provider must not touch either repository, got %+v", gh)
		}
	})
}

func TestOutOfBandDeleteIsRecreated(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.create(s, "phoenix", common.RepositoryParameters{Description: ptr.To("rises")})
		f.waitReady(s, "phoenix")
		first := mustRepo(f, "phoenix").ID

		f.must(f.emu.State().Delete(owner, "phoenix"))
		f.eventually("recreated", func() string {
			gh, ok := f.ghRepo("phoenix")
			if !ok || gh.ID == first {
				return "not recreated yet"
			}
			if ptr.Deref(gh.Description, "") != "rises" {
				return "recreated without its settings"
			}
			return ""
		})
	})
}

func TestOutOfBandArchiveIsUndone(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.create(s, "active", common.RepositoryParameters{Archived: ptr.To(false), HasWiki: ptr.To(false)})
		r := f.waitReady(s, "active")
		f.must(f.emu.State().Archive(owner, "active", true))
		f.must(f.emu.State().SetField(owner, "active", "has_wiki", true))
		f.eventually("unarchived and settings reapplied", func() string {
			gh := mustRepo(f, "active")
			if gh.Archived || gh.HasWiki {
				return "archived or wiki still on"
			}
			return ""
		})
		f.waitEvent(r, "Unarchived")
	})
}

func TestArchiveDeclared(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.create(s, "old", common.RepositoryParameters{Description: ptr.To("v1")})
		f.waitReady(s, "old")
		f.update(s, "old", func(r repoObject) {
			r.Parameters().Archived = ptr.To(true)
			r.Parameters().Description = ptr.To("final words")
		})
		f.eventually("archived after the last settings landed", func() string {
			gh := mustRepo(f, "old")
			if !gh.Archived || ptr.Deref(gh.Description, "") != "final words" {
				return "not archived with its final description yet"
			}
			return ""
		})
		f.waitReady(s, "old")
	})
}

func TestDeleteDeletes(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		r := f.create(s, "doomed", common.RepositoryParameters{})
		f.waitReady(s, "doomed")
		f.must(kube.Delete(f.ctx, f.get(s, "doomed")))
		f.eventually("deleted on GitHub and in Kubernetes", func() string {
			if _, ok := f.ghRepo("doomed"); ok {
				return "still on GitHub"
			}
			if err := kube.Get(f.ctx, s.key(f, "doomed"), r); !kerrors.IsNotFound(err) {
				return "Repository object still there"
			}
			return ""
		})
	})
}

func TestArchiveOnDelete(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		r := f.create(s, "keepsake", common.RepositoryParameters{ArchiveOnDelete: ptr.To(true)})
		f.waitReady(s, "keepsake")
		f.must(kube.Delete(f.ctx, f.get(s, "keepsake")))
		f.eventually("archived on GitHub and gone from Kubernetes", func() string {
			gh, ok := f.ghRepo("keepsake")
			if !ok {
				return "deleted on GitHub: must be archived instead"
			}
			if !gh.Archived {
				return "not archived yet"
			}
			if err := kube.Get(f.ctx, s.key(f, "keepsake"), r); !kerrors.IsNotFound(err) {
				return "Repository object still there"
			}
			return ""
		})
	})
}

func TestAlreadyGoneDeletes(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		r := f.create(s, "ghost", common.RepositoryParameters{}, func(r repoObject) {
			r.SetManagementPolicies(xpv2.ManagementPolicies{xpv2.ManagementActionObserve, xpv2.ManagementActionDelete, xpv2.ManagementActionUpdate, xpv2.ManagementActionCreate})
		})
		f.waitReady(s, "ghost")
		f.must(f.emu.State().Delete(owner, "ghost"))
		f.must(kube.Delete(f.ctx, f.get(s, "ghost")))
		f.eventually("Repository gone although the repository already was", func() string {
			if err := kube.Get(f.ctx, s.key(f, "ghost"), r); !kerrors.IsNotFound(err) {
				return "Repository object still there"
			}
			return ""
		})
	})
}

func TestAdoptionNeedsTheExternalNameAnnotation(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.must(f.emu.State().Apply(&emulator.Seed{Repos: []emulator.SeedRepo{{Owner: owner, Name: "existing", Description: "theirs"}}}))
		f.create(s, "existing", common.RepositoryParameters{Description: ptr.To("mine")})
		f.waitSyncError(s, "existing", "demo-org/existing already exists", "crossplane.io/external-name: existing")
		if gh := mustRepo(f, "existing"); ptr.Deref(gh.Description, "") != "theirs" {
			t.Fatalf("the repository was changed before the user asked to manage it: %+v", gh)
		}
		f.update(s, "existing", func(r repoObject) { meta.SetExternalName(r, "existing") })
		f.waitReady(s, "existing")
		f.eventually("adopted and brought to the spec", func() string {
			if ptr.Deref(mustRepo(f, "existing").Description, "") != "mine" {
				return "description not applied"
			}
			return ""
		})
	})
}

func TestObserveOnlyImport(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.must(f.emu.State().Apply(&emulator.Seed{Repos: []emulator.SeedRepo{{Owner: owner, Name: "legacy", Description: "as is", Visibility: "private"}}}))
		f.create(s, "legacy", common.RepositoryParameters{Description: ptr.To("ignored in observe-only")}, func(r repoObject) {
			meta.SetExternalName(r, "legacy")
			r.SetManagementPolicies(xpv2.ManagementPolicies{xpv2.ManagementActionObserve})
		})
		r := f.waitReady(s, "legacy")
		if got := ptr.Deref(r.Observation().Visibility, ""); got != "private" {
			t.Errorf("status.atProvider.visibility: want private, got %q", got)
		}
		time.Sleep(2 * pollInterval)
		for _, req := range f.emu.Requests() {
			if req.Method != http.MethodGet {
				t.Errorf("observe-only sent a write: %s %s", req.Method, req.Path)
			}
		}
		if gh := mustRepo(f, "legacy"); ptr.Deref(gh.Description, "") != "as is" {
			t.Errorf("observe-only changed the repository: %+v", gh)
		}
	})
}

func TestInterruptedCreateIsRecovered(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		// The provider asked GitHub to create the repository, GitHub did,
		// and the provider stopped before it saved the external name. The
		// repository is what the create asked for.
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/orgs/"+owner+"/repos", `{"name": "halfway", "has_wiki": false}`)
		f.create(s, "halfway", common.RepositoryParameters{HasWiki: ptr.To(false)}, func(r repoObject) {
			meta.SetExternalCreatePending(r, time.Now())
		})
		r := f.waitReady(s, "halfway")
		if meta.GetExternalName(r) != "halfway" {
			t.Errorf("external name: want halfway, got %q", meta.GetExternalName(r))
		}
		if n := len(f.emu.State().Repos()); n != 1 {
			t.Errorf("want exactly one repository (no duplicate), got %d", n)
		}
	})
}

func TestStaleCreateRecordDoesNotAdopt(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.createOnGitHub("older")
		f.create(s, "older", common.RepositoryParameters{}, func(r repoObject) {
			// A create that started an hour after GitHub made the repository
			// cannot have made it.
			meta.SetExternalCreatePending(r, time.Now().Add(time.Hour))
		})
		f.waitSyncError(s, "older", "already exists", "crossplane.io/external-name: older")
	})
}

func TestDeletingAfterAClashLeavesTheOtherRepositoryAlone(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.must(f.emu.State().Apply(&emulator.Seed{Repos: []emulator.SeedRepo{{Owner: owner, Name: "theirs"}}}))
		r := f.create(s, "theirs", common.RepositoryParameters{})
		f.waitSyncError(s, "theirs", "already exists")
		f.must(kube.Delete(f.ctx, f.get(s, "theirs")))
		f.eventually("the Repository goes away", func() string {
			if err := kube.Get(f.ctx, s.key(f, "theirs"), r); !kerrors.IsNotFound(err) {
				return "still there"
			}
			return ""
		})
		if _, ok := f.ghRepo("theirs"); !ok {
			t.Error("the repository that was never this resource's must not be deleted")
		}
	})
}
