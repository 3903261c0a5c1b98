package emulator

import (
	"slices"
	"strings"
)

// orgRulesetsOf are an organization's rulesets, in creation order. Their
// ids come from the same sequence as repositories' rulesets: GitHub's
// ruleset ids are unique across its sources.
var orgRulesetsOf = orgKind[[]*ruleset]{name: "org-rulesets"}

// repoConditions are the repositories an organization ruleset applies to:
// exactly one of its three conditions is set.
type repoConditions struct {
	Name     *repoNameCondition
	IDs      []int64 // repository_id; nil when another condition is set
	ByID     bool    // the repository_id condition is the one set
	Property *repoPropertyCondition
}

// repoNameCondition is the repository_name condition: a repository is
// covered when an include pattern matches its name and no exclude pattern
// does. Protected keeps the covered repositories from being renamed.
type repoNameCondition struct {
	Include, Exclude []string
	Protected        bool
}

// repoPropertyCondition is the repository_property condition: a repository
// is covered when every include spec matches its custom property values
// and no exclude spec does.
type repoPropertyCondition struct {
	Include, Exclude []propertySpec
}

// propertySpec is one property of a repository_property condition: the
// repository's value of property Name is one of Values. Source is custom
// (the organization's custom properties) or system.
type propertySpec struct {
	Name   string
	Values []string
	Source string
}

// Sources of a property spec.
const (
	sourceCustom = "custom"
	sourceSystem = "system"
)

func (c *repoConditions) clone() *repoConditions {
	if c == nil {
		return nil
	}
	out := &repoConditions{IDs: slices.Clone(c.IDs), ByID: c.ByID}
	if c.Name != nil {
		n := *c.Name
		n.Include, n.Exclude = slices.Clone(n.Include), slices.Clone(n.Exclude)
		out.Name = &n
	}
	if c.Property != nil {
		out.Property = &repoPropertyCondition{Include: cloneSpecs(c.Property.Include), Exclude: cloneSpecs(c.Property.Exclude)}
	}
	return out
}

func cloneSpecs(specs []propertySpec) []propertySpec {
	out := make([]propertySpec, 0, len(specs))
	for _, s := range specs {
		s.Values = slices.Clone(s.Values)
		out = append(out, s)
	}
	return out
}

// coversRepo reports whether an organization ruleset's repository
// condition covers the repository. A ruleset without one covers none.
func (w *world) coversRepo(s *ruleset, r *Repo) bool {
	c := s.Repos
	switch {
	case c == nil:
		return false
	case c.Name != nil:
		name := strings.ToLower(r.Name)
		matches := func(patterns []string) bool {
			for _, p := range patterns {
				if p == "~ALL" || globRegexp(strings.ToLower(p)).MatchString(name) {
					return true
				}
			}
			return false
		}
		return matches(c.Name.Include) && !matches(c.Name.Exclude)
	case c.ByID:
		return slices.Contains(c.IDs, r.ID)
	case c.Property != nil:
		for _, spec := range c.Property.Include {
			if !w.propertyMatches(r, spec) {
				return false
			}
		}
		for _, spec := range c.Property.Exclude {
			if w.propertyMatches(r, spec) {
				return false
			}
		}
		return true
	}
	return false
}

// propertyMatches reports whether one of the repository's values of the
// spec's property is one of the spec's values. A custom property is the
// organization's (Repo.CustomProperties); the system properties are the
// repository's own facts GitHub offers as properties: fork (true or
// false) and visibility.
func (w *world) propertyMatches(r *Repo, spec propertySpec) bool {
	var values []string
	if spec.Source == sourceSystem {
		switch spec.Name {
		case "fork":
			values = []string{boolWord(r.ParentID != 0)}
		case "visibility":
			values = []string{r.Visibility}
		}
	} else {
		for name, v := range r.CustomProperties {
			if strings.EqualFold(name, spec.Name) {
				values = v
			}
		}
	}
	for _, v := range values {
		for _, want := range spec.Values {
			if strings.EqualFold(v, want) {
				return true
			}
		}
	}
	return false
}

func boolWord(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// orgRulesets are the rulesets of the organization that owns the
// repository and that cover it, whatever their enforcement; none for a
// personal repository.
func (w *world) orgRulesets(r *Repo) []*ruleset {
	org := w.account(r.Owner)
	if org == nil || !org.IsOrg() {
		return nil
	}
	all := orgRulesetsOf.peek(org)
	if all == nil {
		return nil
	}
	var out []*ruleset
	for _, s := range *all {
		if w.coversRepo(s, r) {
			out = append(out, s)
		}
	}
	return out
}

// activeRulesets are the active rulesets of the target that apply to the
// full ref name in the repository: its own, then its organization's that
// cover it. For target push the ref does not matter.
func (w *world) activeRulesets(r *Repo, target, ref string) []*ruleset {
	var out []*ruleset
	consider := func(s *ruleset) {
		if s.Target == target && s.Enforcement == enforcementActive && (target == targetPush || s.appliesTo(r, ref)) {
			out = append(out, s)
		}
	}
	if rs := rulesetsOf.peek(r); rs != nil {
		for _, s := range *rs {
			consider(s)
		}
	}
	for _, s := range w.orgRulesets(r) {
		consider(s)
	}
	return out
}

// renameProtected reports whether an active organization ruleset whose
// repository_name condition is protected covers the repository: GitHub
// then refuses to rename it.
func (w *world) renameProtected(r *Repo) bool {
	for _, s := range w.orgRulesets(r) {
		if s.Enforcement == enforcementActive && s.Repos.Name != nil && s.Repos.Name.Protected {
			return true
		}
	}
	return false
}

// orgRulesetByID finds one of the organization's rulesets.
func orgRulesetByID(org *Account, id int64) *ruleset {
	if rs := orgRulesetsOf.peek(org); rs != nil {
		for _, s := range *rs {
			if s.ID == id {
				return s
			}
		}
	}
	return nil
}
