package emulator

import (
	"net/http"
	"time"
)

// DefaultContentsCommitTime is how long a contents write takes between
// reading its branch's head and moving the branch, in the emulator's
// default config: a fraction of the time GitHub takes, so that tests stay
// quick while two writes a controller sends together still meet.
const DefaultContentsCommitTime = 200 * time.Millisecond

// GitHub makes a contents write's commit on the head of the branch as it
// read it, and then moves the branch to the commit only if the head is
// still that one: a second write to the branch that read the head before
// the first one landed is refused with 409 "is at <head now> but expected
// <head it read>" (integrations/terraform-provider-github #2909, PR #3456).
//
// The emulator makes that deterministic. A write that is let through
// lands at once, under the state lock, but is answered only
// Config.ContentsCommitTime after it arrived, when it would have landed on
// GitHub; until then the branch keeps a landing record. A write to the
// branch that arrives while a landing is recorded read, on GitHub, the
// head before that landing: it is refused with the 409 (answered
// ContentsCommitTime after it arrived too) and lands nothing. So two
// writes sent together, less than ContentsCommitTime apart, always end
// one landed and one 409; a client that waits for one answer before it
// sends the next never meets the 409. (Reads during a landing already see
// it: on GitHub they would see it a moment later.)
var landingsOf = subKind[map[string]landing]{name: "contentLandings"}

// landing is the contents write last let through on a branch.
type landing struct {
	sha    string    // its commit
	parent string    // the head it read
	until  time.Time // when it has landed on GitHub
}

// readHead is the head of branch that a contents write arriving now
// reads: the branch's head, or, while another write to it is landing, the
// head that one read; l is that landing then (the write is refused once
// checked: landed.refuse). It holds the write's answer until the write
// would have landed.
func (s *Server) readHead(c *reqCtx, r *Repo, branch, head string) (string, *landing) {
	d := time.Duration(s.Config().ContentsCommitTime)
	if d <= 0 {
		return head, nil
	}
	now := time.Now()
	c.answerAt = now.Add(d)
	m := landingsOf.peek(r)
	if m == nil {
		return head, nil
	}
	l, ok := (*m)[branch]
	if !ok || !now.Before(l.until) {
		return head, nil
	}
	return l.parent, &l
}

// refuse answers GitHub's 409 to a write that read the head before l
// landed.
func (l *landing) refuse(c *reqCtx) {
	c.fail(http.StatusConflict, "is at "+l.sha+" but expected "+l.parent, c.doc)
}

// recordLanding records the commit sha on branch, made on parent, as
// landing until the write's answer leaves.
func (c *reqCtx) recordLanding(r *Repo, branch, parent, sha string) {
	if c.answerAt.IsZero() {
		return
	}
	m := landingsOf.of(r)
	if *m == nil {
		*m = map[string]landing{}
	}
	now := time.Now()
	for b, l := range *m {
		if !now.Before(l.until) {
			delete(*m, b)
		}
	}
	(*m)[branch] = landing{sha: sha, parent: parent, until: c.answerAt}
}

// holdAnswer waits until the answer may leave, or the client gives up.
func (c *reqCtx) holdAnswer() {
	d := time.Until(c.answerAt)
	if c.answerAt.IsZero() || d <= 0 {
		return
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-c.r.Context().Done():
	}
}
