package emulator

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Duration is a time.Duration that reads and writes JSON as a Go duration
// string ("250ms") or a number of milliseconds.
type Duration time.Duration

// MarshalJSON writes the duration as a string.
func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(time.Duration(d).String()) }

// UnmarshalJSON accepts "250ms" or 250 (milliseconds).
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		v, err := time.ParseDuration(s)
		if err != nil {
			return fmt.Errorf("parsing duration %q: %w", s, err)
		}
		*d = Duration(v)
		return nil
	}
	var ms float64
	if err := json.Unmarshal(b, &ms); err != nil {
		return fmt.Errorf("duration must be a string like \"250ms\" or a number of milliseconds: %w", err)
	}
	*d = Duration(time.Duration(ms * float64(time.Millisecond)))
	return nil
}

// Faults describe failures injected into API answers (never into /_emulator/).
// Fractions are probabilities in [0, 1].
type Faults struct {
	// PathPrefix restricts faults to API paths (without /api/v3) starting
	// with it; empty means all.
	PathPrefix string `json:"pathPrefix,omitempty"`
	// Latency delays every answer by Fixed plus a uniform random Jitter.
	Latency LatencyFault `json:"latency,omitempty"`
	// Errors answers a fraction of requests with one of Codes (500, 502 or 503).
	Errors ErrorFault `json:"errors,omitempty"`
	// SecondaryRateLimit answers a fraction of requests with GitHub's 403
	// secondary rate limit error and a Retry-After header.
	SecondaryRateLimit SecondaryRateLimitFault `json:"secondaryRateLimit,omitempty"`
	// Stall holds a fraction of requests open until the client gives up or
	// Max passes (then answers normally).
	Stall StallFault `json:"stall,omitempty"`
	// LostAnswers carries out a fraction of writes and then answers them
	// with 502, as when GitHub's gateway times out on a write that went
	// through: the client must find out what happened before writing again.
	LostAnswers LostAnswersFault `json:"lostAnswers,omitempty"`
	// RateLimits overrides the primary hourly budget per principal: keys are
	// user logins, "installation:<id>", or token values.
	RateLimits map[string]int `json:"rateLimits,omitempty"`
	// Seed, when not 0, restarts the faults' random choices from it, so
	// that the same requests in the same order meet the same faults.
	Seed uint64 `json:"seed,omitempty"`
}

// LostAnswersFault loses the answers of writes that took effect.
type LostAnswersFault struct {
	Fraction float64 `json:"fraction,omitempty"`
}

// LatencyFault adds delay.
type LatencyFault struct {
	Fixed  Duration `json:"fixed,omitempty"`
	Jitter Duration `json:"jitter,omitempty"`
}

// ErrorFault injects server errors.
type ErrorFault struct {
	Fraction float64 `json:"fraction,omitempty"`
	Codes    []int   `json:"codes,omitempty"`
}

// SecondaryRateLimitFault injects secondary rate limit answers.
type SecondaryRateLimitFault struct {
	Fraction   float64 `json:"fraction,omitempty"`
	RetryAfter int     `json:"retryAfter,omitempty"`
}

// StallFault holds connections.
type StallFault struct {
	Fraction float64  `json:"fraction,omitempty"`
	Max      Duration `json:"max,omitempty"`
}

// validate checks a fault description.
func (f *Faults) validate() error {
	for name, v := range map[string]float64{"errors.fraction": f.Errors.Fraction, "secondaryRateLimit.fraction": f.SecondaryRateLimit.Fraction,
		"stall.fraction": f.Stall.Fraction, "lostAnswers.fraction": f.LostAnswers.Fraction} {
		if v < 0 || v > 1 {
			return fmt.Errorf("%s must be between 0 and 1, got %v", name, v)
		}
	}
	for _, code := range f.Errors.Codes {
		if code != 500 && code != 502 && code != 503 {
			return fmt.Errorf("errors.codes may hold 500, 502 and 503, got %d", code)
		}
	}
	if f.Latency.Fixed < 0 || f.Latency.Jitter < 0 || f.Stall.Max < 0 {
		return fmt.Errorf("durations must not be negative")
	}
	for k, v := range f.RateLimits {
		if v < 0 {
			return fmt.Errorf("rateLimits[%q] must not be negative", k)
		}
	}
	return nil
}

// defaultStallMax bounds a stall when Max is not set.
const defaultStallMax = 30 * time.Second

type faultInjector struct {
	mu  sync.Mutex
	f   Faults
	rnd *rand.Rand
}

func newFaultInjector() *faultInjector {
	return &faultInjector{rnd: newFaultRand(0)}
}

// newFaultRand is the faults' source of random choices for seed (0: the
// built-in one).
func newFaultRand(seed uint64) *rand.Rand {
	if seed == 0 {
		return rand.New(rand.NewPCG(1, 2))
	}
	return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}

func (fi *faultInjector) get() Faults {
	fi.mu.Lock()
	defer fi.mu.Unlock()
	return fi.f
}

func (fi *faultInjector) set(f Faults) {
	fi.mu.Lock()
	defer fi.mu.Unlock()
	fi.f = f
	if f.Seed != 0 {
		fi.rnd = newFaultRand(f.Seed)
	}
}

func (fi *faultInjector) clear() { fi.set(Faults{}) }

// roll reports true with probability p.
func (fi *faultInjector) roll(p float64) bool {
	if p <= 0 {
		return false
	}
	fi.mu.Lock()
	defer fi.mu.Unlock()
	return fi.rnd.Float64() < p
}

func (fi *faultInjector) jitter(limit time.Duration) time.Duration {
	if limit <= 0 {
		return 0
	}
	fi.mu.Lock()
	defer fi.mu.Unlock()
	return time.Duration(fi.rnd.Int64N(int64(limit)))
}

// apply injects faults into a request. It reports true when it has answered
// the request itself.
func (fi *faultInjector) apply(c *reqCtx) bool {
	f := fi.get()
	if f.PathPrefix != "" && !strings.HasPrefix(c.path, f.PathPrefix) {
		return false
	}
	ctx := c.r.Context()
	if d := time.Duration(f.Latency.Fixed) + fi.jitter(time.Duration(f.Latency.Jitter)); d > 0 {
		t := time.NewTimer(d)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
		}
	}
	if fi.roll(f.Stall.Fraction) {
		limit := time.Duration(f.Stall.Max)
		if limit <= 0 {
			limit = defaultStallMax
		}
		t := time.NewTimer(limit)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			c.status = 499 // client closed request; nothing reaches the client
			return true
		}
	}
	if fi.roll(f.SecondaryRateLimit.Fraction) {
		retry := f.SecondaryRateLimit.RetryAfter
		if retry <= 0 {
			retry = 60
		}
		c.fail(http.StatusForbidden, "You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID "+c.reqID+".", docSecondary)
		c.header.Set("Retry-After", strconv.Itoa(retry))
		return true
	}
	if fi.roll(f.Errors.Fraction) {
		codes := f.Errors.Codes
		if len(codes) == 0 {
			codes = []int{500}
		}
		fi.mu.Lock()
		code := codes[fi.rnd.IntN(len(codes))]
		fi.mu.Unlock()
		switch code {
		case http.StatusBadGateway:
			c.fail(code, "Server Error", docRoot)
		case http.StatusServiceUnavailable:
			c.fail(code, "Service Unavailable", docRoot)
		default:
			c.fail(code, "Server Error", docRoot)
		}
		return true
	}
	return false
}

// loseAnswer replaces the answer of a write the handler carried out with
// GitHub's 502, for the LostAnswers fraction of them. It reports whether
// it did.
func (fi *faultInjector) loseAnswer(c *reqCtx) bool {
	f := fi.get()
	if c.r.Method == http.MethodGet || c.r.Method == http.MethodHead || c.status < 200 || c.status >= 300 {
		return false
	}
	if f.PathPrefix != "" && !strings.HasPrefix(c.path, f.PathPrefix) {
		return false
	}
	if !fi.roll(f.LostAnswers.Fraction) {
		return false
	}
	c.header.Del("Location")
	c.header.Del("ETag")
	c.fail(http.StatusBadGateway, "Server Error", docRoot)
	return true
}

// SetFaults installs fault injection; it also applies RateLimits.
func (s *Server) SetFaults(f Faults) error {
	if err := f.validate(); err != nil {
		return fmt.Errorf("invalid faults: %w", err)
	}
	overrides := map[string]int{}
	for k, v := range f.RateLimits {
		overrides[s.state.rateKeyFor(k)] = v
	}
	s.limiter.setOverrides(overrides)
	s.faults.set(f)
	return nil
}

// ClearFaults removes all fault injection and budget overrides.
func (s *Server) ClearFaults() {
	s.faults.clear()
	s.limiter.setOverrides(nil)
}

// Faults returns the installed faults.
func (s *Server) Faults() Faults { return s.faults.get() }

// rateKeyFor maps a token value to its rate-limit bucket; other keys are
// taken as bucket names (logins or "installation:<id>").
func (st *State) rateKeyFor(k string) string {
	st.mu.RLock()
	defer st.mu.RUnlock()
	if t, ok := st.w.tokens[k]; ok {
		if t.installation != 0 {
			return fmt.Sprintf("installation:%d", t.installation)
		}
		if u := st.w.account(t.login); u != nil {
			return u.Login
		}
	}
	if u := st.w.account(k); u != nil {
		return u.Login
	}
	return k
}
