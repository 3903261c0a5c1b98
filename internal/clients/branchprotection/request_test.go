package branchprotection

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestRequest(t *testing.T) {
	cases := map[string]struct {
		reason  string
		p       *v1alpha1.BranchProtectionParameters
		current *github.Protection
		want    *github.ProtectionRequest
	}{
		"Nothing": {
			reason: "A spec that sets nothing asks for a protection with every part off.",
			p:      &v1alpha1.BranchProtectionParameters{},
			want:   &github.ProtectionRequest{},
		},
		"Everything": {
			reason: "Every setting of the spec is sent; the review count as given.",
			p:      fullSpec(),
			want: &github.ProtectionRequest{
				RequiredStatusChecks: &github.StatusChecksRequest{Strict: true, Contexts: []string{"lint", "build"}},
				EnforceAdmins:        true,
				RequiredPullRequestReviews: &github.ReviewsRequest{
					DismissStaleReviews: true, RequireCodeOwnerReviews: true, RequiredApprovingReviewCount: 2, RequireLastPushApproval: true,
					DismissalRestrictions:       &github.ActorsRequest{Users: []string{"Alice"}, Teams: []string{"platform"}, Apps: []string{}},
					BypassPullRequestAllowances: &github.ActorsRequest{Users: []string{}, Teams: []string{}, Apps: []string{"Release-Bot"}},
				},
				Restrictions:          &github.ActorsRequest{Users: []string{"bob", "Alice"}, Teams: []string{"sre", "platform"}, Apps: []string{"deployer"}},
				RequiredLinearHistory: true, AllowForcePushes: true, AllowDeletions: true, BlockCreations: true,
				RequiredConversationResolution: true, LockBranch: true, AllowForkSyncing: true,
			},
		},
		"ChecksWithApps": {
			reason: "Checks are sent with their apps (none: GitHub chooses; -1: any app), and their names as the contexts GitHub requires beside them.",
			p: &v1alpha1.BranchProtectionParameters{RequiredStatusChecks: &v1alpha1.RequiredStatusChecks{Checks: []v1alpha1.StatusCheck{
				{Context: "build", AppID: ptr.To[int64](7)}, {Context: "build", AppID: ptr.To[int64](-1)}, {Context: "lint"},
			}}},
			want: &github.ProtectionRequest{RequiredStatusChecks: &github.StatusChecksRequest{Contexts: []string{"build", "lint"},
				Checks: []github.StatusCheck{{Context: "build", AppID: ptr.To[int64](7)}, {Context: "build", AppID: ptr.To[int64](-1)}, {Context: "lint"}}}},
		},
		"StatusChecksWithoutAny": {
			reason: "Status checks required with none named still send an empty list of contexts.",
			p:      &v1alpha1.BranchProtectionParameters{RequiredStatusChecks: &v1alpha1.RequiredStatusChecks{Strict: ptr.To(true)}},
			want:   &github.ProtectionRequest{RequiredStatusChecks: &github.StatusChecksRequest{Strict: true, Contexts: []string{}}},
		},
		"ReviewDefaults": {
			reason: "Reviews with nothing set ask for GitHub's default of one approving review; no restriction or allowance is sent.",
			p:      &v1alpha1.BranchProtectionParameters{RequiredPullRequestReviews: &v1alpha1.RequiredPullRequestReviews{}},
			want:   &github.ProtectionRequest{RequiredPullRequestReviews: &github.ReviewsRequest{RequiredApprovingReviewCount: 1}},
		},
		"TurnOffWhatGitHubHas": {
			reason: "A dismissal restriction and bypass allowance GitHub has and the spec does not (or names nobody in) are turned off with {}.",
			p: &v1alpha1.BranchProtectionParameters{RequiredPullRequestReviews: &v1alpha1.RequiredPullRequestReviews{
				RequiredApprovingReviewCount: ptr.To[int64](0), DismissalRestrictions: &v1alpha1.BranchActors{}}},
			current: fullAnswer(),
			want: &github.ProtectionRequest{RequiredPullRequestReviews: &github.ReviewsRequest{
				DismissalRestrictions: &github.ActorsRequest{}, BypassPullRequestAllowances: &github.ActorsRequest{}}},
		},
		"AdminsOnly": {
			reason: "Restrictions naming nobody are sent with empty lists: only administrators may push.",
			p:      &v1alpha1.BranchProtectionParameters{Restrictions: &v1alpha1.BranchActors{}},
			want:   &github.ProtectionRequest{Restrictions: &github.ActorsRequest{Users: []string{}, Teams: []string{}, Apps: []string{}}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := Request(tc.p, tc.current)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("\n%s\nRequest(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

// GitHub needs the four parts of a protection in every PUT, null when off.
func TestRequestSendsEveryPart(t *testing.T) {
	b, err := json.Marshal(Request(&v1alpha1.BranchProtectionParameters{}, nil))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"required_status_checks", "enforce_admins", "required_pull_request_reviews", "restrictions"} {
		if v, ok := m[k]; !ok || (k != "enforce_admins" && v != nil) {
			t.Errorf("Request(nothing) as JSON %s: want %s sent (null, or false for enforce_admins)", b, k)
		}
	}
}
