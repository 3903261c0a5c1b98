package collaborator

import (
	"context"
	"strings"
	"testing"

	gogithub "github.com/google/go-github/v37/github"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/internal/admission"
	"github.com/crossplane-github/provider-github/internal/clients/internal/fuzzemu"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// collaboratorSeed has demo-org/seeded, an organization member (alice), an
// organization owner (carol) and a user outside the organization (bob).
func collaboratorSeed() *emulator.Seed {
	s := emulator.DefaultSeed()
	s.Users = append(s.Users, emulator.SeedUser{Login: "alice"}, emulator.SeedUser{Login: "Bob"}, emulator.SeedUser{Login: "carol"})
	s.Orgs[0].Members = append(s.Orgs[0].Members, emulator.SeedMember{Login: "alice", Role: "member"}, emulator.SeedMember{Login: "carol", Role: emulator.RoleAdmin})
	s.Repos = append(s.Repos, emulator.SeedRepo{Owner: "demo-org", Name: "seeded", Branches: []string{"main"}})
	return s
}

// known is true when the seed has the user login (GitHub's logins are
// case-insensitive).
func known(login string) bool {
	for _, u := range collaboratorSeed().Users {
		if strings.EqualFold(u.Login, login) {
			return true
		}
	}
	return false
}

// unknownRole is true when permission is neither built in nor demo-org's
// custom role reviewer.
func unknownRole(permission string) bool {
	return !BuiltIn(permission) && !strings.EqualFold(permission, "reviewer")
}

// access is what Observe learns of user on demo-org/seeded: a
// collaborator's reported role, or a pending invitation.
type access struct {
	reported     Reported
	collaborator bool
	invitation   *github.Invitation
}

// accessAPI is the areas of a repository's collaborators and invitations.
type accessAPI struct {
	*github.CollaboratorsClient
	*github.InvitationsClient
}

// newAccessAPI is accessAPI on gh.
func newAccessAPI(gh *gogithub.Client) accessAPI {
	return accessAPI{github.NewCollaboratorsClient(gh), github.NewInvitationsClient(gh)}
}

func observe(t *testing.T, api accessAPI, user string) access {
	t.Helper()
	ctx := context.Background()
	answer, err := api.GetPermission(ctx, "demo-org", "seeded", user)
	if err != nil {
		t.Fatalf("GetPermission(%q): %v", user, err)
	}
	a := access{reported: ReportedRole(answer)}
	a.collaborator = a.reported.Role != ""
	if MaybeInherited(a.reported) {
		if a.collaborator, err = api.IsCollaborator(ctx, "demo-org", "seeded", user); err != nil {
			t.Fatalf("IsCollaborator(%q): %v", user, err)
		}
	}
	if a.collaborator {
		return a
	}
	list, err := api.ListInvitations(ctx, "demo-org", "seeded")
	if err != nil {
		t.Fatalf("ListInvitations(...): %v", err)
	}
	a.invitation = FindInvitation(list, user)
	return a
}

// FuzzCollaboratorConverges adds any user a user could declare, with any
// permission the API server admits, to a repository of the emulator, as
// the controller does (over a prior permission, when prior says so), and
// requires what is then observed (a collaborator or an invitation) to be
// up to date, after the add or else after one update, the role GitHub
// keeps (an owner's admin) recorded. A user GitHub
// does not know, or a permission it does not take, is an end, worded.
func FuzzCollaboratorConverges(f *testing.F) {
	schema, err := admission.Load("repo.github.crossplane.io_collaborators.yaml")
	if err != nil {
		f.Fatal(err)
	}
	emu := fuzzemu.New(f, collaboratorSeed())
	f.Add("alice", "maintain", true, uint8(0)) // full
	f.Add("alice", "", false, uint8(0))        // minimal: push
	f.Add("Bob", "triage", true, uint8(0))     // invited
	f.Add("bob", "Reviewer", true, uint8(0))   // invited with a custom role
	f.Add("ALICE", "reviewer", true, uint8(0)) // a custom role, in other case
	f.Add("carol", "pull", true, uint8(0))     // an owner stays admin
	f.Add("alice", "pull", true, uint8(0))     // read: maybe inherited
	f.Add("nobody", "push", true, uint8(0))    // unknown user
	f.Add("alice", "no such role", true, uint8(0))
	f.Add("alice", "Admin", true, uint8(0))        // refused at admission
	f.Add("alice", "pull", true, uint8(5))         // lowered from admin
	f.Add("bob", "admin", true, uint8(6))          // an invitation raised from a custom role
	f.Add("Bob", "reviewer", true, uint8(2))       // an invitation moved to a custom role
	f.Add("alice", "reviewer", false, uint8(1))    // raised to push from pull
	f.Add("alice", "no such role", true, uint8(3)) // refused, from push
	f.Fuzz(func(t *testing.T, user, permission string, withPermission bool, prior uint8) {
		spec := map[string]any{"repository": "seeded", "username": user}
		if withPermission {
			spec["permission"] = permission
		}
		p := admission.As[v1alpha1.CollaboratorParameters](t, schema, spec)
		if p == nil {
			return
		}
		if strings.EqualFold(p.Username, "demo-org") {
			return // the controller refuses the owner as its own collaborator
		}
		ctx := context.Background()
		api := newAccessAPI(emu.Begin(t))
		if err := emu.Server().State().AddRepositoryRole("demo-org", "reviewer", "triage"); err != nil {
			t.Fatal(err)
		}
		want := Permission(p)

		// A prior permission: the user is a collaborator, or invited,
		// already, and Observe and Update find and change it.
		if prior%7 != 0 {
			was := []string{"pull", "triage", "push", "maintain", "admin", "reviewer"}[prior%7-1]
			if _, err := api.AddCollaborator(ctx, "demo-org", "seeded", p.Username, was); err != nil {
				if github.IsNotFound(err) && !known(p.Username) {
					return
				}
				t.Fatalf("AddCollaborator(%q, %q) as the prior permission: %v", p.Username, was, err)
			}
			a := observe(t, api, p.Username)
			if !upToDate(want, a, nil) {
				kept, err := update(t, api, p.Username, want, a)
				if err != nil {
					fuzzemu.RequireRefusal(t, "updating the prior permission", err)
					if !unknownRole(want) {
						t.Fatalf("permission %q: GitHub refuses only a role the organization does not have, got %v", want, err)
					}
					return
				}
				if a = observe(t, api, p.Username); !upToDate(want, a, kept) {
					t.Fatalf("permission %q, from %q: not up to date after an update: reported %+v, kept %+v, invitation %+v", want, was, a.reported, kept, a.invitation)
				}
			}
			return
		}

		_, err := api.AddCollaborator(ctx, "demo-org", "seeded", p.Username, want)
		switch {
		case !known(p.Username):
			// No such user: the controller says so.
			if !github.IsNotFound(err) {
				t.Fatalf("AddCollaborator(%q): want 404 for a user GitHub does not have, got %v", p.Username, err)
			}
			return
		case unknownRole(want):
			fuzzemu.RequireRefusal(t, "AddCollaborator", err)
			return
		case err != nil:
			t.Fatalf("AddCollaborator(%q, %q): %v", p.Username, want, err)
		}
		a := observe(t, api, p.Username)
		var kept *v1alpha1.KeptPermission
		if !upToDate(want, a, kept) {
			t.Logf("not up to date after the add: %+v", a)
			if kept, err = update(t, api, p.Username, want, a); err != nil {
				t.Fatalf("updating to permission %q, which the add took: %v", want, err)
			}
			if a = observe(t, api, p.Username); !upToDate(want, a, kept) {
				t.Fatalf("permission %q: not up to date after the add and an update: reported %+v, kept %+v, invitation %+v", want, a.reported, kept, a.invitation)
			}
		}

		found := Observed{Repository: "demo-org/seeded", Login: p.Username, Invitation: a.invitation}
		if a.collaborator {
			found.Role, found.Kept = a.reported.Role, kept
		}
		o := Observation(found)
		if !strings.EqualFold(ptr.Deref(o.Login, ""), p.Username) || (a.collaborator && ptr.Deref(o.Permission, "") != a.reported.Role) {
			t.Errorf("Observation(...): want %s with role %q, got %+v", p.Username, a.reported.Role, o)
		}
	})
}

// upToDate is Observe's verdict.
func upToDate(permission string, a access, kept *v1alpha1.KeptPermission) bool {
	switch {
	case a.collaborator:
		ok, _ := UpToDate(permission, a.reported, kept)
		return ok
	case a.invitation == nil || a.invitation.Expired:
		return false
	}
	return InvitationUpToDate(permission, a.invitation)
}

// update is the controller's Update: the invitation's permission, or the
// collaborator's, and the role GitHub keeps instead. It returns GitHub's
// refusal of the permission.
func update(t *testing.T, api accessAPI, user, permission string, a access) (*v1alpha1.KeptPermission, error) {
	t.Helper()
	ctx := context.Background()
	if inv := a.invitation; inv != nil {
		var err error
		if word, ok := InvitationPermission(permission); ok {
			_, err = api.UpdateInvitation(ctx, "demo-org", "seeded", inv.ID, word)
		} else {
			_, err = api.AddCollaborator(ctx, "demo-org", "seeded", user, permission)
		}
		return nil, err
	}
	if _, err := api.AddCollaborator(ctx, "demo-org", "seeded", user, permission); err != nil {
		return nil, err
	}
	answer, err := api.GetPermission(ctx, "demo-org", "seeded", user)
	if err != nil {
		t.Fatalf("GetPermission(%q): %v", user, err)
	}
	return Kept(permission, ReportedRole(answer)), nil
}
