package v1alpha1

import (
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// CodeSecurityConfigurationParameters are the settings of a code security
// configuration of a GitHub organization: the security features it enables
// in the repositories it is attached to, whether it is the default for new
// repositories, and which repositories it is attached to.
//
// Every feature left unset is declared as GitHub's default for a new
// configuration, so a change on GitHub is put back. GitHub assigns each
// configuration an id, its external name: a configuration that already
// exists is never taken over unless the crossplane.io/external-name
// annotation is set to its id. The organization cannot be changed once set:
// create another CodeSecurityConfiguration instead.
// +github:kind=CodeSecurityConfiguration
// +github:kind:noun=configuration
// +github:kind:description=Its spec names the organization, the configuration's security features, whether it is the default for new repositories and the repositories it is attached to. The external name is the id GitHub assigns.
// +github:kind:printcolumn:name="NAME",type="string",JSONPath=".spec.forProvider.name"
// +github:kind:printcolumn:name="ORGANIZATION",type="string",JSONPath=".status.atProvider.organization"
// +kubebuilder:validation:XValidation:rule="!has(self.dependencyGraphAutosubmitActionOptions) || self.dependencyGraphAutosubmitAction == 'enabled'",message="dependencyGraphAutosubmitActionOptions go only with dependencyGraphAutosubmitAction: enabled; enable it, or leave the options out"
// +kubebuilder:validation:XValidation:rule="!has(self.codeScanningDefaultSetupOptions) || self.codeScanningDefaultSetup == 'enabled'",message="codeScanningDefaultSetupOptions go only with codeScanningDefaultSetup: enabled; enable it, or leave the options out"
// +kubebuilder:validation:XValidation:rule="!has(self.secretScanningDelegatedBypassOptions) || self.secretScanningDelegatedBypass == 'enabled'",message="secretScanningDelegatedBypassOptions go only with secretScanningDelegatedBypass: enabled; enable it, or leave the options out"
type CodeSecurityConfigurationParameters struct {
	OrganizationTarget `json:",inline"`

	// Name of the configuration, unique in the organization. A change
	// renames it on GitHub.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	Name string `json:"name"`

	// Description of the configuration; GitHub requires one.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	Description string `json:"description"`

	// AdvancedSecurity is which GitHub Advanced Security products the
	// configuration enables: enabled (both Code Security and Secret
	// Protection), code_security, secret_protection, or disabled (GitHub's
	// default). GitHub's code_security and secret_protection request fields
	// are the two halves of this one; GitHub answers with this one.
	// +optional
	// +kubebuilder:default=disabled
	// +kubebuilder:validation:Enum=enabled;disabled;code_security;secret_protection
	AdvancedSecurity string `json:"advancedSecurity,omitempty"`

	// DependencyGraph: enabled (GitHub's default), disabled or not_set
	// (each repository keeps its own setting).
	// +optional
	// +kubebuilder:default=enabled
	// +kubebuilder:validation:Enum=enabled;disabled;not_set
	DependencyGraph string `json:"dependencyGraph,omitempty"`

	// DependencyGraphAutosubmitAction is automatic dependency submission:
	// enabled, disabled (GitHub's default) or not_set.
	// +optional
	// +kubebuilder:default=disabled
	// +kubebuilder:validation:Enum=enabled;disabled;not_set
	DependencyGraphAutosubmitAction string `json:"dependencyGraphAutosubmitAction,omitempty"`

	// DependencyGraphAutosubmitActionOptions, only with
	// dependencyGraphAutosubmitAction enabled; GitHub's when unset.
	// +optional
	DependencyGraphAutosubmitActionOptions *AutosubmitActionOptions `json:"dependencyGraphAutosubmitActionOptions,omitempty"`

	// DependabotAlerts: enabled, disabled (GitHub's default) or not_set.
	// +optional
	// +kubebuilder:default=disabled
	// +kubebuilder:validation:Enum=enabled;disabled;not_set
	DependabotAlerts string `json:"dependabotAlerts,omitempty"`

	// DependabotSecurityUpdates: enabled, disabled (GitHub's default) or
	// not_set.
	// +optional
	// +kubebuilder:default=disabled
	// +kubebuilder:validation:Enum=enabled;disabled;not_set
	DependabotSecurityUpdates string `json:"dependabotSecurityUpdates,omitempty"`

	// CodeScanningDefaultSetup: enabled, disabled (GitHub's default) or
	// not_set.
	// +optional
	// +kubebuilder:default=disabled
	// +kubebuilder:validation:Enum=enabled;disabled;not_set
	CodeScanningDefaultSetup string `json:"codeScanningDefaultSetup,omitempty"`

	// CodeScanningDefaultSetupOptions, only with codeScanningDefaultSetup
	// enabled; GitHub's when unset.
	// +optional
	CodeScanningDefaultSetupOptions *CodeScanningDefaultSetupOptions `json:"codeScanningDefaultSetupOptions,omitempty"`

	// CodeScanningDelegatedAlertDismissal: enabled, disabled or not_set
	// (GitHub's default).
	// +optional
	// +kubebuilder:default=not_set
	// +kubebuilder:validation:Enum=enabled;disabled;not_set
	CodeScanningDelegatedAlertDismissal string `json:"codeScanningDelegatedAlertDismissal,omitempty"`

	// SecretScanning: enabled, disabled (GitHub's default) or not_set.
	// +optional
	// +kubebuilder:default=disabled
	// +kubebuilder:validation:Enum=enabled;disabled;not_set
	SecretScanning string `json:"secretScanning,omitempty"`

	// SecretScanningPushProtection: enabled, disabled (GitHub's default) or
	// not_set.
	// +optional
	// +kubebuilder:default=disabled
	// +kubebuilder:validation:Enum=enabled;disabled;not_set
	SecretScanningPushProtection string `json:"secretScanningPushProtection,omitempty"`

	// SecretScanningDelegatedBypass: enabled, disabled (GitHub's default)
	// or not_set.
	// +optional
	// +kubebuilder:default=disabled
	// +kubebuilder:validation:Enum=enabled;disabled;not_set
	SecretScanningDelegatedBypass string `json:"secretScanningDelegatedBypass,omitempty"`

	// SecretScanningDelegatedBypassOptions, only with
	// secretScanningDelegatedBypass enabled: who may approve a bypass of
	// push protection. GitHub's when unset.
	// +optional
	SecretScanningDelegatedBypassOptions *DelegatedBypassOptions `json:"secretScanningDelegatedBypassOptions,omitempty"`

	// SecretScanningValidityChecks: enabled, disabled (GitHub's default) or
	// not_set.
	// +optional
	// +kubebuilder:default=disabled
	// +kubebuilder:validation:Enum=enabled;disabled;not_set
	SecretScanningValidityChecks string `json:"secretScanningValidityChecks,omitempty"`

	// SecretScanningNonProviderPatterns: enabled, disabled (GitHub's
	// default) or not_set.
	// +optional
	// +kubebuilder:default=disabled
	// +kubebuilder:validation:Enum=enabled;disabled;not_set
	SecretScanningNonProviderPatterns string `json:"secretScanningNonProviderPatterns,omitempty"`

	// SecretScanningGenericSecrets (Copilot secret scanning): enabled,
	// disabled (GitHub's default) or not_set.
	// +optional
	// +kubebuilder:default=disabled
	// +kubebuilder:validation:Enum=enabled;disabled;not_set
	SecretScanningGenericSecrets string `json:"secretScanningGenericSecrets,omitempty"`

	// SecretScanningDelegatedAlertDismissal: enabled, disabled (the
	// default) or not_set.
	// +optional
	// +kubebuilder:default=disabled
	// +kubebuilder:validation:Enum=enabled;disabled;not_set
	SecretScanningDelegatedAlertDismissal string `json:"secretScanningDelegatedAlertDismissal,omitempty"`

	// PrivateVulnerabilityReporting: enabled, disabled (GitHub's default) or
	// not_set.
	// +optional
	// +kubebuilder:default=disabled
	// +kubebuilder:validation:Enum=enabled;disabled;not_set
	PrivateVulnerabilityReporting string `json:"privateVulnerabilityReporting,omitempty"`

	// Enforcement: enforced (GitHub's default: repositories cannot change
	// the configuration's settings) or unenforced.
	// +optional
	// +kubebuilder:default=enforced
	// +kubebuilder:validation:Enum=enforced;unenforced
	Enforcement string `json:"enforcement,omitempty"`

	// DefaultForNewRepos is which new repositories of the organization get
	// the configuration: all, public, private_and_internal, or none
	// (GitHub's default). GitHub keeps one default for public and one for
	// private and internal repositories: making this configuration the
	// default takes it from another.
	// +optional
	// +kubebuilder:default=none
	// +kubebuilder:validation:Enum=all;none;private_and_internal;public
	DefaultForNewRepos string `json:"defaultForNewRepos,omitempty"`

	// AttachTo attaches the configuration to repositories of the
	// organization (a repository has at most one configuration: attaching
	// takes it from another). Unset, the provider attaches it to none and
	// leaves the repositories attached on GitHub as they are.
	// +optional
	AttachTo *CodeSecurityAttachment `json:"attachTo,omitempty"`
}

// AutosubmitActionOptions are the options of automatic dependency
// submission.
type AutosubmitActionOptions struct {
	// LabeledRunners: run on runners labelled dependency-submission
	// instead of GitHub's standard runners.
	LabeledRunners bool `json:"labeledRunners"`
}

// CodeScanningDefaultSetupOptions are the options of code scanning's
// default setup.
// +kubebuilder:validation:XValidation:rule="!has(self.runnerLabel) || self.runnerType == 'labeled'",message="runnerLabel goes only with runnerType: labeled"
type CodeScanningDefaultSetupOptions struct {
	// RunnerType: standard (GitHub's runners), labeled (runners with
	// runnerLabel) or not_set.
	// +kubebuilder:validation:Enum=standard;labeled;not_set
	RunnerType string `json:"runnerType"`
	// RunnerLabel is the label of the runners, with runnerType labeled.
	// +optional
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=100
	RunnerLabel *string `json:"runnerLabel,omitempty"`
}

// DelegatedBypassOptions name who reviews requests to bypass push
// protection.
type DelegatedBypassOptions struct {
	// Reviewers are the teams and roles that may approve a bypass, in
	// any order.
	// +kubebuilder:validation:MaxItems=100
	Reviewers []BypassReviewer `json:"reviewers"`
}

// BypassReviewer is a team, by slug or id, or an organization role, by
// name or id.
// +kubebuilder:validation:XValidation:rule="[has(self.teamSlug), has(self.roleName), has(self.reviewerID)].filter(x, x).size() == 1",message="name the reviewer with exactly one of teamSlug (a team of the organization), roleName (an organization role) or reviewerID"
// +kubebuilder:validation:XValidation:rule="!has(self.teamSlug) || self.reviewerType == 'TEAM'",message="teamSlug goes only with reviewerType: TEAM"
// +kubebuilder:validation:XValidation:rule="!has(self.roleName) || self.reviewerType == 'ROLE'",message="roleName goes only with reviewerType: ROLE"
type BypassReviewer struct {
	// ReviewerType is TEAM or ROLE.
	// +kubebuilder:validation:Enum=TEAM;ROLE
	ReviewerType string `json:"reviewerType"`
	// TeamSlug is a team of the organization by slug, looked up on GitHub
	// (reviewerType TEAM).
	// +optional
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	TeamSlug *string `json:"teamSlug,omitempty"`
	// RoleName is an organization role by name (GET
	// /orgs/{org}/organization-roles lists them: security_manager, or a
	// custom role), compared without regard to case and looked up on
	// GitHub (reviewerType ROLE).
	// +optional
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	RoleName *string `json:"roleName,omitempty"`
	// ReviewerID is the id of the team or role.
	// +optional
	// +kubebuilder:validation:Minimum=1
	ReviewerID *int64 `json:"reviewerID,omitempty"`
}

// CodeSecurityAttachment is the repositories a configuration is attached
// to.
// +kubebuilder:validation:XValidation:rule="self.scope == 'selected' || (!has(self.repositories) && !has(self.repositoryRefs) && !has(self.repositorySelector))",message="repositories, repositoryRefs and repositorySelector go only with scope: selected"
// +kubebuilder:validation:XValidation:rule="self.scope != 'selected' || has(self.repositories) || has(self.repositoryRefs) || has(self.repositorySelector)",message="scope: selected needs repositories, repositoryRefs or repositorySelector"
type CodeSecurityAttachment struct {
	// Scope is which repositories: all, all_without_configurations (those
	// with no configuration yet), public, private_or_internal — each read
	// when the attachment is made, repositories created later are the
	// defaultForNewRepos' business — or selected: exactly those named
	// below. With selected the list is authoritative: a repository
	// attached to this configuration on GitHub but not named is detached.
	// +kubebuilder:validation:Enum=all;all_without_configurations;public;private_or_internal;selected
	Scope string `json:"scope"`

	// Repositories are repositories of the organization, by name.
	// +optional
	// +listType=set
	// +kubebuilder:validation:MaxItems=1000
	// +kubebuilder:validation:items:MinLength=1
	// +kubebuilder:validation:items:MaxLength=100
	// +kubebuilder:validation:items:Pattern=`^[A-Za-z0-9._-]+$`
	Repositories []string `json:"repositories,omitempty"`

	// RepositoryRefs are Repository resources of this resource's scope
	// (and namespace). Each follows its Repository resource, renames
	// included; one not created on GitHub yet is waited for.
	// +optional
	// +kubebuilder:validation:MaxItems=1000
	RepositoryRefs []xpv2.Reference `json:"repositoryRefs,omitempty"`

	// RepositorySelector chooses Repository resources of this resource's
	// scope (and namespace) by their labels, on every reconcile.
	// +optional
	RepositorySelector *xpv2.Selector `json:"repositorySelector,omitempty"`
}

// CodeSecurityConfigurationObservation is the observed state of a
// configuration.
type CodeSecurityConfigurationObservation struct {
	// Organization is the organization (its login), as last targeted.
	Organization *string `json:"organization,omitempty"`
	// ID is the id GitHub assigned the configuration.
	ID *int64 `json:"id,omitempty"`
	// Name is the configuration's name on GitHub.
	Name *string `json:"name,omitempty"`
	// TargetType is organization for an organization's own configuration.
	TargetType *string `json:"targetType,omitempty"`
	// HTMLURL is the configuration's page on GitHub.
	HTMLURL *string `json:"htmlURL,omitempty"`
	// DefaultForNewRepos is which new repositories get the configuration.
	DefaultForNewRepos *string `json:"defaultForNewRepos,omitempty"`
	// Repositories are the repositories attached to the configuration on
	// GitHub, with their attachment's status (attaching, attached, failed,
	// ...).
	Repositories []AttachedRepository `json:"repositories,omitempty"`
	// AttachedScope is the scope of attachTo the provider last attached the
	// configuration with (for scopes other than selected, which GitHub
	// resolves once, when it attaches).
	AttachedScope *string `json:"attachedScope,omitempty"`
	// CreatedAt is when GitHub created the configuration.
	CreatedAt *metav1.Time `json:"createdAt,omitempty"`
}

// AttachedRepository is a repository a configuration is attached to.
type AttachedRepository struct {
	// ID is the repository's id.
	ID int64 `json:"id"`
	// Name is the repository's name.
	Name string `json:"name"`
	// Status is GitHub's status of the attachment.
	Status string `json:"status"`
}
