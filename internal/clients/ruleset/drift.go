package ruleset

import (
	"fmt"
	"slices"
	"strings"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Drift lists, by spec field, where GitHub's ruleset r differs from the
// one p declares, compared as GitHub compares them: enumerations without
// regard to case, bypass actors, ref patterns and the lists in rules as
// sets, and GitHub's defaults equal to leaving them out. Bypass actors
// GitHub does not show the caller, rules of types the spec does not model
// and their parameters the spec does not model are not compared. The
// conditions of a push ruleset are not compared: it has none.
func Drift(p *common.RulesetParameters, r *github.Ruleset) []string {
	return Repository(p).Drift(r)
}

// Drift lists, by spec field, where GitHub's ruleset r differs from the
// declared one (see the package Drift). An organization's repository
// conditions are compared too: their patterns, ids and property values as
// sets, GitHub's defaults (protected false, source custom) equal to
// leaving them out.
func (w Declared) Drift(r *github.Ruleset) []string {
	var d []string
	if r.Name != w.Name {
		d = append(d, "name")
	}
	if !strings.EqualFold(r.Target, w.target()) {
		d = append(d, "target")
	}
	if !strings.EqualFold(r.Enforcement, w.enforcement()) {
		d = append(d, "enforcement")
	}
	if r.BypassActors != nil && !slices.Equal(actorKeys(w.BypassActors), actorKeys(r.BypassActors)) {
		d = append(d, "bypassActors")
	}
	want, got := w.Conditions, r.Conditions
	if want == nil {
		want = &github.RulesetConditions{}
	}
	if got == nil {
		got = &github.RulesetConditions{}
	}
	if w.target() != targetPush {
		wantRef, gotRef := RefName(nil), &github.RulesetRefName{}
		if want.RefName != nil {
			wantRef = want.RefName
		}
		if got.RefName != nil {
			gotRef = got.RefName
		}
		if !slices.Equal(set(wantRef.Include, nil), set(gotRef.Include, nil)) || !slices.Equal(set(wantRef.Exclude, nil), set(gotRef.Exclude, nil)) {
			d = append(d, "conditions.refName")
		}
	}
	d = append(d, repositoryDrift(want, got)...)
	for _, k := range kinds {
		_, on := k.params(w.Rules)
		n := countRules(r, k.ruleType())
		switch {
		case !on && n == 0:
		case !on || n != 1 || !k.equal(w.Rules, observedRule(r, k.ruleType()).Parameters):
			d = append(d, k.field())
		}
	}
	return d
}

// actorKeys are the bypass actors as a sorted list of comparable keys:
// type, id (none for the types GitHub keeps no id of) and mode, the mode
// always when left out.
func actorKeys(actors []github.RulesetBypassActor) []string {
	keys := make([]string, 0, len(actors))
	for _, a := range actors {
		id := ""
		if a.ActorID != nil && !idless(a.ActorType) {
			id = fmt.Sprint(*a.ActorID)
		}
		mode := strings.ToLower(ptr.Deref(nonEmpty(a.BypassMode), bypassAlways))
		keys = append(keys, strings.ToLower(a.ActorType)+"/"+id+"/"+mode)
	}
	slices.Sort(keys)
	return keys
}

func countRules(r *github.Ruleset, typ string) int {
	n := 0
	for _, x := range r.Rules {
		if x.Type == typ {
			n++
		}
	}
	return n
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
