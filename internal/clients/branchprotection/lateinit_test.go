package branchprotection

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestLateInitialize(t *testing.T) {
	checks := func(c ...v1alpha1.StatusCheck) *v1alpha1.BranchProtectionParameters {
		return &v1alpha1.BranchProtectionParameters{RequiredStatusChecks: &v1alpha1.RequiredStatusChecks{Checks: c}}
	}
	answer := &github.Protection{RequiredStatusChecks: &github.ProtectionStatusChecks{Checks: []github.StatusCheck{
		{Context: "build", AppID: ptr.To[int64](15368)}, {Context: "lint"}, {Context: "twice", AppID: ptr.To[int64](1)}, {Context: "twice", AppID: ptr.To[int64](2)},
	}}}
	cases := map[string]struct {
		reason  string
		p       *v1alpha1.BranchProtectionParameters
		got     *github.Protection
		want    *v1alpha1.BranchProtectionParameters
		changed bool
	}{
		"AppsGitHubChose": {
			reason: "A check left to GitHub gets the app GitHub chose, or -1 when it lets any app set it.",
			p:      checks(v1alpha1.StatusCheck{Context: "build"}, v1alpha1.StatusCheck{Context: "lint"}),
			got: &github.Protection{RequiredStatusChecks: &github.ProtectionStatusChecks{Checks: []github.StatusCheck{
				{Context: "build", AppID: ptr.To[int64](15368)}, {Context: "lint"},
			}}},
			want: checks(v1alpha1.StatusCheck{Context: "build", AppID: ptr.To[int64](15368)},
				v1alpha1.StatusCheck{Context: "lint", AppID: ptr.To[int64](-1)}),
			changed: true,
		},
		"AppsGiven": {
			reason: "A check with an app is left as it is, even when GitHub reports another (drift).",
			p:      checks(v1alpha1.StatusCheck{Context: "build", AppID: ptr.To[int64](7)}),
			got:    answer,
			want:   checks(v1alpha1.StatusCheck{Context: "build", AppID: ptr.To[int64](7)}),
		},
		"NotThereOrAmbiguous": {
			reason: "A check GitHub does not have, or has for two apps, is left to the update.",
			p:      checks(v1alpha1.StatusCheck{Context: "missing"}, v1alpha1.StatusCheck{Context: "twice"}),
			got:    answer,
			want:   checks(v1alpha1.StatusCheck{Context: "missing"}, v1alpha1.StatusCheck{Context: "twice"}),
		},
		"ListedWithItsApp": {
			reason: "A check the spec also lists with the app GitHub chose stays left to GitHub: recording the app would list the check twice, which the schema refuses.",
			p:      checks(v1alpha1.StatusCheck{Context: "lint"}, v1alpha1.StatusCheck{Context: "lint", AppID: ptr.To[int64](-1)}, v1alpha1.StatusCheck{Context: "build"}, v1alpha1.StatusCheck{Context: "build", AppID: ptr.To[int64](15368)}),
			got: &github.Protection{RequiredStatusChecks: &github.ProtectionStatusChecks{Checks: []github.StatusCheck{
				{Context: "build", AppID: ptr.To[int64](15368)}, {Context: "lint"},
			}}},
			want: checks(v1alpha1.StatusCheck{Context: "lint"}, v1alpha1.StatusCheck{Context: "lint", AppID: ptr.To[int64](-1)}, v1alpha1.StatusCheck{Context: "build"}, v1alpha1.StatusCheck{Context: "build", AppID: ptr.To[int64](15368)}),
		},
		"Contexts": {
			reason: "Contexts name no app: nothing to record.",
			p:      &v1alpha1.BranchProtectionParameters{RequiredStatusChecks: &v1alpha1.RequiredStatusChecks{Contexts: []string{"build"}}},
			got:    answer,
			want:   &v1alpha1.BranchProtectionParameters{RequiredStatusChecks: &v1alpha1.RequiredStatusChecks{Contexts: []string{"build"}}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			changed := LateInitialize(tc.p, tc.got)
			if changed != tc.changed {
				t.Errorf("\n%s\nLateInitialize(...) = %t, want %t", tc.reason, changed, tc.changed)
			}
			if diff := cmp.Diff(tc.want, tc.p); diff != "" {
				t.Errorf("\n%s\nLateInitialize(...): -want, +got:\n%s", tc.reason, diff)
			}
			if len(Drift(tc.p, nil, tc.got)) != 0 && tc.changed {
				t.Errorf("\n%s\nafter LateInitialize, Drift(...) = %v, want none", tc.reason, Drift(tc.p, nil, tc.got))
			}
		})
	}
}
