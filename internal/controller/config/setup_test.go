package config

import (
	"testing"

	ctrlcontroller "sigs.k8s.io/controller-runtime/pkg/controller"
)

func TestWorkers(t *testing.T) {
	cases := map[string]struct {
		reason string
		max    int
		want   int
	}{
		"Tuned":   {"A high reconcile rate gives the configuration kinds no more than MaxWorkers each.", 50, MaxWorkers},
		"Default": {"The default rate of 10 is capped too.", 10, MaxWorkers},
		"One":     {"A rate below the cap is kept.", 1, 1},
		"Unset":   {"Zero is left for controller-runtime's default of one.", 0, 0},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := Workers(ctrlcontroller.Options{MaxConcurrentReconciles: tc.max, NeedLeaderElection: new(bool)})
			if got.MaxConcurrentReconciles != tc.want {
				t.Errorf("%s\nWorkers(%d): got %d, want %d", tc.reason, tc.max, got.MaxConcurrentReconciles, tc.want)
			}
			if got.NeedLeaderElection == nil {
				t.Errorf("%s\nWorkers dropped the other options", tc.reason)
			}
		})
	}
}
