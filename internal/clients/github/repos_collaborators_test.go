package github

import (
	"context"
	"fmt"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	"github.com/google/go-cmp/cmp"

	"github.com/crossplane-github/provider-github/internal/clients/transport"
	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

// accessSeed is repoSeed with an organization member, member-user.
func accessSeed(extraMembers ...string) *emulator.Seed {
	s := repoSeed()
	for _, login := range append([]string{"member-user"}, extraMembers...) {
		s.Users = append(s.Users, emulator.SeedUser{Login: login, Tokens: []string{login + "-token"}})
		s.Orgs[0].Members = append(s.Orgs[0].Members, emulator.SeedMember{Login: login, Role: emulator.RoleMember})
	}
	return s
}

// accessAreas are a repository's collaborators, their invitations and
// accounts.
type accessAreas struct {
	*CollaboratorsClient
	*InvitationsClient
	*UsersClient
}

// accessFor starts a contract-checked emulator with seed and returns our
// repository access API on it for demo-token, and the emulator.
func accessFor(t *testing.T, seed *emulator.Seed) (*accessAreas, *emulator.Server) {
	t.Helper()
	srv, emu := emulatortest.NewServer(t, emulator.Options{Seed: seed})
	gh, err := transport.NewClient(transport.Config{Credentials: transport.Credentials{Token: "demo-token"}, BaseURL: srv.URL}, testOptionsURL(srv.Client().Transport))
	if err != nil {
		t.Fatalf("NewClient(...): %v", err)
	}
	return &accessAreas{NewCollaboratorsClient(gh), NewInvitationsClient(gh), NewUsersClient(gh)}, emu
}

var notFound404 = &Error{msg: "GitHub answered 404 Not Found: it does not exist, or the credentials cannot see it"}

func TestAddCollaborator(t *testing.T) {
	ctx := context.Background()
	type want struct {
		invited    bool
		permission string
		err        error
	}
	cases := map[string]struct {
		reason     string
		repo, user string
		permission string
		want       want
	}{
		"OrgMemberAddedAtOnce": {
			reason: "GitHub adds a member of the repository's organization at once (204): there is no invitation.",
			repo:   "private-one", user: "member-user", permission: "push",
		},
		"OutsiderInvited": {
			reason: "Anyone else is invited (201); the answer is the invitation, offering the role in GitHub's words.",
			repo:   "private-one", user: "other-user", permission: "pull",
			want: want{invited: true, permission: "read"},
		},
		"LoginCaseIgnored": {
			reason: "GitHub matches logins without regard to case.",
			repo:   "private-one", user: "Other-User", permission: "maintain",
			want: want{invited: true, permission: "maintain"},
		},
		"UnknownUser": {
			reason: "A user GitHub does not know is a 404.",
			repo:   "private-one", user: "nobody-at-all", permission: "push",
			want: want{err: notFound404},
		},
		"UnknownRepository": {
			reason: "A repository that does not exist is a 404 too.",
			repo:   "nope", user: "other-user", permission: "push",
			want: want{err: notFound404},
		},
		"UnknownPermission": {
			reason: "A permission that is neither built in nor a custom role of the organization is refused.",
			repo:   "private-one", user: "other-user", permission: "owner",
			want: want{err: &Error{msg: "GitHub refused the request as invalid (422 Validation Failed): permission must be one of pull, triage, push, maintain, admin or a custom repository role"}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			a, _ := accessFor(t, accessSeed())
			inv, err := a.AddCollaborator(ctx, "demo-org", tc.repo, tc.user, tc.permission)
			if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
				t.Fatalf("\n%s\nAddCollaborator(...): -want error, +got error:\n%s", tc.reason, diff)
			}
			if got := inv != nil; got != tc.want.invited {
				t.Fatalf("\n%s\nAddCollaborator(...): invitation %+v, want one: %t", tc.reason, inv, tc.want.invited)
			}
			if inv == nil {
				return
			}
			if inv.ID == 0 || inv.CreatedAt.IsZero() || inv.Invitee == nil || inv.Invitee.Login != "other-user" || inv.HTMLURL == "" {
				t.Errorf("\n%s\nAddCollaborator(...): incomplete invitation %+v", tc.reason, inv)
			}
			if diff := cmp.Diff(tc.want.permission, inv.Permissions); diff != "" {
				t.Errorf("\n%s\nAddCollaborator(...).Permissions: -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestGetPermission(t *testing.T) {
	ctx := context.Background()
	type want struct {
		role, permission string
		err              error
	}
	cases := map[string]struct {
		reason string
		repo   string
		user   string
		want   want
	}{
		"Collaborator": {
			reason: "A collaborator's role is reported precisely in role_name, coarsely in permission.",
			repo:   "private-one", user: "member-user", want: want{role: "maintain", permission: "write"},
		},
		"OrgOwner": {
			reason: "An organization owner is admin of every repository of the organization.",
			repo:   "private-one", user: "demo-user", want: want{role: "admin", permission: "admin"},
		},
		"NoAccess": {
			reason: "A user without access to a private repository has role none.",
			repo:   "private-one", user: "other-user", want: want{role: "none", permission: "none"},
		},
		"PublicRead": {
			reason: "Anyone can read a public repository without being its collaborator.",
			repo:   "seeded", user: "other-user", want: want{role: "read", permission: "read"},
		},
		"UnknownUser": {
			reason: "GitHub answers 404 for a user it does not know.",
			repo:   "private-one", user: "nobody-at-all", want: want{err: notFound404},
		},
	}
	a, _ := accessFor(t, accessSeed())
	if _, err := a.AddCollaborator(ctx, "demo-org", "private-one", "member-user", "maintain"); err != nil {
		t.Fatalf("AddCollaborator(...): %v", err)
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got, err := a.GetPermission(ctx, "demo-org", tc.repo, tc.user)
			if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
				t.Fatalf("\n%s\nGetPermission(...): -want error, +got error:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.want.role, got.RoleName); diff != "" {
				t.Errorf("\n%s\nGetPermission(...).RoleName: -want, +got:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.want.permission, got.Permission); diff != "" {
				t.Errorf("\n%s\nGetPermission(...).Permission: -want, +got:\n%s", tc.reason, diff)
			}
			if err == nil && got.User.Login == "" {
				t.Errorf("\n%s\nGetPermission(...).User has no login", tc.reason)
			}
		})
	}
}

func TestIsCollaborator(t *testing.T) {
	ctx := context.Background()
	cases := map[string]struct {
		reason string
		repo   string
		user   string
		want   bool
	}{
		"Direct":          {reason: "A direct collaborator is one.", repo: "seeded", user: "member-user", want: true},
		"OrgOwner":        {reason: "GitHub counts an organization owner as a collaborator.", repo: "seeded", user: "demo-user", want: true},
		"PublicReader":    {reason: "Reading a public repository does not make a user its collaborator.", repo: "seeded", user: "other-user", want: false},
		"Invitee":         {reason: "An invitee is no collaborator before accepting.", repo: "private-one", user: "other-user", want: false},
		"UnknownUser":     {reason: "A user GitHub does not know is none.", repo: "seeded", user: "nobody-at-all", want: false},
		"CaseInsensitive": {reason: "Logins match without regard to case.", repo: "seeded", user: "MEMBER-USER", want: true},
	}
	a, _ := accessFor(t, accessSeed())
	for _, add := range []struct{ repo, user string }{{"seeded", "member-user"}, {"private-one", "other-user"}} {
		if _, err := a.AddCollaborator(ctx, "demo-org", add.repo, add.user, "push"); err != nil {
			t.Fatalf("AddCollaborator(%s, %s): %v", add.repo, add.user, err)
		}
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got, err := a.IsCollaborator(ctx, "demo-org", tc.repo, tc.user)
			if err != nil {
				t.Fatalf("\n%s\nIsCollaborator(...): %v", tc.reason, err)
			}
			if got != tc.want {
				t.Errorf("\n%s\nIsCollaborator(...) = %t, want %t", tc.reason, got, tc.want)
			}
		})
	}
}

// Direct collaborators are read page after page, and only those added to
// the repository are listed: not the organization's owner.
func TestListDirectCollaboratorsReadsEveryPage(t *testing.T) {
	ctx := context.Background()
	var members []string
	for i := range 105 {
		members = append(members, fmt.Sprintf("member-%03d", i))
	}
	a, _ := accessFor(t, accessSeed(members...))
	for _, m := range members {
		if _, err := a.AddCollaborator(ctx, "demo-org", "seeded", m, "pull"); err != nil {
			t.Fatalf("AddCollaborator(%s): %v", m, err)
		}
	}
	got, err := a.ListDirectCollaborators(ctx, "demo-org", "seeded")
	if err != nil {
		t.Fatalf("ListDirectCollaborators(...): %v", err)
	}
	logins := map[string]string{}
	for _, c := range got {
		logins[c.Login] = c.RoleName
	}
	if len(got) != len(members) || len(logins) != len(members) {
		t.Fatalf("ListDirectCollaborators(...): %d collaborators (%d distinct), want %d", len(got), len(logins), len(members))
	}
	for _, m := range members {
		if logins[m] != "read" {
			t.Errorf("ListDirectCollaborators(...): %s has role %q, want read", m, logins[m])
		}
	}
	if _, err := a.ListDirectCollaborators(ctx, "demo-org", "nope"); !IsNotFound(err) {
		t.Errorf("ListDirectCollaborators(missing repository): %v, want IsNotFound", err)
	}
}

// An invitation is listed, changed and withdrawn; removing a collaborator
// twice is no error, withdrawing an invitation twice is a 404.
func TestInvitationsAndRemoval(t *testing.T) {
	ctx := context.Background()
	a, _ := accessFor(t, accessSeed())
	inv, err := a.AddCollaborator(ctx, "demo-org", "private-one", "other-user", "triage")
	if err != nil || inv == nil {
		t.Fatalf("AddCollaborator(...) = %+v, %v; want an invitation", inv, err)
	}
	list, err := a.ListInvitations(ctx, "demo-org", "private-one")
	if err != nil {
		t.Fatalf("ListInvitations(...): %v", err)
	}
	if len(list) != 1 || list[0].ID != inv.ID || list[0].Permissions != "triage" || list[0].Expired {
		t.Fatalf("ListInvitations(...) = %+v, want the one pending triage invitation %d", list, inv.ID)
	}
	up, err := a.UpdateInvitation(ctx, "demo-org", "private-one", inv.ID, "admin")
	if err != nil || up.Permissions != "admin" {
		t.Fatalf("UpdateInvitation(...) = %+v, %v; want admin", up, err)
	}
	if err := a.DeleteInvitation(ctx, "demo-org", "private-one", inv.ID); err != nil {
		t.Fatalf("DeleteInvitation(...): %v", err)
	}
	if err := a.DeleteInvitation(ctx, "demo-org", "private-one", inv.ID); !IsNotFound(err) {
		t.Errorf("DeleteInvitation(...) again: %v, want IsNotFound", err)
	}
	if list, err := a.ListInvitations(ctx, "demo-org", "private-one"); err != nil || len(list) != 0 {
		t.Errorf("ListInvitations(...) after withdrawing = %+v, %v; want none", list, err)
	}

	if _, err := a.AddCollaborator(ctx, "demo-org", "private-one", "member-user", "push"); err != nil {
		t.Fatalf("AddCollaborator(member-user): %v", err)
	}
	for i := range 2 {
		if err := a.RemoveCollaborator(ctx, "demo-org", "private-one", "member-user"); err != nil {
			t.Fatalf("RemoveCollaborator(...) #%d: %v", i+1, err)
		}
	}
	if direct, err := a.ListDirectCollaborators(ctx, "demo-org", "private-one"); err != nil || len(direct) != 0 {
		t.Errorf("ListDirectCollaborators(...) after removal = %+v, %v; want none", direct, err)
	}
}
