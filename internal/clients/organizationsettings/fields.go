// Package organizationsettings maps OrganizationSettings parameters to
// GitHub's organization update, and GitHub's organization to observations:
// pure functions, no Kubernetes or HTTP.
package organizationsettings

import (
	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// P is an OrganizationSettings' parameters.
type P = common.OrganizationSettingsParameters

// A setting is one field of the spec, with where it is in GitHub's
// organization and in the update's body.
type setting[V comparable] struct {
	// name is the spec field, as Drift names it.
	name   string
	spec   func(*P) **V
	actual func(*github.Organization) *V
	req    func(*github.OrganizationRequest) **V
	// def is what a new organization has, which Imported leaves out.
	def V
	// lateInit: the field is filled from GitHub when the spec leaves it
	// out (see LateInitialize).
	lateInit bool
}

// stringSettings are the spec's text settings. GitHub shows an empty one
// as null: "" declares none.
var stringSettings = []setting[string]{
	{name: "billingEmail", spec: func(p *P) **string { return &p.BillingEmail }, actual: func(o *github.Organization) *string { return o.BillingEmail },
		req: func(r *github.OrganizationRequest) **string { return &r.BillingEmail }, lateInit: true},
	{name: "company", spec: func(p *P) **string { return &p.Company }, actual: func(o *github.Organization) *string { return o.Company },
		req: func(r *github.OrganizationRequest) **string { return &r.Company }, lateInit: true},
	{name: "email", spec: func(p *P) **string { return &p.Email }, actual: func(o *github.Organization) *string { return o.Email },
		req: func(r *github.OrganizationRequest) **string { return &r.Email }, lateInit: true},
	{name: "twitterUsername", spec: func(p *P) **string { return &p.TwitterUsername }, actual: func(o *github.Organization) *string { return o.TwitterUsername },
		req: func(r *github.OrganizationRequest) **string { return &r.TwitterUsername }, lateInit: true},
	{name: "location", spec: func(p *P) **string { return &p.Location }, actual: func(o *github.Organization) *string { return o.Location },
		req: func(r *github.OrganizationRequest) **string { return &r.Location }, lateInit: true},
	{name: "name", spec: func(p *P) **string { return &p.Name }, actual: func(o *github.Organization) *string { return o.Name },
		req: func(r *github.OrganizationRequest) **string { return &r.Name }, lateInit: true},
	{name: "description", spec: func(p *P) **string { return &p.Description }, actual: func(o *github.Organization) *string { return o.Description },
		req: func(r *github.OrganizationRequest) **string { return &r.Description }, lateInit: true},
	{name: "blog", spec: func(p *P) **string { return &p.Blog }, actual: func(o *github.Organization) *string { return o.Blog },
		req: func(r *github.OrganizationRequest) **string { return &r.Blog }, lateInit: true},
	{name: "defaultRepositoryPermission", spec: func(p *P) **string { return &p.DefaultRepositoryPermission },
		actual: func(o *github.Organization) *string { return o.DefaultRepositoryPermission },
		req:    func(r *github.OrganizationRequest) **string { return &r.DefaultRepositoryPermission }, def: "read", lateInit: true},
	{name: "secretScanningPushProtectionCustomLink", spec: func(p *P) **string { return &p.SecretScanningPushProtectionCustomLink },
		actual: func(o *github.Organization) *string { return o.SecretScanningPushProtectionCustomLink },
		req:    func(r *github.OrganizationRequest) **string { return &r.SecretScanningPushProtectionCustomLink }, lateInit: true},
}

// boolSettings are the spec's switches. The summaries (membersCanCreate
// Repositories, membersCanCreatePages), the Enterprise Cloud ones
// (internal repositories, private Pages) and the deprecated defaults of
// new repositories are not late-initialized: they are managed only when
// declared.
var boolSettings = []setting[bool]{
	{name: "hasOrganizationProjects", spec: func(p *P) **bool { return &p.HasOrganizationProjects },
		actual: func(o *github.Organization) *bool { return o.HasOrganizationProjects },
		req:    func(r *github.OrganizationRequest) **bool { return &r.HasOrganizationProjects }, def: true, lateInit: true},
	{name: "hasRepositoryProjects", spec: func(p *P) **bool { return &p.HasRepositoryProjects },
		actual: func(o *github.Organization) *bool { return o.HasRepositoryProjects },
		req:    func(r *github.OrganizationRequest) **bool { return &r.HasRepositoryProjects }, def: true, lateInit: true},
	{name: "membersCanCreateRepositories", spec: func(p *P) **bool { return &p.MembersCanCreateRepositories },
		actual: func(o *github.Organization) *bool { return o.MembersCanCreateRepositories },
		req:    func(r *github.OrganizationRequest) **bool { return &r.MembersCanCreateRepositories }, def: true},
	{name: "membersCanCreatePublicRepositories", spec: func(p *P) **bool { return &p.MembersCanCreatePublicRepositories },
		actual: func(o *github.Organization) *bool { return o.MembersCanCreatePublicRepositories },
		req:    func(r *github.OrganizationRequest) **bool { return &r.MembersCanCreatePublicRepositories }, def: true, lateInit: true},
	{name: "membersCanCreatePrivateRepositories", spec: func(p *P) **bool { return &p.MembersCanCreatePrivateRepositories },
		actual: func(o *github.Organization) *bool { return o.MembersCanCreatePrivateRepositories },
		req:    func(r *github.OrganizationRequest) **bool { return &r.MembersCanCreatePrivateRepositories }, def: true, lateInit: true},
	{name: "membersCanCreateInternalRepositories", spec: func(p *P) **bool { return &p.MembersCanCreateInternalRepositories },
		actual: func(o *github.Organization) *bool { return o.MembersCanCreateInternalRepositories },
		req:    func(r *github.OrganizationRequest) **bool { return &r.MembersCanCreateInternalRepositories }},
	{name: "membersCanCreatePages", spec: func(p *P) **bool { return &p.MembersCanCreatePages },
		actual: func(o *github.Organization) *bool { return o.MembersCanCreatePages },
		req:    func(r *github.OrganizationRequest) **bool { return &r.MembersCanCreatePages }, def: true},
	{name: "membersCanCreatePublicPages", spec: func(p *P) **bool { return &p.MembersCanCreatePublicPages },
		actual: func(o *github.Organization) *bool { return o.MembersCanCreatePublicPages },
		req:    func(r *github.OrganizationRequest) **bool { return &r.MembersCanCreatePublicPages }, def: true, lateInit: true},
	{name: "membersCanCreatePrivatePages", spec: func(p *P) **bool { return &p.MembersCanCreatePrivatePages },
		actual: func(o *github.Organization) *bool { return o.MembersCanCreatePrivatePages },
		req:    func(r *github.OrganizationRequest) **bool { return &r.MembersCanCreatePrivatePages }, def: true},
	{name: "membersCanForkPrivateRepositories", spec: func(p *P) **bool { return &p.MembersCanForkPrivateRepositories },
		actual: func(o *github.Organization) *bool { return o.MembersCanForkPrivateRepositories },
		req:    func(r *github.OrganizationRequest) **bool { return &r.MembersCanForkPrivateRepositories }, lateInit: true},
	{name: "webCommitSignoffRequired", spec: func(p *P) **bool { return &p.WebCommitSignoffRequired },
		actual: func(o *github.Organization) *bool { return o.WebCommitSignoffRequired },
		req:    func(r *github.OrganizationRequest) **bool { return &r.WebCommitSignoffRequired }, lateInit: true},
	{name: "deployKeysEnabledForRepositories", spec: func(p *P) **bool { return &p.DeployKeysEnabledForRepositories },
		actual: func(o *github.Organization) *bool { return o.DeployKeysEnabledForRepositories },
		req:    func(r *github.OrganizationRequest) **bool { return &r.DeployKeysEnabledForRepositories }, def: true, lateInit: true},
	{name: "dependencyGraphEnabledForNewRepositories", spec: func(p *P) **bool { return &p.DependencyGraphEnabledForNewRepositories },
		actual: func(o *github.Organization) *bool { return o.DependencyGraphEnabledForNewRepositories },
		req:    func(r *github.OrganizationRequest) **bool { return &r.DependencyGraphEnabledForNewRepositories }},
	{name: "dependabotAlertsEnabledForNewRepositories", spec: func(p *P) **bool { return &p.DependabotAlertsEnabledForNewRepositories },
		actual: func(o *github.Organization) *bool { return o.DependabotAlertsEnabledForNewRepositories },
		req:    func(r *github.OrganizationRequest) **bool { return &r.DependabotAlertsEnabledForNewRepositories }},
	{name: "dependabotSecurityUpdatesEnabledForNewRepositories", spec: func(p *P) **bool { return &p.DependabotSecurityUpdatesEnabledForNewRepositories },
		actual: func(o *github.Organization) *bool { return o.DependabotSecurityUpdatesEnabledForNewRepositories },
		req: func(r *github.OrganizationRequest) **bool {
			return &r.DependabotSecurityUpdatesEnabledForNewRepositories
		}},
	{name: "advancedSecurityEnabledForNewRepositories", spec: func(p *P) **bool { return &p.AdvancedSecurityEnabledForNewRepositories },
		actual: func(o *github.Organization) *bool { return o.AdvancedSecurityEnabledForNewRepositories },
		req:    func(r *github.OrganizationRequest) **bool { return &r.AdvancedSecurityEnabledForNewRepositories }},
	{name: "secretScanningEnabledForNewRepositories", spec: func(p *P) **bool { return &p.SecretScanningEnabledForNewRepositories },
		actual: func(o *github.Organization) *bool { return o.SecretScanningEnabledForNewRepositories },
		req:    func(r *github.OrganizationRequest) **bool { return &r.SecretScanningEnabledForNewRepositories }},
	{name: "secretScanningPushProtectionEnabledForNewRepositories", spec: func(p *P) **bool { return &p.SecretScanningPushProtectionEnabledForNewRepositories },
		actual: func(o *github.Organization) *bool { return o.SecretScanningPushProtectionEnabledForNewRepositories },
		req: func(r *github.OrganizationRequest) **bool {
			return &r.SecretScanningPushProtectionEnabledForNewRepositories
		}},
	{name: "secretScanningPushProtectionCustomLinkEnabled", spec: func(p *P) **bool { return &p.SecretScanningPushProtectionCustomLinkEnabled },
		actual: func(o *github.Organization) *bool { return o.SecretScanningPushProtectionCustomLinkEnabled },
		req:    func(r *github.OrganizationRequest) **bool { return &r.SecretScanningPushProtectionCustomLinkEnabled }, lateInit: true},
}
