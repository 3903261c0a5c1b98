package environment

import (
	"testing"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func user(id int64, login string) github.EnvironmentReviewer {
	return github.EnvironmentReviewer{Type: TypeUser, Reviewer: github.ReviewerIdentity{ID: id, Login: login}}
}

func team(id int64, slug string) github.EnvironmentReviewer {
	return github.EnvironmentReviewer{Type: TypeTeam, Reviewer: github.ReviewerIdentity{ID: id, Slug: slug}}
}

// env is GitHub's environment with the wait timer, reviewers and branch
// policy given.
func env(wait int64, selfReview bool, policy *github.DeploymentBranchPolicy, reviewers ...github.EnvironmentReviewer) *github.Environment {
	e := &github.Environment{ID: 1, Name: "production", DeploymentBranchPolicy: policy}
	if wait > 0 {
		e.ProtectionRules = append(e.ProtectionRules, github.EnvironmentRule{ID: 10, Type: "wait_timer", WaitTimer: ptr.To(wait)})
	}
	if len(reviewers) > 0 {
		e.ProtectionRules = append(e.ProtectionRules, github.EnvironmentRule{ID: 11, Type: "required_reviewers", PreventSelfReview: ptr.To(selfReview), Reviewers: reviewers})
	}
	if policy != nil {
		e.ProtectionRules = append(e.ProtectionRules, github.EnvironmentRule{ID: 12, Type: "branch_policy"})
	}
	return e
}

var (
	protected = &github.DeploymentBranchPolicy{ProtectedBranches: true}
	custom    = &github.DeploymentBranchPolicy{CustomBranchPolicies: true}
)

func TestReviewers(t *testing.T) {
	p := &common.EnvironmentParameters{Reviewers: []common.EnvironmentReviewer{
		{Type: TypeUser, Login: ptr.To("Alice")},
		{Type: TypeUser, ID: ptr.To[int64](7)},
		{Type: TypeTeam, TeamSlug: ptr.To("devs")},
		{Type: TypeTeam, TeamRef: &xpv2.Reference{Name: "sre"}},
		{Type: TypeTeam, TeamRef: &xpv2.Reference{Name: "unresolved"}},
		{Type: TypeUser, Login: ptr.To("alice")},
	}}
	want := []Reviewer{{Type: TypeUser, Name: "alice"}, {Type: TypeUser, ID: 7}, {Type: TypeTeam, Name: "devs"}, {Type: TypeTeam, ID: 42}, {Type: TypeTeam}}
	if diff := cmp.Diff(want, Reviewers(p, map[string]int64{"sre": 42})); diff != "" {
		t.Errorf("Reviewers(...): -want, +got:\n%s", diff)
	}
}

func TestSameReviewers(t *testing.T) {
	cases := map[string]struct {
		want []Reviewer
		got  []github.EnvironmentReviewer
		same bool
	}{
		"NoneAndNone":     {same: true},
		"ByLoginAnyCase":  {want: []Reviewer{{Type: TypeUser, Name: "alice"}}, got: []github.EnvironmentReviewer{user(1, "Alice")}, same: true},
		"ByIDAnyOrder":    {want: []Reviewer{{Type: TypeTeam, ID: 5}, {Type: TypeUser, ID: 1}}, got: []github.EnvironmentReviewer{user(1, "alice"), team(5, "devs")}, same: true},
		"BySlug":          {want: []Reviewer{{Type: TypeTeam, Name: "devs"}}, got: []github.EnvironmentReviewer{team(5, "devs")}, same: true},
		"OneMore":         {want: []Reviewer{{Type: TypeTeam, Name: "devs"}}, got: []github.EnvironmentReviewer{team(5, "devs"), user(1, "alice")}},
		"OneLess":         {want: []Reviewer{{Type: TypeTeam, Name: "devs"}, {Type: TypeUser, ID: 1}}, got: []github.EnvironmentReviewer{team(5, "devs")}},
		"TeamIsNoUser":    {want: []Reviewer{{Type: TypeUser, ID: 5}}, got: []github.EnvironmentReviewer{team(5, "devs")}},
		"UnresolvedRef":   {want: []Reviewer{{Type: TypeTeam}}, got: []github.EnvironmentReviewer{team(5, "devs")}},
		"SlugIsNoLogin":   {want: []Reviewer{{Type: TypeUser, Name: "devs"}}, got: []github.EnvironmentReviewer{team(5, "devs")}},
		"AnotherUser":     {want: []Reviewer{{Type: TypeUser, Name: "bob"}}, got: []github.EnvironmentReviewer{user(1, "alice")}},
		"SameUserTwoWays": {want: []Reviewer{{Type: TypeUser, Name: "alice"}, {Type: TypeUser, ID: 1}}, got: []github.EnvironmentReviewer{user(1, "alice")}, same: true},
		"SameReviewerTwo": {want: []Reviewer{{Type: TypeUser, Name: "alice"}, {Type: TypeUser, ID: 1}}, got: []github.EnvironmentReviewer{user(1, "alice"), user(2, "bob")}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := SameReviewers(tc.want, tc.got); got != tc.same {
				t.Errorf("SameReviewers(%v, %v) = %v, want %v", tc.want, tc.got, got, tc.same)
			}
		})
	}
}

func TestRequest(t *testing.T) {
	cases := map[string]struct {
		reason    string
		p         *common.EnvironmentParameters
		reviewers []github.ReviewerRequest
		want      *github.EnvironmentRequest
	}{
		"Empty": {
			reason: "An empty spec turns everything off: no wait, no reviewers (null), every branch.",
			p:      &common.EnvironmentParameters{Name: "dev"},
			want:   &github.EnvironmentRequest{},
		},
		"Everything": {
			reason:    "Every setting is sent; custom policies switch on custom_branch_policies.",
			p:         &common.EnvironmentParameters{WaitTimer: ptr.To[int64](30), PreventSelfReview: ptr.To(true), DeploymentBranchPolicy: &common.DeploymentBranchPolicy{CustomBranchPolicies: []common.EnvironmentBranchPolicy{{Name: "main"}}}},
			reviewers: []github.ReviewerRequest{{Type: TypeUser, ID: 1}},
			want:      &github.EnvironmentRequest{WaitTimer: 30, PreventSelfReview: true, Reviewers: []github.ReviewerRequest{{Type: TypeUser, ID: 1}}, DeploymentBranchPolicy: custom},
		},
		"SelfReviewWithoutReviewers": {
			reason: "GitHub refuses prevent_self_review without reviewers: it is not sent then.",
			p:      &common.EnvironmentParameters{PreventSelfReview: ptr.To(true), DeploymentBranchPolicy: &common.DeploymentBranchPolicy{ProtectedBranches: ptr.To(true)}},
			want:   &github.EnvironmentRequest{DeploymentBranchPolicy: protected},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Request(tc.p, tc.reviewers)); diff != "" {
				t.Errorf("\n%s\nRequest(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestPolicyChanges(t *testing.T) {
	cases := map[string]struct {
		reason         string
		want, got      []github.BranchPolicy
		create, remove []github.BranchPolicy
	}{
		"Same": {
			reason: "The same patterns in another order need nothing; a policy without a type is a branch policy.",
			want:   []github.BranchPolicy{{Name: "main", Type: "branch"}, {Name: "v*", Type: "tag"}},
			got:    []github.BranchPolicy{{ID: 2, Name: "v*", Type: "tag"}, {ID: 1, Name: "main"}},
		},
		"AddAndRemove": {
			reason: "Missing patterns are created, those added outside Kubernetes deleted.",
			want:   []github.BranchPolicy{{Name: "main", Type: "branch"}, {Name: "release/*", Type: "branch"}},
			got:    []github.BranchPolicy{{ID: 1, Name: "main", Type: "branch"}, {ID: 3, Name: "hotfix/*", Type: "branch"}},
			create: []github.BranchPolicy{{Name: "release/*", Type: "branch"}},
			remove: []github.BranchPolicy{{ID: 3, Name: "hotfix/*", Type: "branch"}},
		},
		"CaseMatters": {
			reason: "Branch names are case-sensitive, and so are the patterns.",
			want:   []github.BranchPolicy{{Name: "Main", Type: "branch"}},
			got:    []github.BranchPolicy{{ID: 1, Name: "main", Type: "branch"}},
			create: []github.BranchPolicy{{Name: "Main", Type: "branch"}},
			remove: []github.BranchPolicy{{ID: 1, Name: "main", Type: "branch"}},
		},
		"TypeMatters": {
			reason: "A tag pattern is not the branch pattern of the same name.",
			want:   []github.BranchPolicy{{Name: "v1", Type: "tag"}},
			got:    []github.BranchPolicy{{ID: 1, Name: "v1", Type: "branch"}},
			create: []github.BranchPolicy{{Name: "v1", Type: "tag"}},
			remove: []github.BranchPolicy{{ID: 1, Name: "v1", Type: "branch"}},
		},
		"Duplicate": {
			reason: "A pattern GitHub has twice keeps one.",
			want:   []github.BranchPolicy{{Name: "main", Type: "branch"}},
			got:    []github.BranchPolicy{{ID: 1, Name: "main", Type: "branch"}, {ID: 2, Name: "main"}},
			remove: []github.BranchPolicy{{ID: 2, Name: "main"}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			create, remove := PolicyChanges(tc.want, tc.got)
			if diff := cmp.Diff(tc.create, create); diff != "" {
				t.Errorf("\n%s\nPolicyChanges(...) create: -want, +got:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.remove, remove); diff != "" {
				t.Errorf("\n%s\nPolicyChanges(...) remove: -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestDrift(t *testing.T) {
	customSpec := &common.DeploymentBranchPolicy{CustomBranchPolicies: []common.EnvironmentBranchPolicy{{Name: "main"}, {Name: "v*", Type: ptr.To("tag")}}}
	cases := map[string]struct {
		reason   string
		p        *common.EnvironmentParameters
		want     []Reviewer
		e        *github.Environment
		policies []github.BranchPolicy
		drift    []string
	}{
		"EmptyUpToDate": {
			reason: "An empty spec matches an environment without rules.",
			p:      &common.EnvironmentParameters{},
			e:      env(0, false, nil),
		},
		"AllUpToDate": {
			reason:   "GitHub's answer to what the spec declares is up to date.",
			p:        &common.EnvironmentParameters{WaitTimer: ptr.To[int64](30), PreventSelfReview: ptr.To(true), DeploymentBranchPolicy: customSpec},
			want:     []Reviewer{{Type: TypeUser, Name: "alice"}},
			e:        env(30, true, custom, user(1, "alice")),
			policies: []github.BranchPolicy{{ID: 1, Name: "v*", Type: "tag"}, {ID: 2, Name: "main", Type: "branch"}},
		},
		"WaitTimerZeroIsNone": {
			reason: "A wait timer of 0 is GitHub's no wait timer rule.",
			p:      &common.EnvironmentParameters{WaitTimer: ptr.To[int64](0)},
			e:      env(0, false, nil),
		},
		"SelfReviewWithoutReviewers": {
			reason: "Without reviewers GitHub has no prevent_self_review to compare.",
			p:      &common.EnvironmentParameters{PreventSelfReview: ptr.To(false)},
			e:      env(0, false, nil),
		},
		"Drifted": {
			reason:   "Every field GitHub changed is named.",
			p:        &common.EnvironmentParameters{WaitTimer: ptr.To[int64](30), PreventSelfReview: ptr.To(true), DeploymentBranchPolicy: customSpec},
			want:     []Reviewer{{Type: TypeUser, Name: "alice"}},
			e:        env(5, false, custom, user(1, "alice"), team(2, "devs")),
			policies: []github.BranchPolicy{{ID: 2, Name: "main", Type: "branch"}},
			drift:    []string{"waitTimer", "reviewers", "preventSelfReview", "deploymentBranchPolicy.customBranchPolicies"},
		},
		"ProtectedInsteadOfCustom": {
			reason: "Another kind of branch policy is drift.",
			p:      &common.EnvironmentParameters{DeploymentBranchPolicy: customSpec},
			e:      env(0, false, protected),
			drift:  []string{"deploymentBranchPolicy"},
		},
		"PolicyAddedOnGitHub": {
			reason: "A branch policy set on GitHub when the spec lets every branch deploy is drift.",
			p:      &common.EnvironmentParameters{},
			e:      env(0, false, protected),
			drift:  []string{"deploymentBranchPolicy"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.drift, Drift(tc.p, tc.want, tc.e, tc.policies)); diff != "" {
				t.Errorf("\n%s\nDrift(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestObservation(t *testing.T) {
	e := env(30, true, custom, user(1, "alice"), team(2, "devs"))
	e.NodeID, e.HTMLURL = "EN_x", "https://github.com/o/r/deployments"
	got := Observation("o/r", e, []github.BranchPolicy{{ID: 9, Name: "main"}})
	want := common.EnvironmentObservation{
		ID: ptr.To[int64](1), NodeID: ptr.To("EN_x"), Name: ptr.To("production"), Repository: ptr.To("o/r"), HTMLURL: ptr.To("https://github.com/o/r/deployments"),
		WaitTimer: ptr.To[int64](30), PreventSelfReview: ptr.To(true),
		Reviewers:              []common.EnvironmentReviewerObservation{{Type: TypeUser, ID: 1, Login: "alice"}, {Type: TypeTeam, ID: 2, Slug: "devs"}},
		DeploymentBranchPolicy: ptr.To("custom"),
		BranchPolicies:         []common.EnvironmentBranchPolicyObservation{{ID: 9, Name: "main", Type: "branch"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Observation(...): -want, +got:\n%s", diff)
	}
	if got := Observation("o/r", env(0, false, nil), nil).DeploymentBranchPolicy; ptr.Deref(got, "") != "all" {
		t.Errorf("Observation(...).DeploymentBranchPolicy = %v, want all", got)
	}
}
