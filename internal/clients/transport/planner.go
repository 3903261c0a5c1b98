package transport

import (
	"sync"
	"time"
)

// A Planner schedules the full (unconditional) reads of one credential
// within the full-read budget, each object at most once a full-read
// interval. There is one per credential, and its budget
// is shared by every object read through a route declared FullRead (today
// the repository; tomorrow any kind whose ETag can miss a change), whatever
// kind of resource reads it: the objects split one budget, so adding a
// kind never adds to the credential's spending. The conditional cache asks
// it before each such read whether that read is due to be full.
type Planner struct {
	budget  float64
	least   time.Duration // the least interval between full reads of one object
	poll    time.Duration
	limit   func() (limit int, low bool) // the credential's hourly limit; low: spare no point
	now     func() time.Time
	metrics *credentialMetrics

	mu        sync.Mutex
	objects   map[string]*schedule // by objectKey
	lastPrune time.Time
	seq       uint64 // objects seen so far, for their first full read
	// Full reads are also paced across the credential, so that the budget
	// holds while objects come and go (their schedules are phased
	// for the interval of their first sight): tokens refill at
	// FullReadPace and hold a poll's worth and one read. The schedules ask
	// for what the budget or the least interval allows, a little more than
	// the pace (never less), so in steady state the bucket is empty and
	// the pace is what is spent.
	tokens     float64
	lastRefill time.Time
}

type schedule struct {
	seen time.Time // last read of any kind
	next time.Time // next full read
}

// newPlanner spends budget (0: none) of the hourly limit on full reads,
// each object's at least least apart, for objects read every poll.
func newPlanner(budget float64, least, poll time.Duration, limit func() (int, bool), m *credentialMetrics) *Planner {
	return &Planner{budget: budget, least: least, poll: poll, limit: limit, now: time.Now, metrics: m, objects: map[string]*schedule{}}
}

// forgetAfter is how long an object that is not read any more (its
// resource was deleted) still counts towards the credential's objects.
func (p *Planner) forgetAfter() time.Duration { return 3*p.poll + time.Minute }

// interval is the full-read interval for the objects known now; p.mu must
// be held.
func (p *Planner) interval() (time.Duration, bool) {
	limit, _ := p.limit()
	return FullReadInterval(limit, p.budget, len(p.objects), p.least, p.poll)
}

// Due tells whether the read of the object key about to be made should be
// a full one, and records that the object is in use.
func (p *Planner) Due(key string) bool {
	now := p.now()
	p.mu.Lock()
	defer p.mu.Unlock()
	p.prune(now)
	s, known := p.objects[key]
	if !known {
		s = &schedule{}
		p.objects[key] = s
	}
	s.seen = now
	interval, ok := p.interval()
	p.metrics.plan(len(p.objects), interval, PlannedFullReadsPerHour(len(p.objects), interval))
	if !ok {
		return false
	}
	if !known {
		// The first read of an object finds nothing cached and is full
		// anyway.
		s.next = firstFullRead(now, p.seq, interval, p.poll)
		p.seq++
		return false
	}
	limit, low := p.limit()
	if low || now.Before(s.next) {
		return false
	}
	return p.take(now, limit, PlannedFullReadsPerHour(len(p.objects), interval))
}

// take spends one full read of the credential's pace, for a schedule of
// planned full reads an hour; p.mu must be held.
func (p *Planner) take(now time.Time, limit int, planned float64) bool {
	if limit <= 0 {
		limit = defaultHourlyLimit
	}
	perHour := FullReadPace(limit, p.budget, planned, p.poll)
	ceiling := fullReadBucket(perHour, p.poll)
	if p.lastRefill.IsZero() {
		// The bucket starts empty: the first reads of the objects were
		// full ones.
		p.lastRefill = now
	}
	p.tokens = min(ceiling, p.tokens+now.Sub(p.lastRefill).Hours()*perHour)
	p.lastRefill = now
	if p.tokens < 1 {
		return false
	}
	p.tokens--
	return true
}

// Done records that a full read of key was answered.
func (p *Planner) Done(key string) {
	now := p.now()
	p.mu.Lock()
	defer p.mu.Unlock()
	s, ok := p.objects[key]
	if !ok {
		return
	}
	interval, _ := p.interval()
	s.next = now.Add(interval)
	p.metrics.fullRead()
}

// prune forgets objects not read for a while; p.mu must be held.
func (p *Planner) prune(now time.Time) {
	if now.Sub(p.lastPrune) < p.poll {
		return
	}
	p.lastPrune = now
	for k, s := range p.objects {
		if now.Sub(s.seen) > p.forgetAfter() {
			delete(p.objects, k)
		}
	}
}

// Objects is how many objects, of every FullRead route, the planner shares
// the credential's budget among.
func (p *Planner) Objects() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.objects)
}
