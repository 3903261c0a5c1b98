package integration

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// oidcRepo is the repository whose OIDC subject claim template the
// ActionsOIDCSubjectClaim tests set.
const oidcRepo = "oidc-home"

// oidcFull is its full name, the external name of their resources.
const oidcFull = owner + "/" + oidcRepo

// oidcPath is the API path of the template.
const oidcPath = "/repos/" + oidcFull + "/actions/oidc/customization/sub"

// newOIDCSubjectClaim builds, without creating it, an
// ActionsOIDCSubjectClaim of scope s called name that declares the claim
// keys, or GitHub's default subject when there are none.
func (f *fixture) newOIDCSubjectClaim(s scope, name string, keys ...string) twins.ActionsOIDCSubjectClaimObject {
	f.t.Helper()
	o := twins.ActionsOIDCSubjectClaim.In(s.of)
	p := o.Parameters()
	p.RepositoryTarget = common.RepositoryTarget{Repository: ptr.To(oidcRepo)}
	if len(keys) == 0 {
		p.UseDefault = ptr.To(true)
	} else {
		p.IncludeClaimKeys = keys
	}
	return place(f, s, o, name, "github")
}

// oidcRepository creates the tests' repository on GitHub.
func (f *fixture) oidcRepository() {
	f.t.Helper()
	f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/orgs/"+owner+"/repos", fmt.Sprintf(`{"name":%q}`, oidcRepo))
}

// ghOIDC is GitHub's template: "default", or its claim keys joined by
// commas.
func (f *fixture) ghOIDC() string {
	f.t.Helper()
	status, b := f.gh(goodToken, http.MethodGet, oidcPath, "")
	if status != http.StatusOK {
		f.t.Fatalf("GET %s: status %d: %s", oidcPath, status, b)
	}
	var out struct {
		UseDefault bool     `json:"use_default"`
		Keys       []string `json:"include_claim_keys"`
	}
	f.must(json.Unmarshal(b, &out))
	if out.UseDefault {
		return "default"
	}
	return strings.Join(out.Keys, ",")
}

// oidcWrites counts the writes of the tests' templates.
func (f *fixture) oidcWrites() int {
	n := 0
	for _, r := range f.emu.Requests() {
		if r.Method != http.MethodGet && strings.HasSuffix(r.Path, "/actions/oidc/customization/sub") {
			n++
		}
	}
	return n
}

// oidcQuiet lets the reads that follow a change pass, then fails when
// anyone writes the template in three poll intervals (an update loop), or
// when an idle resource's polls keep costing rate-limit points (see
// idleQuiet).
func oidcQuiet(t *testing.T, f *fixture, what string) {
	t.Helper()
	idleQuiet(t, f, what, f.oidcWrites)
}

// The template is written as declared, and the repository's full name
// becomes the external name; the template changed on GitHub is put back;
// an idle resource writes nothing and costs no points; deleting the
// resource puts GitHub's default subject back.
func TestActionsOIDCSubjectClaimLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.oidcRepository()
		if got := f.ghOIDC(); got != "default" {
			t.Fatalf("a new repository's template is %q, want GitHub's default", got)
		}
		o := f.newOIDCSubjectClaim(s, "claims", "repo", "context", "job_workflow_ref")
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		if ext := meta.GetExternalName(got); ext != oidcFull {
			t.Errorf("external name %q, want the repository's full name %q", ext, oidcFull)
		}
		if g := f.ghOIDC(); g != "repo,context,job_workflow_ref" {
			t.Errorf("GitHub's template %q, want the declared keys in order", g)
		}
		if obs := got.Observation(); ptr.Deref(obs.Repository, "") != oidcFull || ptr.Deref(obs.UseDefault, true) ||
			!slices.Equal(obs.IncludeClaimKeys, []string{"repo", "context", "job_workflow_ref"}) {
			t.Errorf("status.atProvider %+v", obs)
		}
		oidcQuiet(t, f, "written")

		f.ghMust(http.StatusCreated, goodToken, http.MethodPut, oidcPath, `{"use_default":false,"include_claim_keys":["context","repo"]}`)
		f.eventually("the keys put back in order", func() string {
			if g := f.ghOIDC(); g != "repo,context,job_workflow_ref" {
				return "GitHub's template " + g
			}
			return ""
		})
		f.ghMust(http.StatusCreated, goodToken, http.MethodPut, oidcPath, `{"use_default":true}`)
		f.eventually("the keys put back over GitHub's default", func() string {
			if g := f.ghOIDC(); g != "repo,context,job_workflow_ref" {
				return "GitHub's template " + g
			}
			return ""
		})
		oidcQuiet(t, f, "drift corrected")

		f.must(kube.Delete(f.ctx, get(f, o)))
		f.eventually("the ActionsOIDCSubjectClaim gone", func() string {
			if err := kube.Get(f.ctx, s.key(f, "claims"), fresh(o)); !kerrors.IsNotFound(err) {
				return "ActionsOIDCSubjectClaim still there"
			}
			return ""
		})
		if g := f.ghOIDC(); g != "default" {
			t.Errorf("after the delete GitHub's template is %q, want GitHub's default put back", g)
		}
	})
}

// A resource that declares GitHub's default puts it back over claim keys
// set on GitHub.
func TestActionsOIDCSubjectClaimDefault(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.oidcRepository()
		f.ghMust(http.StatusCreated, goodToken, http.MethodPut, oidcPath, `{"use_default":false,"include_claim_keys":["actor"]}`)
		o := f.newOIDCSubjectClaim(s, "default")
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		if g := f.ghOIDC(); g != "default" {
			t.Errorf("GitHub's template %q, want the default declared", g)
		}
		if !ptr.Deref(got.Observation().UseDefault, false) {
			t.Errorf("status.atProvider %+v, want useDefault", got.Observation())
		}
		oidcQuiet(t, f, "default written")
	})
}

// afterCreationSecond waits until the second o was created in is over, so
// that a resource created next is younger.
func afterCreationSecond(o interface{ GetCreationTimestamp() metav1.Time }) {
	if d := time.Until(o.GetCreationTimestamp().Add(time.Second + 50*time.Millisecond)); d > 0 {
		time.Sleep(d)
	}
}

// A second ActionsOIDCSubjectClaim of the repository, of either scope, is
// refused with a condition naming the first, and writes nothing; once the
// first is gone (putting the default back), it takes over.
func TestActionsOIDCSubjectClaimSecondIsRefused(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.oidcRepository()
		first := f.newOIDCSubjectClaim(s, "first", "repo")
		f.must(kube.Create(f.ctx, first))
		waitReady(f, first)
		// Creation times count in seconds, and within one second the
		// namespace/name that sorts first is the older: the second comes a
		// second later.
		afterCreationSecond(get(f, first))

		second := f.newOIDCSubjectClaim(otherScope(s), "second", "actor", "environment")
		f.must(kube.Create(f.ctx, second))
		name := "ActionsOIDCSubjectClaim " + first.GetName()
		if s.namespaced {
			name = "ActionsOIDCSubjectClaim " + f.ns + "/" + first.GetName()
		}
		waitSyncError(f, second, "repository "+oidcFull+" is already claimed by "+name+", which is older")
		oidcQuiet(t, f, "second refused")
		if g := f.ghOIDC(); g != "repo" {
			t.Errorf("GitHub's template %q, want the first's", g)
		}

		f.must(kube.Delete(f.ctx, get(f, first)))
		f.eventually("the second takes over", func() string {
			if g := f.ghOIDC(); g != "actor,environment" {
				return "GitHub's template " + g
			}
			return ""
		})
		waitReady(f, second)
	})
}

// A repository GitHub does not have is an error that says so, not a
// template to create.
func TestActionsOIDCSubjectClaimNoSuchRepository(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		o := f.newOIDCSubjectClaim(s, "nowhere", "repo")
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f, o, "cannot find repository "+oidcFull)
		if ext := meta.GetExternalName(get(f, o)); ext != "" {
			t.Errorf("external name %q, want none: nothing was written", ext)
		}
	})
}

// Bad input is refused at admission, with what is allowed.
func TestActionsOIDCSubjectClaimAdmission(t *testing.T) {
	cases := map[string]struct {
		p    func(p *common.ActionsOIDCSubjectClaimParameters)
		want string
	}{
		"Neither": {p: func(p *common.ActionsOIDCSubjectClaimParameters) { p.UseDefault, p.IncludeClaimKeys = nil, nil },
			want: "set exactly one of useDefault: true"},
		"Both": {p: func(p *common.ActionsOIDCSubjectClaimParameters) { p.UseDefault = ptr.To(true) },
			want: "set exactly one of useDefault: true"},
		"DefaultFalse": {p: func(p *common.ActionsOIDCSubjectClaimParameters) {
			p.UseDefault, p.IncludeClaimKeys = ptr.To(false), nil
		},
			want: "useDefault can only be true"},
		"Empty": {p: func(p *common.ActionsOIDCSubjectClaimParameters) { p.IncludeClaimKeys = []string{} },
			want: "set exactly one of useDefault: true"},
		"EmptyKey": {p: func(p *common.ActionsOIDCSubjectClaimParameters) { p.IncludeClaimKeys = []string{"repo", ""} },
			want: "spec.forProvider.includeClaimKeys[1]"},
		"Dash": {p: func(p *common.ActionsOIDCSubjectClaimParameters) {
			p.IncludeClaimKeys = []string{"repo", "job-workflow"}
		},
			want: "^[A-Za-z0-9_]+$"},
		"Twice": {p: func(p *common.ActionsOIDCSubjectClaimParameters) {
			p.IncludeClaimKeys = []string{"repo", "context", "repo"}
		},
			want: "list each claim key once"},
	}
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		for name, tc := range cases {
			t.Run(name, func(t *testing.T) {
				o := f.newOIDCSubjectClaim(s, "refused", "repo")
				tc.p(o.Parameters())
				err := kube.Create(f.ctx, o)
				if err == nil {
					_ = kube.Delete(f.ctx, o)
					t.Fatalf("want the API server to refuse %+v", o.Parameters())
				}
				if !strings.Contains(err.Error(), tc.want) {
					t.Errorf("refused with %v, want a message holding %q", err, tc.want)
				}
			})
		}
	})
}

// The ActionsOIDCSubjectClaim examples of both scopes, applied with the
// Repository examples they name (and the CustomProperty examples one of
// those needs) against one emulator with the demo seed, as make demo and
// make e2e do, become Ready with their keys on GitHub.
func TestActionsOIDCSubjectClaimExamples(t *testing.T) {
	seed, err := emulator.LoadSeedFile("../../hack/demo-seed.yaml")
	if err != nil {
		t.Fatal(err)
	}
	f := newFixtureWith(t, emulator.Options{Seed: seed})
	var claims []twins.ActionsOIDCSubjectClaimObject
	for _, s := range scopes {
		for _, dir := range []string{"customproperty", "repository", "actionsoidcsubjectclaim"} {
			for _, mg := range examplesOf(t, s, dir) {
				placeExample(f, s, mg)
				f.must(kube.Create(f.ctx, mg))
				if c, ok := mg.(twins.ActionsOIDCSubjectClaimObject); ok {
					claims = append(claims, c)
				}
			}
		}
	}
	if len(claims) < 2 {
		t.Fatalf("%d ActionsOIDCSubjectClaim examples, want some of each scope", len(claims))
	}
	for _, c := range claims {
		got := waitReady(f, c)
		repo := ptr.Deref(got.Observation().Repository, "")
		status, b := f.gh(goodToken, http.MethodGet, "/repos/"+repo+"/actions/oidc/customization/sub", "")
		var out struct {
			Keys []string `json:"include_claim_keys"`
		}
		if status != http.StatusOK || json.Unmarshal(b, &out) != nil || !slices.Equal(out.Keys, got.Parameters().IncludeClaimKeys) {
			t.Errorf("%s: GitHub's template of %q is %d %s, want the keys %v", c.GetName(), repo, status, b, got.Parameters().IncludeClaimKeys)
		}
	}
}
