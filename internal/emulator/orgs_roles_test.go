package emulator_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

// A custom organization role is defined with a name new to the
// organization, whatever its case, and a base role GitHub knows.
func TestAddOrganizationRole(t *testing.T) {
	_, emu := newServer(t, emulator.Options{})
	st := emu.State()
	id, err := st.AddOrganizationRole("demo-org", "Auditor", "Reads the audit log", "read", []string{"read_audit_logs"})
	if err != nil || id == 0 {
		t.Fatalf("AddOrganizationRole(Auditor) = %d, %v; want a new role", id, err)
	}
	for name, tc := range map[string]struct{ org, role, base, want string }{
		"UnknownOrganization": {org: "nope", role: "x", want: `no organization "nope"`},
		"AUser":               {org: "demo-user", role: "x", want: `no organization "demo-user"`},
		"NoName":              {org: "demo-org", role: " ", want: "needs a name"},
		"Taken":               {org: "demo-org", role: "AUDITOR", want: `already has a role named "Auditor"`},
		"Predefined":          {org: "demo-org", role: "Security_Manager", want: `already has a role named "security_manager"`},
		"UnknownBase":         {org: "demo-org", role: "x", base: "owner", want: `base role "owner"`},
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := st.AddOrganizationRole(tc.org, tc.role, "", tc.base, nil); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("AddOrganizationRole(%q, %q): %v, want an error saying %q", tc.org, tc.role, err, tc.want)
			}
		})
	}
}

// Deleting a custom role takes it from everyone who held it; a role that
// is not one of the organization's own cannot be deleted.
func TestDeleteOrganizationRole(t *testing.T) {
	srv, emu := newServer(t, emulator.Options{Seed: teamSeed()})
	st := emu.State()
	id, err := st.AddOrganizationRole("demo-org", "Auditor", "", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	role := fmt.Sprintf("/orgs/demo-org/organization-roles/%d", id)
	if a := do(t, srv, call{method: "PUT", path: fmt.Sprintf("/orgs/demo-org/organization-roles/users/demo-user/%d", id), token: "demo-token"}); a.status != 204 {
		t.Fatalf("giving the role = %d %s", a.status, a.body)
	}
	if err := st.DeleteOrganizationRole("demo-org", "auditor"); err != nil {
		t.Fatalf("DeleteOrganizationRole(auditor): %v", err)
	}
	if a := do(t, srv, call{method: "GET", path: role + "/users", token: "demo-token"}); a.status != 404 {
		t.Errorf("holders of the deleted role = %d, want 404", a.status)
	}
	if _, err := st.AddOrganizationRole("demo-org", "Auditor", "", "", nil); err != nil {
		t.Fatalf("a role defined again: %v", err)
	}
	if a := do(t, srv, call{method: "GET", path: role, token: "demo-token"}); a.status != 404 {
		t.Errorf("the deleted role's id = %d, want 404: ids are not reused", a.status)
	}
	for _, name := range []string{"security_manager", "nope"} {
		if err := st.DeleteOrganizationRole("demo-org", name); err == nil {
			t.Errorf("DeleteOrganizationRole(%s): want an error", name)
		}
	}
}

// An all-repository role gives its holders its base role on every
// repository of the organization, held directly or through a team (a
// parent team's role included), until it is taken away.
func TestOrganizationRoleGivesRepositoryAccess(t *testing.T) {
	srv, _ := newServer(t, emulator.Options{Seed: teamSeed()})
	push := call{method: "PUT", path: "/repos/demo-org/svc/topics", token: "member-token", body: `{"names":["x"]}`}
	steps := []struct {
		name   string
		call   call
		status int
	}{
		{"a member cannot push to the private repository", push, 403},
		{"the member is given all_repo_write", call{method: "PUT", path: "/orgs/demo-org/organization-roles/users/member-user/8134", token: "demo-token"}, 204},
		{"and can push", push, 200},
		{"but is not admin", call{method: "PATCH", path: "/repos/demo-org/svc", token: "member-token", body: `{"description":"x"}`}, 403},
		{"the role taken away", call{method: "DELETE", path: "/orgs/demo-org/organization-roles/users/member-user/8134", token: "demo-token"}, 204},
		{"cannot push any more", push, 403},
		{"the parent of the member's team is given all_repo_admin", call{method: "PUT", path: "/orgs/demo-org/organization-roles/teams/platform/8136", token: "demo-token"}, 204},
		{"the member administers the repository through it", call{method: "PATCH", path: "/repos/demo-org/svc", token: "member-token", body: `{"description":"x"}`}, 200},
		{"the team's role taken away", call{method: "DELETE", path: "/orgs/demo-org/organization-roles/teams/platform/8136", token: "demo-token"}, 204},
		{"no more than a member's read", push, 403},
	}
	for _, s := range steps {
		if a := do(t, srv, s.call); a.status != s.status {
			t.Errorf("%s: %s %s = %d %.300s, want %d", s.name, s.call.method, s.call.path, a.status, a.body, s.status)
		}
	}
}
