package transport

import (
	"net/http"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestBackoff(t *testing.T) {
	cases := map[string]struct {
		attempt int
		r       float64
		want    time.Duration
	}{
		"FirstLeast":   {attempt: 0, r: 0, want: time.Second},
		"FirstMost":    {attempt: 0, r: 0.999999999, want: 2 * time.Second},
		"SecondLeast":  {attempt: 1, r: 0, want: 2 * time.Second},
		"ThirdHalfway": {attempt: 2, r: 0.5, want: 6 * time.Second},
		"Capped":       {attempt: 30, r: 0, want: time.Minute},
		"CappedMost":   {attempt: 30, r: 0.999999999, want: 2 * time.Minute},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, backoff(tc.attempt, tc.r).Round(time.Millisecond)); diff != "" {
				t.Errorf("backoff(%d, %v): -want, +got:\n%s", tc.attempt, tc.r, diff)
			}
		})
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	type want struct {
		d  time.Duration
		ok bool
	}
	cases := map[string]struct {
		header string
		want   want
	}{
		"Seconds":  {header: "60", want: want{60 * time.Second, true}},
		"Spaces":   {header: " 7 ", want: want{7 * time.Second, true}},
		"Date":     {header: now.Add(90 * time.Second).Format(http.TimeFormat), want: want{90 * time.Second, true}},
		"PastDate": {header: now.Add(-time.Hour).Format(http.TimeFormat), want: want{0, true}},
		"Negative": {header: "-3", want: want{0, true}},
		"Absent":   {header: "", want: want{}},
		"Garbage":  {header: "soon", want: want{}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			d, ok := retryAfter(tc.header, now)
			if diff := cmp.Diff(tc.want, want{d, ok}, cmp.AllowUnexported(want{})); diff != "" {
				t.Errorf("retryAfter(%q): -want, +got:\n%s", tc.header, diff)
			}
		})
	}
}

func TestParseRateHeaders(t *testing.T) {
	cases := map[string]struct {
		header map[string]string
		want   rateAnswer
		ok     bool
	}{
		"Core": {header: map[string]string{"X-RateLimit-Limit": "5000", "X-RateLimit-Remaining": "42", "X-RateLimit-Reset": "1700000000", "X-RateLimit-Resource": "core"},
			want: rateAnswer{limit: 5000, remaining: 42, reset: time.Unix(1700000000, 0)}, ok: true},
		"NoResource": {header: map[string]string{"X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1700000000"},
			want: rateAnswer{limit: 60, remaining: 0, reset: time.Unix(1700000000, 0)}, ok: true},
		"Search": {header: map[string]string{"X-RateLimit-Limit": "30", "X-RateLimit-Remaining": "1", "X-RateLimit-Reset": "1700000000", "X-RateLimit-Resource": "search"}},
		"None":   {header: map[string]string{}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got, ok := parseRateHeaders(response(200, tc.header, "").Header)
			if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(rateAnswer{})); diff != "" || ok != tc.ok {
				t.Errorf("parseRateHeaders(%v) = %v, -want, +got:\n%s", tc.header, ok, diff)
			}
		})
	}
}
