package repository

import (
	"context"
	"net/http"
	"strings"
	"testing"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
)

// shown is GitHub's repository with push protection's delegated bypass
// on, reviewed by reviewers.
func shown(reviewers ...github.BypassReviewer) func(*github.Repository) {
	return func(r *github.Repository) {
		r.SecurityAndAnalysis = &github.SecurityAndAnalysis{SecretScanningPushProtection: &github.FeatureStatus{Status: "enabled"},
			SecretScanningDelegatedBypass:        &github.FeatureStatus{Status: "enabled"},
			SecretScanningDelegatedBypassOptions: &github.DelegatedBypassOptions{Reviewers: reviewers}}
	}
}

// declared is a spec declaring push protection's delegated bypass,
// reviewed by reviewers.
func declared(reviewers ...common.BypassReviewer) mod {
	return withParams(func(p *common.RepositoryParameters) {
		p.SecurityAndAnalysis = &common.SecurityAndAnalysis{SecretScanningPushProtection: ptr.To(true),
			SecretScanningDelegatedBypass: &common.DelegatedBypass{Enabled: true, Reviewers: reviewers}}
	})
}

// TestObserveDelegatedBypass: the reviewers of a declared delegated bypass
// are looked up (a team by slug, the roles once) only when GitHub shows it;
// reviewers GitHub has differently are drift; an unknown role is named
// with the roles there are.
func TestObserveDelegatedBypass(t *testing.T) {
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

// TestBypassReviewersKept: a steady Repository reads no team and no role
// once its reviewers are resolved; reviewers that differ on GitHub, or a
// changed declaration, are looked up again; a reviewer that cannot be
// found leaves the repository in the status, Ready=False saying why.
func TestBypassReviewersKept(t *testing.T) {
	steady := ghRepo(shown(github.BypassReviewer{ReviewerID: 5, ReviewerType: "TEAM"}, github.BypassReviewer{ReviewerID: 138, ReviewerType: "ROLE"}))
	both := declared(common.BypassReviewer{Team: ptr.To("sec")}, common.BypassReviewer{Role: ptr.To("security_manager")})
	type observe struct {
		repo *github.Repository
		mg   mod
	}
	cases := map[string]struct {
		reason   string
		observes []observe
		reads    []int // team and role reads after each observe, in all
		diffs    []string
	}{
		"Steady": {
			reason:   "Reviewers resolved once are not looked up again while GitHub shows them.",
			observes: []observe{{steady, both}, {steady, both}, {steady, both}},
			reads:    []int{2, 2, 2}, diffs: []string{"", "", ""},
		},
		"Drift": {
			reason:   "Reviewers that differ on GitHub are looked up again (and are drift).",
			observes: []observe{{steady, both}, {ghRepo(shown(github.BypassReviewer{ReviewerID: 5, ReviewerType: "TEAM"})), both}, {steady, both}},
			reads:    []int{2, 4, 4}, diffs: []string{"", "securityAndAnalysis.secretScanningDelegatedBypass", ""},
		},
		"DeclarationChanged": {
			reason: "Another declaration is looked up, even when GitHub shows what the former resolved to.",
			observes: []observe{{steady, both}, {steady, declared(common.BypassReviewer{Team: ptr.To("sec")}, common.BypassReviewer{Role: ptr.To("security_manager"), Mode: ptr.To("EXEMPT")})},
				{steady, both}},
			reads: []int{2, 4, 6}, diffs: []string{"", "securityAndAnalysis.secretScanningDelegatedBypass", ""},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				reads := 0
				var current *github.Repository
				api := &mockAPI{
					MockReposAPI: fake.MockReposAPI{MockGet: func(context.Context, string, string) (*github.Repository, error) { return current, nil }},
					MockTeamsAPI: fake.MockTeamsAPI{MockGetTeam: func(_ context.Context, _, slug string) (*github.Team, error) {
						reads++
						return &github.Team{ID: 5, Slug: slug}, nil
					}},
					MockOrgRolesAPI: fake.MockOrgRolesAPI{MockListOrgRoles: func(context.Context, string) ([]github.OrgRole, error) {
						reads++
						return []github.OrgRole{{ID: 138, Name: "security_manager"}}, nil
					}},
				}
				kept := newBypassIDs()
				for i, o := range tc.observes {
					current = o.repo
					mg := s.repository(withExternalName("x"), withID(1), withUID("u1"), o.mg)
					got, err := s.keeping(api, kept).Observe(context.Background(), mg)
					if err != nil {
						t.Fatalf("\n%s\nObserve() #%d: %v", tc.reason, i+1, err)
					}
					if got.Diff != tc.diffs[i] {
						t.Errorf("\n%s\nObserve() #%d: Diff = %q, want %q", tc.reason, i+1, got.Diff, tc.diffs[i])
					}
					if reads != tc.reads[i] {
						t.Errorf("\n%s\nafter Observe() #%d: %d team and role reads, want %d", tc.reason, i+1, reads, tc.reads[i])
					}
				}
			})
		})
	}

	t.Run("TeamMissing", func(t *testing.T) {
		kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
			api := &mockAPI{
				MockReposAPI: fake.MockReposAPI{MockGet: func(context.Context, string, string) (*github.Repository, error) { return steady, nil }},
				MockTeamsAPI: fake.MockTeamsAPI{MockGetTeam: func(context.Context, string, string) (*github.Team, error) {
					return nil, ghErrOn(http.MethodGet, "/orgs/org/teams/ghosts", http.StatusNotFound)
				}},
			}
			mg := s.repository(withExternalName("x"), withID(1), withUID("u1"), declared(common.BypassReviewer{Team: ptr.To("ghosts")}))
			_, err := s.keeping(api, newBypassIDs()).Observe(context.Background(), mg)
			want := `cannot find team "ghosts" of organization org, named by spec.forProvider.securityAndAnalysis.secretScanningDelegatedBypass.reviewers[0].team`
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("Observe() error = %v, want one containing %q", err, want)
			}
			ready := mg.GetCondition(xpv2.TypeReady)
			if ready.Status != corev1.ConditionFalse || !strings.Contains(ready.Message, want) {
				t.Errorf("Ready = %s %q, want False naming the team", ready.Status, ready.Message)
			}
			if ptr.Deref(mg.Observation().FullName, "") != "org/x" {
				t.Errorf("status.atProvider.fullName = %v, want org/x: the repository is reported", mg.Observation().FullName)
			}
		})
	})
}

func withUID(uid string) mod { return func(r Object) { r.SetUID(types.UID(uid)) } }
