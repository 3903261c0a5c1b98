package github

import (
	"math/bits"
	"time"
)

// The full-read budget. GitHub's repository ETag reportedly stays the same
// when only merge settings change, so a conditional read can answer 304 over
// drift. Each repository is therefore read unconditionally from time to
// time: the objects a credential reads through FullRead routes (see
// route.go), repositories and any other kind's, share one budget of full
// reads (a share of its hourly rate limit), spread evenly over them.

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

// FullReadPace is how many full reads an hour the planner lets through for
// a credential: the budget less one poll's worth an hour. Its pacing bucket
// holds at most one poll's worth of full reads (at least one), so even
// when that is spent at once, the full reads of any hour stay within the
// budget.
func FullReadPace(limit int, budget float64, poll time.Duration) float64 {
	perHour := FullReadsPerHour(limit, budget)
	pace := perHour / (1 + poll.Hours())
	if poll.Hours()*pace < 1 {
		// A bucket of one read: the budget less that one.
		pace = max(0, perHour-1)
	}
	return pace
}

// fullReadBucket is how many full reads the pacing bucket holds at pace.
func fullReadBucket(pace float64, poll time.Duration) float64 {
	return max(1, poll.Hours()*pace)
}

// firstFullRead is when the seq-th repository the planner has seen, seen
// for the first time at now, is first due for a full read: one poll later
// (its first read was full anyway), plus a share of the rest of the
// interval. Successive repositories take the shares of the van der Corput
// sequence (1/2, 1/4, 3/4, 1/8, ...), so that however many are applied
// together, their full reads are spread evenly over the interval.
func firstFullRead(now time.Time, seq uint64, interval, poll time.Duration) time.Time {
	rest := max(interval-poll, 0)
	return now.Add(poll + time.Duration(vanDerCorput(seq)*float64(rest)))
}

// vanDerCorput is the seq-th element of the base-2 van der Corput sequence,
// in [0, 1): seq's binary digits mirrored after the point.
func vanDerCorput(seq uint64) float64 {
	return float64(bits.Reverse64(seq)>>11) / float64(uint64(1)<<53)
}
