// Package collaboratorset maps a CollaboratorSet's parameters and GitHub's
// lists of a repository's direct collaborators, pending invitations and
// teams to the plan that gives the repository exactly the declared access:
// users added or invited, permissions and invitations changed, users,
// invitations and teams not listed removed. It compares as the
// Collaborator and TeamRepository mappings do (logins without regard to
// case, pull equal to read and push to write), with their functions.
package collaboratorset

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	collab "github.com/crossplane-github/provider-github/internal/clients/collaborator"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	teamrepo "github.com/crossplane-github/provider-github/internal/clients/teamrepository"
)

// Got is the repository's access on GitHub: its direct collaborators
// (affiliation=direct: not its owner, not organization owners and members
// who hold access only through the organization), its invitations not yet
// accepted (expired ones included) and its teams.
type Got struct {
	// Owner is the repository's owner: a user who owns the repository is
	// listed among its direct collaborators, but is none of its own
	// repository, and is never removed.
	Owner         string
	Collaborators []github.Collaborator
	Invitations   []github.Invitation
	Teams         []github.RepoTeam
}

// UserPermission is the permission the set declares for u: as written, or
// GitHub's default, push.
func UserPermission(u common.CollaboratorSetUser) string {
	if p := ptr.Deref(u.Permission, ""); p != "" {
		return p
	}
	return collab.DefaultPermission
}

// TeamPermission is the permission the set declares for t: as written, or
// GitHub's default, push.
func TeamPermission(t common.CollaboratorSetTeam) string {
	if p := ptr.Deref(t.Permission, ""); p != "" {
		return p
	}
	return teamrepo.DefaultPermission
}

// A Grant gives a user or a team a permission on the repository.
type Grant struct {
	// Name is the user's login or the team's slug.
	Name       string
	Permission string
	// Why is what differs, for the drift: missing, or the permission
	// GitHub reports.
	Why string
}

// An InvitationChange changes or withdraws a pending invitation.
type InvitationChange struct {
	ID    int64
	Login string
	// Permissions is the role an update offers (read, triage, write,
	// maintain or admin); empty for a withdrawal.
	Permissions string
}

// Plan is what gives the repository exactly the declared access.
type Plan struct {
	// Withdraw are expired invitations of listed users, withdrawn before
	// they are invited again (in Add).
	Withdraw []InvitationChange
	// Add are users to add or invite (PUT collaborators): missing, invited
	// long ago (expired), or with another permission. A member of the
	// organization is added at once, anyone else invited.
	Add []Grant
	// UpdateInvitations are pending invitations of listed users offering
	// another built-in role.
	UpdateInvitations []InvitationChange
	// Remove are direct collaborators the set does not list.
	Remove []string
	// Cancel are invitations of users the set does not list (or of an
	// email address).
	Cancel []InvitationChange
	// PutTeams are teams to grant access or another permission.
	PutTeams []Grant
	// RemoveTeams are slugs of teams the set does not list.
	RemoveTeams []string
	// CheckTeams are teams listed with a custom role for which the
	// repository's list of teams shows a built-in permission: the list
	// may show a custom role as its base role, so the team's own
	// permission check (its role_name) decides whether they go to
	// PutTeams (see Confirm).
	CheckTeams []Grant
	// Pending are the pending invitations of listed users, once Add and
	// UpdateInvitations are written: the set is not Ready until they are
	// accepted.
	Pending []github.Invitation
}

// Drift names every difference the plan writes; none when it writes
// nothing.
func (p Plan) Drift() []string {
	var d []string
	for _, g := range p.Add {
		d = append(d, fmt.Sprintf("user %s: %s, want %s", g.Name, g.Why, g.Permission))
	}
	for _, i := range p.UpdateInvitations {
		d = append(d, fmt.Sprintf("invitation of %s: want %s", i.Login, i.Permissions))
	}
	for _, u := range p.Remove {
		d = append(d, fmt.Sprintf("user %s: not listed", u))
	}
	for _, i := range p.Cancel {
		d = append(d, fmt.Sprintf("invitation %d of %s: not listed", i.ID, invitee(i.Login)))
	}
	for _, g := range p.PutTeams {
		d = append(d, fmt.Sprintf("team %s: %s, want %s", g.Name, g.Why, g.Permission))
	}
	for _, t := range p.RemoveTeams {
		d = append(d, fmt.Sprintf("team %s: not listed", t))
	}
	return d
}

// Pending is the Ready condition of a set whose listed users have not all
// accepted their invitations to repository (owner/name) yet: it says who
// and since when, in words that stay the same from one poll to the next.
func Pending(repository string, invs []github.Invitation) xpv2.Condition {
	who := make([]string, 0, len(invs))
	for _, inv := range invs {
		who = append(who, fmt.Sprintf("%s (invited %s)", inv.Invitee.Login, inv.CreatedAt.UTC().Format(time.RFC3339)))
	}
	return xpv2.Condition{
		Type:               xpv2.TypeReady,
		Status:             corev1.ConditionFalse,
		LastTransitionTime: metav1.Now(),
		Reason:             collab.ReasonInvitationPending,
		Message: fmt.Sprintf("invitations to %s not accepted yet: %s; GitHub lets an invitation expire after 7 days, and the provider then invites again",
			repository, strings.Join(who, ", ")),
	}
}

// invitee names an invitation's invitee: an invitation to an email
// address has no login.
func invitee(login string) string {
	if login == "" {
		return "an email address"
	}
	return login
}

// Diff plans what gives the repository, as got, the access p declares.
// A collaborator whose role GitHub kept over the permission granted (see
// KeptPermissions) counts as up to date while the record holds.
func Diff(p *common.CollaboratorSetParameters, got Got, kept []common.CollaboratorSetKeptPermission) Plan {
	var plan Plan
	for _, u := range p.Users {
		want := UserPermission(u)
		if c := collab.FindCollaborator(got.Collaborators, u.Username); c != nil {
			// An answer without role_name (older servers) cannot tell
			// the role: the collaborator counts as up to date.
			if c.RoleName != "" && !userUpToDate(want, c, kept) {
				plan.Add = append(plan.Add, Grant{Name: c.Login, Permission: want, Why: "GitHub reports " + c.RoleName})
			}
			continue
		}
		inv := collab.FindInvitation(got.Invitations, u.Username)
		switch {
		case inv == nil:
			plan.Add = append(plan.Add, Grant{Name: u.Username, Permission: want, Why: "missing"})
		case inv.Expired:
			plan.Withdraw = append(plan.Withdraw, InvitationChange{ID: inv.ID, Login: inv.Invitee.Login})
			plan.Add = append(plan.Add, Grant{Name: u.Username, Permission: want, Why: "the invitation expired"})
		case collab.InvitationUpToDate(want, inv):
			plan.Pending = append(plan.Pending, *inv)
		default:
			if word, ok := collab.InvitationPermission(want); ok {
				plan.UpdateInvitations = append(plan.UpdateInvitations, InvitationChange{ID: inv.ID, Login: inv.Invitee.Login, Permissions: word})
			} else {
				plan.Add = append(plan.Add, Grant{Name: u.Username, Permission: want, Why: "the invitation offers " + inv.Permissions})
			}
			plan.Pending = append(plan.Pending, *inv)
		}
	}
	for _, c := range got.Collaborators {
		if !ListsUser(p, c.Login) && !strings.EqualFold(c.Login, got.Owner) {
			plan.Remove = append(plan.Remove, c.Login)
		}
	}
	for _, inv := range got.Invitations {
		login := ""
		if inv.Invitee != nil {
			login = inv.Invitee.Login
		}
		if login == "" || !ListsUser(p, login) {
			plan.Cancel = append(plan.Cancel, InvitationChange{ID: inv.ID, Login: login})
		}
	}
	for _, t := range p.Teams {
		want := TeamPermission(t)
		g := findTeam(got.Teams, t.Slug)
		switch {
		case g == nil:
			plan.PutTeams = append(plan.PutTeams, Grant{Name: t.Slug, Permission: want, Why: "missing"})
		case TeamUpToDate(want, g.Permission):
		case !teamrepo.BuiltIn(want) && teamrepo.BuiltIn(strings.ToLower(g.Permission)):
			plan.CheckTeams = append(plan.CheckTeams, Grant{Name: t.Slug, Permission: want, Why: "GitHub reports " + g.Permission})
		default:
			plan.PutTeams = append(plan.PutTeams, Grant{Name: t.Slug, Permission: want, Why: "GitHub reports " + g.Permission})
		}
	}
	for _, g := range got.Teams {
		if !ListsTeam(p, g.Slug) {
			plan.RemoveTeams = append(plan.RemoveTeams, g.Slug)
		}
	}
	return plan
}

// userUpToDate tells whether collaborator c's role satisfies the
// permission: it matches, or GitHub kept that role after granting this very
// permission.
func userUpToDate(want string, c *github.Collaborator, kept []common.CollaboratorSetKeptPermission) bool {
	ok, _ := collab.UpToDate(want, collab.Reported{Role: collab.Role(c.RoleName)}, keptFor(kept, c.Login))
	return ok
}

// keptFor is the kept record of the user, nil when there is none.
func keptFor(kept []common.CollaboratorSetKeptPermission, login string) *common.KeptPermission {
	for _, k := range kept {
		if strings.EqualFold(k.Login, login) {
			return &common.KeptPermission{Granted: k.Granted, Reported: k.Reported}
		}
	}
	return nil
}

// Kept is the record of GitHub reporting answer's role for the user after
// granting the permission; nil when it reports the permission itself.
func Kept(login, permission string, answer *github.CollaboratorPermission) *common.CollaboratorSetKeptPermission {
	k := collab.Kept(permission, collab.ReportedRole(answer))
	if k == nil {
		return nil
	}
	return &common.CollaboratorSetKeptPermission{Login: login, Granted: k.Granted, Reported: k.Reported}
}

// Record is kept with the user's record replaced by k, or removed when k
// is nil.
func Record(kept []common.CollaboratorSetKeptPermission, login string, k *common.CollaboratorSetKeptPermission) []common.CollaboratorSetKeptPermission {
	out := make([]common.CollaboratorSetKeptPermission, 0, len(kept)+1)
	for _, r := range kept {
		if !strings.EqualFold(r.Login, login) {
			out = append(out, r)
		}
	}
	if k != nil {
		out = append(out, *k)
	}
	return out
}

// StillKept are the records of kept that still hold for p and got: the
// user is listed with the permission granted, and GitHub reports the role
// recorded.
func StillKept(p *common.CollaboratorSetParameters, got Got, kept []common.CollaboratorSetKeptPermission) []common.CollaboratorSetKeptPermission {
	var out []common.CollaboratorSetKeptPermission
	for _, u := range p.Users {
		c := collab.FindCollaborator(got.Collaborators, u.Username)
		k := keptFor(kept, u.Username)
		if c == nil || k == nil {
			continue
		}
		if _, holds := collab.UpToDate(UserPermission(u), collab.Reported{Role: collab.Role(c.RoleName)}, k); holds != nil {
			out = append(out, common.CollaboratorSetKeptPermission{Login: c.Login, Granted: holds.Granted, Reported: holds.Reported})
		}
	}
	return out
}

// Confirm settles a team of CheckTeams with the team's own permission
// check r: up to date when its role_name is the custom role, else to be
// granted again.
func (p *Plan) Confirm(g Grant, r *github.TeamRepo) {
	if teamrepo.UpToDate(g.Permission, r) {
		return
	}
	if role := teamrepo.ReportedRole(r); role != "" {
		g.Why = "GitHub reports " + role
	}
	p.PutTeams = append(p.PutTeams, g)
}

// TeamUpToDate tells whether a team's permission on GitHub is the one
// wanted: compared in GitHub's role words (push is write, pull is read)
// and without regard to case, as GitHub matches custom role names.
func TeamUpToDate(want, got string) bool {
	return strings.EqualFold(teamrepo.Role(want), teamrepo.Role(strings.ToLower(got)))
}

// ListsUser tells whether p lists the user, logins compared without
// regard to case.
func ListsUser(p *common.CollaboratorSetParameters, login string) bool {
	for _, u := range p.Users {
		if strings.EqualFold(u.Username, login) {
			return true
		}
	}
	return false
}

// ListsTeam tells whether p lists the team of the slug.
func ListsTeam(p *common.CollaboratorSetParameters, slug string) bool {
	for _, t := range p.Teams {
		if strings.EqualFold(t.Slug, slug) {
			return true
		}
	}
	return false
}

// findTeam is the team of the slug among a repository's, nil when not
// there.
func findTeam(list []github.RepoTeam, slug string) *github.RepoTeam {
	for i := range list {
		if strings.EqualFold(list[i].Slug, slug) {
			return &list[i]
		}
	}
	return nil
}

// Observation is the status of the repository full's access as got,
// each user and team marked listed or not, with the records of kept roles
// that still hold.
func Observation(full string, p *common.CollaboratorSetParameters, got Got, kept []common.CollaboratorSetKeptPermission) common.CollaboratorSetObservation {
	o := common.CollaboratorSetObservation{Repository: ptr.To(full), KeptPermissions: StillKept(p, got, kept)}
	for _, c := range got.Collaborators {
		if strings.EqualFold(c.Login, got.Owner) {
			continue
		}
		o.Users = append(o.Users, common.CollaboratorSetObservedUser{Login: c.Login, Role: c.RoleName, Listed: ListsUser(p, c.Login)})
	}
	for _, inv := range got.Invitations {
		if inv.Invitee == nil {
			continue
		}
		o.Users = append(o.Users, common.CollaboratorSetObservedUser{Login: inv.Invitee.Login, Role: inv.Permissions, Invited: true, Listed: ListsUser(p, inv.Invitee.Login)})
	}
	sort.SliceStable(o.Users, func(i, j int) bool { return strings.ToLower(o.Users[i].Login) < strings.ToLower(o.Users[j].Login) })
	for _, t := range got.Teams {
		o.Teams = append(o.Teams, common.CollaboratorSetObservedTeam{Slug: t.Slug, Permission: t.Permission, Listed: ListsTeam(p, t.Slug)})
	}
	sort.SliceStable(o.Teams, func(i, j int) bool { return o.Teams[i].Slug < o.Teams[j].Slug })
	return o
}

// Imported is GitHub's access to a repository as a CollaboratorSet's
// users and teams: its direct collaborators with their roles (not its
// owner), its pending invitees with the role offered (so that an import
// withdraws nothing), and its teams; a push permission, the default, left
// unset. Diff finds nothing to change in it but the expired invitations
// and those to an email address, which it withdraws.
func Imported(got Got) common.CollaboratorSetParameters {
	var p common.CollaboratorSetParameters
	for _, c := range got.Collaborators {
		if strings.EqualFold(c.Login, got.Owner) {
			continue
		}
		p.Users = append(p.Users, common.CollaboratorSetUser{Username: c.Login, Permission: nonDefault(collab.ImportedPermission(c.RoleName), collab.DefaultPermission)})
	}
	for _, inv := range got.Invitations {
		if inv.Invitee == nil || inv.Expired {
			continue
		}
		if ListsUser(&p, inv.Invitee.Login) {
			continue // a collaborator invited again: one entry
		}
		p.Users = append(p.Users, common.CollaboratorSetUser{Username: inv.Invitee.Login, Permission: nonDefault(collab.ImportedPermission(inv.Permissions), collab.DefaultPermission)})
	}
	for _, t := range got.Teams {
		p.Teams = append(p.Teams, common.CollaboratorSetTeam{Slug: t.Slug, Permission: nonDefault(teamrepo.PermissionOf(teamrepo.Role(t.Permission)), teamrepo.DefaultPermission)})
	}
	return p
}

// nonDefault is p, or nil when it is the default def or empty.
func nonDefault(p, def string) *string {
	if p == "" || p == def {
		return nil
	}
	return ptr.To(p)
}

// Duplicate names a user or team p lists twice, which the CRD refuses but
// a resource written before the rule might hold; nil when there is none.
func Duplicate(p *common.CollaboratorSetParameters) error {
	seen := map[string]bool{}
	for _, u := range p.Users {
		k := "user " + strings.ToLower(u.Username)
		if seen[k] {
			return errors.Errorf("users lists %s twice (GitHub compares logins without regard to case): list each user once", u.Username)
		}
		seen[k] = true
	}
	for _, t := range p.Teams {
		k := "team " + strings.ToLower(t.Slug)
		if seen[k] {
			return errors.Errorf("teams lists %s twice: list each team once", t.Slug)
		}
		seen[k] = true
	}
	return nil
}
