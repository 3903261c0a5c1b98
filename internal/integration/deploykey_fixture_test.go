package integration

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// deployKeyObject is a DeployKey of either scope.
type deployKeyObject = twins.DeployKeyObject

var deployKeys = twins.DeployKey

// keyRepo is the seeded private repository the deploy keys of these tests
// belong to; otherKeyRepo another one.
const (
	keyRepo      = "app"
	otherKeyRepo = "other"
)

// Public keys of these tests (made with ssh-keygen; the private halves were
// thrown away).
const (
	testPublicKey  = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJO720MIMydoiThejBuNZuq6pQFEEcRqhtShAZkV9qTi"
	otherPublicKey = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILpY14EvLbZMbzZ7UEtGbA22QU2K7wuOvvZd58iNaz8i"
)

// newDeployKeyFixture is a fixture whose emulator also has demo-org's
// private repositories app and other.
func newDeployKeyFixture(t *testing.T) *fixture {
	t.Helper()
	seed := emulator.DefaultSeed()
	seed.Repos = append(seed.Repos,
		emulator.SeedRepo{Owner: owner, Name: keyRepo, Visibility: "private", Branches: []string{"main"}},
		emulator.SeedRepo{Owner: owner, Name: otherKeyRepo, Visibility: "private", Branches: []string{"main"}})
	return newFixtureWith(t, emulator.Options{Seed: seed})
}

// deployKey builds, without creating it, a DeployKey of scope s called
// name, with the parameters p.
func (f *fixture) deployKey(s scope, name string, p common.DeployKeyParameters) deployKeyObject {
	f.t.Helper()
	d := deployKeys.In(s.of)
	*d.Parameters() = p
	return place(f, s, d, name, "github")
}

// keyParams are a read-only deploy key of demo-org/app titled title.
func keyParams(title string) common.DeployKeyParameters {
	return common.DeployKeyParameters{
		RepositoryTarget: common.RepositoryTarget{Repository: ptr.To(keyRepo)},
		Title:            title,
	}
}

// withConnectionSecret has d write its connection Secret to name, in the
// fixture's namespace.
func withConnectionSecret(f *fixture, d deployKeyObject, name string) {
	switch o := d.(type) {
	case resource.LocalConnectionSecretWriterTo:
		o.SetWriteConnectionSecretToReference(&xpv2.LocalSecretReference{Name: name})
	case resource.ConnectionSecretWriterTo:
		o.SetWriteConnectionSecretToReference(&xpv2.SecretReference{Name: name, Namespace: f.ns})
	}
}

// connectionData reads the fixture's Secret name; nil when there is none.
func (f *fixture) connectionData(name string) map[string][]byte {
	f.t.Helper()
	s := &corev1.Secret{}
	if err := kube.Get(f.ctx, types.NamespacedName{Namespace: f.ns, Name: name}, s); err != nil {
		return nil
	}
	return s.Data
}

// ghDeployKey is a deploy key as the emulator answers it.
type ghDeployKey struct {
	ID       int64  `json:"id"`
	Key      string `json:"key"`
	Title    string `json:"title"`
	ReadOnly bool   `json:"read_only"`
}

// ghDeployKeys lists the deploy keys of demo-org/<repo>.
func (f *fixture) ghDeployKeys(repo string) []ghDeployKey {
	f.t.Helper()
	var out []ghDeployKey
	f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, "/repos/"+owner+"/"+repo+"/keys", ""), &out))
	return out
}

// ghAddDeployKey adds a deploy key to demo-org/<repo> as another tool
// would, and returns its id.
func (f *fixture) ghAddDeployKey(repo, title, key string) int64 {
	f.t.Helper()
	var out ghDeployKey
	body, _ := json.Marshal(map[string]any{"title": title, "key": key, "read_only": true})
	f.must(json.Unmarshal(f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/repos/"+owner+"/"+repo+"/keys", string(body)), &out))
	return out.ID
}

// deployKeyWrites counts the emulator's answered writes to the deploy keys
// of demo-org/<repo>.
func (f *fixture) deployKeyWrites(repo string) int {
	n := 0
	for _, r := range f.emu.Requests() {
		if r.Method != http.MethodGet && strings.Contains(r.Path, "/repos/"+owner+"/"+repo+"/keys") {
			n++
		}
	}
	return n
}

// deployKeysQuiet waits a few poll intervals and fails when anyone wrote
// to the deploy keys of demo-org/<repo> meanwhile.
func deployKeysQuiet(f *fixture, repo, what string) {
	f.t.Helper()
	before := f.deployKeyWrites(repo)
	time.Sleep(3 * pollInterval)
	if n := f.deployKeyWrites(repo) - before; n != 0 {
		f.t.Errorf("%s: %d writes to the deploy keys of %s in 3 polls, want none (an update loop)", what, n, repo)
	}
}
