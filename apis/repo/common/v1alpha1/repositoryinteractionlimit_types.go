package v1alpha1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// RepositoryInteractionLimitParameters are the declared interaction limit
// of a GitHub repository: who may comment, open issues and create pull
// requests in it while the limit is in effect. GitHub keeps one per
// repository at its own endpoint (so a kind, not a Repository field), and
// lifts it by itself when its expiry has passed (at most six months): the
// resource shows when (status.atProvider.expiresAt), and with renew: true
// sets it again then. A limit changed or removed on GitHub before it
// expires is put back. While the repository's organization has a limit,
// GitHub refuses one of the repository: the resource shows the
// organization's and writes nothing. The repository cannot be changed once
// set: create another RepositoryInteractionLimit instead. Deleting the
// RepositoryInteractionLimit removes the limit.
// +github:kind=RepositoryInteractionLimit
// +github:kind:noun=interaction limit
// +github:kind:description=Its spec names the repository, who may interact with it and for how long. The external name is the repository's full name, set once the provider has set the limit; a repository has one RepositoryInteractionLimit.
// +github:kind:printcolumn:name="REPOSITORY",type="string",JSONPath=".status.atProvider.repository"
// +github:kind:printcolumn:name="LIMIT",type="string",JSONPath=".status.atProvider.limit"
// +github:kind:printcolumn:name="EXPIRES",type="string",JSONPath=".status.atProvider.expiresAt"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repository) || (has(self.repository) && self.repository == oldSelf.repository && has(self.owner) == has(oldSelf.owner) && (!has(self.owner) || self.owner == oldSelf.owner))",message="repository and owner cannot be changed: an interaction limit cannot move to another repository; create another RepositoryInteractionLimit"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repositoryRef) || (has(self.repositoryRef) && self.repositoryRef.name == oldSelf.repositoryRef.name)",message="repositoryRef cannot be changed once set: an interaction limit cannot move to another repository; create another RepositoryInteractionLimit"
type RepositoryInteractionLimitParameters struct {
	RepositoryTarget `json:",inline"`

	InteractionLimit `json:",inline"`

	// PullRequestCreationCap caps how many open pull requests one user may
	// have in the repository at a time; read and kept only when declared.
	// Deleting the resource turns a declared cap off.
	// +optional
	PullRequestCreationCap *PullRequestCreationCap `json:"pullRequestCreationCap,omitempty"`

	// PullRequestCapBypassUsers are the logins of the users the
	// repository's pull request creation cap does not apply to, all of
	// them: a user added on GitHub is removed, a declared one missing is
	// added. Read and kept only when declared; left out, GitHub's list is
	// left as it is. 1 to 100 users. Deleting the resource removes them.
	// +optional
	// +listType=set
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=100
	// +kubebuilder:validation:items:Pattern=`^[A-Za-z0-9](?:[A-Za-z0-9]|-[A-Za-z0-9]){0,38}$`
	PullRequestCapBypassUsers []string `json:"pullRequestCapBypassUsers,omitempty"`
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

// InteractionLimit is who may interact, for how long, and whether the
// provider sets the limit again when GitHub lifts it.
type InteractionLimit struct {
	// Limit is who may comment, open issues and create pull requests while
	// the limit is in effect: existing_users (users whose account is older
	// than 24 hours and who contributed before), contributors_only (users
	// who contributed before) or collaborators_only (collaborators only).
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
}

// RepositoryInteractionLimitObservation is the interaction limit in effect
// in the repository.
type RepositoryInteractionLimitObservation struct {
	// Repository is the repository (owner/name), as last targeted.
	Repository *string `json:"repository,omitempty"`

	// Host is the GitHub API host the limit was read through
	// (api.github.com, or a GitHub Enterprise Server's): a repository is
	// claimed by one RepositoryInteractionLimit per host.
	Host *string `json:"host,omitempty"`

	InteractionLimitObservation `json:",inline"`

	// PullRequestCreationCap is GitHub's cap, when one is declared.
	PullRequestCreationCap *PullRequestCreationCap `json:"pullRequestCreationCap,omitempty"`

	// PullRequestCapBypassUsers is GitHub's bypass list, when one is
	// declared.
	// +listType=atomic
	PullRequestCapBypassUsers []string `json:"pullRequestCapBypassUsers,omitempty"`
}

// InteractionLimitObservation is the limit in effect, as GitHub last
// answered it, and when one lapsed.
type InteractionLimitObservation struct {
	// Limit is who may interact while the limit in effect lasts; unset
	// when none is in effect.
	Limit *string `json:"limit,omitempty"`

	// Origin is where the limit in effect was set: repository, or
	// organization when the repository's organization has one (which
	// overrides the repository's).
	Origin *string `json:"origin,omitempty"`

	// ExpiresAt is when GitHub lifts the limit in effect.
	ExpiresAt *metav1.Time `json:"expiresAt,omitempty"`

	// LapsedAt is when the limit this resource set lapsed without being
	// renewed (renew unset or false); unset while one is in effect.
	LapsedAt *metav1.Time `json:"lapsedAt,omitempty"`
}
