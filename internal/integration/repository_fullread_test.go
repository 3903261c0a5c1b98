package integration

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// GitHub's repository ETag reportedly ignores merge settings, so a
// conditional read answers 304 over such drift. The full-read planner reads
// every repository unconditionally from time to time (with this harness's
// 2s poll and a handful of repositories, every few seconds) and so still
// corrects it.
func TestMergeSettingDriftHiddenByTheETagIsCorrected(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		// A clock that stands still keeps updated_at, and with it the
		// ETag, from moving when the setting changes.
		now := time.Now()
		f := newFixtureWith(t, emulator.Options{Now: func() time.Time { return now }})
		f.emu.SetConfig(emulator.Config{ETagIgnoresMergeSettings: true})
		f.create(s, "merges", common.RepositoryParameters{AllowSquashMerge: ptr.To(true), AllowRebaseMerge: ptr.To(true)})
		f.waitReady(s, "merges")
		// The provider reads conditionally by now (the observation right
		// after the create is GitHub's answer to it, no read at all).
		f.eventually("a conditional read of the repository answered 304", func() string {
			for _, r := range f.emu.Requests() {
				if r.Endpoint == "GET /repos/{owner}/{repo}" && r.Status == http.StatusNotModified {
					return ""
				}
			}
			return "no 304 yet"
		})

		etag := f.etag("merges")
		f.must(f.emu.State().SetField(owner, "merges", "allow_squash_merge", false))
		f.must(f.emu.State().SetField(owner, "merges", "allow_rebase_merge", false))
		if f.etag("merges") != etag {
			t.Fatalf("the emulator's ETag changed with the merge settings: the test would not test the full reads")
		}

		f.eventually("merge settings back at their declared values", func() string {
			r := mustRepo(f, "merges")
			if !r.AllowSquashMerge || !r.AllowRebaseMerge {
				return "allow_squash_merge or allow_rebase_merge still false"
			}
			return ""
		})
		if n := metricValue(t, "github_full_reads_total", "demo-user"); n < 1 {
			t.Errorf("github_full_reads_total{login=demo-user} = %v, want at least 1", n)
		}
	})
}

// metricValue sums the series of a GitHub client metric for a login, and
// fails the test when a label carries the token.
func metricValue(t *testing.T, name, login string) float64 {
	t.Helper()
	reg := prometheus.NewRegistry()
	reg.MustRegister(ghMetrics.Collectors()...)
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for _, mf := range families {
		for _, m := range mf.GetMetric() {
			for _, l := range m.GetLabel() {
				if strings.Contains(l.GetValue(), goodToken) {
					t.Errorf("metric %s has the token in label %s", mf.GetName(), l.GetName())
				}
				if mf.GetName() == name && l.GetName() == "login" && l.GetValue() == login {
					sum += m.GetCounter().GetValue() + m.GetGauge().GetValue()
				}
			}
		}
	}
	return sum
}

// etag is the ETag GitHub answers for the repository now.
func (f *fixture) etag(name string) string {
	f.t.Helper()
	req, err := http.NewRequestWithContext(f.ctx, http.MethodGet, f.srv.URL+"/repos/"+owner+"/"+name, nil)
	f.must(err)
	req.Header.Set("Authorization", "token "+goodToken)
	resp, err := f.srv.Client().Do(req)
	f.must(err)
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		f.t.Fatalf("GET %s: %s", req.URL, resp.Status)
	}
	return resp.Header.Get("ETag")
}
