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

// codeSecurityConfigurationHome is where the CodeSecurityConfiguration tests make their configurations: the
// organization.
const codeSecurityConfigurationHome = "/orgs/" + owner

// newCodeSecurityConfiguration builds, without creating it, a CodeSecurityConfiguration of scope s called
// name for the configuration named label.
func (f *fixture) newCodeSecurityConfiguration(s scope, name, label, description string) twins.CodeSecurityConfigurationObject {
	f.t.Helper()
	o := twins.CodeSecurityConfiguration.In(s.of)
	p := o.Parameters()
	p.OrganizationTarget = common.OrganizationTarget{Organization: ptr.To(owner)}
	p.Name, p.Description = label, ptr.To(description)
	return place(f, s, o, name, "github")
}

// ghCodeSecurityConfiguration is the description of GitHub's configuration at path
// ("/code-security/configurations/<key>" under codeSecurityConfigurationHome); ok false when there is none.
func (f *fixture) ghCodeSecurityConfiguration(path string) (description string, ok bool) {
	f.t.Helper()
	status, b := f.gh(goodToken, http.MethodGet, codeSecurityConfigurationHome+path, "")
	if status == http.StatusNotFound {
		return "", false
	}
	if status != http.StatusOK {
		f.t.Fatalf("GET %s: status %d: %s", path, status, b)
	}
	var out struct {
		Description *string `json:"description"`
	}
	f.must(json.Unmarshal(b, &out))
	return ptr.Deref(out.Description, ""), true
}

// A configuration is created as declared, with its id as the external name; a
// description changed on GitHub is put back, one deleted there is made
// again; deleting the resource deletes the configuration.
func TestCodeSecurityConfigurationLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		o := f.newCodeSecurityConfiguration(s, "bug", "bug", "Something is wrong")
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		path := "/code-security/configurations/" + meta.GetExternalName(got)
		if d, ok := f.ghCodeSecurityConfiguration(path); !ok || d != "Something is wrong" {
			t.Errorf("GitHub's configuration at %s: %q (exists %t), want the declared description", path, d, ok)
		}
		if ptr.Deref(got.Observation().Organization, "") != owner {
			t.Errorf("status.atProvider %+v", got.Observation())
		}

		f.ghMust(http.StatusOK, goodToken, http.MethodPatch, codeSecurityConfigurationHome+path, `{"description":"changed"}`)
		f.eventually("the description put back", func() string {
			if d, _ := f.ghCodeSecurityConfiguration(path); d != "Something is wrong" {
				return "GitHub's description is " + d
			}
			return ""
		})

		f.must(kube.Delete(f.ctx, get(f, o)))
		f.eventually("the configuration deleted on GitHub and the resource gone", func() string {
			if _, ok := f.ghCodeSecurityConfiguration(path); ok {
				return "GitHub still has " + path
			}
			if err := kube.Get(f.ctx, s.key(f, "bug"), fresh(o)); !kerrors.IsNotFound(err) {
				return "CodeSecurityConfiguration still there"
			}
			return ""
		})
	})
}
