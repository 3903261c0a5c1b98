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

// organizationDependabotSecretHome is where the OrganizationDependabotSecret tests make their secrets: the
// organization.
const organizationDependabotSecretHome = "/orgs/" + owner

// newOrganizationDependabotSecret builds, without creating it, a OrganizationDependabotSecret of scope s called
// name for the secret named label.
func (f *fixture) newOrganizationDependabotSecret(s scope, name, label, description string) twins.OrganizationDependabotSecretObject {
	f.t.Helper()
	o := twins.OrganizationDependabotSecret.In(s.of)
	p := o.Parameters()
	p.OrganizationTarget = common.OrganizationTarget{Organization: ptr.To(owner)}
	p.Name, p.Description = label, ptr.To(description)
	return place(f, s, o, name, "github")
}

// ghOrganizationDependabotSecret is the description of GitHub's secret at path
// ("/dependabot/secrets/<key>" under organizationDependabotSecretHome); ok false when there is none.
func (f *fixture) ghOrganizationDependabotSecret(path string) (description string, ok bool) {
	f.t.Helper()
	status, b := f.gh(goodToken, http.MethodGet, organizationDependabotSecretHome+path, "")
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

// A secret is created as declared, with its name as the external name; a
// description changed on GitHub is put back, one deleted there is made
// again; deleting the resource deletes the secret.
func TestOrganizationDependabotSecretLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		o := f.newOrganizationDependabotSecret(s, "bug", "bug", "Something is wrong")
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		path := "/dependabot/secrets/" + meta.GetExternalName(got)
		if d, ok := f.ghOrganizationDependabotSecret(path); !ok || d != "Something is wrong" {
			t.Errorf("GitHub's secret at %s: %q (exists %t), want the declared description", path, d, ok)
		}
		if ptr.Deref(got.Observation().Organization, "") != owner {
			t.Errorf("status.atProvider %+v", got.Observation())
		}

		f.ghMust(http.StatusOK, goodToken, http.MethodPatch, organizationDependabotSecretHome+path, `{"description":"changed"}`)
		f.eventually("the description put back", func() string {
			if d, _ := f.ghOrganizationDependabotSecret(path); d != "Something is wrong" {
				return "GitHub's description is " + d
			}
			return ""
		})
		f.ghMust(http.StatusNoContent, goodToken, http.MethodDelete, organizationDependabotSecretHome+path, "")
		f.eventually("the secret made again", func() string {
			if _, ok := f.ghOrganizationDependabotSecret(path); !ok {
				return "GitHub has no secret at " + path
			}
			return ""
		})

		f.must(kube.Delete(f.ctx, get(f, o)))
		f.eventually("the secret deleted on GitHub and the resource gone", func() string {
			if _, ok := f.ghOrganizationDependabotSecret(path); ok {
				return "GitHub still has " + path
			}
			if err := kube.Get(f.ctx, s.key(f, "bug"), fresh(o)); !kerrors.IsNotFound(err) {
				return "OrganizationDependabotSecret still there"
			}
			return ""
		})
	})
}

// A secret that already exists is never taken over: the condition says
// how to adopt it; with the annotation it is adopted and set as declared.
func TestOrganizationDependabotSecretExisting(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, organizationDependabotSecretHome+"/dependabot/secrets", `{"name":"taken","description":"theirs"}`)
		o := f.newOrganizationDependabotSecret(s, "taken", "taken", "mine")
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f, o, "already exists and this OrganizationDependabotSecret did not create it", `set the annotation crossplane.io/external-name: "taken"`)
		if d, _ := f.ghOrganizationDependabotSecret("/dependabot/secrets/taken"); d != "theirs" {
			t.Errorf("the existing secret was changed: %q", d)
		}
		update(f, o, func(o twins.OrganizationDependabotSecretObject) { meta.SetExternalName(o, "taken") })
		waitReady(f, o)
		f.eventually("the adopted secret is as declared", func() string {
			if d, _ := f.ghOrganizationDependabotSecret("/dependabot/secrets/taken"); d != "mine" {
				return "GitHub's description is " + d
			}
			return ""
		})
	})
}
