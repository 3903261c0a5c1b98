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

// customPropertyHome is where the CustomProperty tests make their custom propertys: the
// organization.
const customPropertyHome = "/orgs/" + owner

// newCustomProperty builds, without creating it, a CustomProperty of scope s called
// name for the custom property named label.
func (f *fixture) newCustomProperty(s scope, name, label, description string) twins.CustomPropertyObject {
	f.t.Helper()
	o := twins.CustomProperty.In(s.of)
	p := o.Parameters()
	p.OrganizationTarget = common.OrganizationTarget{Organization: ptr.To(owner)}
	p.Name, p.Description = label, ptr.To(description)
	return place(f, s, o, name, "github")
}

// ghCustomProperty is the description of GitHub's custom property at path
// ("/properties/schema/<key>" under customPropertyHome); ok false when there is none.
func (f *fixture) ghCustomProperty(path string) (description string, ok bool) {
	f.t.Helper()
	status, b := f.gh(goodToken, http.MethodGet, customPropertyHome+path, "")
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

// A custom property is created as declared, with its name as the external name; a
// description changed on GitHub is put back, one deleted there is made
// again; deleting the resource deletes the custom property.
func TestCustomPropertyLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		o := f.newCustomProperty(s, "bug", "bug", "Something is wrong")
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		path := "/properties/schema/" + meta.GetExternalName(got)
		if d, ok := f.ghCustomProperty(path); !ok || d != "Something is wrong" {
			t.Errorf("GitHub's custom property at %s: %q (exists %t), want the declared description", path, d, ok)
		}
		if ptr.Deref(got.Observation().Organization, "") != owner {
			t.Errorf("status.atProvider %+v", got.Observation())
		}

		f.ghMust(http.StatusOK, goodToken, http.MethodPatch, customPropertyHome+path, `{"description":"changed"}`)
		f.eventually("the description put back", func() string {
			if d, _ := f.ghCustomProperty(path); d != "Something is wrong" {
				return "GitHub's description is " + d
			}
			return ""
		})
		f.ghMust(http.StatusNoContent, goodToken, http.MethodDelete, customPropertyHome+path, "")
		f.eventually("the custom property made again", func() string {
			if _, ok := f.ghCustomProperty(path); !ok {
				return "GitHub has no custom property at " + path
			}
			return ""
		})

		f.must(kube.Delete(f.ctx, get(f, o)))
		f.eventually("the custom property deleted on GitHub and the resource gone", func() string {
			if _, ok := f.ghCustomProperty(path); ok {
				return "GitHub still has " + path
			}
			if err := kube.Get(f.ctx, s.key(f, "bug"), fresh(o)); !kerrors.IsNotFound(err) {
				return "CustomProperty still there"
			}
			return ""
		})
	})
}

// A custom property that already exists is never taken over: the condition says
// how to adopt it; with the annotation it is adopted and set as declared.
func TestCustomPropertyExisting(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, customPropertyHome+"/properties/schema", `{"name":"taken","description":"theirs"}`)
		o := f.newCustomProperty(s, "taken", "taken", "mine")
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f, o, "already exists and this CustomProperty did not create it", `set the annotation crossplane.io/external-name: "taken"`)
		if d, _ := f.ghCustomProperty("/properties/schema/taken"); d != "theirs" {
			t.Errorf("the existing custom property was changed: %q", d)
		}
		update(f, o, func(o twins.CustomPropertyObject) { meta.SetExternalName(o, "taken") })
		waitReady(f, o)
		f.eventually("the adopted custom property is as declared", func() string {
			if d, _ := f.ghCustomProperty("/properties/schema/taken"); d != "mine" {
				return "GitHub's description is " + d
			}
			return ""
		})
	})
}
