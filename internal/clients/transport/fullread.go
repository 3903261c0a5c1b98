package transport

import (
	"math/bits"
	"time"
)

// The full-read budget. GitHub's repository ETag reportedly stays the same
// when only merge settings change, so a conditional read can answer 304 over
// drift. Each repository is therefore read unconditionally from time to
// time: the objects a credential reads through FullRead routes (see
// route.go), repositories and any other kind's, share one budget of full
// reads (a share of its hourly rate limit), spread evenly over them, and
// each is read in full at most once a full-read interval, so that few
// objects do not spend the whole budget.

// DefaultFullReadBudget is the share of a credential's hourly rate limit
// spent on full reads.
const DefaultFullReadBudget = 0.2

// DefaultFullReadInterval is the least time between two scheduled full
// reads of one object: drift that GitHub's ETag hides is set back within
// about an hour. It is a little over an hour, so that no hour holds two
// full reads of one object and an idle object costs less than one point an
// hour however few share the budget, counted over any part of an hour: at
// exactly an hour, the reads of 100 objects falling in 10 minutes are 16
// or 17 or 18 of the 100 an hour, above one point an hour half the time.
const DefaultFullReadInterval = 65 * time.Minute

// defaultHourlyLimit is GitHub's primary rate limit for a token, assumed
// until GitHub reports the real one.
const defaultHourlyLimit = 5000

// FullReadInterval is how often each of resources objects is read in full
// when budget (0..1) of an hourly limit of limit points goes to full reads:
// as often as the budget allows, but never more often than least nor than
// poll. ok is false when the budget is zero (no scheduled full reads).
func FullReadInterval(limit int, budget float64, resources int, least, poll time.Duration) (interval time.Duration, ok bool) {
	if budget <= 0 {
		return 0, false
	}
	if resources < 1 {
		resources = 1
	}
	perHour := FullReadsPerHour(limit, budget)
	interval = time.Duration(float64(time.Hour) * float64(resources) / perHour)
	return max(interval, least, poll), true
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
// FullReadInterval makes across resources objects.
func PlannedFullReadsPerHour(resources int, interval time.Duration) float64 {
	if interval <= 0 || resources <= 0 {
		return 0
	}
	return float64(resources) * float64(time.Hour) / float64(interval)
}

// FullReadPace is how many full reads an hour the planner lets through for
// a credential whose schedule asks for planned an hour: the lesser of the
// budget less one read and planned, each less a poll's worth an hour. Its
// pacing bucket holds a poll's worth and one read (so that reads made once
// a poll lose no fraction of a read), so even when that is spent at once,
// the full reads of any hour stay within the budget, and within one read
// of what the schedule asks for.
func FullReadPace(limit int, budget, planned float64, poll time.Duration) float64 {
	byBudget := max(0, FullReadsPerHour(limit, budget)-1) / (1 + poll.Hours())
	bySchedule := max(0, planned) / (1 + poll.Hours())
	return min(byBudget, bySchedule)
}

// fullReadBucket is how many full reads the pacing bucket holds at pace.
func fullReadBucket(pace float64, poll time.Duration) float64 {
	return 1 + poll.Hours()*pace
}

// firstFullRead is when the seq-th object the planner has seen, seen
// for the first time at now, is first due for a full read: one poll later
// (its first read was full anyway), plus a share of the rest of the
// interval. Successive objects take the shares of the van der Corput
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
