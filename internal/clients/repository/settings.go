package repository

import (
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// A setting is one repository setting that is reconciled continuously: where
// it lives in the spec, what GitHub reports for it (nil when GitHub does not
// report it to this caller), and where it goes in an update request.
type setting struct {
	field  string
	spec   func(*common.RepositoryParameters) **string
	actual func(*github.Repository) *string
	req    func(*github.RepositoryRequest) **string
}

type boolSetting struct {
	field  string
	spec   func(*common.RepositoryParameters) **bool
	actual func(*github.Repository) *bool
	req    func(*github.RepositoryRequest) **bool
}

// emptyIfNil: GitHub reports an unset description or homepage as null.
func emptyIfNil(s *string) *string {
	if s == nil {
		return ptr.To("")
	}
	return s
}

var stringSettings = []setting{
	{"description", func(p *common.RepositoryParameters) **string { return &p.Description },
		func(r *github.Repository) *string { return emptyIfNil(r.Description) },
		func(q *github.RepositoryRequest) **string { return &q.Description }},
	{"homepage", func(p *common.RepositoryParameters) **string { return &p.Homepage },
		func(r *github.Repository) *string { return emptyIfNil(r.Homepage) },
		func(q *github.RepositoryRequest) **string { return &q.Homepage }},
	{"visibility", func(p *common.RepositoryParameters) **string { return &p.Visibility },
		func(r *github.Repository) *string { return ptr.To(visibility(r)) },
		func(q *github.RepositoryRequest) **string { return &q.Visibility }},
	{"defaultBranch", func(p *common.RepositoryParameters) **string { return &p.DefaultBranch },
		func(r *github.Repository) *string { return nonEmpty(r.DefaultBranch) },
		func(q *github.RepositoryRequest) **string { return &q.DefaultBranch }},
	{"squashMergeCommitTitle", func(p *common.RepositoryParameters) **string { return &p.SquashMergeCommitTitle },
		func(r *github.Repository) *string { return r.SquashMergeCommitTitle },
		func(q *github.RepositoryRequest) **string { return &q.SquashMergeCommitTitle }},
	{"squashMergeCommitMessage", func(p *common.RepositoryParameters) **string { return &p.SquashMergeCommitMessage },
		func(r *github.Repository) *string { return r.SquashMergeCommitMessage },
		func(q *github.RepositoryRequest) **string { return &q.SquashMergeCommitMessage }},
	{"mergeCommitTitle", func(p *common.RepositoryParameters) **string { return &p.MergeCommitTitle },
		func(r *github.Repository) *string { return r.MergeCommitTitle },
		func(q *github.RepositoryRequest) **string { return &q.MergeCommitTitle }},
	{"mergeCommitMessage", func(p *common.RepositoryParameters) **string { return &p.MergeCommitMessage },
		func(r *github.Repository) *string { return r.MergeCommitMessage },
		func(q *github.RepositoryRequest) **string { return &q.MergeCommitMessage }},
}

var boolSettings = []boolSetting{
	{"hasIssues", func(p *common.RepositoryParameters) **bool { return &p.HasIssues },
		func(r *github.Repository) *bool { return ptr.To(r.HasIssues) },
		func(q *github.RepositoryRequest) **bool { return &q.HasIssues }},
	{"hasProjects", func(p *common.RepositoryParameters) **bool { return &p.HasProjects },
		func(r *github.Repository) *bool { return ptr.To(r.HasProjects) },
		func(q *github.RepositoryRequest) **bool { return &q.HasProjects }},
	{"hasWiki", func(p *common.RepositoryParameters) **bool { return &p.HasWiki },
		func(r *github.Repository) *bool { return ptr.To(r.HasWiki) },
		func(q *github.RepositoryRequest) **bool { return &q.HasWiki }},
	{"hasDiscussions", func(p *common.RepositoryParameters) **bool { return &p.HasDiscussions },
		func(r *github.Repository) *bool { return ptr.To(r.HasDiscussions) },
		func(q *github.RepositoryRequest) **bool { return &q.HasDiscussions }},
	{"isTemplate", func(p *common.RepositoryParameters) **bool { return &p.IsTemplate },
		func(r *github.Repository) *bool { return ptr.To(r.IsTemplate) },
		func(q *github.RepositoryRequest) **bool { return &q.IsTemplate }},
	{"allowSquashMerge", func(p *common.RepositoryParameters) **bool { return &p.AllowSquashMerge },
		func(r *github.Repository) *bool { return r.AllowSquashMerge },
		func(q *github.RepositoryRequest) **bool { return &q.AllowSquashMerge }},
	{"allowMergeCommit", func(p *common.RepositoryParameters) **bool { return &p.AllowMergeCommit },
		func(r *github.Repository) *bool { return r.AllowMergeCommit },
		func(q *github.RepositoryRequest) **bool { return &q.AllowMergeCommit }},
	{"allowRebaseMerge", func(p *common.RepositoryParameters) **bool { return &p.AllowRebaseMerge },
		func(r *github.Repository) *bool { return r.AllowRebaseMerge },
		func(q *github.RepositoryRequest) **bool { return &q.AllowRebaseMerge }},
	{"allowAutoMerge", func(p *common.RepositoryParameters) **bool { return &p.AllowAutoMerge },
		func(r *github.Repository) *bool { return r.AllowAutoMerge },
		func(q *github.RepositoryRequest) **bool { return &q.AllowAutoMerge }},
	{"allowUpdateBranch", func(p *common.RepositoryParameters) **bool { return &p.AllowUpdateBranch },
		func(r *github.Repository) *bool { return r.AllowUpdateBranch },
		func(q *github.RepositoryRequest) **bool { return &q.AllowUpdateBranch }},
	{"deleteBranchOnMerge", func(p *common.RepositoryParameters) **bool { return &p.DeleteBranchOnMerge },
		func(r *github.Repository) *bool { return r.DeleteBranchOnMerge },
		func(q *github.RepositoryRequest) **bool { return &q.DeleteBranchOnMerge }},
	{"allowForking", func(p *common.RepositoryParameters) **bool { return &p.AllowForking },
		func(r *github.Repository) *bool { return r.AllowForking },
		func(q *github.RepositoryRequest) **bool { return &q.AllowForking }},
	{"webCommitSignoffRequired", func(p *common.RepositoryParameters) **bool { return &p.WebCommitSignoffRequired },
		func(r *github.Repository) *bool { return r.WebCommitSignoffRequired },
		func(q *github.RepositoryRequest) **bool { return &q.WebCommitSignoffRequired }},
}

// A feature is one of the security_and_analysis features.
type feature struct {
	field  string
	spec   func(*common.SecurityAndAnalysis) **bool
	status func(*github.SecurityAndAnalysis) **github.FeatureStatus
}

var features = []feature{
	{"advancedSecurity", func(s *common.SecurityAndAnalysis) **bool { return &s.AdvancedSecurity },
		func(s *github.SecurityAndAnalysis) **github.FeatureStatus { return &s.AdvancedSecurity }},
	{"secretScanning", func(s *common.SecurityAndAnalysis) **bool { return &s.SecretScanning },
		func(s *github.SecurityAndAnalysis) **github.FeatureStatus { return &s.SecretScanning }},
	{"secretScanningPushProtection", func(s *common.SecurityAndAnalysis) **bool { return &s.SecretScanningPushProtection },
		func(s *github.SecurityAndAnalysis) **github.FeatureStatus { return &s.SecretScanningPushProtection }},
	{"dependabotSecurityUpdates", func(s *common.SecurityAndAnalysis) **bool { return &s.DependabotSecurityUpdates },
		func(s *github.SecurityAndAnalysis) **github.FeatureStatus { return &s.DependabotSecurityUpdates }},
}

func featureEnabled(f *github.FeatureStatus) *bool {
	if f == nil || f.Status == "" {
		return nil
	}
	return ptr.To(f.Status == "enabled")
}

func featureStatus(enabled bool) *github.FeatureStatus {
	if enabled {
		return &github.FeatureStatus{Status: "enabled"}
	}
	return &github.FeatureStatus{Status: "disabled"}
}
