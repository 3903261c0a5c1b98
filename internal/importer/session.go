package importer

import (
	"context"
	"fmt"
	"strings"
	"sync"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-github/v37/github"
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// A Session is one import: what the kinds read GitHub with, and what they
// may refer to.
type Session struct {
	// GitHub is the client every read goes through.
	GitHub  *github.Client
	Options Options

	kinds map[string]bool // the kinds imported
	repos map[string]bool // the repositories imported, by lower-case name
	// repoNames are the names of the organisation's repositories, imported
	// or not, by id.
	repoNames map[int64]string

	// orgReads are the organisation's lists several kinds read (see
	// Teams), read once under orgMu: the repositories' kinds read them
	// too, concurrently with the organisation's.
	orgMu    sync.Mutex
	orgReads map[string]any
}

// Teams are the organisation's teams, listed once an import for every
// kind that needs them (Team, TeamRepository, ...).
func (s *Session) Teams(ctx context.Context) ([]gh.Team, error) {
	s.orgMu.Lock()
	defer s.orgMu.Unlock()
	return readInto(ctx, &s.orgReads, "teams", func(ctx context.Context) ([]gh.Team, error) {
		return gh.NewTeamsClient(s.GitHub).ListTeams(ctx, s.Options.Owner)
	})
}

// Roles are the organisation's roles, listed once an import for every
// kind that names them (delegated bypass reviewers).
func (s *Session) Roles(ctx context.Context) ([]gh.OrgRole, error) {
	s.orgMu.Lock()
	defer s.orgMu.Unlock()
	return readInto(ctx, &s.orgReads, "roles", func(ctx context.Context) ([]gh.OrgRole, error) {
		return gh.NewOrgRolesClient(s.GitHub).ListOrgRoles(ctx, s.Options.Owner)
	})
}

// ReviewerNames are the names of the organisation's teams (slugs) and
// roles by id, for bypass reviewers GitHub reports by id: each list is
// read (once an import) only when a reviewer of its type is there.
func (s *Session) ReviewerNames(ctx context.Context, reviewers []gh.BypassReviewer) (teams, roles map[int64]string, err error) {
	teams, roles = map[int64]string{}, map[int64]string{}
	for _, r := range reviewers {
		switch {
		case r.ReviewerType == "TEAM" && len(teams) == 0:
			list, err := s.Teams(ctx)
			if err != nil {
				return nil, nil, fmt.Errorf("cannot list the teams of organisation %s, to name bypass reviewers: %w", s.Options.Owner, err)
			}
			for _, t := range list {
				teams[t.ID] = t.Slug
			}
		case r.ReviewerType == "ROLE" && len(roles) == 0:
			list, err := s.Roles(ctx)
			if err != nil {
				return nil, nil, fmt.Errorf("cannot list the roles of organisation %s, to name bypass reviewers: %w", s.Options.Owner, err)
			}
			for _, x := range list {
				roles[x.ID] = x.Name
			}
		}
	}
	return teams, roles, nil
}

// Name is the name of r's resource, with the import's prefix.
func (s *Session) Name(r Resource) string { return s.Options.Name(r) }

// Imports tells whether the kind named kind is imported.
func (s *Session) Imports(kind string) bool { return s.kinds[kind] }

// RepositoryTarget is how a resource of repo names it: by a reference to
// the repository's Repository resource when that is imported too (a
// rename then follows), by owner and name otherwise.
func (s *Session) RepositoryTarget(repo *Repo) common.RepositoryTarget {
	if s.Imports("Repository") && s.ImportsRepository(repo.Name) {
		return common.RepositoryTarget{RepositoryRef: &xpv2.Reference{Name: s.Options.NamePrefix + RepositoryName(repo.Name)}}
	}
	return common.RepositoryTarget{Owner: ptr.To(repo.Owner), Repository: ptr.To(repo.Name)}
}

// TeamReference is the reference to the Team resource of the team with
// slug, or nil when Teams are not imported.
func (s *Session) TeamReference(slug string) *xpv2.Reference {
	if !s.Imports("Team") {
		return nil
	}
	return &xpv2.Reference{Name: s.Name(Resource{Kind: "Team", Key: slug})}
}

// TeamTarget is how a resource names the team with slug: by a reference
// to its Team resource when Teams are imported, by slug otherwise.
func (s *Session) TeamTarget(slug string) common.TeamTarget {
	if ref := s.TeamReference(slug); ref != nil {
		return common.TeamTarget{TeamRef: ref}
	}
	return common.TeamTarget{TeamSlug: ptr.To(slug)}
}

// RepositoryNameOf is the name of the organisation's repository of id; ""
// for an id the organisation's list did not have.
func (s *Session) RepositoryNameOf(id int64) string { return s.repoNames[id] }

// ImportsRepository tells whether the repository named name is imported.
func (s *Session) ImportsRepository(name string) bool { return s.repos[strings.ToLower(name)] }

// EnvironmentTarget is how a resource of repo names its environment env:
// by a reference to the environment's Environment resource when
// Environments are imported, by name otherwise.
func (s *Session) EnvironmentTarget(repo *Repo, env string) common.EnvironmentTarget {
	if s.Imports("Environment") {
		return common.EnvironmentTarget{EnvironmentRef: &xpv2.Reference{Name: s.Name(Resource{Kind: "Environment", Repository: repo.Name, Key: env})}}
	}
	return common.EnvironmentTarget{Environment: ptr.To(env)}
}

// OrganizationTarget is how an organisation's resource names the
// organisation imported.
func (s *Session) OrganizationTarget() orgcommon.OrganizationTarget {
	return orgcommon.OrganizationTarget{Organization: ptr.To(s.Options.Owner)}
}
