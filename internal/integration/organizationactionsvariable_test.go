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

// organizationActionsVariableHome is where the OrganizationActionsVariable tests make their variables: the
// organization.
const organizationActionsVariableHome = "/orgs/" + owner

// newOrganizationActionsVariable builds, without creating it, a OrganizationActionsVariable of scope s called
// name for the variable named label.
func (f *fixture) newOrganizationActionsVariable(s scope, name, label, description string) twins.OrganizationActionsVariableObject {
	f.t.Helper()
	o := twins.OrganizationActionsVariable.In(s.of)
	p := o.Parameters()
	p.OrganizationTarget = common.OrganizationTarget{Organization: ptr.To(owner)}
	p.Name, p.Description = label, ptr.To(description)
	return place(f, s, o, name, "github")
}

// ghOrganizationActionsVariable is the description of GitHub's variable at path
// ("/actions/variables/<key>" under organizationActionsVariableHome); ok false when there is none.
func (f *fixture) ghOrganizationActionsVariable(path string) (description string, ok bool) {
	f.t.Helper()
	status, b := f.gh(goodToken, http.MethodGet, organizationActionsVariableHome+path, "")
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

// A variable is created as declared, with its name as the external name; a
// description changed on GitHub is put back, one deleted there is made
// again; deleting the resource deletes the variable.
func TestOrganizationActionsVariableLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		o := f.newOrganizationActionsVariable(s, "bug", "bug", "Something is wrong")
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		path := "/actions/variables/" + meta.GetExternalName(got)
		if d, ok := f.ghOrganizationActionsVariable(path); !ok || d != "Something is wrong" {
			t.Errorf("GitHub's variable at %s: %q (exists %t), want the declared description", path, d, ok)
		}
		if ptr.Deref(got.Observation().Organization, "") != owner {
			t.Errorf("status.atProvider %+v", got.Observation())
		}

		f.ghMust(http.StatusOK, goodToken, http.MethodPatch, organizationActionsVariableHome+path, `{"description":"changed"}`)
		f.eventually("the description put back", func() string {
			if d, _ := f.ghOrganizationActionsVariable(path); d != "Something is wrong" {
				return "GitHub's description is " + d
			}
			return ""
		})
		f.ghMust(http.StatusNoContent, goodToken, http.MethodDelete, organizationActionsVariableHome+path, "")
		f.eventually("the variable made again", func() string {
			if _, ok := f.ghOrganizationActionsVariable(path); !ok {
				return "GitHub has no variable at " + path
			}
			return ""
		})

		f.must(kube.Delete(f.ctx, get(f, o)))
		f.eventually("the variable deleted on GitHub and the resource gone", func() string {
			if _, ok := f.ghOrganizationActionsVariable(path); ok {
				return "GitHub still has " + path
			}
			if err := kube.Get(f.ctx, s.key(f, "bug"), fresh(o)); !kerrors.IsNotFound(err) {
				return "OrganizationActionsVariable still there"
			}
			return ""
		})
	})
}

// A variable that already exists is never taken over: the condition says
// how to adopt it; with the annotation it is adopted and set as declared.
func TestOrganizationActionsVariableExisting(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, organizationActionsVariableHome+"/actions/variables", `{"name":"taken","description":"theirs"}`)
		o := f.newOrganizationActionsVariable(s, "taken", "taken", "mine")
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f, o, "already exists and this OrganizationActionsVariable did not create it", `set the annotation crossplane.io/external-name: "taken"`)
		if d, _ := f.ghOrganizationActionsVariable("/actions/variables/taken"); d != "theirs" {
			t.Errorf("the existing variable was changed: %q", d)
		}
		update(f, o, func(o twins.OrganizationActionsVariableObject) { meta.SetExternalName(o, "taken") })
		waitReady(f, o)
		f.eventually("the adopted variable is as declared", func() string {
			if d, _ := f.ghOrganizationActionsVariable("/actions/variables/taken"); d != "mine" {
				return "GitHub's description is " + d
			}
			return ""
		})
	})
}
