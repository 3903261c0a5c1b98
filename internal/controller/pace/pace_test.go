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
		"JustAboveTheMinimum":      {resources: 201, poll: time.Minute, want: 11},
		"ThousandRepositories":     {resources: 1000, poll: time.Minute, want: 50},
		"EveryKindOfAThousand":     {resources: 5001, poll: time.Minute, want: 251 - 51},
		"ShortPoll":                {resources: 100, poll: 10 * time.Second, want: 30},
		"LongPoll":                 {resources: 1000, poll: 10 * time.Minute, want: MinRate},
		"BeyondTheCap":             {resources: 100000, poll: time.Minute, want: MaxRate},
		"NoPollMeansAMinute":       {resources: 1000, poll: 0, want: 50},
		"NegativePollMeansAMinute": {resources: 1000, poll: -time.Second, want: 50},
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
	for range 1000 {
		p.Count(1)
	}
	if got := p.Rate(); got != 50 {
		t.Errorf("rate for 1,000 resources = %d, want 50", got)
	}
	if got := p.reconciles.Burst(); got != 50*burstSeconds {
		t.Errorf("burst for 1,000 resources = %d, want %d", got, 50*burstSeconds)
	}
	if got := p.REST().QPS(); got != 50*restPerReconcile {
		t.Errorf("REST QPS for 1,000 resources = %v, want %d", got, 50*restPerReconcile)
	}
	for range 1200 {
		p.Count(-1)
	}
	if got := p.Rate(); got != MinRate {
		t.Errorf("rate after every resource went (and more deletes than creates) = %d, want %d", got, MinRate)
	}
	p.Count(201)
	if got := p.Rate(); got != 11 {
		t.Errorf("rate after a negative count was clamped and 201 appeared = %d, want 11", got)
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
