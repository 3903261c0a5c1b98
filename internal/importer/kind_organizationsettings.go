package importer

import (
	"context"
	"fmt"
	"net/http"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/organizationsettings"
	"github.com/crossplane-github/provider-github/internal/clients/sharing"
)

// organizationSettingsKind imports the organization's settings: its
// profile, and the privileges that are not what GitHub gives a new
// organization (one request), and which repositories it enforces immutable
// releases on, where it does (one more, and one for a selection). Its
// login is the external name.
var organizationSettingsKind = Kind{Name: "OrganizationSettings", Group: "org", Level: PerOrganization,
	Import: func(ctx context.Context, s *Session, _ *Repo) ([]Resource, error) {
		got, err := gh.NewOrganizationsClient(s.GitHub).GetOrganization(ctx, s.Options.Owner)
		if err != nil {
			return nil, fmt.Errorf("cannot read the organization's settings: %w", err)
		}
		p := organizationsettings.Imported(got)
		p.OrganizationTarget = s.OrganizationTarget()
		var notes []string
		policy, err := gh.NewImmutableReleasesPolicyClient(s.GitHub).ImmutableReleasesPolicy(ctx, s.Options.Owner)
		switch {
		case gh.StatusCode(err) == http.StatusForbidden || gh.IsNotFound(err):
			notes = append(notes, "Which repositories the organization enforces immutable releases on could not be read (GitHub lets its owners read it, and GitHub Enterprise Server may not have it), so immutableReleases is left out and the provider leaves it as it is.")
		case err != nil:
			return nil, fmt.Errorf("cannot read which repositories the organization enforces immutable releases on: %w", err)
		case policy != "none":
			selected, err := selectedRepositories(ctx, s, gh.Shared{ImmutableReleases: true}, "", policy)
			if err != nil {
				return nil, err
			}
			sh := sharing.Imported(policy, selected)
			p.ImmutableReleases = &orgcommon.ImmutableReleasesEnforcement{EnforcedRepositories: policy, SelectedRepositories: sh.SelectedRepositories}
		}
		return []Resource{{Kind: "OrganizationSettings", Group: "org", Key: got.Login, ExternalName: got.Login, ForProvider: p, Notes: notes}}, nil
	}}
