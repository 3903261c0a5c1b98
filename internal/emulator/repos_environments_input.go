package emulator

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"
)

// environmentKeys are the fields a create-or-update of an environment
// takes; GitHub refuses any other.
var environmentKeys = map[string]bool{"wait_timer": true, "prevent_self_review": true, "reviewers": true, "deployment_branch_policy": true}

// unprocessable answers 422 with GitHub's basic error body, as the
// environment operations answer their refusals.
func (c *reqCtx) unprocessable(msg string) {
	c.json(http.StatusUnprocessableEntity, basicError{Message: msg, DocumentationURL: c.doc, Status: "422"})
}

// readEnvironment applies the body m of a create-or-update to e. The
// fields the body leaves out stay as they are; null clears reviewers
// (none) and deployment_branch_policy (every branch may deploy). It
// answers GitHub's 422s itself and reports false then.
func (c *reqCtx) readEnvironment(w *world, r *Repo, m map[string]json.RawMessage, e *environment) bool {
	var unknown []string
	for k := range m {
		if !environmentKeys[k] {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		c.unprocessable(fmt.Sprintf("Invalid request.\n\n%q is not a permitted key.", unknown[0]))
		return false
	}
	f := &fields{c: c, m: m}
	wait, selfReview := f.integer("wait_timer"), f.boolean("prevent_self_review")
	if f.failed {
		return false
	}
	if wait != nil {
		if *wait < 0 || *wait > maxWaitTimer {
			c.unprocessable(fmt.Sprintf("Failed to create or update the environment protection rule. Wait timer must be between 0 and %d minutes (30 days); got %d.", maxWaitTimer, *wait))
			return false
		}
		e.WaitTimer = *wait
	}
	if raw, ok := m["reviewers"]; ok {
		reviewers, ok := c.readReviewers(w, r, raw)
		if !ok {
			return false
		}
		e.Reviewers = reviewers
	}
	if raw, ok := m["deployment_branch_policy"]; ok {
		policy, ok := c.readBranchPolicy(raw)
		if !ok {
			return false
		}
		e.BranchPolicy = policy
	}
	if selfReview != nil {
		if *selfReview && len(e.Reviewers) == 0 {
			c.unprocessable("Failed to create or update the environment protection rule. Required reviewers must have at least one reviewer to set prevent_self_review.")
			return false
		}
		e.PreventSelfReview = *selfReview
	}
	if len(e.Reviewers) == 0 {
		// The setting belongs to the required reviewers rule, which goes
		// with the last reviewer.
		e.PreventSelfReview = false
	}
	if e.BranchPolicy == nil || !e.BranchPolicy.Custom {
		e.Policies = nil
	}
	return true
}

// readReviewers reads the reviewers of a create-or-update: at most six
// users or teams, by id, each with read access to the repository (a team
// of the organization that owns it). A reviewer listed twice counts once.
// A team of the organization without access to the repository (granted to
// it or to a team above it) is taken and left out, as GitHub does
// (integrations/terraform-provider-github #1166): the answer, and every
// read after it, shows the others only (Config.KeepReviewerTeamsWithoutAccess
// keeps it).
func (c *reqCtx) readReviewers(w *world, r *Repo, raw json.RawMessage) ([]envReviewer, bool) {
	if string(raw) == "null" {
		return nil, true
	}
	var items []struct {
		Type *string `json:"type"`
		ID   *int64  `json:"id"`
	}
	if err := json.Unmarshal(raw, &items); err != nil {
		c.typeError("reviewers", raw, "array of reviewers ({\"type\": \"User\" or \"Team\", \"id\": integer})")
		return nil, false
	}
	if len(items) > maxReviewers {
		c.unprocessable(fmt.Sprintf("Failed to create or update the environment protection rule. Required reviewers can have at most %d reviewers; got %d.", maxReviewers, len(items)))
		return nil, false
	}
	var out []envReviewer
	seen := map[envReviewer]bool{}
	for i, it := range items {
		if it.Type == nil || (*it.Type != reviewerUser && *it.Type != reviewerTeam) {
			c.unprocessable(fmt.Sprintf("Invalid request.\n\nFor 'items/%d/type', the type must be \"User\" or \"Team\".", i))
			return nil, false
		}
		if it.ID == nil {
			c.unprocessable(fmt.Sprintf("Invalid request.\n\n\"id\" wasn't supplied for reviewer %d.", i))
			return nil, false
		}
		rv := envReviewer{Type: *it.Type, ID: *it.ID}
		if !w.canReview(r, rv) {
			c.unprocessable(fmt.Sprintf("Failed to create or update the environment protection rule. Reviewer %s %d does not exist or does not have read access to the repository.", rv.Type, rv.ID))
			return nil, false
		}
		if rv.Type == reviewerTeam && !c.s.Config().KeepReviewerTeamsWithoutAccess && w.grantedToTeam(w.teams[rv.ID], r) < accessRead {
			// GitHub takes the request and leaves the team out.
			continue
		}
		if !seen[rv] {
			seen[rv] = true
			out = append(out, rv)
		}
	}
	return out, true
}

// canReview tells whether the reviewer may review deployments of the
// repository: a user who can read it, or a team of the organization that
// owns it.
func (w *world) canReview(r *Repo, rv envReviewer) bool {
	if rv.Type == reviewerTeam {
		t := w.teams[rv.ID]
		return t != nil && strings.EqualFold(t.Org, r.Owner)
	}
	u := w.accountByID(rv.ID)
	return u != nil && !u.IsOrg() && w.access(&principal{user: u}, r) >= accessRead
}

// accountByID finds a user or organization by id.
func (w *world) accountByID(id int64) *Account {
	for _, a := range w.accounts {
		if a.ID == id {
			return a
		}
	}
	return nil
}

// readBranchPolicy reads deployment_branch_policy: null (every branch), or
// exactly one of protected_branches and custom_branch_policies true.
func (c *reqCtx) readBranchPolicy(raw json.RawMessage) (*envBranchPolicy, bool) {
	if string(raw) == "null" {
		return nil, true
	}
	var p struct {
		Protected *bool `json:"protected_branches"`
		Custom    *bool `json:"custom_branch_policies"`
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		c.typeError("deployment_branch_policy", raw, "object")
		return nil, false
	}
	if p.Protected == nil || p.Custom == nil {
		missing := "protected_branches"
		if p.Protected != nil {
			missing = "custom_branch_policies"
		}
		c.unprocessable(fmt.Sprintf("Invalid request.\n\n%q wasn't supplied.", missing))
		return nil, false
	}
	if *p.Protected == *p.Custom {
		c.unprocessable("Invalid deployment_branch_policy: exactly one of protected_branches and custom_branch_policies must be true.")
		return nil, false
	}
	return &envBranchPolicy{Protected: *p.Protected, Custom: *p.Custom}, true
}
