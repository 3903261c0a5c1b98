package transport

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// Defaults of the per-credential limits.
const (
	DefaultMaxConcurrency   = 20
	DefaultWriteConcurrency = 1
	// EnterpriseWriteConcurrency is the writes in flight per credential on
	// GitHub Enterprise Server (see WriteConcurrencyFor).
	EnterpriseWriteConcurrency = 8
	DefaultMaxRateLimitWait    = time.Minute
	// maxSecondaryRetries bounds how often one request is sent again after
	// a secondary rate limit.
	maxSecondaryRetries = 3
)

// WriteConcurrencyFor is the writes in flight per credential on the REST
// API at base, unless configured: one on github.com (and GitHub Enterprise
// Cloud's ghe.com, which has github.com's limits), as GitHub advises
// (there its secondary limit of 80 content-creating requests a minute sets
// the pace of creates whatever is in flight, and it penalises concurrent
// writes); EnterpriseWriteConcurrency on GitHub Enterprise Server, whose
// rate limits are off unless its administrator turns them on. If they are
// on, the limiter still pauses and retries on GitHub's secondary rate limit
// answers as it does for github.com.
func WriteConcurrencyFor(base *url.URL) int {
	if base == nil || base.Hostname() == "api.github.com" || strings.HasSuffix(base.Hostname(), ".ghe.com") {
		return DefaultWriteConcurrency
	}
	return EnterpriseWriteConcurrency
}

// A limiter is the RoundTripper that keeps one credential within GitHub's
// limits. It reads the X-RateLimit-* headers of every answer; once the
// primary budget is (nearly) spent it holds the credential's calls until
// GitHub resets it, and after a secondary rate limit it holds them for
// Retry-After (or an exponential backoff with jitter) and then sends the
// refused request again. It caps the calls in flight, and the writes in
// flight (GitHub advises one at a time). A wait longer than maxWait, or past
// the request's deadline, is not waited out: the call fails at once with an
// error that says until when the credential waits.
type limiter struct {
	next    http.RoundTripper
	ident   *identity
	metrics *credentialMetrics
	calls   chan struct{}
	writes  chan struct{}
	maxWait time.Duration
	now     func() time.Time
	rand    func() float64
	sleep   func(context.Context, time.Duration) error

	mu             sync.Mutex
	known          bool
	limit          int
	remaining      int
	reset          time.Time
	secondaryUntil time.Time
	strikes        int
}

func newLimiter(next http.RoundTripper, ident *identity, m *credentialMetrics, maxConcurrency, writeConcurrency int, maxWait time.Duration) *limiter {
	if maxConcurrency <= 0 {
		maxConcurrency = DefaultMaxConcurrency
	}
	if writeConcurrency <= 0 {
		writeConcurrency = DefaultWriteConcurrency
	}
	if maxWait <= 0 {
		maxWait = DefaultMaxRateLimitWait
	}
	return &limiter{next: next, ident: ident, metrics: m,
		calls: make(chan struct{}, maxConcurrency), writes: make(chan struct{}, writeConcurrency),
		maxWait: maxWait, now: time.Now, rand: rand.Float64, sleep: Sleep}
}

// RoundTrip implements http.RoundTripper.
func (l *limiter) RoundTrip(req *http.Request) (*http.Response, error) {
	l.ident.resolveOnce(req.Context(), l)
	ctx := req.Context()
	write := req.Method != http.MethodGet && req.Method != http.MethodHead
	free := req.Header.Get("If-None-Match") != "" || req.Header.Get("If-Modified-Since") != ""
	for attempt := 0; ; attempt++ {
		if err := l.gate(ctx, free); err != nil {
			return nil, err
		}
		release, err := l.acquire(ctx, write)
		if err != nil {
			return nil, err
		}
		resp, err := l.next.RoundTrip(req)
		release()
		if err != nil {
			return nil, err
		}
		l.metrics.request(req.Method, routeOf(sentPath(req)), resp.StatusCode)
		if !l.observe(resp) || attempt >= maxSecondaryRetries || (req.Body != nil && req.GetBody == nil) {
			return resp, nil
		}
		if until, _ := l.blockedUntil(free); !l.canWait(ctx, until) {
			return resp, nil
		}
		// GitHub refused the request without acting on it: send it again
		// once the pause is over.
		drain(resp)
		retry := req.Clone(ctx)
		if req.GetBody != nil {
			if retry.Body, err = req.GetBody(); err != nil {
				return nil, err
			}
		}
		req = retry
	}
}

// gate waits until the credential may call GitHub, or fails when that is
// too far off. free calls (conditional reads, which GitHub does not charge
// when answered 304) may use the last points of the primary budget.
func (l *limiter) gate(ctx context.Context, free bool) error {
	for {
		until, kind := l.blockedUntil(free)
		if until.IsZero() {
			return nil
		}
		if !l.canWait(ctx, until) {
			return l.waitError(kind, until)
		}
		start := l.now()
		err := l.sleep(ctx, until.Sub(start))
		l.metrics.waited(kind, l.now().Sub(start))
		if err != nil {
			return l.waitError(kind, until)
		}
	}
}

func (l *limiter) canWait(ctx context.Context, until time.Time) bool {
	if until.Sub(l.now()) > l.maxWait {
		return false
	}
	if dl, ok := ctx.Deadline(); ok && dl.Before(until) {
		return false
	}
	return true
}

// blockedUntil is when the credential may next call GitHub (zero: now), and
// which limit holds it.
func (l *limiter) blockedUntil(free bool) (time.Time, string) {
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Before(l.secondaryUntil) {
		return l.secondaryUntil, "secondary"
	}
	if l.known && now.Before(l.reset) && (l.remaining <= 0 || (!free && l.remaining <= l.reserve())) {
		return l.reset, "primary"
	}
	return time.Time{}, ""
}

// reserve is the part of the primary budget kept for conditional reads
// (free when answered 304) once the rest is spent; l.mu must be held.
func (l *limiter) reserve() int {
	r := l.limit / 100
	if r < 1 {
		r = 1
	}
	return r
}

// budget reports the hourly limit and whether the budget is running low
// (under a tenth left), when optional calls should wait.
func (l *limiter) budget() (int, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.known {
		return 0, false
	}
	return l.limit, l.now().Before(l.reset) && l.remaining*10 < l.limit
}

func (l *limiter) waitError(kind string, until time.Time) error {
	wait := until.Sub(l.now()).Round(time.Second)
	at := until.UTC().Format(time.RFC3339)
	if kind == "secondary" {
		return &Error{RateLimited: true, RetryAfter: wait,
			msg: fmt.Sprintf("waiting for GitHub's secondary rate limit for %s to pass at %s (GitHub asked to slow down); the provider retries then", l.ident.Label(), at)}
	}
	return &Error{RateLimited: true, RetryAfter: wait,
		msg: fmt.Sprintf("waiting for GitHub's rate limit for %s to reset at %s; the provider retries then", l.ident.Label(), at)}
}

func (l *limiter) acquire(ctx context.Context, write bool) (func(), error) {
	if write {
		select {
		case l.writes <- struct{}{}:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	select {
	case l.calls <- struct{}{}:
	case <-ctx.Done():
		if write {
			<-l.writes
		}
		return nil, ctx.Err()
	}
	return func() {
		<-l.calls
		if write {
			<-l.writes
		}
	}, nil
}

// observe records what an answer says about the limits. It reports true for
// a secondary rate limit, after which the request may be sent again.
func (l *limiter) observe(resp *http.Response) bool {
	now := l.now()
	rh, hasRate := parseRateHeaders(resp.Header)
	limited := resp.StatusCode == http.StatusForbidden || resp.StatusCode == http.StatusTooManyRequests
	wait, hasRetryAfter := retryAfter(resp.Header.Get("Retry-After"), now)
	secondary := limited && (hasRetryAfter || resp.StatusCode == http.StatusTooManyRequests ||
		(!(hasRate && rh.remaining == 0) && saysSecondary(resp)))

	l.mu.Lock()
	defer l.mu.Unlock()
	if hasRate {
		l.known, l.limit, l.remaining, l.reset = true, rh.limit, rh.remaining, rh.reset
		l.metrics.rate(rh.limit, rh.remaining)
	}
	if !secondary {
		if resp.StatusCode < 400 {
			l.strikes = 0
		}
		return false
	}
	if !hasRetryAfter {
		wait = backoff(l.strikes, l.rand())
	}
	l.strikes++
	if until := now.Add(wait); until.After(l.secondaryUntil) {
		l.secondaryUntil = until
	}
	return true
}

// saysSecondary tells a secondary rate limit answer from another 403 by its
// message; the body stays readable.
func saysSecondary(resp *http.Response) bool {
	msg := strings.ToLower(string(peek(resp)))
	return strings.Contains(msg, "secondary rate limit") || strings.Contains(msg, "abuse")
}

// peek reads the start of an answer's body (64 KiB at most) and leaves the
// body readable from its beginning.
func peek(resp *http.Response) []byte {
	if resp.Body == nil {
		return nil
	}
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	rest := resp.Body
	resp.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(b), rest), rest}
	return b
}

// An identity names a credential in metrics and messages without revealing
// it: the login of a token's user (read once from GET /user), or the App
// and installation ids.
type identity struct {
	base    *url.URL
	resolve bool

	once  sync.Once
	mu    sync.Mutex
	label string
}

func newIdentity(c Credentials, base *url.URL, resolve bool) *identity {
	if c.App != nil {
		return &identity{label: fmt.Sprintf("app-%d-installation-%d", c.App.AppID, c.App.InstallationID)}
	}
	// Until the login is known: a short hash, which cannot be turned back
	// into the token.
	return &identity{base: base, resolve: resolve, label: "token-" + tokenHash(c.Token)}
}

// Label is the credential's name in metrics and messages.
func (i *identity) Label() string {
	if i == nil {
		return ""
	}
	i.mu.Lock()
	defer i.mu.Unlock()
	return i.label
}

// resolveOnce reads the token's login with GET /user, once, through l's
// inner transport (authenticated, not cached, not limited).
func (i *identity) resolveOnce(ctx context.Context, l *limiter) {
	if i == nil || !i.resolve {
		return
	}
	i.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, i.base.ResolveReference(&url.URL{Path: "user"}).String(), nil)
		if err != nil {
			return
		}
		req.Header.Set("Accept", DefaultAccept)
		resp, err := l.next.RoundTrip(req)
		if err != nil {
			return
		}
		defer drain(resp)
		l.metrics.request(req.Method, routeOf(sentPath(req)), resp.StatusCode)
		l.observe(resp)
		var who struct {
			Login string `json:"login"`
		}
		if resp.StatusCode != http.StatusOK || json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&who) != nil || who.Login == "" {
			return
		}
		i.mu.Lock()
		old := i.label
		i.label = who.Login
		i.mu.Unlock()
		l.metrics.relabel(old)
	})
}
