package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TemplateSource names a template repository to generate a new repository from.
type TemplateSource struct {
	// Owner of the template repository (organization or user login).
	// +kubebuilder:validation:MaxLength=39
	// +kubebuilder:validation:Pattern=`^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$`
	Owner string `json:"owner"`

	// Repository is the name of the template repository.
	// +kubebuilder:validation:MaxLength=100
	// +kubebuilder:validation:Pattern=`^[A-Za-z0-9._-]+$`
	Repository string `json:"repository"`

	// IncludeAllBranches copies every branch of the template, not only its
	// default branch. Defaults to false.
	// +optional
	IncludeAllBranches *bool `json:"includeAllBranches,omitempty"`
}

// ForkSource names a repository to fork.
type ForkSource struct {
	// Owner of the repository to fork (organization or user login).
	// +kubebuilder:validation:MaxLength=39
	// +kubebuilder:validation:Pattern=`^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$`
	Owner string `json:"owner"`

	// Repository is the name of the repository to fork.
	// +kubebuilder:validation:MaxLength=100
	// +kubebuilder:validation:Pattern=`^[A-Za-z0-9._-]+$`
	Repository string `json:"repository"`

	// DefaultBranchOnly copies only the default branch of the source.
	// Defaults to false (all branches).
	// +optional
	DefaultBranchOnly *bool `json:"defaultBranchOnly,omitempty"`
}

// SecurityAndAnalysis holds the repository's security features. GitHub shows
// and accepts these only for repository admins; GitHub Advanced Security is
// available for organization-owned repositories on plans that include it.
// +kubebuilder:validation:XValidation:rule="!has(self.secretScanningDelegatedBypass) || !self.secretScanningDelegatedBypass.enabled || (has(self.secretScanningPushProtection) && self.secretScanningPushProtection)",message="secretScanningDelegatedBypass needs push protection: set secretScanningPushProtection: true with it (GitHub reviews bypass requests only for pushes push protection blocks)"
type SecurityAndAnalysis struct {
	// AdvancedSecurity enables GitHub Advanced Security.
	// +optional
	AdvancedSecurity *bool `json:"advancedSecurity,omitempty"`

	// SecretScanning enables secret scanning.
	// +optional
	SecretScanning *bool `json:"secretScanning,omitempty"`

	// SecretScanningPushProtection blocks pushes that contain secrets.
	// +optional
	SecretScanningPushProtection *bool `json:"secretScanningPushProtection,omitempty"`

	// DependabotSecurityUpdates lets Dependabot open pull requests that fix
	// vulnerable dependencies.
	// +optional
	DependabotSecurityUpdates *bool `json:"dependabotSecurityUpdates,omitempty"`

	// SecretScanningDelegatedBypass makes a push that push protection
	// blocks need an approved bypass request: only the reviewers (teams and
	// organization roles) may bypass, or approve others' requests. Needs
	// secretScanningPushProtection: true; offered for an organization's
	// repositories. Unset: left as GitHub has it, and not read from GitHub
	// into the spec.
	// +optional
	SecretScanningDelegatedBypass *DelegatedBypass `json:"secretScanningDelegatedBypass,omitempty"`
}

// DelegatedBypass is push protection's delegated bypass.
// +kubebuilder:validation:XValidation:rule="self.enabled || !has(self.reviewers) || size(self.reviewers) == 0",message="reviewers review bypass requests only while delegated bypass is enabled: set enabled: true, or remove the reviewers"
type DelegatedBypass struct {
	// Enabled turns delegated bypass on (true) or off (false).
	Enabled bool `json:"enabled"`

	// Reviewers are the teams and organization roles who review bypass
	// requests, the whole list: one added on GitHub is removed. Each is a
	// team of the organization by slug, or an organization role by name
	// (security_manager, all_repo_admin, a custom role). Left out, the
	// reviewers are left as GitHub has them.
	// +optional
	// +listType=atomic
	// +kubebuilder:validation:MaxItems=100
	Reviewers []BypassReviewer `json:"reviewers,omitempty"`
}

// BypassReviewer is a team or an organization role who reviews push
// protection bypass requests: set exactly one of team and role.
// +kubebuilder:validation:XValidation:rule="has(self.team) != has(self.role)",message="set exactly one of team (a team's slug) and role (an organization role's name)"
type BypassReviewer struct {
	// Team is the slug of a team of the organization that owns the
	// repository: lower case letters, digits and '-'.
	// +optional
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	// +kubebuilder:validation:Pattern=`^[a-z0-9]+(-[a-z0-9]+)*$`
	Team *string `json:"team,omitempty"`

	// Role is the name of an organization role (GET
	// /orgs/{org}/organization-roles lists them), compared without regard
	// to case.
	// +optional
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	Role *string `json:"role,omitempty"`

	// Mode is ALWAYS (the reviewer may bypass and reviews the others'
	// requests; the default) or EXEMPT (the reviewer's pushes pass push
	// protection without a request).
	// +optional
	// +kubebuilder:validation:Enum=ALWAYS;EXEMPT
	Mode *string `json:"mode,omitempty"`
}

// RepositoryParameters are the configurable fields of a GitHub repository.
// Fields left unset are filled in from GitHub once the repository exists
// (late initialization) and are then kept as they are.
// +github:kind=Repository
// +github:kind:printcolumn:name="OWNER",type="string",JSONPath=".status.atProvider.owner"
// +github:kind:printcolumn:name="VISIBILITY",type="string",JSONPath=".status.atProvider.visibility"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.owner) || has(self.owner)",message="owner cannot be removed once set"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.name) || has(self.name)",message="name cannot be removed once set"
// +kubebuilder:validation:XValidation:rule="!has(self.privateVulnerabilityReporting) || !self.privateVulnerabilityReporting || !has(self.visibility) || self.visibility == 'public'",message="privateVulnerabilityReporting is offered for public repositories only: set visibility public, or leave privateVulnerabilityReporting unset or false"
// +kubebuilder:validation:XValidation:rule="!(has(self.template) && has(self.fork))",message="set at most one of template and fork: a repository is either generated from a template or forked"
// +kubebuilder:validation:XValidation:rule="!has(self.squashMergeCommitTitle) || !has(self.squashMergeCommitMessage) || self.squashMergeCommitTitle == 'PR_TITLE' || self.squashMergeCommitMessage == 'COMMIT_MESSAGES'",message="squashMergeCommitTitle COMMIT_OR_PR_TITLE can only be combined with squashMergeCommitMessage COMMIT_MESSAGES"
// +kubebuilder:validation:XValidation:rule="!has(self.mergeCommitTitle) || !has(self.mergeCommitMessage) || (self.mergeCommitTitle == 'PR_TITLE' && self.mergeCommitMessage != 'PR_TITLE') || (self.mergeCommitTitle == 'MERGE_MESSAGE' && self.mergeCommitMessage == 'PR_TITLE')",message="mergeCommitTitle PR_TITLE goes with mergeCommitMessage PR_BODY or BLANK; MERGE_MESSAGE goes with PR_TITLE"
type RepositoryParameters struct {
	// Owner of the repository: an organization or user login. Defaults to
	// the owner of the provider configuration. Cannot be changed once set.
	// +optional
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=39
	// +kubebuilder:validation:Pattern=`^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$`
	// +kubebuilder:validation:XValidation:rule="self == oldSelf",message="owner is immutable: to move a repository, create a new Repository"
	Owner *string `json:"owner,omitempty"`

	// Name of the repository: 1 to 100 characters of letters, digits, '.',
	// '-' and '_', and not "." or "..". Defaults to the
	// crossplane.io/external-name annotation, then to metadata.name. Cannot
	// be changed once set.
	// +optional
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=100
	// +kubebuilder:validation:Pattern=`^[A-Za-z0-9._-]+$`
	// +kubebuilder:validation:XValidation:rule="self != '.' && self != '..'",message="name cannot be '.' or '..'"
	// +kubebuilder:validation:XValidation:rule="self == oldSelf",message="name is immutable: GitHub repository renames are not managed through this field"
	Name *string `json:"name,omitempty"`

	// Template to generate the repository from. Used only when the
	// repository is created; ignored afterwards.
	// +optional
	Template *TemplateSource `json:"template,omitempty"`

	// Fork creates the repository as a fork of another repository. Used only
	// when the repository is created; ignored afterwards. Like any other
	// repository, the fork is named by name (default: the external name,
	// then metadata.name), not after its source.
	// +optional
	Fork *ForkSource `json:"fork,omitempty"`

	// AutoInit creates an initial commit with an empty README. Used only
	// when the repository is created; ignored afterwards.
	// +optional
	AutoInit *bool `json:"autoInit,omitempty"`

	// GitignoreTemplate is the name of a .gitignore template to commit, e.g.
	// "Go". Used only when the repository is created; ignored afterwards.
	// +optional
	GitignoreTemplate *string `json:"gitignoreTemplate,omitempty"`

	// LicenseTemplate is the keyword of an open source license to commit,
	// e.g. "mit" or "apache-2.0". Used only when the repository is created;
	// ignored afterwards.
	// +optional
	LicenseTemplate *string `json:"licenseTemplate,omitempty"`

	// TeamID of the organization team that gets access to the new
	// repository. Used only when the repository is created; ignored
	// afterwards.
	// +optional
	TeamID *int64 `json:"teamId,omitempty"`

	// Description is a short description of the repository.
	// +optional
	Description *string `json:"description,omitempty"`

	// Homepage is a URL with more information about the repository.
	// +optional
	Homepage *string `json:"homepage,omitempty"`

	// Visibility of the repository: public, private, or internal (internal
	// is only available to organizations on GitHub Enterprise).
	// +optional
	// +kubebuilder:validation:Enum=public;private;internal
	Visibility *string `json:"visibility,omitempty"`

	// HasIssues enables issues.
	// +optional
	HasIssues *bool `json:"hasIssues,omitempty"`

	// HasProjects enables projects.
	// +optional
	HasProjects *bool `json:"hasProjects,omitempty"`

	// HasWiki enables the wiki.
	// +optional
	HasWiki *bool `json:"hasWiki,omitempty"`

	// HasDiscussions enables discussions.
	// +optional
	HasDiscussions *bool `json:"hasDiscussions,omitempty"`

	// IsTemplate makes the repository a template that others can generate
	// repositories from.
	// +optional
	IsTemplate *bool `json:"isTemplate,omitempty"`

	// DefaultBranch is the name of the default branch. The branch must
	// exist: GitHub refuses to switch to a branch that does not.
	// +optional
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	DefaultBranch *string `json:"defaultBranch,omitempty"`

	// AllowSquashMerge allows squash-merging pull requests.
	// +optional
	AllowSquashMerge *bool `json:"allowSquashMerge,omitempty"`

	// AllowMergeCommit allows merging pull requests with a merge commit.
	// +optional
	AllowMergeCommit *bool `json:"allowMergeCommit,omitempty"`

	// AllowRebaseMerge allows rebase-merging pull requests.
	// +optional
	AllowRebaseMerge *bool `json:"allowRebaseMerge,omitempty"`

	// AllowAutoMerge allows auto-merge on pull requests.
	// +optional
	AllowAutoMerge *bool `json:"allowAutoMerge,omitempty"`

	// AllowUpdateBranch always suggests updating pull request branches.
	// +optional
	AllowUpdateBranch *bool `json:"allowUpdateBranch,omitempty"`

	// DeleteBranchOnMerge deletes head branches when pull requests merge.
	// +optional
	DeleteBranchOnMerge *bool `json:"deleteBranchOnMerge,omitempty"`

	// SquashMergeCommitTitle is the default title of squash merge commits:
	// PR_TITLE, or COMMIT_OR_PR_TITLE (the commit's title for single-commit
	// pull requests, else the pull request's title).
	// +optional
	// +kubebuilder:validation:Enum=PR_TITLE;COMMIT_OR_PR_TITLE
	SquashMergeCommitTitle *string `json:"squashMergeCommitTitle,omitempty"`

	// SquashMergeCommitMessage is the default message of squash merge
	// commits: PR_BODY, COMMIT_MESSAGES or BLANK.
	// +optional
	// +kubebuilder:validation:Enum=PR_BODY;COMMIT_MESSAGES;BLANK
	SquashMergeCommitMessage *string `json:"squashMergeCommitMessage,omitempty"`

	// MergeCommitTitle is the default title of merge commits: PR_TITLE or
	// MERGE_MESSAGE.
	// +optional
	// +kubebuilder:validation:Enum=PR_TITLE;MERGE_MESSAGE
	MergeCommitTitle *string `json:"mergeCommitTitle,omitempty"`

	// MergeCommitMessage is the default message of merge commits: PR_BODY,
	// PR_TITLE or BLANK.
	// +optional
	// +kubebuilder:validation:Enum=PR_BODY;PR_TITLE;BLANK
	MergeCommitMessage *string `json:"mergeCommitMessage,omitempty"`

	// AllowForking allows private forks of an organization's private or
	// internal repository.
	// +optional
	AllowForking *bool `json:"allowForking,omitempty"`

	// WebCommitSignoffRequired requires contributors to sign off on commits
	// made through GitHub's web interface.
	// +optional
	WebCommitSignoffRequired *bool `json:"webCommitSignoffRequired,omitempty"`

	// Archived makes the repository read-only. An archived repository
	// accepts no other change until it is unarchived; the provider
	// unarchives first when this is false and the repository is archived.
	// +optional
	Archived *bool `json:"archived,omitempty"`

	// Topics of the repository: at most 20, each lowercase letters, digits
	// and hyphens, starting with a letter or digit, at most 50 characters.
	// +optional
	// +listType=set
	// +kubebuilder:validation:MaxItems=20
	// +kubebuilder:validation:items:MaxLength=50
	// +kubebuilder:validation:items:Pattern=`^[a-z0-9][a-z0-9-]*$`
	Topics []string `json:"topics,omitempty"`

	// VulnerabilityAlerts enables Dependabot alerts for vulnerable
	// dependencies. Left unset, the provider neither reads nor changes them
	// (reading costs an extra API call).
	// +optional
	VulnerabilityAlerts *bool `json:"vulnerabilityAlerts,omitempty"`

	// PrivateVulnerabilityReporting lets anyone report a security
	// vulnerability to the repository's maintainers privately, as a draft
	// security advisory. GitHub offers it for public repositories only.
	// Left unset, the provider neither reads nor changes it.
	// +optional
	PrivateVulnerabilityReporting *bool `json:"privateVulnerabilityReporting,omitempty"`

	// ImmutableReleases makes the repository's releases immutable once
	// published: their tag and assets can no longer be changed or deleted.
	// Where the organization enforces immutable releases on the repository,
	// GitHub keeps them on whatever this says: false is then reported in
	// status.atProvider.immutableReleasesEnforcedByOwner, not fought over.
	// Left unset, the provider neither reads nor changes it.
	// +optional
	ImmutableReleases *bool `json:"immutableReleases,omitempty"`

	// SecurityAndAnalysis configures the repository's security features.
	// +optional
	SecurityAndAnalysis *SecurityAndAnalysis `json:"securityAndAnalysis,omitempty"`

	// ArchiveOnDelete archives the repository instead of deleting it when
	// this resource is deleted. Defaults to false (delete).
	// +optional
	ArchiveOnDelete *bool `json:"archiveOnDelete,omitempty"`

	// CustomProperties are values of the organization's custom properties
	// (see the CustomProperty kind) for this repository, by property name:
	// each a value (a string, for string, url, single_select and
	// true_false properties: "true" or "false") or values (a list, for a
	// multi_select property). Only the properties named here are managed:
	// a value changed on GitHub is put back, and the repository's other
	// properties are left as they are (a property removed from this map
	// keeps its value on GitHub). A property the organization does not
	// define, or a value it does not allow, is reported in the Synced
	// condition. Only an organization's repositories have custom
	// properties.
	// +optional
	// +kubebuilder:validation:MaxProperties=100
	// +kubebuilder:validation:XValidation:rule="self.all(k, k.matches('^[A-Za-z0-9_$#-]{1,75}$'))",message="a custom property name is 1 to 75 of a-z, A-Z, 0-9, _, -, $ and #"
	CustomProperties map[string]CustomPropertyValue `json:"customProperties,omitempty"`
}

// ObservedCustomPropertyValue is a repository's value of a custom
// property as GitHub reports it.
type ObservedCustomPropertyValue struct {
	// Value of a property other than multi_select.
	Value *string `json:"value,omitempty"`

	// Values of a multi_select property.
	Values []string `json:"values,omitempty"`
}

// CustomPropertyValue is a repository's value of one of its
// organization's custom properties: value, or values for a multi_select
// property.
// +kubebuilder:validation:XValidation:rule="has(self.value) != has(self.values)",message="set value (a string) or values (a list, for a multi_select property), not both"
type CustomPropertyValue struct {
	// Value of a string, url, single_select (one of its allowed values)
	// or true_false ("true" or "false") property: printable ASCII without
	// '"'.
	// +optional
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	// +kubebuilder:validation:XValidation:rule="self.matches('^[ !#-~]+$')",message="a custom property value is printable ASCII without '\"'"
	Value *string `json:"value,omitempty"`

	// Values of a multi_select property: some of its allowed values.
	// +optional
	// +listType=set
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=200
	// +kubebuilder:validation:items:MinLength=1
	// +kubebuilder:validation:items:MaxLength=255
	// +kubebuilder:validation:items:Pattern=`^[ !#-~]+$`
	Values []string `json:"values,omitempty"`
}

// SecurityEnforcement is an enforced code security configuration holding
// some of a repository's declared security features.
type SecurityEnforcement struct {
	// Name is the configuration's name.
	Name string `json:"name"`

	// ID is GitHub's id of the configuration.
	ID int64 `json:"id"`

	// Fields are the spec.forProvider.securityAndAnalysis fields the
	// configuration holds at values other than the declared ones.
	Fields []string `json:"fields,omitempty"`
}

// RepositoryObservation is the observed state of a GitHub repository.
type RepositoryObservation struct {
	// ID is GitHub's numeric id of the repository. It survives renames and
	// is how the provider finds a repository renamed outside Kubernetes.
	ID *int64 `json:"id,omitempty"`

	// NodeID is GitHub's GraphQL node id of the repository.
	NodeID *string `json:"nodeId,omitempty"`

	// Owner is the login of the repository's owner.
	Owner *string `json:"owner,omitempty"`

	// FullName is owner/name.
	FullName *string `json:"fullName,omitempty"`

	// HTMLURL is the repository's web page.
	HTMLURL *string `json:"htmlUrl,omitempty"`

	// CloneURL is the HTTPS clone URL.
	CloneURL *string `json:"cloneUrl,omitempty"`

	// SSHURL is the SSH clone URL.
	SSHURL *string `json:"sshUrl,omitempty"`

	// DefaultBranch is the repository's default branch.
	DefaultBranch *string `json:"defaultBranch,omitempty"`

	// Visibility is public, private or internal.
	Visibility *string `json:"visibility,omitempty"`

	// Archived is true when the repository is read-only.
	Archived *bool `json:"archived,omitempty"`

	// Fork is true when the repository is a fork.
	Fork *bool `json:"fork,omitempty"`

	// Parent is the full name of the repository this one was forked from.
	Parent *string `json:"parent,omitempty"`

	// Source is the full name of the root of the fork network.
	Source *string `json:"source,omitempty"`

	// TemplateRepository is the full name of the template this repository
	// was generated from.
	TemplateRepository *string `json:"templateRepository,omitempty"`

	// CreatedAt is when the repository was created.
	CreatedAt *metav1.Time `json:"createdAt,omitempty"`

	// PushedAt is when the repository was last pushed to.
	PushedAt *metav1.Time `json:"pushedAt,omitempty"`

	// UpdatedAt is when the repository was last updated.
	UpdatedAt *metav1.Time `json:"updatedAt,omitempty"`

	// CustomProperties are the values of every custom property GitHub
	// reports for the repository (its organization's required defaults
	// included), by property name.
	CustomProperties map[string]ObservedCustomPropertyValue `json:"customProperties,omitempty"`

	// ImmutableReleasesEnforcedByOwner is true when the organization
	// enforces immutable releases on the repository, so that they stay on
	// whatever spec.forProvider.immutableReleases says. Read only while
	// immutableReleases is declared.
	ImmutableReleasesEnforcedByOwner *bool `json:"immutableReleasesEnforcedByOwner,omitempty"`

	// SecurityEnforcedBy is the enforced code security configuration
	// attached to the repository that holds security features
	// spec.forProvider.securityAndAnalysis declares otherwise. Repository
	// admins cannot change those features, so the provider does not try:
	// change the configuration (or detach the repository from it) instead,
	// or declare the configuration's values. Read only when a declared
	// feature differs on GitHub.
	SecurityEnforcedBy *SecurityEnforcement `json:"securityEnforcedBy,omitempty"`

	// SecretScanningDelegatedBypass is push protection's delegated bypass
	// as GitHub reports it to a repository admin of an organization's
	// repository.
	// +optional
	SecretScanningDelegatedBypass *DelegatedBypassObservation `json:"secretScanningDelegatedBypass,omitempty"`
}

// DelegatedBypassObservation is delegated bypass as GitHub reports it.
type DelegatedBypassObservation struct {
	// Enabled is whether delegated bypass is on.
	Enabled bool `json:"enabled"`

	// Reviewers are its reviewers, by id.
	// +optional
	Reviewers []BypassReviewerObservation `json:"reviewers,omitempty"`
}

// BypassReviewerObservation is a reviewer of bypass requests as GitHub
// reports it.
type BypassReviewerObservation struct {
	// ID is the team's or the organization role's id.
	ID int64 `json:"id"`

	// Type is TEAM or ROLE.
	Type string `json:"type"`

	// Mode is ALWAYS or EXEMPT.
	Mode string `json:"mode"`
}
