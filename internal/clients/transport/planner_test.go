package transport

import (
	"testing"
	"time"
)

func TestPlannerSchedule(t *testing.T) {
	cases := map[string]struct {
		reason string
		least  time.Duration
		// At most once an interval for each object, at most max full
		// reads in any hour, and at least min in the last hour.
		interval time.Duration
		max, min int
	}{
		"OnceAnHour": {
			reason:   "100 repositories on 5,000 points, a least interval of an hour: each is read in full at most once an hour, 100 full reads an hour, however much of the 1,000 the budget leaves.",
			least:    time.Hour,
			interval: time.Hour, max: 100, min: 90,
		},
		"ByDefault": {
			reason:   "100 repositories on 5,000 points by default: each is read in full at most once every 65 minutes, about 92 full reads an hour.",
			least:    DefaultFullReadInterval,
			interval: 65 * time.Minute, max: 93, min: 85,
		},
		"TheBudgetWithAShortLeastInterval": {
			reason:   "With a least interval of one poll, the budget's 1,000 full reads an hour are spent: each repository every 6 minutes.",
			least:    time.Minute,
			interval: 6 * time.Minute, max: 1000, min: 850,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			start := time.Unix(1700000000, 0)
			now := start
			p := newPlanner(0.2, tc.least, time.Minute, func() (int, bool) { return 5000, false }, nil)
			p.now = func() time.Time { return now }
			keys := make([]string, 100)
			for i := range keys {
				keys[i] = "repos/o/r" + itoa(i)
				if p.Due(keys[i]) {
					t.Fatalf("Due(%s) on first sight: want false (the first read is full anyway)", keys[i])
				}
			}
			// Poll every minute for three hours.
			var full []time.Duration
			last := map[string]time.Duration{}
			for m := 1; m <= 180; m++ {
				now = now.Add(time.Minute)
				for _, k := range keys {
					if !p.Due(k) {
						continue
					}
					at := now.Sub(start)
					if l, ok := last[k]; ok && at-l < tc.interval {
						t.Fatalf("\n%s\n%s read in full at %s and again at %s, want at most once every %s", tc.reason, k, l, at, tc.interval)
					}
					last[k] = at
					full = append(full, at)
					p.Done(k)
				}
			}
			if n := maxInAnHour(full); n > tc.max {
				t.Errorf("\n%s\n%d full reads in one hour, want at most %d", tc.reason, n, tc.max)
			}
			if n := readsFrom(full, 2*time.Hour); n < tc.min || n > tc.max {
				t.Errorf("\n%s\nfull reads in the last hour = %d, want %d to %d", tc.reason, n, tc.min, tc.max)
			}
		})
	}
}

func TestPlanner(t *testing.T) {
	now := time.Unix(1700000000, 0)
	clock := func() time.Time { return now }
	low := false
	// A least interval of one poll: the budget sets the cadence, every 6
	// minutes for 100 repositories.
	p := newPlanner(0.2, time.Minute, time.Minute, func() (int, bool) { return 5000, low }, nil)
	p.now = clock
	keys := make([]string, 100)
	for i := range keys {
		keys[i] = "repos/o/r" + itoa(i)
		p.Due(keys[i])
	}
	if got := p.Objects(); got != 100 {
		t.Fatalf("Objects() = %d, want 100", got)
	}
	// An hour of polls every minute, reading in full what is due.
	for range 60 {
		now = now.Add(time.Minute)
		for _, k := range keys {
			if p.Due(k) {
				p.Done(k)
			}
		}
	}

	// A repository read in full is not due again before its interval.
	k := keys[0]
	p.Done(k)
	now = now.Add(5 * time.Minute)
	if p.Due(k) {
		t.Errorf("Due(%s) 5 minutes after a full read with a 6 minute interval: want false", k)
	}
	now = now.Add(time.Minute)
	if !p.Due(k) {
		t.Errorf("Due(%s) 6 minutes after a full read: want true", k)
	}
	// With the rate budget low, no full read is due.
	low = true
	if p.Due(k) {
		t.Errorf("Due(%s) with the rate budget low: want false", k)
	}
	low = false

	// Repositories no longer read are forgotten, which shortens the interval.
	now = now.Add(10 * time.Minute)
	p.Due(k)
	if got := p.Objects(); got != 1 {
		t.Errorf("Objects() after the others stopped being read = %d, want 1", got)
	}
}

func TestPlannerPacesFullReads(t *testing.T) {
	cases := map[string]struct {
		reason  string
		objects int
		// max: full reads in any hour; pace: in the last, steady hour.
		max  int
		pace float64
	}{
		"TheBudget": {
			reason:  "1,000 repositories once an hour ask for the whole budget of 1,000: the pace is the budget less a poll's worth.",
			objects: 1000, max: 1000, pace: FullReadPace(5000, 0.2, 1000, time.Minute),
		},
		"TheSchedule": {
			reason:  "100 repositories once an hour ask for 100 of the budget's 1,000: the pace hands out those 100 less a poll's worth, and the bucket one read more at most.",
			objects: 100, max: 101, pace: FullReadPace(5000, 0.2, 100, time.Minute),
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			start := time.Unix(1700000000, 0)
			now := start
			p := newPlanner(0.2, time.Hour, time.Minute, func() (int, bool) { return 5000, false }, nil)
			p.now = func() time.Time { return now }
			keys := make([]string, tc.objects)
			for i := range keys {
				keys[i] = "repos/o/r" + itoa(i)
				p.Due(keys[i])
			}
			// However the repositories' schedules fall (here: always due;
			// read in bursts with quiet half hours between for two hours,
			// when the bucket fills, then steadily), the full reads of any
			// hour keep within what the budget and the schedule ask for,
			// and read steadily they reach the pace.
			var full []time.Duration
			for s := 0; s < 4*3600; s += 10 {
				now = start.Add(time.Duration(s) * time.Second)
				for _, k := range keys[100:] {
					p.objects[k].seen = now // in use, never due
				}
				if s < 2*3600 && (s/1800)%2 == 1 && s%1800 > 60 {
					continue // quiet
				}
				for _, k := range keys[:100] {
					if s, ok := p.objects[k]; ok {
						s.next = now.Add(-time.Second) // always due
					}
					if p.Due(k) {
						full = append(full, now.Sub(start))
						p.Done(k)
					}
				}
			}
			if n := maxInAnHour(full); n > tc.max {
				t.Errorf("\n%s\n%d full reads in one hour, want at most %d", tc.reason, n, tc.max)
			}
			if got := float64(readsFrom(full, 3*time.Hour)); got < tc.pace-2 || got > tc.pace+1 {
				t.Errorf("\n%s\nfull reads in the last, steady hour = %.0f, want the pace's %.1f", tc.reason, got, tc.pace)
			}
		})
	}
}

// maxInAnHour is the most of the sorted times full that fall within one
// hour.
func maxInAnHour(full []time.Duration) int {
	most := 0
	for i := range full {
		j := i
		for j < len(full) && full[j] < full[i]+time.Hour {
			j++
		}
		most = max(most, j-i)
	}
	return most
}

// readsFrom is how many of full are at from or later.
func readsFrom(full []time.Duration, from time.Duration) int {
	n := 0
	for _, f := range full {
		if f >= from {
			n++
		}
	}
	return n
}
