package emulator

import (
	"sort"
	"strings"
)

// protectionsOf is the branch protection of a repository's branches, by
// branch name. Like GitHub's protection rule, it is kept by name: it follows
// a branch rename, stays when the branch is deleted and protects a branch
// created again under that name.
var protectionsOf = subKind[map[string]*branchProtection]{name: "branch-protection"}

func init() {
	branchProtectors = append(branchProtectors, func(_ *world, r *Repo, branch string) bool {
		return protectionFor(r, branch) != nil
	})
	branchRenameHooks = append(branchRenameHooks, func(_ *world, r *Repo, from, to string) {
		if p := protectionsOf.peek(r); p != nil && (*p)[from] != nil {
			(*p)[to] = (*p)[from]
			delete(*p, from)
		}
	})
	branchDeleteGuards = append(branchDeleteGuards, func(_ *world, r *Repo, branch string) string {
		if p := protectionFor(r, branch); p != nil && !p.AllowDeletions {
			return "Cannot delete this protected branch"
		}
		return ""
	})
}

// branchProtection is one branch's protection as GitHub keeps it.
type branchProtection struct {
	StatusChecks           *statusChecks // nil: no required status checks
	EnforceAdmins          bool
	Reviews                *reviewRules // nil: no required reviews
	Restrictions           *actorSet    // nil: anyone with push access may push
	RequiredSignatures     bool
	LinearHistory          bool
	AllowForcePushes       bool
	AllowDeletions         bool
	BlockCreations         bool
	ConversationResolution bool
	LockBranch             bool
	AllowForkSyncing       bool
}

// statusChecks are the required status checks of a protected branch.
type statusChecks struct {
	Strict bool
	Checks []statusCheck
}

// statusCheck is a required check: its context and the app that must set
// it (nil: any).
type statusCheck struct {
	Context string
	AppID   *int64
}

// statusCheckJSON is a check as GitHub shows it.
type statusCheckJSON struct {
	Context string `json:"context"`
	AppID   *int64 `json:"app_id"`
}

// render gives the checks both ways GitHub shows them: contexts (names) and
// checks (name and app).
func (s *statusChecks) render() ([]string, []statusCheckJSON) {
	contexts, checks := []string{}, []statusCheckJSON{}
	seen := map[string]bool{}
	for _, ch := range s.Checks {
		if !seen[ch.Context] {
			seen[ch.Context] = true
			contexts = append(contexts, ch.Context)
		}
		checks = append(checks, statusCheckJSON(ch))
	}
	return contexts, checks
}

// reviewRules are the required pull request reviews of a protected branch.
type reviewRules struct {
	DismissStale bool
	CodeOwners   bool
	LastPush     bool
	Count        int64
	Dismissal    *actorSet // nil: anyone with write access may dismiss reviews
	Bypass       *actorSet // nil: nobody bypasses
}

// actorSet lists users (by login), teams (by id, so a renamed team stays)
// and apps (by id).
type actorSet struct {
	Users []string
	Teams []int64
	Apps  []int64
}

func (a *actorSet) empty() bool {
	return a == nil || len(a.Users)+len(a.Teams)+len(a.Apps) == 0
}

// protectionFor returns the protection of the branch, or nil.
func protectionFor(r *Repo, branch string) *branchProtection {
	if p := protectionsOf.peek(r); p != nil {
		return (*p)[branch]
	}
	return nil
}

// protect sets (or, with nil, removes) the protection of the branch.
func protect(r *Repo, branch string, p *branchProtection) {
	all := protectionsOf.of(r)
	if *all == nil {
		*all = map[string]*branchProtection{}
	}
	if p == nil {
		delete(*all, branch)
		return
	}
	(*all)[branch] = p
}

// hasWriteAccess reports whether the user can push to the repository.
func (w *world) hasWriteAccess(a *Account, r *Repo) bool {
	return w.access(&principal{user: a}, r) >= accessWrite
}

// teamCanPush reports whether the team, or a team above it, has push access
// to the repository.
func (w *world) teamCanPush(t *Team, r *Repo) bool { return w.grantedToTeam(t, r) >= accessWrite }

// grantedToTeam is the highest access the team, or a team above it, was
// granted to the repository.
func (w *world) grantedToTeam(t *Team, r *Repo) int {
	g := teamGrantsOf.peek(r)
	if g == nil {
		return accessNone
	}
	acc := accessNone
	for cur := t; cur != nil; cur = w.teams[cur.ParentID] {
		acc = max(acc, w.grantAccess(r, (*g)[cur.ID]))
	}
	return acc
}

// appInstallation is the installation of the app on the repository's owner,
// or nil.
func (w *world) appInstallation(appID int64, r *Repo) *Installation {
	for _, in := range w.installations {
		if in.AppID == appID && strings.EqualFold(in.Account, r.Owner) {
			return in
		}
	}
	return nil
}

// appCanPush reports whether the app is installed on the repository's owner
// with write access to contents (or administration).
func (w *world) appCanPush(app *App, r *Repo) bool {
	in := w.appInstallation(app.ID, r)
	return in != nil && (in.Permissions["contents"] == "write" || in.Permissions["administration"] == "write")
}

func (w *world) appBySlug(slug string) *App {
	for _, a := range w.apps {
		if strings.EqualFold(a.Slug, slug) {
			return a
		}
	}
	return nil
}

// sortActors orders an actor set as the emulator answers it: users by login,
// teams by slug, apps by slug (GitHub's order is not documented; compare
// them as sets).
func (w *world) sortActors(a *actorSet) {
	sort.Slice(a.Users, func(i, j int) bool { return strings.ToLower(a.Users[i]) < strings.ToLower(a.Users[j]) })
	slug := func(id int64) string {
		if t := w.teams[id]; t != nil {
			return t.Slug
		}
		return ""
	}
	sort.Slice(a.Teams, func(i, j int) bool { return slug(a.Teams[i]) < slug(a.Teams[j]) })
	appSlug := func(id int64) string {
		if app := w.apps[id]; app != nil {
			return strings.ToLower(app.Slug)
		}
		return ""
	}
	sort.Slice(a.Apps, func(i, j int) bool { return appSlug(a.Apps[i]) < appSlug(a.Apps[j]) })
}

// ownedByOrg reports whether an organization owns the repository.
func (w *world) ownedByOrg(r *Repo) bool {
	owner := w.account(r.Owner)
	return owner != nil && owner.IsOrg()
}
