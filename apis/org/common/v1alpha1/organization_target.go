package v1alpha1

// OrganizationTarget names the GitHub organization an organization-level
// resource (an organization's webhook, ruleset, variable, ...) belongs to.
// Kinds embed it inline in their parameters.
// +kubebuilder:validation:XValidation:rule="has(oldSelf.organization) == has(self.organization) && (!has(self.organization) || self.organization == oldSelf.organization)",message="organization cannot be changed: create another resource in the other organization"
type OrganizationTarget struct {
	// Organization the object belongs to: an organization login. Defaults
	// to spec.owner of the provider configuration. Cannot be changed.
	// +optional
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=39
	// +kubebuilder:validation:Pattern=`^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$`
	Organization *string `json:"organization,omitempty"`
}
