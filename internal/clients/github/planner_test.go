package github

import (
	"testing"
	"time"
)

func TestPlanner(t *testing.T) {
	now := time.Unix(1700000000, 0)
	clock := func() time.Time { return now }
	low := false
	p := newPlanner(0.2, time.Minute, func() (int, bool) { return 5000, low }, nil)
	p.now = clock

	// 100 repositories: each is due every 6 minutes.
	keys := make([]string, 100)
	for i := range keys {
		keys[i] = "repos/o/r" + itoa(i)
		if p.Due(keys[i]) {
			t.Fatalf("Due(%s) on first sight: want false (the first read is full anyway)", keys[i])
		}
	}
	if got := p.Objects(); got != 100 {
		t.Fatalf("Objects() = %d, want 100", got)
	}
	// Poll every minute for an hour; count full reads.
	full := 0
	for m := 1; m <= 60; m++ {
		now = now.Add(time.Minute)
		for _, k := range keys {
			if p.Due(k) {
				full++
				p.Done(k)
			}
		}
	}
	// 1,000 an hour is the budget; first ones are phased in.
	if full < 850 || full > 1000 {
		t.Errorf("full reads in an hour over 100 repositories = %d, want about (at most) 1000", full)
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
	start := time.Unix(1700000000, 0)
	now := start
	p := newPlanner(0.2, time.Minute, func() (int, bool) { return 5000, false }, nil)
	p.now = func() time.Time { return now }
	keys := make([]string, 1000)
	for i := range keys {
		keys[i] = "repos/o/r" + itoa(i)
		p.Due(keys[i])
	}
	// However the repositories' schedules fall (here: always due; read in
	// bursts with quiet half hours between for two hours, when the bucket
	// fills, then steadily), the full reads of any hour keep within the
	// budget of 1,000, and read steadily they reach the pace.
	var full []time.Duration
	for s := 0; s < 4*3600; s += 10 {
		now = start.Add(time.Duration(s) * time.Second)
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
	for i := range full {
		j := i
		for j < len(full) && full[j] < full[i]+time.Hour {
			j++
		}
		if j-i > 1000 {
			t.Fatalf("%d full reads in the hour from %s, want at most the budget's 1000", j-i, full[i])
		}
	}
	last := 0
	for _, f := range full {
		if f >= 3*time.Hour {
			last++
		}
	}
	pace := FullReadPace(5000, 0.2, time.Minute)
	if got := float64(last); got < pace-2 || got > pace+1 {
		t.Errorf("full reads in the last, steady hour = %.0f, want the pace's %.1f", got, pace)
	}
}
