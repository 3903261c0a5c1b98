package integration

import (
	"net/http"
	"strings"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

// repoObject is a Repository of either scope.
type repoObject = twins.RepositoryObject

var repositories = twins.Repository

// newRepository is a Repository of scope s, not yet placed, with the
// parameters p.
func newRepository(s scope, name string, p common.RepositoryParameters) repoObject {
	if !s.namespaced && p.Name == nil {
		// The cluster scope prefixes metadata.name: keep GitHub names short
		// and equal across scopes.
		p.Name = ptr.To(name)
	}
	r := repositories.In(s.of)
	*r.Parameters() = p
	return r
}

// repository builds, without creating it, a Repository of scope s called
// name that uses the provider config pc.
func (f *fixture) repository(s scope, name, pc string, p common.RepositoryParameters) repoObject {
	f.t.Helper()
	return place(f, s, newRepository(s, name, p), name, pc)
}

// create creates a Repository called name that uses the "github" provider
// config, after applying mods to it.
func (f *fixture) create(s scope, name string, p common.RepositoryParameters, mods ...func(repoObject)) repoObject {
	f.t.Helper()
	r := newRepository(s, name, p)
	for _, m := range mods {
		m(r)
	}
	return create(f, s, r, name)
}

// get reads the Repository called name.
func (f *fixture) get(s scope, name string) repoObject {
	f.t.Helper()
	return get(f, named(f, s, repositories.In(s.of), name))
}

// waitReady waits for the Repository called name to be Ready and Synced.
func (f *fixture) waitReady(s scope, name string) repoObject {
	f.t.Helper()
	return waitReady(f, named(f, s, repositories.In(s.of), name))
}

// waitSyncError waits until the Synced condition of the Repository called
// name is False with a message containing every one of want, and returns
// that message.
func (f *fixture) waitSyncError(s scope, name string, want ...string) string {
	f.t.Helper()
	return waitSyncError(f, named(f, s, repositories.In(s.of), name), want...)
}

// update re-reads the Repository called name, applies fn and writes it
// back, retrying on conflicts with the controller.
func (f *fixture) update(s scope, name string, fn func(repoObject)) {
	f.t.Helper()
	update(f, named(f, s, repositories.In(s.of), name), fn)
}

// ghRepo returns the emulator's view of owner/name.
func (f *fixture) ghRepo(name string) (emulator.Repo, bool) {
	return f.emu.State().RepoByName(owner, name)
}

// createOnGitHub creates owner/name through the API, as a person or another
// tool would, now.
func (f *fixture) createOnGitHub(name string) {
	f.t.Helper()
	c := emulatortest.Client(f.srv, goodToken)
	resp, err := c.Post(f.srv.URL+"/orgs/"+owner+"/repos", "application/json", strings.NewReader(`{"name":"`+name+`"}`))
	f.must(err)
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		f.t.Fatalf("creating %s on GitHub: status %d", name, resp.StatusCode)
	}
}
