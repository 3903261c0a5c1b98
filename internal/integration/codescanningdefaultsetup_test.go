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

// codeScanningDefaultSetupRepo is the repository whose code scanning default setup the CodeScanningDefaultSetup tests set.
const codeScanningDefaultSetupRepo = "codescanningdefaultsetup-home"

// codeScanningDefaultSetupFull is its full name, the external name of their CodeScanningDefaultSetups.
const codeScanningDefaultSetupFull = owner + "/" + codeScanningDefaultSetupRepo

// codeScanningDefaultSetupPath is the API path of the code scanning default setup.
const codeScanningDefaultSetupPath = "/repos/" + codeScanningDefaultSetupFull + "/code-scanning/default-setup"

// newCodeScanningDefaultSetup builds, without creating it, a CodeScanningDefaultSetup of scope s called
// name that declares the code scanning default setup enabled or not.
func (f *fixture) newCodeScanningDefaultSetup(s scope, name string, enabled bool) twins.CodeScanningDefaultSetupObject {
	f.t.Helper()
	o := twins.CodeScanningDefaultSetup.In(s.of)
	p := o.Parameters()
	p.RepositoryTarget = common.RepositoryTarget{Repository: ptr.To(codeScanningDefaultSetupRepo)}
	p.Enabled = ptr.To(enabled)
	return place(f, s, o, name, "github")
}

// ghCodeScanningDefaultSetup tells whether GitHub's code scanning default setup is enabled.
func (f *fixture) ghCodeScanningDefaultSetup() bool {
	f.t.Helper()
	status, b := f.gh(goodToken, http.MethodGet, codeScanningDefaultSetupPath, "")
	if status != http.StatusOK {
		f.t.Fatalf("GET %s: status %d: %s", codeScanningDefaultSetupPath, status, b)
	}
	var out struct {
		Enabled bool `json:"enabled"`
	}
	f.must(json.Unmarshal(b, &out))
	return out.Enabled
}

// The code scanning default setup is written as declared, and the repository's full name becomes
// the external name; a field changed on GitHub is put back; deleting the
// resource leaves GitHub's code scanning default setup as it is.
func TestCodeScanningDefaultSetupLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/orgs/"+owner+"/repos", fmt.Sprintf(`{"name":%q}`, codeScanningDefaultSetupRepo))
		if f.ghCodeScanningDefaultSetup() {
			t.Fatal("GitHub's default code scanning default setup is enabled: the test declares it enabled to see the resource write it")
		}
		o := f.newCodeScanningDefaultSetup(s, "setting", true)
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		if ext := meta.GetExternalName(got); ext != codeScanningDefaultSetupFull {
			t.Errorf("external name %q, want the repository's full name %q", ext, codeScanningDefaultSetupFull)
		}
		if !f.ghCodeScanningDefaultSetup() {
			t.Error("GitHub's code scanning default setup is not enabled, as declared")
		}
		if o := got.Observation(); ptr.Deref(o.Repository, "") != codeScanningDefaultSetupFull || !ptr.Deref(o.Enabled, false) {
			t.Errorf("status.atProvider %+v", o)
		}

		f.ghMust(http.StatusNoContent, goodToken, http.MethodPut, codeScanningDefaultSetupPath, `{"enabled":false}`)
		f.eventually("the code scanning default setup put back", func() string {
			if !f.ghCodeScanningDefaultSetup() {
				return "GitHub's code scanning default setup is not enabled"
			}
			return ""
		})

		f.must(kube.Delete(f.ctx, get(f, o)))
		f.eventually("the CodeScanningDefaultSetup gone", func() string {
			if err := kube.Get(f.ctx, s.key(f, "setting"), fresh(o)); !kerrors.IsNotFound(err) {
				return "CodeScanningDefaultSetup still there"
			}
			return ""
		})
		if !f.ghCodeScanningDefaultSetup() {
			t.Error("deleting the CodeScanningDefaultSetup changed GitHub's code scanning default setup: it is left as it is")
		}
	})
}

// A repository GitHub does not have is an error that says so, not a
// code scanning default setup to create.
func TestCodeScanningDefaultSetupNoSuchRepository(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		o := f.newCodeScanningDefaultSetup(s, "nowhere", true)
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f, o, "cannot find repository ")
		if ext := meta.GetExternalName(get(f, o)); ext != "" {
			t.Errorf("external name %q, want none: nothing was written", ext)
		}
	})
}
