package collaboratorset

import (
	"context"
	"testing"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	collab "github.com/crossplane-github/provider-github/internal/clients/collaborator"
	"github.com/crossplane-github/provider-github/internal/clients/convergetest"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// api is the areas a CollaboratorSet reads and writes.
type api struct {
	*github.CollaboratorsClient
	*github.InvitationsClient
	*github.TeamReposClient
}

// read is the repository's access as Observe reads it.
func read(t *testing.T, a api) Got {
	t.Helper()
	ctx := context.Background()
	var g Got
	var err error
	if g.Collaborators, err = a.ListDirectCollaborators(ctx, convergetest.Owner, convergetest.Repo); err != nil {
		t.Fatalf("ListDirectCollaborators(...): %v", err)
	}
	if g.Invitations, err = a.ListInvitations(ctx, convergetest.Owner, convergetest.Repo); err != nil {
		t.Fatalf("ListInvitations(...): %v", err)
	}
	if g.Teams, err = a.ListRepoTeams(ctx, convergetest.Owner, convergetest.Repo); err != nil {
		t.Fatalf("ListRepoTeams(...): %v", err)
	}
	return g
}

// FuzzCollaboratorSetConverges declares, on a repository that already has
// some access given by hand (an outsider invited, a member added, the team
// granted, each with a permission of its own), a set the CRD admits of the
// organization's member, an outsider and its team, each listed or not and
// with a fuzzed permission; it sends the plan Diff makes through our
// client to the emulator and requires that the access then read back
// converged: nothing left to write, no one and no team that is not listed,
// the outsider's invitation pending. GitHub refusing a write (an unknown
// custom role) is an acceptable end only when our client words it, and
// only for a permission that is not built in.
func FuzzCollaboratorSetConverges(f *testing.F) {
	f.Add("push", "pull", "maintain", byte(7), byte(7))
	f.Add("admin", "triage", "pull", byte(0), byte(7))
	f.Add("maintain", "admin", "admin", byte(7), byte(0))
	f.Add("Pull", "push", "push", byte(1), byte(2))  // not lower case: refused by the schema
	f.Add("write", "push", "push", byte(1), byte(2)) // an answer word: refused by the schema
	f.Add("deployer", "push", "triage", byte(5), byte(3))
	schema := convergetest.Schema(f, "repo.github.m.crossplane.io_collaboratorsets.yaml")
	f.Fuzz(func(t *testing.T, memberPerm, outsiderPerm, teamPerm string, listed, byHand byte) {
		p := &common.CollaboratorSetParameters{RepositoryTarget: convergetest.Target()}
		if listed&1 != 0 {
			p.Users = append(p.Users, common.CollaboratorSetUser{Username: convergetest.Member, Permission: ptr.To(memberPerm)})
		}
		if listed&2 != 0 {
			p.Users = append(p.Users, common.CollaboratorSetUser{Username: convergetest.Outsider, Permission: ptr.To(outsiderPerm)})
		}
		if listed&4 != 0 {
			p.Teams = append(p.Teams, common.CollaboratorSetTeam{Slug: convergetest.Team, Permission: ptr.To(teamPerm)})
		}
		if p = convergetest.Admit(t, schema, p); p == nil || Duplicate(p) != nil {
			return
		}
		ctx := context.Background()
		gh, _ := convergetest.Start(t)
		a := api{github.NewCollaboratorsClient(gh), github.NewInvitationsClient(gh), github.NewTeamReposClient(gh)}
		const owner, repo = convergetest.Owner, convergetest.Repo
		if byHand&1 != 0 {
			if _, err := a.AddCollaborator(ctx, owner, repo, convergetest.Member, "admin"); err != nil {
				t.Fatalf("AddCollaborator(member, by hand): %v", err)
			}
		}
		if byHand&2 != 0 {
			if _, err := a.AddCollaborator(ctx, owner, repo, convergetest.Outsider, "triage"); err != nil {
				t.Fatalf("AddCollaborator(outsider, by hand): %v", err)
			}
		}
		if byHand&4 != 0 {
			if err := a.AddTeamRepo(ctx, owner, convergetest.Team, owner, repo, "pull"); err != nil {
				t.Fatalf("AddTeamRepo(by hand): %v", err)
			}
		}
		// Two rounds, as two reconciles: a role read back after an add
		// may change when a team's grant or removal that follows it
		// changes what the user holds through the organization.
		var kept []common.CollaboratorSetKeptPermission
		var plan Plan
		for round := 0; round < 2; round++ {
			plan = Diff(p, read(t, a), kept)
			if len(plan.Drift()) == 0 {
				break
			}
			var refused bool
			if kept, refused = apply(t, a, plan, kept); refused {
				return
			}
		}
		got := read(t, a)
		left := Diff(p, got, kept)
		if d := left.Drift(); len(d) != 0 {
			t.Fatalf("after the plan %q, still to do: %q (GitHub has %+v)", plan.Drift(), d, got)
		}
		if n := len(got.Collaborators) + len(got.Invitations); n != len(p.Users) {
			t.Fatalf("GitHub has %d collaborators and invitees, want the %d listed: %+v", n, len(p.Users), got)
		}
		if len(got.Teams) != len(p.Teams) {
			t.Fatalf("GitHub has %d teams, want the %d listed: %+v", len(got.Teams), len(p.Teams), got.Teams)
		}
		if ListsUser(p, convergetest.Outsider) && len(left.Pending) != 1 {
			t.Fatalf("the listed outsider's invitation is not pending: %+v", got.Invitations)
		}
	})
}

// apply carries out the plan as the controller does (teams granted first,
// so that a role read back after an add holds; removals last) and returns
// the kept roles, updated, and whether GitHub refused a write as expected.
func apply(t *testing.T, a api, plan Plan, kept []common.CollaboratorSetKeptPermission) ([]common.CollaboratorSetKeptPermission, bool) {
	t.Helper()
	ctx := context.Background()
	const owner, repo = convergetest.Owner, convergetest.Repo
	for _, w := range plan.Withdraw {
		if err := a.DeleteInvitation(ctx, owner, repo, w.ID); err != nil {
			t.Fatalf("DeleteInvitation(%d): %v", w.ID, err)
		}
	}
	for _, g := range plan.PutTeams {
		err := a.AddTeamRepo(ctx, owner, g.Name, owner, repo, g.Permission)
		if convergetest.RefusedAsExpected(t, "AddTeamRepo("+g.Name+")", err, !collab.BuiltIn(g.Permission)) {
			return kept, true
		}
	}
	for _, g := range plan.Add {
		inv, err := a.AddCollaborator(ctx, owner, repo, g.Name, g.Permission)
		if convergetest.RefusedAsExpected(t, "AddCollaborator("+g.Name+")", err, !collab.BuiltIn(g.Permission)) {
			return kept, true
		}
		if inv != nil {
			continue
		}
		answer, err := a.GetPermission(ctx, owner, repo, g.Name)
		if err != nil {
			t.Fatalf("GetPermission(%s): %v", g.Name, err)
		}
		kept = Record(kept, g.Name, Kept(g.Name, g.Permission, answer))
	}
	for _, u := range plan.UpdateInvitations {
		if _, err := a.UpdateInvitation(ctx, owner, repo, u.ID, u.Permissions); err != nil {
			t.Fatalf("UpdateInvitation(%d): %v", u.ID, err)
		}
	}
	for _, login := range plan.Remove {
		if err := a.RemoveCollaborator(ctx, owner, repo, login); err != nil {
			t.Fatalf("RemoveCollaborator(%s): %v", login, err)
		}
	}
	for _, c := range plan.Cancel {
		if err := a.DeleteInvitation(ctx, owner, repo, c.ID); err != nil {
			t.Fatalf("DeleteInvitation(%d): %v", c.ID, err)
		}
	}
	for _, slug := range plan.RemoveTeams {
		if err := a.RemoveTeamRepo(ctx, owner, slug, owner, repo); err != nil {
			t.Fatalf("RemoveTeamRepo(%s): %v", slug, err)
		}
	}
	return kept, false
}
