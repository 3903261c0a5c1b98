package emulator

import (
	"sync"
	"time"
)

// Default primary rate limits per hour.
const (
	DefaultRateLimit   = 5000
	anonymousRateLimit = 60
	rateWindow         = time.Hour
)

// rateBucket is one principal's primary rate-limit window.
type rateBucket struct {
	limit int
	used  int
	reset time.Time
}

// rateLimiter accounts primary rate-limit points per principal.
type rateLimiter struct {
	mu        sync.Mutex
	now       func() time.Time
	def       int
	buckets   map[string]*rateBucket
	overrides map[string]int
	points    map[string]int // total points ever charged, for stats
}

func newRateLimiter(now func() time.Time, def int) *rateLimiter {
	if def <= 0 {
		def = DefaultRateLimit
	}
	return &rateLimiter{now: now, def: def, buckets: map[string]*rateBucket{}, overrides: map[string]int{}, points: map[string]int{}}
}

// rateSnapshot is what the X-RateLimit-* headers report.
type rateSnapshot struct {
	Limit, Remaining, Used int
	Reset                  time.Time
}

func (l *rateLimiter) bucket(key string, anonymous bool) *rateBucket {
	now := l.now()
	b := l.buckets[key]
	if b == nil || !now.Before(b.reset) {
		b = &rateBucket{reset: now.Add(rateWindow).Truncate(time.Second)}
		l.buckets[key] = b
	}
	b.limit = l.def
	if anonymous {
		b.limit = anonymousRateLimit
	}
	if o, ok := l.overrides[key]; ok {
		b.limit = o
	}
	return b
}

func snapshot(b *rateBucket) rateSnapshot {
	rem := b.limit - b.used
	if rem < 0 {
		rem = 0
	}
	return rateSnapshot{Limit: b.limit, Remaining: rem, Used: b.used, Reset: b.reset}
}

// take charges one point. It reports false (and charges nothing) when the
// bucket is exhausted.
func (l *rateLimiter) take(key string, anonymous bool) (rateSnapshot, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.bucket(key, anonymous)
	if b.used >= b.limit {
		return snapshot(b), false
	}
	b.used++
	l.points[key]++
	return snapshot(b), true
}

// refund gives back a point charged by take (for 304 answers).
func (l *rateLimiter) refund(key string, anonymous bool) rateSnapshot {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.bucket(key, anonymous)
	if b.used > 0 {
		b.used--
	}
	if l.points[key] > 0 {
		l.points[key]--
	}
	return snapshot(b)
}

// peek reports the bucket without charging.
func (l *rateLimiter) peek(key string, anonymous bool) rateSnapshot {
	l.mu.Lock()
	defer l.mu.Unlock()
	return snapshot(l.bucket(key, anonymous))
}

// setOverrides replaces the per-principal limits.
func (l *rateLimiter) setOverrides(o map[string]int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.overrides = map[string]int{}
	for k, v := range o {
		l.overrides[k] = v
	}
}

func (l *rateLimiter) pointsByKey() map[string]int {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make(map[string]int, len(l.points))
	for k, v := range l.points {
		out[k] = v
	}
	return out
}

func (l *rateLimiter) reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buckets = map[string]*rateBucket{}
	l.points = map[string]int{}
}
