package integration

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// repositoryInteractionLimitRepo is the repository whose interaction limit the RepositoryInteractionLimit tests set.
const repositoryInteractionLimitRepo = "repositoryinteractionlimit-home"

// repositoryInteractionLimitFull is its full name, the external name of their RepositoryInteractionLimits.
const repositoryInteractionLimitFull = owner + "/" + repositoryInteractionLimitRepo

// repositoryInteractionLimitPath is the API path of the interaction limit.
const repositoryInteractionLimitPath = "/repos/" + repositoryInteractionLimitFull + "/interaction-limits"

// newRepositoryInteractionLimit builds, without creating it, a RepositoryInteractionLimit of scope s called
// name that declares the interaction limit enabled or not.
func (f *fixture) newRepositoryInteractionLimit(s scope, name string, enabled bool) twins.RepositoryInteractionLimitObject {
	f.t.Helper()
	o := twins.RepositoryInteractionLimit.In(s.of)
	p := o.Parameters()
	p.RepositoryTarget = common.RepositoryTarget{Repository: ptr.To(repositoryInteractionLimitRepo)}
	p.Enabled = ptr.To(enabled)
	return place(f, s, o, name, "github")
}

// ghRepositoryInteractionLimit tells whether GitHub's interaction limit is enabled.
func (f *fixture) ghRepositoryInteractionLimit() bool {
	f.t.Helper()
	status, b := f.gh(goodToken, http.MethodGet, repositoryInteractionLimitPath, "")
	if status != http.StatusOK {
		f.t.Fatalf("GET %s: status %d: %s", repositoryInteractionLimitPath, status, b)
	}
	var out struct {
		Enabled bool `json:"enabled"`
	}
	f.must(json.Unmarshal(b, &out))
	return out.Enabled
}

// The interaction limit is written as declared, and the repository's full name becomes
// the external name; a field changed on GitHub is put back; deleting the
// resource leaves GitHub's interaction limit as it is.
func TestRepositoryInteractionLimitLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/orgs/"+owner+"/repos", fmt.Sprintf(`{"name":%q}`, repositoryInteractionLimitRepo))
		if f.ghRepositoryInteractionLimit() {
			t.Fatal("GitHub's default interaction limit is enabled: the test declares it enabled to see the resource write it")
		}
		o := f.newRepositoryInteractionLimit(s, "setting", true)
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		if ext := meta.GetExternalName(got); ext != repositoryInteractionLimitFull {
			t.Errorf("external name %q, want the repository's full name %q", ext, repositoryInteractionLimitFull)
		}
		if !f.ghRepositoryInteractionLimit() {
			t.Error("GitHub's interaction limit is not enabled, as declared")
		}
		if o := got.Observation(); ptr.Deref(o.Repository, "") != repositoryInteractionLimitFull || !ptr.Deref(o.Enabled, false) {
			t.Errorf("status.atProvider %+v", o)
		}

		f.ghMust(http.StatusNoContent, goodToken, http.MethodPut, repositoryInteractionLimitPath, `{"enabled":false}`)
		f.eventually("the interaction limit put back", func() string {
			if !f.ghRepositoryInteractionLimit() {
				return "GitHub's interaction limit is not enabled"
			}
			return ""
		})

		f.must(kube.Delete(f.ctx, get(f, o)))
		f.eventually("the RepositoryInteractionLimit gone", func() string {
			if err := kube.Get(f.ctx, s.key(f, "setting"), fresh(o)); !kerrors.IsNotFound(err) {
				return "RepositoryInteractionLimit still there"
			}
			return ""
		})
		if !f.ghRepositoryInteractionLimit() {
			t.Error("deleting the RepositoryInteractionLimit changed GitHub's interaction limit: it is left as it is")
		}
	})
}

// A repository GitHub does not have is an error that says so, not a
// interaction limit to create.
func TestRepositoryInteractionLimitNoSuchRepository(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		o := f.newRepositoryInteractionLimit(s, "nowhere", true)
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f, o, "cannot find repository ")
		if ext := meta.GetExternalName(get(f, o)); ext != "" {
			t.Errorf("external name %q, want none: nothing was written", ext)
		}
	})
}
