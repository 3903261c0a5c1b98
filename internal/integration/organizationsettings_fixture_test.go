package integration

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// orgSettingsObject is an OrganizationSettings of either scope.
type orgSettingsObject = twins.OrganizationSettingsObject

// platformOrg is the second organization of newOrgSettingsFixture, which
// the cluster-scoped example names.
const platformOrg = "platform-org"

// newOrgSettingsFixture is a fixture whose emulator also has platform-org,
// owned by demo-user.
func newOrgSettingsFixture(t *testing.T) *fixture {
	t.Helper()
	seed := emulator.DefaultSeed()
	seed.Orgs = append(seed.Orgs, emulator.SeedOrg{Login: platformOrg, Members: []emulator.SeedMember{{Login: "demo-user", Role: emulator.RoleAdmin}}})
	return newFixtureWith(t, emulator.Options{Seed: seed})
}

// orgSettings builds, without creating it, an OrganizationSettings of
// scope s called name for demo-org, with the parameters p.
func (f *fixture) orgSettings(s scope, name string, p orgcommon.OrganizationSettingsParameters) orgSettingsObject {
	f.t.Helper()
	o := twins.OrganizationSettings.In(s.of)
	if p.Organization == nil {
		p.Organization = ptr.To(owner)
	}
	*o.Parameters() = p
	return place(f, s, o, name, "github")
}

// ghOrg is demo-org as GitHub shows its owners: the settings, by GitHub's
// field names.
func (f *fixture) ghOrg() map[string]any {
	f.t.Helper()
	var out map[string]any
	f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, "/orgs/"+owner, ""), &out))
	return out
}

// orgWrites counts the answered updates of demo-org.
func (f *fixture) orgWrites() int {
	n := 0
	for _, r := range f.emu.Requests() {
		// The path as the emulator records it, after the API's prefix.
		if r.Method == http.MethodPatch && strings.HasSuffix(r.Path, "/orgs/"+owner) {
			n++
		}
	}
	return n
}

// orgSettingsQuiet fails when demo-org is updated, or idle polls cost
// rate-limit points, once the reads after a change have passed (see
// idleQuiet).
func orgSettingsQuiet(t *testing.T, f *fixture, what string) {
	t.Helper()
	idleQuiet(t, f, what, f.orgWrites)
}

// otherScope is the scope that is not s.
func otherScope(s scope) scope {
	for _, o := range scopes {
		if o.name != s.name {
			return o
		}
	}
	return s
}

// refusedUpdate applies fn to the latest mg and updates it, trying again
// when the controller changed it meanwhile; the API server's refusal, or
// nil when it took the update.
func refusedUpdate[T resource.Managed](f *fixture, mg T, fn func(T)) error {
	f.t.Helper()
	var err error
	for range 20 {
		got := get(f, mg)
		fn(got)
		if err = kube.Update(f.ctx, got); !kerrors.IsConflict(err) {
			return err
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}
