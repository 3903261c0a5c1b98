package transport

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
		least     time.Duration
		poll      time.Duration
		want      want
	}{
		"ThousandOnOneToken": {
			reason: "20% of 5,000 points is 1,000 full reads an hour: each of 1,000 repositories once an hour.",
			limit:  5000, budget: 0.2, resources: 1000, least: time.Hour, poll: time.Minute,
			want: want{interval: time.Hour, ok: true, perHour: 1000},
		},
		"HundredOnOneToken": {
			reason: "The budget would read each of 100 repositories every 6 minutes; with a least interval of an hour each is read once an hour, 100 full reads an hour.",
			limit:  5000, budget: 0.2, resources: 100, least: time.Hour, poll: time.Minute,
			want: want{interval: time.Hour, ok: true, perHour: 100},
		},
		"HundredByDefault": {
			reason: "By default each of 100 repositories is read in full every 65 minutes: about 92 full reads an hour, below one point per repository in any part of an hour.",
			limit:  5000, budget: 0.2, resources: 100, least: DefaultFullReadInterval, poll: time.Minute,
			want: want{interval: 65 * time.Minute, ok: true, perHour: 100 * 60.0 / 65},
		},
		"HundredWithAShortLeastInterval": {
			reason: "With a least interval of a minute, the budget sets the cadence: 1,000 full reads an hour over 100 repositories, each every 6 minutes.",
			limit:  5000, budget: 0.2, resources: 100, least: time.Minute, poll: time.Minute,
			want: want{interval: 6 * time.Minute, ok: true, perHour: 1000},
		},
		"NeverMoreOftenThanThePoll": {
			reason: "With few repositories and no least interval to speak of, the budget would allow more than one full read a poll; the poll bounds it.",
			limit:  5000, budget: 0.2, resources: 10, least: time.Second, poll: time.Minute,
			want: want{interval: time.Minute, ok: true, perHour: 600},
		},
		"Enterprise": {
			reason: "A GitHub App on Enterprise Cloud has 15,000 points: three times the full reads.",
			limit:  15000, budget: 0.2, resources: 1000, least: time.Minute, poll: time.Minute,
			want: want{interval: 20 * time.Minute, ok: true, perHour: 3000},
		},
		"BudgetAboveTheLeastInterval": {
			reason: "With 2,000 repositories the budget's 2 hours is longer than the least interval, and holds.",
			limit:  5000, budget: 0.2, resources: 2000, least: DefaultFullReadInterval, poll: time.Minute,
			want: want{interval: 2 * time.Hour, ok: true, perHour: 1000},
		},
		"UnknownLimit": {
			reason: "Before GitHub reports the limit, GitHub's 5,000 for tokens is assumed.",
			limit:  0, budget: 0.2, resources: 1000, least: time.Minute, poll: time.Minute,
			want: want{interval: time.Hour, ok: true, perHour: 1000},
		},
		"NoResourcesYet": {
			reason: "The first repository counts as one.",
			limit:  5000, budget: 0.2, resources: 0, least: time.Second, poll: time.Second,
			want: want{interval: 3600 * time.Millisecond, ok: true, perHour: 0},
		},
		"Off": {
			reason: "A zero budget schedules no full reads.",
			limit:  5000, budget: 0, resources: 1000, least: time.Hour, poll: time.Minute,
			want: want{},
		},
		"WholeBudget": {
			reason: "A budget above 1 is the whole limit.",
			limit:  5000, budget: 3, resources: 5000, least: time.Second, poll: time.Second,
			want: want{interval: time.Hour, ok: true, perHour: 5000},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			interval, ok := FullReadInterval(tc.limit, tc.budget, tc.resources, tc.least, tc.poll)
			got := want{interval: interval, ok: ok, perHour: PlannedFullReadsPerHour(tc.resources, interval)}
			if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(want{})); diff != "" {
				t.Errorf("\n%s\nFullReadInterval(%d, %v, %d, %s, %s): -want, +got:\n%s", tc.reason, tc.limit, tc.budget, tc.resources, tc.least, tc.poll, diff)
			}
		})
	}
}

func TestFullReadPace(t *testing.T) {
	cases := map[string]struct {
		reason  string
		limit   int
		budget  float64
		planned float64
		poll    time.Duration
		want    float64
	}{
		"OneMinutePoll": {
			reason: "The budget of 1,000 an hour less the bucket's one read and one poll's worth: 999 / (1 + 1/60).",
			limit:  5000, budget: 0.2, planned: 1000, poll: time.Minute, want: 999 * 60.0 / 61,
		},
		"LongerPollLongerMargin": {
			reason: "A 10-minute poll lets the bucket hold 10 minutes' worth, so the margin is larger.",
			limit:  5000, budget: 0.2, planned: 1000, poll: 10 * time.Minute, want: 999 * 6.0 / 7,
		},
		"TinyBudget": {
			reason: "A budget of 5 an hour: 4 / (1 + 1/60), the bucket holding the one read and less than a poll's worth.",
			limit:  5000, budget: 0.001, planned: 1000, poll: time.Minute, want: 4 * 60.0 / 61,
		},
		"ScheduleBelowTheBudget": {
			reason: "100 repositories read at most once an hour ask for 100 full reads an hour: the pace is that less one poll's worth, not the budget's 1,000.",
			limit:  5000, budget: 0.2, planned: 100, poll: time.Minute, want: 6000.0 / 61,
		},
		"OneObject": {
			reason: "One repository read once an hour is still paced to about one an hour, never to none.",
			limit:  5000, budget: 0.2, planned: 1, poll: time.Minute, want: 60.0 / 61,
		},
		"Off": {
			reason: "No budget, no pace.",
			limit:  5000, budget: 0, planned: 1000, poll: time.Minute, want: 0,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := FullReadPace(tc.limit, tc.budget, tc.planned, tc.poll)
			if diff := got - tc.want; diff > 1e-9 || diff < -1e-9 {
				t.Errorf("\n%s\nFullReadPace(%d, %v, %v, %s) = %v, want %v", tc.reason, tc.limit, tc.budget, tc.planned, tc.poll, got, tc.want)
			}
			// The bucket's worth plus an hour's pace is within the budget,
			// and within one read of the schedule.
			bucket := fullReadBucket(got, tc.poll)
			if tc.budget > 0 && bucket+got-FullReadsPerHour(tc.limit, tc.budget) > 1e-9 {
				t.Errorf("the bucket (%v) plus an hour's pace (%v) exceeds the budget %v", bucket, got, FullReadsPerHour(tc.limit, tc.budget))
			}
			if bucket+got-(tc.planned+1) > 1e-9 {
				t.Errorf("the bucket (%v) plus an hour's pace (%v) exceeds the schedule's %v and one", bucket, got, tc.planned)
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
