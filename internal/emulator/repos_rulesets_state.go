package emulator

import (
	"regexp"
	"strings"
	"time"
)

// rulesetsOf are a repository's own rulesets, in creation order.
var rulesetsOf = subKind[[]*ruleset]{name: "rulesets"}

func init() {
	branchProtectors = append(branchProtectors, func(w *world, r *Repo, branch string) bool {
		return len(w.activeRulesets(r, targetBranch, "refs/heads/"+branch)) > 0
	})
	branchRenameHooks = append(branchRenameHooks, func(_ *world, r *Repo, from, to string) {
		rs := rulesetsOf.peek(r)
		if rs == nil {
			return
		}
		for _, s := range *rs {
			if s.Target != targetBranch || s.Conditions == nil {
				continue
			}
			for _, list := range [][]string{s.Conditions.Include, s.Conditions.Exclude} {
				for i, p := range list {
					if p == "refs/heads/"+from {
						list[i] = "refs/heads/" + to
					}
				}
			}
		}
	})
}

// Ruleset targets, enforcements, bypass actor types and modes.
const (
	targetBranch = "branch"
	targetTag    = "tag"
	targetPush   = "push"

	enforcementActive = "active"

	actorIntegration       = "Integration"
	actorOrganizationAdmin = "OrganizationAdmin"
	actorRepositoryRole    = "RepositoryRole"
	actorTeam              = "Team"
	actorDeployKey         = "DeployKey"
	actorUser              = "User"

	bypassAlways      = "always"
	bypassPullRequest = "pull_request"
	bypassExempt      = "exempt"
)

// Repository roles a ruleset bypass actor can name (RepositoryRole ids):
// GitHub's built-in maintain, write and admin roles.
var bypassRoles = map[int64]int{2: accessWrite, 4: accessWrite, 5: accessAdmin}

// ruleset is a repository ruleset as the emulator keeps it.
type ruleset struct {
	ID           int64
	Name         string
	Target       string
	Enforcement  string
	BypassActors []bypassActor
	Conditions   *refConditions // nil: the request sent none
	// Repos is an organization ruleset's repository condition; nil for a
	// repository's ruleset (and an organization's that has none).
	Repos     *repoConditions
	Rules     []rule
	CreatedAt time.Time
	UpdatedAt time.Time
}

type bypassActor struct {
	ActorID    *int64
	ActorType  string
	BypassMode string
}

// refConditions are a ruleset's ref_name condition.
type refConditions struct {
	Include []string
	Exclude []string
}

// rule is one rule of a ruleset: its type and its parameters (nil for the
// rules that have none), with GitHub's defaults filled in.
type rule struct {
	Type       string
	Parameters map[string]any
}

// clone copies the ruleset deeply enough for an update to work on.
func (s *ruleset) clone() *ruleset {
	c := *s
	c.BypassActors = append([]bypassActor(nil), s.BypassActors...)
	if s.Conditions != nil {
		c.Conditions = &refConditions{Include: append([]string{}, s.Conditions.Include...), Exclude: append([]string{}, s.Conditions.Exclude...)}
	}
	c.Rules = append([]rule(nil), s.Rules...)
	c.Repos = s.Repos.clone()
	return &c
}

// newRulesetID hands out ruleset ids; GitHub never reuses one.
func (w *world) newRulesetID() int64 {
	if w.nextRulesetID == 0 {
		w.nextRulesetID = 4100001
	}
	id := w.nextRulesetID
	w.nextRulesetID++
	return id
}

// rulesetByID finds one of the repository's rulesets.
func rulesetByID(r *Repo, id int64) *ruleset {
	if rs := rulesetsOf.peek(r); rs != nil {
		for _, s := range *rs {
			if s.ID == id {
				return s
			}
		}
	}
	return nil
}

// appliesTo reports whether the ruleset's ref_name condition covers the
// full ref name: some include pattern matches and no exclude pattern does.
func (s *ruleset) appliesTo(r *Repo, ref string) bool {
	if s.Conditions == nil {
		return false
	}
	matches := func(patterns []string) bool {
		for _, p := range patterns {
			switch {
			case p == "~ALL":
				return true
			case p == "~DEFAULT_BRANCH":
				if ref == "refs/heads/"+r.DefaultBranch {
					return true
				}
			case globRegexp(p).MatchString(ref):
				return true
			}
		}
		return false
	}
	return matches(s.Conditions.Include) && !matches(s.Conditions.Exclude)
}

// globRegexp compiles an fnmatch pattern as rulesets use them: * matches
// within a path segment, ** across segments, ? one character, [...] a class.
func globRegexp(p string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	for i := 0; i < len(p); i++ {
		switch ch := p[i]; {
		case ch == '*' && i+1 < len(p) && p[i+1] == '*':
			b.WriteString(".*")
			i++
		case ch == '*':
			b.WriteString("[^/]*")
		case ch == '?':
			b.WriteString("[^/]")
		case ch == '[':
			if j := strings.IndexByte(p[i:], ']'); j > 1 {
				class := p[i+1 : i+j]
				if strings.HasPrefix(class, "!") {
					class = "^" + class[1:]
				}
				b.WriteString("[" + strings.ReplaceAll(class, `\`, `\\`) + "]")
				i += j
				continue
			}
			b.WriteString(regexp.QuoteMeta("["))
		default:
			b.WriteString(regexp.QuoteMeta(string(ch)))
		}
	}
	b.WriteString("$")
	re, err := regexp.Compile(b.String())
	if err != nil {
		return regexp.MustCompile(`^` + regexp.QuoteMeta(p) + `$`)
	}
	return re
}

// isOneOf reports whether v is one of allowed.
func isOneOf(v string, allowed ...string) bool {
	for _, a := range allowed {
		if v == a {
			return true
		}
	}
	return false
}

// canBypass is how the principal may bypass the ruleset, in the words of
// current_user_can_bypass: always, pull_requests_only, exempt or never.
func (w *world) canBypass(p *principal, r *Repo, s *ruleset) string {
	best := "never"
	rank := map[string]int{"never": 0, "pull_requests_only": 1, "exempt": 2, "always": 3}
	for _, a := range s.BypassActors {
		if !w.isBypassActor(p, r, a) {
			continue
		}
		mode := map[string]string{bypassAlways: "always", bypassPullRequest: "pull_requests_only", bypassExempt: "exempt"}[a.BypassMode]
		if rank[mode] > rank[best] {
			best = mode
		}
	}
	return best
}

// isBypassActor reports whether the principal is the actor.
func (w *world) isBypassActor(p *principal, r *Repo, a bypassActor) bool {
	if p == nil {
		return false
	}
	id := int64(0)
	if a.ActorID != nil {
		id = *a.ActorID
	}
	switch a.ActorType {
	case actorIntegration:
		return p.installation != nil && p.installation.AppID == id && strings.EqualFold(p.installation.Account, r.Owner)
	case actorOrganizationAdmin:
		org := w.account(r.Owner)
		return p.user != nil && org != nil && org.IsOrg() && org.Members[strings.ToLower(p.user.Login)] == RoleAdmin
	case actorRepositoryRole:
		return p.user != nil && w.access(p, r) >= bypassRoles[id] && bypassRoles[id] > accessNone
	case actorTeam:
		t := w.teams[id]
		if p.user == nil || t == nil {
			return false
		}
		for _, m := range w.teams {
			if m.hasMember(p.user.Login) && (m.ID == t.ID || w.isDescendant(m.ID, t.ID)) {
				return true
			}
		}
		return false
	case actorUser:
		return p.user != nil && p.user.ID == id
	}
	return false
}
