package github

import (
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestFullReadInterval(t *testing.T) {
	type want struct {
		interval time.Duration
		ok       bool
		perHour  float64
	}
	cases := map[string]struct {
		reason    string
		limit     int
		budget    float64
		resources int
		poll      time.Duration
		want      want
	}{
		"ThousandOnOneToken": {
			reason: "20% of 5,000 points is 1,000 full reads an hour: each of 1,000 repositories once an hour.",
			limit:  5000, budget: 0.2, resources: 1000, poll: time.Minute,
			want: want{interval: time.Hour, ok: true, perHour: 1000},
		},
		"HundredOnOneToken": {
			reason: "1,000 full reads an hour over 100 repositories: each every 6 minutes.",
			limit:  5000, budget: 0.2, resources: 100, poll: time.Minute,
			want: want{interval: 6 * time.Minute, ok: true, perHour: 1000},
		},
		"NeverMoreOftenThanThePoll": {
			reason: "With few repositories the budget would allow more than one full read a poll; the poll bounds it.",
			limit:  5000, budget: 0.2, resources: 10, poll: time.Minute,
			want: want{interval: time.Minute, ok: true, perHour: 600},
		},
		"Enterprise": {
			reason: "A GitHub App on Enterprise Cloud has 15,000 points: three times the full reads.",
			limit:  15000, budget: 0.2, resources: 1000, poll: time.Minute,
			want: want{interval: 20 * time.Minute, ok: true, perHour: 3000},
		},
		"UnknownLimit": {
			reason: "Before GitHub reports the limit, GitHub's 5,000 for tokens is assumed.",
			limit:  0, budget: 0.2, resources: 1000, poll: time.Minute,
			want: want{interval: time.Hour, ok: true, perHour: 1000},
		},
		"NoResourcesYet": {
			reason: "The first repository counts as one.",
			limit:  5000, budget: 0.2, resources: 0, poll: time.Second,
			want: want{interval: 3600 * time.Millisecond, ok: true, perHour: 0},
		},
		"Off": {
			reason: "A zero budget schedules no full reads.",
			limit:  5000, budget: 0, resources: 1000, poll: time.Minute,
			want: want{},
		},
		"WholeBudget": {
			reason: "A budget above 1 is the whole limit.",
			limit:  5000, budget: 3, resources: 5000, poll: time.Second,
			want: want{interval: time.Hour, ok: true, perHour: 5000},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			interval, ok := FullReadInterval(tc.limit, tc.budget, tc.resources, tc.poll)
			got := want{interval: interval, ok: ok, perHour: PlannedFullReadsPerHour(tc.resources, interval)}
			if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(want{})); diff != "" {
				t.Errorf("\n%s\nFullReadInterval(%d, %v, %d, %s): -want, +got:\n%s", tc.reason, tc.limit, tc.budget, tc.resources, tc.poll, diff)
			}
		})
	}
}

func TestFullReadPace(t *testing.T) {
	cases := map[string]struct {
		reason string
		limit  int
		budget float64
		poll   time.Duration
		want   float64
	}{
		"OneMinutePoll": {
			reason: "The budget of 1,000 an hour less one poll's worth: 1,000 / (1 + 1/60).",
			limit:  5000, budget: 0.2, poll: time.Minute, want: 60000.0 / 61,
		},
		"LongerPollLongerMargin": {
			reason: "A 10-minute poll lets the bucket hold 10 minutes' worth, so the margin is larger.",
			limit:  5000, budget: 0.2, poll: 10 * time.Minute, want: 6000.0 / 7,
		},
		"TinyBudget": {
			reason: "When a poll's worth is less than one read, the bucket holds one: the pace is the budget less one.",
			limit:  5000, budget: 0.001, poll: time.Minute, want: 4,
		},
		"Off": {
			reason: "No budget, no pace.",
			limit:  5000, budget: 0, poll: time.Minute, want: 0,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := FullReadPace(tc.limit, tc.budget, tc.poll)
			if diff := got - tc.want; diff > 1e-9 || diff < -1e-9 {
				t.Errorf("\n%s\nFullReadPace(%d, %v, %s) = %v, want %v", tc.reason, tc.limit, tc.budget, tc.poll, got, tc.want)
			}
			// The bucket's worth plus an hour's pace is the budget.
			if bucket := fullReadBucket(got, tc.poll); tc.budget > 0 && (bucket+got-FullReadsPerHour(tc.limit, tc.budget) > 1e-9) {
				t.Errorf("one poll's worth (%v) plus an hour's pace (%v) exceeds the budget %v", bucket, got, FullReadsPerHour(tc.limit, tc.budget))
			}
		})
	}
}

func TestFirstFullReadIsSpreadOverTheInterval(t *testing.T) {
	now := time.Unix(1700000000, 0)
	const n = 1000
	interval, poll := time.Hour, time.Minute
	var buckets [10]int
	for i := 0; i < n; i++ {
		d := firstFullRead(now, uint64(i), interval, poll).Sub(now)
		if d < poll || d >= interval {
			t.Fatalf("firstFullRead(%d) = now+%s, want within [poll, interval)", i, d)
		}
		buckets[int((d-poll)*10/(interval-poll))]++
	}
	// Evenly spread: every tenth of the rest of the interval gets a tenth
	// of them, give or take a few (a low-discrepancy sequence, not chance).
	for b, c := range buckets {
		if c < n/10-3 || c > n/10+3 {
			t.Errorf("tenth %d of the interval has %d of %d first full reads, want %d give or take 3", b, c, n, n/10)
		}
	}
	// However many are applied together, they spread: the first four take
	// the start, the middle and the quarters.
	var got []time.Duration
	for i := uint64(0); i < 4; i++ {
		got = append(got, firstFullRead(now, i, 5*time.Minute, poll).Sub(now))
	}
	want := []time.Duration{time.Minute, 3 * time.Minute, 2 * time.Minute, 4 * time.Minute}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("first full reads of 4 repositories over a 5-minute interval: -want, +got:\n%s", diff)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
