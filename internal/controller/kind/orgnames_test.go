package kind

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
)

// TestOrgNames: a team is found by slug and a role by name (without regard
// to case), the roles listed once for every role asked for and not at all
// for teams only; a team or role the organization lacks is told apart from
// a failed read, and the message names the field and what there is.
func TestOrgNames(t *testing.T) {
	roles := []github.OrgRole{{ID: 138, Name: "security_manager"}, {ID: 8, Name: "Auditor"}}
	type ask struct{ team, role string }
	cases := map[string]struct {
		reason   string
		asks     []ask
		teamErr  error
		roles    []github.OrgRole
		rolesErr error
		want     []int64
		err      string
		reads    []string
	}{
		"Team": {
			reason: "A team is read by its slug; the roles are not listed.",
			asks:   []ask{{team: "sec"}}, want: []int64{5}, reads: []string{"team acme/sec"},
		},
		"RolesListedOnce": {
			reason: "Several roles cost one list; names match without regard to case.",
			asks:   []ask{{role: "auditor"}, {team: "sec"}, {role: "SECURITY_MANAGER"}}, roles: roles,
			want: []int64{8, 5, 138}, reads: []string{"roles acme", "team acme/sec"},
		},
		"TeamMissing": {
			reason: "GitHub's 404 is a team the organization does not have, named with its field.",
			asks:   []ask{{team: "ghosts"}}, teamErr: notFoundErr(), reads: []string{"team acme/ghosts"},
			err: `cannot find team "ghosts" of organization acme, named by spec.x[0].teamSlug (or the credentials cannot see it): create it, or fix the slug`,
		},
		"TeamReadFails": {
			reason: "Another error is a failed read, not a missing team.",
			asks:   []ask{{team: "sec"}}, teamErr: errBoom, reads: []string{"team acme/sec"},
			err: `cannot read team "sec" of organization acme, named by spec.x[0].teamSlug: boom`,
		},
		"RoleMissing": {
			reason: "A role the organization lacks is named with the roles it has.",
			asks:   []ask{{role: "gatekeeper"}}, roles: roles, reads: []string{"roles acme"},
			err: `spec.x[0].roleName names role "gatekeeper", which organization acme does not have: its roles are "security_manager", "Auditor"`,
		},
		"NoRoles": {
			reason: "An organization without roles says so.",
			asks:   []ask{{role: "auditor"}}, reads: []string{"roles acme"},
			err: `its roles are none`,
		},
		"RolesListFails": {
			reason: "A failed list says which role it was for.",
			asks:   []ask{{role: "auditor"}}, rolesErr: errBoom, reads: []string{"roles acme"},
			err: `cannot list the organization roles of acme, to find the role "auditor" named by spec.x[0].roleName: boom`,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			var reads []string
			n := NewOrgNames("acme",
				&fake.MockTeamsAPI{MockGetTeam: func(_ context.Context, org, slug string) (*github.Team, error) {
					reads = append(reads, "team "+org+"/"+slug)
					if tc.teamErr != nil {
						return nil, tc.teamErr
					}
					return &github.Team{ID: 5, Slug: slug}, nil
				}},
				&fake.MockOrgRolesAPI{MockListOrgRoles: func(_ context.Context, org string) ([]github.OrgRole, error) {
					reads = append(reads, "roles "+org)
					return tc.roles, tc.rolesErr
				}})
			var got []int64
			var err error
			for _, a := range tc.asks {
				var id int64
				if a.team != "" {
					id, err = n.TeamID(context.Background(), "spec.x[0].teamSlug", a.team)
				} else {
					id, err = n.RoleID(context.Background(), "spec.x[0].roleName", a.role)
				}
				if err != nil {
					break
				}
				got = append(got, id)
			}
			switch {
			case tc.err == "" && err != nil:
				t.Fatalf("\n%s\nunexpected error: %v", tc.reason, err)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Fatalf("\n%s\nerror = %v, want one containing %q", tc.reason, err, tc.err)
			}
			if tc.err == "" && !slices.Equal(got, tc.want) {
				t.Errorf("\n%s\nids = %v, want %v", tc.reason, got, tc.want)
			}
			if strings.Join(reads, ", ") != strings.Join(tc.reads, ", ") {
				t.Errorf("\n%s\nreads = %v, want %v", tc.reason, reads, tc.reads)
			}
		})
	}
}
