package repository

import (
	"context"
	"strings"
	"testing"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
)

// TestObserveDelegatedBypass: the reviewers of a declared delegated bypass
// are looked up (a team by slug, the roles once) only when GitHub shows it;
// reviewers GitHub has differently are drift; an unknown role is named
// with the roles there are.
func TestObserveDelegatedBypass(t *testing.T) {
	shown := func(reviewers ...github.BypassReviewer) func(*github.Repository) {
		return func(r *github.Repository) {
			r.SecurityAndAnalysis = &github.SecurityAndAnalysis{SecretScanningPushProtection: &github.FeatureStatus{Status: "enabled"},
				SecretScanningDelegatedBypass:        &github.FeatureStatus{Status: "enabled"},
				SecretScanningDelegatedBypassOptions: &github.DelegatedBypassOptions{Reviewers: reviewers}}
		}
	}
	declared := func(reviewers ...common.BypassReviewer) mod {
		return withParams(func(p *common.RepositoryParameters) {
			p.SecurityAndAnalysis = &common.SecurityAndAnalysis{SecretScanningPushProtection: ptr.To(true),
				SecretScanningDelegatedBypass: &common.DelegatedBypass{Enabled: true, Reviewers: reviewers}}
		})
	}
	team := common.BypassReviewer{Team: ptr.To("sec")}
	role := common.BypassReviewer{Role: ptr.To("Security_Manager")}
	cases := map[string]struct {
		reason  string
		repo    *github.Repository
		mg      mod
		diff    string
		err     string
		lookups []string
	}{
		"UpToDate": {
			reason: "The same reviewers: looked up, no drift.",
			repo:   ghRepo(shown(github.BypassReviewer{ReviewerID: 138, ReviewerType: "ROLE"}, github.BypassReviewer{ReviewerID: 5, ReviewerType: "TEAM", Mode: "ALWAYS"})),
			mg:     declared(team, role), lookups: []string{"team sec", "roles"},
		},
		"Drift": {
			reason: "A reviewer removed on GitHub is drift.",
			repo:   ghRepo(shown(github.BypassReviewer{ReviewerID: 5, ReviewerType: "TEAM"})),
			mg:     declared(team, role), lookups: []string{"team sec", "roles"},
			diff: "securityAndAnalysis.secretScanningDelegatedBypass",
		},
		"NotShown": {
			reason: "GitHub does not show delegated bypass (a user's repository): nothing is looked up.",
			repo:   ghRepo(func(r *github.Repository) { r.SecurityAndAnalysis = &github.SecurityAndAnalysis{} }),
			mg:     declared(team, role),
		},
		"UnknownRole": {
			reason: "A role the organization does not have is named, with those it has.",
			repo:   ghRepo(shown()),
			mg:     declared(common.BypassReviewer{Role: ptr.To("gatekeeper")}), lookups: []string{"roles"},
			err: `names role "gatekeeper", which organization org does not have: its roles are "security_manager"`,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				var lookups []string
				api := &mockAPI{
					MockReposAPI: fake.MockReposAPI{MockGet: func(context.Context, string, string) (*github.Repository, error) { return tc.repo, nil }},
					MockTeamsAPI: fake.MockTeamsAPI{MockGetTeam: func(_ context.Context, _, slug string) (*github.Team, error) {
						lookups = append(lookups, "team "+slug)
						return &github.Team{ID: 5, Slug: slug}, nil
					}},
					MockOrgRolesAPI: fake.MockOrgRolesAPI{MockListOrgRoles: func(context.Context, string) ([]github.OrgRole, error) {
						lookups = append(lookups, "roles")
						return []github.OrgRole{{ID: 138, Name: "security_manager"}}, nil
					}},
				}
				mg := s.repository(withExternalName("x"), withID(1), tc.mg)
				o, err := s.external(api, "org", nil).Observe(context.Background(), mg)
				switch {
				case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
					t.Fatalf("\n%s\nObserve() error = %v, want one containing %q", tc.reason, err, tc.err)
				case tc.err == "" && err != nil:
					t.Fatalf("\n%s\nObserve(): %v", tc.reason, err)
				case tc.err == "" && o.Diff != tc.diff:
					t.Errorf("\n%s\nObserve().Diff = %q, want %q", tc.reason, o.Diff, tc.diff)
				}
				if strings.Join(lookups, ", ") != strings.Join(tc.lookups, ", ") {
					t.Errorf("\n%s\nlookups %v, want %v", tc.reason, lookups, tc.lookups)
				}
			})
		})
	}
}
