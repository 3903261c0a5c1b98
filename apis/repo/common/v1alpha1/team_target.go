package v1alpha1

import (
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
)

// TeamTarget names the GitHub team that a team-scoped resource (a team's
// permission on a repository, a user's membership of a team) is about:
// either by slug, or through a Team resource of the same scope. Kinds of
// every group embed it inline in their parameters. The team belongs to the
// resource's organization: the one that owns the repository, or the one
// the resource names.
// +kubebuilder:validation:XValidation:rule="has(self.teamSlug) != (has(self.teamRef) || has(self.teamSelector))",message="set exactly one of teamSlug, teamRef or teamSelector"
type TeamTarget struct {
	// TeamSlug is the slug of the team: lower case letters, digits and '-',
	// as GitHub derives it from the team's name ("Platform Team" becomes
	// "platform-team"). Use it for a team that no Team resource manages;
	// otherwise prefer teamRef, which follows the Team resource through a
	// rename. Set exactly one of teamSlug, teamRef and teamSelector.
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
