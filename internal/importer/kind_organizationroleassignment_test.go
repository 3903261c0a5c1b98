package importer

import (
	"context"
	"testing"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// orgRoleSeed is acme with a member in team sec, whose child team sec-leads
// holds what sec holds through it.
const orgRoleSeed = `
users:
  - {login: admin, tokens: [admin-token]}
  - {login: Octocat}
orgs:
  - login: acme
    members: [{login: admin, role: admin}, {login: Octocat, role: member}]
teams:
  - {org: acme, name: sec, privacy: closed, members: [{login: Octocat}]}
  - {org: acme, name: sec-leads, parent: sec}
`

// The roles teams and members hold directly are imported, of every role,
// a custom one included; what they hold only through a team is not. A
// team is named by reference when Teams are imported, by slug otherwise.
func TestImportOrganizationRoleAssignments(t *testing.T) {
	ctx := context.Background()
	for name, tc := range map[string]struct {
		kinds []string
		team  func(slug string) common.OptionalTeamTarget
	}{
		"TeamsBySlug": {team: func(slug string) common.OptionalTeamTarget { return common.OptionalTeamTarget{TeamSlug: ptr.To(slug)} }},
		"TeamsByReference": {kinds: []string{"Team"}, team: func(slug string) common.OptionalTeamTarget {
			return common.OptionalTeamTarget{TeamRef: &xpv2.Reference{Name: "team." + slug}}
		}},
	} {
		t.Run(name, func(t *testing.T) {
			s, emu := newTestSessionOn(t, orgRoleSeed, tc.kinds...)
			auditor, err := emu.State().AddOrganizationRole("acme", "Auditor", "", "", []string{"read_audit_logs"})
			if err != nil {
				t.Fatal(err)
			}
			api := gh.NewOrgRolesClient(s.GitHub)
			for _, w := range []func() error{
				func() error { return api.AssignOrgRoleToTeam(ctx, "acme", "sec", 138) },
				func() error { return api.AssignOrgRoleToUser(ctx, "acme", "octocat", auditor) },
				func() error { return api.AssignOrgRoleToUser(ctx, "acme", "admin", 8132) },
			} {
				if err := w(); err != nil {
					t.Fatal(err)
				}
			}
			rs, err := organizationRoleAssignmentKind.Import(ctx, s, nil)
			if err != nil {
				t.Fatal(err)
			}
			target := s.OrganizationTarget()
			resource := func(ext string, p orgcommon.OrganizationRoleAssignmentParameters) Resource {
				p.OrganizationTarget = target
				return Resource{Kind: "OrganizationRoleAssignment", Group: "org", Key: ext, ExternalName: ext, ForProvider: p}
			}
			want := []Resource{
				resource("user/admin/all_repo_read", orgcommon.OrganizationRoleAssignmentParameters{Role: "all_repo_read", User: ptr.To("admin")}),
				resource("team/sec/security_manager", orgcommon.OrganizationRoleAssignmentParameters{Role: "security_manager", OptionalTeamTarget: tc.team("sec")}),
				resource("user/Octocat/Auditor", orgcommon.OrganizationRoleAssignmentParameters{Role: "Auditor", User: ptr.To("Octocat")}),
			}
			if diff := cmp.Diff(want, rs); diff != "" {
				t.Errorf("imported -want, +got:\n%s", diff)
			}
		})
	}
}
