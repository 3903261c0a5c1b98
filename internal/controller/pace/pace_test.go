package pace

import (
	"testing"
	"time"
)

func TestRate(t *testing.T) {
	cases := map[string]struct {
		resources int
		poll      time.Duration
		want      int
	}{
		"NoResources":              {resources: 0, poll: time.Minute, want: MinRate},
		"FewResources":             {resources: 150, poll: time.Minute, want: MinRate},
		"ThousandRepositories":     {resources: 1000, poll: time.Minute, want: 50},
		"JustAboveTheMinimum":      {resources: 1001, poll: time.Minute, want: 51},
		"TwoThousand":              {resources: 2000, poll: time.Minute, want: 100},
		"EveryKindOfAThousand":     {resources: 5001, poll: time.Minute, want: MaxRate},
		"ShortPoll":                {resources: 500, poll: 10 * time.Second, want: 150},
		"LongPoll":                 {resources: 1000, poll: 10 * time.Minute, want: MinRate},
		"BeyondTheCap":             {resources: 100000, poll: time.Minute, want: MaxRate},
		"NoPollMeansAMinute":       {resources: 2000, poll: 0, want: 100},
		"NegativePollMeansAMinute": {resources: 2000, poll: -time.Second, want: 100},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := Rate(tc.resources, tc.poll); got != tc.want {
				t.Errorf("Rate(%d, %s) = %d, want %d", tc.resources, tc.poll, got, tc.want)
			}
		})
	}
}

func TestPaceFollowsTheCount(t *testing.T) {
	p := New(time.Minute)
	if got := p.Rate(); got != MinRate {
		t.Fatalf("a new Pace's rate = %d, want %d", got, MinRate)
	}
	for range 2000 {
		p.Count(1)
	}
	if got := p.Rate(); got != 100 {
		t.Errorf("rate for 2,000 resources = %d, want 100", got)
	}
	if got := p.reconciles.Burst(); got != 100*burstSeconds {
		t.Errorf("burst for 2,000 resources = %d, want %d", got, 100*burstSeconds)
	}
	if got := p.REST().QPS(); got != 100*restPerReconcile {
		t.Errorf("REST QPS for 2,000 resources = %v, want %d", got, 100*restPerReconcile)
	}
	for range 2200 {
		p.Count(-1)
	}
	if got := p.Rate(); got != MinRate {
		t.Errorf("rate after every resource went (and more deletes than creates) = %d, want %d", got, MinRate)
	}
	p.Count(1001)
	if got := p.Rate(); got != 51 {
		t.Errorf("rate after a negative count was clamped and 1,001 appeared = %d, want 51", got)
	}
}

func TestWhenSpendsTheBurstThenWaits(t *testing.T) {
	p := New(time.Minute)
	for i := range MinRate * burstSeconds {
		if d := p.When("r"); d != 0 {
			t.Fatalf("reconcile %d within the burst waits %s, want 0", i, d)
		}
	}
	if d := p.When("r"); d <= 0 {
		t.Errorf("a reconcile past the burst waits %s, want a wait", d)
	}
}
