package emulator

import (
	"strings"
	"time"
)

// environmentsOf are a repository's deployment environments, in creation
// order.
var environmentsOf = subKind[[]*environment]{name: "environments"}

// Reviewer types and deployment branch policy types.
const (
	reviewerUser = "User"
	reviewerTeam = "Team"

	policyBranch = "branch"
	policyTag    = "tag"
)

// Limits of an environment's protection rules, as GitHub documents them.
const (
	maxWaitTimer       = 43200 // minutes: 30 days
	maxReviewers       = 6
	maxEnvironmentName = 255
)

// First ids of the objects of environments.
const (
	firstEnvironmentID  = 161088001
	firstGateID         = 3700001 // protection rules
	firstBranchPolicyID = 361400001
	firstRuleID         = 3515001 // custom deployment protection rules
)

// environment is a deployment environment as the emulator keeps it.
type environment struct {
	ID                int64
	Name              string
	WaitTimer         int64
	PreventSelfReview bool
	Reviewers         []envReviewer
	// BranchPolicy is nil when every branch may deploy.
	BranchPolicy *envBranchPolicy
	// Policies are the custom branch and tag policies, in creation order;
	// there are none unless BranchPolicy.Custom.
	Policies []*deploymentBranchPolicy
	// Rules are the custom deployment protection rules, in the order they
	// were enabled.
	Rules []*protectionRule
	// gates are the ids of the protection rules, by type (wait_timer,
	// required_reviewers, branch_policy): a rule keeps its id while it is
	// on.
	gates     map[string]int64
	CreatedAt time.Time
	UpdatedAt time.Time
}

// envReviewer is one required reviewer: a user or a team, by id.
type envReviewer struct {
	Type string
	ID   int64
}

// envBranchPolicy says which branches may deploy: the protected ones, or
// those the custom policies name.
type envBranchPolicy struct {
	Protected bool
	Custom    bool
}

// deploymentBranchPolicy is one custom branch or tag name pattern.
type deploymentBranchPolicy struct {
	ID   int64
	Name string
	Type string
}

// environmentByName finds one of the repository's environments; GitHub
// compares environment names without regard to case.
func environmentByName(r *Repo, name string) *environment {
	if envs := environmentsOf.peek(r); envs != nil {
		for _, e := range *envs {
			if strings.EqualFold(e.Name, name) {
				return e
			}
		}
	}
	return nil
}

// policyByID finds one of the environment's custom policies.
func (e *environment) policyByID(id int64) *deploymentBranchPolicy {
	for _, p := range e.Policies {
		if p.ID == id {
			return p
		}
	}
	return nil
}

// policyByName finds the custom policy of the type with the name; branch
// and tag names are case-sensitive, and so are the patterns.
func (e *environment) policyByName(name, typ string) *deploymentBranchPolicy {
	for _, p := range e.Policies {
		if p.Name == name && p.Type == typ {
			return p
		}
	}
	return nil
}

// syncGates gives each protection rule that is on an id (kept while it
// stays on) and drops the ids of the rules that are off.
func (e *environment) syncGates(w *world) {
	if e.gates == nil {
		e.gates = map[string]int64{}
	}
	on := []struct {
		typ string
		on  bool
	}{
		{"wait_timer", e.WaitTimer > 0},
		{"required_reviewers", len(e.Reviewers) > 0},
		{"branch_policy", e.BranchPolicy != nil},
	}
	for _, g := range on {
		switch _, has := e.gates[g.typ]; {
		case g.on && !has:
			e.gates[g.typ] = w.newID("environment gates", firstGateID)
		case !g.on && has:
			delete(e.gates, g.typ)
		}
	}
}

// validEnvironmentName tells whether GitHub takes name for an environment:
// 1 to 255 characters, not only spaces, no control characters.
func validEnvironmentName(name string) bool {
	if strings.TrimSpace(name) == "" || len([]rune(name)) > maxEnvironmentName {
		return false
	}
	for _, r := range name {
		if r < 0x20 || r == 0x7f {
			return false
		}
	}
	return true
}
