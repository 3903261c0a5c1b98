package integration

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// A Repository declaring secret scanning off, attached to an enforced code
// security configuration that turns it on, is reported, not fought over:
// Ready, the configuration in status and the Ready message, and neither
// writes nor reads of the configuration poll after poll.
func TestRepositoryEnforcedByCodeSecurityConfiguration(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.create(s, "held", common.RepositoryParameters{Visibility: ptr.To("public"),
			SecurityAndAnalysis: &common.SecurityAndAnalysis{SecretScanning: ptr.To(false)}})
		got := f.waitReady(s, "held")

		path := "/repos/" + owner + "/held"
		var repo, cfg struct {
			ID int64 `json:"id"`
		}
		f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, path, ""), &repo))
		configs := "/orgs/" + owner + "/code-security/configurations"
		f.must(json.Unmarshal(f.ghMust(http.StatusCreated, goodToken, http.MethodPost, configs,
			`{"name":"strict","secret_scanning":"enabled","enforcement":"enforced"}`), &cfg))
		f.ghMust(http.StatusAccepted, goodToken, http.MethodPost, fmt.Sprintf("%s/%d/attach", configs, cfg.ID),
			fmt.Sprintf(`{"scope":"selected","selected_repository_ids":[%d]}`, repo.ID))
		f.must(f.emu.State().FinishCodeSecurityAttachments(owner))
		// GitHub applies the configuration: secret scanning on.
		f.ghMust(http.StatusOK, goodToken, http.MethodPatch, path, `{"security_and_analysis":{"secret_scanning":{"status":"enabled"}}}`)

		f.eventually("the configuration reported in status and the Ready message", func() string {
			o := get(f, got)
			e := o.Observation().SecurityEnforcedBy
			if e == nil || e.Name != "strict" || e.ID != cfg.ID || strings.Join(e.Fields, ",") != "securityAndAnalysis.secretScanning" {
				return fmt.Sprintf("status.atProvider.securityEnforcedBy = %+v", e)
			}
			if c := o.GetCondition(xpv2.TypeReady); c.Status != "True" || !strings.Contains(c.Message, `"strict"`) {
				return fmt.Sprintf("Ready = %s: %q", c.Status, c.Message)
			}
			return ""
		})

		count := func() (patches, reads int) {
			for _, q := range f.emu.Requests() {
				switch {
				case q.Method == http.MethodPatch && strings.HasSuffix(q.Path, path):
					patches++
				case q.Method == http.MethodGet && strings.HasSuffix(q.Path, path+"/code-security-configuration"):
					reads++
				}
			}
			return patches, reads
		}
		p0, r0 := count()
		time.Sleep(3 * pollInterval)
		p1, r1 := count()
		if p1 != p0 || r1 != r0 {
			t.Errorf("in 3 polls: %d PATCHes of %s and %d reads of its configuration, want none (the configuration holds the feature)", p1-p0, path, r1-r0)
		}
		// Over the whole test the provider never tried to turn it off.
		for _, q := range f.emu.Requests() {
			if q.Method == http.MethodPatch && strings.HasSuffix(q.Path, path) && q.Status == http.StatusUnprocessableEntity {
				t.Errorf("PATCH %s refused by the enforced configuration: the provider fought it", path)
			}
		}
		if s := mustRepo(f, "held").SecretScanning; s != "enabled" {
			t.Errorf("secret scanning on GitHub: %s, want enabled", s)
		}
	})
}
