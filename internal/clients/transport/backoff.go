package transport

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Backoff bounds for secondary rate limits that do not say how long to wait.
const (
	backoffBase = 2 * time.Second
	backoffMax  = 2 * time.Minute
)

// retryAfter reads a Retry-After header: seconds, or an HTTP date.
func retryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if s, err := strconv.ParseInt(v, 10, 64); err == nil {
		if s < 0 {
			s = 0
		}
		return time.Duration(s) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		d := t.Sub(now)
		if d < 0 {
			d = 0
		}
		return d, true
	}
	return 0, false
}

// backoff is the wait after the attempt-th consecutive secondary rate limit
// (0 for the first) that came without Retry-After: exponential from
// backoffBase to backoffMax, with "equal jitter" (half fixed, half random;
// r is uniform in [0, 1)) so that clients do not retry in step.
func backoff(attempt int, r float64) time.Duration {
	d := backoffBase
	for i := 0; i < attempt && d < backoffMax; i++ {
		d *= 2
	}
	if d > backoffMax {
		d = backoffMax
	}
	return d/2 + time.Duration(r*float64(d/2))
}

// rateAnswer is what a GitHub answer says about the primary rate limit.
type rateAnswer struct {
	limit, remaining int
	reset            time.Time
}

// parseRateHeaders reads the X-RateLimit-* headers of an answer about the
// core REST budget; ok is false when there are none, or they are about
// another budget (search, graphql, ...).
func parseRateHeaders(h http.Header) (rateAnswer, bool) {
	if r := h.Get("X-RateLimit-Resource"); r != "" && r != "core" {
		return rateAnswer{}, false
	}
	limit, err1 := strconv.Atoi(h.Get("X-RateLimit-Limit"))
	remaining, err2 := strconv.Atoi(h.Get("X-RateLimit-Remaining"))
	reset, err3 := strconv.ParseInt(h.Get("X-RateLimit-Reset"), 10, 64)
	if err1 != nil || err2 != nil || err3 != nil {
		return rateAnswer{}, false
	}
	return rateAnswer{limit: limit, remaining: remaining, reset: time.Unix(reset, 0)}, true
}
