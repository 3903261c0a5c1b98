package emulator

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// protectionRuleRoutes declares an environment's custom deployment
// protection rules: GitHub Apps that approve or reject its deployments,
// and the apps it may use. Reading needs read access; enabling and
// disabling a rule needs admin rights.
func (s *Server) protectionRuleRoutes(t *routeTable, env string, read, admin func(string) repoOp) {
	const doc = "https://docs.github.com/rest/deployments/protection-rules"
	rules := env + "/deployment_protection_rules"
	t.repo("GET", rules, read(doc+"#get-all-deployment-protection-rules-for-an-environment"), s.listProtectionRules)
	t.repo("POST", rules, admin(doc+"#create-a-custom-deployment-protection-rule-on-an-environment"), s.createProtectionRule)
	t.repo("GET", rules+"/apps", read(doc+"#list-custom-deployment-rule-integrations-available-for-an-environment"), s.listProtectionRuleApps)
	t.repo("GET", rules+"/{protection_rule_id}", read(doc+"#get-a-custom-deployment-protection-rule"), s.getProtectionRule)
	t.repo("DELETE", rules+"/{protection_rule_id}", admin(doc+"#disable-a-custom-deployment-protection-rule-for-an-environment"), s.deleteProtectionRule)
}

// protectionRule is a custom deployment protection rule: the app that
// decides. Every rule is enabled: disabling one removes it.
type protectionRule struct {
	ID    int64
	AppID int64
}

// protectionRuleJSON is GitHub's deployment-protection-rule.
type protectionRuleAppJSON struct {
	ID             int64  `json:"id"`
	Slug           string `json:"slug"`
	IntegrationURL string `json:"integration_url"`
	NodeID         string `json:"node_id"`
}

type customProtectionRuleJSON struct {
	ID      int64                 `json:"id"`
	NodeID  string                `json:"node_id"`
	Enabled bool                  `json:"enabled"`
	App     protectionRuleAppJSON `json:"app"`
}

// deploymentsPermission is the installation permission an app needs to
// decide deployments: an app installed without it is not offered.
const deploymentsPermission = "deployments"

// protectionRuleApps are the apps environments of r may use as protection
// rules, by id: those installed on r's owner with permission on
// deployments.
func protectionRuleApps(w *world, r *Repo) []*App {
	var out []*App
	for _, in := range w.installations {
		if !strings.EqualFold(in.Account, r.Owner) {
			continue
		}
		if p := in.Permissions[deploymentsPermission]; p != "read" && p != "write" {
			continue
		}
		if a := w.apps[in.AppID]; a != nil && !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	slices.SortFunc(out, func(a, b *App) int { return int(a.ID - b.ID) })
	return out
}

func (c *reqCtx) renderRuleApp(a *App) protectionRuleAppJSON {
	return protectionRuleAppJSON{ID: a.ID, Slug: a.Slug, IntegrationURL: c.apiBase + "/apps/" + a.Slug, NodeID: nodeID("A_", a.ID)}
}

func (c *reqCtx) renderProtectionRule(w *world, p *protectionRule) customProtectionRuleJSON {
	a := w.apps[p.AppID]
	if a == nil {
		a = &App{ID: p.AppID}
	}
	return customProtectionRuleJSON{ID: p.ID, NodeID: nodeID("GA", p.ID), Enabled: true, App: c.renderRuleApp(a)}
}

// listProtectionRules answers every rule of the environment (the
// operation has no pages).
func (s *Server) listProtectionRules(c *reqCtx, w *world, r *Repo) {
	e := c.pathEnvironment(r)
	if e == nil {
		return
	}
	items := make([]customProtectionRuleJSON, 0, len(e.Rules))
	for _, p := range e.Rules {
		items = append(items, c.renderProtectionRule(w, p))
	}
	c.json(http.StatusOK, map[string]any{"total_count": len(items), "custom_deployment_protection_rules": items})
}

// createProtectionRule enables an app's rule on the environment: 201 with
// the rule. An app the environment cannot use, or one it has already, is
// refused with 422.
func (s *Server) createProtectionRule(c *reqCtx, w *world, r *Repo) {
	m, ok := c.decode(true)
	if !ok {
		return
	}
	e := c.pathEnvironment(r)
	if e == nil {
		return
	}
	if missing := required(m, "integration_id"); len(missing) > 0 {
		c.notSupplied(missing...)
		return
	}
	f := &fields{c: c, m: m}
	f.notNull("integration_id")
	id := f.integer("integration_id")
	if f.failed {
		return
	}
	var app *App
	for _, a := range protectionRuleApps(w, r) {
		if a.ID == *id {
			app = a
		}
	}
	if app == nil {
		c.unprocessable("Validation Failed: integration " + strconv.FormatInt(*id, 10) + " is not installed on this repository, or does not provide deployment protection rules.")
		return
	}
	for _, p := range e.Rules {
		if p.AppID == app.ID {
			c.unprocessable("Validation Failed: the environment already has a deployment protection rule of " + app.Slug + ".")
			return
		}
	}
	p := &protectionRule{ID: w.newID("deployment protection rules", firstRuleID), AppID: app.ID}
	e.Rules = append(e.Rules, p)
	e.UpdatedAt = s.now()
	c.json(http.StatusCreated, c.renderProtectionRule(w, p))
}

// listProtectionRuleApps answers the apps the environment may use, a page
// of them.
func (s *Server) listProtectionRuleApps(c *reqCtx, w *world, r *Repo) {
	if c.pathEnvironment(r) == nil {
		return
	}
	apps := protectionRuleApps(w, r)
	start, end := c.paginate(len(apps))
	items := make([]protectionRuleAppJSON, 0, end-start)
	for _, a := range apps[start:end] {
		items = append(items, c.renderRuleApp(a))
	}
	c.json(http.StatusOK, map[string]any{"total_count": len(apps), "available_custom_deployment_protection_rule_integrations": items})
}

// pathProtectionRule finds the environment and the rule of the path,
// answering 404 when either is missing.
func (c *reqCtx) pathProtectionRule(r *Repo) (*environment, int) {
	e := c.pathEnvironment(r)
	if e == nil {
		return nil, -1
	}
	id, err := strconv.ParseInt(c.params["protection_rule_id"], 10, 64)
	if err == nil {
		for i, p := range e.Rules {
			if p.ID == id {
				return e, i
			}
		}
	}
	c.fail(http.StatusNotFound, "Not Found", c.doc)
	return nil, -1
}

func (s *Server) getProtectionRule(c *reqCtx, w *world, r *Repo) {
	if e, i := c.pathProtectionRule(r); e != nil {
		c.json(http.StatusOK, c.renderProtectionRule(w, e.Rules[i]))
	}
}

// deleteProtectionRule disables (removes) the rule.
func (s *Server) deleteProtectionRule(c *reqCtx, _ *world, r *Repo) {
	e, i := c.pathProtectionRule(r)
	if e == nil {
		return
	}
	e.Rules = append(e.Rules[:i:i], e.Rules[i+1:]...)
	e.UpdatedAt = s.now()
	c.noContent()
}
