package integration

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// actionsVariableObject is an ActionsVariable of either scope.
type actionsVariableObject = twins.ActionsVariableObject

var actionsVariables = twins.ActionsVariable

// actionsVariable builds, without creating it, an ActionsVariable of
// scope s called name for the variable varName of demo-org/vaulted (the
// secrets' repository), or of its environment env when env is not "".
func (f *fixture) actionsVariable(s scope, name, varName, value, env string) actionsVariableObject {
	f.t.Helper()
	v := actionsVariables.In(s.of)
	p := v.Parameters()
	p.RepositoryTarget = common.RepositoryTarget{Repository: ptr.To(vaultRepo)}
	if env != "" {
		p.Environment = ptr.To(env)
	}
	p.Name, p.Value = varName, value
	return place(f, s, v, name, "github")
}

// ghVariable is the value of GitHub's variable name under path
// ("actions/variables" or "environments/production/variables"); ok false
// when there is none.
func (f *fixture) ghVariable(path, name string) (value string, ok bool) {
	f.t.Helper()
	status, b := f.gh(goodToken, http.MethodGet, storePath(path)+"/"+name, "")
	if status == http.StatusNotFound {
		return "", false
	}
	if status != http.StatusOK {
		f.t.Fatalf("GET variable %s: status %d: %s", name, status, b)
	}
	var out struct {
		Value string `json:"value"`
	}
	f.must(json.Unmarshal(b, &out))
	return out.Value, true
}

// variableHolds says how GitHub's variable differs from value, "" when it
// holds it.
func (f *fixture) variableHolds(path, name, value string) string {
	got, ok := f.ghVariable(path, name)
	switch {
	case !ok:
		return "GitHub has no variable " + name
	case got != value:
		return fmt.Sprintf("GitHub's variable %s is %q, want %q", name, got, value)
	}
	return ""
}

// variableWrites counts the answered writes to demo-org/vaulted's
// variables.
func (f *fixture) variableWrites() int {
	n := 0
	for _, r := range f.emu.Requests() {
		if r.Method != http.MethodGet && strings.Contains(r.Path, "/repos/"+vaultFullName+"/") && strings.Contains(r.Path, "/variables") {
			n++
		}
	}
	return n
}

// An Actions variable, of the repository and of an environment, is
// created with its value (shown in status) and its name as the external
// name; a value changed on GitHub and a variable deleted there are put
// back; a changed spec reaches GitHub; nothing is written poll after poll;
// deleting the resource deletes the variable.
func TestActionsVariableLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newSecretFixture(t)
		repoVar := f.actionsVariable(s, "region", "region", "eu-west-1", "")
		envVar := f.actionsVariable(s, "site", "SITE_URL", "https://prod.example.com\n", "production")
		f.must(kube.Create(f.ctx, repoVar))
		f.must(kube.Create(f.ctx, envVar))
		got := waitReady(f, repoVar)
		if ext := meta.GetExternalName(got); ext != "REGION" {
			t.Errorf("external name %q, want REGION", ext)
		}
		if o := got.Observation(); ptr.Deref(o.Value, "") != "eu-west-1" || ptr.Deref(o.Repository, "") != vaultFullName || o.Environment != nil {
			t.Errorf("status.atProvider %+v", o)
		}
		if o := waitReady(f, envVar).Observation(); ptr.Deref(o.Environment, "") != "production" {
			t.Errorf("status.atProvider.environment %v, want production", o.Environment)
		}
		if msg := f.variableHolds("actions/variables", "REGION", "eu-west-1"); msg != "" {
			t.Error(msg)
		}
		if msg := f.variableHolds("environments/production/variables", "SITE_URL", "https://prod.example.com\n"); msg != "" {
			t.Error(msg)
		}
		if _, ok := f.ghVariable("actions/variables", "SITE_URL"); ok {
			t.Error("the environment variable is also a repository variable")
		}

		f.ghMust(http.StatusNoContent, goodToken, http.MethodPatch, storePath("actions/variables")+"/REGION", `{"value":"us-east-1"}`)
		f.eventually("the value put back", func() string { return f.variableHolds("actions/variables", "REGION", "eu-west-1") })
		f.ghMust(http.StatusNoContent, goodToken, http.MethodDelete, storePath("environments/production/variables")+"/SITE_URL", "")
		f.eventually("the environment variable created again", func() string {
			return f.variableHolds("environments/production/variables", "SITE_URL", "https://prod.example.com\n")
		})
		update(f, repoVar, func(v actionsVariableObject) { v.Parameters().Value = "eu-central-1" })
		f.eventually("the new value on GitHub", func() string { return f.variableHolds("actions/variables", "REGION", "eu-central-1") })

		before := f.variableWrites()
		waitReady(f, repoVar)
		secretsQuiet(f, "variables settled") // waits three polls
		if n := f.variableWrites() - before; n != 0 {
			t.Errorf("%d variable writes in three polls, want none (an update loop)", n)
		}

		f.must(kube.Delete(f.ctx, get(f, repoVar)))
		f.must(kube.Delete(f.ctx, get(f, envVar)))
		f.eventually("variables deleted on GitHub and the resources gone", func() string {
			if _, ok := f.ghVariable("actions/variables", "REGION"); ok {
				return "GitHub still has REGION"
			}
			if _, ok := f.ghVariable("environments/production/variables", "SITE_URL"); ok {
				return "GitHub still has SITE_URL"
			}
			if err := kube.Get(f.ctx, s.key(f, "region"), fresh(repoVar)); !kerrors.IsNotFound(err) {
				return "ActionsVariable still there"
			}
			return ""
		})
	})
}

// A variable that already exists is never taken over: the condition names
// it and says how; with the annotation it is adopted and gets the declared
// value. A name GitHub would refuse is refused at admission.
func TestActionsVariableExistingAndAdmission(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newSecretFixture(t)
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, storePath("actions/variables"), `{"name":"TIER","value":"gold"}`)
		v := f.actionsVariable(s, "tier", "tier", "silver", "")
		f.must(kube.Create(f.ctx, v))
		waitSyncError(f, v, `Actions variable "TIER" of `+vaultFullName+` already exists and this ActionsVariable did not create it`,
			`set the annotation crossplane.io/external-name: "TIER"`)
		if msg := f.variableHolds("actions/variables", "TIER", "gold"); msg != "" {
			t.Errorf("the existing variable was changed: %s", msg)
		}
		update(f, v, func(v actionsVariableObject) { meta.SetExternalName(v, "TIER") })
		waitReady(f, v)
		f.eventually("the adopted variable has the declared value", func() string { return f.variableHolds("actions/variables", "TIER", "silver") })

		for name, want := range map[string]string{"GITHUB_SHA": "must not start with GITHUB_", "my-var": "spec.forProvider.name"} {
			err := kube.Create(f.ctx, f.actionsVariable(s, "bad-"+strings.ToLower(strings.ReplaceAll(name, "_", "-")), name, "x", ""))
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("name %q: want the API server to refuse it saying %q, got: %v", name, want, err)
			}
		}
		// GitHub's 48 KB are bytes: 16,385 snowmen (three bytes each) are
		// far fewer characters than 49,152, and over GitHub's limit.
		err := kube.Create(f.ctx, f.actionsVariable(s, "bad-long", "LONG", strings.Repeat("☃", 16385), ""))
		if want := "value is over 48 KB, GitHub's limit, counted in bytes"; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("a value of 49,155 bytes: want the API server to refuse it saying %q, got: %v", want, err)
		}
	})
}
