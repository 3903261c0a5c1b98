package integration

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/transport"
)

// GitHub's repository ETag leaves out the merge settings, and the
// emulator's does by default: a conditional read answers 304 over such
// drift. The full-read planner reads every repository unconditionally once
// a full-read interval (with this harness's 2s poll and least interval,
// GitHub's 5,000 points an hour and the default budget, 3.6s for the
// fixture's one repository; an hour by default) and so sets the drift back
// within that interval, every poll before it a free 304.
func TestMergeSettingDriftHiddenByTheETagIsCorrected(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
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

		interval, ok := transport.FullReadInterval(0, transport.DefaultFullReadBudget, 1, fullReadInterval, pollInterval)
		if !ok {
			t.Fatal("no full reads at the default budget")
		}
		// Each attempt changes the settings right after a full read, so
		// that the next is an interval away and a poll between them meets
		// the hidden drift. A busy machine can make the change itself late
		// enough that the next read is already the full one: that attempt
		// proves nothing about the polls, and the test tries again.
		const attempts = 3
		for attempt := 1; ; attempt++ {
			polls := f.driftSetBackByFullRead(interval)
			if polls > 0 {
				break
			}
			if attempt == attempts {
				t.Errorf("no poll between the change and the full read in %d attempts: each change was made right after a full read, so a poll should have met the hidden drift", attempts)
				break
			}
			t.Logf("attempt %d: the change came too late for a poll before the full read; again", attempt)
		}
		if n := metricValue(t, "github_full_reads_total", "demo-user"); n < 1 {
			t.Errorf("github_full_reads_total{login=demo-user} = %v, want at least 1", n)
		}
	})
}

// driftSetBackByFullRead changes the merge settings of the repository
// "merges" out of band right after a full read, waits for the provider to
// set them back within the full-read cadence, and checks that every read
// between the change and that write was a free conditional 304 until one
// full read saw the drift. It returns the number of those 304s.
func (f *fixture) driftSetBackByFullRead(interval time.Duration) int {
	t := f.t
	t.Helper()
	seen := len(f.emu.Requests())
	f.eventually("a full read of the repository", func() string {
		for _, r := range f.emu.Requests()[seen:] {
			if r.Endpoint == "GET /repos/{owner}/{repo}" && !r.Conditional && r.Status == http.StatusOK {
				return ""
			}
		}
		return "none yet"
	})
	etag, _ := f.etag("merges")
	changed := time.Now()
	// As someone in GitHub's web interface: the clock runs, so
	// updated_at moves with the settings.
	f.changeOutOfBand("merges", `{"allow_squash_merge":false,"allow_rebase_merge":false,"delete_branch_on_merge":true}`)
	// The provider's requests from here on, but for the test's own read
	// of the ETag.
	from := len(f.emu.Requests())
	got, own := f.etag("merges")
	if got != etag {
		t.Fatalf("the emulator's ETag changed with the merge settings (%s, then %s): GitHub's does not, and the full reads would go untested", etag, got)
	}

	// The full read is due within an interval of the last; the poll that
	// makes it, and the write after it, come within a poll more (and a
	// little for a busy machine).
	bound := interval + 2*pollInterval + 3*time.Second
	f.within(bound, "merge settings back at their declared values within the full-read cadence", func() string {
		r := mustRepo(f, "merges")
		if !r.AllowSquashMerge || !r.AllowRebaseMerge || r.DeleteBranchOnMerge {
			return fmt.Sprintf("still drifted: allow_squash_merge=%t allow_rebase_merge=%t delete_branch_on_merge=%t", r.AllowSquashMerge, r.AllowRebaseMerge, r.DeleteBranchOnMerge)
		}
		return ""
	})
	t.Logf("set back %s after the change (full-read interval %s)", time.Since(changed).Round(100*time.Millisecond), interval)

	polls, full := 0, false
	for _, r := range f.emu.Requests()[from:] {
		if r.RequestID == own || !strings.HasSuffix(r.Path, "/merges") && !strings.HasPrefix(r.Path, "/repositories/") {
			continue
		}
		if r.Method == http.MethodPatch || full {
			break
		}
		if r.Endpoint != "GET /repos/{owner}/{repo}" {
			continue
		}
		switch {
		case !r.Conditional && r.Status == http.StatusOK:
			full = true
		case !r.Conditional || r.Status != http.StatusNotModified || r.Counted:
			t.Errorf("poll %d after the change: conditional=%t status %d counted=%t, want a free conditional 304 (the ETag hides the drift) until the full read", polls+1, r.Conditional, r.Status, r.Counted)
		default:
			polls++
		}
	}
	if !full {
		t.Error("no full read (unconditional, 200) of the repository before the write that set it back")
	}
	t.Logf("%d free 304s, then the full read", polls)
	return polls
}

// changeOutOfBand changes fields of the repository through the emulator's
// control surface, behind the provider's back.
func (f *fixture) changeOutOfBand(name, fields string) {
	f.t.Helper()
	req, err := http.NewRequestWithContext(f.ctx, http.MethodPatch, f.srv.URL+"/_emulator/repos/"+owner+"/"+name, strings.NewReader(fields))
	f.must(err)
	resp, err := f.srv.Client().Do(req)
	f.must(err)
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		f.t.Fatalf("PATCH %s: %s", req.URL, resp.Status)
	}
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
func (f *fixture) etag(name string) (etag, requestID string) {
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
	return resp.Header.Get("ETag"), resp.Header.Get("X-GitHub-Request-Id")
}
