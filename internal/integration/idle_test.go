package integration

import (
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
