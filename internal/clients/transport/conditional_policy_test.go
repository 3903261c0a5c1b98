package transport

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// etagTransport answers a conditional GET 304 and any other request 200
// with an ETag, and records which requests went out unconditionally.
func etagTransport(unconditional *[]string) *fakeTransport {
	return &fakeTransport{MockRoundTrip: func(r *http.Request) (*http.Response, error) {
		if r.Header.Get("If-None-Match") != "" {
			return response(http.StatusNotModified, map[string]string{"ETag": `"1"`}, ""), nil
		}
		*unconditional = append(*unconditional, r.URL.Path)
		return response(http.StatusOK, map[string]string{"ETag": `"1"`}, `{}`), nil
	}}
}

func TestConditionalCacheFollowsCachePolicy(t *testing.T) {
	cases := map[string]struct {
		reason string
		path   string
		want   []string // sent unconditionally, of two reads
		cached int
	}{
		"Conditional": {
			reason: "A route declared CacheConditional is read conditionally the second time.",
			path:   "/repos/o/r/hooks/1", want: []string{"/repos/o/r/hooks/1"}, cached: 1,
		},
		"None": {
			reason: "A route declared CacheNone is never cached, though GitHub sends an ETag.",
			path:   "/repos/o/r/hooks/1/config", want: []string{"/repos/o/r/hooks/1/config", "/repos/o/r/hooks/1/config"},
		},
		"Undeclared": {
			reason: "An undeclared route is never cached.",
			path:   "/gists/abc", want: []string{"/gists/abc", "/gists/abc"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			var sent []string
			c := newConditionalCache(etagTransport(&sent), nil, nil, 0, 0)
			c.routes = testRoutes()
			for range 2 {
				req, _ := http.NewRequest(http.MethodGet, "https://api.github.com"+tc.path, nil)
				if _, err := c.RoundTrip(req); err != nil {
					t.Fatal(err)
				}
			}
			if diff := cmp.Diff(tc.want, sent); diff != "" {
				t.Errorf("\n%s\nsent unconditionally: -want, +got:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.cached, c.Len()); diff != "" {
				t.Errorf("\n%s\nLen(): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

// TestFullReadRoutesShareOneBudget reads 100 repositories and a webhook of
// each, both FullRead routes, and an account (cached, not FullRead) through
// one credential's cache every minute for an hour: the full reads of both
// routes together keep within the credential's one budget, and the account
// is never read in full.
func TestFullReadRoutesShareOneBudget(t *testing.T) {
	start := time.Unix(1700000000, 0)
	now := start
	// 5,000 points an hour, a fifth of it for full reads: 1,000 an hour,
	// spent in full as the least interval is one poll.
	p := newPlanner(0.2, time.Minute, time.Minute, func() (int, bool) { return 5000, false }, nil)
	p.now = func() time.Time { return now }
	var sent []string
	c := newConditionalCache(etagTransport(&sent), p, nil, 0, 0)
	c.routes = testRoutes()
	c.routes.add(Route{Method: http.MethodGet, Template: "/users/{username}", Cache: CacheConditional})

	read := func(path string) {
		req, _ := http.NewRequest(http.MethodGet, "https://api.github.com"+path, nil)
		if _, err := c.RoundTrip(req); err != nil {
			t.Fatal(err)
		}
	}
	poll := func() {
		for i := range 100 {
			read(fmt.Sprintf("/repos/o/r%d", i))
			read(fmt.Sprintf("/repos/o/r%d/hooks/%d", i, 1000+i))
			read(fmt.Sprintf("/users/u%d", i))
		}
	}
	poll()
	if got := p.Objects(); got != 200 {
		t.Fatalf("Objects() after reading 100 repositories and 100 webhooks = %d, want 200: both routes share the planner", got)
	}
	sent = nil
	for range 60 {
		now = now.Add(time.Minute)
		poll()
	}
	counts := map[string]int{}
	for _, path := range sent {
		switch {
		case strings.Contains(path, "/hooks/"):
			counts["webhook"]++
		case strings.HasPrefix(path, "/users/"):
			counts["account"]++
		default:
			counts["repository"]++
		}
	}
	if total := counts["repository"] + counts["webhook"]; total > 1000 || total < 850 {
		t.Errorf("full reads of both routes in an hour = %d (%v), want about, and at most, the one budget of 1000", total, counts)
	}
	// The two routes split the budget about evenly: each object is read in
	// full about every 12 minutes, not every 6 as with a budget each.
	for _, kind := range []string{"repository", "webhook"} {
		if got := counts[kind]; got < 350 || got > 650 {
			t.Errorf("full %s reads in an hour = %d (%v), want about half the budget", kind, got, counts)
		}
	}
	if got := counts["account"]; got != 0 {
		t.Errorf("full reads of a route not declared FullRead = %d, want 0", got)
	}
}
