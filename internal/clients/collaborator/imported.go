package collaborator

import (
	"strings"

	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// requestWords maps the built-in roles, in role_name's words, to the words
// the spec takes (GitHub's requests').
var requestWords = map[string]string{"read": "pull", "triage": "triage", "write": "push", "maintain": "maintain", "admin": "admin"}

// ImportedPermission is the spec's permission for a role as GitHub
// reports it (role_name, or an invitation's permissions): a built-in role
// in the words requests take (read is pull, write is push), a custom role
// by its name as GitHub spells it; "" for no role.
func ImportedPermission(role string) string {
	r := Role(role)
	if w, ok := requestWords[r]; ok {
		return w
	}
	if r == "" {
		return ""
	}
	return strings.TrimSpace(role)
}

// Imported is the spec of a Collaborator resource for the user login,
// whom GitHub reports with role (a direct collaborator's role_name, or
// the role a pending invitation offers), as it is (its repository is the
// importer's to name): the username, and the permission when it is not
// push, the spec's default.
func Imported(login, role string) v1alpha1.CollaboratorParameters {
	p := v1alpha1.CollaboratorParameters{Username: login}
	if w := ImportedPermission(role); w != "" && w != DefaultPermission {
		p.Permission = ptr.To(w)
	}
	return p
}
