package emulator

import (
	"net/http"
	"strconv"
	"strings"
)

func init() { registerKind("org-rulesets", (*Server).orgRulesetRoutes) }

// orgRulesetRoutes declares an organization's rulesets
// (https://docs.github.com/rest/orgs/rules): its owners, and an App's
// installation with the organization_administration permission, read and
// change them; anyone else finds none.
func (s *Server) orgRulesetRoutes(t *routeTable) {
	const doc = "https://docs.github.com/rest/orgs/rules"
	op := func(write bool, anchor string) orgOp {
		return orgOp{auth: authRequired, need: accessAdmin, perm: "organization_administration", write: write, doc: doc + "#" + anchor}
	}
	t.org("GET", "/rulesets", op(false, "get-all-organization-repository-rulesets"), s.listOrgRulesets)
	t.org("POST", "/rulesets", op(true, "create-an-organization-repository-ruleset"), s.createOrgRuleset)
	t.org("GET", "/rulesets/{ruleset_id}", op(false, "get-an-organization-repository-ruleset"), s.getOrgRuleset)
	t.org("PUT", "/rulesets/{ruleset_id}", op(true, "update-an-organization-repository-ruleset"), s.updateOrgRuleset)
	t.org("DELETE", "/rulesets/{ruleset_id}", op(true, "delete-an-organization-repository-ruleset"), s.deleteOrgRuleset)
}

// repoNameJSON is the repository_name condition.
type repoNameJSON struct {
	Include   []string `json:"include"`
	Exclude   []string `json:"exclude"`
	Protected bool     `json:"protected"`
}

// repoIDJSON is the repository_id condition.
type repoIDJSON struct {
	RepositoryIDs []int64 `json:"repository_ids"`
}

// repoPropertyJSON is the repository_property condition.
type repoPropertyJSON struct {
	Include []propertySpecJSON `json:"include"`
	Exclude []propertySpecJSON `json:"exclude"`
}

type propertySpecJSON struct {
	Name           string   `json:"name"`
	PropertyValues []string `json:"property_values"`
	Source         string   `json:"source"`
}

// renderRepoConditions adds an organization ruleset's repository
// condition to j, with GitHub's defaults filled in.
func renderRepoConditions(j *conditionsJSON, c *repoConditions) {
	switch {
	case c == nil:
	case c.Name != nil:
		j.RepositoryName = &repoNameJSON{Include: append([]string{}, c.Name.Include...), Exclude: append([]string{}, c.Name.Exclude...), Protected: c.Name.Protected}
	case c.ByID:
		j.RepositoryID = &repoIDJSON{RepositoryIDs: append([]int64{}, c.IDs...)}
	case c.Property != nil:
		specs := func(l []propertySpec) []propertySpecJSON {
			out := make([]propertySpecJSON, 0, len(l))
			for _, s := range l {
				out = append(out, propertySpecJSON{Name: s.Name, PropertyValues: append([]string{}, s.Values...), Source: s.Source})
			}
			return out
		}
		j.RepositoryProperty = &repoPropertyJSON{Include: specs(c.Property.Include), Exclude: specs(c.Property.Exclude)}
	}
}

// orgHome is the home of an organization's rulesets.
func orgHome(org *Account) rulesetHome {
	h := rulesetHome{owner: org.Login, org: true, orgLevel: true}
	if rs := orgRulesetsOf.peek(org); rs != nil {
		h.siblings = *rs
	}
	return h
}

// listOrgRulesets answers the organization's rulesets in creation order,
// as summaries; targets (comma-separated) filters.
func (s *Server) listOrgRulesets(c *reqCtx, w *world, org *Account) {
	var want map[string]bool
	if t := c.r.URL.Query().Get("targets"); t != "" {
		want = map[string]bool{}
		for _, x := range strings.Split(t, ",") {
			want[strings.TrimSpace(x)] = true
		}
	}
	var list []*ruleset
	if rs := orgRulesetsOf.peek(org); rs != nil {
		for _, rs := range *rs {
			if want == nil || want[rs.Target] {
				list = append(list, rs)
			}
		}
	}
	src := c.orgSource(org, nil)
	start, end := c.paginate(len(list))
	items := make([]*rulesetJSON, 0, end-start)
	for _, rs := range list[start:end] {
		items = append(items, c.renderRuleset(w, src, rs, false))
	}
	c.json(http.StatusOK, items)
}

// pathOrgRuleset finds the organization's ruleset of the path, answering
// 404 when there is none.
func (c *reqCtx) pathOrgRuleset(org *Account) *ruleset {
	id, err := strconv.ParseInt(c.params["ruleset_id"], 10, 64)
	var s *ruleset
	if err == nil {
		s = orgRulesetByID(org, id)
	}
	if s == nil {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
	}
	return s
}

func (s *Server) createOrgRuleset(c *reqCtx, w *world, org *Account) {
	m, ok := c.decode(true)
	if !ok {
		return
	}
	rs, ok := c.readRuleset(w, orgHome(org), m, nil)
	if !ok {
		return
	}
	rs.ID = w.newRulesetID()
	rs.CreatedAt, rs.UpdatedAt = s.now(), s.now()
	all := orgRulesetsOf.of(org)
	*all = append(*all, rs)
	c.json(http.StatusCreated, c.renderRuleset(w, c.orgSource(org, nil), rs, true))
}

func (s *Server) getOrgRuleset(c *reqCtx, w *world, org *Account) {
	if rs := c.pathOrgRuleset(org); rs != nil {
		c.json(http.StatusOK, c.renderRuleset(w, c.orgSource(org, nil), rs, true))
	}
}

// updateOrgRuleset changes the fields the body sends; the others stay.
func (s *Server) updateOrgRuleset(c *reqCtx, w *world, org *Account) {
	m, ok := c.decode(false)
	if !ok {
		return
	}
	old := c.pathOrgRuleset(org)
	if old == nil {
		return
	}
	rs, ok := c.readRuleset(w, orgHome(org), m, old)
	if !ok {
		return
	}
	rs.UpdatedAt = s.now()
	*old = *rs
	c.json(http.StatusOK, c.renderRuleset(w, c.orgSource(org, nil), old, true))
}

func (s *Server) deleteOrgRuleset(c *reqCtx, w *world, org *Account) {
	old := c.pathOrgRuleset(org)
	if old == nil {
		return
	}
	all := orgRulesetsOf.of(org)
	for i, rs := range *all {
		if rs == old {
			*all = append((*all)[:i:i], (*all)[i+1:]...)
			break
		}
	}
	c.noContent()
}
