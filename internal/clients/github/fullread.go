package github

import (
	"hash/fnv"
	"time"
)

// The full-read budget. GitHub's repository ETag reportedly stays the same
// when only merge settings change, so a conditional read can answer 304 over
// drift. Each repository is therefore read unconditionally from time to
// time: the credential's repositories share a budget of full reads (a share
// of its hourly rate limit), spread evenly over them.

// DefaultFullReadBudget is the share of a credential's hourly rate limit
// spent on full reads.
const DefaultFullReadBudget = 0.2

// defaultHourlyLimit is GitHub's primary rate limit for a token, assumed
// until GitHub reports the real one.
const defaultHourlyLimit = 5000

// FullReadInterval is how often each of resources repositories may be read
// in full when budget (0..1) of an hourly limit of limit points goes to full
// reads: never more often than poll. ok is false when the budget is zero (no
// scheduled full reads).
func FullReadInterval(limit int, budget float64, resources int, poll time.Duration) (interval time.Duration, ok bool) {
	if budget <= 0 {
		return 0, false
	}
	if resources < 1 {
		resources = 1
	}
	perHour := FullReadsPerHour(limit, budget)
	interval = time.Duration(float64(time.Hour) * float64(resources) / perHour)
	if interval < poll {
		interval = poll
	}
	return interval, true
}

// FullReadsPerHour is the budget of full reads an hour of one credential.
func FullReadsPerHour(limit int, budget float64) float64 {
	if budget <= 0 {
		return 0
	}
	if budget > 1 {
		budget = 1
	}
	if limit <= 0 {
		limit = defaultHourlyLimit
	}
	return budget * float64(limit)
}

// PlannedFullReadsPerHour is how many full reads an hour the schedule of
// FullReadInterval makes across resources repositories.
func PlannedFullReadsPerHour(resources int, interval time.Duration) float64 {
	if interval <= 0 || resources <= 0 {
		return 0
	}
	return float64(resources) * float64(time.Hour) / float64(interval)
}

// firstFullRead is when a repository seen for the first time at now is
// first due for a full read: at a fixed phase of the interval, derived from
// its key, so that repositories applied together do not all fall due
// together; never sooner than one poll.
func firstFullRead(now time.Time, key string, interval, poll time.Duration) time.Time {
	d := time.Duration(phase(key) * float64(interval))
	if d < poll {
		d = poll
	}
	return now.Add(d)
}

// phase maps key to [0, 1), uniformly for distinct keys.
func phase(key string) float64 {
	h := fnv.New64a()
	_, _ = h.Write([]byte(key))
	// FNV's high bits barely differ between similar keys: mix them
	// (SplitMix64's finalizer).
	x := h.Sum64()
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return float64(x>>11) / float64(uint64(1)<<53)
}
