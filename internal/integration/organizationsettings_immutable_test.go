package integration

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// An OrganizationSettings that declares which repositories the
// organization enforces immutable releases on (here one, by reference to
// its Repository) sets it, puts it back when changed on GitHub, and is
// free while idle; the repository reads as enforced by its owner.
func TestOrganizationSettingsImmutableReleases(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.create(s, "locked", common.RepositoryParameters{})
		repo := f.waitReady(s, "locked")
		id := ptr.Deref(repo.Observation().ID, 0)

		o := f.orgSettings(s, "demo", orgcommon.OrganizationSettingsParameters{ImmutableReleases: &orgcommon.ImmutableReleasesEnforcement{
			EnforcedRepositories: "selected", SelectedRepositoryRefs: []xpv2.Reference{{Name: repo.GetName()}}}})
		f.must(kube.Create(f.ctx, o))
		waitReady(f, o)
		enforced := func() string {
			var policy struct {
				Enforced string `json:"enforced_repositories"`
			}
			f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, "/orgs/"+owner+"/settings/immutable-releases", ""), &policy))
			var list struct {
				Repositories []struct{ ID int64 }
			}
			f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, "/orgs/"+owner+"/settings/immutable-releases/repositories", ""), &list))
			if policy.Enforced != "selected" || len(list.Repositories) != 1 || list.Repositories[0].ID != id {
				return "enforced on " + policy.Enforced + ", selected " + string(f.ghMust(http.StatusOK, goodToken, http.MethodGet, "/orgs/"+owner+"/settings/immutable-releases/repositories", ""))
			}
			return ""
		}
		if d := enforced(); d != "" {
			t.Fatalf("after create: %s; want locked alone", d)
		}
		if b := f.ghMust(http.StatusOK, goodToken, http.MethodGet, "/repos/"+owner+"/locked/immutable-releases", ""); !strings.Contains(string(b), `"enforced_by_owner":true`) {
			t.Errorf("the repository's immutable releases: %s, want enforced by its owner", b)
		}
		f.eventually("the status shows the enforcement", func() string {
			obs := get(f, o).Observation().ImmutableReleases
			if obs == nil || ptr.Deref(obs.Visibility, "") != "selected" || len(obs.SelectedRepositoryIDs) != 1 {
				return "status.atProvider.immutableReleases not shown yet"
			}
			return ""
		})
		idleQuiet(t, f, "written", f.immutablePolicyWrites)

		f.ghMust(http.StatusNoContent, goodToken, http.MethodPut, "/orgs/"+owner+"/settings/immutable-releases", `{"enforced_repositories":"all"}`)
		f.eventually("the enforcement put back", enforced)
		idleQuiet(t, f, "drift corrected", f.immutablePolicyWrites)
	})
}

// immutablePolicyWrites counts the answered writes of demo-org's
// enforcement of immutable releases.
func (f *fixture) immutablePolicyWrites() int {
	n := 0
	for _, r := range f.emu.Requests() {
		if r.Method != http.MethodGet && strings.Contains(r.Path, "/orgs/"+owner+"/settings/immutable-releases") {
			n++
		}
	}
	return n
}
