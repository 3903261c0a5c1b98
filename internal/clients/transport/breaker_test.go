package transport

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/bradleyfalzon/ghinstallation/v2"
)

// outcome is what the fake GitHub does with one call.
type outcome struct {
	status int   // answer with this status
	err    error // or fail with this error
}

var (
	ok200       = outcome{status: http.StatusOK}
	down        = outcome{err: errors.New("dial tcp 127.0.0.1:443: connect: connection refused")}
	unavailable = outcome{status: http.StatusServiceUnavailable}
	badCreds    = outcome{status: http.StatusUnauthorized}
	cancelled   = outcome{err: context.Canceled}
)

// breakerRig drives a breaker with a fake clock and a fake GitHub that
// counts the calls that reached it.
type breakerRig struct {
	b    *breaker
	now  time.Time
	sent int
	next outcome
}

func newBreakerRig() *breakerRig {
	r := &breakerRig{now: time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)}
	base, _ := url.Parse("https://api.github.com/")
	r.b = newBreaker(&fakeTransport{MockRoundTrip: func(*http.Request) (*http.Response, error) {
		r.sent++
		if r.next.err != nil {
			return nil, r.next.err
		}
		return response(r.next.status, nil, `{"message":"Bad credentials","documentation_url":"https://docs.github.com/rest"}`), nil
	}}, &identity{label: "demo-user"}, base)
	r.b.now = func() time.Time { return r.now }
	r.b.rand = func() float64 { return 1 } // the longest pause of each step
	return r
}

// call makes one call that meets o, after waiting d; it reports whether
// the call reached GitHub and the error it returned.
func (r *breakerRig) call(d time.Duration, o outcome) (bool, error) {
	r.now = r.now.Add(d)
	r.next = o
	before := r.sent
	req, _ := http.NewRequest(http.MethodGet, "https://api.github.com/repos/o/r?token=secret-token", nil)
	resp, err := r.b.RoundTrip(req)
	if resp != nil {
		resp.Body.Close()
	}
	return r.sent > before, err
}

func TestBreaker(t *testing.T) {
	type step struct {
		wait     time.Duration
		meet     outcome
		sent     bool   // the call reached GitHub
		errSays  string // the call's error says this ("" no error)
		pausedTo time.Duration
	}
	s := time.Second
	cases := map[string]struct {
		reason string
		steps  []step
	}{
		"ShortBlipDoesNotPause": {
			reason: "Five failures within a second are not an outage: calls keep going out.",
			steps: []step{
				{meet: down, sent: true, errSays: "cannot reach GitHub at api.github.com for demo-user: dial tcp"},
				{wait: s / 5, meet: down, sent: true, errSays: "cannot reach"},
				{wait: s / 5, meet: unavailable, sent: true},
				{wait: s / 5, meet: down, sent: true, errSays: "cannot reach"},
				{wait: s / 5, meet: down, sent: true, errSays: "cannot reach"},
				{wait: s / 5, meet: ok200, sent: true},
			},
		},
		"OutagePauses": {
			reason: "Five failures in a row over two seconds pause calls; a paused call says what failed, since when and until when.",
			steps: []step{
				{meet: down, sent: true, errSays: "cannot reach"},
				{wait: s / 2, meet: unavailable, sent: true},
				{wait: s / 2, meet: down, sent: true, errSays: "cannot reach"},
				{wait: s / 2, meet: down, sent: true, errSays: "cannot reach"},
				{wait: s / 2, meet: down, sent: true, errSays: "cannot reach", pausedTo: 2 * s},
				{wait: s, meet: ok200, sent: false, errSays: "GitHub at api.github.com has failed 5 calls in a row for demo-user since 2026-11-26T12:00:00Z (last: cannot reach GitHub at api.github.com for demo-user: dial tcp 127.0.0.1:443: connect: connection refused; the provider retries); calls are paused until 2026-11-26T12:00:04Z, then one call tries again"},
			},
		},
		"OneCallTriesAgainThenAllGo": {
			reason: "At the end of a pause one call goes out; when it succeeds the breaker closes.",
			steps: []step{
				{meet: down, sent: true, errSays: "cannot reach"},
				{wait: s, meet: down, sent: true, errSays: "cannot reach"},
				{wait: s, meet: down, sent: true, errSays: "cannot reach"},
				{wait: s, meet: down, sent: true, errSays: "cannot reach"},
				{wait: s, meet: down, sent: true, errSays: "cannot reach", pausedTo: 2 * s},
				{wait: 2 * s, meet: ok200, sent: true},
				{meet: down, sent: true, errSays: "cannot reach"},
			},
		},
		"FailedRetryPausesLonger": {
			reason: "The call after a pause fails: the next pause doubles, up to a minute.",
			steps: []step{
				{meet: down, sent: true, errSays: "cannot reach"},
				{wait: s, meet: down, sent: true, errSays: "cannot reach"},
				{wait: s, meet: down, sent: true, errSays: "cannot reach"},
				{wait: s, meet: down, sent: true, errSays: "cannot reach"},
				{wait: s, meet: down, sent: true, errSays: "cannot reach", pausedTo: 2 * s},
				{wait: 2 * s, meet: unavailable, sent: true, pausedTo: 4 * s},
				{wait: 3 * s, meet: ok200, sent: false, errSays: "paused until"},
				{wait: s, meet: down, sent: true, errSays: "cannot reach", pausedTo: 8 * s},
				{wait: 8 * s, meet: down, sent: true, errSays: "cannot reach", pausedTo: 16 * s},
				{wait: 16 * s, meet: down, sent: true, errSays: "cannot reach", pausedTo: 32 * s},
				{wait: 32 * s, meet: down, sent: true, errSays: "cannot reach", pausedTo: time.Minute},
				{wait: time.Minute, meet: down, sent: true, errSays: "cannot reach", pausedTo: time.Minute},
			},
		},
		"RejectedCredentialsPauseAtOnce": {
			reason: "One 401 pauses the credential's calls, for 30 s first: GitHub locks out what keeps sending bad credentials.",
			steps: []step{
				{meet: badCreds, sent: true, pausedTo: 30 * s},
				{wait: s, meet: ok200, sent: false, errSays: "GitHub rejected the credentials demo-user (GitHub answered 401 Bad credentials to GET /repos/{owner}/{repo}): the token or GitHub App key in the provider configuration's Secret is wrong, expired or revoked; calls with them are paused until 2026-11-26T12:00:30Z, and a new token or key in the Secret is used at once"},
				{wait: 29 * s, meet: badCreds, sent: true, pausedTo: time.Minute},
				{wait: time.Minute, meet: ok200, sent: true},
				{meet: ok200, sent: true},
			},
		},
		"CancelledCallsDoNotCount": {
			reason: "A call its caller gave up on says nothing about GitHub.",
			steps: []step{
				{meet: cancelled, sent: true, errSays: "context canceled"},
				{wait: s, meet: cancelled, sent: true, errSays: "context canceled"},
				{wait: s, meet: cancelled, sent: true, errSays: "context canceled"},
				{wait: s, meet: cancelled, sent: true, errSays: "context canceled"},
				{wait: s, meet: cancelled, sent: true, errSays: "context canceled"},
				{wait: s, meet: cancelled, sent: true, errSays: "context canceled"},
			},
		},
		"SuccessStartsOver": {
			reason: "A success between failures ends the streak.",
			steps: []step{
				{meet: down, sent: true, errSays: "cannot reach"},
				{wait: s, meet: down, sent: true, errSays: "cannot reach"},
				{wait: s, meet: down, sent: true, errSays: "cannot reach"},
				{wait: s, meet: down, sent: true, errSays: "cannot reach"},
				{wait: s, meet: ok200, sent: true},
				{wait: s, meet: down, sent: true, errSays: "cannot reach"},
				{wait: s, meet: down, sent: true, errSays: "cannot reach"},
				{wait: s, meet: down, sent: true, errSays: "cannot reach"},
				{wait: s, meet: down, sent: true, errSays: "cannot reach"},
				{wait: s, meet: ok200, sent: true},
			},
		},
		"RefusedInstallationTokenPauses": {
			reason: "GitHub refusing a GitHub App installation token is a refused credential, not an outage.",
			steps: []step{
				{meet: outcome{err: &ghinstallation.HTTPError{Message: "could not refresh installation id 42's token: received non 2xx response status \"401 Unauthorized\"",
					Response: &http.Response{StatusCode: http.StatusUnauthorized}}}, sent: true, errSays: "could not refresh installation id 42's token", pausedTo: 30 * s},
				{wait: s, meet: ok200, sent: false, errSays: "GitHub rejected the credentials demo-user (could not refresh installation id 42's token"},
			},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			r := newBreakerRig()
			for i, st := range tc.steps {
				sent, err := r.call(st.wait, st.meet)
				if sent != st.sent {
					t.Errorf("\n%s\nstep %d: reached GitHub %t, want %t", tc.reason, i, sent, st.sent)
				}
				switch {
				case st.errSays == "" && err != nil:
					t.Errorf("\n%s\nstep %d: error %q, want none", tc.reason, i, err)
				case st.errSays != "" && (err == nil || !strings.Contains(err.Error(), st.errSays)):
					t.Errorf("\n%s\nstep %d: error %v, want one saying %q", tc.reason, i, err, st.errSays)
				}
				if err != nil && strings.Contains(err.Error(), "secret-token") {
					t.Errorf("step %d: the error shows the request's query: %v", i, err)
				}
				if st.pausedTo > 0 {
					if got := r.b.until.Sub(r.now); got != st.pausedTo {
						t.Errorf("\n%s\nstep %d: paused for %s, want %s", tc.reason, i, got, st.pausedTo)
					}
				} else if !r.b.until.IsZero() && r.b.until.After(r.now) && st.sent {
					t.Errorf("\n%s\nstep %d: paused until %s, want no pause", tc.reason, i, r.b.until)
				}
			}
		})
	}
}

// While the call after a pause is on its way, other calls still wait.
func TestBreakerSendsOneCallAfterAPause(t *testing.T) {
	r := newBreakerRig()
	r.b.until = r.now.Add(-time.Millisecond) // a pause just ended
	r.b.failed, r.b.cause = 9, "GitHub answered GET /user 503 Service Unavailable"
	probe, err := r.b.admit()
	if !probe || err != nil {
		t.Fatalf("admit() = %t, %v; want the call that tries again", probe, err)
	}
	if again, err := r.b.admit(); again || err == nil || !strings.Contains(err.Error(), "one call is trying again now") {
		t.Fatalf("admit() during the retry = %t, %v; want a paused call that says one call is trying again", again, err)
	}
}

// Calls that were on their way when a pause began fail too: they do not
// lengthen the pause, or a burst of them would take it to its longest.
func TestBreakerCallsInFlightDoNotLengthenThePause(t *testing.T) {
	for name, o := range map[string]outcome{"Outage": down, "Rejected": badCreds} {
		t.Run(name, func(t *testing.T) {
			r := newBreakerRig()
			for range outageStreak {
				_, _ = r.call(time.Second, o)
			}
			until := r.b.until
			if until.IsZero() {
				t.Fatal("no pause")
			}
			req, _ := http.NewRequest(http.MethodGet, "https://api.github.com/repos/o/r", nil)
			for range 50 {
				var resp *http.Response
				if o.err == nil {
					resp = response(o.status, nil, `{"message":"Bad credentials"}`)
				}
				_ = r.b.record(req, false, resp, o.err)
			}
			if !r.b.until.Equal(until) {
				t.Errorf("paused until %s after 50 calls in flight failed, want %s", r.b.until, until)
			}
		})
	}
}
