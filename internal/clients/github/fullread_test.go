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

func TestFirstFullReadIsSpreadOverTheInterval(t *testing.T) {
	now := time.Unix(1700000000, 0)
	const n = 1000
	var buckets [10]int
	for i := 0; i < n; i++ {
		d := firstFullRead(now, "repos/demo-org/repo-"+itoa(i), time.Hour, time.Minute).Sub(now)
		if d < time.Minute || d >= time.Hour {
			t.Fatalf("firstFullRead(repo-%d) = now+%s, want within [poll, interval)", i, d)
		}
		buckets[int(d*10/time.Hour)]++
	}
	// Evenly spread: every tenth of the hour gets about a tenth of them.
	for b, c := range buckets {
		if c < n/10/2 || c > n/10*2 {
			t.Errorf("tenth %d of the interval has %d of %d first full reads, want about %d", b, c, n, n/10)
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
