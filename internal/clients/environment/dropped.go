package environment

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/dropped"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// GitHub takes an environment's reviewer team that has no access to the
// repository and leaves it out of the reviewers it keeps
// (integrations/terraform-provider-github #1166). Writing it again on every
// poll would be refused the same way, so the teams left out are recorded
// (status.atProvider.droppedByGitHub), named in the Ready condition, not
// counted as drift, and asked for again only dropped.RetryAfter later or
// when the spec changes.

// Dropped are the declared reviewer teams of want that GitHub left out of
// got, its answer to a write of them, at the time at; nil when it kept
// them all.
func Dropped(want []Reviewer, got *github.Environment, at time.Time) *common.DroppedReviewers {
	kept := SettingsOf(got).Reviewers
	var teams []common.DroppedReviewerTeam
	for _, w := range want {
		if w.Type == TypeTeam && !w.in(kept) {
			teams = append(teams, w.dropped())
		}
	}
	if len(teams) == 0 {
		return nil
	}
	return &common.DroppedReviewers{At: metav1.NewTime(at), Teams: teams}
}

// Prune keeps of d the teams want still declares and GitHub's environment
// got still leaves out; nil when none are left.
func Prune(d *common.DroppedReviewers, want []Reviewer, got *github.Environment) *common.DroppedReviewers {
	if d == nil {
		return nil
	}
	kept := SettingsOf(got).Reviewers
	out := &common.DroppedReviewers{At: d.At}
	for _, t := range d.Teams {
		for _, w := range want {
			if w.is(t) && !w.in(kept) {
				out.Teams = append(out.Teams, t)
				break
			}
		}
	}
	if len(out.Teams) == 0 {
		return nil
	}
	return out
}

// Kept are the reviewers of want but the teams of d: those GitHub is
// expected to keep.
func Kept(want []Reviewer, d *common.DroppedReviewers) []Reviewer {
	if d == nil {
		return want
	}
	var out []Reviewer
	for _, w := range want {
		left := false
		for _, t := range d.Teams {
			left = left || w.is(t)
		}
		if !left {
			out = append(out, w)
		}
	}
	return out
}

// RetryDue tells whether it is time to ask GitHub again for the teams of
// d.
func RetryDue(d *common.DroppedReviewers, now time.Time) bool {
	return d != nil && dropped.RetryDue(d.At, now)
}

// DroppedMessage says, for a condition or an event, which reviewer teams
// GitHub left out of environment name of repository (owner/name), why, and
// what to do; "" for none. refIDs name the Team resources of teams the spec
// names by teamRef.
func DroppedMessage(d *common.DroppedReviewers, refIDs map[string]int64, repository, name string) string {
	if d == nil {
		return ""
	}
	names := make([]string, 0, len(d.Teams))
	for _, t := range d.Teams {
		names = append(names, teamName(t, refIDs))
	}
	it, them := "it", "it"
	if len(names) > 1 {
		it, them = "each", "them"
	}
	return fmt.Sprintf("GitHub left reviewer %s out of environment %q of %s: a reviewer team needs access to the repository, and %s none. Give %s access to %s (a TeamRepository can, with permission pull or more): the provider asks GitHub for %s again %s after it last left %s out, and whenever the spec changes",
		strings.Join(names, ", "), name, repository, pronoun(len(names)), it, repository, them, dropped.RetryAfter, them)
}

func pronoun(n int) string {
	if n > 1 {
		return "they have"
	}
	return "it has"
}

// teamName is a dropped team as the spec names it.
func teamName(t common.DroppedReviewerTeam, refIDs map[string]int64) string {
	if t.Slug != nil {
		return "team " + *t.Slug
	}
	id := ptr.Deref(t.ID, 0)
	for ref, refID := range refIDs {
		if refID == id {
			return fmt.Sprintf("team id %d (Team resource %s)", id, ref)
		}
	}
	return "team id " + strconv.FormatInt(id, 10)
}

// dropped is r, a team, as droppedByGitHub records it.
func (r Reviewer) dropped() common.DroppedReviewerTeam {
	if r.Name != "" {
		return common.DroppedReviewerTeam{Slug: ptr.To(r.Name)}
	}
	return common.DroppedReviewerTeam{ID: ptr.To(r.ID)}
}

// is tells whether r is the dropped team t.
func (r Reviewer) is(t common.DroppedReviewerTeam) bool {
	if r.Type != TypeTeam {
		return false
	}
	if t.Slug != nil {
		return strings.EqualFold(r.Name, *t.Slug)
	}
	return r.Name == "" && r.ID != 0 && r.ID == ptr.Deref(t.ID, 0)
}

// in tells whether r is one of GitHub's reviewers got.
func (r Reviewer) in(got []github.EnvironmentReviewer) bool {
	for _, g := range got {
		if r.matches(g) {
			return true
		}
	}
	return false
}
