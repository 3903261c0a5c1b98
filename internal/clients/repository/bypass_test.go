package repository

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func bypassSA(status string, reviewers ...github.BypassReviewer) *github.SecurityAndAnalysis {
	sa := &github.SecurityAndAnalysis{SecretScanningDelegatedBypass: &github.FeatureStatus{Status: status}}
	if status == "enabled" {
		sa.SecretScanningDelegatedBypassOptions = &github.DelegatedBypassOptions{Reviewers: reviewers}
	}
	return sa
}

var (
	teamRev = github.BypassReviewer{ReviewerID: 5, ReviewerType: BypassTeam, Mode: BypassAlways}
	roleRev = github.BypassReviewer{ReviewerID: 138, ReviewerType: BypassRole, Mode: "EXEMPT"}
)

func TestBypassDrift(t *testing.T) {
	on := &common.DelegatedBypass{Enabled: true, Reviewers: []common.BypassReviewer{{Team: ptr.To("sec")}, {Role: ptr.To("security_manager"), Mode: ptr.To("EXEMPT")}}}
	resolved := []github.BypassReviewer{teamRev, roleRev}
	cases := map[string]struct {
		want     *common.DelegatedBypass
		resolved []github.BypassReviewer
		sa       *github.SecurityAndAnalysis
		drift    bool
	}{
		"undeclared: never":                      {sa: bypassSA("enabled", teamRev)},
		"not reported by GitHub: not compared":   {want: on, resolved: resolved, sa: &github.SecurityAndAnalysis{}},
		"no security_and_analysis: not compared": {want: on, resolved: resolved},
		"off, declared on":                       {want: on, resolved: resolved, sa: bypassSA("disabled"), drift: true},
		"on, declared off":                       {want: &common.DelegatedBypass{}, sa: bypassSA("enabled", teamRev), drift: true},
		"off and declared off":                   {want: &common.DelegatedBypass{}, sa: bypassSA("disabled")},
		"the same reviewers in another order":    {want: on, resolved: resolved, sa: bypassSA("enabled", roleRev, teamRev)},
		"a mode GitHub leaves out is ALWAYS": {want: on, resolved: resolved,
			sa: bypassSA("enabled", github.BypassReviewer{ReviewerID: 5, ReviewerType: BypassTeam}, roleRev)},
		"a reviewer added on GitHub":   {want: on, resolved: resolved, sa: bypassSA("enabled", teamRev, roleRev, github.BypassReviewer{ReviewerID: 9, ReviewerType: BypassTeam}), drift: true},
		"a reviewer removed on GitHub": {want: on, resolved: resolved, sa: bypassSA("enabled", teamRev), drift: true},
		"a mode changed on GitHub": {want: on, resolved: resolved,
			sa: bypassSA("enabled", teamRev, github.BypassReviewer{ReviewerID: 138, ReviewerType: BypassRole, Mode: BypassAlways}), drift: true},
		"on without reviewers declared: GitHub's are kept": {want: &common.DelegatedBypass{Enabled: true}, sa: bypassSA("enabled", teamRev)},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := BypassDrift(tc.want, tc.resolved, tc.sa); got != tc.drift {
				t.Errorf("BypassDrift() = %t, want %t", got, tc.drift)
			}
		})
	}
}

func TestBypassRequest(t *testing.T) {
	cases := map[string]struct {
		want     *common.DelegatedBypass
		resolved []github.BypassReviewer
		req      *github.SecurityAndAnalysis
	}{
		"on with reviewers": {want: &common.DelegatedBypass{Enabled: true, Reviewers: []common.BypassReviewer{{Team: ptr.To("sec")}}}, resolved: []github.BypassReviewer{teamRev},
			req: &github.SecurityAndAnalysis{SecretScanningDelegatedBypass: &github.FeatureStatus{Status: "enabled"},
				SecretScanningDelegatedBypassOptions: &github.DelegatedBypassOptions{Reviewers: []github.BypassReviewer{teamRev}}}},
		"on without reviewers: GitHub keeps its": {want: &common.DelegatedBypass{Enabled: true},
			req: &github.SecurityAndAnalysis{SecretScanningDelegatedBypass: &github.FeatureStatus{Status: "enabled"}}},
		"off": {want: &common.DelegatedBypass{}, req: &github.SecurityAndAnalysis{SecretScanningDelegatedBypass: &github.FeatureStatus{Status: "disabled"}}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := BypassRequest(tc.want, tc.resolved)
			if diff := cmp.Diff(&github.RepositoryRequest{SecurityAndAnalysis: tc.req}, got); diff != "" {
				t.Errorf("BypassRequest(): -want, +got:\n%s", diff)
			}
			// What it asks for is what the spec declares.
			sa := &github.SecurityAndAnalysis{SecretScanningDelegatedBypass: got.SecurityAndAnalysis.SecretScanningDelegatedBypass,
				SecretScanningDelegatedBypassOptions: got.SecurityAndAnalysis.SecretScanningDelegatedBypassOptions}
			if BypassDrift(tc.want, tc.resolved, sa) {
				t.Error("BypassDrift(what BypassRequest sets) = true, want false")
			}
		})
	}
}

func TestBypassReviewerAndObservation(t *testing.T) {
	if got := BypassReviewer(common.BypassReviewer{Team: ptr.To("sec")}, 5); got != teamRev {
		t.Errorf("BypassReviewer(team) = %+v, want %+v", got, teamRev)
	}
	if got := BypassReviewer(common.BypassReviewer{Role: ptr.To("security_manager"), Mode: ptr.To("EXEMPT")}, 138); got != roleRev {
		t.Errorf("BypassReviewer(role) = %+v, want %+v", got, roleRev)
	}
	if o := BypassObservation(&github.SecurityAndAnalysis{}); o != nil {
		t.Errorf("BypassObservation(not reported) = %+v, want nil", o)
	}
	got := BypassObservation(bypassSA("enabled", github.BypassReviewer{ReviewerID: 5, ReviewerType: BypassTeam}))
	want := &common.DelegatedBypassObservation{Enabled: true, Reviewers: []common.BypassReviewerObservation{{ID: 5, Type: BypassTeam, Mode: BypassAlways}}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("BypassObservation(): -want, +got:\n%s", diff)
	}
}

func TestBypassNotOffered(t *testing.T) {
	on := &common.RepositoryParameters{SecurityAndAnalysis: &common.SecurityAndAnalysis{SecretScanningDelegatedBypass: &common.DelegatedBypass{Enabled: true}}}
	user := &github.Repository{FullName: "alice/tools", SecurityAndAnalysis: &github.SecurityAndAnalysis{SecretScanning: &github.FeatureStatus{Status: "enabled"}}}
	org := &github.Repository{FullName: "acme/api", SecurityAndAnalysis: bypassSA("disabled")}
	if m := BypassNotOffered(on, user); m == "" {
		t.Error("BypassNotOffered(a user's repository) = \"\", want a message")
	}
	if m := BypassNotOffered(on, org); m != "" {
		t.Errorf("BypassNotOffered(an organization's repository) = %q, want none", m)
	}
	if m := BypassNotOffered(&common.RepositoryParameters{}, user); m != "" {
		t.Errorf("BypassNotOffered(undeclared) = %q, want none", m)
	}
	if m := BypassNotOffered(on, &github.Repository{FullName: "acme/api"}); m != "" {
		t.Errorf("BypassNotOffered(not shown to the caller) = %q, want none", m)
	}
}
