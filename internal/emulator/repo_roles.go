package emulator

// Repository roles as GitHub names them in role_name and in an invitation's
// permissions, from least to most.
const (
	roleRead     = "read"
	roleTriage   = "triage"
	roleWrite    = "write"
	roleMaintain = "maintain"
	roleAdmin    = "admin"
)

// roleRank orders the roles; a role it does not know ranks 0.
var roleRank = map[string]int{roleRead: 1, roleTriage: 2, roleWrite: 3, roleMaintain: 4, roleAdmin: 5}

// collaboratorRoles maps the permission of PUT .../collaborators/{username}
// (pull, triage, push, maintain, admin) to the role it grants.
var collaboratorRoles = map[string]string{
	"pull": roleRead, "triage": roleTriage, "push": roleWrite, "maintain": roleMaintain, "admin": roleAdmin,
}

// higherRole is the higher of two roles ("" is none); a custom role ranks
// as its base role.
func (w *world) higherRole(r *Repo, a, b string) string {
	if roleRank[w.baseRole(r, b)] > roleRank[w.baseRole(r, a)] {
		return b
	}
	return a
}

// roleAccess is the access level a role gives.
func roleAccess(role string) int {
	switch role {
	case roleAdmin:
		return accessAdmin
	case roleWrite, roleMaintain:
		return accessWrite
	case roleRead, roleTriage:
		return accessRead
	}
	return accessNone
}

// accessRole is the role an access level stands for.
func accessRole(acc int) string {
	switch acc {
	case accessAdmin:
		return roleAdmin
	case accessWrite:
		return roleWrite
	case accessRead:
		return roleRead
	}
	return ""
}

// rolePermission is the role in the words of the permission endpoint:
// admin, write, read or none.
func rolePermission(role string) string {
	switch role {
	case roleAdmin:
		return "admin"
	case roleWrite, roleMaintain:
		return "write"
	case roleRead, roleTriage:
		return "read"
	}
	return "none"
}

// rolePermissions is the permissions object of a collaborator with the role.
func rolePermissions(role string) *permissionsJSON {
	n := roleRank[role]
	return &permissionsJSON{
		Pull: n >= roleRank[roleRead], Triage: n >= roleRank[roleTriage], Push: n >= roleRank[roleWrite],
		Maintain: n >= roleRank[roleMaintain], Admin: n >= roleRank[roleAdmin],
	}
}
