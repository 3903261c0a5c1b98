package integration

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// organizationInteractionLimitFull is the organization whose interaction limit the OrganizationInteractionLimit tests set,
// the external name of their OrganizationInteractionLimits.
const organizationInteractionLimitFull = owner

// organizationInteractionLimitPath is the API path of the interaction limit.
const organizationInteractionLimitPath = "/orgs/" + organizationInteractionLimitFull + "/interaction-limits"

// newOrganizationInteractionLimit builds, without creating it, a OrganizationInteractionLimit of scope s called
// name that declares the interaction limit enabled or not.
func (f *fixture) newOrganizationInteractionLimit(s scope, name string, enabled bool) twins.OrganizationInteractionLimitObject {
	f.t.Helper()
	o := twins.OrganizationInteractionLimit.In(s.of)
	p := o.Parameters()
	p.OrganizationTarget = common.OrganizationTarget{Organization: ptr.To(owner)}
	p.Enabled = ptr.To(enabled)
	return place(f, s, o, name, "github")
}

// ghOrganizationInteractionLimit tells whether GitHub's interaction limit is enabled.
func (f *fixture) ghOrganizationInteractionLimit() bool {
	f.t.Helper()
	status, b := f.gh(goodToken, http.MethodGet, organizationInteractionLimitPath, "")
	if status != http.StatusOK {
		f.t.Fatalf("GET %s: status %d: %s", organizationInteractionLimitPath, status, b)
	}
	var out struct {
		Enabled bool `json:"enabled"`
	}
	f.must(json.Unmarshal(b, &out))
	return out.Enabled
}

// The interaction limit is written as declared, and the organization's full name becomes
// the external name; a field changed on GitHub is put back; deleting the
// resource leaves GitHub's interaction limit as it is.
func TestOrganizationInteractionLimitLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		if f.ghOrganizationInteractionLimit() {
			t.Fatal("GitHub's default interaction limit is enabled: the test declares it enabled to see the resource write it")
		}
		o := f.newOrganizationInteractionLimit(s, "setting", true)
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		if ext := meta.GetExternalName(got); ext != organizationInteractionLimitFull {
			t.Errorf("external name %q, want the organization's full name %q", ext, organizationInteractionLimitFull)
		}
		if !f.ghOrganizationInteractionLimit() {
			t.Error("GitHub's interaction limit is not enabled, as declared")
		}
		if o := got.Observation(); ptr.Deref(o.Organization, "") != organizationInteractionLimitFull || !ptr.Deref(o.Enabled, false) {
			t.Errorf("status.atProvider %+v", o)
		}

		f.ghMust(http.StatusNoContent, goodToken, http.MethodPut, organizationInteractionLimitPath, `{"enabled":false}`)
		f.eventually("the interaction limit put back", func() string {
			if !f.ghOrganizationInteractionLimit() {
				return "GitHub's interaction limit is not enabled"
			}
			return ""
		})

		f.must(kube.Delete(f.ctx, get(f, o)))
		f.eventually("the OrganizationInteractionLimit gone", func() string {
			if err := kube.Get(f.ctx, s.key(f, "setting"), fresh(o)); !kerrors.IsNotFound(err) {
				return "OrganizationInteractionLimit still there"
			}
			return ""
		})
		if !f.ghOrganizationInteractionLimit() {
			t.Error("deleting the OrganizationInteractionLimit changed GitHub's interaction limit: it is left as it is")
		}
	})
}

// A organization GitHub does not have is an error that says so, not a
// interaction limit to create.
func TestOrganizationInteractionLimitNoSuchOrganization(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		o := f.newOrganizationInteractionLimit(s, "nowhere", true)
		o.Parameters().OrganizationTarget = common.OrganizationTarget{Organization: ptr.To("no-such-org")}
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f, o, "cannot find organization ")
		if ext := meta.GetExternalName(get(f, o)); ext != "" {
			t.Errorf("external name %q, want none: nothing was written", ext)
		}
	})
}
