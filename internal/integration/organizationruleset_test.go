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

// organizationRulesetHome is where the OrganizationRuleset tests make their organization rulesets: the
// organization.
const organizationRulesetHome = "/orgs/" + owner

// newOrganizationRuleset builds, without creating it, a OrganizationRuleset of scope s called
// name for the organization ruleset named label.
func (f *fixture) newOrganizationRuleset(s scope, name, label, description string) twins.OrganizationRulesetObject {
	f.t.Helper()
	o := twins.OrganizationRuleset.In(s.of)
	p := o.Parameters()
	p.OrganizationTarget = common.OrganizationTarget{Organization: ptr.To(owner)}
	p.Name, p.Description = label, ptr.To(description)
	return place(f, s, o, name, "github")
}

// ghOrganizationRuleset is the description of GitHub's organization ruleset at path
// ("/rulesets/<key>" under organizationRulesetHome); ok false when there is none.
func (f *fixture) ghOrganizationRuleset(path string) (description string, ok bool) {
	f.t.Helper()
	status, b := f.gh(goodToken, http.MethodGet, organizationRulesetHome+path, "")
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

// A organization ruleset is created as declared, with its id as the external name; a
// description changed on GitHub is put back, one deleted there is made
// again; deleting the resource deletes the organization ruleset.
func TestOrganizationRulesetLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		o := f.newOrganizationRuleset(s, "bug", "bug", "Something is wrong")
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		path := "/rulesets/" + meta.GetExternalName(got)
		if d, ok := f.ghOrganizationRuleset(path); !ok || d != "Something is wrong" {
			t.Errorf("GitHub's organization ruleset at %s: %q (exists %t), want the declared description", path, d, ok)
		}
		if ptr.Deref(got.Observation().Organization, "") != owner {
			t.Errorf("status.atProvider %+v", got.Observation())
		}

		f.ghMust(http.StatusOK, goodToken, http.MethodPatch, organizationRulesetHome+path, `{"description":"changed"}`)
		f.eventually("the description put back", func() string {
			if d, _ := f.ghOrganizationRuleset(path); d != "Something is wrong" {
				return "GitHub's description is " + d
			}
			return ""
		})

		f.must(kube.Delete(f.ctx, get(f, o)))
		f.eventually("the organization ruleset deleted on GitHub and the resource gone", func() string {
			if _, ok := f.ghOrganizationRuleset(path); ok {
				return "GitHub still has " + path
			}
			if err := kube.Get(f.ctx, s.key(f, "bug"), fresh(o)); !kerrors.IsNotFound(err) {
				return "OrganizationRuleset still there"
			}
			return ""
		})
	})
}
