// Package organizationactionsvariable maps OrganizationActionsVariable
// resources to an organization's Actions variables on GitHub and back: the
// request, the observation, drift and the imported spec. Who may use a
// variable is the sharing package's, as for organization secrets.
package organizationactionsvariable

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	av "github.com/crossplane-github/provider-github/internal/clients/actionsvariable"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/sharing"
)

// SameName tells whether two variable names are the same variable's: as
// for a repository's variables, GitHub compares them without regard to
// case.
var SameName = av.SameName

// Request is the body that creates the declared variable (with its name)
// or puts its value and sharing back (without), want being its
// repositories resolved.
func Request(p *common.OrganizationActionsVariableParameters, want sharing.Want, withName bool) *github.OrganizationActionsVariableRequest {
	r := &github.OrganizationActionsVariableRequest{Value: ptr.To(p.Value), Sharing: sharing.Request(want)}
	if withName {
		r.Name = p.Name
	}
	return r
}

// Observation is the status.atProvider of GitHub's variable v of the
// organization org, shared as g says.
func Observation(org string, v *github.OrganizationActionsVariable, g sharing.Got) common.OrganizationActionsVariableObservation {
	o := common.OrganizationActionsVariableObservation{RepositorySharingObservation: sharing.Observation(org, g), Name: ptr.To(v.Name), Value: ptr.To(v.Value)}
	if v.CreatedAt != nil {
		o.CreatedAt = ptr.To(metav1.NewTime(*v.CreatedAt))
	}
	if v.UpdatedAt != nil {
		o.UpdatedAt = ptr.To(metav1.NewTime(*v.UpdatedAt))
	}
	return o
}

// Drift lists, by spec field, where GitHub's variable differs from the
// declared one in its value (exactly: a value is not trimmed); its
// sharing is sharing.Drift's.
func Drift(p *common.OrganizationActionsVariableParameters, v *github.OrganizationActionsVariable) []string {
	if v.Value == p.Value {
		return nil
	}
	return []string{"value"}
}

// Imported is the spec of an OrganizationActionsVariable resource for
// GitHub's variable v shared with repos (its organization is the
// importer's to name): its name, value, visibility and, with selected,
// its repositories by name. Drift finds nothing in it.
func Imported(v *github.OrganizationActionsVariable, repos []github.SelectedRepository) common.OrganizationActionsVariableParameters {
	return common.OrganizationActionsVariableParameters{Name: v.Name, Value: v.Value, RepositorySharing: sharing.Imported(v.Visibility, repos)}
}
