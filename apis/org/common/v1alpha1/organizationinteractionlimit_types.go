package v1alpha1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// OrganizationInteractionLimitParameters are the declared interaction
// limit of a GitHub organization: who may comment, open issues and create
// pull requests in its public repositories while the limit is in effect.
// GitHub keeps one per organization at its own endpoint (so a kind, not an
// OrganizationSettings field), overwrites its repositories' limits with
// it, and lifts it by itself when its expiry has passed (at most six
// months): the resource shows when (status.atProvider.expiresAt), and with
// renew: true sets it again then. A limit changed or removed on GitHub
// before it expires is put back. Deleting the OrganizationInteractionLimit
// removes the limit.
// +github:kind=OrganizationInteractionLimit
// +github:kind:noun=interaction limit
// +github:kind:description=Its spec names the organization, who may interact with its public repositories and for how long. The external name is the organization's login, set once the provider has set the limit; an organization has one OrganizationInteractionLimit.
// +github:kind:printcolumn:name="ORGANIZATION",type="string",JSONPath=".status.atProvider.organization"
// +github:kind:printcolumn:name="LIMIT",type="string",JSONPath=".status.atProvider.limit"
// +github:kind:printcolumn:name="EXPIRES",type="string",JSONPath=".status.atProvider.expiresAt"
type OrganizationInteractionLimitParameters struct {
	OrganizationTarget `json:",inline"`

	// Limit is who may comment, open issues and create pull requests in
	// the organization's public repositories while the limit is in effect:
	// existing_users (users whose account is older than 24 hours and who
	// contributed before), contributors_only (users who contributed
	// before) or collaborators_only (collaborators only).
	// +kubebuilder:validation:Enum=existing_users;contributors_only;collaborators_only
	Limit string `json:"limit"`

	// Expiry is how long the limit lasts from the moment it is set:
	// one_day (GitHub's default), three_days, one_week, one_month or
	// six_months. GitHub does not say it back: a changed expiry takes
	// effect the next time the provider sets the limit (a changed limit,
	// a renewal).
	// +optional
	// +kubebuilder:default=one_day
	// +kubebuilder:validation:Enum=one_day;three_days;one_week;one_month;six_months
	Expiry *string `json:"expiry,omitempty"`

	// Renew, true, sets the limit again, for expiry, each time GitHub
	// lifts it, with an event saying until when. Unset or false, a lifted
	// limit stays lifted: the resource is Ready=False, reason Expired,
	// saying when it lapsed, and writes nothing.
	// +optional
	Renew *bool `json:"renew,omitempty"`

	// PullRequestCreationCap caps how many open pull requests one user may
	// have across the organization's public repositories at a time; read
	// and kept only when declared. Deleting the resource turns a declared
	// cap off.
	// +optional
	PullRequestCreationCap *PullRequestCreationCap `json:"pullRequestCreationCap,omitempty"`
}

// PullRequestCreationCap is how many open pull requests one user may have
// at a time.
type PullRequestCreationCap struct {
	// Enabled turns the cap on (true) or off (false).
	Enabled bool `json:"enabled"`

	// MaxOpenPullRequests is how many open pull requests one user may have
	// at a time, 1 to 1000; unset, GitHub's to keep.
	// +optional
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=1000
	MaxOpenPullRequests *int64 `json:"maxOpenPullRequests,omitempty"`
}

// OrganizationInteractionLimitObservation is the interaction limit in
// effect in the organization.
type OrganizationInteractionLimitObservation struct {
	// Organization is the organization (its login), as last targeted.
	Organization *string `json:"organization,omitempty"`

	// Host is the GitHub API host the limit was read through
	// (api.github.com, or a GitHub Enterprise Server's): an organization
	// is claimed by one OrganizationInteractionLimit per host.
	Host *string `json:"host,omitempty"`

	// Limit is who may interact while the limit in effect lasts; unset
	// when none is in effect.
	Limit *string `json:"limit,omitempty"`

	// Origin is where the limit in effect was set: organization.
	Origin *string `json:"origin,omitempty"`

	// ExpiresAt is when GitHub lifts the limit in effect.
	ExpiresAt *metav1.Time `json:"expiresAt,omitempty"`

	// LapsedAt is when the limit this resource set lapsed without being
	// renewed (renew unset or false); unset while one is in effect.
	LapsedAt *metav1.Time `json:"lapsedAt,omitempty"`

	// PullRequestCreationCap is GitHub's cap, when one is declared.
	PullRequestCreationCap *PullRequestCreationCap `json:"pullRequestCreationCap,omitempty"`
}
