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

// Request is the create or replace request of the ruleset p declares.
// observed is the ruleset as GitHub has it (nil for a create): its rules of
// types the spec does not model, and the parameters of the spec's rules it
// does not model, are sent back unchanged.
func Request(p *common.RulesetParameters, observed *github.Ruleset) *github.RulesetRequest {
	return &github.RulesetRequest{
		Name:         p.Name,
		Target:       Target(p),
		Enforcement:  Enforcement(p),
		BypassActors: bypassActors(p.BypassActors),
		Conditions:   conditions(p),
		Rules:        rules(p.Rules, observed),
	}
}

func bypassActors(actors []common.RulesetBypassActor) []github.RulesetBypassActor {
	out := make([]github.RulesetBypassActor, 0, len(actors))
	for _, a := range actors {
		b := github.RulesetBypassActor{ActorType: a.ActorType, BypassMode: a.BypassMode}
		if b.BypassMode == "" {
			b.BypassMode = bypassAlways
		}
		if a.ActorID != nil && !idless(a.ActorType) {
			b.ActorID = ptr.To(*a.ActorID)
		}
		out = append(out, b)
	}
	return out
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
	ref := &github.RulesetRefName{Include: []string{}, Exclude: []string{}}
	if c := p.Conditions; c != nil {
		if len(c.RefName.Include) > 0 {
			ref.Include = slices.Clone(c.RefName.Include)
		}
		if len(c.RefName.Exclude) > 0 {
			ref.Exclude = slices.Clone(c.RefName.Exclude)
		}
	}
	return &github.RulesetConditions{RefName: ref}
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
