package v1alpha1

// CustomPropertyParameters are the configurable fields of a custom
// property of a GitHub organization: one entry of the schema of
// properties its repositories may carry (a Repository sets their values
// with spec.forProvider.customProperties), which organization rulesets can
// target.
//
// The whole definition is GitHub's PUT: a definition changed on GitHub is
// put back, a property deleted there is created again. A field left unset
// is GitHub's to keep. The name is the external name: a property that
// already exists with the name is never taken over unless the
// crossplane.io/external-name annotation is set to its name. Deleting the
// resource deletes the property, and with it its value on every
// repository of the organization. The organization and the name cannot be
// changed once set: create another CustomProperty instead.
// +github:kind=CustomProperty
// +github:kind:noun=custom property
// +github:kind:description=Its spec names the organization, the property's name, its value type and the values it allows. The external name is the property's name; a property that already exists with the name is adopted only when the crossplane.io/external-name annotation is set to it.
// +github:kind:printcolumn:name="PROPERTY",type="string",JSONPath=".spec.forProvider.name"
// +github:kind:printcolumn:name="TYPE",type="string",JSONPath=".spec.forProvider.valueType"
// +github:kind:printcolumn:name="ORGANIZATION",type="string",JSONPath=".status.atProvider.organization"
// +kubebuilder:validation:XValidation:rule="!has(self.allowedValues) || self.valueType in ['single_select', 'multi_select']",message="allowedValues is only for single_select and multi_select properties: remove it, or change valueType"
// +kubebuilder:validation:XValidation:rule="!(self.valueType in ['single_select', 'multi_select']) || has(self.allowedValues)",message="a single_select or multi_select property needs allowedValues: list the values a repository may take (1 to 200)"
// +kubebuilder:validation:XValidation:rule="!has(self.defaultValues) || self.valueType == 'multi_select'",message="defaultValues (a list) is only for multi_select properties: use defaultValue for the default of any other"
// +kubebuilder:validation:XValidation:rule="!has(self.defaultValue) || self.valueType != 'multi_select'",message="a multi_select property's default is a list: use defaultValues instead of defaultValue"
// +kubebuilder:validation:XValidation:rule="!has(self.required) || !self.required || has(self.defaultValue) || has(self.defaultValues)",message="a required property needs a default value (defaultValue, or defaultValues for multi_select): GitHub gives it to every repository without a value of its own"
// +kubebuilder:validation:XValidation:rule="!has(self.defaultValue) || self.valueType != 'single_select' || !has(self.allowedValues) || self.defaultValue in self.allowedValues",message="defaultValue must be one of allowedValues"
// +kubebuilder:validation:XValidation:rule="!has(self.defaultValues) || !has(self.allowedValues) || self.defaultValues.all(v, v in self.allowedValues)",message="each of defaultValues must be one of allowedValues"
// +kubebuilder:validation:XValidation:rule="!has(self.defaultValue) || self.valueType != 'true_false' || self.defaultValue in ['true', 'false']",message="the default of a true_false property is \"true\" or \"false\""
// +kubebuilder:validation:XValidation:rule="!has(self.defaultValue) || self.valueType != 'url' || self.defaultValue.matches('^https?://[^/?#]+')",message="the default of a url property is an http or https URL"
type CustomPropertyParameters struct {
	OrganizationTarget `json:",inline"`

	// Name of the property, as repositories and rulesets name it: 1 to 75
	// of a-z, A-Z, 0-9, _, -, $ and # (no spaces). GitHub finds names
	// without regard to case. Cannot be changed: create another
	// CustomProperty for another name.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=75
	// +kubebuilder:validation:Pattern=`^[A-Za-z0-9_$#-]+$`
	// +kubebuilder:validation:XValidation:rule="self == oldSelf",message="name cannot be changed: create another CustomProperty for another property name"
	Name string `json:"name"`

	// ValueType is the type of the property's values: string (free text),
	// single_select (one of allowedValues), multi_select (any of
	// allowedValues), true_false ("true" or "false") or url (an http or
	// https URL).
	// +kubebuilder:validation:Enum=string;single_select;multi_select;true_false;url
	ValueType string `json:"valueType"`

	// Required makes every repository of the organization have a value:
	// one without a value of its own takes the default (defaultValue, or
	// defaultValues for multi_select), which a required property needs.
	// Defaults to false.
	// +optional
	Required *bool `json:"required,omitempty"`

	// DefaultValue is the default of a string, url (an http or https
	// URL), single_select (one of allowedValues) or true_false ("true" or
	// "false") property: the value of a repository that has none of its
	// own, when the property is required. Printable ASCII without '"'.
	// +optional
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	// +kubebuilder:validation:Pattern=`^[ !#-~]+$`
	DefaultValue *string `json:"defaultValue,omitempty"`

	// DefaultValues is the default of a multi_select property: some of
	// allowedValues.
	// +optional
	// +listType=set
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=200
	// +kubebuilder:validation:items:MinLength=1
	// +kubebuilder:validation:items:MaxLength=255
	// +kubebuilder:validation:items:Pattern=`^[ !#-~]+$`
	DefaultValues []string `json:"defaultValues,omitempty"`

	// Description of the property, shown where repositories' values are
	// set.
	// +optional
	// +kubebuilder:validation:MaxLength=255
	Description *string `json:"description,omitempty"`

	// AllowedValues are the values a single_select or multi_select
	// property takes, in the order GitHub offers them: 1 to 200 (GitHub's
	// limit), each printable ASCII without '"'. Only for those two types.
	// A value removed here is removed from the repositories that had it.
	// +optional
	// +listType=set
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=200
	// +kubebuilder:validation:items:MinLength=1
	// +kubebuilder:validation:items:MaxLength=255
	// +kubebuilder:validation:items:Pattern=`^[ !#-~]+$`
	AllowedValues []string `json:"allowedValues,omitempty"`

	// ValuesEditableBy says who may set the property's values on
	// repositories: org_actors (the organization's owners and those with
	// its custom properties permission; GitHub's default) or
	// org_and_repo_actors (also a repository's admins and those with its
	// custom properties permission).
	// +optional
	// +kubebuilder:validation:Enum=org_actors;org_and_repo_actors
	ValuesEditableBy *string `json:"valuesEditableBy,omitempty"`

	// RequireExplicitValues makes GitHub ask for a value of the property
	// whenever a repository is created. Defaults to false.
	// +optional
	RequireExplicitValues *bool `json:"requireExplicitValues,omitempty"`
}

// CustomPropertyObservation is the observed state of an organization's
// custom property.
type CustomPropertyObservation struct {
	// Organization is the organization (its login), as last targeted.
	Organization *string `json:"organization,omitempty"`

	// Name is the property's name on GitHub.
	Name *string `json:"name,omitempty"`

	// SourceType is where the property is defined: organization, or
	// enterprise for a property the organization's enterprise defines.
	SourceType *string `json:"sourceType,omitempty"`

	// ValueType is the type of the property's values.
	ValueType *string `json:"valueType,omitempty"`

	// Required tells whether every repository has a value.
	Required *bool `json:"required,omitempty"`

	// DefaultValue is the default of a property other than multi_select.
	DefaultValue *string `json:"defaultValue,omitempty"`

	// DefaultValues is the default of a multi_select property.
	DefaultValues []string `json:"defaultValues,omitempty"`

	// Description is the property's description.
	Description *string `json:"description,omitempty"`

	// AllowedValues are the values a select property takes.
	AllowedValues []string `json:"allowedValues,omitempty"`

	// ValuesEditableBy says who may set the property's values.
	ValuesEditableBy *string `json:"valuesEditableBy,omitempty"`

	// RequireExplicitValues tells whether GitHub asks for a value when a
	// repository is created.
	RequireExplicitValues *bool `json:"requireExplicitValues,omitempty"`
}
