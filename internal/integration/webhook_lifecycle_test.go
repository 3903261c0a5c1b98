package integration

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	corev1 "k8s.io/api/core/v1"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// declaredHook says how GitHub's webhook id differs from ciHook with the
// secret, "" when it does not.
func (f *fixture) declaredHook(id string, secret string) string {
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return "external name " + id + " is not an id"
	}
	for _, h := range f.ghHooks() {
		if h.ID != n {
			continue
		}
		switch got, _ := f.emu.State().HookSecret(owner, hookRepo, n); {
		case h.Config.URL != hookURL || h.Config.ContentType != "json" || h.Config.InsecureSSL != "0" || !h.Active:
			return fmt.Sprintf("config %+v, active %t", h.Config, h.Active)
		case !slices.Equal(h.Events, []string{"pull_request", "push"}):
			return fmt.Sprintf("events %v", h.Events)
		case got != secret:
			return "GitHub does not have the declared secret"
		}
		return ""
	}
	return "no webhook " + id
}

// A webhook is created with its secret, the id GitHub assigns as its
// external name and a hash (never the value) of the secret in its status;
// it is not written again poll after poll; whatever is changed on GitHub
// (events, the active switch, the secret removed) is put back; a webhook
// deleted on GitHub is created again; and deleting the resource deletes
// the webhook.
func TestWebhookLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newWebhookFixture(t)
		f.setHookSecret("first-secret")
		w := f.webhook(s, "ci", ciHook())
		f.must(kube.Create(f.ctx, w))
		got := waitReady(f, w)

		id := meta.GetExternalName(got)
		if msg := f.declaredHook(id, "first-secret"); msg != "" {
			t.Errorf("webhook on GitHub: %s", msg)
		}
		o := got.Observation()
		if fmt.Sprint(ptr.Deref(o.ID, 0)) != id || ptr.Deref(o.Repository, "") != hookFullName || !ptr.Deref(o.HasSecret, false) || o.CreatedAt == nil {
			t.Errorf("status.atProvider: %+v, want id %s in %s with a secret", o, id, hookFullName)
		}
		hooksQuiet(f, "created")
		if h := get(f, w).Observation().AppliedSecretHash; h == nil || !strings.HasPrefix(*h, "hmac-sha256:") {
			t.Errorf("status.atProvider.appliedSecretHash %v, want the applied secret's hash", h)
		}

		// Changed on GitHub, the secret removed with a config without it.
		f.ghMust(http.StatusOK, goodToken, http.MethodPatch, "/repos/"+hookFullName+"/hooks/"+id,
			`{"active": false, "events": ["issues"], "config": {"url": "`+hookURL+`", "content_type": "form"}}`)
		f.eventually("webhook put back as declared, with its secret", func() string { return f.declaredHook(id, "first-secret") })
		hooksQuiet(f, "drift corrected")

		// Deleted on GitHub: created again, under a new id, with the secret.
		f.ghMust(http.StatusNoContent, goodToken, http.MethodDelete, "/repos/"+hookFullName+"/hooks/"+id, "")
		f.eventually("webhook created again", func() string {
			newID := meta.GetExternalName(get(f, w))
			if newID == id {
				return "external name still " + id
			}
			return f.declaredHook(newID, "first-secret")
		})
		if n := len(f.ghHooks()); n != 1 {
			t.Errorf("%d webhooks on GitHub, want 1", n)
		}
		// The second create's event (one Event counted twice) comes after
		// the events of the re-create.
		f.waitEventThat(w, "a second CreatedExternalResource event", func(e corev1.Event) bool {
			return e.Reason == "CreatedExternalResource" && e.Count >= 2
		})
		noSecretIn(f, w, "first-secret")

		f.must(kube.Delete(f.ctx, get(f, w)))
		f.eventually("webhook deleted on GitHub and the resource gone", func() string {
			if l := f.ghHooks(); len(l) != 0 {
				return fmt.Sprintf("webhooks on GitHub: %+v", l)
			}
			if err := kube.Get(f.ctx, s.key(f, "ci"), fresh(w)); !kerrors.IsNotFound(err) {
				return "Webhook still there"
			}
			return ""
		})
	})
}

// A change of the Secret reaches GitHub at once, not at the next poll (the
// Webhook's poll interval here is an hour): the Secret is watched. The new
// value never shows in the resource or its events.
func TestWebhookSecretRotation(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newWebhookFixture(t)
		f.setHookSecret("before-rotation")
		w := f.webhook(s, "rotated", ciHook())
		meta.AddAnnotations(w, map[string]string{meta.AnnotationKeyPollInterval: "1h"})
		f.must(kube.Create(f.ctx, w))
		got := waitReady(f, w)
		id := meta.GetExternalName(got)
		f.eventually("status has the applied secret's hash", func() string {
			if get(f, w).Observation().AppliedSecretHash == nil {
				return "no appliedSecretHash"
			}
			return ""
		})
		before := *get(f, w).Observation().AppliedSecretHash

		f.setHookSecret("after-rotation")
		start := time.Now()
		f.eventually("GitHub has the new secret", func() string { return f.declaredHook(id, "after-rotation") })
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("the new secret took %s to reach GitHub: the Secret is not watched", d)
		}
		f.eventually("status has the new secret's hash", func() string {
			if h := get(f, w).Observation().AppliedSecretHash; h == nil || *h == before {
				return "appliedSecretHash unchanged"
			}
			return ""
		})
		hooksQuiet(f, "secret rotated")
		// The rotation's update event comes after the events of the update.
		f.waitEvent(w, "UpdatedExternalResource")
		noSecretIn(f, w, "before-rotation", "after-rotation")
	})
}

// An existing webhook is never taken over: the resource names it and says
// how to adopt it, and nothing is created. With the external-name
// annotation it is adopted and brought to the spec, its secret included.
func TestWebhookURLTakenThenAdopted(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newWebhookFixture(t)
		f.setHookSecret("adopted-secret")
		id := f.ghCreateHook(`{"events": ["push"], "config": {"url": "` + hookURL + `"}}`)
		w := f.webhook(s, "ci", ciHook())
		f.must(kube.Create(f.ctx, w))
		waitSyncError(f, w, fmt.Sprintf("%s already has a webhook for %s (id %d)", hookFullName, hookURL, id),
			fmt.Sprintf(`set the annotation crossplane.io/external-name: "%d"`, id))
		if l := f.ghHooks(); len(l) != 1 || l[0].ID != id || l[0].Config.ContentType != "form" {
			t.Errorf("webhooks on GitHub: %+v, want only the one that was there, unchanged", l)
		}

		update(f, w, func(w webhookObject) { meta.SetExternalName(w, fmt.Sprint(id)) })
		waitReady(f, w)
		f.eventually("adopted webhook as declared", func() string { return f.declaredHook(fmt.Sprint(id), "adopted-secret") })
		if n := len(f.ghHooks()); n != 1 {
			t.Errorf("%d webhooks on GitHub, want 1", n)
		}
		hooksQuiet(f, "adopted")
	})
}

// A create interrupted after GitHub made the webhook (the provider stopped
// before the id was saved) leaves no second webhook: the one created since
// the create began, with the declared settings, is found by its URL.
func TestWebhookInterruptedCreateRecovered(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newWebhookFixture(t)
		f.setHookSecret("recovered-secret")
		began := time.Now()
		id := f.ghCreateHook(`{"events": ["pull_request", "push"], "config": {"url": "` + hookURL + `", "content_type": "json", "secret": "recovered-secret"}}`)
		w := f.webhook(s, "ci", ciHook())
		meta.SetExternalCreatePending(w, began)
		f.must(kube.Create(f.ctx, w))
		got := waitReady(f, w)
		if ext := meta.GetExternalName(got); ext != fmt.Sprint(id) {
			t.Errorf("external name %q, want the id %d of the webhook the interrupted create made", ext, id)
		}
		if n := len(f.ghHooks()); n != 1 {
			t.Errorf("%d webhooks on GitHub, want 1", n)
		}
		f.waitEvent(got, "RecoveredInterruptedCreate", fmt.Sprintf("webhook %d", id))
	})
}

// A webhook without a secretRef has no secret: one set on GitHub is
// removed, and none is recorded.
func TestWebhookWithoutSecret(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newWebhookFixture(t)
		p := ciHook()
		p.SecretRef = nil
		p.Events = []common.WebhookEvent{"*"}
		w := f.webhook(s, "open", p)
		f.must(kube.Create(f.ctx, w))
		got := waitReady(f, w)
		id := meta.GetExternalName(got)
		f.ghMust(http.StatusOK, goodToken, http.MethodPatch, "/repos/"+hookFullName+"/hooks/"+id,
			`{"config": {"url": "`+hookURL+`", "content_type": "json", "secret": "sneaked-in"}}`)
		f.eventually("the secret set on GitHub removed", func() string {
			n, _ := strconv.ParseInt(id, 10, 64)
			if s, _ := f.emu.State().HookSecret(owner, hookRepo, n); s != "" {
				return "GitHub still has a secret"
			}
			return ""
		})
		f.eventually("status without a secret or a hash", func() string {
			if h := get(f, w).Observation(); h.AppliedSecretHash != nil || ptr.Deref(h.HasSecret, true) {
				return fmt.Sprintf("hasSecret %v, appliedSecretHash %v", ptr.Deref(h.HasSecret, true), h.AppliedSecretHash)
			}
			return ""
		})
		hooksQuiet(f, "no secret")
	})
}
