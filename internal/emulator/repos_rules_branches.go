package emulator

import "net/http"

func init() { registerKind("branch-rules", (*Server).branchRuleRoutes) }

// branchRuleRoutes declares the rules that apply to a branch: those of the
// active branch rulesets of the repository and of its organization.
func (s *Server) branchRuleRoutes(t *routeTable) {
	const doc = "https://docs.github.com/rest/repos/rules#get-rules-for-a-branch"
	t.repo("GET", "/rules/branches/{branch}", repoOp{auth: authOptional, doc: doc, multi: "branch"}, s.getBranchRules)
}

// branchRuleJSON is GitHub's repository-rule-detailed object: a rule and
// the ruleset it comes from.
type branchRuleJSON struct {
	Type              string         `json:"type"`
	Parameters        map[string]any `json:"parameters,omitempty"`
	RulesetSourceType string         `json:"ruleset_source_type"`
	RulesetSource     string         `json:"ruleset_source"`
	RulesetID         int64          `json:"ruleset_id"`
}

// getBranchRules answers, a page at a time, every rule of the active
// branch rulesets that cover the branch (whether or not it exists), the
// repository's first, whoever may bypass them.
func (s *Server) getBranchRules(c *reqCtx, w *world, r *Repo) {
	var rules []branchRuleJSON
	for _, rs := range w.activeRulesets(r, targetBranch, "refs/heads/"+c.params["branch"]) {
		typ, source := "Repository", r.FullName()
		if rulesetByID(r, rs.ID) == nil {
			typ, source = "Organization", w.account(r.Owner).Login
		}
		for _, ru := range rs.Rules {
			rules = append(rules, branchRuleJSON{Type: ru.Type, Parameters: ru.Parameters, RulesetSourceType: typ, RulesetSource: source, RulesetID: rs.ID})
		}
	}
	start, end := c.paginate(len(rules))
	page := append([]branchRuleJSON{}, rules[start:end]...)
	c.json(http.StatusOK, page)
}
