package repository

import (
	"context"
	"fmt"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	repo "github.com/crossplane-github/provider-github/internal/clients/repository"
)

// resolveBypassReviewers finds the id of each reviewer of the delegated
// bypass p declares, when it is enabled with reviewers and GitHub reports
// it for r (else it spends no request): a team by its slug, a role among
// the organization's roles (read once).
func (e *external[T]) resolveBypassReviewers(ctx context.Context, p *common.RepositoryParameters, r *github.Repository) error {
	e.bypass = nil
	want := repo.DelegatedBypass(p)
	if want == nil || !want.Enabled || len(want.Reviewers) == 0 || r.SecurityAndAnalysis == nil || r.SecurityAndAnalysis.SecretScanningDelegatedBypass == nil {
		return nil
	}
	org := r.Owner.Login
	const field = "spec.forProvider.securityAndAnalysis.secretScanningDelegatedBypass.reviewers"
	var roles []github.OrgRole
	for i, d := range want.Reviewers {
		var id int64
		switch {
		case d.Team != nil:
			t, err := e.api.GetTeam(ctx, org, *d.Team)
			switch {
			case github.IsNotFound(err):
				return errors.Wrapf(err, "cannot find team %q of organization %s, named by %s[%d]: create it, or fix the slug", *d.Team, org, field, i)
			case err != nil:
				return errors.Wrapf(err, "cannot read team %q of %s, a reviewer of bypass requests", *d.Team, org)
			}
			id = t.ID
		case d.Role != nil:
			if roles == nil {
				var err error
				if roles, err = e.api.ListOrgRoles(ctx, org); err != nil {
					return errors.Wrapf(err, "cannot list the organization roles of %s, to find the role %q named by %s[%d]", org, *d.Role, field, i)
				}
			}
			if id = roleID(roles, *d.Role); id == 0 {
				return errors.Errorf("%s[%d] names role %q, which organization %s does not have: its roles are %s", field, i, *d.Role, org, roleNames(roles))
			}
		}
		e.bypass = append(e.bypass, repo.BypassReviewer(d, id))
	}
	return nil
}

// roleID is the id of the role of that name (without regard to case), 0
// when there is none.
func roleID(roles []github.OrgRole, name string) int64 {
	for _, r := range roles {
		if strings.EqualFold(r.Name, name) {
			return r.ID
		}
	}
	return 0
}

func roleNames(roles []github.OrgRole) string {
	names := make([]string, 0, len(roles))
	for _, r := range roles {
		names = append(names, fmt.Sprintf("%q", r.Name))
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}
