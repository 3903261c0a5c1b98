package emulator

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// rulesetProblems collects what is wrong with a ruleset request: the first
// violation of GitHub's request schema (answered as "Invalid request.") or
// the semantic errors (answered together as "Validation Failed" with one
// sentence each, as GitHub answers ruleset errors).
type rulesetProblems struct {
	schema string
	errs   []string
}

func (p *rulesetProblems) invalidProperty(pointer string) {
	if p.schema == "" {
		p.schema = "Invalid property " + pointer + ": data matches no possible input."
	}
}

func (p *rulesetProblems) add(format string, args ...any) {
	p.errs = append(p.errs, fmt.Sprintf(format, args...))
}

// answer answers the problems, if any, and reports whether there were.
func (p *rulesetProblems) answer(c *reqCtx) bool {
	switch {
	case p.schema != "":
		c.json(http.StatusUnprocessableEntity, basicError{Message: "Invalid request.\n\n" + p.schema, DocumentationURL: c.doc, Status: "422"})
	case len(p.errs) > 0:
		c.json(http.StatusUnprocessableEntity, simpleValidationError{Message: "Validation Failed", Errors: p.errs, DocumentationURL: c.doc, Status: "422"})
	default:
		return false
	}
	return true
}

// rulesetHome is where a ruleset is kept: a repository or an organization.
type rulesetHome struct {
	// owner is the login of the repository's owner, or the organization.
	owner string
	// org: an organization owns the repository, or is the home.
	org bool
	// orgLevel: the home is the organization, whose rulesets also choose
	// the repositories they cover.
	orgLevel bool
	// siblings are the home's rulesets, whose names a ruleset may not take.
	siblings []*ruleset
}

// repoHome is the home of a repository's rulesets.
func (w *world) repoHome(r *Repo) rulesetHome {
	h := rulesetHome{owner: r.Owner, org: w.ownedByOrg(r)}
	if rs := rulesetsOf.peek(r); rs != nil {
		h.siblings = *rs
	}
	return h
}

// readRuleset reads the body of POST (base nil: a new ruleset, name and
// enforcement required, target branch by default) or PUT (base: the fields
// sent replace the ruleset's, the others stay). It answers GitHub's 422s
// itself and reports false then.
func (c *reqCtx) readRuleset(w *world, home rulesetHome, m map[string]json.RawMessage, base *ruleset) (*ruleset, bool) {
	if base == nil {
		if missing := required(m, "name", "enforcement"); len(missing) > 0 {
			c.notSupplied(missing...)
			return nil, false
		}
	}
	f := &fields{c: c, m: m}
	if base == nil {
		f.notNull("name", "enforcement")
	}
	name, target, enforcement := f.str("name"), f.str("target"), f.str("enforcement")
	if f.failed {
		return nil, false
	}
	s := &ruleset{Target: targetBranch}
	if base != nil {
		s = base.clone()
	}
	var p rulesetProblems
	if name != nil {
		s.Name = strings.TrimSpace(*name)
		if s.Name == "" {
			p.add("Name can't be blank")
		}
	}
	if target != nil {
		if !isOneOf(*target, targetBranch, targetTag, targetPush) {
			p.invalidProperty("/target")
		}
		s.Target = *target
	}
	if enforcement != nil {
		if !isOneOf(*enforcement, "disabled", enforcementActive, "evaluate") {
			p.invalidProperty("/enforcement")
		}
		s.Enforcement = *enforcement
	}
	if raw, ok := m["bypass_actors"]; ok {
		s.BypassActors = readBypassActors(raw, &p)
	}
	if raw, ok := m["conditions"]; ok {
		s.Conditions, s.Repos = readConditions(raw, home.orgLevel, &p)
	}
	if raw, ok := m["rules"]; ok {
		s.Rules = readRules(raw, &p)
	}
	if p.schema == "" {
		w.checkRuleset(home, s, &p)
	}
	if p.answer(c) {
		return nil, false
	}
	return s, true
}

func readBypassActors(raw json.RawMessage, p *rulesetProblems) []bypassActor {
	var items []struct {
		ActorID    *int64  `json:"actor_id"`
		ActorType  *string `json:"actor_type"`
		BypassMode *string `json:"bypass_mode"`
	}
	if err := json.Unmarshal(raw, &items); err != nil {
		p.invalidProperty("/bypass_actors")
		return nil
	}
	out := []bypassActor{}
	for i, it := range items {
		a := bypassActor{ActorID: it.ActorID, BypassMode: bypassAlways}
		if it.ActorType == nil || !isOneOf(*it.ActorType, actorIntegration, actorOrganizationAdmin, actorRepositoryRole, actorTeam, actorDeployKey, actorUser) {
			p.invalidProperty(fmt.Sprintf("/bypass_actors/%d", i))
			continue
		}
		a.ActorType = *it.ActorType
		if it.BypassMode != nil {
			if !isOneOf(*it.BypassMode, bypassAlways, bypassPullRequest, bypassExempt) {
				p.invalidProperty(fmt.Sprintf("/bypass_actors/%d/bypass_mode", i))
			}
			a.BypassMode = *it.BypassMode
		}
		if a.ActorType == actorOrganizationAdmin || a.ActorType == actorDeployKey {
			a.ActorID = nil // GitHub ignores it
		}
		out = append(out, a)
	}
	return out
}

// readConditions reads a ruleset's conditions: ref_name, and for an
// organization's ruleset (orgLevel) one of repository_name, repository_id
// and repository_property, as GitHub's oneOf allows. Null clears them.
func readConditions(raw json.RawMessage, orgLevel bool, p *rulesetProblems) (*refConditions, *repoConditions) {
	if string(raw) == "null" {
		return nil, nil
	}
	var cond map[string]json.RawMessage
	if err := json.Unmarshal(raw, &cond); err != nil {
		p.invalidProperty("/conditions")
		return nil, nil
	}
	var ref *refConditions
	var repos *repoConditions
	for k, v := range cond {
		switch {
		case k == "ref_name":
			var in struct {
				Include []string `json:"include"`
				Exclude []string `json:"exclude"`
			}
			if err := json.Unmarshal(v, &in); err != nil {
				p.invalidProperty("/conditions/ref_name")
				return nil, nil
			}
			ref = &refConditions{Include: []string{}, Exclude: []string{}}
			if in.Include != nil {
				ref.Include = in.Include
			}
			if in.Exclude != nil {
				ref.Exclude = in.Exclude
			}
		case orgLevel && isOneOf(k, "repository_name", "repository_id", "repository_property"):
			if repos != nil {
				// Two repository conditions match two of the oneOf's
				// branches: GitHub takes exactly one.
				p.invalidProperty("/conditions")
				return nil, nil
			}
			var ok bool
			if repos, ok = readRepoCondition(k, v); !ok {
				p.invalidProperty("/conditions/" + k)
				return nil, nil
			}
		default:
			p.invalidProperty("/conditions")
			return nil, nil
		}
	}
	if ref == nil && !orgLevel {
		ref = &refConditions{Include: []string{}, Exclude: []string{}}
	}
	return ref, repos
}

// readRepoCondition reads an organization ruleset's repository condition
// of the kind k, with GitHub's defaults: empty lists, protected false,
// source custom.
func readRepoCondition(k string, v json.RawMessage) (*repoConditions, bool) {
	switch k {
	case "repository_name":
		var in struct {
			Include   []string `json:"include"`
			Exclude   []string `json:"exclude"`
			Protected *bool    `json:"protected"`
		}
		if json.Unmarshal(v, &in) != nil {
			return nil, false
		}
		n := &repoNameCondition{Include: orEmpty(in.Include), Exclude: orEmpty(in.Exclude)}
		if in.Protected != nil {
			n.Protected = *in.Protected
		}
		return &repoConditions{Name: n}, true
	case "repository_id":
		var in struct {
			IDs []int64 `json:"repository_ids"`
		}
		if json.Unmarshal(v, &in) != nil {
			return nil, false
		}
		ids := in.IDs
		if ids == nil {
			ids = []int64{}
		}
		return &repoConditions{IDs: ids, ByID: true}, true
	}
	type spec struct {
		Name   *string  `json:"name"`
		Values []string `json:"property_values"`
		Source *string  `json:"source"`
	}
	var in struct {
		Include []spec `json:"include"`
		Exclude []spec `json:"exclude"`
	}
	if json.Unmarshal(v, &in) != nil {
		return nil, false
	}
	read := func(specs []spec) ([]propertySpec, bool) {
		out := []propertySpec{}
		for _, s := range specs {
			if s.Name == nil || s.Values == nil || (s.Source != nil && !isOneOf(*s.Source, sourceCustom, sourceSystem)) {
				return nil, false
			}
			ps := propertySpec{Name: *s.Name, Values: s.Values, Source: sourceCustom}
			if s.Source != nil {
				ps.Source = *s.Source
			}
			out = append(out, ps)
		}
		return out, true
	}
	include, ok1 := read(in.Include)
	exclude, ok2 := read(in.Exclude)
	return &repoConditions{Property: &repoPropertyCondition{Include: include, Exclude: exclude}}, ok1 && ok2
}

func orEmpty(l []string) []string {
	if l == nil {
		return []string{}
	}
	return l
}

func readRules(raw json.RawMessage, p *rulesetProblems) []rule {
	var items []struct {
		Type       *string         `json:"type"`
		Parameters json.RawMessage `json:"parameters"`
	}
	if err := json.Unmarshal(raw, &items); err != nil {
		p.invalidProperty("/rules")
		return nil
	}
	out := []rule{}
	for i, it := range items {
		pointer := fmt.Sprintf("/rules/%d", i)
		if it.Type == nil {
			p.invalidProperty(pointer)
			continue
		}
		spec, known := ruleSpecs[*it.Type]
		if !known {
			p.invalidProperty(pointer)
			continue
		}
		ru := rule{Type: *it.Type}
		params := it.Parameters
		if len(params) == 0 || string(params) == "null" {
			params = nil
		}
		switch {
		case spec.params == nil:
			if params != nil && string(params) != "{}" {
				p.invalidProperty(pointer)
				continue
			}
		case params == nil && spec.defaults != nil:
			params, _ = json.Marshal(spec.defaults)
			fallthrough
		default:
			if params == nil {
				params = json.RawMessage("{}")
			}
			vals, ok := checkParams(params, spec.params)
			if !ok {
				p.invalidProperty(pointer)
				continue
			}
			for k, v := range spec.defaults {
				if _, set := vals[k]; !set {
					vals[k] = v
				}
			}
			ru.Parameters = vals
		}
		out = append(out, ru)
	}
	return out
}

// checkRuleset checks what the request schema cannot: the rules fit the
// target, the ref patterns the target, the bypass actors exist where the
// ruleset is, and the name is its home's only one.
func (w *world) checkRuleset(home rulesetHome, s *ruleset, p *rulesetProblems) {
	for _, ru := range s.Rules {
		if !isOneOf(s.Target, ruleSpecs[ru.Type].targets...) {
			p.add("Invalid rule '%s': ", ru.Type)
		} else if badPattern(ru) {
			p.add("Invalid rule '%s': Invalid regular expression", ru.Type)
		}
	}
	if s.Conditions != nil && s.Target != targetPush {
		prefix := "refs/heads/"
		if s.Target == targetTag {
			prefix = "refs/tags/"
		}
		var bad []string
		for _, pat := range append(append([]string{}, s.Conditions.Include...), s.Conditions.Exclude...) {
			if pat != "~ALL" && !(pat == "~DEFAULT_BRANCH" && s.Target == targetBranch) && (!strings.HasPrefix(pat, prefix) || pat == prefix) {
				bad = append(bad, "'"+pat+"'")
			}
		}
		if len(bad) > 0 {
			p.add("Invalid target patterns: %s", strings.Join(bad, ", "))
		}
	}
	org := home.org
	for _, a := range s.BypassActors {
		id := int64(0)
		if a.ActorID != nil {
			id = *a.ActorID
		}
		switch {
		case a.BypassMode == bypassPullRequest && (a.ActorType == actorDeployKey || s.Target != targetBranch):
			p.add("Invalid bypass mode 'pull_request' for actor %s", a.ActorType)
		case isOneOf(a.ActorType, actorIntegration, actorRepositoryRole, actorTeam, actorUser) && a.ActorID == nil:
			p.add("Invalid actor: actor_id is required for %s", a.ActorType)
		case a.ActorType == actorOrganizationAdmin && !org:
			p.add("Invalid actor: OrganizationAdmin is not applicable for personal repositories")
		case a.ActorType == actorRepositoryRole && bypassRoles[id] == accessNone,
			a.ActorType == actorTeam && (w.teams[id] == nil || !strings.EqualFold(w.teams[id].Org, home.owner)),
			a.ActorType == actorUser && w.userByID(id) == nil,
			a.ActorType == actorIntegration && w.apps[id] == nil:
			p.add("Invalid actor: %s %d", a.ActorType, id)
		}
	}
	for _, o := range home.siblings {
		if o.ID != s.ID && strings.EqualFold(o.Name, s.Name) {
			p.add("Name must be unique")
			break
		}
	}
}

// userByID finds a user (not an organization) by id.
func (w *world) userByID(id int64) *Account {
	for _, a := range w.accounts {
		if a.ID == id && !a.IsOrg() {
			return a
		}
	}
	return nil
}
