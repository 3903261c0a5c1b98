package emulator

import (
	"net/http"
	"strconv"
	"strings"
)

func init() { registerKind("user invitations", (*Server).userInvitationRoutes) }

// userInvitationRoutes declares the repository invitations of the
// authenticated user, who accepts or declines them.
func (s *Server) userInvitationRoutes(t *routeTable) {
	const doc = docInvitations
	t.add("GET", "/user/repository_invitations", authRequired, doc+"#list-repository-invitations-for-the-authenticated-user", s.listUserInvitations)
	t.add("PATCH", "/user/repository_invitations/{invitation_id}", authRequired, doc+"#accept-a-repository-invitation", s.acceptInvitation)
	t.add("DELETE", "/user/repository_invitations/{invitation_id}", authRequired, doc+"#decline-a-repository-invitation", s.declineInvitation)
}

func (s *Server) listUserInvitations(c *reqCtx) {
	if c.principal.user == nil {
		c.fail(http.StatusForbidden, "Resource not accessible by integration", c.doc)
		return
	}
	s.state.mu.RLock()
	defer s.state.mu.RUnlock()
	w := s.state.w
	var list []*invitation
	repos := map[int64]*Repo{}
	for _, r := range w.repos {
		if l := invitationsOf.peek(r); l != nil {
			for _, inv := range *l {
				if strings.EqualFold(inv.Invitee, c.principal.user.Login) {
					list = append(list, inv)
					repos[inv.ID] = r
				}
			}
		}
	}
	c.answerInvitations(w, repos, list)
}

// ownInvitation finds the authenticated user's invitation of the path, or
// answers: 403 to an installation, 404 for anyone else's, an unknown or
// (unless expiredOK) an expired invitation. The caller holds the write lock.
func (s *Server) ownInvitation(c *reqCtx, expiredOK bool) (*Repo, *invitation) {
	if c.principal.user == nil {
		c.fail(http.StatusForbidden, "Resource not accessible by integration", c.doc)
		return nil, nil
	}
	id, err := strconv.ParseInt(c.params["invitation_id"], 10, 64)
	if err == nil {
		r, inv := s.state.w.findInvitation(id)
		if inv != nil && (expiredOK || !inv.Expired) && strings.EqualFold(inv.Invitee, c.principal.user.Login) {
			return r, inv
		}
	}
	c.fail(http.StatusNotFound, "Not Found", c.doc)
	return nil, nil
}

func (s *Server) acceptInvitation(c *reqCtx) {
	s.state.mu.Lock()
	defer s.state.mu.Unlock()
	r, inv := s.ownInvitation(c, false)
	if inv == nil {
		return
	}
	dropInvitation(r, inv.ID)
	setDirectRole(r, inv.Invitee, inv.Role)
	c.noContent()
}

func (s *Server) declineInvitation(c *reqCtx) {
	s.state.mu.Lock()
	defer s.state.mu.Unlock()
	r, inv := s.ownInvitation(c, true)
	if inv == nil {
		return
	}
	dropInvitation(r, inv.ID)
	c.noContent()
}
