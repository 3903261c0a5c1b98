package emulator

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"time"
)

func init() { registerKind("org-settings", orgSettingsRoutes) }

// docOrgs documents an organization's profile and member privileges.
const docOrgs = "https://docs.github.com/rest/orgs/orgs"

// orgSettingsRoutes declares the update of an organization's profile and
// member privileges, for its owners (and an App's installation with the
// organization_administration permission). The read is GET /orgs/{org}
// (accounts.go), which shows owners the settings too.
func orgSettingsRoutes(_ *Server, t *routeTable) {
	op := orgOp{auth: authRequired, need: accessAdmin, refused: msgNotOrgOwner, perm: "organization_administration", write: true,
		doc: docOrgs + "#update-an-organization"}
	t.org(http.MethodPatch, "", op, patchOrgSettings)
}

// msgNotOrgOwner answers a member who is not an owner (best effort: the
// description documents no 403).
const msgNotOrgOwner = "You must be an organization owner."

// orgSettingsSlot is where an organization keeps its settings once they
// were changed; before that they are GitHub's defaults (defaultOrgSettings).
var orgSettingsSlot = orgKind[orgSettings]{name: "org-settings"}

// orgSettings are an organization's settings that PATCH /orgs/{org}
// writes, but its name, public email and description, which its Account
// keeps (other answers show them too).
type orgSettings struct {
	BillingEmail, Company, Blog, Location string
	TwitterUsername                       string // "" for none (null)
	HasOrganizationProjects               bool
	HasRepositoryProjects                 bool
	DefaultRepositoryPermission           string
	// Who may create repositories, by visibility; members_can_create_repositories
	// and members_allowed_repository_creation_type are derived from them.
	CreatePublic, CreatePrivate, CreateInternal bool
	// Who may publish Pages sites; members_can_create_pages is derived.
	PublicPages, PrivatePages                 bool
	ForkPrivate, WebCommitSignoff, DeployKeys bool
	// The defaults for new repositories (closing down on GitHub).
	AdvancedSecurity, DependabotAlerts, DependabotUpdates, DependencyGraph, SecretScanning, PushProtection bool
	CustomLinkEnabled                                                                                      bool
	CustomLink                                                                                             string // "" for none (null)
	UpdatedAt                                                                                              time.Time
}

// defaultOrgSettings are GitHub's settings of a new organization; members
// may create repositories as the seed says.
func defaultOrgSettings(a *Account) orgSettings {
	return orgSettings{
		HasOrganizationProjects: true, HasRepositoryProjects: true, DefaultRepositoryPermission: "read",
		CreatePublic: a.MembersCanCreateRepositories, CreatePrivate: a.MembersCanCreateRepositories,
		PublicPages: true, PrivatePages: true, DeployKeys: true, UpdatedAt: a.CreatedAt,
	}
}

// settingsOf is the organization's settings: those it keeps, else the
// defaults. The caller holds the state lock.
func settingsOf(a *Account) orgSettings {
	if s := orgSettingsSlot.peek(a); s != nil {
		return *s
	}
	return defaultOrgSettings(a)
}

// orgOwnerJSON are the fields of organization-full GitHub shows the
// organization's owners only.
type orgOwnerJSON struct {
	BillingEmail                                   *string `json:"billing_email"`
	TwoFactorRequirementEnabled                    bool    `json:"two_factor_requirement_enabled"`
	MembersAllowedRepositoryCreationType           string  `json:"members_allowed_repository_creation_type"`
	MembersCanCreatePublicRepositories             bool    `json:"members_can_create_public_repositories"`
	MembersCanCreatePrivateRepositories            bool    `json:"members_can_create_private_repositories"`
	MembersCanCreateInternalRepositories           bool    `json:"members_can_create_internal_repositories"`
	MembersCanCreatePages                          bool    `json:"members_can_create_pages"`
	MembersCanCreatePublicPages                    bool    `json:"members_can_create_public_pages"`
	MembersCanCreatePrivatePages                   bool    `json:"members_can_create_private_pages"`
	MembersCanForkPrivateRepositories              bool    `json:"members_can_fork_private_repositories"`
	WebCommitSignoffRequired                       bool    `json:"web_commit_signoff_required"`
	AdvancedSecurityEnabledForNewRepositories      bool    `json:"advanced_security_enabled_for_new_repositories"`
	DependabotAlertsEnabledForNewRepositories      bool    `json:"dependabot_alerts_enabled_for_new_repositories"`
	DependabotSecurityUpdatesEnabledForNewRepos    bool    `json:"dependabot_security_updates_enabled_for_new_repositories"`
	DependencyGraphEnabledForNewRepositories       bool    `json:"dependency_graph_enabled_for_new_repositories"`
	SecretScanningEnabledForNewRepositories        bool    `json:"secret_scanning_enabled_for_new_repositories"`
	SecretScanningPushProtectionEnabledForNewRepos bool    `json:"secret_scanning_push_protection_enabled_for_new_repositories"`
	SecretScanningPushProtectionCustomLinkEnabled  bool    `json:"secret_scanning_push_protection_custom_link_enabled"`
	SecretScanningPushProtectionCustomLink         *string `json:"secret_scanning_push_protection_custom_link"`
	DeployKeysEnabledForRepositories               bool    `json:"deploy_keys_enabled_for_repositories"`
}

// renderOrgSettings fills o, the organization as GitHub shows it, with the
// settings: the profile for everyone, the member privileges for members,
// the rest for owners (owner tells).
func renderOrgSettings(a *Account, o *orgJSON, member, owner bool) {
	s := settingsOf(a)
	o.Company, o.Location, o.Email = nonEmpty(s.Company), nonEmpty(s.Location), nonEmpty(a.Email)
	o.Blog, o.TwitterUsername = s.Blog, nonEmpty(s.TwitterUsername)
	o.HasOrganizationProjects, o.HasRepositoryProjects = s.HasOrganizationProjects, s.HasRepositoryProjects
	o.UpdatedAt = ts(s.UpdatedAt)
	if member {
		o.DefaultRepositoryPermission = ptr(s.DefaultRepositoryPermission)
		o.MembersCanCreateRepositories = ptr(s.CreatePublic || s.CreatePrivate || s.CreateInternal)
	}
	if !owner {
		return
	}
	creation := "none"
	switch {
	case s.CreatePublic:
		creation = "all"
	case s.CreatePrivate:
		creation = "private"
	}
	o.orgOwnerJSON = &orgOwnerJSON{
		BillingEmail: nonEmpty(s.BillingEmail), MembersAllowedRepositoryCreationType: creation,
		MembersCanCreatePublicRepositories: s.CreatePublic, MembersCanCreatePrivateRepositories: s.CreatePrivate,
		MembersCanCreateInternalRepositories: s.CreateInternal,
		MembersCanCreatePages:                s.PublicPages || s.PrivatePages, MembersCanCreatePublicPages: s.PublicPages, MembersCanCreatePrivatePages: s.PrivatePages,
		MembersCanForkPrivateRepositories: s.ForkPrivate, WebCommitSignoffRequired: s.WebCommitSignoff,
		AdvancedSecurityEnabledForNewRepositories: s.AdvancedSecurity, DependabotAlertsEnabledForNewRepositories: s.DependabotAlerts,
		DependabotSecurityUpdatesEnabledForNewRepos: s.DependabotUpdates, DependencyGraphEnabledForNewRepositories: s.DependencyGraph,
		SecretScanningEnabledForNewRepositories: s.SecretScanning, SecretScanningPushProtectionEnabledForNewRepos: s.PushProtection,
		SecretScanningPushProtectionCustomLinkEnabled: s.CustomLinkEnabled, SecretScanningPushProtectionCustomLink: nonEmpty(s.CustomLink),
		DeployKeysEnabledForRepositories: s.DeployKeys,
	}
}

// Best-effort wording of GitHub's refusals of an organization update (see
// docs/emulator.md).
const (
	orgResource      = "Organization"
	msgInternalRepos = "Internal repositories are only available to organizations on GitHub Enterprise Cloud"
	msgPrivateOnly   = "Members can be restricted to private repositories only on GitHub Enterprise Cloud"
)

// twitterName is a Twitter (X) username: letters, digits, underscores, at
// most 15.
var twitterName = regexp.MustCompile(`^[A-Za-z0-9_]{1,15}$`)

// patchOrgSettings updates the organization as the body says (what it
// leaves out is kept) and answers it as its owners see it. A refused body
// changes nothing.
func patchOrgSettings(c *reqCtx, w *world, a *Account) {
	f, ok := c.fields(true)
	if !ok {
		return
	}
	s, acct := settingsOf(a), *a
	if !c.readOrgSettings(f, &s, &acct) {
		return
	}
	s.UpdatedAt = c.s.now()
	a.Name, a.Email, a.Description = acct.Name, acct.Email, acct.Description
	a.MembersCanCreateRepositories = s.CreatePublic || s.CreatePrivate || s.CreateInternal
	*orgSettingsSlot.of(a) = s
	c.json(http.StatusOK, c.renderOrg(w, a))
}

// readOrgSettings applies the body to s and a's profile, answering GitHub's
// 422 and reporting false for what it refuses. Organizations of the
// emulator are not on GitHub Enterprise Cloud: internal repositories are
// refused.
func (c *reqCtx) readOrgSettings(f *fields, s *orgSettings, a *Account) bool {
	str := func(name string, dst *string) {
		if v := f.str(name); v != nil {
			*dst = *v
		}
	}
	boolean := func(name string, dst ...*bool) {
		if v := f.boolean(name); v != nil {
			for _, d := range dst {
				*d = *v
			}
		}
	}
	str("billing_email", &s.BillingEmail)
	str("company", &s.Company)
	str("email", &a.Email)
	str("twitter_username", &s.TwitterUsername)
	str("location", &s.Location)
	str("name", &a.Name)
	str("description", &a.Description)
	str("blog", &s.Blog)
	str("default_repository_permission", &s.DefaultRepositoryPermission)
	boolean("has_organization_projects", &s.HasOrganizationProjects)
	boolean("has_repository_projects", &s.HasRepositoryProjects)
	// The summary fields first, the fields by visibility over them.
	creation := f.str("members_allowed_repository_creation_type")
	boolean("members_can_create_repositories", &s.CreatePublic, &s.CreatePrivate)
	if v := f.boolean("members_can_create_repositories"); v != nil && !*v {
		s.CreateInternal = false
	}
	if creation != nil {
		s.CreatePublic, s.CreatePrivate = *creation == "all", *creation == "all" || *creation == "private"
		if *creation == "none" {
			s.CreateInternal = false
		}
	}
	boolean("members_can_create_public_repositories", &s.CreatePublic)
	boolean("members_can_create_private_repositories", &s.CreatePrivate)
	boolean("members_can_create_internal_repositories", &s.CreateInternal)
	boolean("members_can_create_pages", &s.PublicPages, &s.PrivatePages)
	boolean("members_can_create_public_pages", &s.PublicPages)
	boolean("members_can_create_private_pages", &s.PrivatePages)
	boolean("members_can_fork_private_repositories", &s.ForkPrivate)
	boolean("web_commit_signoff_required", &s.WebCommitSignoff)
	boolean("advanced_security_enabled_for_new_repositories", &s.AdvancedSecurity)
	boolean("dependabot_alerts_enabled_for_new_repositories", &s.DependabotAlerts)
	boolean("dependabot_security_updates_enabled_for_new_repositories", &s.DependabotUpdates)
	boolean("dependency_graph_enabled_for_new_repositories", &s.DependencyGraph)
	boolean("secret_scanning_enabled_for_new_repositories", &s.SecretScanning)
	boolean("secret_scanning_push_protection_enabled_for_new_repositories", &s.PushProtection)
	boolean("secret_scanning_push_protection_custom_link_enabled", &s.CustomLinkEnabled)
	str("secret_scanning_push_protection_custom_link", &s.CustomLink)
	boolean("deploy_keys_enabled_for_repositories", &s.DeployKeys)
	if f.failed {
		return false
	}
	invalid := func(field, msg string) bool {
		c.invalid("Validation Failed", fieldError{Resource: orgResource, Code: "invalid", Field: field, Message: msg})
		return false
	}
	switch {
	case s.DefaultRepositoryPermission != "read" && s.DefaultRepositoryPermission != "write" && s.DefaultRepositoryPermission != "admin" && s.DefaultRepositoryPermission != "none":
		return invalid("default_repository_permission", fmt.Sprintf("%q is not one of read, write, admin, none", s.DefaultRepositoryPermission))
	case creation != nil && *creation != "all" && *creation != "private" && *creation != "none":
		return invalid("members_allowed_repository_creation_type", fmt.Sprintf("%q is not one of all, private, none", *creation))
	case creation != nil && *creation == "private":
		return invalid("members_allowed_repository_creation_type", msgPrivateOnly)
	case s.CreateInternal:
		return invalid("members_can_create_internal_repositories", msgInternalRepos)
	case len([]rune(a.Description)) > 160:
		return invalid("description", "description is too long (maximum is 160 characters)")
	case s.BillingEmail != "" && !validEmail(s.BillingEmail):
		return invalid("billing_email", "billing_email is not a valid email address")
	case a.Email != "" && !validEmail(a.Email):
		return invalid("email", "email is not a valid email address")
	case s.TwitterUsername != "" && !twitterName.MatchString(s.TwitterUsername):
		return invalid("twitter_username", "twitter_username is not a valid Twitter username")
	}
	return true
}

// isOrgOwner tells whether p is an owner of org, or an installation on it
// that may read its administration.
func isOrgOwner(p *principal, org *Account) bool {
	if p == nil {
		return false
	}
	if in := p.installation; in != nil {
		level := in.Permissions["organization_administration"]
		return level == "read" || level == "write" || level == "admin"
	}
	return p.user != nil && org.Members[strings.ToLower(p.user.Login)] == RoleAdmin
}

// emailAddress is one address, a@b, with no name or spaces (best effort:
// GitHub does not document its check).
var emailAddress = regexp.MustCompile(`^[^@\s]+@[^@\s]+$`)

// validEmail tells whether e is one address.
func validEmail(e string) bool { return emailAddress.MatchString(e) }
