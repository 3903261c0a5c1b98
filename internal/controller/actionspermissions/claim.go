package actionspermissions

import (
	"sigs.k8s.io/controller-runtime/pkg/client"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// claimKind is the kind as its claim check sees it (see
// kind.Connection.ClaimedBy): a repository has one ActionsPermissions.
var claimKind = kind.ClaimingKind{Name: "ActionsPermissions",
	Lists: func() []client.ObjectList {
		return []client.ObjectList{&repomv1alpha1.ActionsPermissionsList{}, &repov1alpha1.ActionsPermissionsList{}}
	},
	Observed: kind.ObservedAs(func(o Object) (*string, *string) { return o.Observation().Repository, o.Observation().Host }),
}
