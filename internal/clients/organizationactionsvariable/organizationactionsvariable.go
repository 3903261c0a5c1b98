// Package organizationactionsvariable maps OrganizationActionsVariable
// resources to an organization's Actions variables on GitHub and back: the
// observation and the imported spec. A variable's name, request and value
// drift are the actionsvariable package's, as for a repository's; who may
// use it is the sharing package's, as for organization secrets.
package organizationactionsvariable

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/sharing"
)

// Observation is the status.atProvider of GitHub's variable v of an
// organization, shared as s says.
func Observation(v *github.ActionsVariable, s common.RepositorySharingObservation) common.OrganizationActionsVariableObservation {
	o := common.OrganizationActionsVariableObservation{RepositorySharingObservation: s, Name: ptr.To(v.Name), Value: ptr.To(v.Value)}
	if v.CreatedAt != nil {
		o.CreatedAt = ptr.To(metav1.NewTime(*v.CreatedAt))
	}
	if v.UpdatedAt != nil {
		o.UpdatedAt = ptr.To(metav1.NewTime(*v.UpdatedAt))
	}
	return o
}

// Imported is the spec of an OrganizationActionsVariable resource for
// GitHub's variable v shared with repos (its organization is the
// importer's to name): its name, value, visibility and, with selected,
// its repositories by name. Nothing of it drifts from v.
func Imported(v *github.ActionsVariable, repos []github.SelectedRepository) common.OrganizationActionsVariableParameters {
	return common.OrganizationActionsVariableParameters{Name: v.Name, Value: v.Value, RepositorySharing: sharing.Imported(v.Visibility, repos)}
}
