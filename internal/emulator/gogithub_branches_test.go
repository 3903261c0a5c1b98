package emulator_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/google/go-github/v37/github"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

// TestGoGitHubBranches drives branches, refs and branch protection with the
// go-github client, which sends branch names with their slashes unescaped
// and refs with slashes between escaped segments.
func TestGoGitHubBranches(t *testing.T) {
	ctx := context.Background()
	srv, _ := newServer(t, emulator.Options{Seed: branchSeed()})
	c := ghClient(t, srv, "demo-token", false)

	main, _, err := c.Git.GetRef(ctx, "demo-org", "svc", "heads/main")
	if err != nil {
		t.Fatalf("GetRef: %v", err)
	}
	created, resp, err := c.Git.CreateRef(ctx, "demo-org", "svc", &github.Reference{Ref: github.String("refs/heads/team/a b"), Object: main.Object})
	var er *github.ErrorResponse
	if !errors.As(err, &er) || resp.StatusCode != http.StatusUnprocessableEntity || er.Message != "Reference name is invalid" {
		t.Errorf("CreateRef with a space = %v, %v", created, err)
	}
	if _, _, err := c.Git.CreateRef(ctx, "demo-org", "svc", &github.Reference{Ref: github.String("refs/heads/team/x"), Object: main.Object}); err != nil {
		t.Fatalf("CreateRef: %v", err)
	}
	b, _, err := c.Repositories.GetBranch(ctx, "demo-org", "svc", "team/x", true)
	if err != nil || b.GetName() != "team/x" || b.GetCommit().GetSHA() != main.GetObject().GetSHA() || b.GetProtected() {
		t.Fatalf("GetBranch = %+v, %v", b, err)
	}

	p, _, err := c.Repositories.UpdateBranchProtection(ctx, "demo-org", "svc", "team/x", &github.ProtectionRequest{
		RequiredStatusChecks:       &github.RequiredStatusChecks{Strict: true, Contexts: []string{"ci"}},
		RequiredPullRequestReviews: &github.PullRequestReviewsEnforcementRequest{DismissStaleReviews: true, RequiredApprovingReviewCount: 2},
		EnforceAdmins:              true,
		AllowDeletions:             github.Bool(true),
	})
	if err != nil {
		t.Fatalf("UpdateBranchProtection: %v", err)
	}
	if !p.GetRequiredStatusChecks().Strict || p.GetRequiredPullRequestReviews().RequiredApprovingReviewCount != 2 || !p.GetEnforceAdmins().Enabled || !p.GetAllowDeletions().Enabled {
		t.Errorf("protection = %+v", p)
	}
	if sig, _, err := c.Repositories.RequireSignaturesOnProtectedBranch(ctx, "demo-org", "svc", "team/x"); err != nil || !sig.GetEnabled() {
		t.Errorf("RequireSignaturesOnProtectedBranch = %+v, %v", sig, err)
	}
	if sig, _, err := c.Repositories.GetSignaturesProtectedBranch(ctx, "demo-org", "svc", "team/x"); err != nil || !sig.GetEnabled() {
		t.Errorf("GetSignaturesProtectedBranch = %+v, %v", sig, err)
	}
	got, _, err := c.Repositories.GetBranchProtection(ctx, "demo-org", "svc", "team/x")
	if err != nil || got.GetRequiredStatusChecks().Contexts[0] != "ci" {
		t.Errorf("GetBranchProtection = %+v, %v", got, err)
	}
	if b, _, err := c.Repositories.GetBranch(ctx, "demo-org", "svc", "team/x", true); err != nil || !b.GetProtected() {
		t.Errorf("protected branch = %+v, %v", b, err)
	}
	if _, err := c.Git.DeleteRef(ctx, "demo-org", "svc", "heads/team/x"); err != nil {
		t.Errorf("DeleteRef with deletions allowed: %v", err)
	}
	if _, resp, err := c.Repositories.GetBranchProtection(ctx, "demo-org", "svc", "team/x"); resp == nil || resp.StatusCode != http.StatusNotFound || !errors.As(err, &er) || er.Message != "Branch not found" {
		t.Errorf("protection of a deleted branch = %v", err)
	}
	if _, err := c.Repositories.RemoveBranchProtection(ctx, "demo-org", "svc", "main"); !errors.As(err, &er) || er.Message != "Branch not protected" {
		t.Errorf("RemoveBranchProtection of an unprotected branch = %v", err)
	}
}
