package v1alpha1

import (
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// OrganizationSettingsParameters are the settings of a GitHub organization
// to keep as declared: its profile, its members' privileges and the
// defaults of its new repositories, as GitHub's "Update an organization"
// (PATCH /orgs/{org}) writes them. There is one per organization.
//
// A declared field changed on GitHub is put back. A field the spec leaves
// out is filled in from GitHub once the settings were first written (late
// initialization, as a Repository's settings are) and kept from then on;
// leave LateInitialize out of spec.managementPolicies to keep the fields
// you leave out GitHub's instead. status.atProvider shows every setting as
// GitHub has it. The deprecated defaults for new repositories are never
// late-initialized: they are managed only when declared.
//
// The organization's login is the external name. The organization cannot
// be changed once set. A second OrganizationSettings of the same
// organization (through the same GitHub host, in either scope) is refused
// with a condition naming the first (the oldest one, by creation time then
// name, is the organization's), and writes nothing; one that only
// observes neither claims nor is refused. Deleting an
// OrganizationSettings leaves the organization's settings as they are.
// +github:kind=OrganizationSettings
// +github:kind:noun=organization settings
// +github:kind:description=Its spec names the organization and the settings to keep as declared (profile, member privileges, defaults of new repositories). The external name is the organization's login; one OrganizationSettings per organization.
// +github:kind:printcolumn:name="ORGANIZATION",type="string",JSONPath=".status.atProvider.organization"
// +github:kind:printcolumn:name="PERMISSION",type="string",JSONPath=".status.atProvider.defaultRepositoryPermission"
// +kubebuilder:validation:XValidation:rule="!has(self.membersCanCreateRepositories) || !(has(self.membersCanCreatePublicRepositories) || has(self.membersCanCreatePrivateRepositories) || has(self.membersCanCreateInternalRepositories))",message="declare either membersCanCreateRepositories (every visibility at once) or membersCanCreatePublicRepositories, membersCanCreatePrivateRepositories and membersCanCreateInternalRepositories (one by one), not both: GitHub derives the first from the others"
// +kubebuilder:validation:XValidation:rule="!has(self.membersCanCreatePages) || !(has(self.membersCanCreatePublicPages) || has(self.membersCanCreatePrivatePages))",message="declare either membersCanCreatePages (public and private sites at once) or membersCanCreatePublicPages and membersCanCreatePrivatePages, not both: GitHub derives the first from the others"
type OrganizationSettingsParameters struct {
	OrganizationTarget `json:",inline"`

	// BillingEmail is where GitHub sends the organization's bills; it is
	// not shown publicly.
	// +optional
	// +kubebuilder:validation:MaxLength=254
	// +kubebuilder:validation:Pattern=`^[^@\s]+@[^@\s]+$`
	BillingEmail *string `json:"billingEmail,omitempty"`

	// Company is the company name of the organization's profile; "" for
	// none.
	// +optional
	// +kubebuilder:validation:MaxLength=255
	Company *string `json:"company,omitempty"`

	// Email is the organization's public email address; "" for none.
	// +optional
	// +kubebuilder:validation:MaxLength=254
	// +kubebuilder:validation:Pattern=`^([^@\s]+@[^@\s]+)?$`
	Email *string `json:"email,omitempty"`

	// TwitterUsername is the organization's Twitter (X) username, without
	// the @: letters, digits and underscores, at most 15; "" for none.
	// +optional
	// +kubebuilder:validation:MaxLength=15
	// +kubebuilder:validation:Pattern=`^[A-Za-z0-9_]*$`
	TwitterUsername *string `json:"twitterUsername,omitempty"`

	// Location is the location of the organization's profile; "" for none.
	// +optional
	// +kubebuilder:validation:MaxLength=255
	Location *string `json:"location,omitempty"`

	// Name is the organization's display name (its login, the external
	// name, cannot be changed here); "" for none.
	// +optional
	// +kubebuilder:validation:MaxLength=255
	Name *string `json:"name,omitempty"`

	// Description of the organization, at most 160 characters; "" for
	// none.
	// +optional
	// +kubebuilder:validation:MaxLength=160
	Description *string `json:"description,omitempty"`

	// Blog is the URL of the organization's website or blog; "" for none.
	// +optional
	// +kubebuilder:validation:MaxLength=255
	Blog *string `json:"blog,omitempty"`

	// HasOrganizationProjects lets the organization use organization
	// projects.
	// +optional
	HasOrganizationProjects *bool `json:"hasOrganizationProjects,omitempty"`

	// HasRepositoryProjects lets the organization's repositories use
	// repository projects.
	// +optional
	HasRepositoryProjects *bool `json:"hasRepositoryProjects,omitempty"`

	// DefaultRepositoryPermission is the base permission every member has
	// on every repository of the organization: read, write, admin or none.
	// GitHub's default is read.
	// +optional
	// +kubebuilder:validation:Enum=read;write;admin;none
	DefaultRepositoryPermission *string `json:"defaultRepositoryPermission,omitempty"`

	// MembersCanCreateRepositories lets members (not only owners) create
	// repositories of every visibility their plan offers; false stops them
	// creating any. GitHub derives it from the three fields by visibility:
	// declare either it or them.
	// +optional
	MembersCanCreateRepositories *bool `json:"membersCanCreateRepositories,omitempty"`

	// MembersCanCreatePublicRepositories lets members create public
	// repositories.
	// +optional
	MembersCanCreatePublicRepositories *bool `json:"membersCanCreatePublicRepositories,omitempty"`

	// MembersCanCreatePrivateRepositories lets members create private
	// repositories.
	// +optional
	MembersCanCreatePrivateRepositories *bool `json:"membersCanCreatePrivateRepositories,omitempty"`

	// MembersCanCreateInternalRepositories lets members create internal
	// repositories, which every member of the enterprise can see. Only an
	// organization of an enterprise on GitHub Enterprise Cloud has them:
	// elsewhere GitHub refuses true, and the condition says so.
	// +optional
	MembersCanCreateInternalRepositories *bool `json:"membersCanCreateInternalRepositories,omitempty"`

	// MembersCanCreatePages lets members publish GitHub Pages sites, public
	// and private; existing sites are not affected. GitHub derives it from
	// the two fields by visibility: declare either it or them.
	// +optional
	MembersCanCreatePages *bool `json:"membersCanCreatePages,omitempty"`

	// MembersCanCreatePublicPages lets members publish public Pages sites.
	// +optional
	MembersCanCreatePublicPages *bool `json:"membersCanCreatePublicPages,omitempty"`

	// MembersCanCreatePrivatePages lets members publish private Pages
	// sites (GitHub Enterprise Cloud).
	// +optional
	MembersCanCreatePrivatePages *bool `json:"membersCanCreatePrivatePages,omitempty"`

	// MembersCanForkPrivateRepositories lets members fork the
	// organization's private repositories.
	// +optional
	MembersCanForkPrivateRepositories *bool `json:"membersCanForkPrivateRepositories,omitempty"`

	// WebCommitSignoffRequired requires contributors to sign off the
	// commits they make on GitHub's web interface, in every repository of
	// the organization.
	// +optional
	WebCommitSignoffRequired *bool `json:"webCommitSignoffRequired,omitempty"`

	// DeployKeysEnabledForRepositories lets the organization's repositories
	// have deploy keys; false turns existing ones off too.
	// +optional
	DeployKeysEnabledForRepositories *bool `json:"deployKeysEnabledForRepositories,omitempty"`

	// DependencyGraphEnabledForNewRepositories turns the dependency graph
	// on for repositories created in (or transferred to) the organization.
	// GitHub deprecates it: it is closing these defaults down in favour of code
	// security configurations; declared, it is still sent and compared,
	// never late-initialized.
	// +optional
	DependencyGraphEnabledForNewRepositories *bool `json:"dependencyGraphEnabledForNewRepositories,omitempty"`

	// DependabotAlertsEnabledForNewRepositories turns Dependabot alerts on
	// for new repositories. Deprecated, as dependencyGraphEnabledForNewRepositories.
	// +optional
	DependabotAlertsEnabledForNewRepositories *bool `json:"dependabotAlertsEnabledForNewRepositories,omitempty"`

	// DependabotSecurityUpdatesEnabledForNewRepositories turns Dependabot
	// security updates on for new repositories. Deprecated, as
	// dependencyGraphEnabledForNewRepositories.
	// +optional
	DependabotSecurityUpdatesEnabledForNewRepositories *bool `json:"dependabotSecurityUpdatesEnabledForNewRepositories,omitempty"`

	// AdvancedSecurityEnabledForNewRepositories turns GitHub Advanced
	// Security on for new repositories (where the plan has it). Deprecated,
	// as dependencyGraphEnabledForNewRepositories.
	// +optional
	AdvancedSecurityEnabledForNewRepositories *bool `json:"advancedSecurityEnabledForNewRepositories,omitempty"`

	// SecretScanningEnabledForNewRepositories turns secret scanning on for
	// new repositories. Deprecated, as dependencyGraphEnabledForNewRepositories.
	// +optional
	SecretScanningEnabledForNewRepositories *bool `json:"secretScanningEnabledForNewRepositories,omitempty"`

	// SecretScanningPushProtectionEnabledForNewRepositories turns secret
	// scanning's push protection on for new repositories. Deprecated, as
	// dependencyGraphEnabledForNewRepositories.
	// +optional
	SecretScanningPushProtectionEnabledForNewRepositories *bool `json:"secretScanningPushProtectionEnabledForNewRepositories,omitempty"`

	// SecretScanningPushProtectionCustomLinkEnabled shows contributors whom
	// push protection blocks the link secretScanningPushProtectionCustomLink.
	// +optional
	SecretScanningPushProtectionCustomLinkEnabled *bool `json:"secretScanningPushProtectionCustomLinkEnabled,omitempty"`

	// SecretScanningPushProtectionCustomLink is the https URL shown to
	// contributors whom push protection blocks, when
	// secretScanningPushProtectionCustomLinkEnabled is true; "" for none.
	// +optional
	// +kubebuilder:validation:MaxLength=2048
	// +kubebuilder:validation:XValidation:rule="self == '' || (isURL(self) && self.startsWith('https://'))",message="secretScanningPushProtectionCustomLink must be an https:// URL, such as https://intranet.example.com/blocked-secrets, or \"\" for none"
	SecretScanningPushProtectionCustomLink *string `json:"secretScanningPushProtectionCustomLink,omitempty"`

	// ImmutableReleases is which of the organization's repositories it
	// enforces immutable releases on (GitHub keeps it at
	// /orgs/{org}/settings/immutable-releases): on those, published
	// releases cannot be changed or deleted, whatever the repository says.
	// Left unset, the provider neither reads nor changes it.
	// +optional
	ImmutableReleases *ImmutableReleasesEnforcement `json:"immutableReleases,omitempty"`
}

// ImmutableReleasesEnforcement is which of an organization's repositories
// it enforces immutable releases on.
// +kubebuilder:validation:XValidation:rule="self.enforcedRepositories == 'selected' || (!has(self.selectedRepositories) && !has(self.selectedRepositoryRefs) && !has(self.selectedRepositorySelector))",message="selectedRepositories, selectedRepositoryRefs and selectedRepositorySelector go only with enforcedRepositories: selected; set enforcedRepositories: selected, or leave them out"
type ImmutableReleasesEnforcement struct {
	// EnforcedRepositories is all, none, or selected (those named by
	// selectedRepositories, selectedRepositoryRefs and
	// selectedRepositorySelector together, and no other). A change on
	// GitHub is put back.
	// +kubebuilder:validation:Enum=all;none;selected
	EnforcedRepositories string `json:"enforcedRepositories"`

	// SelectedRepositories are repositories of the organization, by name
	// (enforcedRepositories selected only). Each name is looked up on
	// GitHub (a conditional read, free while it is unchanged); an unknown
	// name is a condition that names it. A repository added on GitHub that
	// the spec does not name is removed again.
	// +optional
	// +listType=set
	// +kubebuilder:validation:MaxItems=1000
	// +kubebuilder:validation:items:MinLength=1
	// +kubebuilder:validation:items:MaxLength=100
	// +kubebuilder:validation:items:Pattern=`^[A-Za-z0-9._-]+$`
	SelectedRepositories []string `json:"selectedRepositories,omitempty"`

	// SelectedRepositoryRefs are Repository resources of this resource's
	// scope (and namespace) whose repositories it is enforced on
	// (enforcedRepositories selected only). Each follows its Repository
	// resource, renames included; one not created on GitHub yet is waited
	// for.
	// +optional
	// +kubebuilder:validation:MaxItems=1000
	SelectedRepositoryRefs []xpv2.Reference `json:"selectedRepositoryRefs,omitempty"`

	// SelectedRepositorySelector chooses, by their labels, Repository
	// resources of this resource's scope (and namespace) whose
	// repositories it is enforced on (enforcedRepositories selected only),
	// evaluated on every reconcile; Repository resources not created on
	// GitHub yet are left out until they are.
	// +optional
	SelectedRepositorySelector *xpv2.Selector `json:"selectedRepositorySelector,omitempty"`
}

// OrganizationSettingsObservation is every setting of the organization as
// GitHub has it (the declared ones and the others), and where it is.
type OrganizationSettingsObservation struct {
	// Organization is the organization's login, as last targeted.
	Organization *string `json:"organization,omitempty"`

	// Host is the GitHub API host the organization was read through
	// (api.github.com, or a GitHub Enterprise Server's): an organization is
	// claimed by one OrganizationSettings per host.
	Host *string `json:"host,omitempty"`

	// ID is GitHub's id of the organization.
	ID *int64 `json:"id,omitempty"`

	// BillingEmail is the billing email address (shown to owners only).
	BillingEmail *string `json:"billingEmail,omitempty"`

	// Company is the profile's company name.
	Company *string `json:"company,omitempty"`

	// Email is the public email address.
	Email *string `json:"email,omitempty"`

	// TwitterUsername is the profile's Twitter (X) username.
	TwitterUsername *string `json:"twitterUsername,omitempty"`

	// Location is the profile's location.
	Location *string `json:"location,omitempty"`

	// Name is the display name.
	Name *string `json:"name,omitempty"`

	// Description is the profile's description.
	Description *string `json:"description,omitempty"`

	// Blog is the profile's website or blog.
	Blog *string `json:"blog,omitempty"`

	// HasOrganizationProjects is whether the organization may use organization projects.
	HasOrganizationProjects *bool `json:"hasOrganizationProjects,omitempty"`

	// HasRepositoryProjects is whether its repositories may use repository projects.
	HasRepositoryProjects *bool `json:"hasRepositoryProjects,omitempty"`

	// DefaultRepositoryPermission is the members' base permission on every repository.
	DefaultRepositoryPermission *string `json:"defaultRepositoryPermission,omitempty"`

	// MembersCanCreateRepositories is whether members may create repositories of some visibility.
	MembersCanCreateRepositories *bool `json:"membersCanCreateRepositories,omitempty"`

	// MembersCanCreatePublicRepositories is whether members may create public repositories.
	MembersCanCreatePublicRepositories *bool `json:"membersCanCreatePublicRepositories,omitempty"`

	// MembersCanCreatePrivateRepositories is whether members may create private repositories.
	MembersCanCreatePrivateRepositories *bool `json:"membersCanCreatePrivateRepositories,omitempty"`

	// MembersCanCreateInternalRepositories is whether members may create internal repositories.
	MembersCanCreateInternalRepositories *bool `json:"membersCanCreateInternalRepositories,omitempty"`

	// MembersAllowedRepositoryCreationType is GitHub's closing-down summary of the three (all, private or none): shown, never written.
	MembersAllowedRepositoryCreationType *string `json:"membersAllowedRepositoryCreationType,omitempty"`

	// MembersCanCreatePages is whether members may publish Pages sites.
	MembersCanCreatePages *bool `json:"membersCanCreatePages,omitempty"`

	// MembersCanCreatePublicPages is whether members may publish public Pages sites.
	MembersCanCreatePublicPages *bool `json:"membersCanCreatePublicPages,omitempty"`

	// MembersCanCreatePrivatePages is whether members may publish private Pages sites.
	MembersCanCreatePrivatePages *bool `json:"membersCanCreatePrivatePages,omitempty"`

	// MembersCanForkPrivateRepositories is whether members may fork private repositories.
	MembersCanForkPrivateRepositories *bool `json:"membersCanForkPrivateRepositories,omitempty"`

	// WebCommitSignoffRequired is whether web commits must be signed off.
	WebCommitSignoffRequired *bool `json:"webCommitSignoffRequired,omitempty"`

	// DeployKeysEnabledForRepositories is whether repositories may have deploy keys.
	DeployKeysEnabledForRepositories *bool `json:"deployKeysEnabledForRepositories,omitempty"`

	// TwoFactorRequirementEnabled is whether members must use two-factor authentication (shown, not written: the API cannot change it).
	TwoFactorRequirementEnabled *bool `json:"twoFactorRequirementEnabled,omitempty"`

	// DependencyGraphEnabledForNewRepositories is the deprecated dependency graph default of new repositories.
	DependencyGraphEnabledForNewRepositories *bool `json:"dependencyGraphEnabledForNewRepositories,omitempty"`

	// DependabotAlertsEnabledForNewRepositories is the deprecated Dependabot alerts default of new repositories.
	DependabotAlertsEnabledForNewRepositories *bool `json:"dependabotAlertsEnabledForNewRepositories,omitempty"`

	// DependabotSecurityUpdatesEnabledForNewRepositories is the deprecated Dependabot security updates default of new repositories.
	DependabotSecurityUpdatesEnabledForNewRepositories *bool `json:"dependabotSecurityUpdatesEnabledForNewRepositories,omitempty"`

	// AdvancedSecurityEnabledForNewRepositories is the deprecated Advanced Security default of new repositories.
	AdvancedSecurityEnabledForNewRepositories *bool `json:"advancedSecurityEnabledForNewRepositories,omitempty"`

	// SecretScanningEnabledForNewRepositories is the deprecated secret scanning default of new repositories.
	SecretScanningEnabledForNewRepositories *bool `json:"secretScanningEnabledForNewRepositories,omitempty"`

	// SecretScanningPushProtectionEnabledForNewRepositories is the deprecated push protection default of new repositories.
	SecretScanningPushProtectionEnabledForNewRepositories *bool `json:"secretScanningPushProtectionEnabledForNewRepositories,omitempty"`

	// SecretScanningPushProtectionCustomLinkEnabled is whether push protection shows the custom link.
	SecretScanningPushProtectionCustomLinkEnabled *bool `json:"secretScanningPushProtectionCustomLinkEnabled,omitempty"`

	// SecretScanningPushProtectionCustomLink is the link push protection shows.
	SecretScanningPushProtectionCustomLink *string `json:"secretScanningPushProtectionCustomLink,omitempty"`

	// UpdatedAt is when the organization last changed on GitHub.
	UpdatedAt *metav1.Time `json:"updatedAt,omitempty"`

	// ImmutableReleases is which repositories the organization enforces
	// immutable releases on, as last read (while spec.forProvider
	// declares it): enforcedRepositories (all, none, selected) as
	// visibility, and with selected their GitHub ids.
	ImmutableReleases *RepositorySharingObservation `json:"immutableReleases,omitempty"`
}
