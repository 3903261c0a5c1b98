package emulator

import (
	"net/http"
	"sort"
	"strings"
)

func init() {
	registerKind("collaborators", (*Server).collaboratorRoutes)
	accessGrants = append(accessGrants, collaboratorAccess)
}

const docCollaborators = "https://docs.github.com/rest/collaborators/collaborators"

// collaboratorRoutes declares a repository's direct collaborators.
func (s *Server) collaboratorRoutes(t *routeTable) {
	const doc = docCollaborators
	t.repo("GET", "/collaborators", repoOp{auth: authRequired, need: accessRead, doc: doc + "#list-repository-collaborators"}, s.listCollaborators)
	t.repo("GET", "/collaborators/{username}", repoOp{auth: authRequired, need: accessRead, doc: doc + "#check-if-a-user-is-a-repository-collaborator"}, s.checkCollaborator)
	// "Once a repository is archived, you cannot add or remove
	// collaborators or teams" (GitHub's docs on archiving).
	t.repo("PUT", "/collaborators/{username}", repoOp{auth: authRequired, need: accessAdmin, write: true, doc: doc + "#add-a-repository-collaborator"}, s.putCollaborator)
	t.repo("DELETE", "/collaborators/{username}", repoOp{auth: authRequired, need: accessRead, write: true, doc: doc + "#remove-a-repository-collaborator"}, s.deleteCollaborator)
	t.repo("GET", "/collaborators/{username}/permission", repoOp{auth: authRequired, need: accessRead, doc: doc + "#get-repository-permissions-for-a-user"}, s.getCollaboratorPermission)
}

// repoCollaborators maps lower-cased logins of a repository's direct
// collaborators to their role (a repository role or a custom role name).
type repoCollaborators map[string]string

var collaboratorsOf = subKind[repoCollaborators]{name: "collaborators"}

// directRole is the user's role as a direct collaborator, "" if none.
func directRole(r *Repo, login string) string {
	if c := collaboratorsOf.peek(r); c != nil {
		return (*c)[strings.ToLower(login)]
	}
	return ""
}

// setDirectRole makes the user a direct collaborator with the role.
func setDirectRole(r *Repo, login, role string) {
	c := collaboratorsOf.of(r)
	if *c == nil {
		*c = repoCollaborators{}
	}
	(*c)[strings.ToLower(login)] = role
}

func collaboratorAccess(w *world, u *Account, r *Repo) int {
	return roleAccess(w.baseRole(r, directRole(r, u.Login)))
}

// affiliatedRole is the role the user holds as the repository's owner or a
// member of its owning organization, "" if neither.
func (w *world) affiliatedRole(u *Account, r *Repo) string {
	owner := w.account(r.Owner)
	if owner == nil {
		return ""
	}
	if _, member := owner.Members[strings.ToLower(u.Login)]; !strings.EqualFold(u.Login, owner.Login) && !(owner.IsOrg() && member) {
		return ""
	}
	return accessRole(w.ownAccess(&principal{user: u}, r))
}

// collaboratorRole is the user's role on the repository, "" when the user is
// no collaborator of any kind.
func (w *world) collaboratorRole(u *Account, r *Repo) string {
	return w.higherRole(r, w.affiliatedRole(u, r), directRole(r, u.Login))
}

// pushToView refuses readers without push access, as GitHub does for the
// collaborator list and check.
func pushToView(c *reqCtx, w *world, r *Repo) bool {
	if w.access(c.principal, r) < accessWrite {
		c.fail(http.StatusForbidden, "Must have push access to view repository collaborators.", c.doc)
		return false
	}
	return true
}

// archivedRole is the role GitHub reports for a user holding role on r: in
// an archived repository, every collaborator's is read
// (integrations/terraform-provider-github #153), whatever was granted.
func archivedRole(r *Repo, role string) string {
	if r.Archived && role != "" {
		return "read"
	}
	return role
}

// collaboratorJSON is GitHub's collaborator object.
type collaboratorJSON struct {
	simpleUser
	Permissions *permissionsJSON `json:"permissions,omitempty"`
	RoleName    string           `json:"role_name"`
}

func (c *reqCtx) renderCollaborator(w *world, r *Repo, a *Account, role string) collaboratorJSON {
	return collaboratorJSON{simpleUser: c.simpleUser(a), Permissions: rolePermissions(w.baseRole(r, role)), RoleName: role}
}

func (s *Server) listCollaborators(c *reqCtx, w *world, r *Repo) {
	if !pushToView(c, w, r) {
		return
	}
	q := c.r.URL.Query()
	affiliation := q.Get("affiliation")
	if affiliation == "" {
		affiliation = "all"
	}
	var wantRole string
	if p := q.Get("permission"); p != "" {
		wantRole = collaboratorRoles[p]
		if wantRole == "" {
			c.invalid("Validation Failed", fieldError{Resource: "Repository", Code: "invalid", Field: "permission"})
			return
		}
	}
	if affiliation != "all" && affiliation != "outside" && affiliation != "direct" {
		c.invalid("Validation Failed", fieldError{Resource: "Repository", Code: "invalid", Field: "affiliation"})
		return
	}
	owner := w.account(r.Owner)
	candidates := map[string]*Account{}
	if owner != nil && !owner.IsOrg() {
		candidates[strings.ToLower(owner.Login)] = owner
	}
	if owner != nil {
		for login := range owner.Members {
			if a := w.account(login); a != nil {
				candidates[login] = a
			}
		}
	}
	if direct := collaboratorsOf.peek(r); direct != nil {
		for login := range *direct {
			if a := w.account(login); a != nil {
				candidates[login] = a
			}
		}
	}
	var list []*Account
	for login, a := range candidates {
		role := w.collaboratorRole(a, r)
		_, member := owner.Members[login]
		isDirect := directRole(r, login) != "" || strings.EqualFold(login, r.Owner)
		switch {
		case role == "":
		case affiliation == "outside" && (member || !isDirect || strings.EqualFold(login, r.Owner)):
		case affiliation == "direct" && !isDirect:
		case wantRole != "" && w.baseRole(r, role) != wantRole:
		default:
			list = append(list, a)
		}
	}
	sort.Slice(list, func(i, j int) bool { return list[i].ID < list[j].ID })
	start, end := c.paginate(len(list))
	out := make([]collaboratorJSON, 0, end-start)
	for _, a := range list[start:end] {
		out = append(out, c.renderCollaborator(w, r, a, archivedRole(r, w.collaboratorRole(a, r))))
	}
	c.json(http.StatusOK, out)
}

func (s *Server) checkCollaborator(c *reqCtx, w *world, r *Repo) {
	if !pushToView(c, w, r) {
		return
	}
	u := w.account(c.params["username"])
	if u == nil || u.IsOrg() || w.collaboratorRole(u, r) == "" {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return
	}
	c.noContent()
}

// collaboratorPermissionJSON is GitHub's repository-collaborator-permission.
type collaboratorPermissionJSON struct {
	Permission string           `json:"permission"`
	RoleName   string           `json:"role_name"`
	User       collaboratorJSON `json:"user"`
}

func (s *Server) getCollaboratorPermission(c *reqCtx, w *world, r *Repo) {
	u := w.account(c.params["username"])
	if u == nil || u.IsOrg() {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return
	}
	role := archivedRole(r, w.higherRole(r, w.collaboratorRole(u, r), accessRole(w.access(&principal{user: u}, r))))
	roleName := role
	if roleName == "" {
		roleName = "none"
	}
	c.json(http.StatusOK, collaboratorPermissionJSON{Permission: rolePermission(w.baseRole(r, role)), RoleName: roleName, User: c.renderCollaborator(w, r, u, role)})
}

func (s *Server) putCollaborator(c *reqCtx, w *world, r *Repo) {
	m, ok := c.decode(false)
	if !ok {
		return
	}
	f := &fields{c: c, m: m}
	perm := f.str("permission")
	if f.failed {
		return
	}
	u := w.account(c.params["username"])
	if u == nil || u.IsOrg() {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return
	}
	owner := w.account(r.Owner)
	role := roleWrite
	if perm != nil {
		role = collaboratorRoles[*perm]
		if role == "" && owner.IsOrg() {
			role = w.customRole(owner.Login, *perm)
		}
		if role == "" {
			c.invalid("Validation Failed", fieldError{Resource: "Repository", Code: "custom", Field: "permission",
				Message: "permission must be one of pull, triage, push, maintain, admin or a custom repository role"})
			return
		}
		if !owner.IsOrg() && role != roleWrite {
			c.invalid("Validation Failed", fieldError{Resource: "Repository", Code: "custom",
				Message: "You can only update permissions on organization-owned repositories and their forks"})
			return
		}
	}
	if strings.EqualFold(u.Login, r.Owner) {
		c.invalid("Validation Failed", fieldError{Resource: "Repository", Code: "custom", Message: "Repository owner cannot be a collaborator"})
		return
	}
	_, member := owner.Members[strings.ToLower(u.Login)]
	if directRole(r, u.Login) != "" || (owner.IsOrg() && member) {
		setDirectRole(r, u.Login, role)
		c.noContent()
		return
	}
	inviter := c.principal.user
	if inviter == nil {
		inviter = owner
	}
	inv := invite(w, r, u, inviter, role, s.now())
	c.json(http.StatusCreated, c.renderInvitation(w, r, inv))
}

func (s *Server) deleteCollaborator(c *reqCtx, w *world, r *Repo) {
	u := w.account(c.params["username"])
	self := c.principal.user != nil && u != nil && strings.EqualFold(c.principal.user.Login, u.Login)
	if !self && w.access(c.principal, r) < accessAdmin {
		c.fail(http.StatusForbidden, "Must have admin rights to Repository.", c.doc)
		return
	}
	if u == nil || u.IsOrg() {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return
	}
	if direct := collaboratorsOf.peek(r); direct != nil {
		delete(*direct, strings.ToLower(u.Login))
	}
	c.noContent()
}
