package v1alpha1

import (
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
)

// TeamParameters are the configurable fields of a GitHub organization team.
// The external name (crossplane.io/external-name) is the team's slug. GitHub
// derives the slug from the name; the provider follows the team by its id
// once created, so a team renamed outside Kubernetes is found and renamed
// back. An existing team is never taken over by a new resource: set the
// crossplane.io/external-name annotation to its slug to manage it. Deleting
// a team on GitHub deletes its child teams, so a Team whose child teams are
// managed by other Team resources is not deleted until those are deleted
// or moved to another parent.
// +github:kind=Team
// +github:kind:noun=team
// +github:kind:description=Its spec holds the team's name, description, privacy, parent team and notification setting. Its crossplane.io/external-name annotation is the team's slug: set it to manage an existing team. A Team whose child teams are managed by other Team resources is not deleted until they are deleted or moved.
// +github:kind:printcolumn:name="ORGANIZATION",type="string",JSONPath=".status.atProvider.organization"
// +github:kind:printcolumn:name="SLUG",type="string",JSONPath=".status.atProvider.slug"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.organization) || has(self.organization)",message="organization cannot be removed once set"
// +kubebuilder:validation:XValidation:rule="!has(self.parentTeamId) || !(has(self.parentTeamRef) || has(self.parentTeamSelector))",message="set parentTeamId, or parentTeamRef or parentTeamSelector, not both: a parent is named by id or by Team resource (a selector records the Team it chooses in parentTeamRef)"
// +kubebuilder:validation:XValidation:rule="!has(self.privacy) || self.privacy == 'closed' || !(has(self.parentTeamId) || has(self.parentTeamRef) || has(self.parentTeamSelector))",message="a team with a parent team must be closed: GitHub does not nest secret teams"
type TeamParameters struct {
	// Organization the team belongs to: an organization login. Defaults to
	// the owner of the provider configuration, recorded here once the team
	// exists. Cannot be changed once set: a team cannot move to another
	// organization.
	// +optional
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=39
	// +kubebuilder:validation:Pattern=`^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$`
	// +kubebuilder:validation:XValidation:rule="self == oldSelf",message="organization cannot be changed: a team cannot move to another organization"
	Organization *string `json:"organization,omitempty"`

	// Name of the team, unique in its organization (compared without regard
	// to case). GitHub derives the slug from it — lower case, every run of
	// other characters than letters and digits becomes '-' — so renaming a
	// team changes its slug; the provider follows the team by id. Changing
	// this field renames the team on GitHub. GitHub keeps the name with its
	// case but without leading and trailing spaces.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	// +kubebuilder:validation:XValidation:rule="self.matches('[A-Za-z0-9]')",message="name needs at least one letter or digit: GitHub derives the team's slug from them"
	Name string `json:"name"`

	// Description of the team. Left unset, GitHub's description is filled
	// in once the team exists ("" for none) and then kept.
	// +optional
	// +kubebuilder:validation:MaxLength=1024
	Description *string `json:"description,omitempty"`

	// Privacy of the team: "closed" (visible to every member of the
	// organization) or "secret" (visible only to its members and the
	// organization's owners). A team with a parent or with child teams must
	// be closed. Defaults to GitHub's choice: secret for a top-level team,
	// closed for a nested one; filled in once the team exists and then kept.
	// +optional
	// +kubebuilder:validation:Enum=secret;closed
	Privacy *string `json:"privacy,omitempty"`

	// NotificationSetting says whether team members are notified when the
	// team is @mentioned: notifications_enabled (GitHub's default) or
	// notifications_disabled. Left unset, GitHub's setting is filled in once
	// the team exists and then kept.
	// +optional
	// +kubebuilder:validation:Enum=notifications_enabled;notifications_disabled
	NotificationSetting *string `json:"notificationSetting,omitempty"`

	// ParentTeamID is GitHub's numeric id of the parent team, a closed team
	// of the same organization. Leave parentTeamId, parentTeamRef and
	// parentTeamSelector all unset for a top-level team: a team moved under
	// another parent (or to the top level) outside Kubernetes is moved back.
	// Deleting a parent team on GitHub deletes its child teams.
	// +optional
	// +kubebuilder:validation:Minimum=1
	ParentTeamID *int64 `json:"parentTeamId,omitempty"`

	// ParentTeamRef names a Team resource of the same scope (in the same
	// namespace, for a namespaced Team) to be the parent team; it must be
	// closed. The parent must be Ready before this team is created or moved
	// under it, and is not deleted while this Team exists.
	// +optional
	ParentTeamRef *xpv2.Reference `json:"parentTeamRef,omitempty"`

	// ParentTeamSelector chooses the parent Team resource of the same scope
	// by its labels (matchLabels) or by sharing this resource's controller
	// (matchControllerRef). The chosen Team is recorded in parentTeamRef.
	// +optional
	ParentTeamSelector *xpv2.Selector `json:"parentTeamSelector,omitempty"`
}

// TeamObservation is the observed state of a GitHub team.
type TeamObservation struct {
	// ID is GitHub's numeric id of the team. It survives renames and is how
	// the provider finds a team renamed outside Kubernetes.
	ID *int64 `json:"id,omitempty"`

	// NodeID is GitHub's GraphQL node id of the team.
	NodeID *string `json:"nodeId,omitempty"`

	// Organization is the login of the team's organization.
	Organization *string `json:"organization,omitempty"`

	// Slug is the team's slug, derived by GitHub from its name; it is the
	// team's external name.
	Slug *string `json:"slug,omitempty"`

	// Name is the team's name on GitHub.
	Name *string `json:"name,omitempty"`

	// Privacy is secret or closed.
	Privacy *string `json:"privacy,omitempty"`

	// NotificationSetting is notifications_enabled or notifications_disabled.
	NotificationSetting *string `json:"notificationSetting,omitempty"`

	// ParentTeamID is the id of the parent team; unset for a top-level team.
	ParentTeamID *int64 `json:"parentTeamId,omitempty"`

	// ParentTeamSlug is the slug of the parent team.
	ParentTeamSlug *string `json:"parentTeamSlug,omitempty"`

	// HTMLURL is the team's web page.
	HTMLURL *string `json:"htmlUrl,omitempty"`
}
