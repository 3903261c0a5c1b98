package integration

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// An Actions secret is written with the value of its Secret, sealed with
// the repository's public key (the emulator opens it); its name is the
// external name and a hash of the value (never the value) is in its
// status; it is not written again poll after poll; a value written on
// GitHub by someone else, or a secret deleted there, gets the declared
// value back; and deleting the resource deletes the secret.
func TestActionsSecretLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newSecretFixture(t)
		f.setSecretValue("first-value-of-the-token")
		a := f.actionsSecret(s, "deploy", "deploy_token", "")
		f.must(kube.Create(f.ctx, a))
		got := waitReady(f, a)
		if ext := meta.GetExternalName(got); ext != "DEPLOY_TOKEN" {
			t.Errorf("external name %q, want DEPLOY_TOKEN", ext)
		}
		if msg := f.holds("actions/secrets", "DEPLOY_TOKEN", "first-value-of-the-token"); msg != "" {
			t.Error(msg)
		}
		f.eventually("status with the hash and time of the write", func() string {
			o := get(f, a).Observation()
			if h := ptr.Deref(o.AppliedValueHash, ""); !strings.HasPrefix(h, "hmac-sha256:") || o.AppliedAt == nil || ptr.Deref(o.Repository, "") != vaultFullName || o.Environment != nil {
				return fmt.Sprintf("status.atProvider %+v", o)
			}
			return ""
		})
		secretsQuiet(f, "created")

		// Written on GitHub by someone else: the declared value is put back.
		time.Sleep(time.Second) // GitHub's times are seconds: the other write must be later
		f.ghPutSecret("actions/secrets", "DEPLOY_TOKEN", "someone-elses-value")
		f.eventually("the declared value put back", func() string {
			return f.holds("actions/secrets", "DEPLOY_TOKEN", "first-value-of-the-token")
		})
		secretsQuiet(f, "written outside and put back")

		// Deleted on GitHub: written again.
		f.ghMust(http.StatusNoContent, goodToken, http.MethodDelete, storePath("actions/secrets")+"/DEPLOY_TOKEN", "")
		f.eventually("the secret written again", func() string {
			return f.holds("actions/secrets", "DEPLOY_TOKEN", "first-value-of-the-token")
		})
		secretsQuiet(f, "written again")
		noSecretIn(f, a, "first-value-of-the-token", "someone-elses-value")

		f.must(kube.Delete(f.ctx, get(f, a)))
		f.eventually("secret deleted on GitHub and the resource gone", func() string {
			if _, ok := f.plaintext("actions/secrets", "DEPLOY_TOKEN"); ok {
				return "GitHub still has DEPLOY_TOKEN"
			}
			if err := kube.Get(f.ctx, s.key(f, "deploy"), fresh(a)); !kerrors.IsNotFound(err) {
				return "ActionsSecret still there"
			}
			return ""
		})
	})
}

// A change of the Secret reaches GitHub at once, not at the next poll (the
// poll interval here is an hour): the Secret is watched. The same for an
// environment secret and a Dependabot secret, each in its own store.
func TestSecretRotation(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newSecretFixture(t)
		f.setSecretValue("before-rotation-value")
		env := f.actionsSecret(s, "env", "ENV_TOKEN", "production")
		dep := f.dependabotSecret(s, "dep", "NPM_TOKEN")
		for _, mg := range []interface{ SetAnnotations(map[string]string) }{env, dep} {
			mg.SetAnnotations(map[string]string{meta.AnnotationKeyPollInterval: "1h"})
		}
		f.must(kube.Create(f.ctx, env))
		f.must(kube.Create(f.ctx, dep))
		if o := waitReady(f, env).Observation(); ptr.Deref(o.Environment, "") != "production" {
			t.Errorf("status.atProvider.environment %v, want production", o.Environment)
		}
		waitReady(f, dep)
		if msg := f.holds("environments/production/secrets", "ENV_TOKEN", "before-rotation-value"); msg != "" {
			t.Error(msg)
		}
		if msg := f.holds("dependabot/secrets", "NPM_TOKEN", "before-rotation-value"); msg != "" {
			t.Error(msg)
		}
		if _, ok := f.plaintext("actions/secrets", "ENV_TOKEN"); ok {
			t.Error("the environment secret is also a repository secret")
		}

		f.setSecretValue("after-rotation-value")
		start := time.Now()
		f.eventually("GitHub has the new values", func() string {
			if msg := f.holds("environments/production/secrets", "ENV_TOKEN", "after-rotation-value"); msg != "" {
				return msg
			}
			return f.holds("dependabot/secrets", "NPM_TOKEN", "after-rotation-value")
		})
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("the new value took %s to reach GitHub: the Secret is not watched", d)
		}
		secretsQuiet(f, "rotated")
		noSecretIn(f, env, "before-rotation-value", "after-rotation-value")
		noSecretIn(f, dep, "before-rotation-value", "after-rotation-value")
	})
}

// A secret that already exists is never overwritten: the condition names
// it and says how to adopt it. With the external-name annotation it is
// adopted and gets the declared value.
func TestSecretExistingThenAdopted(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newSecretFixture(t)
		f.setSecretValue("declared-value")
		f.ghPutSecret("actions/secrets", "EXISTING", "value-set-by-hand")
		a := f.actionsSecret(s, "existing", "existing", "")
		f.must(kube.Create(f.ctx, a))
		waitSyncError(f, a, `Actions secret "EXISTING" of `+vaultFullName+` already exists and this ActionsSecret did not create it`,
			`set the annotation crossplane.io/external-name: "EXISTING"`)
		if msg := f.holds("actions/secrets", "EXISTING", "value-set-by-hand"); msg != "" {
			t.Errorf("the existing secret was changed: %s", msg)
		}
		update(f, a, func(a actionsSecretObject) { meta.SetExternalName(a, "EXISTING") })
		waitReady(f, a)
		f.eventually("the adopted secret holds the declared value", func() string {
			return f.holds("actions/secrets", "EXISTING", "declared-value")
		})
		secretsQuiet(f, "adopted")
	})
}

// A Secret or key that is missing is named in the condition, with what to
// do; once it is there the secret is written.
func TestSecretValueMissing(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newSecretFixture(t)
		d := f.dependabotSecret(s, "missing", "LATE")
		f.must(kube.Create(f.ctx, d))
		waitSyncError(f, d, fmt.Sprintf("Secret %s/%s named by spec.forProvider.valueSecretRef does not exist", f.ns, valueSecret), `create it with the key "value"`)
		f.secret(valueSecret, map[string][]byte{"other": []byte("x")})
		waitSyncError(f, d, fmt.Sprintf(`Secret %s/%s has no key "value"`, f.ns, valueSecret))
		f.setSecretValue("arrived-late-value")
		waitReady(f, d)
		if msg := f.holds("dependabot/secrets", "LATE", "arrived-late-value"); msg != "" {
			t.Error(msg)
		}
	})
}

// Names GitHub would refuse, a secret moved to or from an environment, a
// renamed secret and a cluster-scoped secret without the Secret's
// namespace are refused at admission, with what is allowed.
func TestSecretAdmission(t *testing.T) {
	cases := map[string]struct {
		name   string
		change func(f *fixture, s scope, p *common.ActionsSecretParameters)
		want   string
	}{
		"GitHubPrefix": {name: "github_token", want: "name must not start with GITHUB_"},
		"LeadingDigit": {name: "1TOKEN", want: "spec.forProvider.name"},
		"Dash":         {name: "DEPLOY-TOKEN", want: "spec.forProvider.name"},
		"EnvironmentTwice": {name: "TOKEN", change: func(_ *fixture, _ scope, p *common.ActionsSecretParameters) {
			p.Environment = ptr.To("production")
			p.EnvironmentRef = &xpv2.Reference{Name: "production"}
		}, want: "set at most one of environment and environmentRef/environmentSelector"},
		"NoNamespace": {name: "TOKEN", change: func(_ *fixture, s scope, p *common.ActionsSecretParameters) {
			if s.namespaced {
				p.ValueSecretRef.Namespace = ptr.To("other")
			} else {
				p.ValueSecretRef.Namespace = nil
			}
		}, want: "valueSecretRef.namespace"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newFixture(t)
				a := f.actionsSecret(s, "refused", tc.name, "")
				if tc.change != nil {
					tc.change(f, s, a.Parameters())
				}
				err := kube.Create(f.ctx, a)
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("want the API server to refuse it saying %q, got: %v", tc.want, err)
				}
			})
		})
	}
	immutable := map[string]struct {
		change func(p *common.ActionsSecretParameters)
		want   string
	}{
		"Renamed":         {change: func(p *common.ActionsSecretParameters) { p.Name = "OTHER" }, want: "name cannot be changed"},
		"ToEnvironment":   {change: func(p *common.ActionsSecretParameters) { p.Environment = ptr.To("production") }, want: "cannot move between the repository and one of its environments"},
		"OtherRepository": {change: func(p *common.ActionsSecretParameters) { p.Repository = ptr.To("elsewhere") }, want: "repository and owner cannot be changed"},
	}
	for name, tc := range immutable {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newFixture(t)
				a := f.actionsSecret(s, "fixed", "TOKEN", "")
				a.SetAnnotations(map[string]string{meta.AnnotationKeyReconciliationPaused: "true"})
				f.must(kube.Create(f.ctx, a))
				var err error
				for range 20 { // retry while the controller writes the object too
					a = get(f, a)
					tc.change(a.Parameters())
					if err = kube.Update(f.ctx, a); !kerrors.IsConflict(err) {
						break
					}
				}
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("want the API server to refuse the change saying %q, got: %v", tc.want, err)
				}
			})
		})
	}
}
