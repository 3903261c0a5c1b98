package importer

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// An organization's settings are imported as one OrganizationSettings,
// its login the external name: the profile, and what differs from a new
// organization's.
func TestImportOrganizationSettings(t *testing.T) {
	s := newTestSession(t, "", "OrganizationSettings")
	ctx := context.Background()
	if _, err := gh.NewOrganizationsClient(s.GitHub).EditOrganization(ctx, "acme", &gh.OrganizationRequest{
		Company: ptr.To("Acme Corp."), DefaultRepositoryPermission: ptr.To("none"), WebCommitSignoffRequired: ptr.To(true)}); err != nil {
		t.Fatal(err)
	}
	rs, err := organizationSettingsKind.Import(ctx, s, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 1 {
		t.Fatalf("imported %d resources, want 1: %+v", len(rs), rs)
	}
	p, ok := rs[0].ForProvider.(orgcommon.OrganizationSettingsParameters)
	if !ok {
		t.Fatalf("ForProvider is %T", rs[0].ForProvider)
	}
	if rs[0].Kind != "OrganizationSettings" || rs[0].ExternalName != "acme" || rs[0].Key != "acme" {
		t.Errorf("imported %+v, want acme's OrganizationSettings", rs[0])
	}
	if diff := cmp.Diff(s.OrganizationTarget(), p.OrganizationTarget); diff != "" {
		t.Errorf("organization: -want, +got:\n%s", diff)
	}
	if ptr.Deref(p.Company, "") != "Acme Corp." || ptr.Deref(p.DefaultRepositoryPermission, "") != "none" || !ptr.Deref(p.WebCommitSignoffRequired, false) {
		t.Errorf("imported settings %+v, want the company, the permission and sign-off changed", p)
	}
	if p.HasOrganizationProjects != nil || p.DependencyGraphEnabledForNewRepositories != nil {
		t.Errorf("imported settings %+v: GitHub's defaults and deprecated fields are left out", p)
	}
}
