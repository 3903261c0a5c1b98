package emulator

import (
	"net/http"
	"strings"
)

// orgOp describes the access rules of an organization-scoped operation.
type orgOp struct {
	auth int
	// need is what a user must be in the organization: accessRead any
	// member, accessAdmin an owner.
	need int
	// refused is GitHub's 403 message for a member below need (custom
	// properties: members read, owners write); "" answers 404 Not Found,
	// as GitHub does for everything about an organization's webhooks.
	refused string
	// perm is the organization permission a GitHub App's installation on
	// the organization needs ("organization_hooks"): read for a read,
	// write for a write; "" where GitHub does not let Apps use the
	// operation.
	perm  string
	write bool // takes the write lock
	doc   string
}

// org declares an organization-scoped operation under /orgs/{org}<suffix>.
// The wrapper finds the organization, whatever case the path writes its
// login in, and answers 404 for a login that is no organization's (a
// user's too, as GitHub does) and for a caller who is neither one of its
// members nor an installation on it; it enforces the operation's access
// before calling h with the state lock held.
func (t *routeTable) org(method, suffix string, op orgOp, h func(*reqCtx, *world, *Account)) {
	s := t.s
	t.add(method, "/orgs/{org}"+suffix, op.auth, op.doc, func(c *reqCtx) {
		st := s.state
		unlock := st.lock(op.write)
		defer unlock()
		w := st.w
		org := w.account(c.params["org"])
		if org == nil || !org.IsOrg() || !w.isMember(c.principal, org) {
			c.fail(http.StatusNotFound, "Not Found", op.doc)
			return
		}
		if status, msg := op.refusal(c.principal, org); status != 0 {
			c.fail(status, msg, op.doc)
			return
		}
		h(c, w, org)
	})
}

// refusal is GitHub's answer when the operation is not for the principal,
// a member of the organization or an installation on it: 404 or the
// operation's 403 for a member below need, 403 for an installation without
// the permission; status 0 when the principal may go on.
func (op orgOp) refusal(p *principal, org *Account) (status int, msg string) {
	if in := p.installation; in != nil {
		level := in.Permissions[op.perm]
		if op.perm == "" || (level != "read" && level != "write" && level != "admin") || (op.write && level == "read") {
			return http.StatusForbidden, "Resource not accessible by integration"
		}
		return 0, ""
	}
	role := accessRead
	if org.Members[strings.ToLower(p.user.Login)] == RoleAdmin {
		role = accessAdmin
	}
	switch {
	case role >= op.need:
		return 0, ""
	case op.refused != "":
		return http.StatusForbidden, op.refused
	}
	return http.StatusNotFound, "Not Found"
}
