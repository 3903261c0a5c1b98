package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// BranchProtectionParameters are the configurable fields of a branch's
// classic protection on GitHub.
//
// The spec is the whole protection: GitHub replaces a branch's protection
// as a whole, so every setting left out is off (a switch is false, a part
// such as requiredPullRequestReviews is not required), and the provider
// turns off on GitHub whatever the spec leaves out. Only real differences
// trigger a write: GitHub's defaults, its order of lists and the case of
// logins and slugs are not differences.
//
// GitHub keeps protection by branch name, without an id, and does not say
// who protected a branch: a branch that is already protected is not taken
// over unless the resource names the branch in its
// crossplane.io/external-name annotation. The external name is the branch's
// name. GitHub moves a branch's protection with it when the branch is
// renamed: a resource that names its branch through branchRef follows the
// Branch resource; one that names it by name reports that the branch no
// longer exists.
//
// Users, teams and apps that GitHub drops from restrictions, dismissal
// restrictions or bypass allowances because they lack push access to the
// repository are reported in status.atProvider.droppedByGitHub and in the
// Ready condition's message, and asked for again every 30 minutes (and
// whenever the spec changes), not on every poll.
// +github:kind=BranchProtection
// +github:kind:noun=branch protection
// +github:kind:description=Its spec names the repository, the branch and the whole protection: settings left out are off. A branch that is already protected is taken over only when the crossplane.io/external-name annotation names it.
// +github:kind:printcolumn:name="BRANCH",type="string",JSONPath=".status.atProvider.branch"
// +github:kind:printcolumn:name="REPOSITORY",type="string",JSONPath=".status.atProvider.repository"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repository) || (has(self.repository) && self.repository == oldSelf.repository && has(self.owner) == has(oldSelf.owner) && (!has(self.owner) || self.owner == oldSelf.owner))",message="repository and owner cannot be changed: a branch protection cannot move to another repository; create another BranchProtection"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repositoryRef) || (has(self.repositoryRef) && self.repositoryRef.name == oldSelf.repositoryRef.name)",message="repositoryRef cannot be changed once set: a branch protection cannot move to another repository; create another BranchProtection"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.branch) || (has(self.branch) && self.branch == oldSelf.branch)",message="branch cannot be changed: a branch protection cannot move to another branch; create another BranchProtection"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.branchRef) || (has(self.branchRef) && self.branchRef.name == oldSelf.branchRef.name)",message="branchRef cannot be changed once set: a branch protection cannot move to another branch; create another BranchProtection"
type BranchProtectionParameters struct {
	RepositoryTarget `json:",inline"`
	BranchTarget     `json:",inline"`

	// RequiredStatusChecks requires status checks to pass before a pull
	// request is merged into the branch. Unset: no status checks are
	// required.
	// +optional
	// +kubebuilder:validation:XValidation:rule="!(has(self.contexts) && has(self.checks))",message="set contexts or checks, not both: checks names each check's app, contexts lets GitHub choose"
	RequiredStatusChecks *RequiredStatusChecks `json:"requiredStatusChecks,omitempty"`

	// EnforceAdmins applies the protection to repository administrators
	// too. Unset: false.
	// +optional
	EnforceAdmins *bool `json:"enforceAdmins,omitempty"`

	// RequiredPullRequestReviews requires approving reviews before a pull
	// request is merged into the branch. Unset: no reviews are required
	// (and changes need no pull request).
	// +optional
	RequiredPullRequestReviews *RequiredPullRequestReviews `json:"requiredPullRequestReviews,omitempty"`

	// Restrictions limits who can push to the branch to these users, teams
	// and apps (and repository administrators). Only for repositories owned
	// by an organization. Unset: everyone with push access to the
	// repository can push. Set with empty lists ({}): only administrators
	// can push. GitHub drops those who lack push access to the repository;
	// see status.atProvider.droppedByGitHub.
	// +optional
	Restrictions *BranchActors `json:"restrictions,omitempty"`

	// RequiredLinearHistory refuses merge commits on the branch. Unset:
	// false.
	// +optional
	RequiredLinearHistory *bool `json:"requiredLinearHistory,omitempty"`

	// AllowForcePushes lets everyone with push access force-push to the
	// branch. Unset: false.
	// +optional
	AllowForcePushes *bool `json:"allowForcePushes,omitempty"`

	// AllowDeletions lets everyone with push access delete the branch.
	// Unset: false.
	// +optional
	AllowDeletions *bool `json:"allowDeletions,omitempty"`

	// BlockCreations makes restrictions also block the creation of
	// matching branches by those not allowed to push. Unset: false.
	// +optional
	BlockCreations *bool `json:"blockCreations,omitempty"`

	// RequiredConversationResolution requires every conversation on the
	// code of a pull request to be resolved before it is merged. Unset:
	// false.
	// +optional
	RequiredConversationResolution *bool `json:"requiredConversationResolution,omitempty"`

	// LockBranch makes the branch read-only: nobody can push to it. Unset:
	// false.
	// +optional
	LockBranch *bool `json:"lockBranch,omitempty"`

	// AllowForkSyncing lets users pull changes from upstream into a fork's
	// branch while lockBranch makes it read-only. Unset: false.
	// +optional
	AllowForkSyncing *bool `json:"allowForkSyncing,omitempty"`

	// RequiredSignatures requires every commit pushed to the branch to be
	// signed and verified. GitHub keeps it apart from the rest of the
	// protection (its own endpoint); it goes with the protection when the
	// protection is deleted. Unset: false.
	// +optional
	RequiredSignatures *bool `json:"requiredSignatures,omitempty"`
}

// RequiredStatusChecks are the status checks that must pass before a pull
// request is merged into a protected branch. Set contexts or checks, not
// both.
type RequiredStatusChecks struct {
	// Strict requires the pull request's branch to be up to date with the
	// protected branch before merging. Unset: false.
	// +optional
	Strict *bool `json:"strict,omitempty"`

	// Contexts are the names of the required checks, any app may set them
	// (GitHub may then require the app that recently set a check; see
	// status.atProvider.requiredStatusChecks.checks). Compared as a set.
	// Prefer checks to name each check's app.
	// +optional
	// +listType=set
	// +kubebuilder:validation:MaxItems=100
	// +kubebuilder:validation:items:MinLength=1
	// +kubebuilder:validation:items:MaxLength=255
	Contexts []string `json:"contexts,omitempty"`

	// Checks are the required checks, each with the app that must set it.
	// Compared as a set.
	// +optional
	// +listType=atomic
	// +kubebuilder:validation:MaxItems=100
	// +kubebuilder:validation:XValidation:rule="self.all(c, self.filter(d, d.context == c.context && (has(d.appId) ? d.appId : -2) == (has(c.appId) ? c.appId : -2)).size() == 1)",message="each check (context and appId) can be listed once"
	Checks []StatusCheck `json:"checks,omitempty"`
}

// StatusCheck is a required status check and the app that must set it.
type StatusCheck struct {
	// Context is the name of the check, as the check run or commit status
	// reports it (e.g. "ci/build").
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	Context string `json:"context"`

	// AppID is the id of the GitHub App that must set the check; -1 lets
	// any app set it. Unset: GitHub chooses the app that recently set the
	// check, or any app if none did; the provider then records GitHub's
	// choice here (late initialization), so that a later change on GitHub
	// is corrected.
	// +optional
	// +kubebuilder:validation:Minimum=-1
	AppID *int64 `json:"appId,omitempty"`
}

// RequiredPullRequestReviews are the reviews a pull request needs before it
// is merged into a protected branch.
type RequiredPullRequestReviews struct {
	// DismissStaleReviews dismisses approving reviews when new commits are
	// pushed. Unset: false.
	// +optional
	DismissStaleReviews *bool `json:"dismissStaleReviews,omitempty"`

	// RequireCodeOwnerReviews requires a review from a code owner of the
	// changed files (CODEOWNERS). Unset: false.
	// +optional
	RequireCodeOwnerReviews *bool `json:"requireCodeOwnerReviews,omitempty"`

	// RequiredApprovingReviewCount is the number of approving reviews
	// required: 0 to 6. Defaults to 1, as on GitHub.
	// +optional
	// +kubebuilder:default=1
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:Maximum=6
	RequiredApprovingReviewCount *int64 `json:"requiredApprovingReviewCount,omitempty"`

	// RequireLastPushApproval requires the most recent push to be approved
	// by someone other than who pushed it. Unset: false.
	// +optional
	RequireLastPushApproval *bool `json:"requireLastPushApproval,omitempty"`

	// DismissalRestrictions limits who can dismiss reviews to these users,
	// teams and apps. Only for repositories owned by an organization.
	// Unset or empty: everyone with push access can dismiss reviews.
	// +optional
	DismissalRestrictions *BranchActors `json:"dismissalRestrictions,omitempty"`

	// BypassPullRequestAllowances lets these users, teams and apps push
	// without the required pull request. Unset or empty: nobody.
	// +optional
	BypassPullRequestAllowances *BranchActors `json:"bypassPullRequestAllowances,omitempty"`
}

// BranchActors are users, teams and apps named by a branch protection. Each
// list is compared as a set, without regard to case. GitHub keeps only
// those with push access to the repository.
type BranchActors struct {
	// Users are the logins of users.
	// +optional
	// +listType=set
	// +kubebuilder:validation:MaxItems=100
	// +kubebuilder:validation:items:MinLength=1
	// +kubebuilder:validation:items:MaxLength=39
	// +kubebuilder:validation:items:Pattern=`^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$`
	Users []string `json:"users,omitempty"`

	// Teams are the slugs of teams of the organization that owns the
	// repository: lower case letters, digits and '-', as GitHub derives
	// them from the teams' names ("Platform Team" becomes
	// "platform-team"). A team renamed on GitHub changes its slug: change
	// it here too.
	// +optional
	// +listType=set
	// +kubebuilder:validation:MaxItems=100
	// +kubebuilder:validation:items:MinLength=1
	// +kubebuilder:validation:items:MaxLength=255
	// +kubebuilder:validation:items:Pattern=`^[a-z0-9]+(-[a-z0-9]+)*$`
	Teams []string `json:"teams,omitempty"`

	// Apps are the slugs of GitHub Apps installed on the repository's
	// owner, e.g. "github-actions".
	// +optional
	// +listType=set
	// +kubebuilder:validation:MaxItems=100
	// +kubebuilder:validation:items:MinLength=1
	// +kubebuilder:validation:items:MaxLength=100
	// +kubebuilder:validation:items:Pattern=`^[A-Za-z0-9][A-Za-z0-9_.-]*$`
	Apps []string `json:"apps,omitempty"`
}

// BranchProtectionObservation is a branch's protection as GitHub last
// reported it.
type BranchProtectionObservation struct {
	// Repository is the full name (owner/name) of the repository, as last
	// targeted.
	Repository *string `json:"repository,omitempty"`

	// Branch is the name of the protected branch, as last targeted.
	Branch *string `json:"branch,omitempty"`

	// RequiredStatusChecks are the required status checks; unset when none
	// are required.
	RequiredStatusChecks *StatusChecksObservation `json:"requiredStatusChecks,omitempty"`

	// EnforceAdmins is true when the protection applies to administrators.
	EnforceAdmins *bool `json:"enforceAdmins,omitempty"`

	// RequiredPullRequestReviews are the required reviews; unset when none
	// are required.
	RequiredPullRequestReviews *ReviewsObservation `json:"requiredPullRequestReviews,omitempty"`

	// Restrictions are who may push; unset when everyone with push access
	// may.
	Restrictions *ActorsObservation `json:"restrictions,omitempty"`

	// RequiredLinearHistory is GitHub's setting of the same name.
	RequiredLinearHistory *bool `json:"requiredLinearHistory,omitempty"`

	// AllowForcePushes is GitHub's setting of the same name.
	AllowForcePushes *bool `json:"allowForcePushes,omitempty"`

	// AllowDeletions is GitHub's setting of the same name.
	AllowDeletions *bool `json:"allowDeletions,omitempty"`

	// BlockCreations is GitHub's setting of the same name.
	BlockCreations *bool `json:"blockCreations,omitempty"`

	// RequiredConversationResolution is GitHub's setting of the same name.
	RequiredConversationResolution *bool `json:"requiredConversationResolution,omitempty"`

	// LockBranch is GitHub's setting of the same name.
	LockBranch *bool `json:"lockBranch,omitempty"`

	// AllowForkSyncing is GitHub's setting of the same name.
	AllowForkSyncing *bool `json:"allowForkSyncing,omitempty"`

	// RequiredSignatures is GitHub's setting of the same name.
	RequiredSignatures *bool `json:"requiredSignatures,omitempty"`

	// DroppedByGitHub are the users, teams and apps of the spec that GitHub
	// left out of the protection when the provider last wrote it, because
	// they lack push access to the repository. They do not count as drift.
	// Grant them push access: the provider asks GitHub for them again 30
	// minutes after it was last refused, and whenever the spec changes.
	DroppedByGitHub *DroppedActors `json:"droppedByGitHub,omitempty"`
}

// StatusChecksObservation are the required status checks as GitHub reports
// them: both ways.
type StatusChecksObservation struct {
	// Strict is true when a pull request's branch must be up to date.
	Strict bool `json:"strict"`

	// Contexts are the names of the required checks.
	// +optional
	Contexts []string `json:"contexts,omitempty"`

	// Checks are the required checks, each with the app that must set it
	// (no appId when any app may).
	// +optional
	Checks []StatusCheckObservation `json:"checks,omitempty"`
}

// StatusCheckObservation is a required check as GitHub reports it.
type StatusCheckObservation struct {
	// Context is the name of the check.
	Context string `json:"context"`

	// AppID is the id of the app that must set the check; unset when any
	// app may.
	// +optional
	AppID *int64 `json:"appId,omitempty"`
}

// ReviewsObservation are the required reviews as GitHub reports them.
type ReviewsObservation struct {
	// DismissStaleReviews is GitHub's setting of the same name.
	DismissStaleReviews bool `json:"dismissStaleReviews"`

	// RequireCodeOwnerReviews is GitHub's setting of the same name.
	RequireCodeOwnerReviews bool `json:"requireCodeOwnerReviews"`

	// RequiredApprovingReviewCount is GitHub's setting of the same name.
	RequiredApprovingReviewCount int64 `json:"requiredApprovingReviewCount"`

	// RequireLastPushApproval is GitHub's setting of the same name.
	RequireLastPushApproval bool `json:"requireLastPushApproval"`

	// DismissalRestrictions are who may dismiss reviews; unset when
	// everyone with push access may.
	// +optional
	DismissalRestrictions *ActorsObservation `json:"dismissalRestrictions,omitempty"`

	// BypassPullRequestAllowances are who may push without a pull request;
	// unset when nobody may.
	// +optional
	BypassPullRequestAllowances *ActorsObservation `json:"bypassPullRequestAllowances,omitempty"`
}

// ActorsObservation are users, teams and apps as GitHub reports them:
// logins and slugs in GitHub's spelling and order.
type ActorsObservation struct {
	// Users are logins.
	// +optional
	Users []string `json:"users,omitempty"`

	// Teams are slugs.
	// +optional
	Teams []string `json:"teams,omitempty"`

	// Apps are slugs.
	// +optional
	Apps []string `json:"apps,omitempty"`
}

// DroppedActors are the users, teams and apps GitHub left out of a
// protection, by the part of the spec that named them.
type DroppedActors struct {
	// Restrictions are those left out of spec.forProvider.restrictions.
	// +optional
	Restrictions *ActorsObservation `json:"restrictions,omitempty"`

	// DismissalRestrictions are those left out of
	// spec.forProvider.requiredPullRequestReviews.dismissalRestrictions.
	// +optional
	DismissalRestrictions *ActorsObservation `json:"dismissalRestrictions,omitempty"`

	// BypassPullRequestAllowances are those left out of
	// spec.forProvider.requiredPullRequestReviews.bypassPullRequestAllowances.
	// +optional
	BypassPullRequestAllowances *ActorsObservation `json:"bypassPullRequestAllowances,omitempty"`

	// At is when GitHub last left them out.
	At metav1.Time `json:"at"`
}
