package emulator

import (
	"encoding/base64"
	"fmt"
	"strings"
	"time"
)

// principal is the caller behind a request's credentials.
type principal struct {
	user         *Account      // personal token
	installation *Installation // installation token
	appID        int64         // GitHub App JWT
}

// login is the account the principal acts as.
func (p *principal) login() string {
	switch {
	case p == nil:
		return ""
	case p.user != nil:
		return p.user.Login
	case p.installation != nil:
		return p.installation.Account
	}
	return ""
}

// rateKey names the primary rate-limit bucket of the principal.
func (p *principal) rateKey() string {
	switch {
	case p == nil:
		return ""
	case p.user != nil:
		return p.user.Login
	case p.installation != nil:
		return fmt.Sprintf("installation:%d", p.installation.ID)
	}
	return fmt.Sprintf("app:%d", p.appID)
}

// logName is how the request log names the principal.
func (p *principal) logName() string {
	if p == nil {
		return ""
	}
	if p.installation != nil || p.user == nil {
		return p.rateKey()
	}
	return p.user.Login
}

// credential extracts the credential from an Authorization header value. It
// accepts "token X", "Bearer X" and HTTP basic auth whose password is a token.
func credential(header string) string {
	header = strings.TrimSpace(header)
	scheme, rest, ok := strings.Cut(header, " ")
	if !ok {
		return ""
	}
	rest = strings.TrimSpace(rest)
	switch strings.ToLower(scheme) {
	case "token", "bearer":
		return rest
	case "basic":
		raw, err := base64.StdEncoding.DecodeString(rest)
		if err != nil {
			return ""
		}
		if _, pass, ok := strings.Cut(string(raw), ":"); ok {
			return pass
		}
	}
	return ""
}

// principalFor resolves a personal or installation token.
func (st *State) principalFor(cred string, now time.Time) (*principal, bool) {
	st.mu.RLock()
	defer st.mu.RUnlock()
	t, ok := st.w.tokens[cred]
	if !ok {
		return nil, false
	}
	if t.installation != 0 {
		in := st.w.installations[t.installation]
		if in == nil || !now.Before(t.expiresAt) {
			return nil, false
		}
		return &principal{installation: in}, true
	}
	u := st.w.account(t.login)
	if u == nil {
		return nil, false
	}
	return &principal{user: u}, true
}

// Access levels of a principal on a repository.
const (
	accessNone = iota
	accessRead
	accessWrite
	accessAdmin
)

// ownAccess computes what the principal may do with the repository by
// ownership, organization membership and installations; access adds the
// grants of the kinds living inside the repository.
func (w *world) ownAccess(p *principal, r *Repo) int {
	public := accessNone
	if r.Visibility == VisibilityPublic {
		public = accessRead
	}
	switch {
	case p == nil || (p.user == nil && p.installation == nil):
		return public
	case p.installation != nil:
		if !strings.EqualFold(p.installation.Account, r.Owner) {
			return public
		}
		perms := p.installation.Permissions
		switch {
		case perms["administration"] == "write":
			return accessAdmin
		case perms["contents"] == "write":
			return accessWrite
		}
		return accessRead
	}
	u := p.user
	if strings.EqualFold(u.Login, r.Owner) {
		return accessAdmin
	}
	owner := w.account(r.Owner)
	if owner == nil || !owner.IsOrg() {
		return public
	}
	role, member := owner.Members[strings.ToLower(u.Login)]
	if !member {
		return public
	}
	if role == RoleAdmin {
		return accessAdmin
	}
	acc := max(accessRead, w.teamAccess(u.Login, r))
	if t := w.teams[r.TeamID]; t != nil && r.TeamID != 0 && t.hasMember(u.Login) {
		acc = max(acc, accessWrite)
	}
	return acc
}

// canCreateIn reports whether the principal may create repositories owned by
// the account.
func (w *world) canCreateIn(p *principal, acct *Account) bool {
	if p == nil || acct == nil {
		return false
	}
	if p.installation != nil {
		return strings.EqualFold(p.installation.Account, acct.Login) &&
			p.installation.Permissions["administration"] == "write"
	}
	if p.user == nil {
		return false
	}
	if !acct.IsOrg() {
		return strings.EqualFold(p.user.Login, acct.Login)
	}
	role, member := acct.Members[strings.ToLower(p.user.Login)]
	return member && (role == RoleAdmin || acct.MembersCanCreateRepositories)
}

// isMember reports whether the principal belongs to the organization (or is
// an installation on it).
func (w *world) isMember(p *principal, org *Account) bool {
	if p == nil || org == nil {
		return false
	}
	if p.installation != nil {
		return strings.EqualFold(p.installation.Account, org.Login)
	}
	if p.user == nil {
		return false
	}
	_, ok := org.Members[strings.ToLower(p.user.Login)]
	return ok
}
