package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// OrganizationActionsVariableParameters are the configurable fields of a
// GitHub Actions configuration variable of an organization, shared with
// all, the private or selected repositories of the organization: what
// their workflows read as vars.NAME.
//
// A variable is not secret: its value is in the spec and in the status. A
// value, visibility or list of selected repositories changed on GitHub is
// put back; a variable deleted there is created again.
//
// The name is the external name. A variable that already exists with the
// name is never taken over, unless the crossplane.io/external-name
// annotation is set to its name. The organization cannot be changed once
// set: create another OrganizationActionsVariable instead.
// +github:kind=OrganizationActionsVariable
// +github:kind:noun=organization Actions variable
// +github:kind:description=Its spec names the organization, the variable's name, its value and which repositories may use it. The external name is the variable's name; a variable that already exists with the name is adopted only when the crossplane.io/external-name annotation is set to it.
// +github:kind:printcolumn:name="VARIABLE",type="string",JSONPath=".spec.forProvider.name"
// +github:kind:printcolumn:name="ORGANIZATION",type="string",JSONPath=".status.atProvider.organization"
// +github:kind:printcolumn:name="VISIBILITY",type="string",JSONPath=".status.atProvider.visibility"
type OrganizationActionsVariableParameters struct {
	OrganizationTarget `json:",inline"`

	// Name of the variable, as workflows use it (vars.NAME): letters,
	// digits and underscores, not starting with a digit or with GITHUB_.
	// GitHub keeps names in upper case and compares them without regard to
	// case. Cannot be changed: create another OrganizationActionsVariable
	// for another name.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	// +kubebuilder:validation:Pattern=`^[A-Za-z_][A-Za-z0-9_]*$`
	// +kubebuilder:validation:XValidation:rule="!self.matches('^[Gg][Ii][Tt][Hh][Uu][Bb]_')",message="name must not start with GITHUB_: GitHub keeps that prefix for its own variables"
	// +kubebuilder:validation:XValidation:rule="self == oldSelf",message="name cannot be changed: create another OrganizationActionsVariable for another variable name"
	Name string `json:"name"`

	// Value of the variable, as it is (several lines are fine), at most
	// 48 KB, GitHub's limit, in bytes of UTF-8. It is not secret: use an
	// OrganizationActionsSecret for what must not be shown.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=49152
	// +kubebuilder:validation:XValidation:rule="size(bytes(self)) <= 49152",message="value is over 48 KB, GitHub's limit, counted in bytes of UTF-8: a character outside ASCII takes two to four"
	Value string `json:"value"`

	RepositorySharing `json:",inline"`
}

// OrganizationActionsVariableObservation is the observed state of an
// organization's Actions variable.
type OrganizationActionsVariableObservation struct {
	RepositorySharingObservation `json:",inline"`

	// Name is the variable's name as GitHub keeps it (upper case).
	Name *string `json:"name,omitempty"`

	// Value is the variable's value on GitHub.
	Value *string `json:"value,omitempty"`

	// CreatedAt is when GitHub created the variable.
	CreatedAt *metav1.Time `json:"createdAt,omitempty"`

	// UpdatedAt is when the variable last changed on GitHub.
	UpdatedAt *metav1.Time `json:"updatedAt,omitempty"`
}
