package transport

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

// statuses are the answers the emulator gave since request from.
func statuses(emu *emulator.Server, from int) []string {
	var out []string
	for _, r := range emu.Requests()[from:] {
		out = append(out, fmt.Sprintf("%s %d", r.Endpoint, r.Status))
	}
	return out
}

func TestConditionalReads(t *testing.T) {
	ctx := context.Background()
	const get = "GET /repos/{owner}/{repo}"
	cases := map[string]struct {
		reason string
		// between the first read and the checked one.
		between func(t *testing.T, r repos, emu *emulator.Server)
		ctx     context.Context
		// want are the answers of the checked read.
		want        []string
		description string
		squash      bool
	}{
		"Hit": {
			reason:      "A second read of an unchanged repository is a free 304, and the caller gets the cached body.",
			between:     func(*testing.T, repos, *emulator.Server) {},
			want:        []string{get + " 304"},
			description: "seeded repository", squash: true,
		},
		"ChangedOnGitHub": {
			reason: "A change on GitHub changes the ETag: GitHub answers 200 with the new body.",
			between: func(t *testing.T, _ repos, emu *emulator.Server) {
				if err := emu.State().SetField("demo-org", "seeded", "description", "changed"); err != nil {
					t.Fatal(err)
				}
			},
			want:        []string{get + " 200"},
			description: "changed", squash: true,
		},
		"InvalidatedByWrite": {
			reason: "A write to the repository drops its cached answer: the next read is unconditional even where the ETag would not change.",
			between: func(t *testing.T, r repos, emu *emulator.Server) {
				if err := emu.State().SetField("demo-org", "seeded", "allow_squash_merge", false); err != nil {
					t.Fatal(err)
				}
				if err := r.ReplaceTopics(ctx, "demo-org", "seeded", []string{"x"}); err != nil {
					t.Fatal(err)
				}
			},
			want:        []string{get + " 200"},
			description: "seeded repository", squash: false,
		},
		"EditAnswersNextRead": {
			reason: "GitHub's answer to an edit is the repository: the next read is served from it, without a request.",
			between: func(t *testing.T, r repos, emu *emulator.Server) {
				if _, err := r.Edit(ctx, "demo-org", "seeded", map[string]any{"allow_squash_merge": false}); err != nil {
					t.Fatal(err)
				}
			},
			want:        nil,
			description: "seeded repository", squash: false,
		},
		"WriteElsewhereKeepsCache": {
			reason: "A write to another repository leaves this one's cached answer.",
			between: func(t *testing.T, r repos, _ *emulator.Server) {
				if _, err := r.Edit(ctx, "demo-org", "private-one", map[string]any{"description": "x"}); err != nil {
					t.Fatal(err)
				}
			},
			want:        []string{get + " 304"},
			description: "seeded repository", squash: true,
		},
		"MergeSettingsMissedByETag": {
			reason: "With GitHub's reported ETag behaviour, a merge-settings change out of band answers 304: the stale body is what a conditional read sees.",
			between: func(t *testing.T, _ repos, emu *emulator.Server) {
				if err := emu.State().SetField("demo-org", "seeded", "allow_squash_merge", false); err != nil {
					t.Fatal(err)
				}
			},
			want:        []string{get + " 304"},
			description: "seeded repository", squash: true,
		},
		"FullReadSeesMergeSettings": {
			reason: "A full read (WithFullRead) is unconditional and sees the merge-settings change the ETag hides.",
			between: func(t *testing.T, _ repos, emu *emulator.Server) {
				if err := emu.State().SetField("demo-org", "seeded", "allow_squash_merge", false); err != nil {
					t.Fatal(err)
				}
			},
			ctx:         WithFullRead(ctx),
			want:        []string{get + " 200"},
			description: "seeded repository", squash: false,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			r, emu := frozen(t)
			// The emulator's default is GitHub's: merge settings are not in the ETag.
			if _, err := r.Get(ctx, "demo-org", "seeded"); err != nil {
				t.Fatal(err)
			}
			tc.between(t, r, emu)
			from := len(emu.Requests())
			c := ctx
			if tc.ctx != nil {
				c = tc.ctx
			}
			got, err := r.Get(c, "demo-org", "seeded")
			if err != nil {
				t.Fatalf("\n%s\nGet: %v", tc.reason, err)
			}
			if diff := cmp.Diff(tc.want, statuses(emu, from)); diff != "" {
				t.Errorf("\n%s\nanswers: -want, +got:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.description, derefString(got.Description)); diff != "" {
				t.Errorf("\n%s\ndescription: -want, +got:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.squash, got.AllowSquashMerge != nil && *got.AllowSquashMerge); diff != "" {
				t.Errorf("\n%s\nallow_squash_merge: -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func derefString(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func TestConditionalReadAfterRename(t *testing.T) {
	ctx := context.Background()
	r, emu := frozen(t)
	if err := emu.State().Rename("demo-org", "seeded", "renamed"); err != nil {
		t.Fatal(err)
	}
	// Read by the old name: 301 to /repositories/{id}, which is cached.
	if _, err := r.Get(ctx, "demo-org", "seeded"); err != nil {
		t.Fatal(err)
	}
	// A write through the old name (307 to the id) must drop the answer
	// cached under the id.
	if _, err := r.Edit(ctx, "demo-org", "seeded", map[string]any{"allow_squash_merge": false}); err != nil {
		t.Fatal(err)
	}
	got, err := r.Get(ctx, "demo-org", "seeded")
	if err != nil {
		t.Fatal(err)
	}
	if got.AllowSquashMerge == nil || *got.AllowSquashMerge {
		t.Errorf("Get after a write through the old name: allow_squash_merge = %v, want false (a stale cached answer was served)", got.AllowSquashMerge)
	}
}

// fakeTransport is a RoundTripper made of a function.
type fakeTransport struct {
	MockRoundTrip func(*http.Request) (*http.Response, error)
}

func (f *fakeTransport) RoundTrip(r *http.Request) (*http.Response, error) { return f.MockRoundTrip(r) }

var _ http.RoundTripper = (*fakeTransport)(nil)

func response(status int, header map[string]string, body string) *http.Response {
	h := http.Header{}
	for k, v := range header {
		h.Set(k, v)
	}
	return &http.Response{StatusCode: status, Header: h, Body: io.NopCloser(strings.NewReader(body))}
}

func TestConditionalCacheIsBounded(t *testing.T) {
	tr := &fakeTransport{MockRoundTrip: func(r *http.Request) (*http.Response, error) {
		// Incompressible: answers are kept deflated, and bounded by that size.
		return response(http.StatusOK, map[string]string{"ETag": `"` + r.URL.Path + `"`}, incompressible(1000)), nil
	}}
	cases := map[string]struct {
		entries, bytes int
		want           int
	}{
		"ByEntries": {entries: 10, bytes: 1 << 20, want: 10},
		"ByBytes":   {entries: 1000, bytes: 20 * 1600, want: 20},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			c := newConditionalCache(tr, nil, nil, tc.entries, tc.bytes)
			for i := 0; i < 100; i++ {
				req, _ := http.NewRequest(http.MethodGet, fmt.Sprintf("https://api.github.com/repos/o/r%d", i), nil)
				resp, err := c.RoundTrip(req)
				if err != nil {
					t.Fatal(err)
				}
				if b, _ := io.ReadAll(resp.Body); len(b) != 1000 {
					t.Fatalf("body of answer %d: %d bytes, want 1000", i, len(b))
				}
			}
			if got := c.Len(); got != tc.want {
				t.Errorf("Len() after 100 answers: got %d, want %d", got, tc.want)
			}
			// The most recent answer is kept, the oldest is not.
			if c.get(fmt.Sprintf("https://api.github.com/repos/o/r%d\x00", 99)) == nil {
				t.Errorf("the most recent answer was dropped")
			}
			if c.get("https://api.github.com/repos/o/r0\x00") != nil {
				t.Errorf("the oldest answer was kept")
			}
		})
	}
}

// incompressible is n bytes that deflate cannot shrink.
func incompressible(n int) string {
	b := make([]byte, n)
	_, _ = rand.NewChaCha8([32]byte{1}).Read(b)
	return string(b)
}

func TestConditionalCacheUnreadableAnswerIsReadAfresh(t *testing.T) {
	var sent []string
	tr := &fakeTransport{MockRoundTrip: func(r *http.Request) (*http.Response, error) {
		sent = append(sent, r.Header.Get("If-None-Match"))
		if r.Header.Get("If-None-Match") != "" {
			return response(http.StatusNotModified, map[string]string{"ETag": `"1"`}, ""), nil
		}
		return response(http.StatusOK, map[string]string{"ETag": `"1"`}, `{"name":"r"}`), nil
	}}
	c := newConditionalCache(tr, nil, nil, 0, 0)
	get := func() string {
		req, _ := http.NewRequest(http.MethodGet, "https://api.github.com/repos/o/r", nil)
		resp, err := c.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	get()
	c.get("https://api.github.com/repos/o/r\x00").deflated = []byte("not deflate")
	if got := get(); got != `{"name":"r"}` {
		t.Errorf("body after a 304 over an unreadable cached answer: got %q, want the body read afresh", got)
	}
	if diff := cmp.Diff([]string{"", `"1"`, ""}, sent); diff != "" {
		t.Errorf("If-None-Match of the requests sent: -want, +got:\n%s", diff)
	}
}

func TestConditionalCacheFreshFor(t *testing.T) {
	const (
		account = "https://api.github.com/users/octocat" // declared fresh for accountFreshFor
		repo    = "https://api.github.com/repos/o/r"     // never fresh
	)
	type read struct {
		url   string
		after time.Duration // since the previous read
		full  bool
	}
	cases := map[string]struct {
		reason string
		reads  []read
		// sent are the If-None-Match headers of the requests that went
		// out after the first read.
		sent []string
	}{
		"Fresh": {
			reason: "An account read again within its freshness is answered from the cache, without a request.",
			reads:  []read{{url: account, after: accountFreshFor - time.Second}},
			sent:   nil,
		},
		"Stale": {
			reason: "Once its freshness has passed, the account is read conditionally again.",
			reads:  []read{{url: account, after: accountFreshFor}},
			sent:   []string{`"1"`},
		},
		"ConfirmedIsFreshAgain": {
			reason: "A 304 makes the answer fresh again: the read after it within the freshness asks nothing.",
			reads:  []read{{url: account, after: accountFreshFor + time.Minute}, {url: account, after: accountFreshFor - time.Second}},
			sent:   []string{`"1"`},
		},
		"FullRead": {
			reason: "A full read always asks, unconditionally.",
			reads:  []read{{url: account, after: time.Second, full: true}},
			sent:   []string{""},
		},
		"NotDeclaredFresh": {
			reason: "A route declared without freshness is asked every time.",
			reads:  []read{{url: repo, after: time.Second}},
			sent:   []string{`"1"`},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			var sent []string
			tr := &fakeTransport{MockRoundTrip: func(r *http.Request) (*http.Response, error) {
				sent = append(sent, r.Header.Get("If-None-Match"))
				if r.Header.Get("If-None-Match") != "" {
					return response(http.StatusNotModified, map[string]string{"ETag": `"1"`}, ""), nil
				}
				return response(http.StatusOK, map[string]string{"ETag": `"1"`}, `{"login":"octocat","type":"User"}`), nil
			}}
			now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
			c := newConditionalCache(tr, nil, nil, 0, 0)
			c.now = func() time.Time { return now }
			get := func(url string, full bool) {
				ctx := context.Background()
				if full {
					ctx = WithFullRead(ctx)
				}
				req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
				resp, err := c.RoundTrip(req)
				if err != nil {
					t.Fatal(err)
				}
				if b, _ := io.ReadAll(resp.Body); string(b) != `{"login":"octocat","type":"User"}` {
					t.Errorf("\n%s\nbody of %s: got %q, want the account", tc.reason, url, b)
				}
			}
			get(tc.reads[0].url, false)
			sent = nil
			for _, r := range tc.reads {
				now = now.Add(r.after)
				get(r.url, r.full)
			}
			if diff := cmp.Diff(tc.sent, sent); diff != "" {
				t.Errorf("\n%s\nIf-None-Match of the requests sent: -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestConditionalCacheOneReadForManyCallers(t *testing.T) {
	cases := map[string]struct {
		reason string
		url    string
		want   int32 // requests sent
	}{
		"FreshRoute": {
			reason: "Callers reading an account (fresh for a while) while another reads it wait for that read: one request serves them all.",
			url:    "https://api.github.com/users/octocat",
			want:   1,
		},
		"OtherRoute": {
			reason: "A route without freshness is read by every caller.",
			url:    "https://api.github.com/repos/o/r",
			want:   8,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			var calls atomic.Int32
			release := make(chan struct{})
			tr := &fakeTransport{MockRoundTrip: func(r *http.Request) (*http.Response, error) {
				if calls.Add(1) == 1 {
					<-release
				}
				if r.Header.Get("If-None-Match") != "" {
					return response(http.StatusNotModified, map[string]string{"ETag": `"1"`}, ""), nil
				}
				return response(http.StatusOK, map[string]string{"ETag": `"1"`}, `{"login":"octocat"}`), nil
			}}
			c := newConditionalCache(tr, nil, nil, 0, 0)
			var wg sync.WaitGroup
			bodies := make([]string, 8)
			for i := range bodies {
				wg.Add(1)
				go func() {
					defer wg.Done()
					req, _ := http.NewRequest(http.MethodGet, tc.url, nil)
					resp, err := c.RoundTrip(req)
					if err != nil {
						t.Error(err)
						return
					}
					b, _ := io.ReadAll(resp.Body)
					bodies[i] = string(b)
				}()
			}
			for calls.Load() == 0 {
				time.Sleep(time.Millisecond)
			}
			time.Sleep(20 * time.Millisecond) // the others arrive meanwhile
			close(release)
			wg.Wait()
			if got := calls.Load(); got != tc.want {
				t.Errorf("\n%s\nrequests sent: got %d, want %d", tc.reason, got, tc.want)
			}
			for i, b := range bodies {
				if b != `{"login":"octocat"}` {
					t.Errorf("\n%s\ncaller %d got %q", tc.reason, i, b)
				}
			}
		})
	}
}
