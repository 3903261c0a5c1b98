package organizationinteractionlimit

import (
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	orgmv1alpha1 "github.com/crossplane-github/provider-github/apis/org/m/v1alpha1"
	orgv1alpha1 "github.com/crossplane-github/provider-github/apis/org/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// claimKind is the kind as its claim check sees it (see
// kind.Connection.ClaimedBy): an organization has one
// OrganizationInteractionLimit.
var claimKind = kind.ClaimingKind{Name: "OrganizationInteractionLimit",
	Lists: func() []client.ObjectList {
		return []client.ObjectList{&orgmv1alpha1.OrganizationInteractionLimitList{}, &orgv1alpha1.OrganizationInteractionLimitList{}}
	},
	Observed: kind.ObservedAs(func(o Object) (*string, *string) { return o.Observation().Organization, o.Observation().Host }),
	// One never observed claims the organization it names; one that names
	// none claims the provider configuration's owner, not known here: it
	// is waited for.
	Declared: func(o resource.Managed) string {
		other, ok := o.(Object)
		if !ok {
			return ""
		}
		return ptr.Deref(other.OrganizationTarget().Organization, "")
	},
}
