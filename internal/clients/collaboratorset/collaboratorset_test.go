package collaboratorset

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	collab "github.com/crossplane-github/provider-github/internal/clients/collaborator"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func user(login string, permission ...string) common.CollaboratorSetUser {
	u := common.CollaboratorSetUser{Username: login}
	if len(permission) > 0 {
		u.Permission = ptr.To(permission[0])
	}
	return u
}

func team(slug string, permission ...string) common.CollaboratorSetTeam {
	t := common.CollaboratorSetTeam{Slug: slug}
	if len(permission) > 0 {
		t.Permission = ptr.To(permission[0])
	}
	return t
}

func invitation(id int64, login, permissions string, expired bool) github.Invitation {
	var who *github.Account
	if login != "" {
		who = &github.Account{Login: login}
	}
	return github.Invitation{ID: id, Invitee: who, Permissions: permissions, Expired: expired, CreatedAt: time.Unix(0, 0)}
}

func TestDiff(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      common.CollaboratorSetParameters
		got    Got
		kept   []common.CollaboratorSetKeptPermission
		want   Plan
	}{
		"InSync": {
			reason: "Users and teams with their permissions in GitHub's answer words (write is push, read is pull), logins in another case, make no plan.",
			p:      common.CollaboratorSetParameters{Users: []common.CollaboratorSetUser{user("Alice"), user("bob", "pull")}, Teams: []common.CollaboratorSetTeam{team("core", "maintain"), team("docs")}},
			got: Got{
				Collaborators: []github.Collaborator{{Login: "alice", RoleName: "write"}, {Login: "Bob", RoleName: "read"}},
				Teams:         []github.RepoTeam{{Slug: "core", Permission: "maintain"}, {Slug: "docs", Permission: "push"}},
			},
		},
		"Missing": {
			reason: "A listed user and team GitHub lacks are added with their permission, push when none is named.",
			p:      common.CollaboratorSetParameters{Users: []common.CollaboratorSetUser{user("alice")}, Teams: []common.CollaboratorSetTeam{team("core", "admin")}},
			want: Plan{
				Add:      []Grant{{Name: "alice", Permission: "push", Why: "missing"}},
				PutTeams: []Grant{{Name: "core", Permission: "admin", Why: "missing"}},
			},
		},
		"WrongPermission": {
			reason: "A collaborator or team with another role gets the declared permission again; a custom role matches without regard to case.",
			p:      common.CollaboratorSetParameters{Users: []common.CollaboratorSetUser{user("alice", "admin"), user("bob", "Reviewer")}, Teams: []common.CollaboratorSetTeam{team("core", "pull"), team("ops", "Deployer")}},
			got: Got{
				Collaborators: []github.Collaborator{{Login: "alice", RoleName: "write"}, {Login: "bob", RoleName: "reviewer"}},
				Teams:         []github.RepoTeam{{Slug: "core", Permission: "push"}, {Slug: "ops", Permission: "deployer"}},
			},
			want: Plan{
				Add:      []Grant{{Name: "alice", Permission: "admin", Why: "GitHub reports write"}},
				PutTeams: []Grant{{Name: "core", Permission: "pull", Why: "GitHub reports push"}},
			},
		},
		"NotListed": {
			reason: "Direct collaborators, invitations (one to an email address) and teams the set does not list are removed.",
			p:      common.CollaboratorSetParameters{Users: []common.CollaboratorSetUser{user("alice")}},
			got: Got{
				Collaborators: []github.Collaborator{{Login: "alice", RoleName: "write"}, {Login: "mallory", RoleName: "admin"}},
				Invitations:   []github.Invitation{invitation(7, "eve", "write", false), invitation(8, "", "read", false)},
				Teams:         []github.RepoTeam{{Slug: "core", Permission: "push"}},
			},
			want: Plan{
				Remove:      []string{"mallory"},
				Cancel:      []InvitationChange{{ID: 7, Login: "eve"}, {ID: 8}},
				RemoveTeams: []string{"core"},
			},
		},
		"Invitations": {
			reason: "A pending invitation offering the role is pending; one offering another built-in role is updated; one for a custom role is sent again; an expired one is withdrawn and sent again.",
			p: common.CollaboratorSetParameters{Users: []common.CollaboratorSetUser{
				user("pending", "pull"), user("wrong", "maintain"), user("custom", "Reviewer"), user("expired"),
			}},
			got: Got{Invitations: []github.Invitation{
				invitation(1, "Pending", "read", false), invitation(2, "wrong", "write", false),
				invitation(3, "custom", "admin", false), invitation(4, "expired", "write", true),
			}},
			want: Plan{
				Withdraw:          []InvitationChange{{ID: 4, Login: "expired"}},
				Add:               []Grant{{Name: "custom", Permission: "Reviewer", Why: "the invitation offers admin"}, {Name: "expired", Permission: "push", Why: "the invitation expired"}},
				UpdateInvitations: []InvitationChange{{ID: 2, Login: "wrong", Permissions: "maintain"}},
				Pending:           []github.Invitation{invitation(1, "Pending", "read", false), invitation(2, "wrong", "write", false), invitation(3, "custom", "admin", false)},
			},
		},
		"Kept": {
			reason: "A collaborator whose role GitHub kept over the very permission granted is up to date; one whose kept record was of another permission is granted again.",
			p:      common.CollaboratorSetParameters{Users: []common.CollaboratorSetUser{user("owner", "pull"), user("lead", "triage")}},
			got:    Got{Collaborators: []github.Collaborator{{Login: "owner", RoleName: "admin"}, {Login: "lead", RoleName: "maintain"}}},
			kept:   []common.CollaboratorSetKeptPermission{{Login: "Owner", Granted: "pull", Reported: "admin"}, {Login: "lead", Granted: "push", Reported: "maintain"}},
			want:   Plan{Add: []Grant{{Name: "lead", Permission: "triage", Why: "GitHub reports maintain"}}},
		},
		"CustomTeamRoleAsBaseRole": {
			reason: "A team listed with a custom role that the list shows as a built-in permission is to be checked, not granted again at once.",
			p:      common.CollaboratorSetParameters{Teams: []common.CollaboratorSetTeam{team("ops", "Deployer")}},
			got:    Got{Teams: []github.RepoTeam{{Slug: "ops", Permission: "push"}}},
			want:   Plan{CheckTeams: []Grant{{Name: "ops", Permission: "Deployer", Why: "GitHub reports push"}}},
		},
		"NoRoleName": {
			reason: "A collaborator listed without role_name (an older server) counts as up to date rather than granted again on every poll.",
			p:      common.CollaboratorSetParameters{Users: []common.CollaboratorSetUser{user("alice", "admin")}},
			got:    Got{Collaborators: []github.Collaborator{{Login: "alice"}}},
		},
		"Owner": {
			reason: "A user who owns the repository is listed among its direct collaborators, but is never removed.",
			got:    Got{Owner: "octocat", Collaborators: []github.Collaborator{{Login: "Octocat", RoleName: "admin"}}},
		},
		"Empty": {
			reason: "An empty set removes everyone and every team.",
			got: Got{
				Collaborators: []github.Collaborator{{Login: "alice", RoleName: "write"}},
				Teams:         []github.RepoTeam{{Slug: "core", Permission: "push"}},
			},
			want: Plan{Remove: []string{"alice"}, RemoveTeams: []string{"core"}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := Diff(&tc.p, tc.got, tc.kept)
			if diff := cmp.Diff(tc.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("\n%s\nDiff(...): -want, +got:\n%s", tc.reason, diff)
			}
			if (len(tc.want.Drift()) == 0) != (len(got.Drift()) == 0) {
				t.Errorf("\n%s\nDrift() = %q", tc.reason, got.Drift())
			}
		})
	}
}

func TestDrift(t *testing.T) {
	p := Plan{
		Add:         []Grant{{Name: "alice", Permission: "push", Why: "missing"}},
		Remove:      []string{"mallory"},
		Cancel:      []InvitationChange{{ID: 8}},
		RemoveTeams: []string{"core"},
	}
	want := []string{"user alice: missing, want push", "user mallory: not listed", "invitation 8 of an email address: not listed", "team core: not listed"}
	if diff := cmp.Diff(want, p.Drift()); diff != "" {
		t.Errorf("Drift(): -want, +got:\n%s", diff)
	}
	if got := (Plan{Pending: []github.Invitation{invitation(1, "a", "read", false)}}).Drift(); len(got) != 0 {
		t.Errorf("Drift() of a plan with only pending invitations = %q, want none: nothing is to be written", got)
	}
}

func TestObservation(t *testing.T) {
	p := common.CollaboratorSetParameters{Users: []common.CollaboratorSetUser{user("alice"), user("bob")}, Teams: []common.CollaboratorSetTeam{team("core")}}
	got := Got{
		Collaborators: []github.Collaborator{{Login: "mallory", RoleName: "admin"}, {Login: "Alice", RoleName: "write"}},
		Invitations:   []github.Invitation{invitation(1, "bob", "read", false), invitation(2, "", "read", false)},
		Teams:         []github.RepoTeam{{Slug: "ops", Permission: "pull"}, {Slug: "core", Permission: "push"}},
	}
	want := common.CollaboratorSetObservation{
		Repository: ptr.To("o/r"),
		Users: []common.CollaboratorSetObservedUser{
			{Login: "Alice", Role: "write", Listed: true},
			{Login: "bob", Role: "read", Invited: true, Listed: true},
			{Login: "mallory", Role: "admin"},
		},
		Teams: []common.CollaboratorSetObservedTeam{{Slug: "core", Permission: "push", Listed: true}, {Slug: "ops", Permission: "pull"}},
	}
	if diff := cmp.Diff(want, Observation("o/r", &p, got, nil)); diff != "" {
		t.Errorf("Observation(...): -want, +got:\n%s", diff)
	}
}

func TestKept(t *testing.T) {
	p := common.CollaboratorSetParameters{Users: []common.CollaboratorSetUser{user("owner", "pull"), user("alice")}}
	if k := Kept("alice", "push", &github.CollaboratorPermission{RoleName: "write"}); k != nil {
		t.Errorf("Kept(...) of a role that matches = %+v, want nil", k)
	}
	k := Kept("owner", "pull", &github.CollaboratorPermission{RoleName: "admin"})
	if diff := cmp.Diff(&common.CollaboratorSetKeptPermission{Login: "owner", Granted: "pull", Reported: "admin"}, k); diff != "" {
		t.Errorf("Kept(...): -want, +got:\n%s", diff)
	}
	kept := []common.CollaboratorSetKeptPermission{*k, {Login: "alice", Granted: "push", Reported: "admin"}}
	got := Got{Collaborators: []github.Collaborator{{Login: "owner", RoleName: "admin"}, {Login: "alice", RoleName: "write"}}}
	want := []common.CollaboratorSetKeptPermission{*k}
	if diff := cmp.Diff(want, StillKept(&p, got, kept)); diff != "" {
		t.Errorf("StillKept(...): -want, +got:\n%s", diff)
	}
	got.Collaborators[0].RoleName = "maintain"
	if s := StillKept(&p, got, kept); len(s) != 0 {
		t.Errorf("StillKept(...) once GitHub reports another role = %+v, want none", s)
	}
}

func TestImported(t *testing.T) {
	got := Got{
		Owner:         "demo-org",
		Collaborators: []github.Collaborator{{Login: "alice", RoleName: "write"}, {Login: "bob", RoleName: "maintain"}, {Login: "carol", RoleName: "Reviewer"}, {Login: "Demo-Org", RoleName: "admin"}},
		Invitations:   []github.Invitation{invitation(1, "dave", "read", false), invitation(2, "old", "read", true), invitation(3, "", "read", false)},
		Teams:         []github.RepoTeam{{Slug: "core", Permission: "push"}, {Slug: "ops", Permission: "admin"}},
	}
	imported := Imported(got)
	users, teams := imported.Users, imported.Teams
	wantUsers := []common.CollaboratorSetUser{user("alice"), user("bob", "maintain"), user("carol", "Reviewer"), user("dave", "pull")}
	wantTeams := []common.CollaboratorSetTeam{team("core"), team("ops", "admin")}
	if diff := cmp.Diff(wantUsers, users); diff != "" {
		t.Errorf("Imported(...) users: -want, +got:\n%s", diff)
	}
	if diff := cmp.Diff(wantTeams, teams); diff != "" {
		t.Errorf("Imported(...) teams: -want, +got:\n%s", diff)
	}
	// Imported without the expired invitation and the one to an email
	// address: the plan withdraws those, and changes nothing else.
	got.Invitations = got.Invitations[:1]
	p := common.CollaboratorSetParameters{Users: users, Teams: teams}
	if d := Diff(&p, got, nil).Drift(); len(d) != 0 {
		t.Errorf("Diff(Imported(got), got).Drift() = %q, want none: an imported set writes nothing", d)
	}
}

func TestDuplicate(t *testing.T) {
	cases := map[string]struct {
		p    common.CollaboratorSetParameters
		want bool
	}{
		"Distinct":      {p: common.CollaboratorSetParameters{Users: []common.CollaboratorSetUser{user("a"), user("b")}, Teams: []common.CollaboratorSetTeam{team("a")}}},
		"UserInCase":    {p: common.CollaboratorSetParameters{Users: []common.CollaboratorSetUser{user("Alice"), user("alice")}}, want: true},
		"TeamTwice":     {p: common.CollaboratorSetParameters{Teams: []common.CollaboratorSetTeam{team("core"), team("core")}}, want: true},
		"UserNamedTeam": {p: common.CollaboratorSetParameters{Users: []common.CollaboratorSetUser{user("core")}, Teams: []common.CollaboratorSetTeam{team("core")}}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if err := Duplicate(&tc.p); (err != nil) != tc.want {
				t.Errorf("Duplicate(...) = %v, want an error: %t", err, tc.want)
			}
		})
	}
}

func TestRecord(t *testing.T) {
	kept := []common.CollaboratorSetKeptPermission{{Login: "a", Granted: "pull", Reported: "admin"}, {Login: "b", Granted: "push", Reported: "admin"}}
	got := Record(kept, "A", &common.CollaboratorSetKeptPermission{Login: "A", Granted: "triage", Reported: "admin"})
	want := []common.CollaboratorSetKeptPermission{{Login: "b", Granted: "push", Reported: "admin"}, {Login: "A", Granted: "triage", Reported: "admin"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Record(...) replacing: -want, +got:\n%s", diff)
	}
	if got := Record(kept, "b", nil); len(got) != 1 || got[0].Login != "a" {
		t.Errorf("Record(..., nil) = %+v, want b's record removed", got)
	}
}

func TestPending(t *testing.T) {
	c := Pending("o/r", []github.Invitation{invitation(1, "alice", "read", false), invitation(2, "bob", "write", false)})
	want := "invitations to o/r not accepted yet: alice (invited 1970-01-01T00:00:00Z), bob (invited 1970-01-01T00:00:00Z);"
	if c.Reason != collab.ReasonInvitationPending || c.Status != corev1.ConditionFalse || !strings.HasPrefix(c.Message, want) {
		t.Errorf("Pending(...) = %+v, want Ready=False, reason InvitationPending, a message starting %q", c, want)
	}
}

func TestConfirm(t *testing.T) {
	g := Grant{Name: "ops", Permission: "Deployer", Why: "GitHub reports push"}
	var p Plan
	p.Confirm(g, &github.TeamRepo{RoleName: "deployer"})
	if len(p.PutTeams) != 0 {
		t.Errorf("Confirm(...) of a team whose role_name is the custom role: PutTeams %+v, want none", p.PutTeams)
	}
	p.Confirm(g, &github.TeamRepo{RoleName: "write"})
	if diff := cmp.Diff([]Grant{{Name: "ops", Permission: "Deployer", Why: "GitHub reports write"}}, p.PutTeams); diff != "" {
		t.Errorf("Confirm(...) of a team with another role: -want, +got:\n%s", diff)
	}
}
