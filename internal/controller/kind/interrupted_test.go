package kind

import (
	"testing"
	"time"

	"k8s.io/utils/ptr"
)

func TestCreatedDuring(t *testing.T) {
	pending := time.Date(2026, 5, 1, 19, 0, 0, 0, time.UTC)
	cases := map[string]struct {
		created *time.Time
		want    bool
	}{
		"JustAfter":           {created: ptr.To(pending.Add(800 * time.Millisecond)), want: true},
		"OtherZone":           {created: ptr.To(pending.Add(time.Second).In(time.FixedZone("", -7*3600))), want: true},
		"SameInstant":         {created: &pending, want: true},
		"ClockBehind":         {created: ptr.To(pending.Add(-ClockSkew)), want: true},
		"TooLongBefore":       {created: ptr.To(pending.Add(-ClockSkew - time.Millisecond))},
		"LongBefore":          {created: ptr.To(pending.Add(-time.Hour))},
		"LongAfter":           {created: ptr.To(pending.Add(time.Hour))},
		"NoTimeGivenByGitHub": {},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := CreatedDuring(tc.created, pending); got != tc.want {
				t.Errorf("CreatedDuring(%v, %v): %t, want %t", tc.created, pending, got, tc.want)
			}
		})
	}
}
