package v1alpha1

import (
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
)

// OptionalTeamTarget names a GitHub team as TeamTarget does, for a kind
// whose resource is about a team or about something else (an organization
// role held by a team or by a user): it has TeamTarget's fields, in the
// same order and of the same types, without TeamTarget's rule that one of
// them is set; the embedding kind states its own. The kind's generated
// TeamTarget accessor returns it as a TeamTarget (a conversion the
// compiler checks), so the shared team lookup and teamSelector resolution
// serve it as they serve TeamTarget.
type OptionalTeamTarget struct {
	// TeamSlug is the slug of the team: lower case letters, digits and '-',
	// as GitHub derives it from the team's name ("Platform Team" becomes
	// "platform-team"). Use it for a team that no Team resource manages;
	// otherwise prefer teamRef, which follows the Team resource through a
	// rename.
	// +optional
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	// +kubebuilder:validation:Pattern=`^[a-z0-9]+(-[a-z0-9]+)*$`
	TeamSlug *string `json:"teamSlug,omitempty"`

	// TeamRef names a Team resource of the same scope: for a namespaced
	// resource, the Team of that name in the resource's own namespace; for a
	// cluster-scoped resource, the cluster-scoped Team. The target follows
	// the Team's id and slug as its status reports them, so it follows a
	// rename. The Team must be Ready before this resource is created.
	// +optional
	TeamRef *xpv2.Reference `json:"teamRef,omitempty"`

	// TeamSelector chooses a Team resource of the same scope (in the
	// resource's own namespace, for a namespaced resource) by its labels
	// (matchLabels) or by sharing this resource's controller
	// (matchControllerRef, e.g. the same composite resource). The chosen
	// Team is recorded in teamRef and then followed as a reference is.
	// +optional
	TeamSelector *xpv2.Selector `json:"teamSelector,omitempty"`
}
