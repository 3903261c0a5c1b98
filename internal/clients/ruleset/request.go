// Package ruleset maps Ruleset parameters to GitHub's repository ruleset
// requests, and GitHub's rulesets to the observation and the drift from
// the spec.
//
// The spec is the whole ruleset, sent in full on every write so that what
// it leaves out is cleared. Two things GitHub has are kept rather than
// cleared: rules of types the spec does not model, and parameters of the
// spec's rules that the spec does not model or leaves to GitHub (a pattern
// rule's name). They are sent back as GitHub has them and reported in the
// observation.
package ruleset

import (
	"encoding/json"
	"slices"
	"strings"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Targets, enforcement and bypass settings in GitHub's words.
const (
	targetBranch      = "branch"
	targetPush        = "push"
	enforcementActive = "active"
	bypassAlways      = "always"
	actorOrgAdmin     = "OrganizationAdmin"
	actorDeployKey    = "DeployKey"
)

// Target is the spec's target, branch when it is left out.
func Target(p *common.RulesetParameters) string {
	if p.Target == "" {
		return targetBranch
	}
	return p.Target
}

// Enforcement is the spec's enforcement, active when it is left out.
func Enforcement(p *common.RulesetParameters) string {
	if p.Enforcement == "" {
		return enforcementActive
	}
	return p.Enforcement
}

// Declared is a ruleset as a resource declares it, in GitHub's terms:
// what every ruleset has (name, target, enforcement, rules), its bypass
// actors with the ids GitHub takes, and its conditions as a request sends
// them. A repository's Ruleset and an organization's OrganizationRuleset
// each map their spec to one (Repository, and the organizationruleset
// package), and share what follows from it: the request, the drift and
// what is kept.
type Declared struct {
	Name string
	// Target and Enforcement are GitHub's defaults (branch, active) when
	// empty.
	Target, Enforcement string
	BypassActors        []github.RulesetBypassActor
	// Conditions are nil for a ruleset without any (a repository's push
	// ruleset).
	Conditions *github.RulesetConditions
	Rules      *common.RulesetRules
}

// Repository is the ruleset a Ruleset's parameters p declare.
func Repository(p *common.RulesetParameters) Declared {
	return Declared{Name: p.Name, Target: Target(p), Enforcement: Enforcement(p),
		BypassActors: bypassActors(p.BypassActors), Conditions: conditions(p), Rules: p.Rules}
}

func (d Declared) target() string { return orDefault(d.Target, targetBranch) }

func (d Declared) enforcement() string { return orDefault(d.Enforcement, enforcementActive) }

// Request is the create or replace request of the ruleset p declares.
// observed is the ruleset as GitHub has it (nil for a create): its rules of
// types the spec does not model, and the parameters of the spec's rules it
// does not model, are sent back unchanged.
func Request(p *common.RulesetParameters, observed *github.Ruleset) *github.RulesetRequest {
	return Repository(p).Request(observed)
}

// Request is the create or replace request of the declared ruleset (see
// the package Request).
func (d Declared) Request(observed *github.Ruleset) *github.RulesetRequest {
	return &github.RulesetRequest{
		Name:         d.Name,
		Target:       d.target(),
		Enforcement:  d.enforcement(),
		BypassActors: slices.Clone(d.BypassActors),
		Conditions:   d.Conditions,
		Rules:        rules(d.Rules, observed),
	}
}

func bypassActors(actors []common.RulesetBypassActor) []github.RulesetBypassActor {
	out := make([]github.RulesetBypassActor, 0, len(actors))
	for _, a := range actors {
		out = append(out, BypassActor(a.ActorType, a.ActorID, a.BypassMode))
	}
	return out
}

// BypassActor is a bypass actor as GitHub takes it: the mode always when
// left out, no id for the types GitHub keeps none of.
func BypassActor(actorType string, id *int64, mode string) github.RulesetBypassActor {
	b := github.RulesetBypassActor{ActorType: actorType, BypassMode: orDefault(mode, bypassAlways)}
	if id != nil && !idless(actorType) {
		b.ActorID = ptr.To(*id)
	}
	return b
}

// idless tells whether GitHub takes no actor id for the actor type: it
// answers null for OrganizationAdmin and DeployKey.
func idless(actorType string) bool {
	return strings.EqualFold(actorType, actorOrgAdmin) || strings.EqualFold(actorType, actorDeployKey)
}

// conditions are the spec's, or empty lists that clear GitHub's; none for
// a push ruleset.
func conditions(p *common.RulesetParameters) *github.RulesetConditions {
	if Target(p) == targetPush {
		return nil
	}
	var ref *common.RulesetRefName
	if p.Conditions != nil {
		ref = &p.Conditions.RefName
	}
	return &github.RulesetConditions{RefName: RefName(ref)}
}

// RefName is the ref_name condition of the patterns ref, empty lists (that
// clear GitHub's) when there are none.
func RefName(ref *common.RulesetRefName) *github.RulesetRefName {
	out := &github.RulesetRefName{Include: []string{}, Exclude: []string{}}
	if ref != nil {
		if len(ref.Include) > 0 {
			out.Include = slices.Clone(ref.Include)
		}
		if len(ref.Exclude) > 0 {
			out.Exclude = slices.Clone(ref.Exclude)
		}
	}
	return out
}

// rules are the spec's rules, in the order of kinds, each with the
// parameters GitHub has that the spec does not model; then GitHub's rules
// of the types the spec does not model, in GitHub's order.
func rules(spec *common.RulesetRules, observed *github.Ruleset) []github.RulesetRule {
	out := []github.RulesetRule{}
	for _, k := range kinds {
		params, on := k.params(spec)
		if !on {
			continue
		}
		if got := observedRule(observed, k.ruleType()); got != nil {
			params, _ = keepParameters(params, got.Parameters)
		}
		out = append(out, github.RulesetRule{Type: k.ruleType(), Parameters: params})
	}
	if observed != nil {
		for _, r := range observed.Rules {
			if kindOf(r.Type) == nil {
				out = append(out, github.RulesetRule{Type: r.Type, Parameters: slices.Clone(r.Parameters)})
			}
		}
	}
	return out
}

// observedRule is GitHub's first rule of type typ, or nil.
func observedRule(observed *github.Ruleset, typ string) *github.RulesetRule {
	if observed == nil {
		return nil
	}
	for i := range observed.Rules {
		if observed.Rules[i].Type == typ {
			return &observed.Rules[i]
		}
	}
	return nil
}

// keepParameters adds to the parameters want those of GitHub's got that
// want does not have, and returns them with the names of those it added
// that have a value (not null, "", [] or {}), sorted. Parameters that are
// not JSON objects are left as they are.
func keepParameters(want, got json.RawMessage) (json.RawMessage, []string) {
	var g map[string]json.RawMessage
	if len(got) == 0 || json.Unmarshal(got, &g) != nil || len(g) == 0 {
		return want, nil
	}
	w := map[string]json.RawMessage{}
	if len(want) > 0 && json.Unmarshal(want, &w) != nil {
		return want, nil
	}
	var kept []string
	added := false
	for k, v := range g {
		if _, ok := w[k]; ok {
			continue
		}
		w[k], added = v, true
		if !emptyJSON(v) {
			kept = append(kept, k)
		}
	}
	if !added {
		return want, nil
	}
	slices.Sort(kept)
	b, err := json.Marshal(w)
	if err != nil {
		// A map of raw JSON values GitHub sent cannot fail to marshal.
		panic(err)
	}
	return b, kept
}

// emptyJSON tells whether v is null, "", [] or {}.
func emptyJSON(v json.RawMessage) bool {
	switch strings.Join(strings.Fields(string(v)), "") {
	case "null", `""`, "[]", "{}":
		return true
	}
	return false
}
