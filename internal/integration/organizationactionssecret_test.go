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

// organizationActionsSecretHome is where the OrganizationActionsSecret tests make their secrets: the
// organization.
const organizationActionsSecretHome = "/orgs/" + owner

// newOrganizationActionsSecret builds, without creating it, a OrganizationActionsSecret of scope s called
// name for the secret named label.
func (f *fixture) newOrganizationActionsSecret(s scope, name, label, description string) twins.OrganizationActionsSecretObject {
	f.t.Helper()
	o := twins.OrganizationActionsSecret.In(s.of)
	p := o.Parameters()
	p.OrganizationTarget = common.OrganizationTarget{Organization: ptr.To(owner)}
	p.Name, p.Description = label, ptr.To(description)
	return place(f, s, o, name, "github")
}

// ghOrganizationActionsSecret is the description of GitHub's secret at path
// ("/actions/secrets/<key>" under organizationActionsSecretHome); ok false when there is none.
func (f *fixture) ghOrganizationActionsSecret(path string) (description string, ok bool) {
	f.t.Helper()
	status, b := f.gh(goodToken, http.MethodGet, organizationActionsSecretHome+path, "")
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
func TestOrganizationActionsSecretLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		o := f.newOrganizationActionsSecret(s, "bug", "bug", "Something is wrong")
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		path := "/actions/secrets/" + meta.GetExternalName(got)
		if d, ok := f.ghOrganizationActionsSecret(path); !ok || d != "Something is wrong" {
			t.Errorf("GitHub's secret at %s: %q (exists %t), want the declared description", path, d, ok)
		}
		if ptr.Deref(got.Observation().Organization, "") != owner {
			t.Errorf("status.atProvider %+v", got.Observation())
		}

		f.ghMust(http.StatusOK, goodToken, http.MethodPatch, organizationActionsSecretHome+path, `{"description":"changed"}`)
		f.eventually("the description put back", func() string {
			if d, _ := f.ghOrganizationActionsSecret(path); d != "Something is wrong" {
				return "GitHub's description is " + d
			}
			return ""
		})
		f.ghMust(http.StatusNoContent, goodToken, http.MethodDelete, organizationActionsSecretHome+path, "")
		f.eventually("the secret made again", func() string {
			if _, ok := f.ghOrganizationActionsSecret(path); !ok {
				return "GitHub has no secret at " + path
			}
			return ""
		})

		f.must(kube.Delete(f.ctx, get(f, o)))
		f.eventually("the secret deleted on GitHub and the resource gone", func() string {
			if _, ok := f.ghOrganizationActionsSecret(path); ok {
				return "GitHub still has " + path
			}
			if err := kube.Get(f.ctx, s.key(f, "bug"), fresh(o)); !kerrors.IsNotFound(err) {
				return "OrganizationActionsSecret still there"
			}
			return ""
		})
	})
}

// A secret that already exists is never taken over: the condition says
// how to adopt it; with the annotation it is adopted and set as declared.
func TestOrganizationActionsSecretExisting(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, organizationActionsSecretHome+"/actions/secrets", `{"name":"taken","description":"theirs"}`)
		o := f.newOrganizationActionsSecret(s, "taken", "taken", "mine")
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f, o, "already exists and this OrganizationActionsSecret did not create it", `set the annotation crossplane.io/external-name: "taken"`)
		if d, _ := f.ghOrganizationActionsSecret("/actions/secrets/taken"); d != "theirs" {
			t.Errorf("the existing secret was changed: %q", d)
		}
		update(f, o, func(o twins.OrganizationActionsSecretObject) { meta.SetExternalName(o, "taken") })
		waitReady(f, o)
		f.eventually("the adopted secret is as declared", func() string {
			if d, _ := f.ghOrganizationActionsSecret("/actions/secrets/taken"); d != "mine" {
				return "GitHub's description is " + d
			}
			return ""
		})
	})
}
