package emulator

import "fmt"

type enabledJSON struct {
	Enabled bool `json:"enabled"`
}

type urlEnabledJSON struct {
	URL     string `json:"url"`
	Enabled bool   `json:"enabled"`
}

type statusChecksJSON struct {
	URL         string            `json:"url"`
	Strict      bool              `json:"strict"`
	Contexts    []string          `json:"contexts"`
	ContextsURL string            `json:"contexts_url"`
	Checks      []statusCheckJSON `json:"checks"`
}

// actorsJSON are the users, teams and apps of a restriction or allowance.
type actorsJSON struct {
	Users []simpleUser `json:"users"`
	Teams []*teamJSON  `json:"teams"`
	Apps  []appJSON    `json:"apps"`
}

type dismissalJSON struct {
	URL      string `json:"url"`
	UsersURL string `json:"users_url"`
	TeamsURL string `json:"teams_url"`
	actorsJSON
}

type reviewsJSON struct {
	URL                          string         `json:"url"`
	DismissalRestrictions        *dismissalJSON `json:"dismissal_restrictions,omitempty"`
	DismissStaleReviews          bool           `json:"dismiss_stale_reviews"`
	RequireCodeOwnerReviews      bool           `json:"require_code_owner_reviews"`
	RequiredApprovingReviewCount int64          `json:"required_approving_review_count"`
	RequireLastPushApproval      bool           `json:"require_last_push_approval"`
	BypassPullRequestAllowances  *actorsJSON    `json:"bypass_pull_request_allowances,omitempty"`
}

type restrictionsJSON struct {
	URL      string `json:"url"`
	UsersURL string `json:"users_url"`
	TeamsURL string `json:"teams_url"`
	AppsURL  string `json:"apps_url"`
	actorsJSON
}

// protectionJSON is GitHub's branch-protection object (GET) and
// protected-branch object (PUT): the parts that are off are left out, the
// switches are always there.
type protectionJSON struct {
	URL                            string            `json:"url"`
	RequiredStatusChecks           *statusChecksJSON `json:"required_status_checks,omitempty"`
	RequiredPullRequestReviews     *reviewsJSON      `json:"required_pull_request_reviews,omitempty"`
	RequiredSignatures             urlEnabledJSON    `json:"required_signatures"`
	EnforceAdmins                  urlEnabledJSON    `json:"enforce_admins"`
	RequiredLinearHistory          enabledJSON       `json:"required_linear_history"`
	AllowForcePushes               enabledJSON       `json:"allow_force_pushes"`
	AllowDeletions                 enabledJSON       `json:"allow_deletions"`
	BlockCreations                 enabledJSON       `json:"block_creations"`
	RequiredConversationResolution enabledJSON       `json:"required_conversation_resolution"`
	LockBranch                     enabledJSON       `json:"lock_branch"`
	AllowForkSyncing               enabledJSON       `json:"allow_fork_syncing"`
	Restrictions                   *restrictionsJSON `json:"restrictions,omitempty"`
}

// appJSON is GitHub's integration object (a GitHub App). The emulator knows
// an app by id and slug: its name is the slug and its owner the account it
// is installed on.
type appJSON struct {
	ID          int64             `json:"id"`
	Slug        string            `json:"slug"`
	NodeID      string            `json:"node_id"`
	ClientID    string            `json:"client_id"`
	Owner       simpleUser        `json:"owner"`
	Name        string            `json:"name"`
	Description string            `json:"description"`
	ExternalURL string            `json:"external_url"`
	HTMLURL     string            `json:"html_url"`
	CreatedAt   string            `json:"created_at"`
	UpdatedAt   string            `json:"updated_at"`
	Permissions map[string]string `json:"permissions"`
	Events      []string          `json:"events"`
}

func (c *reqCtx) renderApp(w *world, app *App, r *Repo) appJSON {
	in := w.appInstallation(app.ID, r)
	owner := w.account(r.Owner)
	if owner == nil {
		owner = &Account{Login: r.Owner, Type: accountUser}
	}
	perms := map[string]string{}
	if in != nil {
		for k, v := range in.Permissions {
			perms[k] = v
		}
		if a := w.account(in.Account); a != nil {
			owner = a
		}
	}
	return appJSON{
		ID: app.ID, Slug: app.Slug, NodeID: nodeID("A", app.ID), ClientID: fmt.Sprintf("Iv1.%016x", app.ID),
		Owner: c.simpleUser(owner), Name: app.Slug,
		ExternalURL: c.webBase + "/apps/" + app.Slug, HTMLURL: c.webBase + "/apps/" + app.Slug,
		CreatedAt: ts(owner.CreatedAt), UpdatedAt: ts(owner.CreatedAt), Permissions: perms, Events: []string{},
	}
}

func (c *reqCtx) renderActors(w *world, r *Repo, a *actorSet) actorsJSON {
	j := actorsJSON{Users: []simpleUser{}, Teams: []*teamJSON{}, Apps: []appJSON{}}
	for _, login := range a.Users {
		if u := w.account(login); u != nil {
			j.Users = append(j.Users, c.simpleUser(u))
		}
	}
	for _, id := range a.Teams {
		if t := w.teams[id]; t != nil {
			j.Teams = append(j.Teams, c.renderTeam(w, t))
		}
	}
	for _, id := range a.Apps {
		if app := w.apps[id]; app != nil {
			j.Apps = append(j.Apps, c.renderApp(w, app, r))
		}
	}
	return j
}

func (c *reqCtx) renderProtection(w *world, r *Repo, branch string, p *branchProtection) *protectionJSON {
	u := c.branchURL(r, branch) + "/protection"
	j := &protectionJSON{
		URL:                            u,
		RequiredSignatures:             urlEnabledJSON{URL: u + "/required_signatures", Enabled: p.RequiredSignatures},
		EnforceAdmins:                  urlEnabledJSON{URL: u + "/enforce_admins", Enabled: p.EnforceAdmins},
		RequiredLinearHistory:          enabledJSON{p.LinearHistory},
		AllowForcePushes:               enabledJSON{p.AllowForcePushes},
		AllowDeletions:                 enabledJSON{p.AllowDeletions},
		BlockCreations:                 enabledJSON{p.BlockCreations},
		RequiredConversationResolution: enabledJSON{p.ConversationResolution},
		LockBranch:                     enabledJSON{p.LockBranch},
		AllowForkSyncing:               enabledJSON{p.AllowForkSyncing},
	}
	if s := p.StatusChecks; s != nil {
		sc := &statusChecksJSON{URL: u + "/required_status_checks", Strict: s.Strict, ContextsURL: u + "/required_status_checks/contexts"}
		sc.Contexts, sc.Checks = s.render()
		j.RequiredStatusChecks = sc
	}
	if rv := p.Reviews; rv != nil {
		rj := &reviewsJSON{
			URL: u + "/required_pull_request_reviews", DismissStaleReviews: rv.DismissStale, RequireCodeOwnerReviews: rv.CodeOwners,
			RequiredApprovingReviewCount: rv.Count, RequireLastPushApproval: rv.LastPush,
		}
		if rv.Dismissal != nil {
			du := u + "/dismissal_restrictions"
			rj.DismissalRestrictions = &dismissalJSON{URL: du, UsersURL: du + "/users", TeamsURL: du + "/teams", actorsJSON: c.renderActors(w, r, rv.Dismissal)}
		}
		if rv.Bypass != nil {
			b := c.renderActors(w, r, rv.Bypass)
			rj.BypassPullRequestAllowances = &b
		}
		j.RequiredPullRequestReviews = rj
	}
	if p.Restrictions != nil {
		ru := u + "/restrictions"
		j.Restrictions = &restrictionsJSON{URL: ru, UsersURL: ru + "/users", TeamsURL: ru + "/teams", AppsURL: ru + "/apps", actorsJSON: c.renderActors(w, r, p.Restrictions)}
	}
	return j
}
