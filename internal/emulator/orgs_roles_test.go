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
