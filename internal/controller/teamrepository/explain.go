package teamrepository

import (
	"context"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"

	"github.com/crossplane-github/provider-github/internal/clients/github"
	teamrepo "github.com/crossplane-github/provider-github/internal/clients/teamrepository"
)

// The errors of this controller, worded for the person who reads the
// resource's conditions.

// otherOrganization says that the team and the repository belong to
// different organizations.
func (e *external[T]) otherOrganization(g teamrepo.Grant) error {
	team := "team " + g.Team()
	if e.team.Via != "" {
		team += " (of " + e.team.Via + ")"
	}
	return errors.Errorf("%s belongs to organization %s, but repository %s belongs to %s: GitHub grants a team access only to its own organization's repositories; name a team of %s, or a repository of %s",
		team, g.Organization, g.FullName(), g.Owner, g.Owner, g.Organization)
}

// renamed says that the repository the permission was granted on, id,
// is now called now, which is not what the spec names.
func (e *external[T]) renamed(g teamrepo.Grant, id int64, now string) error {
	if e.repo.Via != "" {
		return errors.Errorf("repository %s (id %d) is now %s on GitHub, but %s still reports %s: waiting for them to agree",
			g.FullName(), id, now, e.repo.Via, g.FullName())
	}
	return errors.Errorf("repository %s (id %d) was renamed to %s on GitHub, which keeps team %s's permission on it: this resource names the repository by name, and does not grant the old name to whatever repository takes it; rename the repository back, or replace this TeamRepository with one for %s (a repositoryRef to a Repository resource follows renames)",
		g.FullName(), id, now, g.Team(), now)
}

// explain words GitHub's refusal of a grant: a 404 is a team or a
// repository that does not exist (which one costs a read of the
// repository, only now), a 422 a permission the organization does not
// have.
func (e *external[T]) explain(ctx context.Context, g teamrepo.Grant, permission, what string, err error) error {
	switch {
	case github.IsNotFound(err):
		return e.missing(ctx, g, what, err)
	case github.IsUnprocessable(err) && !teamrepo.BuiltIn(permission):
		return errors.Wrapf(err, "%s: organization %s has no custom repository role %q, or GitHub refused it; use pull, triage, push, maintain, admin or a custom role the organization defines", what, g.Organization, permission)
	default:
		return errors.Wrap(err, what)
	}
}

// missing says which of the repository and the team GitHub does not know.
func (e *external[T]) missing(ctx context.Context, g teamrepo.Grant, what string, notFound error) error {
	r, err := e.api.Get(ctx, g.Owner, g.Repository)
	switch {
	case github.IsNotFound(err):
		via := ""
		if e.repo.Via != "" {
			via = " (the name " + e.repo.Via + " reports)"
		}
		return errors.Errorf("%s: repository %s does not exist, or the credentials cannot see it%s", what, g.FullName(), via)
	case err != nil:
		// Which one is missing is unknown: GitHub's own answer says enough.
		return errors.Wrap(notFound, what)
	case r.Owner.Type == "User":
		return errors.Errorf("%s: repository %s belongs to the user %s, and only an organization's repositories can be granted to its teams", what, g.FullName(), r.Owner.Login)
	case !strings.EqualFold(r.FullName, g.FullName()):
		// GitHub's redirect from the old name led elsewhere.
		return errors.Wrap(e.renamed(g, r.ID, r.FullName), what)
	}
	hint := " (if the team was renamed on GitHub its slug changed: rename it back, or replace this TeamRepository with one for the new slug; a teamRef to a Team resource follows renames)"
	if e.team.Via != "" {
		hint = " (the slug " + e.team.Via + " reports: the team may have been renamed or deleted on GitHub)"
	}
	return errors.Errorf("%s: team %s does not exist in organization %s, or the credentials cannot see it%s", what, g.TeamSlug, g.Organization, hint)
}
