package transport

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// testLimiter is a limiter over next with a fake clock that sleeping moves.
func testLimiter(next http.RoundTripper, maxWait time.Duration) (*limiter, *[]time.Duration) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	var mu sync.Mutex
	slept := []time.Duration{}
	l := newLimiter(next, &identity{label: "demo-user"}, nil, 4, 1, maxWait)
	l.now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	l.rand = func() float64 { return 0 }
	l.sleep = func(_ context.Context, d time.Duration) error {
		mu.Lock()
		defer mu.Unlock()
		slept = append(slept, d)
		now = now.Add(d)
		return nil
	}
	return l, &slept
}

func budgetHeaders(remaining int, reset time.Time) map[string]string {
	return map[string]string{"X-RateLimit-Limit": "5000", "X-RateLimit-Remaining": strconv.Itoa(remaining),
		"X-RateLimit-Reset": strconv.FormatInt(reset.Unix(), 10), "X-RateLimit-Resource": "core"}
}

const secondaryBody = `{"message":"You have exceeded a secondary rate limit. Please wait a few minutes before you try again.","documentation_url":"https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits"}`

func TestLimiterSecondaryRateLimit(t *testing.T) {
	type want struct {
		status int
		calls  int
		slept  []time.Duration
		bodies []string
	}
	cases := map[string]struct {
		reason  string
		answers []*http.Response
		maxWait time.Duration
		want    want
	}{
		"RetryAfterHonoured": {
			reason: "A secondary limit with Retry-After is waited out, then the refused request (body and all) is sent again.",
			answers: []*http.Response{
				response(http.StatusForbidden, map[string]string{"Retry-After": "7"}, secondaryBody),
				response(http.StatusCreated, nil, `{}`),
			},
			maxWait: time.Minute,
			want:    want{status: http.StatusCreated, calls: 2, slept: []time.Duration{7 * time.Second}, bodies: []string{`{"name":"x"}`, `{"name":"x"}`}},
		},
		"TooManyRequests": {
			reason: "GitHub's 429 with Retry-After is the same.",
			answers: []*http.Response{
				response(http.StatusTooManyRequests, map[string]string{"Retry-After": "3"}, secondaryBody),
				response(http.StatusCreated, nil, `{}`),
			},
			maxWait: time.Minute,
			want:    want{status: http.StatusCreated, calls: 2, slept: []time.Duration{3 * time.Second}, bodies: []string{`{"name":"x"}`, `{"name":"x"}`}},
		},
		"ExponentialBackoffWithoutRetryAfter": {
			reason: "Without Retry-After the waits grow exponentially (with jitter; here its least).",
			answers: []*http.Response{
				response(http.StatusForbidden, nil, secondaryBody),
				response(http.StatusForbidden, nil, secondaryBody),
				response(http.StatusCreated, nil, `{}`),
			},
			maxWait: time.Minute,
			want:    want{status: http.StatusCreated, calls: 3, slept: []time.Duration{time.Second, 2 * time.Second}, bodies: []string{`{"name":"x"}`, `{"name":"x"}`, `{"name":"x"}`}},
		},
		"TooLongToWait": {
			reason: "A Retry-After beyond the longest wait is not waited out: the answer goes back to the caller.",
			answers: []*http.Response{
				response(http.StatusForbidden, map[string]string{"Retry-After": "600"}, secondaryBody),
			},
			maxWait: time.Minute,
			want:    want{status: http.StatusForbidden, calls: 1, slept: []time.Duration{}, bodies: []string{`{"name":"x"}`}},
		},
		"PermissionIsNoRateLimit": {
			reason: "A 403 that is no rate limit is answered at once.",
			answers: []*http.Response{
				response(http.StatusForbidden, nil, `{"message":"Must have admin rights to Repository."}`),
			},
			maxWait: time.Minute,
			want:    want{status: http.StatusForbidden, calls: 1, slept: []time.Duration{}, bodies: []string{`{"name":"x"}`}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			var calls int
			var bodies []string
			next := &fakeTransport{MockRoundTrip: func(r *http.Request) (*http.Response, error) {
				b, _ := io.ReadAll(r.Body)
				bodies = append(bodies, string(b))
				calls++
				return tc.answers[calls-1], nil
			}}
			l, slept := testLimiter(next, tc.maxWait)
			req, _ := http.NewRequest(http.MethodPost, "https://api.github.com/orgs/o/repos", strings.NewReader(`{"name":"x"}`))
			resp, err := l.RoundTrip(req)
			if err != nil {
				t.Fatalf("\n%s\nRoundTrip: %v", tc.reason, err)
			}
			got := want{status: resp.StatusCode, calls: calls, slept: *slept, bodies: bodies}
			if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(want{})); diff != "" {
				t.Errorf("\n%s\nRoundTrip: -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestLimiterWaitsAreExplained(t *testing.T) {
	reset := time.Date(2026, 1, 2, 4, 0, 0, 0, time.UTC)
	cases := map[string]struct {
		reason string
		first  *http.Response
		// conditional marks the second request as a conditional read.
		conditional bool
		wantErr     string
		wantCalls   int
	}{
		"PrimaryNearZero": {
			reason:    "With the primary budget nearly spent, calls wait for the reset; an hour is too long, so they fail at once saying until when.",
			first:     response(http.StatusOK, budgetHeaders(3, reset), `{}`),
			wantErr:   "waiting for GitHub's rate limit for demo-user to reset at 2026-01-02T04:00:00Z",
			wantCalls: 1,
		},
		"ConditionalReadsGoOn": {
			reason:      "Conditional reads (free when answered 304) may use the last points.",
			first:       response(http.StatusOK, budgetHeaders(3, reset), `{}`),
			conditional: true,
			wantCalls:   2,
		},
		"PrimaryUsedUp": {
			reason:      "With no point left even conditional reads wait.",
			first:       response(http.StatusForbidden, budgetHeaders(0, reset), `{"message":"API rate limit exceeded for user ID 1."}`),
			conditional: true,
			wantErr:     "waiting for GitHub's rate limit for demo-user to reset at 2026-01-02T04:00:00Z",
			wantCalls:   1,
		},
		"SecondaryTooLong": {
			reason:    "After a secondary limit longer than the longest wait, calls fail at once saying until when.",
			first:     response(http.StatusForbidden, map[string]string{"Retry-After": "120"}, secondaryBody),
			wantErr:   "waiting for GitHub's secondary rate limit for demo-user to pass at 2026-01-02T03:06:05Z",
			wantCalls: 1,
		},
		"Plenty": {
			reason:    "With points to spare nothing waits.",
			first:     response(http.StatusOK, budgetHeaders(4000, reset), `{}`),
			wantCalls: 2,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			calls := 0
			next := &fakeTransport{MockRoundTrip: func(*http.Request) (*http.Response, error) {
				calls++
				if calls == 1 {
					return tc.first, nil
				}
				return response(http.StatusOK, nil, `{}`), nil
			}}
			l, _ := testLimiter(next, time.Minute)
			req, _ := http.NewRequest(http.MethodGet, "https://api.github.com/repos/o/r", nil)
			if _, err := l.RoundTrip(req); err != nil {
				t.Fatalf("first RoundTrip: %v", err)
			}
			req, _ = http.NewRequest(http.MethodGet, "https://api.github.com/repos/o/r", nil)
			if tc.conditional {
				req.Header.Set("If-None-Match", `W/"x"`)
			}
			_, err := l.RoundTrip(req)
			gotErr := ""
			if err != nil {
				gotErr = err.Error()
			}
			if !strings.HasPrefix(gotErr, tc.wantErr) || (tc.wantErr == "") != (err == nil) {
				t.Errorf("\n%s\nsecond RoundTrip error: want prefix %q, got %q", tc.reason, tc.wantErr, gotErr)
			}
			var e *Error
			if err != nil && (!errors.As(err, &e) || !e.RateLimited) {
				t.Errorf("\n%s\nerror %v: want an *Error that says it is RateLimited", tc.reason, err)
			}
			if calls != tc.wantCalls {
				t.Errorf("\n%s\ncalls to GitHub: want %d, got %d", tc.reason, tc.wantCalls, calls)
			}
		})
	}
}

func TestLimiterConcurrency(t *testing.T) {
	var inFlight, maxReads, maxWrites atomic.Int32
	var writes atomic.Int32
	next := &fakeTransport{MockRoundTrip: func(r *http.Request) (*http.Response, error) {
		n := inFlight.Add(1)
		defer inFlight.Add(-1)
		w := int32(0)
		if r.Method != http.MethodGet {
			w = writes.Add(1)
			defer writes.Add(-1)
		}
		for _, m := range []struct {
			v   *atomic.Int32
			cur int32
		}{{&maxReads, n}, {&maxWrites, w}} {
			for old := m.v.Load(); m.cur > old; old = m.v.Load() {
				if m.v.CompareAndSwap(old, m.cur) {
					break
				}
			}
		}
		time.Sleep(5 * time.Millisecond)
		return response(http.StatusOK, nil, `{}`), nil
	}}
	l := newLimiter(next, &identity{label: "demo-user"}, nil, 4, 1, time.Minute)
	var wg sync.WaitGroup
	for i := 0; i < 40; i++ {
		method := http.MethodGet
		if i%2 == 0 {
			method = http.MethodPatch
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequest(method, "https://api.github.com/repos/o/r", nil)
			if _, err := l.RoundTrip(req); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if got := maxReads.Load(); got > 4 || got < 2 {
		t.Errorf("calls in flight at most: got %d, want 2..4 (the cap)", got)
	}
	if got := maxWrites.Load(); got != 1 {
		t.Errorf("writes in flight at most: got %d, want 1 (serialised)", got)
	}
}

func TestWriteConcurrencyFor(t *testing.T) {
	cases := map[string]struct {
		baseURL string
		want    int
	}{
		"GitHubDotCom":          {baseURL: "", want: DefaultWriteConcurrency},
		"GitHubDotComExplicit":  {baseURL: "https://api.github.com/", want: DefaultWriteConcurrency},
		"GitHubDotComWithPort":  {baseURL: "https://api.github.com:443/", want: DefaultWriteConcurrency},
		"EnterpriseCloudGHEcom": {baseURL: "https://api.octo.ghe.com/", want: DefaultWriteConcurrency},
		"EnterpriseServer":      {baseURL: "https://ghe.example.com/api/v3/", want: EnterpriseWriteConcurrency},
		"EnterpriseServerAPI":   {baseURL: "https://api.ghe.example.com/", want: EnterpriseWriteConcurrency},
		"LocalEmulator":         {baseURL: "http://127.0.0.1:8443/api/v3/", want: EnterpriseWriteConcurrency},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			base, err := NormalizeBaseURL(tc.baseURL)
			if err != nil {
				t.Fatal(err)
			}
			if got := WriteConcurrencyFor(base); got != tc.want {
				t.Errorf("WriteConcurrencyFor(%s) = %d, want %d", base, got, tc.want)
			}
		})
	}
}
