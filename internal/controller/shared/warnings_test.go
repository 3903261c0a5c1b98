package shared

import (
	"context"
	"testing"

	"github.com/go-logr/logr/funcr"
	"github.com/google/go-cmp/cmp"
	"sigs.k8s.io/controller-runtime/pkg/log"
)

func TestAPIWarnings(t *testing.T) {
	finalizer := `metadata.finalizers: "finalizer.managedresource.crossplane.io": prefer a domain-qualified finalizer name including a path (/) to avoid accidental conflicts with other finalizer writers`
	inUse := `metadata.finalizers: "in-use.crossplane.io": prefer a domain-qualified finalizer name including a path (/) to avoid accidental conflicts with other finalizer writers`
	other := `metadata.finalizers: "example.org": prefer a domain-qualified finalizer name including a path (/) to avoid accidental conflicts with other finalizer writers`
	cases := map[string]struct {
		reason   string
		warnings []string
		want     int
	}{
		"FinalizerName": {
			reason:   "The warnings about crossplane-runtime's finalizer names are not logged.",
			warnings: []string{finalizer, finalizer, inUse},
			want:     0,
		},
		"OtherOnce": {
			reason:   "Any other warning is logged, once.",
			warnings: []string{other, other, other},
			want:     1,
		},
		"Distinct": {
			reason:   "Distinct warnings are each logged.",
			warnings: []string{other, "v1 ComponentStatus is deprecated", finalizer},
			want:     2,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			lines := 0
			ctx := log.IntoContext(context.Background(), funcr.New(func(string, string) { lines++ }, funcr.Options{}))
			h := APIWarnings()
			for _, w := range tc.warnings {
				h.HandleWarningHeaderWithContext(ctx, 299, "", w)
			}
			if diff := cmp.Diff(tc.want, lines); diff != "" {
				t.Errorf("\n%s\nlines logged: -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}
