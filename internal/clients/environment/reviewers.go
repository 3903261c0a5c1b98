// Package environment maps Environment parameters to GitHub's deployment
// environment requests and GitHub's answers to observations, and compares
// the two as GitHub does. It is pure: no Kubernetes client, no HTTP.
package environment

import (
	"strconv"
	"strings"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Reviewer types, as GitHub writes them.
const (
	TypeUser = "User"
	TypeTeam = "Team"
)

// A Reviewer is a reviewer the spec declares, as far as it is known
// without asking GitHub: its type and its id, or, when the spec names it
// by login or slug, that name (ID 0).
type Reviewer struct {
	Type string
	ID   int64
	// Name is the user's login or the team's slug, lower case; "" when
	// the spec names the reviewer by id or by Team resource.
	Name string
}

// String is the reviewer as a person writes it, for messages.
func (r Reviewer) String() string {
	switch {
	case r.Name != "" && r.Type == TypeUser:
		return "user " + r.Name
	case r.Name != "":
		return "team " + r.Name
	case r.Type == TypeUser:
		return "user id " + strconv.FormatInt(r.ID, 10)
	}
	return "team id " + strconv.FormatInt(r.ID, 10)
}

// Reviewers are the reviewers p declares, each once, in order. refIDs are
// the ids of the teams the spec names by teamRef, by the Team resource's
// name; a reference missing from it counts as id 0, which matches no
// reviewer GitHub has.
func Reviewers(p *common.EnvironmentParameters, refIDs map[string]int64) []Reviewer {
	var out []Reviewer
	seen := map[Reviewer]bool{}
	for _, r := range p.Reviewers {
		w := Reviewer{Type: r.Type, ID: ptr.Deref(r.ID, 0)}
		switch {
		case r.Login != nil:
			w.Name = strings.ToLower(*r.Login)
		case r.TeamSlug != nil:
			w.Name = strings.ToLower(*r.TeamSlug)
		case r.TeamRef != nil:
			w.ID = refIDs[r.TeamRef.Name]
		}
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}

// matches tells whether GitHub's reviewer g is the declared reviewer r.
func (r Reviewer) matches(g github.EnvironmentReviewer) bool {
	if !strings.EqualFold(r.Type, g.Type) {
		return false
	}
	if r.Name == "" {
		return r.ID != 0 && r.ID == g.Reviewer.ID
	}
	name := g.Reviewer.Login
	if r.Type == TypeTeam {
		name = g.Reviewer.Slug
	}
	return strings.EqualFold(r.Name, name)
}

// SameReviewers tells whether GitHub's reviewers got are the declared ones
// want, in any order: every declared reviewer is one of GitHub's, and every
// one of GitHub's is declared. A user or team the spec names twice (by id
// and by login, say) is one reviewer, as GitHub keeps it.
func SameReviewers(want []Reviewer, got []github.EnvironmentReviewer) bool {
	matched := make([]bool, len(got))
	for _, w := range want {
		found := false
		for i, g := range got {
			if w.matches(g) {
				matched[i], found = true, true
			}
		}
		if !found {
			return false
		}
	}
	for _, m := range matched {
		if !m {
			return false
		}
	}
	return true
}
