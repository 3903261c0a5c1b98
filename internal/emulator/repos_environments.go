package emulator

import (
	"net/http"
	"net/url"
	"strconv"
)

func init() { registerKind("environments", (*Server).environmentRoutes) }

// environmentRoutes declares a repository's deployment environments and
// their custom deployment branch policies. Reading needs read access;
// changing needs admin rights.
func (s *Server) environmentRoutes(t *routeTable) {
	const envDoc = "https://docs.github.com/rest/deployments/environments"
	const polDoc = "https://docs.github.com/rest/deployments/branch-policies"
	read := func(doc string) repoOp { return repoOp{auth: authOptional, doc: doc} }
	admin := func(doc string) repoOp {
		return repoOp{auth: authRequired, need: accessAdmin, write: true, doc: doc}
	}
	const env = "/environments/{environment_name}"
	const pol = env + "/deployment-branch-policies"
	t.repo("GET", "/environments", read(envDoc+"#list-environments"), s.listEnvironments)
	t.repo("GET", env, read(envDoc+"#get-an-environment"), s.getEnvironment)
	t.repo("PUT", env, admin(envDoc+"#create-or-update-an-environment"), s.putEnvironment)
	t.repo("DELETE", env, admin(envDoc+"#delete-an-environment"), s.deleteEnvironment)
	t.repo("GET", pol, read(polDoc+"#list-deployment-branch-policies"), s.listBranchPolicies)
	t.repo("POST", pol, admin(polDoc+"#create-a-deployment-branch-policy"), s.createBranchPolicy)
	t.repo("GET", pol+"/{branch_policy_id}", read(polDoc+"#get-a-deployment-branch-policy"), s.getBranchPolicy)
	t.repo("PUT", pol+"/{branch_policy_id}", admin(polDoc+"#update-a-deployment-branch-policy"), s.updateBranchPolicy)
	t.repo("DELETE", pol+"/{branch_policy_id}", admin(polDoc+"#delete-a-deployment-branch-policy"), s.deleteBranchPolicy)
	s.protectionRuleRoutes(t, env, read, admin)
}

// environmentJSON is GitHub's environment object.
type environmentJSON struct {
	ID                     int64                  `json:"id"`
	NodeID                 string                 `json:"node_id"`
	Name                   string                 `json:"name"`
	URL                    string                 `json:"url"`
	HTMLURL                string                 `json:"html_url"`
	CreatedAt              string                 `json:"created_at"`
	UpdatedAt              string                 `json:"updated_at"`
	ProtectionRules        []protectionRuleJSON   `json:"protection_rules"`
	DeploymentBranchPolicy *branchPolicySettingJS `json:"deployment_branch_policy"`
}

// protectionRuleJSON is one of an environment's protection rules: a wait
// timer, required reviewers or a branch policy.
type protectionRuleJSON struct {
	ID                int64             `json:"id"`
	NodeID            string            `json:"node_id"`
	Type              string            `json:"type"`
	WaitTimer         *int64            `json:"wait_timer,omitempty"`
	PreventSelfReview *bool             `json:"prevent_self_review,omitempty"`
	Reviewers         []envReviewerJSON `json:"reviewers,omitempty"`
}

type envReviewerJSON struct {
	Type     string `json:"type"`
	Reviewer any    `json:"reviewer"`
}

type branchPolicySettingJS struct {
	ProtectedBranches    bool `json:"protected_branches"`
	CustomBranchPolicies bool `json:"custom_branch_policies"`
}

type branchPolicyJSON struct {
	ID     int64  `json:"id"`
	NodeID string `json:"node_id"`
	Name   string `json:"name"`
	Type   string `json:"type"`
}

func (c *reqCtx) renderEnvironment(w *world, r *Repo, e *environment) *environmentJSON {
	j := &environmentJSON{
		ID: e.ID, NodeID: nodeID("EN", e.ID), Name: e.Name,
		URL:       c.apiBase + "/repos/" + r.FullName() + "/environments/" + url.PathEscape(e.Name),
		HTMLURL:   c.webBase + "/" + r.FullName() + "/deployments/activity_log?environments_filter=" + url.QueryEscape(e.Name),
		CreatedAt: ts(e.CreatedAt), UpdatedAt: ts(e.UpdatedAt),
		ProtectionRules: []protectionRuleJSON{},
	}
	gate := func(typ string) protectionRuleJSON {
		id := e.gates[typ]
		return protectionRuleJSON{ID: id, NodeID: nodeID("GA", id), Type: typ}
	}
	if e.WaitTimer > 0 {
		g := gate("wait_timer")
		g.WaitTimer = ptr(e.WaitTimer)
		j.ProtectionRules = append(j.ProtectionRules, g)
	}
	// A user or team deleted since is no longer shown, and the rule goes
	// with the last reviewer.
	var reviewers []envReviewerJSON
	for _, rv := range e.Reviewers {
		if rv.Type == reviewerTeam {
			if t := w.teams[rv.ID]; t != nil {
				reviewers = append(reviewers, envReviewerJSON{Type: rv.Type, Reviewer: c.renderTeam(w, t)})
			}
		} else if u := w.accountByID(rv.ID); u != nil {
			reviewers = append(reviewers, envReviewerJSON{Type: rv.Type, Reviewer: c.simpleUser(u)})
		}
	}
	if len(reviewers) > 0 {
		g := gate("required_reviewers")
		g.PreventSelfReview = ptr(e.PreventSelfReview)
		g.Reviewers = reviewers
		j.ProtectionRules = append(j.ProtectionRules, g)
	}
	if p := e.BranchPolicy; p != nil {
		j.ProtectionRules = append(j.ProtectionRules, gate("branch_policy"))
		j.DeploymentBranchPolicy = &branchPolicySettingJS{ProtectedBranches: p.Protected, CustomBranchPolicies: p.Custom}
	}
	return j
}

func renderBranchPolicy(p *deploymentBranchPolicy) branchPolicyJSON {
	return branchPolicyJSON{ID: p.ID, NodeID: nodeID("DBP", p.ID), Name: p.Name, Type: p.Type}
}

// listEnvironments answers the repository's environments in creation
// order.
func (s *Server) listEnvironments(c *reqCtx, w *world, r *Repo) {
	var all []*environment
	if envs := environmentsOf.peek(r); envs != nil {
		all = *envs
	}
	start, end := c.paginate(len(all))
	items := make([]*environmentJSON, 0, end-start)
	for _, e := range all[start:end] {
		items = append(items, c.renderEnvironment(w, r, e))
	}
	c.json(http.StatusOK, map[string]any{"total_count": len(all), "environments": items})
}

// pathEnvironment finds the environment of the path (without regard to
// case), answering 404 when there is none.
func (c *reqCtx) pathEnvironment(r *Repo) *environment {
	e := environmentByName(r, c.params["environment_name"])
	if e == nil {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
	}
	return e
}

func (s *Server) getEnvironment(c *reqCtx, w *world, r *Repo) {
	if e := c.pathEnvironment(r); e != nil {
		c.json(http.StatusOK, c.renderEnvironment(w, r, e))
	}
}

// putEnvironment creates the environment, or updates the one of that name
// (compared without regard to case: it keeps its own spelling). Both answer
// 200.
func (s *Server) putEnvironment(c *reqCtx, w *world, r *Repo) {
	m, ok := c.decode(false)
	if !ok {
		return
	}
	name := c.params["environment_name"]
	old := environmentByName(r, name)
	e := &environment{Name: name}
	if old != nil {
		cp := *old
		cp.Reviewers = append([]envReviewer(nil), old.Reviewers...)
		cp.Policies = append([]*deploymentBranchPolicy(nil), old.Policies...)
		cp.Rules = append([]*protectionRule(nil), old.Rules...)
		e = &cp
	} else if !validEnvironmentName(name) {
		c.unprocessable("Invalid environment name: it must be 1 to 255 characters, not only spaces, without control characters.")
		return
	}
	if !c.readEnvironment(w, r, m, e) {
		return
	}
	now := s.now()
	if old == nil {
		e.ID = w.newID("environments", firstEnvironmentID)
		e.CreatedAt = now
		all := environmentsOf.of(r)
		*all = append(*all, e)
	} else {
		*old = *e
		e = old
	}
	e.UpdatedAt = now
	e.syncGates(w)
	c.json(http.StatusOK, c.renderEnvironment(w, r, e))
}

// deleteEnvironment deletes the environment with its policies.
func (s *Server) deleteEnvironment(c *reqCtx, _ *world, r *Repo) {
	e := c.pathEnvironment(r)
	if e == nil {
		return
	}
	all := environmentsOf.of(r)
	for i, x := range *all {
		if x == e {
			*all = append((*all)[:i:i], (*all)[i+1:]...)
			break
		}
	}
	c.noContent()
}

func (s *Server) listBranchPolicies(c *reqCtx, _ *world, r *Repo) {
	e := c.pathEnvironment(r)
	if e == nil {
		return
	}
	start, end := c.paginate(len(e.Policies))
	items := make([]branchPolicyJSON, 0, end-start)
	for _, p := range e.Policies[start:end] {
		items = append(items, renderBranchPolicy(p))
	}
	c.json(http.StatusOK, map[string]any{"total_count": len(e.Policies), "branch_policies": items})
}

// createBranchPolicy adds a custom branch or tag policy. The environment
// must use custom policies (else 404); a pattern it already has (of the
// same type) is answered 303 to that policy.
func (s *Server) createBranchPolicy(c *reqCtx, w *world, r *Repo) {
	m, ok := c.decode(true)
	if !ok {
		return
	}
	e := c.pathEnvironment(r)
	if e == nil {
		return
	}
	if e.BranchPolicy == nil || !e.BranchPolicy.Custom {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return
	}
	if missing := required(m, "name"); len(missing) > 0 {
		c.notSupplied(missing...)
		return
	}
	f := &fields{c: c, m: m}
	f.notNull("name")
	name, typ := f.str("name"), f.str("type")
	if f.failed {
		return
	}
	p := &deploymentBranchPolicy{Name: *name, Type: policyBranch}
	if typ != nil {
		if *typ != policyBranch && *typ != policyTag {
			c.unprocessable("Invalid request.\n\nFor 'properties/type', \"" + *typ + "\" is not one of [\"branch\", \"tag\"].")
			return
		}
		p.Type = *typ
	}
	if p.Name == "" {
		c.unprocessable("Invalid request.\n\nName can't be blank.")
		return
	}
	if have := e.policyByName(p.Name, p.Type); have != nil {
		c.status = http.StatusSeeOther
		c.body = nil
		c.header.Set("Location", c.policyURL(r, e, have))
		return
	}
	p.ID = w.newID("deployment branch policies", firstBranchPolicyID)
	e.Policies = append(e.Policies, p)
	e.UpdatedAt = s.now()
	c.json(http.StatusOK, renderBranchPolicy(p))
}

func (c *reqCtx) policyURL(r *Repo, e *environment, p *deploymentBranchPolicy) string {
	return c.apiBase + "/repos/" + r.FullName() + "/environments/" + url.PathEscape(e.Name) +
		"/deployment-branch-policies/" + strconv.FormatInt(p.ID, 10)
}

// pathPolicy finds the environment and the policy of the path, answering
// 404 when either is missing.
func (c *reqCtx) pathPolicy(r *Repo) (*environment, *deploymentBranchPolicy) {
	e := c.pathEnvironment(r)
	if e == nil {
		return nil, nil
	}
	id, err := strconv.ParseInt(c.params["branch_policy_id"], 10, 64)
	var p *deploymentBranchPolicy
	if err == nil {
		p = e.policyByID(id)
	}
	if p == nil {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return nil, nil
	}
	return e, p
}

func (s *Server) getBranchPolicy(c *reqCtx, _ *world, r *Repo) {
	if _, p := c.pathPolicy(r); p != nil {
		c.json(http.StatusOK, renderBranchPolicy(p))
	}
}

// updateBranchPolicy changes a policy's pattern; its type stays.
func (s *Server) updateBranchPolicy(c *reqCtx, _ *world, r *Repo) {
	m, ok := c.decode(true)
	if !ok {
		return
	}
	e, p := c.pathPolicy(r)
	if p == nil {
		return
	}
	if missing := required(m, "name"); len(missing) > 0 {
		c.notSupplied(missing...)
		return
	}
	f := &fields{c: c, m: m}
	f.notNull("name")
	name := f.str("name")
	if f.failed {
		return
	}
	if *name == "" {
		c.unprocessable("Invalid request.\n\nName can't be blank.")
		return
	}
	if have := e.policyByName(*name, p.Type); have != nil && have != p {
		c.unprocessable("Validation Failed: the environment already has this " + p.Type + " name pattern.")
		return
	}
	p.Name = *name
	e.UpdatedAt = s.now()
	c.json(http.StatusOK, renderBranchPolicy(p))
}

func (s *Server) deleteBranchPolicy(c *reqCtx, _ *world, r *Repo) {
	e, p := c.pathPolicy(r)
	if p == nil {
		return
	}
	for i, x := range e.Policies {
		if x == p {
			e.Policies = append(e.Policies[:i:i], e.Policies[i+1:]...)
			break
		}
	}
	e.UpdatedAt = s.now()
	c.noContent()
}
