package repository

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// newRepository is a repository as GitHub answers it just after a plain
// create, to its admin.
func newRepository() *github.Repository {
	return &github.Repository{Name: "api", Owner: github.Account{Login: "acme"}, Visibility: "private", Private: true,
		DefaultBranch: "main", HasIssues: true, HasProjects: true, HasWiki: true,
		AllowSquashMerge: ptr.To(true), AllowMergeCommit: ptr.To(true), AllowRebaseMerge: ptr.To(true),
		AllowAutoMerge: ptr.To(false), AllowUpdateBranch: ptr.To(false), DeleteBranchOnMerge: ptr.To(false),
		AllowForking: ptr.To(false), WebCommitSignoffRequired: ptr.To(false),
		SquashMergeCommitTitle: ptr.To("COMMIT_OR_PR_TITLE"), SquashMergeCommitMessage: ptr.To("COMMIT_MESSAGES"),
		MergeCommitTitle: ptr.To("MERGE_MESSAGE"), MergeCommitMessage: ptr.To("PR_TITLE"),
		SecurityAndAnalysis: &github.SecurityAndAnalysis{SecretScanning: &github.FeatureStatus{Status: "disabled"}}}
}

func TestImported(t *testing.T) {
	changed := newRepository()
	changed.Description, changed.Homepage = ptr.To("The API"), ptr.To("https://example.com")
	changed.Visibility, changed.Private = "public", false
	changed.DefaultBranch, changed.HasWiki, changed.AllowMergeCommit, changed.DeleteBranchOnMerge = "trunk", false, ptr.To(false), ptr.To(true)
	changed.SquashMergeCommitTitle, changed.SquashMergeCommitMessage = ptr.To("PR_TITLE"), ptr.To("PR_BODY")
	changed.Topics = []string{"go", "api"}
	// Delegated bypass reviewers are ids on GitHub and names in a spec: a
	// team's slug, a role's name; one the import cannot name is left out.
	changed.SecurityAndAnalysis = &github.SecurityAndAnalysis{SecretScanning: &github.FeatureStatus{Status: "enabled"},
		SecretScanningPushProtection:  &github.FeatureStatus{Status: "enabled"},
		SecretScanningDelegatedBypass: &github.FeatureStatus{Status: "enabled"},
		SecretScanningDelegatedBypassOptions: &github.DelegatedBypassOptions{Reviewers: []github.BypassReviewer{{ReviewerID: 5, ReviewerType: "TEAM", Mode: "ALWAYS"},
			{ReviewerID: 138, ReviewerType: "ROLE", Mode: "EXEMPT"}}}}
	unnamed := newRepository()
	unnamed.SecurityAndAnalysis = &github.SecurityAndAnalysis{SecretScanningPushProtection: &github.FeatureStatus{Status: "enabled"},
		SecretScanningDelegatedBypass:        &github.FeatureStatus{Status: "enabled"},
		SecretScanningDelegatedBypassOptions: &github.DelegatedBypassOptions{Reviewers: []github.BypassReviewer{{ReviewerID: 5, ReviewerType: "TEAM"}, {ReviewerID: 99, ReviewerType: "TEAM"}}}}
	changed.CustomProperties = map[string]github.PropertyValue{"environment": *github.StringValue("production"), "tags": *github.ListValue([]string{"pci"})}
	archived := newRepository()
	archived.Archived, archived.Description = true, ptr.To("old")

	cases := map[string]struct {
		a    Actual
		want common.RepositoryParameters
	}{
		"a new repository: owner, name, visibility and what has no default": {
			a:    Actual{Repo: newRepository(), VulnerabilityAlerts: ptr.To(false)},
			want: common.RepositoryParameters{Owner: ptr.To("acme"), Name: ptr.To("api"), Visibility: ptr.To("private"), AllowForking: ptr.To(false)},
		},
		"every changed setting": {
			a: Actual{Repo: changed, VulnerabilityAlerts: ptr.To(true), PrivateVulnerabilityReporting: ptr.To(true),
				ImmutableReleases: &github.ImmutableReleases{Enabled: true},
				TeamSlugs:         map[int64]string{5: "sec"}, RoleNames: map[int64]string{138: "security_manager"},
				// What the controller resolves the imported names to.
				BypassReviewers: []github.BypassReviewer{{ReviewerID: 5, ReviewerType: "TEAM", Mode: "ALWAYS"}, {ReviewerID: 138, ReviewerType: "ROLE", Mode: "EXEMPT"}}},
			want: common.RepositoryParameters{Owner: ptr.To("acme"), Name: ptr.To("api"), Visibility: ptr.To("public"), AllowForking: ptr.To(false),
				Description: ptr.To("The API"), Homepage: ptr.To("https://example.com"), DefaultBranch: ptr.To("trunk"), HasWiki: ptr.To(false),
				AllowMergeCommit: ptr.To(false), DeleteBranchOnMerge: ptr.To(true), SquashMergeCommitTitle: ptr.To("PR_TITLE"),
				SquashMergeCommitMessage: ptr.To("PR_BODY"), Topics: []string{"go", "api"}, VulnerabilityAlerts: ptr.To(true),
				PrivateVulnerabilityReporting: ptr.To(true), ImmutableReleases: ptr.To(true),
				SecurityAndAnalysis: &common.SecurityAndAnalysis{SecretScanning: ptr.To(true), SecretScanningPushProtection: ptr.To(true),
					SecretScanningDelegatedBypass: &common.DelegatedBypass{Enabled: true, Reviewers: []common.BypassReviewer{
						{Team: ptr.To("sec")}, {Role: ptr.To("security_manager"), Mode: ptr.To("EXEMPT")}}}},
				CustomProperties: map[string]common.CustomPropertyValue{"environment": value("production"), "tags": values("pci")}},
		},
		"immutable releases the organization enforces are left out": {
			a:    Actual{Repo: newRepository(), PrivateVulnerabilityReporting: ptr.To(false), ImmutableReleases: &github.ImmutableReleases{Enabled: true, EnforcedByOwner: true}},
			want: common.RepositoryParameters{Owner: ptr.To("acme"), Name: ptr.To("api"), Visibility: ptr.To("private"), AllowForking: ptr.To(false)},
		},
		"delegated bypass with a reviewer the import cannot name: on, without reviewers (GitHub's are left as they are)": {
			a: Actual{Repo: unnamed, TeamSlugs: map[int64]string{5: "sec"}, RoleNames: map[int64]string{}},
			want: common.RepositoryParameters{Owner: ptr.To("acme"), Name: ptr.To("api"), Visibility: ptr.To("private"), AllowForking: ptr.To(false),
				SecurityAndAnalysis: &common.SecurityAndAnalysis{SecretScanningPushProtection: ptr.To(true),
					SecretScanningDelegatedBypass: &common.DelegatedBypass{Enabled: true}}},
		},
		"archived": {
			a: Actual{Repo: archived},
			want: common.RepositoryParameters{Owner: ptr.To("acme"), Name: ptr.To("api"), Visibility: ptr.To("private"), AllowForking: ptr.To(false),
				Description: ptr.To("old"), Archived: ptr.To(true)},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := Imported(tc.a)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Imported(): -want, +got:\n%s", diff)
			}
			// Applied as it is, the spec finds nothing to change.
			if d := Drift(&got, tc.a.Repo.Name, tc.a); len(d) > 0 {
				t.Errorf("Drift(Imported()) = %v, want none", d)
			}
		})
	}
}
