package integration

import (
	"fmt"
	"testing"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// fullSpec declares every continuously reconciled setting the emulator's
// default user can hold for an organization repository.
func fullSpec() common.RepositoryParameters {
	return common.RepositoryParameters{
		AutoInit:                 ptr.To(true),
		Description:              ptr.To("declared"),
		Homepage:                 ptr.To("https://example.com"),
		Visibility:               ptr.To("private"),
		HasIssues:                ptr.To(true),
		HasProjects:              ptr.To(false),
		HasWiki:                  ptr.To(false),
		HasDiscussions:           ptr.To(true),
		IsTemplate:               ptr.To(false),
		DefaultBranch:            ptr.To("main"),
		AllowSquashMerge:         ptr.To(true),
		AllowMergeCommit:         ptr.To(false),
		AllowRebaseMerge:         ptr.To(true),
		AllowAutoMerge:           ptr.To(true),
		AllowUpdateBranch:        ptr.To(true),
		DeleteBranchOnMerge:      ptr.To(true),
		SquashMergeCommitTitle:   ptr.To("PR_TITLE"),
		SquashMergeCommitMessage: ptr.To("PR_BODY"),
		MergeCommitTitle:         ptr.To("PR_TITLE"),
		MergeCommitMessage:       ptr.To("BLANK"),
		AllowForking:             ptr.To(false),
		WebCommitSignoffRequired: ptr.To(true),
		Archived:                 ptr.To(false),
		Topics:                   []string{"declared"},
		VulnerabilityAlerts:      ptr.To(true),
		ImmutableReleases:        ptr.To(true),
		SecurityAndAnalysis: &common.SecurityAndAnalysis{
			AdvancedSecurity:             ptr.To(true),
			SecretScanning:               ptr.To(true),
			SecretScanningPushProtection: ptr.To(true),
			DependabotSecurityUpdates:    ptr.To(true),
		},
	}
}

// drifts are out-of-band changes (REST field name and value) and how to tell
// that the declared value is back.
var drifts = []struct {
	field string
	value any
	back  func(r emulator.Repo) bool
}{
	{"description", "changed", func(r emulator.Repo) bool { return ptr.Deref(r.Description, "") == "declared" }},
	{"homepage", "https://changed.example.com", func(r emulator.Repo) bool { return ptr.Deref(r.Homepage, "") == "https://example.com" }},
	{"visibility", "public", func(r emulator.Repo) bool { return r.Visibility == "private" }},
	{"has_issues", false, func(r emulator.Repo) bool { return r.HasIssues }},
	{"has_projects", true, func(r emulator.Repo) bool { return !r.HasProjects }},
	{"has_wiki", true, func(r emulator.Repo) bool { return !r.HasWiki }},
	{"has_discussions", false, func(r emulator.Repo) bool { return r.HasDiscussions }},
	{"is_template", true, func(r emulator.Repo) bool { return !r.IsTemplate }},
	{"allow_squash_merge", false, func(r emulator.Repo) bool { return r.AllowSquashMerge }},
	{"allow_merge_commit", true, func(r emulator.Repo) bool { return !r.AllowMergeCommit }},
	{"allow_rebase_merge", false, func(r emulator.Repo) bool { return r.AllowRebaseMerge }},
	{"allow_auto_merge", false, func(r emulator.Repo) bool { return r.AllowAutoMerge }},
	{"allow_update_branch", false, func(r emulator.Repo) bool { return r.AllowUpdateBranch }},
	{"delete_branch_on_merge", false, func(r emulator.Repo) bool { return r.DeleteBranchOnMerge }},
	{"squash_merge_commit_title", "COMMIT_OR_PR_TITLE", func(r emulator.Repo) bool { return r.SquashMergeCommitTitle == "PR_TITLE" }},
	{"squash_merge_commit_message", "BLANK", func(r emulator.Repo) bool { return r.SquashMergeCommitMessage == "PR_BODY" }},
	{"merge_commit_title", "MERGE_MESSAGE", func(r emulator.Repo) bool { return r.MergeCommitTitle == "PR_TITLE" }},
	{"merge_commit_message", "PR_BODY", func(r emulator.Repo) bool { return r.MergeCommitMessage == "BLANK" }},
	{"allow_forking", true, func(r emulator.Repo) bool { return !r.AllowForking }},
	{"web_commit_signoff_required", false, func(r emulator.Repo) bool { return r.WebCommitSignoffRequired }},
	{"topics", []string{"other"}, func(r emulator.Repo) bool { return len(r.Topics) == 1 && r.Topics[0] == "declared" }},
	{"vulnerability_alerts", false, func(r emulator.Repo) bool { return r.VulnerabilityAlerts }},
	{"immutable_releases", false, func(r emulator.Repo) bool { return r.ImmutableReleases }},
	{"security_and_analysis", map[string]any{"secret_scanning": map[string]string{"status": "disabled"}}, func(r emulator.Repo) bool { return r.SecretScanning == "enabled" }},
	{"security_and_analysis", map[string]any{"secret_scanning_push_protection": map[string]string{"status": "disabled"}}, func(r emulator.Repo) bool { return r.SecretScanningPushProtection == "enabled" }},
	{"security_and_analysis", map[string]any{"dependabot_security_updates": map[string]string{"status": "disabled"}}, func(r emulator.Repo) bool { return r.DependabotSecurityUpdates == "enabled" }},
	{"security_and_analysis", map[string]any{"advanced_security": map[string]string{"status": "disabled"}}, func(r emulator.Repo) bool { return r.AdvancedSecurity == "enabled" }},
}

func TestEverySettingsDriftIsCorrected(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.create(s, "drifty", fullSpec())
		f.waitReady(s, "drifty")
		for _, d := range drifts {
			if !d.back(mustRepo(f, "drifty")) {
				t.Fatalf("%s %v: not at the declared value after create: %+v", d.field, d.value, mustRepo(f, "drifty"))
			}
		}
		// Drift every setting at once, then wait for all to come back.
		for _, d := range drifts {
			if err := f.emu.State().SetField(owner, "drifty", d.field, d.value); err != nil {
				t.Fatalf("emulator SetField(%s): %v", d.field, err)
			}
		}
		f.eventually("every setting back at its declared value", func() string {
			r := mustRepo(f, "drifty")
			for _, d := range drifts {
				if !d.back(r) {
					return fmt.Sprintf("%s %v still drifted", d.field, d.value)
				}
			}
			return ""
		})
	})
}

func mustRepo(f *fixture, name string) emulator.Repo {
	f.t.Helper()
	r, ok := f.ghRepo(name)
	if !ok {
		f.t.Fatalf("repository %s/%s does not exist in the emulator", owner, name)
	}
	return r
}
