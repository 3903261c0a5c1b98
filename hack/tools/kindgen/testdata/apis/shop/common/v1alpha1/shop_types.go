package v1alpha1

// WidgetParameters configure a widget.
// +github:kind=Widget
// +github:kind:noun=shop widget
// +github:kind:description=Widgets are sold by the dozen.
// +github:kind:printcolumn:name="COLOR",type="string",JSONPath=".status.atProvider.color"
// +github:kind:printcolumn:name="SIZE",type="integer",JSONPath=".status.atProvider.size"
// +github:kind:specrule=rule="!has(self.forProvider.secret) || has(self.writeConnectionSecretToRef)",message="secret needs writeConnectionSecretToRef"
// +github:kind:specrule:cluster=rule="has(self.forProvider.size)",message="a cluster-scoped widget needs a size"
// +github:kind:namespaced:validation:XValidation:rule="!has(self.shelf)",message="a namespaced widget stays on its own shelf"
// +github:kind:cluster:validation:XValidation:rule="has(self.shelf)",message="a cluster-scoped widget needs a shelf"
type WidgetParameters struct {
	// Color of the widget.
	Color string `json:"color"`

	// Shelf the widget sits on.
	Shelf *string `json:"shelf,omitempty"`
}

// WidgetObservation is an observed widget.
type WidgetObservation struct {
	// Size of the widget.
	Size *int64 `json:"size,omitempty"`
}

type (
	// ExternalGadgetParameters configure a gadget; its markers sit on the
	// type spec inside a group declaration.
	// +github:kind=ExternalGadget
	ExternalGadgetParameters struct {
		RepositoryTarget  `json:",inline"`
		TeamTarget        `json:",inline"`
		BranchTarget      `json:",inline"`
		EnvironmentTarget `json:",inline"`
	}

	// ExternalGadgetObservation is an observed gadget.
	ExternalGadgetObservation struct{}
)

// Helper is a type without markers.
type Helper struct{}

// RepositoryTarget names a repository; a kind whose parameters embed it
// belongs to a repository.
type RepositoryTarget struct {
	// Repository is a name.
	Repository *string `json:"repository,omitempty"`
}

// TeamTarget names a team; a kind whose parameters embed it is about a team.
type TeamTarget struct {
	// TeamSlug is a slug.
	TeamSlug *string `json:"teamSlug,omitempty"`
}

// BranchTarget names a branch; a kind whose parameters embed it is about a
// branch.
type BranchTarget struct {
	// Branch is a name.
	Branch *string `json:"branch,omitempty"`
}

// EnvironmentTarget names an environment; a kind whose parameters embed it
// may belong to an environment.
type EnvironmentTarget struct {
	// Environment is a name.
	Environment *string `json:"environment,omitempty"`
}
