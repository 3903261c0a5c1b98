package kind

import (
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource/fake"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
)

// TestOnlyObserves holds OnlyObserves to crossplane-runtime's own rule
// (ShouldOnlyObserve), which it answers without building its sets.
func TestOnlyObserves(t *testing.T) {
	const (
		observe = xpv2.ManagementActionObserve
		create  = xpv2.ManagementActionCreate
		update  = xpv2.ManagementActionUpdate
		all     = xpv2.ManagementActionAll
	)
	cases := map[string]struct {
		policies xpv2.ManagementPolicies
		want     bool
	}{
		"None":               {policies: nil, want: false},
		"Empty":              {policies: xpv2.ManagementPolicies{}, want: false},
		"ObserveAlone":       {policies: xpv2.ManagementPolicies{observe}, want: true},
		"ObserveTwice":       {policies: xpv2.ManagementPolicies{observe, observe}, want: true},
		"All":                {policies: xpv2.ManagementPolicies{all}, want: false},
		"ObserveAndCreate":   {policies: xpv2.ManagementPolicies{observe, create}, want: false},
		"CreateAndObserve":   {policies: xpv2.ManagementPolicies{create, observe}, want: false},
		"UpdateAlone":        {policies: xpv2.ManagementPolicies{update}, want: false},
		"ObserveUpdateTwice": {policies: xpv2.ManagementPolicies{observe, update, observe}, want: false},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			mg := &fake.ModernManaged{}
			mg.SetManagementPolicies(tc.policies)
			runtime := managed.NewManagementPoliciesResolver(true, tc.policies).ShouldOnlyObserve()
			if runtime != tc.want {
				t.Fatalf("crossplane-runtime says %v, the case wants %v: the case is wrong", runtime, tc.want)
			}
			if got := OnlyObserves(mg); got != tc.want {
				t.Errorf("OnlyObserves(%v) = %v, want %v (crossplane-runtime's ShouldOnlyObserve)", tc.policies, got, tc.want)
			}
		})
	}
}
