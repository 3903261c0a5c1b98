package dropped

import (
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

func TestRetryDue(t *testing.T) {
	at := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	cases := map[string]struct {
		reason string
		now    time.Time
		want   bool
	}{
		"JustDropped": {"Right after GitHub left them out: no write.", at, false},
		"TooSoon":     {"A second before RetryAfter: no write.", at.Add(RetryAfter - time.Second), false},
		"Due":         {"RetryAfter later: ask again.", at.Add(RetryAfter), true},
		"Overdue":     {"Long after: ask again.", at.Add(3 * RetryAfter), true},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := RetryDue(metav1.NewTime(at), tc.now); got != tc.want {
				t.Errorf("\n%s\nRetryDue(%s, %s) = %t, want %t", tc.reason, at, tc.now, got, tc.want)
			}
		})
	}
}

func TestStillSettling(t *testing.T) {
	made := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	cases := map[string]struct {
		now  time.Time
		want bool
	}{
		"JustMade":      {made.Add(time.Second), true},
		"AlmostSettled": {made.Add(Settling - time.Second), true},
		"Settled":       {made.Add(Settling), false},
		"LongAgo":       {made.Add(time.Hour), false},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := StillSettling(metav1.NewTime(made), tc.now); got != tc.want {
				t.Errorf("StillSettling(%s, %s) = %t, want %t", made, tc.now, got, tc.want)
			}
		})
	}
}
