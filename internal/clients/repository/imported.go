package repository

import (
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// What GitHub gives a new repository: an imported spec leaves these out.
// Visibility has no default worth leaving out, nor does allowForking,
// whose default follows the organization's policy.
var (
	newStrings = map[string]string{
		"description": "", "homepage": "", "defaultBranch": "main",
		"squashMergeCommitTitle": "COMMIT_OR_PR_TITLE", "squashMergeCommitMessage": "COMMIT_MESSAGES",
		"mergeCommitTitle": "MERGE_MESSAGE", "mergeCommitMessage": "PR_TITLE",
	}
	newBools = map[string]bool{
		"hasIssues": true, "hasProjects": true, "hasWiki": true, "hasDiscussions": false, "isTemplate": false,
		"allowSquashMerge": true, "allowMergeCommit": true, "allowRebaseMerge": true, "allowAutoMerge": false,
		"allowUpdateBranch": false, "deleteBranchOnMerge": false, "webCommitSignoffRequired": false,
	}
)

// Imported is the spec of a Repository resource for GitHub's repository a
// as it is: its owner and name, and every setting GitHub reports that is
// not what a new repository gets, so that Drift finds nothing and the
// spec stays short. Security features are given when enabled.
func Imported(a Actual) common.RepositoryParameters {
	r := a.Repo
	p := common.RepositoryParameters{Owner: nonEmpty(r.Owner.Login), Name: nonEmpty(r.Name)}
	for _, s := range stringSettings {
		v := s.actual(r)
		if def, ok := newStrings[s.field]; v != nil && (!ok || *v != def) {
			*s.spec(&p) = ptr.To(*v)
		}
	}
	for _, s := range boolSettings {
		v := s.actual(r)
		if def, ok := newBools[s.field]; v != nil && (!ok || *v != def) {
			*s.spec(&p) = ptr.To(*v)
		}
	}
	if r.Archived {
		p.Archived = ptr.To(true)
	}
	if len(r.Topics) > 0 {
		p.Topics = append([]string(nil), r.Topics...)
	}
	// Every value GitHub reports, a required property's default too: the
	// spec then names them all, and Drift finds nothing.
	p.CustomProperties = ImportedProperties(r.CustomProperties)
	if ptr.Deref(a.VulnerabilityAlerts, false) {
		p.VulnerabilityAlerts = ptr.To(true)
	}
	if ptr.Deref(a.PrivateVulnerabilityReporting, false) {
		p.PrivateVulnerabilityReporting = ptr.To(true)
	}
	if a.ImmutableReleases != nil && a.ImmutableReleases.Enabled && !a.ImmutableReleases.EnforcedByOwner {
		// Releases the organization keeps immutable are its setting, not
		// the repository's.
		p.ImmutableReleases = ptr.To(true)
	}
	if r.SecurityAndAnalysis != nil {
		sa := common.SecurityAndAnalysis{}
		for _, f := range features {
			if on := featureEnabled(*f.status(r.SecurityAndAnalysis)); ptr.Deref(on, false) {
				*f.spec(&sa) = ptr.To(true)
			}
		}
		sa.SecretScanningDelegatedBypass, _ = ImportedBypass(r.SecurityAndAnalysis, a.TeamSlugs, a.RoleNames)
		if sa != (common.SecurityAndAnalysis{}) {
			p.SecurityAndAnalysis = &sa
		}
	}
	return p
}

// ImportedBypass is GitHub's delegated bypass (in sa) as a spec declares
// it, nil unless enabled: each reviewer named as a person writes it, a
// team by its slug (teams, by id), a role by its name (roles, by id), the
// mode only when not GitHub's default. A reviewer whose id neither names
// is returned in unnamed, and then the reviewers are left out altogether:
// a spec without them leaves GitHub's reviewers as they are, where a list
// without one of them would remove it.
func ImportedBypass(sa *github.SecurityAndAnalysis, teams, roles map[int64]string) (bypass *common.DelegatedBypass, unnamed []github.BypassReviewer) {
	if sa == nil || !ptr.Deref(featureEnabled(sa.SecretScanningDelegatedBypass), false) {
		return nil, nil
	}
	bypass = &common.DelegatedBypass{Enabled: true}
	if sa.SecretScanningDelegatedBypassOptions == nil {
		return bypass, nil
	}
	for _, r := range sa.SecretScanningDelegatedBypassOptions.Reviewers {
		var d common.BypassReviewer
		switch {
		case r.ReviewerType == BypassTeam && teams[r.ReviewerID] != "":
			d.Team = ptr.To(teams[r.ReviewerID])
		case r.ReviewerType == BypassRole && roles[r.ReviewerID] != "":
			d.Role = ptr.To(roles[r.ReviewerID])
		default:
			unnamed = append(unnamed, r)
			continue
		}
		if r.Mode != "" && r.Mode != BypassAlways {
			d.Mode = ptr.To(r.Mode)
		}
		bypass.Reviewers = append(bypass.Reviewers, d)
	}
	if len(unnamed) > 0 {
		bypass.Reviewers = nil
	}
	return bypass, unnamed
}
