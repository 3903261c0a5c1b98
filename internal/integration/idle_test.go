package integration

import (
	"fmt"
	"testing"
	"time"
)

// idleQuiet lets the reads that follow a change pass (settleReads), then
// watches three poll intervals and fails when writes (the writes to what
// the test is about) grew meanwhile (an update loop), or when the polls
// cost rate-limit points (an idle resource's reads are conditional, and
// GitHub's 304s are free). Polls that cost points without a write are
// watched a second time before they fail: an idle resource that keeps
// costing points fails, a full read that came late on a busy machine
// does not.
func idleQuiet(t *testing.T, f *fixture, what string, writes func() int) {
	t.Helper()
	settleReads(f)
	for try := 1; ; try++ {
		w, c := writes(), pointsCounted(f)
		time.Sleep(3 * pollInterval)
		if n := writes() - w; n != 0 {
			t.Errorf("%s: %d writes in 3 polls, want none (an update loop)", what, n)
			return
		}
		n := pointsCounted(f) - c
		if n == 0 {
			return
		}
		if try < 2 {
			continue
		}
		t.Errorf("%s: %d requests cost rate-limit points in 3 idle polls, twice, want none: %v", what, n, paidIn(f, 4*pollInterval))
		return
	}
}

// pointsCounted counts the requests that cost rate-limit points, but the
// full reads of repositories the full-read planner makes within a budget
// of its own.
func pointsCounted(f *fixture) int {
	n := 0
	for _, r := range f.emu.Requests() {
		if r.Counted && r.Endpoint != fullReadEndpoint {
			n++
		}
	}
	return n
}

// settleReads waits, for at most twelve polls, for two poll intervals in a
// row in which nothing cost points: the full read that follows a change
// (its answer changed) may come a poll or two late on a busy machine.
func settleReads(f *fixture) {
	c, quiet := pointsCounted(f), 0
	for i := 0; i < 12 && quiet < 2; i++ {
		time.Sleep(pollInterval)
		if n := pointsCounted(f); n == c {
			quiet++
		} else {
			c, quiet = n, 0
		}
	}
}

// paidIn lists the requests of the last d that cost points.
func paidIn(f *fixture, d time.Duration) []string {
	var paid []string
	for _, r := range f.emu.Requests() {
		if r.Counted && r.Endpoint != fullReadEndpoint && r.Time.After(time.Now().Add(-d)) {
			paid = append(paid, fmt.Sprintf("%s %s %d", r.Method, r.Path, r.Status))
		}
	}
	return paid
}
