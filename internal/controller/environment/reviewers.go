package environment

import (
	"context"
	"fmt"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"

	env "github.com/crossplane-github/provider-github/internal/clients/environment"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// resolveTeamRefs finds the id of every team the reviewers name by
// teamRef, from the Team resources' status.
func (e *external[T]) resolveTeamRefs(ctx context.Context, mg T) error {
	e.refIDs = map[string]int64{}
	for i, r := range mg.Parameters().Reviewers {
		if r.TeamRef == nil {
			continue
		}
		t, err := e.teams(ctx, mg, fmt.Sprintf("spec.forProvider.reviewers[%d].teamRef", i), r.TeamRef.Name)
		if err != nil {
			return err
		}
		if t.Organization != "" && !env.SameName(t.Organization, e.repo.Owner) {
			return errors.Errorf("spec.forProvider.reviewers[%d].teamRef names %s, a team of %s: a reviewer team must belong to %s, which owns the repository", i, t.Via, t.Organization, e.repo.Owner)
		}
		e.refIDs[r.TeamRef.Name] = t.ID
	}
	return nil
}

// reviewerIDs are the declared reviewers by id, as GitHub takes them: a
// user named by login and a team named by slug are looked up.
func (e *external[T]) reviewerIDs(ctx context.Context, mg T) ([]github.ReviewerRequest, error) {
	if e.refIDs == nil {
		if err := e.resolveTeamRefs(ctx, mg); err != nil {
			return nil, err
		}
	}
	var out []github.ReviewerRequest
	seen := map[github.ReviewerRequest]bool{}
	for _, w := range env.Reviewers(mg.Parameters(), e.refIDs) {
		id := w.ID
		if w.Name != "" {
			var err error
			if id, err = e.lookUp(ctx, mg, w); err != nil {
				return nil, err
			}
		}
		r := github.ReviewerRequest{Type: w.Type, ID: id}
		if !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	return out, nil
}

// lookUp finds the id of a reviewer named by login or slug.
func (e *external[T]) lookUp(ctx context.Context, mg T, w env.Reviewer) (int64, error) {
	if w.Type == env.TypeTeam {
		field := "spec.forProvider.reviewers"
		for i, r := range mg.Parameters().Reviewers {
			if r.TeamSlug != nil && strings.EqualFold(*r.TeamSlug, w.Name) {
				field = fmt.Sprintf("spec.forProvider.reviewers[%d].teamSlug", i)
				break
			}
		}
		return kind.NewOrgNames(e.repo.Owner, e.api, nil).TeamID(ctx, field, w.Name)
	}
	a, err := e.api.GetAccount(ctx, w.Name)
	switch {
	case github.IsNotFound(err):
		return 0, errors.Wrapf(err, "cannot find GitHub user %q, a reviewer of spec.forProvider.reviewers: fix the login", w.Name)
	case err != nil:
		return 0, errors.Wrapf(err, "cannot read GitHub user %q, a reviewer", w.Name)
	case a.Type != "" && a.Type != env.TypeUser:
		return 0, errors.Errorf("%q is a GitHub %s, not a user: a reviewer of spec.forProvider.reviewers is a user or a team", w.Name, a.Type)
	}
	return a.ID, nil
}
