// Package collaborator maps a Collaborator's parameters to GitHub's
// requests and GitHub's answers to its observation, and compares the two
// the way GitHub does: logins and custom role names without regard to case,
// and a permission in the words GitHub's requests take (pull, push) equal
// to the role in the words its answers use (read, write).
package collaborator

import (
	"strings"

	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// DefaultPermission is the permission GitHub grants when a request names
// none, and the spec's default.
const DefaultPermission = "push"

// roles maps every word GitHub uses for a built-in role, in requests
// (pull, push) and in answers (read, write), to the answers' word.
var roles = map[string]string{
	"pull": "read", "read": "read",
	"triage": "triage",
	"push":   "write", "write": "write",
	"maintain": "maintain",
	"admin":    "admin",
}

// coarse maps a built-in role to the level GitHub's permission field
// reports: read, write or admin.
var coarse = map[string]string{"read": "read", "triage": "read", "write": "write", "maintain": "write", "admin": "admin"}

// Permission is the permission the parameters ask for.
func Permission(p *v1alpha1.CollaboratorParameters) string {
	return ptr.Deref(p.Permission, DefaultPermission)
}

// Role is a permission or role in the words of GitHub's answers' role_name:
// read, triage, write, maintain or admin; a custom role's name in lower
// case (GitHub matches them without regard to case); "" for none.
func Role(word string) string {
	w := strings.ToLower(strings.TrimSpace(word))
	if r, ok := roles[w]; ok {
		return r
	}
	if w == "none" {
		return ""
	}
	return w
}

// BuiltIn tells whether a permission is one of GitHub's built-in roles
// rather than a custom role's name.
func BuiltIn(permission string) bool {
	_, ok := roles[strings.ToLower(strings.TrimSpace(permission))]
	return ok
}

// A Reported role is what GitHub answers for a user on a repository.
type Reported struct {
	// Role in role_name's words, "" for none.
	Role string
	// Coarse is true when GitHub reported only the coarse level (read,
	// write or admin): servers older than role_name answer so.
	Coarse bool
}

// ReportedRole is the role a permission answer reports: role_name, or the
// coarse permission where role_name is missing.
func ReportedRole(a *github.CollaboratorPermission) Reported {
	if a.RoleName != "" {
		return Reported{Role: Role(a.RoleName)}
	}
	return Reported{Role: Role(a.Permission), Coarse: true}
}

// Matches tells whether GitHub reports the role the permission asks for:
// push is write, pull is read, a custom role's name matches without regard
// to case. Against a coarse answer a built-in role matches its level, and
// a custom role cannot be told apart, so it matches any access.
func Matches(permission string, r Reported) bool {
	want := Role(permission)
	if !r.Coarse {
		return want != "" && want == r.Role
	}
	if !BuiltIn(permission) {
		return r.Role != ""
	}
	return coarse[want] == r.Role
}

// UpToDate tells whether the user's reported role satisfies the
// permission: it matches, or GitHub kept that role after granting this
// very permission (see v1alpha1.KeptPermission). It returns the record of
// a kept role that still holds, nil otherwise.
func UpToDate(permission string, r Reported, kept *v1alpha1.KeptPermission) (bool, *v1alpha1.KeptPermission) {
	if Matches(permission, r) {
		return true, nil
	}
	if kept != nil && Role(kept.Granted) == Role(permission) && kept.Reported == r.Role && r.Role != "" {
		return true, kept
	}
	return false, nil
}

// Kept is the record of GitHub reporting role r after granting the
// permission, or nil when it reports the permission itself.
func Kept(permission string, r Reported) *v1alpha1.KeptPermission {
	if Matches(permission, r) || r.Role == "" {
		return nil
	}
	return &v1alpha1.KeptPermission{Granted: permission, Reported: r.Role}
}

// MaybeInherited tells whether a user reported with role r may hold it
// without being a collaborator: anyone can read a public repository, so a
// read role alone says nothing about collaboration; a higher role does.
func MaybeInherited(r Reported) bool { return r.Role == "read" }
