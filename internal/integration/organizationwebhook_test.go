package integration

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	corev1 "k8s.io/api/core/v1"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// An organization's webhook is created with its secret, the id GitHub
// assigns as its external name and a hash (never the value) of the secret
// in its status; idle, it is not written again and its polls cost no
// rate-limit points; every field changed on GitHub, and the secret
// removed, is put back; a webhook deleted on GitHub is created again; and
// deleting the resource deletes the webhook.
func TestOrganizationWebhookLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.setHookSecret("first-secret")
		w := f.orgWebhook(s, "audit", auditHook())
		f.must(kube.Create(f.ctx, w))
		got := waitReady(f, w)

		id := meta.GetExternalName(got)
		if msg := f.declaredOrgHook(id, "first-secret"); msg != "" {
			t.Errorf("webhook on GitHub: %s", msg)
		}
		o := got.Observation()
		if fmt.Sprint(ptr.Deref(o.ID, 0)) != id || ptr.Deref(o.Organization, "") != owner || !ptr.Deref(o.HasSecret, false) || o.CreatedAt == nil {
			t.Errorf("status.atProvider: %+v, want id %s of %s with a secret", o, id, owner)
		}
		orgHooksQuiet(t, f, "created")
		if h := get(f, w).Observation().AppliedSecretHash; h == nil || !strings.HasPrefix(*h, "hmac-sha256:") {
			t.Errorf("status.atProvider.appliedSecretHash %v, want the applied secret's hash", h)
		}

		// Every field changed on GitHub, the secret removed with a config
		// without it.
		f.ghMust(http.StatusOK, goodToken, http.MethodPatch, orgHooksPath+"/"+id,
			`{"active": false, "events": ["organization"], "config": {"url": "https://elsewhere.example.com", "content_type": "form", "insecure_ssl": "1"}}`)
		f.eventually("webhook put back as declared, with its secret", func() string { return f.declaredOrgHook(id, "first-secret") })
		if w := f.orgHookTraffic(); w < 2 {
			t.Errorf("%d writes to the webhooks seen, want the create, the change and its correction: orgHookTraffic counts nothing", w)
		}
		orgHooksQuiet(t, f, "drift corrected")

		// The secret changed on GitHub through the config endpoint cannot
		// be seen (GitHub never shows it); the content type changed there
		// is put back.
		f.ghMust(http.StatusOK, goodToken, http.MethodPatch, orgHooksPath+"/"+id+"/config", `{"content_type": "form"}`)
		f.eventually("content type put back", func() string { return f.declaredOrgHook(id, "first-secret") })

		// Deleted on GitHub: created again, under a new id, with the secret.
		f.ghMust(http.StatusNoContent, goodToken, http.MethodDelete, orgHooksPath+"/"+id, "")
		f.eventually("webhook created again", func() string {
			newID := meta.GetExternalName(get(f, w))
			if newID == id {
				return "external name still " + id
			}
			return f.declaredOrgHook(newID, "first-secret")
		})
		if n := len(f.ghOrgHooks()); n != 1 {
			t.Errorf("%d webhooks on GitHub, want 1", n)
		}
		f.waitEventThat(w, "a second CreatedExternalResource event", func(e corev1.Event) bool {
			return e.Reason == "CreatedExternalResource" && e.Count >= 2
		})
		noSecretIn(f, w, "first-secret")

		f.must(kube.Delete(f.ctx, get(f, w)))
		f.eventually("webhook deleted on GitHub and the resource gone", func() string {
			if l := f.ghOrgHooks(); len(l) != 0 {
				return fmt.Sprintf("webhooks on GitHub: %+v", l)
			}
			if err := kube.Get(f.ctx, s.key(f, "audit"), fresh(w)); !kerrors.IsNotFound(err) {
				return "OrganizationWebhook still there"
			}
			return ""
		})
	})
}

// A change of the Secret reaches GitHub at once, not at the next poll (the
// poll interval here is an hour): the Secret is watched. The new value
// never shows in the resource or its events.
func TestOrganizationWebhookSecretRotation(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.setHookSecret("before-rotation")
		w := f.orgWebhook(s, "rotated", auditHook())
		meta.AddAnnotations(w, map[string]string{meta.AnnotationKeyPollInterval: "1h"})
		f.must(kube.Create(f.ctx, w))
		id := meta.GetExternalName(waitReady(f, w))
		f.eventually("status has the applied secret's hash", func() string {
			if get(f, w).Observation().AppliedSecretHash == nil {
				return "no appliedSecretHash"
			}
			return ""
		})

		f.setHookSecret("after-rotation")
		start := time.Now()
		f.eventually("GitHub has the new secret", func() string { return f.declaredOrgHook(id, "after-rotation") })
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("the new secret took %s to reach GitHub: the Secret is not watched", d)
		}
		f.waitEvent(w, "UpdatedExternalResource")
		noSecretIn(f, w, "before-rotation", "after-rotation")
	})
}

// An existing webhook of the organization is never taken over: the
// resource names it and says how to adopt it, and nothing is created.
// With the external-name annotation it is adopted and brought to the
// spec, its secret included.
func TestOrganizationWebhookURLTakenThenAdopted(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.setHookSecret("adopted-secret")
		id := f.ghCreateOrgHook(`{"name": "web", "events": ["push"], "config": {"url": "` + orgHookURL + `"}}`)
		w := f.orgWebhook(s, "audit", auditHook())
		f.must(kube.Create(f.ctx, w))
		waitSyncError(f, w, fmt.Sprintf("%s already has a webhook for %s (id %d), which this OrganizationWebhook did not create", owner, orgHookURL, id),
			fmt.Sprintf(`set the annotation crossplane.io/external-name: "%d"`, id))
		if l := f.ghOrgHooks(); len(l) != 1 || l[0].ID != id || l[0].Config.ContentType != "form" {
			t.Errorf("webhooks on GitHub: %+v, want only the one that was there, unchanged", l)
		}

		update(f, w, func(w orgWebhookObject) { meta.SetExternalName(w, fmt.Sprint(id)) })
		waitReady(f, w)
		f.eventually("adopted webhook as declared", func() string { return f.declaredOrgHook(fmt.Sprint(id), "adopted-secret") })
		if n := len(f.ghOrgHooks()); n != 1 {
			t.Errorf("%d webhooks on GitHub, want 1", n)
		}
	})
}

// A create interrupted after GitHub made the webhook leaves no second
// webhook: the one created since the create began, with the declared
// settings, is found by its URL.
func TestOrganizationWebhookInterruptedCreateRecovered(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.setHookSecret("recovered-secret")
		began := time.Now()
		id := f.ghCreateOrgHook(`{"name": "web", "events": ["membership", "push", "team"], "config": {"url": "` + orgHookURL + `", "content_type": "json", "secret": "recovered-secret"}}`)
		w := f.orgWebhook(s, "audit", auditHook())
		meta.SetExternalCreatePending(w, began)
		f.must(kube.Create(f.ctx, w))
		got := waitReady(f, w)
		if ext := meta.GetExternalName(got); ext != fmt.Sprint(id) {
			t.Errorf("external name %q, want the id %d of the webhook the interrupted create made", ext, id)
		}
		if n := len(f.ghOrgHooks()); n != 1 {
			t.Errorf("%d webhooks on GitHub, want 1", n)
		}
		f.waitEvent(got, "RecoveredInterruptedCreate", fmt.Sprintf("webhook %d", id))
	})
}

// Credentials that are not an owner of the organization (here: of a user
// outside it) get GitHub's 404, which the condition explains; nothing is
// created.
func TestOrganizationWebhookNotAnOwner(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.setHookSecret("x")
		f.secret("outsider", map[string][]byte{"token": []byte("other-token")})
		f.providerConfigs("outsider", "outsider", "token")
		w := twins.OrganizationWebhook.In(s.of)
		*w.Parameters() = auditHook()
		if !s.namespaced {
			w.Parameters().SecretRef.Namespace = ptr.To(f.ns)
		}
		w = place(f, s, w, "outsider", "outsider")
		f.must(kube.Create(f.ctx, w))
		waitSyncError(f, w, "cannot find organization demo-org, or the credentials are not its owner")
		if n := len(f.ghOrgHooks()); n != 0 {
			t.Errorf("%d webhooks on GitHub, want none", n)
		}
	})
}

// A webhook without a secretRef has no secret: one set on GitHub is
// removed.
func TestOrganizationWebhookWithoutSecret(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		p := auditHook()
		p.SecretRef = nil
		p.Events = []orgcommon.OrganizationWebhookEvent{"*"}
		w := f.orgWebhook(s, "open", p)
		f.must(kube.Create(f.ctx, w))
		id := meta.GetExternalName(waitReady(f, w))
		f.ghMust(http.StatusOK, goodToken, http.MethodPatch, orgHooksPath+"/"+id+"/config", `{"secret": "sneaked-in"}`)
		f.eventually("the secret set on GitHub removed", func() string {
			n, _ := strconv.ParseInt(id, 10, 64)
			if s, _ := f.emu.State().OrgHookSecret(owner, n); s != "" {
				return "GitHub still has a secret"
			}
			return ""
		})
	})
}
