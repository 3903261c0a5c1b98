package integration

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// Apps installed on demo-org for these tests: three decide deployments
// (permission on deployments), one does not.
const (
	gateApp   = 4801 // deploy-gate
	scanApp   = 4802 // sec-scan
	extraApp  = 4803 // extra-check
	noDeplApp = 4804 // no-deploy: no permission on deployments
)

// newRulesFixture is newEnvironmentFixture with those apps.
func newRulesFixture(t *testing.T) *fixture {
	t.Helper()
	f := newEnvironmentFixture(t)
	key := pusherKey(t)
	app := func(id int64, slug, perm string) emulator.SeedApp {
		perms := map[string]string{"metadata": "read"}
		if perm != "" {
			perms["deployments"] = perm
		}
		return emulator.SeedApp{ID: id, Slug: slug, PublicKeyPEM: key,
			Installations: []emulator.SeedInstallation{{ID: id * 10, Account: owner, Permissions: perms}}}
	}
	f.must(f.emu.State().Apply(&emulator.Seed{Apps: []emulator.SeedApp{
		app(gateApp, "deploy-gate", "read"), app(scanApp, "sec-scan", "write"), app(extraApp, "extra-check", "read"), app(noDeplApp, "no-deploy", ""),
	}}))
	return f
}

func rulesPath(env string) string {
	return "/repos/" + envFullName + "/environments/" + env + "/deployment_protection_rules"
}

// ghRules are the app slugs of env's rules on GitHub, sorted, and their
// ids by slug.
func (f *fixture) ghRules(env string) ([]string, map[string]int64) {
	f.t.Helper()
	var out struct {
		Rules []struct {
			ID  int64 `json:"id"`
			App struct {
				Slug string `json:"slug"`
			} `json:"app"`
		} `json:"custom_deployment_protection_rules"`
	}
	f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, rulesPath(env), ""), &out))
	var slugs []string
	ids := map[string]int64{}
	for _, r := range out.Rules {
		slugs = append(slugs, r.App.Slug)
		ids[r.App.Slug] = r.ID
	}
	slices.Sort(slugs)
	return slugs, ids
}

// ruleRequests counts the requests to env's rules and apps.
func (f *fixture) ruleRequests(env, method string) int {
	n := 0
	for _, r := range f.emu.Requests() {
		if r.Method == method && strings.Contains(r.Path, "/environments/"+env+"/deployment_protection_rules") {
			n++
		}
	}
	return n
}

func gated(rules ...common.CustomProtectionRule) common.EnvironmentParameters {
	return common.EnvironmentParameters{RepositoryTarget: common.RepositoryTarget{Repository: ptr.To(envRepo)}, Name: "gated",
		CustomProtectionRules: &rules}
}

// The declared rules are enabled, by app slug or id; the list is the
// environment's whole: a rule removed on GitHub is put back, one added
// there is removed, and [] removes them all.
func TestEnvironmentProtectionRules(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newRulesFixture(t)
		e := f.environment(s, "gated", gated(common.CustomProtectionRule{AppSlug: ptr.To("Deploy-Gate")}, common.CustomProtectionRule{AppID: ptr.To[int64](scanApp)}))
		f.must(kube.Create(f.ctx, e))
		got := waitReady(f, e)
		want := []string{"deploy-gate", "sec-scan"}
		if slugs, _ := f.ghRules("gated"); !slices.Equal(slugs, want) {
			t.Errorf("rules on GitHub: %v, want %v", slugs, want)
		}
		if o := got.Observation().CustomProtectionRules; len(o) != 2 || !o[0].Enabled || o[0].AppSlug == "" || o[0].ID == 0 {
			t.Errorf("status.atProvider.customProtectionRules: %+v, want the two rules", o)
		}
		environmentsQuiet(f, "created")

		// On GitHub: deploy-gate's rule removed, extra-check's added.
		_, ids := f.ghRules("gated")
		f.ghMust(http.StatusNoContent, goodToken, http.MethodDelete, fmt.Sprintf("%s/%d", rulesPath("gated"), ids["deploy-gate"]), "")
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, rulesPath("gated"), fmt.Sprintf(`{"integration_id": %d}`, extraApp))
		f.eventually("rules put back as declared", func() string {
			if slugs, _ := f.ghRules("gated"); !slices.Equal(slugs, want) {
				return fmt.Sprintf("rules %v", slugs)
			}
			return ""
		})
		environmentsQuiet(f, "drift corrected")

		update(f, e, func(e environmentObject) { e.Parameters().CustomProtectionRules = &[]common.CustomProtectionRule{} })
		f.eventually("every rule removed", func() string {
			if slugs, _ := f.ghRules("gated"); len(slugs) != 0 {
				return fmt.Sprintf("rules %v", slugs)
			}
			return ""
		})
	})
}

// An app the environment cannot use (unknown, or without permission on
// deployments) is named in the Ready condition with the apps it can use;
// the provider does not try to enable it (no request refused poll after
// poll), and enables it once the app is installed.
func TestEnvironmentProtectionRuleUnavailableApp(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newRulesFixture(t)
		e := f.environment(s, "gated", gated(common.CustomProtectionRule{AppSlug: ptr.To("later-app")}, common.CustomProtectionRule{AppSlug: ptr.To("no-deploy")},
			common.CustomProtectionRule{AppSlug: ptr.To("deploy-gate")}))
		f.must(kube.Create(f.ctx, e))
		f.eventually("Ready=False naming the apps", func() string {
			got := get(f, e)
			c := got.GetCondition(xpv2.TypeReady)
			if c.Status != corev1.ConditionFalse {
				return "Ready=" + string(c.Status) + " " + c.Message
			}
			for _, w := range []string{`app "later-app" and app "no-deploy"`, "deploy-gate (id 4801)", "Install the app"} {
				if !strings.Contains(c.Message, w) {
					return "message: " + c.Message
				}
			}
			if sc := got.GetCondition(xpv2.TypeSynced); sc.Status != corev1.ConditionTrue {
				return "Synced=" + string(sc.Status) + " " + sc.Message
			}
			return ""
		})
		if slugs, _ := f.ghRules("gated"); !slices.Equal(slugs, []string{"deploy-gate"}) {
			t.Errorf("rules on GitHub: %v, want deploy-gate, the one that can be", slugs)
		}
		posts := f.ruleRequests("gated", http.MethodPost)
		time.Sleep(3 * pollInterval)
		if n := f.ruleRequests("gated", http.MethodPost) - posts; n != 0 {
			t.Errorf("%d attempts to enable a rule in 3 polls, want none: the apps cannot be used", n)
		}

		f.must(f.emu.State().Apply(&emulator.Seed{Apps: []emulator.SeedApp{{ID: 4805, Slug: "later-app", PublicKeyPEM: pusherKey(t),
			Installations: []emulator.SeedInstallation{{ID: 48050, Account: owner, Permissions: map[string]string{"deployments": "read"}}}}}}))
		update(f, e, func(e environmentObject) {
			e.Parameters().CustomProtectionRules = &[]common.CustomProtectionRule{{AppSlug: ptr.To("later-app")}, {AppSlug: ptr.To("deploy-gate")}}
		})
		waitReady(f, e)
		if slugs, _ := f.ghRules("gated"); !slices.Equal(slugs, []string{"deploy-gate", "later-app"}) {
			t.Errorf("rules on GitHub: %v, want deploy-gate and later-app", slugs)
		}
	})
}

// An environment that does not declare customProtectionRules spends no
// request on them and leaves GitHub's alone.
func TestEnvironmentWithoutRulesLeavesThemAlone(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newRulesFixture(t)
		f.ghMust(http.StatusOK, goodToken, http.MethodPut, "/repos/"+envFullName+"/environments/gated", `{}`)
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, rulesPath("gated"), fmt.Sprintf(`{"integration_id": %d}`, gateApp))
		p := gated()
		p.CustomProtectionRules = nil
		p.WaitTimer = ptr.To[int64](5)
		e := f.environment(s, "gated", p)
		meta := e.GetAnnotations()
		if meta == nil {
			meta = map[string]string{}
		}
		meta["crossplane.io/external-name"] = "gated"
		e.SetAnnotations(meta)
		f.must(kube.Create(f.ctx, e))
		waitReady(f, e)
		environmentsQuiet(f, "adopted")
		for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodDelete} {
			// The fixture's own GET and POST above are by goodToken too:
			// count what came after them.
			want := map[string]int{http.MethodGet: 0, http.MethodPost: 1, http.MethodDelete: 0}[m]
			if n := f.ruleRequests("gated", m); n != want {
				t.Errorf("%d %s requests to the rules, want %d: the spec does not declare them", n, m, want)
			}
		}
		if slugs, _ := f.ghRules("gated"); !slices.Equal(slugs, []string{"deploy-gate"}) {
			t.Errorf("rules on GitHub: %v, want deploy-gate left alone", slugs)
		}
	})
}
