package transport

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/bradleyfalzon/ghinstallation/v2"
)

// When GitHub cannot be reached, or keeps answering 5xx, a credential's
// calls pause: after outageStreak calls in a row have failed over at least
// outageSpan, calls fail at once (without a request) for an outage pause
// that doubles from outagePauseBase to outagePauseMax while it lasts; at
// its end one call tries again. A refused credential (401) pauses at once,
// from rejectedPauseBase to rejectedPauseMax: GitHub locks out, for a
// while, an account that keeps sending bad credentials.
const (
	outageStreak      = 5
	outageSpan        = 2 * time.Second
	outagePauseBase   = 2 * time.Second
	outagePauseMax    = time.Minute
	rejectedPauseBase = 30 * time.Second
	rejectedPauseMax  = 10 * time.Minute
)

// A breaker stands between a credential's calls and GitHub (inside the
// rate limiter, around authentication) and keeps an outage or a revoked
// credential from turning every resource's retries into a stream of
// requests that cannot succeed: a thousand resources retrying on their own
// back-off still make a request every few hundred milliseconds. While it
// is open, calls fail at once with an error that says what failed, since
// when, and until when calls wait. A new credential (a rotated Secret) is
// a new client with a breaker of its own, so it is tried at once.
type breaker struct {
	next  http.RoundTripper
	ident *identity
	host  string
	now   func() time.Time
	rand  func() float64

	mu       sync.Mutex
	failed   int       // calls failed in a row
	since    time.Time // when the first of them failed
	until    time.Time // calls fail at once until then (zero: closed)
	pauses   int       // pauses in a row, for the back-off
	probing  bool      // the call after a pause is on its way
	cause    string    // the last failure, worded
	rejected bool      // the pause is for refused credentials
}

func newBreaker(next http.RoundTripper, ident *identity, base *url.URL) *breaker {
	return &breaker{next: next, ident: ident, host: base.Host, now: time.Now, rand: rand.Float64}
}

// RoundTrip implements http.RoundTripper.
func (b *breaker) RoundTrip(req *http.Request) (*http.Response, error) {
	probe, err := b.admit()
	if err != nil {
		return nil, err
	}
	resp, err := b.next.RoundTrip(req)
	return resp, b.record(req, probe, resp, err)
}

// admit reports whether the call may go out, and whether it is the one
// call that tries again after a pause.
func (b *breaker) admit() (bool, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.until.IsZero() {
		return false, nil
	}
	if b.probing || b.now().Before(b.until) {
		return false, b.pausedError()
	}
	b.probing = true
	return true, nil
}

// record learns from one call's outcome; a transport failure comes back
// worded (it is the error the call returns).
func (b *breaker) record(req *http.Request, probe bool, resp *http.Response, err error) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if probe {
		b.probing = false
	}
	now := b.now()
	switch {
	case err != nil && errors.Is(err, context.Canceled):
		// The caller gave up; GitHub said nothing.
		return err
	case err != nil && rejectedInstallation(err):
		b.reject(now, err.Error())
		return err
	case err != nil:
		err = &Error{cause: err, msg: fmt.Sprintf("cannot reach GitHub at %s for %s: %v; the provider retries", b.host, b.ident.Label(), err)}
		b.fail(now, probe, err.Error())
		return err
	case resp.StatusCode == http.StatusUnauthorized:
		b.reject(now, fmt.Sprintf("GitHub answered 401 %s to %s %s", saidMessage(resp), req.Method, routeOf(sentPath(req))))
	case resp.StatusCode >= 500:
		b.fail(now, probe, fmt.Sprintf("GitHub answered %d %s to %s %s", resp.StatusCode, http.StatusText(resp.StatusCode), req.Method, routeOf(sentPath(req))))
	default:
		b.failed, b.since, b.until, b.pauses, b.cause, b.rejected = 0, time.Time{}, time.Time{}, 0, "", false
	}
	return nil
}

// fail counts a failed call, and pauses calls once the failures look like
// an outage (or the call after a pause failed too); b.mu is held.
func (b *breaker) fail(now time.Time, probe bool, cause string) {
	if b.failed == 0 {
		b.since = now
	}
	b.failed++
	b.cause = cause
	if now.Before(b.until) {
		// Paused already: a call that was on its way when the pause began
		// says nothing new.
		return
	}
	if probe || (b.failed >= outageStreak && now.Sub(b.since) >= outageSpan) {
		b.pause(now, outagePauseBase, outagePauseMax)
	}
}

// reject pauses calls at once: GitHub refused the credential; b.mu is held.
func (b *breaker) reject(now time.Time, cause string) {
	if b.failed == 0 || !b.rejected {
		b.since = now
	}
	b.failed++
	b.cause = cause
	if b.rejected && now.Before(b.until) {
		return // paused already, for this
	}
	b.rejected = true
	b.pause(now, rejectedPauseBase, rejectedPauseMax)
}

// pause opens the breaker for the next back-off step (equal jitter, so
// that credentials sharing an outage do not try again in step); b.mu is
// held.
func (b *breaker) pause(now time.Time, base, ceiling time.Duration) {
	d := base
	for i := 0; i < b.pauses && d < ceiling; i++ {
		d *= 2
	}
	d = min(d, ceiling)
	d = d/2 + time.Duration(b.rand()*float64(d/2))
	b.pauses++
	b.until = now.Add(d)
}

// pausedError is the answer of a call made during a pause; b.mu is held.
func (b *breaker) pausedError() error {
	at := b.until.UTC().Format(time.RFC3339)
	if b.probing {
		at += ", and one call is trying again now"
	}
	if b.rejected {
		return &Error{msg: fmt.Sprintf("GitHub rejected the credentials %s (%s): the token or GitHub App key in the provider configuration's Secret is wrong, expired or revoked; calls with them are paused until %s, and a new token or key in the Secret is used at once",
			b.ident.Label(), b.cause, at)}
	}
	return &Error{msg: fmt.Sprintf("GitHub at %s has failed %d calls in a row for %s since %s (last: %s); calls are paused until %s, then one call tries again",
		b.host, b.failed, b.ident.Label(), b.since.UTC().Format(time.RFC3339), b.cause, at)}
}

// rejectedInstallation tells a GitHub App installation token that GitHub
// refused to issue (the App's key is wrong, the App is suspended or no
// longer installed) from a failure to reach GitHub.
func rejectedInstallation(err error) bool {
	var he *ghinstallation.HTTPError
	if !errors.As(err, &he) || he.Response == nil {
		return false
	}
	s := he.Response.StatusCode
	return s == http.StatusUnauthorized || s == http.StatusForbidden || s == http.StatusNotFound
}

// saidMessage is the "message" of a GitHub error answer (its status text
// when there is none); the body stays readable.
func saidMessage(resp *http.Response) string {
	var said struct {
		Message string `json:"message"`
	}
	_ = json.Unmarshal(peek(resp), &said) // a body that is not JSON says nothing
	msg := strings.TrimSpace(said.Message)
	if msg == "" || len(msg) > 200 {
		return http.StatusText(resp.StatusCode)
	}
	return msg
}
