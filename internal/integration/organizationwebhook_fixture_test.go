package integration

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// orgWebhookObject is an OrganizationWebhook of either scope.
type orgWebhookObject = twins.OrganizationWebhookObject

// The organization webhooks of these tests belong to demo-org, deliver to
// orgHookURL and are signed with the secret in key "secret" of the Secret
// hookSecret (see setHookSecret).
const (
	orgHooksPath = "/orgs/" + owner + "/hooks"
	orgHookURL   = "https://audit.example.com/github"
)

// orgWebhook builds, without creating it, an OrganizationWebhook of scope
// s called name, with the parameters p; in the cluster scope its secretRef
// names the fixture's namespace.
func (f *fixture) orgWebhook(s scope, name string, p orgcommon.OrganizationWebhookParameters) orgWebhookObject {
	f.t.Helper()
	w := twins.OrganizationWebhook.In(s.of)
	*w.Parameters() = p
	if p.SecretRef != nil && !s.namespaced {
		ref := *p.SecretRef
		ref.Namespace = ptr.To(f.ns)
		w.Parameters().SecretRef = &ref
	}
	return place(f, s, w, name, "github")
}

// auditHook is a webhook of demo-org for its members, teams and pushes,
// signed with the secret in hookSecret.
func auditHook() orgcommon.OrganizationWebhookParameters {
	return orgcommon.OrganizationWebhookParameters{
		OrganizationTarget: orgcommon.OrganizationTarget{Organization: ptr.To(owner)},
		WebhookSettings: common.WebhookSettings{URL: orgHookURL, ContentType: ptr.To("json"),
			SecretRef: &common.SecretKeyRef{Name: hookSecret, Key: "secret"}},
		Events: []orgcommon.OrganizationWebhookEvent{"membership", "team", "push"},
	}
}

// ghOrgHooks lists demo-org's webhooks.
func (f *fixture) ghOrgHooks() []ghHook {
	f.t.Helper()
	var out []ghHook
	f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, orgHooksPath, ""), &out))
	return out
}

// ghCreateOrgHook creates a webhook of demo-org as another tool would, and
// returns its id.
func (f *fixture) ghCreateOrgHook(body string) int64 {
	f.t.Helper()
	var out ghHook
	f.must(json.Unmarshal(f.ghMust(http.StatusCreated, goodToken, http.MethodPost, orgHooksPath, body), &out))
	return out.ID
}

// declaredOrgHook says how demo-org's webhook id differs from auditHook
// with the secret, "" when it does not.
func (f *fixture) declaredOrgHook(id string, secret string) string {
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return "external name " + id + " is not an id"
	}
	for _, h := range f.ghOrgHooks() {
		if h.ID != n {
			continue
		}
		switch got, _ := f.emu.State().OrgHookSecret(owner, n); {
		case h.Config.URL != orgHookURL || h.Config.ContentType != "json" || h.Config.InsecureSSL != "0" || !h.Active:
			return fmt.Sprintf("config %+v, active %t", h.Config, h.Active)
		case !slices.Equal(h.Events, []string{"membership", "push", "team"}):
			return fmt.Sprintf("events %v", h.Events)
		case got != secret:
			return "GitHub does not have the declared secret"
		}
		return ""
	}
	return "no webhook " + id
}

// orgHookTraffic counts the answered writes to demo-org's webhooks.
func (f *fixture) orgHookTraffic() (writes int) {
	for _, r := range f.emu.Requests() {
		// The path as the emulator records it, after the API's prefix.
		if r.Method != http.MethodGet && strings.Contains(r.Path, orgHooksPath) {
			writes++
		}
	}
	return writes
}

// orgHooksQuiet fails when demo-org's webhooks are written, or idle polls
// cost rate-limit points, once the reads after a change have passed (see
// idleQuiet).
func orgHooksQuiet(t *testing.T, f *fixture, what string) {
	t.Helper()
	idleQuiet(t, f, what, f.orgHookTraffic)
}
