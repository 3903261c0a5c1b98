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

// teamMembershipHome is where the TeamMembership tests make their team memberships: the
// organization.
const teamMembershipHome = "/orgs/" + owner

// newTeamMembership builds, without creating it, a TeamMembership of scope s called
// name for the team membership named label.
func (f *fixture) newTeamMembership(s scope, name, label, description string) twins.TeamMembershipObject {
	f.t.Helper()
	o := twins.TeamMembership.In(s.of)
	p := o.Parameters()
	p.OrganizationTarget = common.OrganizationTarget{Organization: ptr.To(owner)}
	p.Name, p.Description = label, ptr.To(description)
	return place(f, s, o, name, "github")
}

// ghTeamMembership is the description of GitHub's team membership at path
// ("/team-memberships/<key>" under teamMembershipHome); ok false when there is none.
func (f *fixture) ghTeamMembership(path string) (description string, ok bool) {
	f.t.Helper()
	status, b := f.gh(goodToken, http.MethodGet, teamMembershipHome+path, "")
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

// A team membership is created as declared, with its name as the external name; a
// description changed on GitHub is put back, one deleted there is made
// again; deleting the resource deletes the team membership.
func TestTeamMembershipLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		o := f.newTeamMembership(s, "bug", "bug", "Something is wrong")
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		path := "/team-memberships/" + meta.GetExternalName(got)
		if d, ok := f.ghTeamMembership(path); !ok || d != "Something is wrong" {
			t.Errorf("GitHub's team membership at %s: %q (exists %t), want the declared description", path, d, ok)
		}
		if ptr.Deref(got.Observation().Organization, "") != owner {
			t.Errorf("status.atProvider %+v", got.Observation())
		}

		f.ghMust(http.StatusOK, goodToken, http.MethodPatch, teamMembershipHome+path, `{"description":"changed"}`)
		f.eventually("the description put back", func() string {
			if d, _ := f.ghTeamMembership(path); d != "Something is wrong" {
				return "GitHub's description is " + d
			}
			return ""
		})
		f.ghMust(http.StatusNoContent, goodToken, http.MethodDelete, teamMembershipHome+path, "")
		f.eventually("the team membership made again", func() string {
			if _, ok := f.ghTeamMembership(path); !ok {
				return "GitHub has no team membership at " + path
			}
			return ""
		})

		f.must(kube.Delete(f.ctx, get(f, o)))
		f.eventually("the team membership deleted on GitHub and the resource gone", func() string {
			if _, ok := f.ghTeamMembership(path); ok {
				return "GitHub still has " + path
			}
			if err := kube.Get(f.ctx, s.key(f, "bug"), fresh(o)); !kerrors.IsNotFound(err) {
				return "TeamMembership still there"
			}
			return ""
		})
	})
}

// A team membership that already exists is never taken over: the condition says
// how to adopt it; with the annotation it is adopted and set as declared.
func TestTeamMembershipExisting(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, teamMembershipHome+"/team-memberships", `{"name":"taken","description":"theirs"}`)
		o := f.newTeamMembership(s, "taken", "taken", "mine")
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f, o, "already exists and this TeamMembership did not create it", `set the annotation crossplane.io/external-name: "taken"`)
		if d, _ := f.ghTeamMembership("/team-memberships/taken"); d != "theirs" {
			t.Errorf("the existing team membership was changed: %q", d)
		}
		update(f, o, func(o twins.TeamMembershipObject) { meta.SetExternalName(o, "taken") })
		waitReady(f, o)
		f.eventually("the adopted team membership is as declared", func() string {
			if d, _ := f.ghTeamMembership("/team-memberships/taken"); d != "mine" {
				return "GitHub's description is " + d
			}
			return ""
		})
	})
}
