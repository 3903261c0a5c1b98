package organizationsettings

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// newOrg is a new organization as GitHub shows its owners, changed by mods.
func newOrg(mods ...func(*github.Organization)) *github.Organization {
	t, f := ptr.To(true), ptr.To(false)
	o := &github.Organization{Login: "demo-org", ID: 7, Name: ptr.To("Demo"),
		HasOrganizationProjects: t, HasRepositoryProjects: t, DefaultRepositoryPermission: ptr.To("read"),
		MembersCanCreateRepositories: t, MembersCanCreatePublicRepositories: t, MembersCanCreatePrivateRepositories: t,
		MembersCanCreateInternalRepositories: f, MembersAllowedRepositoryCreationType: ptr.To("all"),
		MembersCanCreatePages: t, MembersCanCreatePublicPages: t, MembersCanCreatePrivatePages: t,
		MembersCanForkPrivateRepositories: f, WebCommitSignoffRequired: f, DeployKeysEnabledForRepositories: t, TwoFactorRequirementEnabled: f,
		DependencyGraphEnabledForNewRepositories: f, DependabotAlertsEnabledForNewRepositories: f, DependabotSecurityUpdatesEnabledForNewRepositories: f,
		AdvancedSecurityEnabledForNewRepositories: f, SecretScanningEnabledForNewRepositories: f, SecretScanningPushProtectionEnabledForNewRepositories: f,
		SecretScanningPushProtectionCustomLinkEnabled: f}
	for _, m := range mods {
		m(o)
	}
	return o
}

func TestRequestAndDrift(t *testing.T) {
	cases := map[string]struct {
		reason    string
		p         P
		o         *github.Organization
		wantReq   *github.OrganizationRequest
		wantDrift []string
	}{
		"Nothing": {
			reason:  "A spec that declares nothing writes nothing and never drifts.",
			o:       newOrg(),
			wantReq: &github.OrganizationRequest{},
		},
		"AsDeclared": {
			reason: "Declared settings GitHub has are no drift; a declared empty text matches GitHub's null.",
			p: P{Company: ptr.To(""), DefaultRepositoryPermission: ptr.To("read"), WebCommitSignoffRequired: ptr.To(false),
				MembersCanCreatePublicRepositories: ptr.To(true)},
			o: newOrg(),
			wantReq: &github.OrganizationRequest{Company: ptr.To(""), DefaultRepositoryPermission: ptr.To("read"), WebCommitSignoffRequired: ptr.To(false),
				MembersCanCreatePublicRepositories: ptr.To(true)},
		},
		"Changed": {
			reason: "Every declared setting GitHub has otherwise is named, by its spec field.",
			p: P{BillingEmail: ptr.To("billing@example.com"), Description: ptr.To("Ours"), DefaultRepositoryPermission: ptr.To("none"),
				MembersCanCreateRepositories: ptr.To(false), MembersCanForkPrivateRepositories: ptr.To(true),
				DependencyGraphEnabledForNewRepositories: ptr.To(true), SecretScanningPushProtectionCustomLink: ptr.To("https://x.example.com")},
			o: newOrg(),
			wantReq: &github.OrganizationRequest{BillingEmail: ptr.To("billing@example.com"), Description: ptr.To("Ours"), DefaultRepositoryPermission: ptr.To("none"),
				MembersCanCreateRepositories: ptr.To(false), MembersCanForkPrivateRepositories: ptr.To(true),
				DependencyGraphEnabledForNewRepositories: ptr.To(true), SecretScanningPushProtectionCustomLink: ptr.To("https://x.example.com")},
			wantDrift: []string{"billingEmail", "description", "defaultRepositoryPermission", "secretScanningPushProtectionCustomLink",
				"membersCanCreateRepositories", "membersCanForkPrivateRepositories", "dependencyGraphEnabledForNewRepositories"},
		},
		"NotShown": {
			reason:    "A switch GitHub does not show (the credentials are no owner's) cannot be confirmed: it drifts.",
			p:         P{WebCommitSignoffRequired: ptr.To(false)},
			o:         newOrg(func(o *github.Organization) { o.WebCommitSignoffRequired = nil }),
			wantReq:   &github.OrganizationRequest{WebCommitSignoffRequired: ptr.To(false)},
			wantDrift: []string{"webCommitSignoffRequired"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.wantReq, Request(&tc.p)); diff != "" {
				t.Errorf("\n%s\nRequest(...): -want, +got:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.wantDrift, Drift(&tc.p, tc.o)); diff != "" {
				t.Errorf("\n%s\nDrift(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestLateInitialize(t *testing.T) {
	cases := map[string]struct {
		reason  string
		p       P
		o       *github.Organization
		want    P
		changed bool
		// drift is what differs after: only what the spec declared.
		drift []string
	}{
		"FillsWhatIsLeftOut": {
			reason: "The profile and privileges left out are filled from GitHub, not the summaries, the Enterprise Cloud settings or the deprecated defaults.",
			p:      P{Company: ptr.To("Ours")},
			o: newOrg(func(o *github.Organization) {
				o.Company = ptr.To("Theirs")
				o.Blog = ptr.To("https://blog.example.com")
			}),
			want: P{Company: ptr.To("Ours"), Name: ptr.To("Demo"), Blog: ptr.To("https://blog.example.com"),
				HasOrganizationProjects: ptr.To(true), HasRepositoryProjects: ptr.To(true), DefaultRepositoryPermission: ptr.To("read"),
				MembersCanCreatePublicRepositories: ptr.To(true), MembersCanCreatePrivateRepositories: ptr.To(true),
				MembersCanCreatePublicPages: ptr.To(true), MembersCanForkPrivateRepositories: ptr.To(false), WebCommitSignoffRequired: ptr.To(false),
				DeployKeysEnabledForRepositories: ptr.To(true), SecretScanningPushProtectionCustomLinkEnabled: ptr.To(false)},
			changed: true, drift: []string{"company"},
		},
		"SummariesDeclared": {
			reason: "With a summary declared, the fields it sums are not filled: the schema refuses both.",
			p:      P{MembersCanCreateRepositories: ptr.To(true), MembersCanCreatePages: ptr.To(true)},
			o:      newOrg(),
			want: P{MembersCanCreateRepositories: ptr.To(true), MembersCanCreatePages: ptr.To(true), Name: ptr.To("Demo"),
				HasOrganizationProjects: ptr.To(true), HasRepositoryProjects: ptr.To(true), DefaultRepositoryPermission: ptr.To("read"),
				MembersCanForkPrivateRepositories: ptr.To(false), WebCommitSignoffRequired: ptr.To(false),
				DeployKeysEnabledForRepositories: ptr.To(true), SecretScanningPushProtectionCustomLinkEnabled: ptr.To(false)},
			changed: true,
		},
		"NothingLeft": {
			reason: "A spec filled once is not changed again.",
			p: P{Name: ptr.To("Demo"), HasOrganizationProjects: ptr.To(true), HasRepositoryProjects: ptr.To(true), DefaultRepositoryPermission: ptr.To("read"),
				MembersCanCreatePublicRepositories: ptr.To(true), MembersCanCreatePrivateRepositories: ptr.To(true),
				MembersCanCreatePublicPages: ptr.To(true), MembersCanForkPrivateRepositories: ptr.To(false), WebCommitSignoffRequired: ptr.To(false),
				DeployKeysEnabledForRepositories: ptr.To(true), SecretScanningPushProtectionCustomLinkEnabled: ptr.To(false)},
			o: newOrg(),
			want: P{Name: ptr.To("Demo"), HasOrganizationProjects: ptr.To(true), HasRepositoryProjects: ptr.To(true), DefaultRepositoryPermission: ptr.To("read"),
				MembersCanCreatePublicRepositories: ptr.To(true), MembersCanCreatePrivateRepositories: ptr.To(true),
				MembersCanCreatePublicPages: ptr.To(true), MembersCanForkPrivateRepositories: ptr.To(false), WebCommitSignoffRequired: ptr.To(false),
				DeployKeysEnabledForRepositories: ptr.To(true), SecretScanningPushProtectionCustomLinkEnabled: ptr.To(false)},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			p := tc.p
			if got := LateInitialize(&p, tc.o); got != tc.changed {
				t.Errorf("\n%s\nLateInitialize(...) = %t, want %t", tc.reason, got, tc.changed)
			}
			if diff := cmp.Diff(tc.want, p); diff != "" {
				t.Errorf("\n%s\nLateInitialize(...): -want, +got:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.drift, Drift(&p, tc.o)); diff != "" {
				t.Errorf("\n%s\nDrift after LateInitialize: -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestObservation(t *testing.T) {
	updated := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	got := Observation("api.github.com", newOrg(func(o *github.Organization) { o.UpdatedAt = &updated; o.BillingEmail = ptr.To("b@example.com") }))
	if ptr.Deref(got.Organization, "") != "demo-org" || ptr.Deref(got.Host, "") != "api.github.com" || ptr.Deref(got.ID, 0) != 7 ||
		ptr.Deref(got.BillingEmail, "") != "b@example.com" || ptr.Deref(got.MembersAllowedRepositoryCreationType, "") != "all" ||
		!ptr.Deref(got.DeployKeysEnabledForRepositories, false) || ptr.Deref(got.TwoFactorRequirementEnabled, true) ||
		!cmp.Equal(got.UpdatedAt, ptr.To(metav1.NewTime(updated))) {
		t.Errorf("Observation(...) = %+v", got)
	}
}

// An imported organization declares what differs from a new one's, and
// Drift finds nothing in it: importing writes nothing.
func TestImported(t *testing.T) {
	o := newOrg(func(o *github.Organization) {
		o.Company, o.Blog, o.Email = ptr.To("Demo Inc."), ptr.To(""), nil
		o.DefaultRepositoryPermission, o.MembersCanCreatePublicRepositories, o.WebCommitSignoffRequired = ptr.To("none"), ptr.To(false), ptr.To(true)
		o.DependencyGraphEnabledForNewRepositories = ptr.To(true)
	})
	want := common.OrganizationSettingsParameters{Company: ptr.To("Demo Inc."), Name: ptr.To("Demo"), DefaultRepositoryPermission: ptr.To("none"),
		MembersCanCreatePublicRepositories: ptr.To(false), WebCommitSignoffRequired: ptr.To(true)}
	got := Imported(o)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Imported(...): -want, +got:\n%s", diff)
	}
	if d := Drift(&got, o); len(d) != 0 {
		t.Errorf("Drift(Imported(o), o) = %v, want none", d)
	}
}
