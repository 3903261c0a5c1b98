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

		// Quiet: no write, and the configuration read no more than the
		// repository itself (the drift check): conditionally (a free 304)
		// when the verdict is confirmed, in full only with a full read of
		// the repository.
		type tally struct{ patches, repoReads, repoFull, configReads, configFull int }
		count := func() tally {
			var c tally
			for _, q := range f.emu.Requests() {
				switch {
				case q.Method == http.MethodPatch && strings.HasSuffix(q.Path, path):
					c.patches++
				case q.Method == http.MethodGet && strings.HasSuffix(q.Path, path):
					c.repoReads++
					if q.Status == http.StatusOK {
						c.repoFull++
					}
				case q.Method == http.MethodGet && strings.HasSuffix(q.Path, path+"/code-security-configuration"):
					c.configReads++
					if q.Status == http.StatusOK {
						c.configFull++
					}
				}
			}
			return c
		}
		c0 := count()
		time.Sleep(3 * pollInterval)
		c1 := count()
		if n := c1.patches - c0.patches; n != 0 {
			t.Errorf("%d PATCHes of %s in 3 polls, want none (the configuration holds the feature)", n, path)
		}
		if reads, repo := c1.configReads-c0.configReads, c1.repoReads-c0.repoReads; reads > repo {
			t.Errorf("in 3 polls %d reads of the configuration, more than the %d of the repository", reads, repo)
		}
		if full, repo := c1.configFull-c0.configFull, c1.repoFull-c0.repoFull; full > repo {
			t.Errorf("in 3 polls %d full reads of the configuration, more than the %d of the repository", full, repo)
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
