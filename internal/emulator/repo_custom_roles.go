package emulator

import (
	"fmt"
	"strings"
)

// AddRepositoryRole defines a custom repository role of an organization,
// which grants what its base role (read, triage, write or maintain) grants;
// PUT .../collaborators/{username} accepts its name as the permission on the
// organization's repositories.
func (st *State) AddRepositoryRole(org, name, baseRole string) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	w := st.w
	if a := w.account(org); a == nil || !a.IsOrg() {
		return fmt.Errorf("no organization %q", org)
	}
	if name == "" || roleRank[name] != 0 || collaboratorRoles[name] != "" {
		return fmt.Errorf("custom role name %q is empty or a built-in role", name)
	}
	if baseRole == roleAdmin || roleRank[baseRole] == 0 {
		return fmt.Errorf("base role %q is not one of read, triage, write, maintain", baseRole)
	}
	if w.repoRoles == nil {
		w.repoRoles = map[string]map[string]string{}
	}
	roles := w.repoRoles[strings.ToLower(org)]
	if roles == nil {
		roles = map[string]string{}
		w.repoRoles[strings.ToLower(org)] = roles
	}
	roles[strings.ToLower(name)] = baseRole
	return nil
}

// customRole is the organization's custom role of that name as it was
// defined, "" if there is none.
func (w *world) customRole(org, name string) string {
	if _, ok := w.repoRoles[strings.ToLower(org)][strings.ToLower(name)]; ok {
		return strings.ToLower(name)
	}
	return ""
}

// baseRole is the built-in role a role grants: itself, or a custom role's
// base role in the repository's organization; "" for none.
func (w *world) baseRole(r *Repo, role string) string {
	if roleRank[role] != 0 || role == "" {
		return role
	}
	return w.repoRoles[strings.ToLower(r.Owner)][strings.ToLower(role)]
}
