package integration

import (
	"testing"
	"time"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// GitHub's error answers end in a Synced=False condition that names the
// repository and says what to do.
func TestGitHubErrorsAreExplained(t *testing.T) {
	t.Run("403NoPermission", func(t *testing.T) {
		forEachScope(t, func(t *testing.T, s scope) {
			f := newFixture(t)
			f.secret("outsider", map[string][]byte{"token": []byte("other-token")})
			f.providerConfigs("outsider", "outsider", "token")
			f.must(kube.Create(f.ctx, f.repository(s, "forbidden", "outsider", common.RepositoryParameters{})))
			f.waitSyncError(s, "forbidden", "cannot create repository demo-org/forbidden", "403", "lack permission")
		})
	})
	t.Run("404ForkSource", func(t *testing.T) {
		forEachScope(t, func(t *testing.T, s scope) {
			f := newFixture(t)
			f.create(s, "orphan-fork", common.RepositoryParameters{Fork: &common.ForkSource{Owner: "demo-user", Repository: "missing"}})
			f.waitSyncError(s, "orphan-fork", "cannot fork demo-user/missing into demo-org/orphan-fork", "404", "does not exist, or the credentials cannot see it")
		})
	})
	t.Run("422InvalidChange", func(t *testing.T) {
		forEachScope(t, func(t *testing.T, s scope) {
			f := newFixture(t)
			f.create(s, "no-branch", common.RepositoryParameters{AutoInit: ptr.To(true), DefaultBranch: ptr.To("does-not-exist"), HasWiki: ptr.To(false)})
			f.waitSyncError(s, "no-branch", "cannot update settings of repository demo-org/no-branch", "422")
		})
	})
	t.Run("5xxUnavailable", func(t *testing.T) {
		forEachScope(t, func(t *testing.T, s scope) {
			f := newFixture(t)
			f.must(f.emu.SetFaults(emulator.Faults{PathPrefix: "/repos/", Errors: emulator.ErrorFault{Fraction: 1, Codes: []int{503}}}))
			f.create(s, "unlucky", common.RepositoryParameters{})
			f.waitSyncError(s, "unlucky", "cannot read repository demo-org/unlucky", "GitHub is having trouble (503")
			if n := len(f.emu.State().Repos()); n != 0 {
				t.Errorf("a 503 on read must not lead to a create; got %d repositories", n)
			}
			f.emu.ClearFaults()
			f.waitReady(s, "unlucky")
		})
	})
}

func TestPartialManagementPolicies(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		// No LateInitialize: the spec keeps only what the user wrote.
		// No Delete: deleting the resource leaves the repository.
		policies := xpv2.ManagementPolicies{xpv2.ManagementActionObserve, xpv2.ManagementActionCreate, xpv2.ManagementActionUpdate}
		f.create(s, "partial", common.RepositoryParameters{HasWiki: ptr.To(false)}, func(r repoObject) { r.SetManagementPolicies(policies) })
		r := f.waitReady(s, "partial")
		if p := r.Parameters(); p.HasIssues != nil || p.Description != nil {
			t.Errorf("without LateInitialize the spec must not be filled in, got %+v", p)
		}
		f.must(f.emu.State().SetField(owner, "partial", "has_wiki", true))
		f.eventually("drift corrected under Update", func() string {
			if mustRepo(f, "partial").HasWiki {
				return "wiki still on"
			}
			return ""
		})
		f.must(kube.Delete(f.ctx, f.get(s, "partial")))
		f.eventually("resource gone", func() string {
			if err := kube.Get(f.ctx, s.key(f, "partial"), r); !kerrors.IsNotFound(err) {
				return "still there"
			}
			return ""
		})
		time.Sleep(time.Second)
		if _, ok := f.ghRepo("partial"); !ok {
			t.Error("without the Delete policy the repository must stay on GitHub")
		}
	})
}
