package emulator_test

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

func create(t *testing.T, srv interface{ Close() }, do func(call) answer, name string) {
	t.Helper()
	if a := do(call{method: "POST", path: "/user/repos", token: "demo-token", body: `{"name":"` + name + `"}`}); a.status != 201 {
		t.Fatalf("create %s = %d: %s", name, a.status, a.body)
	}
}

func TestConditionalGetIsFree(t *testing.T) {
	srv, emu := newServer(t, emulator.Options{})
	d := func(c call) answer { return do(t, srv, c) }
	create(t, srv, d, "r")
	first := d(call{method: "GET", path: "/repos/demo-user/r", token: "demo-token"})
	second := d(call{method: "GET", path: "/repos/demo-user/r", token: "demo-token", headers: map[string]string{"If-None-Match": first.header.Get("ETag")}})
	if second.status != http.StatusNotModified {
		t.Fatalf("conditional GET = %d, want 304", second.status)
	}
	for _, h := range []string{"X-RateLimit-Remaining", "X-RateLimit-Used"} {
		if first.header.Get(h) != second.header.Get(h) {
			t.Errorf("%s moved from %s to %s on a 304", h, first.header.Get(h), second.header.Get(h))
		}
	}
	if second.header.Get("ETag") != first.header.Get("ETag") {
		t.Errorf("304 ETag = %q, want %q", second.header.Get("ETag"), first.header.Get("ETag"))
	}
	log := emu.Requests()
	last := log[len(log)-1]
	if last.Status != 304 || last.Counted || last.Login != "demo-user" {
		t.Errorf("log entry = %+v, want an uncounted 304 by demo-user", last)
	}
	if got := emu.Stats().RateLimitPoints["demo-user"]; got != 2 {
		t.Errorf("points charged = %d, want 2 (create and first GET)", got)
	}
	// A changed resource yields a new ETag and a full answer.
	d(call{method: "PATCH", path: "/repos/demo-user/r", token: "demo-token", body: `{"description":"new"}`})
	third := d(call{method: "GET", path: "/repos/demo-user/r", token: "demo-token", headers: map[string]string{"If-None-Match": first.header.Get("ETag")}})
	if third.status != 200 {
		t.Errorf("GET after change = %d, want 200", third.status)
	}
}

func TestPrimaryRateLimit(t *testing.T) {
	srv, emu := newServer(t, emulator.Options{RateLimit: 3})
	d := func(c call) answer { return do(t, srv, c) }
	tests := []struct {
		name      string
		c         call
		status    int
		remaining string
	}{
		{"first", call{method: "GET", path: "/user", token: "demo-token"}, 200, "2"},
		{"rate_limit is free", call{method: "GET", path: "/rate_limit", token: "demo-token"}, 200, "2"},
		{"second", call{method: "GET", path: "/user", token: "demo-token"}, 200, "1"},
		{"third", call{method: "GET", path: "/user", token: "demo-token"}, 200, "0"},
		{"exhausted", call{method: "GET", path: "/user", token: "demo-token"}, 403, "0"},
		{"other token has its own budget", call{method: "GET", path: "/user", token: "other-token"}, 200, "2"},
		{"anonymous budget is 60", call{method: "GET", path: "/users/demo-user"}, 200, "59"},
	}
	for _, tt := range tests {
		a := d(tt.c)
		if a.status != tt.status || a.header.Get("X-RateLimit-Remaining") != tt.remaining {
			t.Errorf("%s: status %d remaining %s, want %d and %s", tt.name, a.status, a.header.Get("X-RateLimit-Remaining"), tt.status, tt.remaining)
		}
		if tt.status == 403 && !strings.Contains(string(a.body), "API rate limit exceeded for user ID") {
			t.Errorf("%s: body %s", tt.name, a.body)
		}
	}
	if got := emu.Stats().RateLimitPoints["demo-user"]; got != 3 {
		t.Errorf("demo-user points = %d, want 3", got)
	}

	// Limits off: neither counted nor refused; back on, exhausted again.
	emu.SetConfig(emulator.Config{RateLimitsOff: true})
	for i := 0; i < 2; i++ {
		if a := d(call{method: "GET", path: "/user", token: "demo-token"}); a.status != 200 || a.header.Get("X-RateLimit-Remaining") != "0" {
			t.Errorf("limits off, request %d: status %d remaining %s, want 200 and 0", i, a.status, a.header.Get("X-RateLimit-Remaining"))
		}
	}
	if got := emu.Stats().RateLimitPoints["demo-user"]; got != 3 {
		t.Errorf("limits off: demo-user points = %d, want still 3", got)
	}
	emu.SetConfig(emulator.DefaultConfig())
	if a := d(call{method: "GET", path: "/user", token: "demo-token"}); a.status != 403 {
		t.Errorf("limits on again: status %d, want 403", a.status)
	}
}

// GitHub's repository ETag leaves out the merge settings (and updated_at,
// which they move): however they change, a conditional read answers 304.
// ETagCoversMergeSettings is the switch for the opposite.
func TestETagLeavesOutMergeSettings(t *testing.T) {
	const merges = `{"allow_squash_merge":false,"allow_merge_commit":false,"allow_rebase_merge":true,"allow_auto_merge":true,` +
		`"allow_update_branch":true,"delete_branch_on_merge":true,"use_squash_pr_title_as_default":true,` +
		`"squash_merge_commit_title":"PR_TITLE","squash_merge_commit_message":"PR_BODY",` +
		`"merge_commit_title":"PR_TITLE","merge_commit_message":"PR_BODY"}`
	patch := func(body string) call {
		return call{method: "PATCH", path: "/repos/demo-user/r", token: "demo-token", body: body}
	}
	state := func(body string) call { return call{method: "PATCH", path: "/_emulator/repos/demo-user/r", body: body} }
	tests := []struct {
		name       string
		covers     bool
		change     call
		wantChange bool
	}{
		{"API: merge settings keep the ETag", false, patch(merges), false},
		{"API: one merge setting keeps the ETag", false, patch(`{"allow_squash_merge":false}`), false},
		{"state route: merge settings keep the ETag", false, state(merges), false},
		{"API: merge settings change it when covered", true, patch(`{"allow_squash_merge":false}`), true},
		{"state route: merge settings change it when covered", true, state(`{"delete_branch_on_merge":true}`), true},
		{"API: other settings change it", false, patch(`{"description":"changed"}`), true},
		{"state route: other settings change it", false, state(`{"has_wiki":false}`), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// A clock that moves a minute a reading: updated_at moves
			// with every change.
			now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
			var mu sync.Mutex
			clock := func() time.Time {
				mu.Lock()
				defer mu.Unlock()
				now = now.Add(time.Minute)
				return now
			}
			srv, emu := newServer(t, emulator.Options{Now: clock})
			d := func(c call) answer { return do(t, srv, c) }
			create(t, srv, d, "r")
			emu.SetConfig(emulator.Config{ETagCoversMergeSettings: tt.covers})
			get := call{method: "GET", path: "/repos/demo-user/r", token: "demo-token"}
			first := d(get)
			if a := d(tt.change); a.status != 200 && a.status != 204 {
				t.Fatalf("change = %d: %s", a.status, a.body)
			}
			get.headers = map[string]string{"If-None-Match": first.header.Get("ETag")}
			after := d(get)
			if changed := after.status == 200; changed != tt.wantChange {
				t.Errorf("conditional GET after the change = %d, want changed=%v", after.status, tt.wantChange)
			}
			if after.status == 200 && bytes.Equal(after.body, first.body) {
				t.Errorf("a 200 with the body unchanged: the change did not happen")
			}
			if !tt.wantChange {
				// The change did happen: an unconditional read shows it.
				get.headers = nil
				if fresh := d(get); bytes.Equal(fresh.body, first.body) {
					t.Errorf("the body did not change: the test tests nothing")
				}
			}
		})
	}
}

func TestFaults(t *testing.T) {
	tests := []struct {
		name    string
		faults  emulator.Faults
		path    string
		timeout time.Duration
		check   func(t *testing.T, a answer, err error, took time.Duration)
	}{
		{"server error", emulator.Faults{Errors: emulator.ErrorFault{Fraction: 1, Codes: []int{503}}}, "/user", 0, func(t *testing.T, a answer, err error, _ time.Duration) {
			if a.status != 503 {
				t.Errorf("status = %d, want 503", a.status)
			}
		}},
		{"secondary rate limit", emulator.Faults{SecondaryRateLimit: emulator.SecondaryRateLimitFault{Fraction: 1, RetryAfter: 7}}, "/user", 0, func(t *testing.T, a answer, err error, _ time.Duration) {
			if a.status != 403 || a.header.Get("Retry-After") != "7" || !strings.Contains(string(a.body), "You have exceeded a secondary rate limit") {
				t.Errorf("answer = %d Retry-After=%q %s", a.status, a.header.Get("Retry-After"), a.body)
			}
		}},
		{"path prefix limits faults", emulator.Faults{PathPrefix: "/repos/", Errors: emulator.ErrorFault{Fraction: 1}}, "/user", 0, func(t *testing.T, a answer, err error, _ time.Duration) {
			if a.status != 200 {
				t.Errorf("status = %d, want 200 outside the prefix", a.status)
			}
		}},
		{"latency", emulator.Faults{Latency: emulator.LatencyFault{Fixed: emulator.Duration(80 * time.Millisecond), Jitter: emulator.Duration(10 * time.Millisecond)}}, "/user", 0, func(t *testing.T, a answer, err error, took time.Duration) {
			if a.status != 200 || took < 80*time.Millisecond {
				t.Errorf("status %d after %v, want 200 after at least 80ms", a.status, took)
			}
		}},
		{"stall until the client gives up", emulator.Faults{Stall: emulator.StallFault{Fraction: 1, Max: emulator.Duration(5 * time.Second)}}, "/user", 150 * time.Millisecond, func(t *testing.T, a answer, err error, took time.Duration) {
			if err == nil || took > 3*time.Second {
				t.Errorf("err = %v after %v, want a client timeout", err, took)
			}
		}},
		{"stall ends at max", emulator.Faults{Stall: emulator.StallFault{Fraction: 1, Max: emulator.Duration(50 * time.Millisecond)}}, "/user", 0, func(t *testing.T, a answer, err error, took time.Duration) {
			if a.status != 200 || took < 50*time.Millisecond {
				t.Errorf("status %d after %v, want 200 after 50ms", a.status, took)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, emu := newServer(t, emulator.Options{})
			if err := emu.SetFaults(tt.faults); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			var a answer
			var err error
			if tt.timeout > 0 {
				ctx, cancel := context.WithTimeout(context.Background(), tt.timeout)
				defer cancel()
				req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+tt.path, nil)
				req.Header.Set("Authorization", "token demo-token")
				var resp *http.Response
				resp, err = http.DefaultClient.Do(req)
				if err == nil {
					resp.Body.Close()
				}
			} else {
				a = do(t, srv, call{method: "GET", path: tt.path, token: "demo-token"})
			}
			tt.check(t, a, err, time.Since(start))
			emu.ClearFaults()
			if a := do(t, srv, call{method: "GET", path: "/user", token: "demo-token"}); a.status != 200 {
				t.Errorf("after ClearFaults status = %d", a.status)
			}
		})
	}
}

func TestLostAnswers(t *testing.T) {
	srv, emu := newServer(t, emulator.Options{})
	d := func(c call) answer { return do(t, srv, c) }
	if err := emu.SetFaults(emulator.Faults{LostAnswers: emulator.LostAnswersFault{Fraction: 1}}); err != nil {
		t.Fatal(err)
	}
	a := d(call{method: "POST", path: "/user/repos", token: "demo-token", body: `{"name":"lost"}`})
	if a.status != http.StatusBadGateway || a.header.Get("Location") != "" {
		t.Errorf("a create whose answer is lost = %d (Location %q), want 502 without a Location", a.status, a.header.Get("Location"))
	}
	if a := d(call{method: "GET", path: "/repos/demo-user/lost", token: "demo-token"}); a.status != 200 {
		t.Errorf("GET of the repository whose create answer was lost = %d, want 200: the create went through", a.status)
	}
	if a := d(call{method: "POST", path: "/user/repos", token: "demo-token", body: `{"name":"lost"}`}); a.status != http.StatusUnprocessableEntity {
		t.Errorf("the create sent again = %d, want 422 (name already exists on this account)", a.status)
	}
	if a := d(call{method: "GET", path: "/repos/demo-user/nothing-here", token: "demo-token"}); a.status != 404 {
		t.Errorf("a read = %d, want 404: reads keep their answers", a.status)
	}
}

func TestFaultsSeedReplays(t *testing.T) {
	outcomes := func(seed uint64) string {
		srv, emu := newServer(t, emulator.Options{})
		if err := emu.SetFaults(emulator.Faults{Errors: emulator.ErrorFault{Fraction: 0.5}, Seed: seed}); err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for range 40 {
			if do(t, srv, call{method: "GET", path: "/user", token: "demo-token"}).status == 200 {
				b.WriteByte('.')
			} else {
				b.WriteByte('x')
			}
		}
		return b.String()
	}
	first, again, other := outcomes(7), outcomes(7), outcomes(8)
	if first != again {
		t.Errorf("seed 7 twice: %s, then %s; want the same faults", first, again)
	}
	if first == other {
		t.Errorf("seeds 7 and 8 both gave %s; want different faults", first)
	}
}

func TestInvalidFaultsRejected(t *testing.T) {
	emu := emulator.New(emulator.Options{})
	for _, f := range []emulator.Faults{
		{Errors: emulator.ErrorFault{Fraction: 1.5}},
		{Errors: emulator.ErrorFault{Fraction: 0.5, Codes: []int{404}}},
		{RateLimits: map[string]int{"demo-user": -1}},
		{LostAnswers: emulator.LostAnswersFault{Fraction: -0.1}},
	} {
		if err := emu.SetFaults(f); err == nil {
			t.Errorf("SetFaults(%+v) = nil, want an error", f)
		}
	}
}

func TestInstallationTokens(t *testing.T) {
	key, pub := appKey(t)
	otherKey, _ := appKey(t)
	clk := newClock()
	srv, _ := newServer(t, emulator.Options{Seed: contractSeed(pub), Now: clk.Now, InstallationTokenTTL: 10 * time.Minute})
	exchange := func(jwt string) answer {
		return do(t, srv, call{method: "POST", path: "/app/installations/4242/access_tokens", headers: map[string]string{"Authorization": "Bearer " + jwt}})
	}
	for _, tt := range []struct {
		name   string
		jwt    string
		status int
	}{
		{"valid", appJWT(t, key, 42, clk.Now(), 9*time.Minute), 201},
		{"expired", appJWT(t, key, 42, clk.Now().Add(-20*time.Minute), 5*time.Minute), 401},
		{"exp too far ahead", appJWT(t, key, 42, clk.Now(), 30*time.Minute), 401},
		{"wrong key", appJWT(t, otherKey, 42, clk.Now(), 5*time.Minute), 401},
		{"unknown app", appJWT(t, key, 7, clk.Now(), 5*time.Minute), 401},
		{"not a JWT", "demo-token-ish", 401},
	} {
		if a := exchange(tt.jwt); a.status != tt.status {
			t.Errorf("%s: status = %d, want %d: %s", tt.name, a.status, tt.status, a.body)
		}
	}
	tok := exchange(appJWT(t, key, 42, clk.Now(), 9*time.Minute)).json(t)["token"].(string)
	if !strings.HasPrefix(tok, "ghs_") {
		t.Errorf("token %q does not look like an installation token", tok)
	}
	if a := do(t, srv, call{method: "GET", path: "/repos/demo-org/secret", token: tok}); a.status != 200 {
		t.Errorf("fresh token: %d", a.status)
	}
	clk.Advance(11 * time.Minute)
	if a := do(t, srv, call{method: "GET", path: "/repos/demo-org/secret", token: tok}); a.status != 401 || !strings.Contains(string(a.body), "Bad credentials") {
		t.Errorf("expired token: %d %s", a.status, a.body)
	}
}

func TestControlSurface(t *testing.T) {
	srv, _ := newServer(t, emulator.Options{})
	d := func(c call) answer { return do(t, srv, c) }
	create(t, srv, d, "ctl")
	d(call{method: "GET", path: "/repos/demo-user/ctl", token: "demo-token"})
	tests := []struct {
		name   string
		c      call
		status int
		want   string
	}{
		{"request log", call{method: "GET", path: "/_emulator/requests"}, 200, `"method":"GET","path":"/repos/demo-user/ctl","endpoint":"GET /repos/{owner}/{repo}","status":200,"login":"demo-user","counted":true`},
		{"stats", call{method: "GET", path: "/_emulator/stats"}, 200, `"POST /user/repos":{"201":1}`},
		{"stats points", call{method: "GET", path: "/_emulator/stats"}, 200, `"rateLimitPoints":{"demo-user":2}`},
		{"install faults", call{method: "POST", path: "/_emulator/faults", body: `{"errors":{"fraction":1,"codes":[502]}}`}, 200, `"codes":[502]`},
		{"fault applies", call{method: "GET", path: "/user", token: "demo-token"}, 502, `Server Error`},
		{"control surface is exempt from faults", call{method: "GET", path: "/_emulator/faults"}, 200, `"fraction":1`},
		{"remove faults", call{method: "DELETE", path: "/_emulator/faults"}, 204, ``},
		{"bad faults", call{method: "POST", path: "/_emulator/faults", body: `{"errors":{"fraction":2}}`}, 400, `between 0 and 1`},
		{"unknown fault field", call{method: "POST", path: "/_emulator/faults", body: `{"nope":1}`}, 400, `unknown field`},
		{"config", call{method: "POST", path: "/_emulator/config", body: `{"etagCoversMergeSettings":true}`}, 200, `{"etagCoversMergeSettings":true,"rateLimitsOff":false,"contentsCommitTime":"200ms","keepReviewerTeamsWithoutAccess":false,"pagesCertificateTime":"3s","codeScanningSetupTime":"3s"}`},
		{"seed more", call{method: "POST", path: "/_emulator/seed", body: "users:\n- login: yaml-user\n  tokens: [yaml-token]\n"}, 204, ``},
		{"seeded user works", call{method: "GET", path: "/user", token: "yaml-token"}, 200, `"login":"yaml-user"`},
		{"issue a token", call{method: "POST", path: "/_emulator/tokens", body: `{"login":"demo-user","token":"rotated-token"}`}, 204, ``},
		{"issued token works", call{method: "GET", path: "/user", token: "rotated-token"}, 200, `"login":"demo-user"`},
		{"token in use refused", call{method: "POST", path: "/_emulator/tokens", body: `{"login":"demo-user","token":"demo-token"}`}, 400, `already in use`},
		{"token of nobody refused", call{method: "POST", path: "/_emulator/tokens", body: `{"login":"ghost","token":"x"}`}, 400, `not found`},
		{"token of an org refused", call{method: "POST", path: "/_emulator/tokens", body: `{"login":"demo-org","token":"x"}`}, 400, `not found`},
		{"revoke a token", call{method: "DELETE", path: "/_emulator/tokens/rotated-token"}, 204, ``},
		{"revoked token refused", call{method: "GET", path: "/user", token: "rotated-token"}, 401, `Bad credentials`},
		{"revoke unknown token", call{method: "DELETE", path: "/_emulator/tokens/rotated-token"}, 404, `not found`},
		{"add branch", call{method: "POST", path: "/_emulator/repos/demo-user/ctl/branches", body: `{"name":"dev"}`}, 204, ``},
		{"new branch can become default", call{method: "PATCH", path: "/repos/demo-user/ctl", token: "demo-token", body: `{"default_branch":"dev"}`}, 200, `"default_branch":"dev"`},
		{"state listing", call{method: "GET", path: "/_emulator/repos"}, 200, `"name":"ctl","description":null,"homepage":null,"visibility":"public"`},
		{"reset", call{method: "POST", path: "/_emulator/reset"}, 204, ``},
		{"reset removed the repo", call{method: "GET", path: "/repos/demo-user/ctl", token: "demo-token"}, 404, ``},
		{"reset removed seeded extras", call{method: "GET", path: "/user", token: "yaml-token"}, 401, ``},
		{"reset cleared config", call{method: "GET", path: "/_emulator/config"}, 200, `"etagCoversMergeSettings":false`},
		{"unknown control path", call{method: "GET", path: "/_emulator/nope"}, 404, ``},
		{"control under GHES prefix", call{method: "GET", path: "/api/v3/_emulator/stats"}, 200, `"endpoints"`},
	}
	for _, tt := range tests {
		a := d(tt.c)
		if a.status != tt.status || !strings.Contains(string(a.body), tt.want) {
			t.Errorf("%s: %s %s = %d %.400s; want %d containing %s", tt.name, tt.c.method, tt.c.path, a.status, a.body, tt.status, tt.want)
		}
	}
}

func TestStateHelpers(t *testing.T) {
	srv, emu := newServer(t, emulator.Options{})
	d := func(c call) answer { return do(t, srv, c) }
	create(t, srv, d, "oob")
	st := emu.State()
	orig, ok := st.RepoByName("demo-user", "oob")
	if !ok {
		t.Fatal("RepoByName did not find the repository")
	}
	tests := []struct {
		name   string
		change func() error
		c      call
		status int
		want   string
	}{
		{"SetField merge setting", func() error { return st.SetField("demo-user", "oob", "allow_squash_merge", false) }, call{method: "GET", path: "/repos/demo-user/oob", token: "demo-token"}, 200, `"allow_squash_merge":false`},
		{"SetField security", func() error {
			return st.SetField("demo-user", "oob", "security_and_analysis", map[string]any{"secret_scanning": map[string]string{"status": "enabled"}})
		}, call{method: "GET", path: "/repos/demo-user/oob", token: "demo-token"}, 200, `"secret_scanning":{"status":"enabled"}`},
		{"SetField topics", func() error { return st.SetField("demo-user", "oob", "topics", []string{"A"}) }, call{method: "GET", path: "/repos/demo-user/oob/topics", token: "demo-token"}, 200, `{"names":["a"]}`},
		{"AddBranch", func() error { return st.AddBranch("demo-user", "oob", "release") }, call{method: "PATCH", path: "/repos/demo-user/oob", token: "demo-token", body: `{"default_branch":"release"}`}, 200, `"default_branch":"release"`},
		{"Archive", func() error { return st.Archive("demo-user", "oob", true) }, call{method: "PATCH", path: "/repos/demo-user/oob", token: "demo-token", body: `{"description":"x"}`}, 403, `archived`},
		{"Unarchive", func() error { return st.Archive("demo-user", "oob", false) }, call{method: "PATCH", path: "/repos/demo-user/oob", token: "demo-token", body: `{"description":"x"}`}, 200, `"description":"x"`},
		{"Rename", func() error { return st.Rename("demo-user", "oob", "oob2") }, call{method: "GET", path: "/repos/demo-user/oob", token: "demo-token"}, 301, `Moved Permanently`},
		{"Delete", func() error { return st.Delete("demo-user", "oob2") }, call{method: "GET", path: "/repos/demo-user/oob2", token: "demo-token"}, 404, `Not Found`},
	}
	for _, tt := range tests {
		if err := tt.change(); err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		a := d(tt.c)
		if a.status != tt.status || !strings.Contains(string(a.body), tt.want) {
			t.Errorf("%s: %d %.300s; want %d containing %s", tt.name, a.status, a.body, tt.status, tt.want)
		}
	}
	if _, ok := st.RepoByID(orig.ID); ok {
		t.Error("RepoByID found a deleted repository")
	}
	for name, err := range map[string]error{
		"unknown repo":  st.SetField("demo-user", "nope", "description", "x"),
		"unknown field": st.SetField("demo-user", "nope2", "bogus", 1),
		"wrong type":    func() error { create(t, srv, d, "typed"); return st.SetField("demo-user", "typed", "private", "yes") }(),
		"bogus field":   st.SetField("demo-user", "typed", "bogus", 1),
		"bad topics":    st.SetField("demo-user", "typed", "topics", []string{"-x"}),
		"bad rename":    st.Rename("demo-user", "typed", ".."),
		"dup branch": func() error {
			_ = st.AddBranch("demo-user", "typed", "b")
			return st.AddBranch("demo-user", "typed", "b")
		}(),
	} {
		if err == nil {
			t.Errorf("%s: got nil error", name)
		}
	}
}

// TestConcurrentUse hammers one emulator from many goroutines; run with -race.
func TestConcurrentUse(t *testing.T) {
	srv, emu := emulatortest.NewServer(t, emulator.Options{})
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			name := "c" + string(rune('a'+i))
			steps := []call{
				{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"` + name + `"}`},
				{method: "GET", path: "/repos/demo-org/" + name, token: "demo-token"},
				{method: "PUT", path: "/repos/demo-org/" + name + "/topics", token: "demo-token", body: `{"names":["x"]}`},
				{method: "PATCH", path: "/repos/demo-org/" + name, token: "demo-token", body: `{"name":"` + name + `-2"}`},
				{method: "GET", path: "/orgs/demo-org/repos?per_page=3", token: "demo-token"},
				{method: "GET", path: "/repos/demo-org/" + name, token: "demo-token"},
				{method: "DELETE", path: "/repos/demo-org/" + name + "-2", token: "demo-token"},
				{method: "GET", path: "/_emulator/stats"},
			}
			for _, c := range steps {
				if a := do(t, srv, c); a.status >= 400 {
					t.Errorf("%s %s = %d: %s", c.method, c.path, a.status, a.body)
				}
				_ = emu.State().Repos()
			}
		}(i)
	}
	wg.Wait()
	if n := len(emu.State().Repos()); n != 0 {
		t.Errorf("%d repositories left, want 0", n)
	}
}
