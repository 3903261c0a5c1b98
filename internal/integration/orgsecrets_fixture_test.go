package integration

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// The organization secrets' and variables' tests share them with
// demo-org's repositories shared-a and shared-b (made by the emulator's
// seed), and with Repository resources the tests make.
const (
	sharedA = "shared-a"
	sharedB = "shared-b"
)

// newOrgSharingFixture is a fixture whose emulator also has demo-org's
// repositories shared-a and shared-b.
func newOrgSharingFixture(t *testing.T) *fixture {
	t.Helper()
	seed := emulator.DefaultSeed()
	for _, name := range []string{sharedA, sharedB} {
		seed.Repos = append(seed.Repos, emulator.SeedRepo{Owner: owner, Name: name, Branches: []string{"main"}})
	}
	return newFixtureWith(t, emulator.Options{Seed: seed})
}

// repoID is the GitHub id of demo-org's repository name.
func (f *fixture) repoID(name string) int64 {
	f.t.Helper()
	r, ok := f.emu.State().RepoByName(owner, name)
	if !ok {
		f.t.Fatalf("the emulator has no repository %s/%s", owner, name)
	}
	return r.ID
}

// ids are the GitHub ids of demo-org's repositories names, sorted.
func (f *fixture) ids(names ...string) []int64 {
	out := make([]int64, 0, len(names))
	for _, n := range names {
		out = append(out, f.repoID(n))
	}
	slices.Sort(out)
	return out
}

// sharing is the sharing of an organization secret or variable: selected,
// with the repositories by name.
func sharedWith(names ...string) orgcommon.RepositorySharing {
	return orgcommon.RepositorySharing{Visibility: "selected", SelectedRepositories: names}
}

// orgSecret builds, without creating it, an OrganizationActionsSecret (or,
// dependabot, an OrganizationDependabotSecret) of scope s called name for
// the secret secretName, shared as sh.
func (f *fixture) orgSecret(s scope, dependabot bool, name, secretName string, sh orgcommon.RepositorySharing) orgSecretObject {
	f.t.Helper()
	target := orgcommon.OrganizationTarget{Organization: ptr.To(owner)}
	if dependabot {
		o := twins.OrganizationDependabotSecret.In(s.of)
		*o.Parameters() = orgcommon.OrganizationDependabotSecretParameters{OrganizationTarget: target, SecretValueParameters: f.secretValue(s, secretName), RepositorySharing: sh}
		return place(f, s, orgSecretObject(o), name, "github")
	}
	o := twins.OrganizationActionsSecret.In(s.of)
	*o.Parameters() = orgcommon.OrganizationActionsSecretParameters{OrganizationTarget: target, SecretValueParameters: f.secretValue(s, secretName), RepositorySharing: sh}
	return place(f, s, orgSecretObject(o), name, "github")
}

// orgSecretObject is an organization secret of either kind and scope.
type orgSecretObject = resource.Managed

// orgHolds says how GitHub's organization secret name of store differs
// from value shared with want (ids), "" when it holds both.
func (f *fixture) orgHolds(store, name, value string, want []int64) string {
	got, selected, ok := f.emu.State().OrgSecretValue(owner, store, name)
	switch {
	case !ok:
		return "GitHub has no organization secret " + name + " in " + store
	case got != value:
		return "GitHub's organization secret " + name + " holds another value"
	case !slices.Equal(selected, want):
		return fmt.Sprintf("GitHub's organization secret %s is shared with %v, want %v", name, selected, want)
	}
	return ""
}

// ghOrgObject is GitHub's answer for an organization secret or variable at
// path (under /orgs/demo-org); ok false when there is none.
func (f *fixture) ghOrgObject(path string) (visibility, value string, ok bool) {
	f.t.Helper()
	status, b := f.gh(goodToken, http.MethodGet, "/orgs/"+owner+path, "")
	if status == http.StatusNotFound {
		return "", "", false
	}
	if status != http.StatusOK {
		f.t.Fatalf("GET %s: status %d: %s", path, status, b)
	}
	var out struct {
		Visibility string `json:"visibility"`
		Value      string `json:"value"`
	}
	f.must(json.Unmarshal(b, &out))
	return out.Visibility, out.Value, true
}

// ghSelected are the ids of the repositories GitHub's organization secret
// or variable at path shares with, sorted.
func (f *fixture) ghSelected(path string) []int64 {
	f.t.Helper()
	var out struct {
		Repositories []struct {
			ID int64 `json:"id"`
		} `json:"repositories"`
	}
	f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, "/orgs/"+owner+path+"/repositories?per_page=100", ""), &out))
	ids := []int64{}
	for _, r := range out.Repositories {
		ids = append(ids, r.ID)
	}
	slices.Sort(ids)
	return ids
}

// linkedRepositories creates, in scope s, a Repository called byRef and
// one called byLabel labelled for this fixture, and waits for both; it
// returns the sharing that names shared-a by name, the first by reference
// and the second by selector.
func (f *fixture) linkedRepositories(s scope, byRef, byLabel string) orgcommon.RepositorySharing {
	f.t.Helper()
	labels := map[string]string{"shares-secrets": f.ns}
	ref := f.create(s, byRef, common.RepositoryParameters{})
	f.create(s, byLabel, common.RepositoryParameters{}, func(r repoObject) { r.SetLabels(labels) })
	f.waitReady(s, byRef)
	f.waitReady(s, byLabel)
	sh := sharedWith(sharedA)
	sh.SelectedRepositoryRefs = []xpv2.Reference{{Name: ref.GetName()}}
	sh.SelectedRepositorySelector = &xpv2.Selector{MatchLabels: labels}
	return sh
}

// orgTraffic counts the answered writes to demo-org's secrets and
// variables.
func (f *fixture) orgTraffic() (writes int) {
	for _, r := range f.emu.Requests() {
		// The emulator records the path as asked, after the base URL's /api/v3.
		if r.Method != http.MethodGet && strings.Contains(r.Path, "/orgs/"+owner+"/") && (strings.Contains(r.Path, "/secrets/") || strings.Contains(r.Path, "/variables")) {
			writes++
		}
	}
	return writes
}

// fullReadEndpoint is the repository read the credential's full-read
// planner makes unconditional now and then, within a budget of its own
// that every kind shares: not an idle resource's cost.
const fullReadEndpoint = "GET /repos/{owner}/{repo}"

// orgQuiet fails when an organization secret or variable is written, or
// idle polls cost rate-limit points, once the reads after a change have
// passed (see idleQuiet).
func orgQuiet(t *testing.T, f *fixture, what string) {
	t.Helper()
	idleQuiet(t, f, what, f.orgTraffic)
}

// deleteOrgObject deletes the resource of an organization's secret or
// variable at path (under /orgs/demo-org) and waits for both to be gone.
func (f *fixture) deleteOrgObject(mg resource.Managed, path string) {
	f.t.Helper()
	f.must(kube.Delete(f.ctx, get(f, mg)))
	f.eventually("deleted on GitHub and the resource gone", func() string {
		if _, _, ok := f.ghOrgObject(path); ok {
			return "GitHub still has " + path
		}
		if err := kube.Get(f.ctx, client.ObjectKeyFromObject(mg), fresh(mg)); !kerrors.IsNotFound(err) {
			return mg.GetObjectKind().GroupVersionKind().Kind + " " + mg.GetName() + " still there"
		}
		return ""
	})
}
