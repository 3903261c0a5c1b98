package integration

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// quiet waits a few poll intervals and fails when the provider wrote to
// the repository's collaborators or invitations meanwhile: a resource
// GitHub accepted must not be updated again.
func quiet(f *fixture, what string) {
	f.t.Helper()
	before := f.accessWrites()
	time.Sleep(3 * pollInterval)
	if n := f.accessWrites() - before; n != 0 {
		f.t.Errorf("%s: %d writes to GitHub in 3 polls, want none (an update loop)", what, n)
	}
}

// An organization member is added at once (204): Ready without an
// invitation; deleting the resource removes the collaborator.
func TestCollaboratorMemberAddedAtOnce(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newCollabFixture(t)
		c := f.createCollaborator(s, "member", "Member-User", "push")
		got := waitReady(f, c)
		if r := f.role("member-user"); r != "write" {
			t.Errorf("member-user's role on GitHub: %q, want write", r)
		}
		if inv := f.invitations(); len(inv) != 0 {
			t.Errorf("want no invitation for an organization member, got %+v", inv)
		}
		// The status is asynchronous: wait for it (a stressed make test
		// once read "read" in the copy that first showed Ready).
		f.eventually("status.atProvider.permission write", func() string {
			if p := ptr.Deref(get(f, c).Observation().Permission, ""); p != "write" {
				return fmt.Sprintf("status.atProvider.permission: %q, want write", p)
			}
			return ""
		})
		if ext := got.GetAnnotations()["crossplane.io/external-name"]; ext != "member-user" {
			t.Errorf("external name %q, want member-user", ext)
		}
		quiet(f, "member push, reported write")

		f.must(kube.Delete(f.ctx, got))
		f.eventually("removed on GitHub and in Kubernetes", func() string {
			if d := f.direct(); slices.Contains(d, "member-user") {
				return fmt.Sprintf("still a direct collaborator: %v", d)
			}
			if err := kube.Get(f.ctx, s.key(f, "member"), fresh(c)); !kerrors.IsNotFound(err) {
				return "Collaborator still there"
			}
			return ""
		})
	})
}

// A user outside the organization is invited: the resource says so,
// poll after poll, without inviting again; once the user accepts with
// their own token it is Ready.
func TestCollaboratorInvitationAccepted(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newCollabFixture(t)
		c := f.createCollaborator(s, "outsider", "other-user", "pull")
		got := waitPending(f, c)
		msg := got.GetCondition(xpv2.TypeReady).Message
		if !strings.Contains(msg, "other-user has not accepted the invitation to demo-org/app sent 20") {
			t.Errorf("InvitationPending message %q: want it to name the user, the repository and when it was sent", msg)
		}
		invs := f.invitations()
		if len(invs) != 1 || invs[0].Permissions != "read" || invs[0].Invitee.Login != "other-user" {
			t.Fatalf("want one invitation of other-user to read, got %+v", invs)
		}
		if inv := got.Observation().Invitation; inv == nil || inv.ID != invs[0].ID || inv.Permission != "read" {
			t.Errorf("status.atProvider.invitation: %+v, want invitation %d offering read", inv, invs[0].ID)
		}

		quiet(f, "pending invitation")
		if now := get(f, c).GetCondition(xpv2.TypeReady); now.Reason != "InvitationPending" || now.Message != msg {
			t.Errorf("after 3 polls Ready is %s (%s), want InvitationPending with the same message", now.Reason, now.Message)
		}

		f.ghMust(http.StatusNoContent, "other-token", http.MethodPatch, fmt.Sprintf("/user/repository_invitations/%d", invs[0].ID), "")
		got = waitReady(f, c)
		if p := ptr.Deref(got.Observation().Permission, ""); p != "read" || got.Observation().Invitation != nil {
			t.Errorf("status.atProvider after accepting: %+v, want permission read and no invitation", got.Observation())
		}
		quiet(f, "accepted pull, reported read")
	})
}

// An invitation changed on GitHub is changed back; a collaborator's
// permission changed on GitHub is changed back.
func TestCollaboratorDriftCorrected(t *testing.T) {
	t.Run("Invitation", func(t *testing.T) {
		forEachScope(t, func(t *testing.T, s scope) {
			f := newCollabFixture(t)
			waitPending(f, f.createCollaborator(s, "drifty-invite", "other-user", "push"))
			id := f.invitations()[0].ID
			f.ghMust(http.StatusOK, goodToken, http.MethodPatch, fmt.Sprintf("/repos/demo-org/app/invitations/%d", id), `{"permissions":"admin"}`)
			f.eventually("invitation back at write", func() string {
				invs := f.invitations()
				if len(invs) != 1 || invs[0].ID != id || invs[0].Permissions != "write" {
					return fmt.Sprintf("invitations: %+v", invs)
				}
				return ""
			})
		})
	})
	t.Run("Collaborator", func(t *testing.T) {
		forEachScope(t, func(t *testing.T, s scope) {
			f := newCollabFixture(t)
			waitReady(f, f.createCollaborator(s, "drifty", "member-user", "triage"))
			f.ghMust(http.StatusNoContent, goodToken, http.MethodPut, "/repos/demo-org/app/collaborators/member-user", `{"permission":"admin"}`)
			f.eventually("role back at triage", func() string {
				if r := f.role("member-user"); r != "triage" {
					return "role " + r
				}
				return ""
			})
		})
	})
	t.Run("PermissionChangedInSpec", func(t *testing.T) {
		forEachScope(t, func(t *testing.T, s scope) {
			f := newCollabFixture(t)
			c := waitReady(f, f.createCollaborator(s, "promoted", "member-user", "pull"))
			update(f, c, func(c collabObject) { c.Parameters().Permission = ptr.To("maintain") })
			f.eventually("role maintain", func() string {
				if r := f.role("member-user"); r != "maintain" {
					return "role " + r
				}
				return ""
			})
		})
	})
}

// An invitation that expires, or that the user declines, is sent again.
func TestCollaboratorInvitationSentAgain(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newCollabFixture(t)
		c := waitPending(f, f.createCollaborator(s, "patient", "other-user", "maintain"))
		first := f.invitations()[0].ID
		f.must(f.emu.State().ExpireInvitation(first))
		second := f.waitNewInvitation(first)
		f.waitEvent(c, "InvitedAgain", "expired")

		f.ghMust(http.StatusNoContent, "other-token", http.MethodDelete, fmt.Sprintf("/user/repository_invitations/%d", second), "")
		third := f.waitNewInvitation(second)
		waitPending(f, c)
		f.ghMust(http.StatusNoContent, "other-token", http.MethodPatch, fmt.Sprintf("/user/repository_invitations/%d", third), "")
		waitReady(f, c)
		if r := f.role("other-user"); r != "maintain" {
			t.Errorf("other-user's role after accepting: %q, want maintain", r)
		}
	})
}

// waitNewInvitation waits for demo-org/app to have exactly one invitation,
// pending, other than old, and returns its id.
func (f *fixture) waitNewInvitation(old int64) int64 {
	f.t.Helper()
	var id int64
	f.eventually(fmt.Sprintf("an invitation other than %d", old), func() string {
		invs := f.invitations()
		if len(invs) != 1 || invs[0].ID == old || invs[0].Expired {
			return fmt.Sprintf("invitations: %+v", invs)
		}
		id = invs[0].ID
		return ""
	})
	return id
}

// Deleting a resource whose user has not accepted withdraws the
// invitation.
func TestCollaboratorDeleteWithdrawsInvitation(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newCollabFixture(t)
		c := waitPending(f, f.createCollaborator(s, "withdrawn", "other-user", "push"))
		f.must(kube.Delete(f.ctx, c))
		f.eventually("invitation withdrawn and resource gone", func() string {
			if invs := f.invitations(); len(invs) != 0 {
				return fmt.Sprintf("invitations: %+v", invs)
			}
			if err := kube.Get(f.ctx, s.key(f, "withdrawn"), fresh(c)); !kerrors.IsNotFound(err) {
				return "Collaborator still there"
			}
			return ""
		})
	})
}

// An organization owner's admin role cannot be lowered: the resource is
// Ready, says so, and does not ask GitHub again on every poll.
func TestCollaboratorOwnerRoleKept(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newCollabFixture(t)
		c := f.createCollaborator(s, "owner", "demo-user", "pull")
		f.eventually("keptPermission recorded", func() string {
			got := get(f, c)
			if k := got.Observation().KeptPermission; k == nil || k.Granted != "pull" || k.Reported != "admin" {
				return fmt.Sprintf("status.atProvider: %+v", got.Observation())
			}
			return ""
		})
		waitReady(f, c)
		f.waitEvent(c, "PermissionKeptByGitHub", "reports role admin")
		quiet(f, "organization owner kept at admin")
	})
}

// A Collaborator follows a Repository resource named by repositoryRef.
func TestCollaboratorOfRepositoryRef(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newCollabFixture(t)
		f.create(s, "team-repo", common.RepositoryParameters{Visibility: ptr.To("private")})
		c := collaborators.In(s.of)
		*c.Parameters() = common.CollaboratorParameters{
			RepositoryTarget: common.RepositoryTarget{RepositoryRef: &xpv2.Reference{Name: s.key(f, "team-repo").Name}},
			Username:         "member-user",
			Permission:       ptr.To("maintain"),
		}
		c = create(f, s, c, "by-ref")
		got := waitReady(f, c)
		if r := ptr.Deref(got.Observation().Repository, ""); r != "demo-org/team-repo" {
			t.Errorf("status.atProvider.repository: %q, want demo-org/team-repo", r)
		}
	})
}

// A custom role of the organization is granted by its name, matched
// without regard to case: neither the invitation (which GitHub reports as
// the role's base role) nor the accepted role is granted again.
func TestCollaboratorCustomRole(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newCollabFixture(t)
		f.must(f.emu.State().AddRepositoryRole(owner, "deployer", "write"))
		member := f.createCollaborator(s, "deployer-member", "member-user", "Deployer")
		invited := f.createCollaborator(s, "deployer-invited", "other-user", "Deployer")
		waitReady(f, member)
		if r := f.role("member-user"); r != "deployer" {
			t.Errorf("member-user's role: %q, want deployer", r)
		}
		waitPending(f, invited)
		quiet(f, "custom role granted and invited")
		invs := f.invitations()
		if len(invs) != 1 {
			t.Fatalf("want one invitation, got %+v", invs)
		}
		f.ghMust(http.StatusNoContent, "other-token", http.MethodPatch, fmt.Sprintf("/user/repository_invitations/%d", invs[0].ID), "")
		waitReady(f, invited)
		if r := f.role("other-user"); r != "deployer" {
			t.Errorf("other-user's role after accepting: %q, want deployer", r)
		}
		quiet(f, "custom role accepted")
	})
}
