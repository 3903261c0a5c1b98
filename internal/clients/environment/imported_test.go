package environment

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestImported(t *testing.T) {
	cases := map[string]struct {
		e        *github.Environment
		policies []github.BranchPolicy
		want     common.EnvironmentParameters
		// undeclarable: GitHub's environment has custom policies but none,
		// which no spec says; Drift then finds the branch policy.
		undeclarable bool
	}{
		"a new environment: its name": {
			e:    env(0, false, nil),
			want: common.EnvironmentParameters{Name: "production"},
		},
		"a wait timer, reviewers without self review, protected branches": {
			e: env(30, false, protected, user(1, "Alice"), team(42, "sre")),
			want: common.EnvironmentParameters{Name: "production", WaitTimer: ptr.To[int64](30),
				Reviewers:              []common.EnvironmentReviewer{{Type: TypeUser, Login: ptr.To("Alice")}, {Type: TypeTeam, TeamSlug: ptr.To("sre")}},
				DeploymentBranchPolicy: &common.DeploymentBranchPolicy{ProtectedBranches: ptr.To(true)}},
		},
		"self review prevented": {
			e: env(0, true, nil, user(1, "alice")),
			want: common.EnvironmentParameters{Name: "production", PreventSelfReview: ptr.To(true),
				Reviewers: []common.EnvironmentReviewer{{Type: TypeUser, Login: ptr.To("alice")}}},
		},
		"a reviewer GitHub answers without a name, by id": {
			e: env(0, false, nil, team(42, "")),
			want: common.EnvironmentParameters{Name: "production",
				Reviewers: []common.EnvironmentReviewer{{Type: TypeTeam, ID: ptr.To[int64](42)}}},
		},
		"custom branch and tag policies": {
			e: env(0, false, custom),
			policies: []github.BranchPolicy{{ID: 1, Name: "main", Type: PolicyBranch}, {ID: 2, Name: "release/*"},
				{ID: 3, Name: "v*", Type: PolicyTag}},
			want: common.EnvironmentParameters{Name: "production", DeploymentBranchPolicy: &common.DeploymentBranchPolicy{
				CustomBranchPolicies: []common.EnvironmentBranchPolicy{{Name: "main"}, {Name: "release/*"}, {Name: "v*", Type: ptr.To(PolicyTag)}}}},
		},
		"custom policies without any: not declarable": {
			e:            env(0, false, custom),
			want:         common.EnvironmentParameters{Name: "production"},
			undeclarable: true,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := Imported(tc.e, tc.policies)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Imported(): -want, +got:\n%s", diff)
			}
			if u := CustomWithoutPatterns(tc.e, tc.policies); u != tc.undeclarable {
				t.Errorf("CustomWithoutPatterns() = %v, want %v", u, tc.undeclarable)
			}
			// Applied as it is, the spec finds nothing to change.
			d := Drift(&got, Reviewers(&got, nil), tc.e, tc.policies)
			if tc.undeclarable {
				if diff := cmp.Diff([]string{"deploymentBranchPolicy"}, d); diff != "" {
					t.Errorf("Drift(Imported()): -want, +got:\n%s", diff)
				}
				return
			}
			if len(d) > 0 {
				t.Errorf("Drift(Imported()) = %v, want none", d)
			}
		})
	}
}
