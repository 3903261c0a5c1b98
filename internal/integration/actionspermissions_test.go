package integration

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// actionsPermissionsRepo is the repository whose Actions permissions the ActionsPermissions tests set.
const actionsPermissionsRepo = "actionspermissions-home"

// actionsPermissionsFull is its full name, the external name of their ActionsPermissionss.
const actionsPermissionsFull = owner + "/" + actionsPermissionsRepo

// actionsPermissionsPath is the API path of the Actions permissions.
const actionsPermissionsPath = "/repos/" + actionsPermissionsFull + "/actions/permissions"

// newActionsPermissions builds, without creating it, a ActionsPermissions of scope s called
// name that declares the Actions permissions enabled or not.
func (f *fixture) newActionsPermissions(s scope, name string, enabled bool) twins.ActionsPermissionsObject {
	f.t.Helper()
	o := twins.ActionsPermissions.In(s.of)
	p := o.Parameters()
	p.RepositoryTarget = common.RepositoryTarget{Repository: ptr.To(actionsPermissionsRepo)}
	p.Enabled = ptr.To(enabled)
	return place(f, s, o, name, "github")
}

// ghActionsPermissions tells whether GitHub's Actions permissions is enabled.
func (f *fixture) ghActionsPermissions() bool {
	f.t.Helper()
	status, b := f.gh(goodToken, http.MethodGet, actionsPermissionsPath, "")
	if status != http.StatusOK {
		f.t.Fatalf("GET %s: status %d: %s", actionsPermissionsPath, status, b)
	}
	var out struct {
		Enabled bool `json:"enabled"`
	}
	f.must(json.Unmarshal(b, &out))
	return out.Enabled
}

// The Actions permissions is written as declared, and the repository's full name becomes
// the external name; a field changed on GitHub is put back; deleting the
// resource leaves GitHub's Actions permissions as it is.
func TestActionsPermissionsLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/orgs/"+owner+"/repos", fmt.Sprintf(`{"name":%q}`, actionsPermissionsRepo))
		if f.ghActionsPermissions() {
			t.Fatal("GitHub's default Actions permissions is enabled: the test declares it enabled to see the resource write it")
		}
		o := f.newActionsPermissions(s, "setting", true)
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		if ext := meta.GetExternalName(got); ext != actionsPermissionsFull {
			t.Errorf("external name %q, want the repository's full name %q", ext, actionsPermissionsFull)
		}
		if !f.ghActionsPermissions() {
			t.Error("GitHub's Actions permissions is not enabled, as declared")
		}
		if o := got.Observation(); ptr.Deref(o.Repository, "") != actionsPermissionsFull || !ptr.Deref(o.Enabled, false) {
			t.Errorf("status.atProvider %+v", o)
		}

		f.ghMust(http.StatusNoContent, goodToken, http.MethodPut, actionsPermissionsPath, `{"enabled":false}`)
		f.eventually("the Actions permissions put back", func() string {
			if !f.ghActionsPermissions() {
				return "GitHub's Actions permissions is not enabled"
			}
			return ""
		})

		f.must(kube.Delete(f.ctx, get(f, o)))
		f.eventually("the ActionsPermissions gone", func() string {
			if err := kube.Get(f.ctx, s.key(f, "setting"), fresh(o)); !kerrors.IsNotFound(err) {
				return "ActionsPermissions still there"
			}
			return ""
		})
		if !f.ghActionsPermissions() {
			t.Error("deleting the ActionsPermissions changed GitHub's Actions permissions: it is left as it is")
		}
	})
}

// A repository GitHub does not have is an error that says so, not a
// Actions permissions to create.
func TestActionsPermissionsNoSuchRepository(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		o := f.newActionsPermissions(s, "nowhere", true)
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f, o, "cannot find repository ")
		if ext := meta.GetExternalName(get(f, o)); ext != "" {
			t.Errorf("external name %q, want none: nothing was written", ext)
		}
	})
}
