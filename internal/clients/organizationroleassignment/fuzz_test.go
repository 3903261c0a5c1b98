package organizationroleassignment

import (
	"context"
	"strings"
	"testing"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/internal/admission"
	"github.com/crossplane-github/provider-github/internal/clients/internal/fuzzemu"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// members are the users of the fuzz seed (lower case) and whether they
// are members of demo-org (GitHub gives roles to members only).
var members = map[string]bool{"demo-user": true, "member-user": true, "quinn": false}

// FuzzOrganizationRoleAssignmentConverges gives any holder a spec could
// name any role name the API server admits, as the controller does: the
// role found by its name in the organization's roles, then given, and the
// holder must read back holding it (directly, or mixed for member-user,
// who holds every role of team crew through it), and not after the role is
// taken away. A role the organization lacks is FindRole's error; a user or
// a team GitHub does not know is a 404, a user who is not a member a 422.
func FuzzOrganizationRoleAssignmentConverges(f *testing.F) {
	schema, err := admission.Load("org.github.crossplane.io_organizationroleassignments.yaml")
	if err != nil {
		f.Fatal(err)
	}
	seed := emulator.DefaultSeed()
	seed.Users = append(seed.Users, emulator.SeedUser{Login: "member-user"}, emulator.SeedUser{Login: "Quinn"})
	seed.Orgs[0].Members = append(seed.Orgs[0].Members, emulator.SeedMember{Login: "member-user", Role: emulator.RoleMember})
	seed.Teams = append(seed.Teams, emulator.SeedTeam{Org: "demo-org", Name: "crew", Privacy: emulator.PrivacyClosed,
		Members: []emulator.SeedTeamMember{{Login: "member-user"}}})
	emu := fuzzemu.New(f, seed)
	if _, err := emu.Server().State().AddOrganizationRole("demo-org", "Release Auditor", "", "read", nil); err != nil {
		f.Fatal(err)
	}

	f.Add("security_manager", "crew", true, false)
	f.Add("all_repo_admin", "member-user", false, true)
	f.Add("Release Auditor", "Member-User", false, true)
	f.Add("all_repo_read", "quinn", false, true)
	f.Add("all_repo_read", "nobody", false, true)
	f.Add("all_repo_write", "nope", true, false)
	f.Add("owner", "crew", true, false)
	f.Add("all_repo_read", "crew", true, true)
	f.Fuzz(func(t *testing.T, role, holder string, team, user bool) {
		spec := map[string]any{"role": role}
		if team {
			spec["teamSlug"] = holder
		}
		if user {
			spec["user"] = holder
		}
		p := admission.As[common.OrganizationRoleAssignmentParameters](t, schema, spec)
		if p == nil {
			return
		}
		ctx := context.Background()
		api := github.NewOrgRolesClient(emu.Begin(t))
		roles, err := api.ListOrgRoles(ctx, "demo-org")
		if err != nil {
			t.Fatalf("ListOrgRoles(...): %v", err)
		}
		r, err := FindRole("demo-org", roles, p.Role)
		if err != nil {
			if !strings.Contains(err.Error(), "its roles are") {
				t.Fatalf("FindRole(%q): %v, want the organization's roles listed", p.Role, err)
			}
			return
		}
		if p.TeamSlug != nil {
			teamConverges(ctx, t, api, r, *p.TeamSlug)
			return
		}
		userConverges(ctx, t, api, r, *p.User)
	})
}

// teamConverges gives team slug role r and takes it away.
func teamConverges(ctx context.Context, t *testing.T, api *github.OrgRolesClient, r github.OrgRole, slug string) {
	err := api.AssignOrgRoleToTeam(ctx, "demo-org", slug, r.ID)
	if slug != "crew" {
		if !github.IsNotFound(err) {
			t.Fatalf("AssignOrgRoleToTeam(%q): want 404 for a team GitHub does not have, got %v", slug, err)
		}
		return
	}
	if err != nil {
		t.Fatalf("AssignOrgRoleToTeam(%q, %s): %v", slug, r.Name, err)
	}
	read := func() *Holding {
		list, err := api.ListOrgRoleTeams(ctx, "demo-org", r.ID)
		if err != nil {
			t.Fatalf("ListOrgRoleTeams(...): %v", err)
		}
		return TeamHolding(list, Team{Organization: "demo-org", Slug: slug})
	}
	if h := read(); !Held(h) {
		t.Fatalf("team %s does not hold %s after it was given: %+v", slug, r.Name, h)
	}
	if err := api.RemoveOrgRoleFromTeam(ctx, "demo-org", slug, r.ID); err != nil {
		t.Fatalf("RemoveOrgRoleFromTeam(...): %v", err)
	}
	if h := read(); h != nil {
		t.Fatalf("team %s still holds %s after it was taken away: %+v", slug, r.Name, h)
	}
}

// userConverges gives user login role r and takes it away.
func userConverges(ctx context.Context, t *testing.T, api *github.OrgRolesClient, r github.OrgRole, login string) {
	err := api.AssignOrgRoleToUser(ctx, "demo-org", login, r.ID)
	member, known := members[strings.ToLower(login)]
	switch {
	case !known:
		if !github.IsNotFound(err) {
			t.Fatalf("AssignOrgRoleToUser(%q): want 404 for a user GitHub does not know, got %v", login, err)
		}
		return
	case !member:
		fuzzemu.RequireRefusal(t, "giving a role to "+login+", who is not a member", err)
		return
	case err != nil:
		t.Fatalf("AssignOrgRoleToUser(%q, %s): %v", login, r.Name, err)
	}
	read := func() *Holding {
		list, err := api.ListOrgRoleUsers(ctx, "demo-org", r.ID)
		if err != nil {
			t.Fatalf("ListOrgRoleUsers(...): %v", err)
		}
		return UserHolding(list, login)
	}
	if h := read(); !Held(h) {
		t.Fatalf("%s does not hold %s after it was given: %+v", login, r.Name, h)
	}
	if err := api.RemoveOrgRoleFromUser(ctx, "demo-org", login, r.ID); err != nil {
		t.Fatalf("RemoveOrgRoleFromUser(...): %v", err)
	}
	if h := read(); Held(h) {
		t.Fatalf("%s still holds %s directly after it was taken away: %+v", login, r.Name, h)
	}
}
