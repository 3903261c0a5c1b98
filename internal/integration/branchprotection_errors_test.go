package integration

import (
	"net/http"
	"strings"
	"testing"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
)

// A branch that does not exist is a condition saying so; so is a branch
// protected by name and then renamed outside Kubernetes (GitHub moves the
// protection with it).
func TestBranchProtectionOfMissingBranch(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newProtectionFixture(t)
		p := f.protection(s, "nowhere", "nope", common.BranchProtectionParameters{EnforceAdmins: ptr.To(true)})
		f.must(kube.Create(f.ctx, p))
		waitSyncError(f, p, "branch nope does not exist in demo-org/svc: create it")

		renamed := f.protection(s, "renamed", "develop", common.BranchProtectionParameters{EnforceAdmins: ptr.To(true)})
		f.must(kube.Create(f.ctx, renamed))
		waitReady(f, renamed)
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/repos/demo-org/svc/branches/develop/rename", `{"new_name":"dev2"}`)
		waitSyncError(f, renamed, "branch develop does not exist in demo-org/svc any more", "renamed outside Kubernetes")
		if gh := f.ghProtectionOf("dev2"); gh == nil || !gh.EnforceAdmins.Enabled {
			t.Errorf("dev2's protection, moved with the rename: %+v", gh)
		}
	})
}

// A branch protected outside this resource is not taken over until the
// external-name annotation names it; then the spec replaces it.
func TestBranchProtectionNoSilentAdoption(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newProtectionFixture(t)
		f.ghMust(http.StatusOK, goodToken, http.MethodPut, "/repos/demo-org/svc/branches/develop/protection",
			`{"required_status_checks":null,"enforce_admins":true,"required_pull_request_reviews":null,"restrictions":null}`)
		p := f.protection(s, "develop", "develop", common.BranchProtectionParameters{LockBranch: ptr.To(true)})
		f.must(kube.Create(f.ctx, p))
		waitSyncError(f, p, "branch develop of demo-org/svc is already protected", "crossplane.io/external-name: develop")
		if gh := f.ghProtectionOf("develop"); gh == nil || !gh.EnforceAdmins.Enabled || gh.LockBranch.Enabled {
			t.Fatalf("the existing protection was changed before adoption: %+v", gh)
		}
		update(f, p, func(p protectionObject) {
			p.SetAnnotations(map[string]string{"crossplane.io/external-name": "develop"})
		})
		waitReady(f, p)
		f.eventually("the spec's protection", func() string {
			if gh := f.ghProtectionOf("develop"); gh == nil || gh.EnforceAdmins.Enabled || !gh.LockBranch.Enabled {
				return "not yet"
			}
			return ""
		})
	})
}

// A protection named by branchRef follows the Branch resource's status;
// a Branch of another repository is refused with both repositories named.
func TestBranchProtectionOfBranchRef(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newProtectionFixture(t)
		b := f.branchResource(s, "dev-branch", "develop")
		p := f.protection(s, "by-ref", "", common.BranchProtectionParameters{
			BranchTarget:          common.BranchTarget{BranchRef: &xpv2.Reference{Name: b.GetName()}},
			RequiredLinearHistory: ptr.To(true),
		})
		f.must(kube.Create(f.ctx, p))
		got := waitReady(f, p)
		if br := ptr.Deref(got.Observation().Branch, ""); br != "develop" {
			t.Errorf("status.atProvider.branch %q, want develop", br)
		}
		if gh := f.ghProtectionOf("develop"); gh == nil || !gh.RequiredLinearHistory.Enabled {
			t.Errorf("develop's protection on GitHub: %+v", gh)
		}

		elsewhere := f.protection(s, "elsewhere", "", common.BranchProtectionParameters{
			BranchTarget: common.BranchTarget{BranchRef: &xpv2.Reference{Name: b.GetName()}},
		})
		elsewhere.Parameters().Repository = ptr.To("other")
		f.must(kube.Create(f.ctx, elsewhere))
		waitSyncError(f, elsewhere, "a branch of demo-org/svc, but this resource's repository is demo-org/other")
	})
}

// branchResource creates a Branch resource of demo-org/svc's existing
// branch, taken over with its external name, and sees to it that its
// status names the branch (this test tree may have no Branch controller;
// with one, it reports the same).
func (f *fixture) branchResource(s scope, name, branch string) branchObject {
	f.t.Helper()
	var b branchObject = &repomv1alpha1.Branch{}
	if !s.namespaced {
		b = &repov1alpha1.Branch{}
	}
	b.Parameters().RepositoryTarget = common.RepositoryTarget{Repository: ptr.To(protRepo)}
	b.Parameters().Name = common.BranchName(branch)
	place(f, s, b, name, "github")
	b.SetAnnotations(map[string]string{"crossplane.io/external-name": branch})
	f.must(kube.Create(f.ctx, b))
	f.eventually("Branch "+name+" reporting "+branch, func() string {
		got := get(f, b)
		if ptr.Deref(got.Observation().Name, "") == branch {
			return ""
		}
		got.Observation().Name, got.Observation().Repository = ptr.To(branch), ptr.To(owner+"/"+protRepo)
		if err := kube.Status().Update(f.ctx, got); err != nil {
			return err.Error()
		}
		return ""
	})
	return b
}

// Bad input is refused at admission, with what is allowed.
func TestBranchProtectionAdmission(t *testing.T) {
	cases := map[string]struct {
		change func(p *common.BranchProtectionParameters)
		want   string
	}{
		"NoBranch": {change: func(p *common.BranchProtectionParameters) { p.Branch = nil }, want: "set exactly one of branch, branchRef or branchSelector"},
		"BranchAndRef": {change: func(p *common.BranchProtectionParameters) {
			p.BranchRef = &xpv2.Reference{Name: "b"}
		}, want: "set exactly one of branch, branchRef or branchSelector"},
		"BadBranchName":   {change: func(p *common.BranchProtectionParameters) { p.Branch = ptr.To[common.BranchName]("a..b") }, want: "a branch name cannot contain '..'"},
		"RefsHeads":       {change: func(p *common.BranchProtectionParameters) { p.Branch = ptr.To[common.BranchName]("refs/heads/main") }, want: "without refs/heads/"},
		"NoRepository":    {change: func(p *common.BranchProtectionParameters) { p.Repository = nil }, want: "set exactly one of repository, repositoryRef or repositorySelector"},
		"TooManyReviews":  {change: reviews(7), want: "should be less than or equal to 6"},
		"NegativeReviews": {change: reviews(-1), want: "should be greater than or equal to 0"},
		"ContextsAndChecks": {change: func(p *common.BranchProtectionParameters) {
			p.RequiredStatusChecks = &common.RequiredStatusChecks{Contexts: []string{"a"}, Checks: []common.StatusCheck{{Context: "a"}}}
		}, want: "set contexts or checks, not both"},
		"DuplicateContexts": {change: func(p *common.BranchProtectionParameters) {
			p.RequiredStatusChecks = &common.RequiredStatusChecks{Contexts: []string{"a", "a"}}
		}, want: "Duplicate value"},
		"DuplicateChecks": {change: func(p *common.BranchProtectionParameters) {
			p.RequiredStatusChecks = &common.RequiredStatusChecks{Checks: []common.StatusCheck{{Context: "a", AppID: ptr.To[int64](1)}, {Context: "a", AppID: ptr.To[int64](1)}}}
		}, want: "each check (context and appId) can be listed once"},
		"AppIDBelowAny": {change: func(p *common.BranchProtectionParameters) {
			p.RequiredStatusChecks = &common.RequiredStatusChecks{Checks: []common.StatusCheck{{Context: "a", AppID: ptr.To[int64](-2)}}}
		}, want: "should be greater than or equal to -1"},
		"TeamSlugUpperCase": {change: func(p *common.BranchProtectionParameters) {
			p.Restrictions = &common.BranchActors{Teams: []string{"Platform"}}
		}, want: "spec.forProvider.restrictions.teams[0]"},
		"UserLogin": {change: func(p *common.BranchProtectionParameters) {
			p.Restrictions = &common.BranchActors{Users: []string{"-bad"}}
		}, want: "spec.forProvider.restrictions.users[0]"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newFixture(t)
				p := f.protectionIn(s)
				tc.change(p.Parameters())
				err := kube.Create(f.ctx, p)
				if err == nil {
					t.Fatalf("want the API server to refuse %+v", p.Parameters())
				}
				if !strings.Contains(err.Error(), tc.want) {
					t.Errorf("want the refusal to say %q, got: %v", tc.want, err)
				}
			})
		})
	}
}

func reviews(n int64) func(p *common.BranchProtectionParameters) {
	return func(p *common.BranchProtectionParameters) {
		p.RequiredPullRequestReviews = &common.RequiredPullRequestReviews{RequiredApprovingReviewCount: &n}
	}
}

// protectionIn is a BranchProtection of scope s of demo-org/svc's main, not
// created, for admission cases.
func (f *fixture) protectionIn(s scope) protectionObject {
	f.t.Helper()
	return f.protection(s, "refused", "main", common.BranchProtectionParameters{})
}

// The repository and branch of a BranchProtection cannot change; its
// settings can, and a review count left out is GitHub's default.
func TestBranchProtectionImmutability(t *testing.T) {
	cases := map[string]struct {
		change func(p *common.BranchProtectionParameters)
		want   string // "" for accepted
	}{
		"OtherBranch":     {change: func(p *common.BranchProtectionParameters) { p.Branch = ptr.To[common.BranchName]("develop") }, want: "branch cannot be changed"},
		"OtherRepository": {change: func(p *common.BranchProtectionParameters) { p.Repository = ptr.To("elsewhere") }, want: "repository and owner cannot be changed"},
		"Settings":        {change: func(p *common.BranchProtectionParameters) { p.LockBranch = ptr.To(true) }},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newFixture(t)
				p := f.protection(s, "fixed", "main", common.BranchProtectionParameters{RequiredPullRequestReviews: &common.RequiredPullRequestReviews{}})
				f.must(kube.Create(f.ctx, p))
				if n := ptr.Deref(get(f, p).Parameters().RequiredPullRequestReviews.RequiredApprovingReviewCount, 0); n != 1 {
					t.Errorf("requiredApprovingReviewCount defaulted to %d, want 1", n)
				}
				var err error
				for range 20 { // retry while the controller writes the object too
					p = get(f, p)
					tc.change(p.Parameters())
					if err = kube.Update(f.ctx, p); !kerrors.IsConflict(err) {
						break
					}
				}
				switch {
				case tc.want == "" && err != nil:
					t.Errorf("want the update accepted, got: %v", err)
				case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
					t.Errorf("want the update refused with %q, got: %v", tc.want, err)
				}
			})
		})
	}
}
