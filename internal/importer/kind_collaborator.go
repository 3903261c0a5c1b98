package importer

import (
	"context"
	"fmt"
	"strings"

	"github.com/crossplane-github/provider-github/internal/clients/collaborator"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// collaboratorKind imports a repository's direct collaborators and the
// users with a pending invitation to become one (a page of 100 a request
// each; a collaborator whose entry has no role_name, as older servers
// answer, is read once more). Members with access through the organization
// or a team only, and the repository's owner, are no Collaborators; nor
// are expired invitations (the controller would invite again) or those
// sent to an email address. In an archived repository GitHub reports every
// collaborator as read, and so does the import, with a note.
var collaboratorKind = Kind{Name: "Collaborator", Group: "repo", Level: PerRepository,
	Import: func(ctx context.Context, s *Session, repo *Repo) ([]Resource, error) {
		direct, err := gh.NewCollaboratorsClient(s.GitHub).ListDirectCollaborators(ctx, repo.Owner, repo.Name)
		if err != nil {
			return nil, fmt.Errorf("cannot list the direct collaborators: %w", err)
		}
		invitations, err := gh.NewInvitationsClient(s.GitHub).ListInvitations(ctx, repo.Owner, repo.Name)
		if err != nil {
			return nil, fmt.Errorf("cannot list the invitations: %w", err)
		}
		var rs []Resource
		seen := map[string]bool{}
		for i := range direct {
			c := &direct[i]
			if strings.EqualFold(c.Login, repo.Owner) {
				continue // the owner is no collaborator of its own repository
			}
			role, err := collaboratorRole(ctx, s, repo, c)
			if err != nil {
				return nil, err
			}
			seen[strings.ToLower(c.Login)] = true
			r := collaboratorResource(s, repo, c.Login, role)
			if repo.GitHub != nil && repo.GitHub.Archived {
				r.Notes = append(r.Notes, "Archived repository: GitHub reports every collaborator's role as read, whatever was granted, and the provider leaves it; check the permission before you unarchive the repository, or the provider sets it.")
			}
			rs = append(rs, r)
		}
		for i := range invitations {
			inv := &invitations[i]
			if inv.Invitee == nil || inv.Expired || seen[strings.ToLower(inv.Invitee.Login)] {
				continue
			}
			seen[strings.ToLower(inv.Invitee.Login)] = true
			r := collaboratorResource(s, repo, inv.Invitee.Login, inv.Permissions)
			r.Notes = append(r.Notes, fmt.Sprintf("Invited: %s has not accepted the invitation yet (GitHub reports the role an invitation offers; a custom role as its base role).", inv.Invitee.Login))
			rs = append(rs, r)
		}
		return rs, nil
	}}

// collaboratorRole is the role GitHub reports for the direct collaborator
// c: the list's role_name, or, where the list has none, the permission
// read for c alone.
func collaboratorRole(ctx context.Context, s *Session, repo *Repo, c *gh.Collaborator) (string, error) {
	if c.RoleName != "" {
		return c.RoleName, nil
	}
	answer, err := gh.NewCollaboratorsClient(s.GitHub).GetPermission(ctx, repo.Owner, repo.Name, c.Login)
	if err != nil {
		return "", fmt.Errorf("cannot read the permission of %s: %w", c.Login, err)
	}
	role := collaborator.ReportedRole(answer).Role
	if role == "" {
		return "", fmt.Errorf("GitHub lists %s as a direct collaborator but reports no role", c.Login)
	}
	return role, nil
}

// collaboratorResource is the Collaborator resource of the user login
// with role on repo.
func collaboratorResource(s *Session, repo *Repo, login, role string) Resource {
	p := collaborator.Imported(login, role)
	p.RepositoryTarget = s.RepositoryTarget(repo)
	return Resource{Kind: "Collaborator", Group: "repo", Repository: repo.Name, Key: login,
		ExternalName: collaborator.ExternalName(login), ForProvider: p}
}
