package emulator

import (
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"
)

func init() { registerKind("invitations", (*Server).invitationRoutes) }

const docInvitations = "https://docs.github.com/rest/collaborators/invitations"

// invitationRoutes declares a repository's pending invitations as its admins
// see them; user_invitations.go serves them to the invitee.
func (s *Server) invitationRoutes(t *routeTable) {
	const doc = docInvitations
	t.repo("GET", "/invitations", repoOp{auth: authRequired, need: accessAdmin, doc: doc + "#list-repository-invitations"}, s.listRepoInvitations)
	t.repo("PATCH", "/invitations/{invitation_id}", repoOp{auth: authRequired, need: accessAdmin, write: true, archivedOK: true, doc: doc + "#update-a-repository-invitation"}, s.patchRepoInvitation)
	t.repo("DELETE", "/invitations/{invitation_id}", repoOp{auth: authRequired, need: accessAdmin, write: true, archivedOK: true, doc: doc + "#delete-a-repository-invitation"}, s.deleteRepoInvitation)
}

// invitation is a pending invitation to become a repository's collaborator.
type invitation struct {
	ID        int64
	Invitee   string // login
	Inviter   string // login
	Role      string
	CreatedAt time.Time
	Expired   bool
}

// repoInvitations are a repository's pending invitations, oldest first.
type repoInvitations []*invitation

var invitationsOf = subKind[repoInvitations]{name: "invitations"}

// invite creates the user's invitation to the repository, or gives the
// user's pending one the role; an expired one is replaced.
func invite(w *world, r *Repo, u, inviter *Account, role string, now time.Time) *invitation {
	list := invitationsOf.of(r)
	for i, inv := range *list {
		if !strings.EqualFold(inv.Invitee, u.Login) {
			continue
		}
		if !inv.Expired {
			inv.Role = role
			return inv
		}
		*list = append((*list)[:i], (*list)[i+1:]...)
		break
	}
	w.invitationSeq++
	inv := &invitation{ID: w.invitationSeq, Invitee: u.Login, Inviter: inviter.Login, Role: role, CreatedAt: now}
	*list = append(*list, inv)
	return inv
}

// findInvitation finds an invitation in any repository.
func (w *world) findInvitation(id int64) (*Repo, *invitation) {
	for _, r := range w.repos {
		if list := invitationsOf.peek(r); list != nil {
			for _, inv := range *list {
				if inv.ID == id {
					return r, inv
				}
			}
		}
	}
	return nil, nil
}

// dropInvitation removes an invitation from its repository.
func dropInvitation(r *Repo, id int64) {
	list := invitationsOf.of(r)
	for i, inv := range *list {
		if inv.ID == id {
			*list = append((*list)[:i], (*list)[i+1:]...)
			return
		}
	}
}

// invitationJSON is GitHub's repository-invitation object.
type invitationJSON struct {
	ID          int64       `json:"id"`
	NodeID      string      `json:"node_id"`
	Repository  *repoJSON   `json:"repository"`
	Invitee     *simpleUser `json:"invitee"`
	Inviter     *simpleUser `json:"inviter"`
	Permissions string      `json:"permissions"`
	CreatedAt   string      `json:"created_at"`
	Expired     bool        `json:"expired"`
	URL         string      `json:"url"`
	HTMLURL     string      `json:"html_url"`
}

func (c *reqCtx) renderInvitation(w *world, r *Repo, inv *invitation) invitationJSON {
	user := func(login string) *simpleUser {
		if a := w.account(login); a != nil {
			u := c.simpleUser(a)
			return &u
		}
		return nil
	}
	return invitationJSON{
		ID: inv.ID, NodeID: nodeID("RI", inv.ID),
		Repository: c.renderRepo(w, r, renderList),
		Invitee:    user(inv.Invitee), Inviter: user(inv.Inviter),
		Permissions: w.baseRole(r, inv.Role), CreatedAt: ts(inv.CreatedAt), Expired: inv.Expired,
		URL:     c.apiBase + "/user/repository_invitations/" + strconv.FormatInt(inv.ID, 10),
		HTMLURL: c.webBase + "/" + r.FullName() + "/invitations",
	}
}

// answerInvitations answers one page of invitations, by id.
func (c *reqCtx) answerInvitations(w *world, repos map[int64]*Repo, list []*invitation) {
	sort.Slice(list, func(i, j int) bool { return list[i].ID < list[j].ID })
	start, end := c.paginate(len(list))
	out := make([]invitationJSON, 0, end-start)
	for _, inv := range list[start:end] {
		out = append(out, c.renderInvitation(w, repos[inv.ID], inv))
	}
	c.json(http.StatusOK, out)
}

func (s *Server) listRepoInvitations(c *reqCtx, w *world, r *Repo) {
	var list []*invitation
	repos := map[int64]*Repo{}
	if l := invitationsOf.peek(r); l != nil {
		for _, inv := range *l {
			list = append(list, inv)
			repos[inv.ID] = r
		}
	}
	c.answerInvitations(w, repos, list)
}

// repoInvitation finds the invitation of the path in the repository, or
// answers 404.
func repoInvitation(c *reqCtx, r *Repo) *invitation {
	id, err := strconv.ParseInt(c.params["invitation_id"], 10, 64)
	if l := invitationsOf.peek(r); err == nil && l != nil {
		for _, inv := range *l {
			if inv.ID == id {
				return inv
			}
		}
	}
	c.fail(http.StatusNotFound, "Not Found", c.doc)
	return nil
}

func (s *Server) patchRepoInvitation(c *reqCtx, w *world, r *Repo) {
	m, ok := c.decode(false)
	if !ok {
		return
	}
	f := &fields{c: c, m: m}
	perm := f.str("permissions")
	if f.failed {
		return
	}
	inv := repoInvitation(c, r)
	if inv == nil {
		return
	}
	if perm != nil {
		if roleRank[*perm] == 0 {
			c.invalid("Validation Failed", fieldError{Resource: "RepositoryInvitation", Code: "invalid", Field: "permissions"})
			return
		}
		inv.Role = *perm
	}
	c.json(http.StatusOK, c.renderInvitation(w, r, inv))
}

func (s *Server) deleteRepoInvitation(c *reqCtx, w *world, r *Repo) {
	if inv := repoInvitation(c, r); inv != nil {
		dropInvitation(r, inv.ID)
		c.noContent()
	}
}
