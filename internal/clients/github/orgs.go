package github

import (
	"context"
	"net/http"
	"time"

	"github.com/google/go-github/v37/github"
)

// An organization's profile, member privileges and defaults for new
// repositories. Everyone reads the profile; GitHub shows the settings to
// the organization's owners only (fine-grained credentials: the
// organization permission Administration, read; classic tokens read:org,
// admin:org to change them). A read is conditional: a 304 is free. An
// update answers with the organization, which is the next read.
var (
	routeGetOrg = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}",
		Permission: "Administration (organization): read", Scope: "read:org", Cache: CacheConditional})
	routeEditOrg = declare(Route{Method: http.MethodPatch, Template: "/orgs/{org}",
		Permission: "Administration (organization): write", Scope: "admin:org", Returns: "/orgs/{org}"})
)

// Organization is an organization as GitHub shows its owners
// (organization-full). go-github v37 lacks most of its settings; these are
// the provider's own.
type Organization struct {
	Login           string  `json:"login"`
	ID              int64   `json:"id"`
	BillingEmail    *string `json:"billing_email"`
	Company         *string `json:"company"`
	Email           *string `json:"email"`
	TwitterUsername *string `json:"twitter_username"`
	Location        *string `json:"location"`
	Name            *string `json:"name"`
	Description     *string `json:"description"`
	Blog            *string `json:"blog"`

	HasOrganizationProjects     *bool   `json:"has_organization_projects"`
	HasRepositoryProjects       *bool   `json:"has_repository_projects"`
	DefaultRepositoryPermission *string `json:"default_repository_permission"`

	MembersCanCreateRepositories         *bool   `json:"members_can_create_repositories"`
	MembersCanCreatePublicRepositories   *bool   `json:"members_can_create_public_repositories"`
	MembersCanCreatePrivateRepositories  *bool   `json:"members_can_create_private_repositories"`
	MembersCanCreateInternalRepositories *bool   `json:"members_can_create_internal_repositories"`
	MembersAllowedRepositoryCreationType *string `json:"members_allowed_repository_creation_type"`
	MembersCanCreatePages                *bool   `json:"members_can_create_pages"`
	MembersCanCreatePublicPages          *bool   `json:"members_can_create_public_pages"`
	MembersCanCreatePrivatePages         *bool   `json:"members_can_create_private_pages"`
	MembersCanForkPrivateRepositories    *bool   `json:"members_can_fork_private_repositories"`
	WebCommitSignoffRequired             *bool   `json:"web_commit_signoff_required"`
	DeployKeysEnabledForRepositories     *bool   `json:"deploy_keys_enabled_for_repositories"`
	TwoFactorRequirementEnabled          *bool   `json:"two_factor_requirement_enabled"`

	DependencyGraphEnabledForNewRepositories              *bool   `json:"dependency_graph_enabled_for_new_repositories"`
	DependabotAlertsEnabledForNewRepositories             *bool   `json:"dependabot_alerts_enabled_for_new_repositories"`
	DependabotSecurityUpdatesEnabledForNewRepositories    *bool   `json:"dependabot_security_updates_enabled_for_new_repositories"`
	AdvancedSecurityEnabledForNewRepositories             *bool   `json:"advanced_security_enabled_for_new_repositories"`
	SecretScanningEnabledForNewRepositories               *bool   `json:"secret_scanning_enabled_for_new_repositories"`
	SecretScanningPushProtectionEnabledForNewRepositories *bool   `json:"secret_scanning_push_protection_enabled_for_new_repositories"`
	SecretScanningPushProtectionCustomLinkEnabled         *bool   `json:"secret_scanning_push_protection_custom_link_enabled"`
	SecretScanningPushProtectionCustomLink                *string `json:"secret_scanning_push_protection_custom_link"`

	UpdatedAt *time.Time `json:"updated_at"`
}

// OrganizationRequest is the body of an organization's update: the fields
// it sends change, the others are kept.
type OrganizationRequest struct {
	BillingEmail    *string `json:"billing_email,omitempty"`
	Company         *string `json:"company,omitempty"`
	Email           *string `json:"email,omitempty"`
	TwitterUsername *string `json:"twitter_username,omitempty"`
	Location        *string `json:"location,omitempty"`
	Name            *string `json:"name,omitempty"`
	Description     *string `json:"description,omitempty"`
	Blog            *string `json:"blog,omitempty"`

	HasOrganizationProjects     *bool   `json:"has_organization_projects,omitempty"`
	HasRepositoryProjects       *bool   `json:"has_repository_projects,omitempty"`
	DefaultRepositoryPermission *string `json:"default_repository_permission,omitempty"`

	MembersCanCreateRepositories         *bool `json:"members_can_create_repositories,omitempty"`
	MembersCanCreatePublicRepositories   *bool `json:"members_can_create_public_repositories,omitempty"`
	MembersCanCreatePrivateRepositories  *bool `json:"members_can_create_private_repositories,omitempty"`
	MembersCanCreateInternalRepositories *bool `json:"members_can_create_internal_repositories,omitempty"`
	MembersCanCreatePages                *bool `json:"members_can_create_pages,omitempty"`
	MembersCanCreatePublicPages          *bool `json:"members_can_create_public_pages,omitempty"`
	MembersCanCreatePrivatePages         *bool `json:"members_can_create_private_pages,omitempty"`
	MembersCanForkPrivateRepositories    *bool `json:"members_can_fork_private_repositories,omitempty"`
	WebCommitSignoffRequired             *bool `json:"web_commit_signoff_required,omitempty"`
	DeployKeysEnabledForRepositories     *bool `json:"deploy_keys_enabled_for_repositories,omitempty"`

	DependencyGraphEnabledForNewRepositories              *bool   `json:"dependency_graph_enabled_for_new_repositories,omitempty"`
	DependabotAlertsEnabledForNewRepositories             *bool   `json:"dependabot_alerts_enabled_for_new_repositories,omitempty"`
	DependabotSecurityUpdatesEnabledForNewRepositories    *bool   `json:"dependabot_security_updates_enabled_for_new_repositories,omitempty"`
	AdvancedSecurityEnabledForNewRepositories             *bool   `json:"advanced_security_enabled_for_new_repositories,omitempty"`
	SecretScanningEnabledForNewRepositories               *bool   `json:"secret_scanning_enabled_for_new_repositories,omitempty"`
	SecretScanningPushProtectionEnabledForNewRepositories *bool   `json:"secret_scanning_push_protection_enabled_for_new_repositories,omitempty"`
	SecretScanningPushProtectionCustomLinkEnabled         *bool   `json:"secret_scanning_push_protection_custom_link_enabled,omitempty"`
	SecretScanningPushProtectionCustomLink                *string `json:"secret_scanning_push_protection_custom_link,omitempty"`
}

// OrganizationsAPI reads and updates an organization's settings.
type OrganizationsAPI interface {
	GetOrganization(ctx context.Context, org string) (*Organization, error)
	EditOrganization(ctx context.Context, org string, r *OrganizationRequest) (*Organization, error)
}

// OrganizationsClient implements OrganizationsAPI with a go-github client.
type OrganizationsClient struct{ requester }

var _ OrganizationsAPI = (*OrganizationsClient)(nil)

// NewOrganizationsClient returns the organizations API of gh.
func NewOrganizationsClient(gh *github.Client) *OrganizationsClient {
	return &OrganizationsClient{requester{gh: gh}}
}

// GetOrganization reads the organization; a login that is no
// organization's is a 404.
func (c *OrganizationsClient) GetOrganization(ctx context.Context, org string) (*Organization, error) {
	out := &Organization{}
	err := c.do(ctx, routeGetOrg, routeGetOrg.path(org), nil, out)
	return out, err
}

// EditOrganization updates what r sends (PATCH); GitHub answers the
// organization as it is now.
func (c *OrganizationsClient) EditOrganization(ctx context.Context, org string, r *OrganizationRequest) (*Organization, error) {
	out := &Organization{}
	err := c.do(ctx, routeEditOrg, routeEditOrg.path(org), r, out)
	return out, err
}
