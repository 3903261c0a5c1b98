package integration

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
)

// declaredOrgSettings are settings other than GitHub's defaults for every
// field an OrganizationSettings writes but internal repositories (no
// emulated organization is on Enterprise Cloud), by GitHub's names.
func declaredOrgSettings() (orgcommon.OrganizationSettingsParameters, map[string]any) {
	p := orgcommon.OrganizationSettingsParameters{
		BillingEmail: ptr.To("billing@example.com"), Company: ptr.To("Demo Inc."), Email: ptr.To("hello@example.com"),
		TwitterUsername: ptr.To("demo_org"), Location: ptr.To("Lisbon"), Name: ptr.To("Demo Org"), Description: ptr.To("We demo things."),
		Blog: ptr.To("https://blog.example.com"), HasOrganizationProjects: ptr.To(false), HasRepositoryProjects: ptr.To(false),
		DefaultRepositoryPermission: ptr.To("write"), MembersCanCreatePublicRepositories: ptr.To(false), MembersCanCreatePrivateRepositories: ptr.To(true),
		MembersCanCreatePublicPages: ptr.To(false), MembersCanCreatePrivatePages: ptr.To(true), MembersCanForkPrivateRepositories: ptr.To(true),
		WebCommitSignoffRequired: ptr.To(true), DeployKeysEnabledForRepositories: ptr.To(false),
		DependencyGraphEnabledForNewRepositories: ptr.To(true), DependabotAlertsEnabledForNewRepositories: ptr.To(true),
		DependabotSecurityUpdatesEnabledForNewRepositories: ptr.To(true), AdvancedSecurityEnabledForNewRepositories: ptr.To(true),
		SecretScanningEnabledForNewRepositories: ptr.To(true), SecretScanningPushProtectionEnabledForNewRepositories: ptr.To(true),
		SecretScanningPushProtectionCustomLinkEnabled: ptr.To(true), SecretScanningPushProtectionCustomLink: ptr.To("https://intranet.example.com/blocked"),
	}
	gh := map[string]any{
		"billing_email": "billing@example.com", "company": "Demo Inc.", "email": "hello@example.com", "twitter_username": "demo_org",
		"location": "Lisbon", "name": "Demo Org", "description": "We demo things.", "blog": "https://blog.example.com",
		"has_organization_projects": false, "has_repository_projects": false, "default_repository_permission": "write",
		"members_can_create_public_repositories": false, "members_can_create_private_repositories": true,
		"members_can_create_public_pages": false, "members_can_create_private_pages": true, "members_can_fork_private_repositories": true,
		"web_commit_signoff_required": true, "deploy_keys_enabled_for_repositories": false,
		"dependency_graph_enabled_for_new_repositories": true, "dependabot_alerts_enabled_for_new_repositories": true,
		"dependabot_security_updates_enabled_for_new_repositories": true, "advanced_security_enabled_for_new_repositories": true,
		"secret_scanning_enabled_for_new_repositories": true, "secret_scanning_push_protection_enabled_for_new_repositories": true,
		"secret_scanning_push_protection_custom_link_enabled": true, "secret_scanning_push_protection_custom_link": "https://intranet.example.com/blocked",
	}
	return p, gh
}

// differs says which of want GitHub's organization has otherwise.
func (f *fixture) orgDiffers(want map[string]any) string {
	got := f.ghOrg()
	var d []string
	for k, v := range want {
		if got[k] != v {
			d = append(d, fmt.Sprintf("%s=%v (want %v)", k, got[k], v))
		}
	}
	return strings.Join(d, ", ")
}

// The declared settings are written and kept: every one changed on GitHub
// is put back; the others are shown and filled in; an idle resource writes
// nothing and costs no rate-limit points; deleting it leaves the settings
// as they are, and says so.
func TestOrganizationSettingsLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		p, want := declaredOrgSettings()
		o := f.orgSettings(s, "demo", p)
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		if meta.GetExternalName(got) != owner {
			t.Errorf("external name %q, want the organization's login", meta.GetExternalName(got))
		}
		if d := f.orgDiffers(want); d != "" {
			t.Errorf("GitHub's settings differ: %s", d)
		}
		f.eventually("status shows GitHub's settings and the rest is filled in", func() string {
			g := get(f, o)
			obs := g.Observation()
			switch {
			case ptr.Deref(obs.MembersAllowedRepositoryCreationType, "") != "private" || !ptr.Deref(obs.MembersCanCreateRepositories, false):
				return fmt.Sprintf("status.atProvider %+v", obs)
			case g.Parameters().MembersCanCreatePages != nil:
				return "membersCanCreatePages filled in: GitHub derives it"
			}
			return ""
		})
		orgSettingsQuiet(t, f, "written")

		// Every declared setting changed on GitHub.
		before := f.orgWrites()
		f.ghMust(http.StatusOK, goodToken, http.MethodPatch, "/orgs/"+owner, `{"billing_email": "other@example.com", "company": "", "email": "",
			"twitter_username": "", "location": "Porto", "name": "Someone Else", "description": "", "blog": "",
			"has_organization_projects": true, "has_repository_projects": true, "default_repository_permission": "read",
			"members_can_create_public_repositories": true, "members_can_create_private_repositories": false,
			"members_can_create_public_pages": true, "members_can_create_private_pages": false, "members_can_fork_private_repositories": false,
			"web_commit_signoff_required": false, "deploy_keys_enabled_for_repositories": true,
			"dependency_graph_enabled_for_new_repositories": false, "dependabot_alerts_enabled_for_new_repositories": false,
			"dependabot_security_updates_enabled_for_new_repositories": false, "advanced_security_enabled_for_new_repositories": false,
			"secret_scanning_enabled_for_new_repositories": false, "secret_scanning_push_protection_enabled_for_new_repositories": false,
			"secret_scanning_push_protection_custom_link_enabled": false, "secret_scanning_push_protection_custom_link": ""}`)
		f.eventually("every declared setting put back", func() string { return f.orgDiffers(want) })
		if n := f.orgWrites() - before; n < 2 {
			t.Errorf("%d updates of the organization seen, want the change and its correction: orgWrites counts nothing", n)
		}
		orgSettingsQuiet(t, f, "drift corrected")

		writes := f.orgWrites()
		f.must(kube.Delete(f.ctx, get(f, o)))
		f.eventually("the resource gone", func() string {
			if err := kube.Get(f.ctx, s.key(f, "demo"), fresh(o)); !kerrors.IsNotFound(err) {
				return "OrganizationSettings still there"
			}
			return ""
		})
		if n := f.orgWrites() - writes; n != 0 {
			t.Errorf("%d updates of the organization on delete, want none", n)
		}
		if d := f.orgDiffers(want); d != "" {
			t.Errorf("deleting changed GitHub's settings: %s", d)
		}
		f.waitEvent(o, "LeftOrganizationSettingsAsTheyAre", "leaves the settings of organization "+owner+" as they are")
	})
}

// A second OrganizationSettings of the organization, of either scope, is
// refused with a condition naming the first, and writes nothing; once the
// first is gone, it takes over.
func TestOrganizationSettingsSecondIsRefused(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		first := f.orgSettings(s, "first", orgcommon.OrganizationSettingsParameters{Company: ptr.To("First")})
		f.must(kube.Create(f.ctx, first))
		waitReady(f, first)
		orgSettingsQuiet(t, f, "first written")

		other := otherScope(s)
		second := f.orgSettings(other, "second", orgcommon.OrganizationSettingsParameters{Company: ptr.To("Second")})
		f.must(kube.Create(f.ctx, second))
		name := "OrganizationSettings " + first.GetName()
		if s.namespaced {
			name = "OrganizationSettings " + f.ns + "/" + first.GetName()
		}
		waitSyncError(f, second, "organization "+owner+" is already claimed by "+name+", which is older")
		orgSettingsQuiet(t, f, "second refused")
		if c := f.ghOrg()["company"]; c != "First" {
			t.Errorf("company %v on GitHub, want the first's", c)
		}

		f.must(kube.Delete(f.ctx, get(f, first)))
		f.eventually("the second takes over", func() string {
			if c := f.ghOrg()["company"]; c != "Second" {
				return fmt.Sprintf("company %v on GitHub", c)
			}
			return ""
		})
		waitReady(f, second)
	})
}

// A setting the organization's plan does not offer is GitHub's 422,
// explained in the condition; nothing else is written.
func TestOrganizationSettingsRefusedByThePlan(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		o := f.orgSettings(s, "internal", orgcommon.OrganizationSettingsParameters{MembersCanCreateInternalRepositories: ptr.To(true), Company: ptr.To("Never")})
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f, o, "GitHub refused the settings of organization "+owner, "GitHub Enterprise Cloud", "422")
		if c := f.ghOrg()["company"]; c == "Never" {
			t.Error("the refused update changed the company")
		}
	})
}

// Bad input is refused at admission, with what is allowed.
func TestOrganizationSettingsAdmission(t *testing.T) {
	cases := map[string]struct {
		p    orgcommon.OrganizationSettingsParameters
		want string
	}{
		"SummaryAndVisibility": {p: orgcommon.OrganizationSettingsParameters{MembersCanCreateRepositories: ptr.To(true), MembersCanCreatePublicRepositories: ptr.To(false)},
			want: "declare either membersCanCreateRepositories"},
		"PagesSummaryAndVisibility": {p: orgcommon.OrganizationSettingsParameters{MembersCanCreatePages: ptr.To(true), MembersCanCreatePrivatePages: ptr.To(false)},
			want: "declare either membersCanCreatePages"},
		"Permission":  {p: orgcommon.OrganizationSettingsParameters{DefaultRepositoryPermission: ptr.To("maintain")}, want: `supported values: "read", "write", "admin", "none"`},
		"Description": {p: orgcommon.OrganizationSettingsParameters{Description: ptr.To(strings.Repeat("x", 161))}, want: "spec.forProvider.description"},
		"Twitter":     {p: orgcommon.OrganizationSettingsParameters{TwitterUsername: ptr.To("@demo")}, want: "spec.forProvider.twitterUsername"},
		"BillingEmail": {p: orgcommon.OrganizationSettingsParameters{BillingEmail: ptr.To("billing at example.com")},
			want: "spec.forProvider.billingEmail"},
		"CustomLink": {p: orgcommon.OrganizationSettingsParameters{SecretScanningPushProtectionCustomLink: ptr.To("http://insecure.example.com")},
			want: "secretScanningPushProtectionCustomLink must be an https:// URL"},
	}
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		for name, tc := range cases {
			t.Run(name, func(t *testing.T) {
				o := f.orgSettings(s, "refused", tc.p)
				err := kube.Create(f.ctx, o)
				if err == nil {
					_ = kube.Delete(f.ctx, o)
					t.Fatalf("want the API server to refuse %+v", tc.p)
				}
				if !strings.Contains(err.Error(), tc.want) {
					t.Errorf("want the refusal to say %q, got: %v", tc.want, err)
				}
			})
		}
		t.Run("OrganizationChanged", func(t *testing.T) {
			o := f.orgSettings(s, "moved", orgcommon.OrganizationSettingsParameters{Company: ptr.To("Demo")})
			f.must(kube.Create(f.ctx, o))
			err := refusedUpdate(f, o, func(o orgSettingsObject) { o.Parameters().Organization = ptr.To("other-org") })
			if err == nil || !strings.Contains(err.Error(), "organization cannot be changed") {
				t.Errorf("changing the organization: %v, want a refusal", err)
			}
		})
	})
}
