package emulator

import (
	"strings"
)

// What a push does to a ref, for the rules that may forbid it.
type refChange int

const (
	refCreate refChange = iota
	refUpdate
	refDelete
)

// ruleViolations are GitHub's sentences for what the active branch or tag
// rulesets covering the full ref name forbid the principal's change: the
// repository's own and those of its organization that cover it. Rulesets
// the principal may bypass (always or exempt; pull_request is a bypass
// through pull requests only) do not count. A force update is one that is
// not a fast-forward.
func (w *world) ruleViolations(p *principal, r *Repo, ref string, change refChange, force bool) []string {
	target := targetBranch
	if strings.HasPrefix(ref, "refs/tags/") {
		target = targetTag
	}
	var out []string
	add := func(msg string) {
		for _, m := range out {
			if m == msg {
				return
			}
		}
		out = append(out, msg)
	}
	for _, s := range w.activeRulesets(r, target, ref) {
		if mode := w.canBypass(p, r, s); mode == "always" || mode == "exempt" {
			continue
		}
		for _, ru := range s.Rules {
			switch {
			case ru.Type == "creation" && change == refCreate:
				add("Cannot create ref due to creations being restricted.")
			case ru.Type == "update" && change == refUpdate:
				add("Cannot update this protected ref.")
			case ru.Type == "deletion" && change == refDelete:
				add("Cannot delete this protected ref.")
			case ru.Type == "pull_request" && change == refUpdate && target == targetBranch:
				add("Changes must be made through a pull request.")
			case ru.Type == "non_fast_forward" && change == refUpdate && force:
				add("Cannot force-push to this branch")
			}
		}
	}
	return out
}

// refusedByRules answers GitHub's refusal (with status: 422 for the git
// refs API, 409 for the contents API) when rulesets forbid the change, and
// reports whether they did.
func (c *reqCtx) refusedByRules(w *world, r *Repo, ref string, change refChange, force bool, status int) bool {
	v := w.ruleViolations(c.principal, r, ref, change, force)
	if len(v) == 0 {
		return false
	}
	c.fail(status, "Repository rule violations found\n\n"+strings.Join(v, "\n\n")+"\n\n", c.doc)
	return true
}
