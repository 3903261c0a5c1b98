package emulator

import (
	"sort"
	"strings"
	"time"
)

// Organization invitation roles, as the invitation objects write them.
const (
	inviteRoleAdmin  = "admin"
	inviteRoleMember = "direct_member"
)

// Why an organization invitation failed, as GitHub writes it in
// failed_reason.
const (
	failedExpired  = "Invitation expired. User did not accept this invite for 7 days"
	failedDeclined = "Invitation declined by user"
)

// orgInvitation is an invitation to join an organization: sent by a
// membership PUT for a user who is no member (role admin or direct_member),
// or by a team membership PUT (role direct_member), with the teams the
// user joins on accepting.
type orgInvitation struct {
	ID        int64
	Login     string // the invitee's login, as GitHub spells it
	Role      string // inviteRoleAdmin or inviteRoleMember
	Inviter   string // the login of who sent it
	CreatedAt time.Time
	// Teams maps team ids to the team role the user gets on accepting.
	Teams map[int64]string
	// FailedAt and FailedReason are set once it expired or was declined.
	FailedAt     time.Time
	FailedReason string
}

// orgInvitations are an organization's invitations: pending, and failed
// (expired or declined), newest last.
type orgInvitations struct {
	pending []*orgInvitation
	failed  []*orgInvitation
}

var orgInvitationsOf = orgKind[orgInvitations]{name: "org-invitations"}

// pendingInvitation is the user's pending invitation to org, or nil.
func pendingInvitation(org *Account, login string) *orgInvitation {
	invs := orgInvitationsOf.peek(org)
	if invs == nil {
		return nil
	}
	for _, inv := range invs.pending {
		if strings.EqualFold(inv.Login, login) {
			return inv
		}
	}
	return nil
}

// invite sends user an invitation to org with role (an invitation role),
// or returns the pending one. The caller holds the write lock.
func (w *world) invite(org, user *Account, role, inviter string, now time.Time) *orgInvitation {
	if inv := pendingInvitation(org, user.Login); inv != nil {
		return inv
	}
	inv := &orgInvitation{ID: w.newID("org-invitation", 5100001), Login: user.Login, Role: role, Inviter: inviter, CreatedAt: now, Teams: map[int64]string{}}
	invs := orgInvitationsOf.of(org)
	invs.pending = append(invs.pending, inv)
	return inv
}

// dropOrgInvitation takes inv out of org's pending invitations; with a
// reason, it goes to the failed ones.
func dropOrgInvitation(org *Account, inv *orgInvitation, reason string, now time.Time) {
	invs := orgInvitationsOf.of(org)
	for i, p := range invs.pending {
		if p == inv {
			invs.pending = append(invs.pending[:i], invs.pending[i+1:]...)
			break
		}
	}
	if reason != "" {
		inv.FailedAt, inv.FailedReason = now, reason
		invs.failed = append(invs.failed, inv)
	}
}

// acceptInvitation makes the invitee a member of org in the invitation's
// role and of its teams. The caller holds the write lock.
func (w *world) acceptInvitation(org *Account, inv *orgInvitation) {
	role := RoleMember
	if inv.Role == inviteRoleAdmin {
		role = RoleAdmin
	}
	login := strings.ToLower(inv.Login)
	org.Members[login] = role
	for id, teamRole := range inv.Teams {
		if t := w.teams[id]; t != nil {
			t.Members[login] = teamRole
		}
	}
	dropOrgInvitation(org, inv, "", time.Time{})
}

// removeMember takes the user out of org and every team of org, and takes
// the organization roles they hold away from them.
func (w *world) removeMember(org *Account, login string) {
	login = strings.ToLower(login)
	delete(org.Members, login)
	dropUserRoles(org, login)
	for _, t := range w.teamsOf(org.Login) {
		delete(t.Members, login)
	}
}

// admins counts org's owners.
func admins(org *Account) int {
	n := 0
	for _, role := range org.Members {
		if role == RoleAdmin {
			n++
		}
	}
	return n
}

// membersOf lists org's members with role ("" for all), ordered by
// login, as accounts.
func (w *world) membersOf(org *Account, role string) []*Account {
	var out []*Account
	for login, r := range org.Members {
		if a := w.account(login); a != nil && (role == "" || r == role) {
			out = append(out, a)
		}
	}
	sortAccounts(out)
	return out
}

// sortAccounts orders accounts by login, as GitHub lists members.
func sortAccounts(as []*Account) {
	sort.Slice(as, func(i, j int) bool { return strings.ToLower(as[i].Login) < strings.ToLower(as[j].Login) })
}
