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

// actionsOIDCSubjectClaimRepo is the repository whose OIDC subject claim template the ActionsOIDCSubjectClaim tests set.
const actionsOIDCSubjectClaimRepo = "actionsoidcsubjectclaim-home"

// actionsOIDCSubjectClaimFull is its full name, the external name of their ActionsOIDCSubjectClaims.
const actionsOIDCSubjectClaimFull = owner + "/" + actionsOIDCSubjectClaimRepo

// actionsOIDCSubjectClaimPath is the API path of the OIDC subject claim template.
const actionsOIDCSubjectClaimPath = "/repos/" + actionsOIDCSubjectClaimFull + "/actions/oidc/customization/sub"

// newActionsOIDCSubjectClaim builds, without creating it, a ActionsOIDCSubjectClaim of scope s called
// name that declares the OIDC subject claim template enabled or not.
func (f *fixture) newActionsOIDCSubjectClaim(s scope, name string, enabled bool) twins.ActionsOIDCSubjectClaimObject {
	f.t.Helper()
	o := twins.ActionsOIDCSubjectClaim.In(s.of)
	p := o.Parameters()
	p.RepositoryTarget = common.RepositoryTarget{Repository: ptr.To(actionsOIDCSubjectClaimRepo)}
	p.Enabled = ptr.To(enabled)
	return place(f, s, o, name, "github")
}

// ghActionsOIDCSubjectClaim tells whether GitHub's OIDC subject claim template is enabled.
func (f *fixture) ghActionsOIDCSubjectClaim() bool {
	f.t.Helper()
	status, b := f.gh(goodToken, http.MethodGet, actionsOIDCSubjectClaimPath, "")
	if status != http.StatusOK {
		f.t.Fatalf("GET %s: status %d: %s", actionsOIDCSubjectClaimPath, status, b)
	}
	var out struct {
		Enabled bool `json:"enabled"`
	}
	f.must(json.Unmarshal(b, &out))
	return out.Enabled
}

// The OIDC subject claim template is written as declared, and the repository's full name becomes
// the external name; a field changed on GitHub is put back; deleting the
// resource leaves GitHub's OIDC subject claim template as it is.
func TestActionsOIDCSubjectClaimLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/orgs/"+owner+"/repos", fmt.Sprintf(`{"name":%q}`, actionsOIDCSubjectClaimRepo))
		if f.ghActionsOIDCSubjectClaim() {
			t.Fatal("GitHub's default OIDC subject claim template is enabled: the test declares it enabled to see the resource write it")
		}
		o := f.newActionsOIDCSubjectClaim(s, "setting", true)
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		if ext := meta.GetExternalName(got); ext != actionsOIDCSubjectClaimFull {
			t.Errorf("external name %q, want the repository's full name %q", ext, actionsOIDCSubjectClaimFull)
		}
		if !f.ghActionsOIDCSubjectClaim() {
			t.Error("GitHub's OIDC subject claim template is not enabled, as declared")
		}
		if o := got.Observation(); ptr.Deref(o.Repository, "") != actionsOIDCSubjectClaimFull || !ptr.Deref(o.Enabled, false) {
			t.Errorf("status.atProvider %+v", o)
		}

		f.ghMust(http.StatusNoContent, goodToken, http.MethodPut, actionsOIDCSubjectClaimPath, `{"enabled":false}`)
		f.eventually("the OIDC subject claim template put back", func() string {
			if !f.ghActionsOIDCSubjectClaim() {
				return "GitHub's OIDC subject claim template is not enabled"
			}
			return ""
		})

		f.must(kube.Delete(f.ctx, get(f, o)))
		f.eventually("the ActionsOIDCSubjectClaim gone", func() string {
			if err := kube.Get(f.ctx, s.key(f, "setting"), fresh(o)); !kerrors.IsNotFound(err) {
				return "ActionsOIDCSubjectClaim still there"
			}
			return ""
		})
		if !f.ghActionsOIDCSubjectClaim() {
			t.Error("deleting the ActionsOIDCSubjectClaim changed GitHub's OIDC subject claim template: it is left as it is")
		}
	})
}

// A repository GitHub does not have is an error that says so, not a
// OIDC subject claim template to create.
func TestActionsOIDCSubjectClaimNoSuchRepository(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		o := f.newActionsOIDCSubjectClaim(s, "nowhere", true)
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f, o, "cannot find repository ")
		if ext := meta.GetExternalName(get(f, o)); ext != "" {
			t.Errorf("external name %q, want none: nothing was written", ext)
		}
	})
}
