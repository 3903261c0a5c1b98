package organizationsettings

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Request is the update that writes the settings p declares, and nothing
// else: what p leaves out is GitHub's to keep.
func Request(p *P) *github.OrganizationRequest {
	r := &github.OrganizationRequest{}
	for _, s := range stringSettings {
		if v := *s.spec(p); v != nil {
			*s.req(r) = ptr.To(*v)
		}
	}
	for _, s := range boolSettings {
		if v := *s.spec(p); v != nil {
			*s.req(r) = ptr.To(*v)
		}
	}
	return r
}

// Drift lists, by spec field, the declared settings GitHub's organization o
// has otherwise. GitHub shows an empty text as null: "" matches it. A
// switch GitHub does not show (to someone who is not an owner) differs.
func Drift(p *P, o *github.Organization) []string {
	var d []string
	for _, s := range stringSettings {
		if v := *s.spec(p); v != nil && *v != ptr.Deref(s.actual(o), "") {
			d = append(d, s.name)
		}
	}
	for _, s := range boolSettings {
		if v, got := *s.spec(p), s.actual(o); v != nil && (got == nil || *v != *got) {
			d = append(d, s.name)
		}
	}
	return d
}

// LateInitialize fills the settings p leaves out with GitHub's, so that
// they are kept from then on, and reports whether it changed p; as a
// Repository's settings are. It leaves out what GitHub derives (the
// summaries membersCanCreateRepositories and membersCanCreatePages), what
// only GitHub Enterprise Cloud has (internal repositories, private Pages)
// and the deprecated defaults of new repositories: those are managed only
// when declared. The fields by visibility are not filled when the spec
// declares their summary (the schema refuses both).
func LateInitialize(p *P, o *github.Organization) bool {
	changed := false
	for _, s := range stringSettings {
		if dst, v := s.spec(p), s.actual(o); s.lateInit && *dst == nil && v != nil {
			*dst, changed = ptr.To(*v), true
		}
	}
	for _, s := range boolSettings {
		dst, v := s.spec(p), s.actual(o)
		if !s.lateInit || *dst != nil || v == nil || summarized(p, s.name) {
			continue
		}
		*dst, changed = ptr.To(*v), true
	}
	return changed
}

// summarized tells whether p declares the summary of the setting name.
func summarized(p *P, name string) bool {
	switch name {
	case "membersCanCreatePublicRepositories", "membersCanCreatePrivateRepositories":
		return p.MembersCanCreateRepositories != nil
	case "membersCanCreatePublicPages":
		return p.MembersCanCreatePages != nil
	}
	return false
}

// Observation is the status.atProvider of GitHub's organization o, read
// through host: every setting as GitHub has it.
func Observation(host string, o *github.Organization) common.OrganizationSettingsObservation {
	obs := common.OrganizationSettingsObservation{
		Organization: ptr.To(o.Login), Host: ptr.To(host), ID: ptr.To(o.ID),
		BillingEmail: o.BillingEmail, Company: o.Company, Email: o.Email, TwitterUsername: o.TwitterUsername,
		Location: o.Location, Name: o.Name, Description: o.Description, Blog: o.Blog,
		HasOrganizationProjects: o.HasOrganizationProjects, HasRepositoryProjects: o.HasRepositoryProjects,
		DefaultRepositoryPermission:          o.DefaultRepositoryPermission,
		MembersCanCreateRepositories:         o.MembersCanCreateRepositories,
		MembersCanCreatePublicRepositories:   o.MembersCanCreatePublicRepositories,
		MembersCanCreatePrivateRepositories:  o.MembersCanCreatePrivateRepositories,
		MembersCanCreateInternalRepositories: o.MembersCanCreateInternalRepositories,
		MembersAllowedRepositoryCreationType: o.MembersAllowedRepositoryCreationType,
		MembersCanCreatePages:                o.MembersCanCreatePages, MembersCanCreatePublicPages: o.MembersCanCreatePublicPages,
		MembersCanCreatePrivatePages:      o.MembersCanCreatePrivatePages,
		MembersCanForkPrivateRepositories: o.MembersCanForkPrivateRepositories, WebCommitSignoffRequired: o.WebCommitSignoffRequired,
		DeployKeysEnabledForRepositories: o.DeployKeysEnabledForRepositories, TwoFactorRequirementEnabled: o.TwoFactorRequirementEnabled,
		DependencyGraphEnabledForNewRepositories:              o.DependencyGraphEnabledForNewRepositories,
		DependabotAlertsEnabledForNewRepositories:             o.DependabotAlertsEnabledForNewRepositories,
		DependabotSecurityUpdatesEnabledForNewRepositories:    o.DependabotSecurityUpdatesEnabledForNewRepositories,
		AdvancedSecurityEnabledForNewRepositories:             o.AdvancedSecurityEnabledForNewRepositories,
		SecretScanningEnabledForNewRepositories:               o.SecretScanningEnabledForNewRepositories,
		SecretScanningPushProtectionEnabledForNewRepositories: o.SecretScanningPushProtectionEnabledForNewRepositories,
		SecretScanningPushProtectionCustomLinkEnabled:         o.SecretScanningPushProtectionCustomLinkEnabled,
		SecretScanningPushProtectionCustomLink:                o.SecretScanningPushProtectionCustomLink,
	}
	if o.UpdatedAt != nil {
		obs.UpdatedAt = ptr.To(metav1.NewTime(*o.UpdatedAt))
	}
	return obs
}

// Imported is the spec of an OrganizationSettings for GitHub's
// organization o, as it is (its organization is the importer's to name):
// its profile, and the settings it late-initializes where they are not
// what GitHub gives a new organization. Drift finds nothing in it.
func Imported(o *github.Organization) P {
	var p P
	for _, s := range stringSettings {
		if v := s.actual(o); s.lateInit && v != nil && *v != "" && *v != s.def {
			*s.spec(&p) = ptr.To(*v)
		}
	}
	for _, s := range boolSettings {
		if v := s.actual(o); s.lateInit && v != nil && *v != s.def {
			*s.spec(&p) = ptr.To(*v)
		}
	}
	return p
}
