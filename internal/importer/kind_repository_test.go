package importer

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/repository"
)

// A repository's delegated bypass is imported with its reviewers named as
// a person declares them (a team by slug, a role by name), so that Drift,
// with them resolved as the controller does, finds nothing; a reviewer the
// import cannot name leaves the reviewers out, with a note.
func TestImportRepositoryDelegatedBypass(t *testing.T) {
	on := &gh.FeatureStatus{Status: "enabled"}
	// gone is a team deleted once it reviews bypasses: GitHub's reviewers
	// may name an id the organisation's teams do not have.
	const gone = -1
	cases := map[string]struct {
		reviewers []gh.BypassReviewer
		want      *common.DelegatedBypass
		note      string
	}{
		"Named": {
			reviewers: []gh.BypassReviewer{{ReviewerID: 42, ReviewerType: "TEAM"}, {ReviewerID: 138, ReviewerType: "ROLE", Mode: "EXEMPT"}},
			want: &common.DelegatedBypass{Enabled: true, Reviewers: []common.BypassReviewer{{Team: ptr.To("platform")},
				{Role: ptr.To("security_manager"), Mode: ptr.To("EXEMPT")}}},
		},
		"Unnamed": {
			reviewers: []gh.BypassReviewer{{ReviewerID: 42, ReviewerType: "TEAM"}, {ReviewerID: gone, ReviewerType: "TEAM"}},
			want:      &common.DelegatedBypass{Enabled: true},
			note:      "do not name (team GONE): secretScanningDelegatedBypass.reviewers is left out",
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			s, _ := newTestSessionOn(t, rulesetSeed, "Repository")
			teams := gh.NewTeamsClient(s.GitHub)
			temp, err := teams.CreateTeam(ctx, "acme", &gh.TeamRequest{Name: ptr.To("temporary")})
			if err != nil {
				t.Fatal(err)
			}
			reviewers := slices.Clone(tc.reviewers)
			for i := range reviewers {
				if reviewers[i].ReviewerID == gone {
					reviewers[i].ReviewerID = temp.ID
				}
			}
			note := strings.ReplaceAll(tc.note, "GONE", strconv.FormatInt(temp.ID, 10))
			if _, err := gh.NewReposClient(s.GitHub).Edit(ctx, "acme", "api", &gh.RepositoryRequest{SecurityAndAnalysis: &gh.SecurityAndAnalysis{
				SecretScanningPushProtection: on, SecretScanningDelegatedBypass: on,
				SecretScanningDelegatedBypassOptions: &gh.DelegatedBypassOptions{Reviewers: reviewers}}}); err != nil {
				t.Fatal(err)
			}
			if err := teams.DeleteTeam(ctx, "acme", temp.Slug); err != nil {
				t.Fatal(err)
			}
			repo := testRepo(t, s.GitHub, "api")
			rs, err := repositoryKind.Import(ctx, s, repo)
			if err != nil || len(rs) != 1 {
				t.Fatalf("repositoryKind.Import(api) = %v, %v: want one Repository", rs, err)
			}
			p := rs[0].ForProvider.(common.RepositoryParameters)
			if diff := cmp.Diff(tc.want, p.SecurityAndAnalysis.SecretScanningDelegatedBypass); diff != "" {
				t.Errorf("the imported delegated bypass: -want, +got:\n%s", diff)
			}
			notes := strings.Join(rs[0].Notes, "\n")
			if (note == "") != !strings.Contains(notes, "delegated bypass") || note != "" && !strings.Contains(notes, note) {
				t.Errorf("notes %q, want one saying %q", notes, note)
			}
			// Applied, the spec finds nothing to change: the controller
			// resolves the names to the ids GitHub has.
			var resolved []gh.BypassReviewer
			for _, d := range p.SecurityAndAnalysis.SecretScanningDelegatedBypass.Reviewers {
				id := map[string]int64{"platform": 42, "security_manager": 138}[ptr.Deref(d.Team, ptr.Deref(d.Role, ""))]
				resolved = append(resolved, repository.BypassReviewer(d, id))
			}
			if d := repository.Drift(&p, "api", repository.Actual{Repo: repo.GitHub, BypassReviewers: resolved}); len(d) > 0 {
				t.Errorf("Drift(imported) = %v, want none", d)
			}
		})
	}
}
