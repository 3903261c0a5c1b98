package organizationroleassignment

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	repocommon "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var roles = []github.OrgRole{{ID: 8132, Name: "all_repo_read"}, {ID: 138, Name: "security_manager"}, {ID: 9, Name: "Auditor"}}

func TestFindRole(t *testing.T) {
	cases := map[string]struct {
		reason  string
		name    string
		want    github.OrgRole
		wantErr string
	}{
		"Predefined": {reason: "A predefined role is found by its name.", name: "security_manager", want: roles[1]},
		"Custom":     {reason: "A custom role is found by its name.", name: "Auditor", want: roles[2]},
		"Unknown": {reason: "An unknown name lists the organization's roles.", name: "owner",
			wantErr: `organization acme has no role "owner": its roles are Auditor, all_repo_read, security_manager; set spec.forProvider.role to one of them, or create the custom role on GitHub first`},
		"OtherCase": {reason: "Names are compared exactly, and the role of another case is named.", name: "auditor",
			wantErr: `organization acme has no role "auditor" (role names are compared exactly: did you mean Auditor?): its roles are Auditor, all_repo_read, security_manager; set spec.forProvider.role to one of them, or create the custom role on GitHub first`},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got, err := FindRole("acme", roles, tc.name)
			gotErr := ""
			if err != nil {
				gotErr = err.Error()
			}
			if gotErr != tc.wantErr {
				t.Errorf("\n%s\nFindRole(%q): error %q, want %q", tc.reason, tc.name, gotErr, tc.wantErr)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("\n%s\nFindRole(%q): -want, +got:\n%s", tc.reason, tc.name, diff)
			}
		})
	}
}

func TestHoldings(t *testing.T) {
	teams := []github.OrgRoleTeam{{ID: 1, Slug: "sec", Assignment: "direct"}, {ID: 2, Slug: "sec-leads", Assignment: "indirect"}}
	users := []github.OrgRoleUser{{Login: "Octocat", Assignment: "mixed", InheritedFrom: []github.TeamRef{{ID: 1, Slug: "sec"}}}, {Login: "hubot", Assignment: "indirect"}}
	cases := map[string]struct {
		reason   string
		got      *Holding
		want     *Holding
		wantHeld bool
	}{
		"TeamBySlug": {reason: "A team named by slug is found by it, without regard to case.", got: TeamHolding(teams, Team{Slug: "SEC"}),
			want: &Holding{Assignment: "direct", TeamSlug: "sec", TeamID: 1}, wantHeld: true},
		"TeamByID": {reason: "A team of known id is found by it, whatever its slug now.", got: TeamHolding(teams, Team{Slug: "old-name", ID: 1}),
			want: &Holding{Assignment: "direct", TeamSlug: "sec", TeamID: 1}, wantHeld: true},
		"TeamIDNotSlug": {reason: "A team of known id is not taken for another of its old slug.", got: TeamHolding(teams, Team{Slug: "sec", ID: 7})},
		"TeamIndirect": {reason: "A team that holds the role only through its parent does not hold the assignment.", got: TeamHolding(teams, Team{Slug: "sec-leads"}),
			want: &Holding{Assignment: "indirect", TeamSlug: "sec-leads", TeamID: 2}},
		"TeamMissing": {reason: "A team not in the list holds nothing.", got: TeamHolding(teams, Team{Slug: "ops"})},
		"UserMixed": {reason: "A user found without regard to case, with the teams they also hold it through.", got: UserHolding(users, "octocat"),
			want: &Holding{Assignment: "mixed", User: "Octocat", InheritedFrom: []string{"sec"}}, wantHeld: true},
		"UserIndirect": {reason: "A user who holds the role only through a team does not hold the assignment.", got: UserHolding(users, "hubot"),
			want: &Holding{Assignment: "indirect", User: "hubot"}},
		"UserMissing": {reason: "A user not in the list holds nothing.", got: UserHolding(users, "pat")},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, tc.got); diff != "" {
				t.Errorf("\n%s\n-want, +got:\n%s", tc.reason, diff)
			}
			if got := Held(tc.got); got != tc.wantHeld {
				t.Errorf("\n%s\nHeld(...) = %t, want %t", tc.reason, got, tc.wantHeld)
			}
		})
	}
}

func TestObservationAndExternalName(t *testing.T) {
	team := Team{Organization: "acme", Slug: "sec", ID: 1}
	cases := map[string]struct {
		reason  string
		holder  Holder
		h       *Holding
		want    common.OrganizationRoleAssignmentObservation
		wantExt string
	}{
		"Team": {reason: "A team's holding shows its slug and id.", holder: Holder{Team: &team}, h: &Holding{Assignment: "mixed", TeamSlug: "sec", TeamID: 1},
			want:    common.OrganizationRoleAssignmentObservation{Organization: ptr.To("acme"), RoleID: ptr.To(int64(138)), TeamSlug: ptr.To("sec"), TeamID: ptr.To(int64(1)), Assignment: ptr.To("mixed")},
			wantExt: "team/sec/security_manager"},
		"User": {reason: "A user's holding shows the login as GitHub spells it and the teams they also hold it through.", holder: Holder{User: "octocat"},
			h:       &Holding{Assignment: "mixed", User: "Octocat", InheritedFrom: []string{"sec"}},
			want:    common.OrganizationRoleAssignmentObservation{Organization: ptr.To("acme"), RoleID: ptr.To(int64(138)), User: ptr.To("Octocat"), Assignment: ptr.To("mixed"), InheritedFrom: []string{"sec"}},
			wantExt: "user/octocat/security_manager"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Observation("acme", roles[1], tc.holder, tc.h)); diff != "" {
				t.Errorf("\n%s\nObservation(...): -want, +got:\n%s", tc.reason, diff)
			}
			if got := ExternalName(tc.holder, "security_manager"); got != tc.wantExt {
				t.Errorf("\n%s\nExternalName(...) = %q, want %q", tc.reason, got, tc.wantExt)
			}
		})
	}
}

func TestImported(t *testing.T) {
	slug := repocommon.TeamTarget{TeamSlug: ptr.To("sec")}
	cases := map[string]struct {
		reason string
		got    common.OrganizationRoleAssignmentParameters
		want   common.OrganizationRoleAssignmentParameters
	}{
		"User": {reason: "A user's assignment names the user and the role.", got: ImportedUser("Auditor", "Octocat"),
			want: common.OrganizationRoleAssignmentParameters{Role: "Auditor", User: ptr.To("Octocat")}},
		"Team": {reason: "A team's assignment names the team as the importer's target does.", got: ImportedTeam("security_manager", slug),
			want: common.OrganizationRoleAssignmentParameters{Role: "security_manager", OptionalTeamTarget: repocommon.OptionalTeamTarget{TeamSlug: ptr.To("sec")}}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, tc.got); diff != "" {
				t.Errorf("\n%s\n-want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestThrough(t *testing.T) {
	cases := map[string]struct {
		reason string
		h      *Holding
		want   string
	}{
		"User": {reason: "A user holds a role through the teams GitHub names.", h: &Holding{Assignment: "indirect", InheritedFrom: []string{"sec", "ops"}}, want: "team sec, ops"},
		"Team": {reason: "A team holds a role through a parent team GitHub does not name.", h: &Holding{Assignment: "indirect", TeamSlug: "sec-leads"}, want: "a parent team"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := Through(tc.h); got != tc.want {
				t.Errorf("\n%s\nThrough(...) = %q, want %q", tc.reason, got, tc.want)
			}
		})
	}
}
