package emulator

import (
	"fmt"
	"strings"
)

// What the invitee of an organization invitation does with it, on the
// control surface: POST /_emulator/orgs/{org}/invitations/{login}/{answer}.
const (
	// AnswerAccept joins the organization (and the invitation's teams).
	AnswerAccept = "accept"
	// AnswerDecline declines it: it goes to the failed invitations.
	AnswerDecline = "decline"
	// AnswerExpire lets it expire, as GitHub does after seven days: it goes
	// to the failed invitations.
	AnswerExpire = "expire"
)

// AnswerOrgInvitation does what the invitee of the pending invitation of
// login to org does: accept, decline, or let it expire (answer).
func (st *State) AnswerOrgInvitation(org, login, answer string) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	w := st.w
	o := w.account(org)
	if o == nil || !o.IsOrg() {
		return fmt.Errorf("no organization %s", org)
	}
	inv := pendingInvitation(o, login)
	if inv == nil {
		return fmt.Errorf("%s has no pending invitation to %s", login, org)
	}
	switch answer {
	case AnswerAccept:
		w.acceptInvitation(o, inv)
	case AnswerDecline:
		dropOrgInvitation(o, inv, failedDeclined, st.now())
	case AnswerExpire:
		dropOrgInvitation(o, inv, failedExpired, st.now())
	default:
		return fmt.Errorf("unknown answer %q: accept, decline or expire", answer)
	}
	return nil
}

// orgInvitationControl parses the control path
// /orgs/{org}/invitations/{login}/{answer}.
func orgInvitationControl(path string) (org, login, answer string, ok bool) {
	parts := strings.Split(strings.TrimPrefix(path, "/"), "/")
	if len(parts) != 5 || parts[0] != "orgs" || parts[2] != "invitations" {
		return "", "", "", false
	}
	return parts[1], parts[3], parts[4], true
}
