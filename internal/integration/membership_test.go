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

// membershipHome is where the Membership tests make their memberships: the
// organization.
const membershipHome = "/orgs/" + owner

// newMembership builds, without creating it, a Membership of scope s called
// name for the membership named label.
func (f *fixture) newMembership(s scope, name, label, description string) twins.MembershipObject {
	f.t.Helper()
	o := twins.Membership.In(s.of)
	p := o.Parameters()
	p.OrganizationTarget = common.OrganizationTarget{Organization: ptr.To(owner)}
	p.Name, p.Description = label, ptr.To(description)
	return place(f, s, o, name, "github")
}

// ghMembership is the description of GitHub's membership at path
// ("/memberships/<key>" under membershipHome); ok false when there is none.
func (f *fixture) ghMembership(path string) (description string, ok bool) {
	f.t.Helper()
	status, b := f.gh(goodToken, http.MethodGet, membershipHome+path, "")
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

// A membership is created as declared, with its name as the external name; a
// description changed on GitHub is put back, one deleted there is made
// again; deleting the resource deletes the membership.
func TestMembershipLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		o := f.newMembership(s, "bug", "bug", "Something is wrong")
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		path := "/memberships/" + meta.GetExternalName(got)
		if d, ok := f.ghMembership(path); !ok || d != "Something is wrong" {
			t.Errorf("GitHub's membership at %s: %q (exists %t), want the declared description", path, d, ok)
		}
		if ptr.Deref(got.Observation().Organization, "") != owner {
			t.Errorf("status.atProvider %+v", got.Observation())
		}

		f.ghMust(http.StatusOK, goodToken, http.MethodPatch, membershipHome+path, `{"description":"changed"}`)
		f.eventually("the description put back", func() string {
			if d, _ := f.ghMembership(path); d != "Something is wrong" {
				return "GitHub's description is " + d
			}
			return ""
		})
		f.ghMust(http.StatusNoContent, goodToken, http.MethodDelete, membershipHome+path, "")
		f.eventually("the membership made again", func() string {
			if _, ok := f.ghMembership(path); !ok {
				return "GitHub has no membership at " + path
			}
			return ""
		})

		f.must(kube.Delete(f.ctx, get(f, o)))
		f.eventually("the membership deleted on GitHub and the resource gone", func() string {
			if _, ok := f.ghMembership(path); ok {
				return "GitHub still has " + path
			}
			if err := kube.Get(f.ctx, s.key(f, "bug"), fresh(o)); !kerrors.IsNotFound(err) {
				return "Membership still there"
			}
			return ""
		})
	})
}

// A membership that already exists is never taken over: the condition says
// how to adopt it; with the annotation it is adopted and set as declared.
func TestMembershipExisting(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, membershipHome+"/memberships", `{"name":"taken","description":"theirs"}`)
		o := f.newMembership(s, "taken", "taken", "mine")
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f, o, "already exists and this Membership did not create it", `set the annotation crossplane.io/external-name: "taken"`)
		if d, _ := f.ghMembership("/memberships/taken"); d != "theirs" {
			t.Errorf("the existing membership was changed: %q", d)
		}
		update(f, o, func(o twins.MembershipObject) { meta.SetExternalName(o, "taken") })
		waitReady(f, o)
		f.eventually("the adopted membership is as declared", func() string {
			if d, _ := f.ghMembership("/memberships/taken"); d != "mine" {
				return "GitHub's description is " + d
			}
			return ""
		})
	})
}
