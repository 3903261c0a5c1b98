package github

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"net/http"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/internal/clients/transport"
	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

// protectionSeed is repoSeed with a team that has push access to
// demo-org/seeded once granted, a team that has none, an app installed on
// demo-org that can push and a branch with a slash in its name.
func protectionSeed(t *testing.T) *emulator.Seed {
	s := accessSeed()
	s.Repos[0].Branches = append(s.Repos[0].Branches, "release/v1")
	s.Teams = append(s.Teams, emulator.SeedTeam{Org: "demo-org", Name: "Platform"}, emulator.SeedTeam{Org: "demo-org", Name: "Idle"})
	s.Apps = append(s.Apps, emulator.SeedApp{ID: 77, Slug: "pusher", PublicKeyPEM: appPublicKeyPEM(t),
		Installations: []emulator.SeedInstallation{{ID: 7701, Account: "demo-org", Permissions: map[string]string{"contents": "write"}}}})
	return s
}

// appPublicKeyPEM is the public key, in PEM, of a key made for the test: the
// App only pushes, it never signs in.
func appPublicKeyPEM(t *testing.T) string {
	t.Helper()
	k, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatalf("generating RSA key: %v", err)
	}
	der, err := x509.MarshalPKIXPublicKey(&k.PublicKey)
	if err != nil {
		t.Fatalf("marshalling public key: %v", err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))
}

// protectionFor starts a contract-checked emulator with protectionSeed,
// grants the Platform team push on demo-org/seeded, and returns our branch
// protection API on it for demo-token.
func protectionFor(t *testing.T) (*BranchProtectionClient, *emulator.Server) {
	t.Helper()
	srv, emu := emulatortest.NewServer(t, emulator.Options{Seed: protectionSeed(t)})
	gh, err := transport.NewClient(transport.Config{Credentials: transport.Credentials{Token: "demo-token"}, BaseURL: srv.URL}, testOptionsURL(srv.Client().Transport))
	if err != nil {
		t.Fatalf("NewClient(...): %v", err)
	}
	req, err := gh.NewRequest(http.MethodPut, "orgs/demo-org/teams/platform/repos/demo-org/seeded", map[string]string{"permission": "push"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := gh.Do(context.Background(), req, nil); err != nil {
		t.Fatalf("granting the Platform team push: %v", err)
	}
	return NewBranchProtectionClient(gh), emu
}

func TestGetProtectionNotFound(t *testing.T) {
	ctx := context.Background()
	c, _ := protectionFor(t)
	cases := map[string]struct {
		reason               string
		repo, branch         string
		notProtected, noSuch bool
	}{
		"NotProtected": {
			reason: "A branch without protection is GitHub's 404 Branch not protected.",
			repo:   "seeded", branch: "main", notProtected: true,
		},
		"NoSuchBranch": {
			reason: "A branch that does not exist is GitHub's 404 Branch not found.",
			repo:   "seeded", branch: "gone", noSuch: true,
		},
		"NoSuchRepository": {
			reason: "A repository GitHub does not show is a plain 404: neither of the above.",
			repo:   "nope", branch: "main",
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := c.GetProtection(ctx, "demo-org", tc.repo, tc.branch)
			if !IsNotFound(err) {
				t.Fatalf("\n%s\nGetProtection(...): want a 404, got %v", tc.reason, err)
			}
			if got := IsBranchNotProtected(err); got != tc.notProtected {
				t.Errorf("\n%s\nIsBranchNotProtected(%v) = %t, want %t", tc.reason, err, got, tc.notProtected)
			}
			if got := IsBranchNotFound(err); got != tc.noSuch {
				t.Errorf("\n%s\nIsBranchNotFound(%v) = %t, want %t", tc.reason, err, got, tc.noSuch)
			}
		})
	}
}

// The whole protection round trip: what we send, as GitHub keeps it, read
// back the same; required signatures on their own endpoint survive a PUT
// and go with the protection.
func TestProtectionRoundTrip(t *testing.T) {
	ctx := context.Background()
	c, _ := protectionFor(t)
	const branch = "release/v1" // sent escaped, as one segment
	actors := func() *ActorsRequest {
		return &ActorsRequest{Users: []string{"Demo-User", "member-user", "other-user"}, Teams: []string{"platform", "idle"}, Apps: []string{"pusher"}}
	}
	req := &ProtectionRequest{
		RequiredStatusChecks: &StatusChecksRequest{Strict: true, Contexts: []string{"lint", "build"},
			Checks: []StatusCheck{{Context: "lint", AppID: ptr.To[int64](77)}, {Context: "build", AppID: ptr.To[int64](-1)}}},
		EnforceAdmins: true,
		RequiredPullRequestReviews: &ReviewsRequest{DismissStaleReviews: true, RequiredApprovingReviewCount: 2, RequireLastPushApproval: true,
			DismissalRestrictions: actors(), BypassPullRequestAllowances: actors()},
		Restrictions:          actors(),
		RequiredLinearHistory: true, BlockCreations: true, LockBranch: true, AllowForkSyncing: true,
	}
	put, err := c.UpdateProtection(ctx, "demo-org", "seeded", branch, req)
	if err != nil {
		t.Fatalf("UpdateProtection(...): %v", err)
	}
	got, err := c.GetProtection(ctx, "demo-org", "seeded", branch)
	if err != nil {
		t.Fatalf("GetProtection(...): %v", err)
	}
	if diff := cmp.Diff(put, got); diff != "" {
		t.Errorf("GetProtection(...) differs from what UpdateProtection(...) answered: -put, +get:\n%s", diff)
	}
	// Only those who can push stay, in GitHub's spelling: demo-user (who
	// owns demo-org), not member-user (a member without a grant) nor
	// other-user; the Platform team, not Idle; the pusher app.
	kept := &ProtectionActors{Users: []Account{{Login: "demo-user"}}, Teams: []Slugged{{Slug: "platform"}}, Apps: []Slugged{{ID: 77, Slug: "pusher"}}}
	want := &Protection{
		RequiredStatusChecks: &ProtectionStatusChecks{Strict: true, Contexts: []string{"lint", "build"},
			Checks: []StatusCheck{{Context: "lint", AppID: ptr.To[int64](77)}, {Context: "build"}}},
		EnforceAdmins: &Enabled{true},
		RequiredPullRequestReviews: &ProtectionReviews{DismissStaleReviews: true, RequiredApprovingReviewCount: 2, RequireLastPushApproval: true,
			DismissalRestrictions: kept, BypassPullRequestAllowances: kept},
		Restrictions:          kept,
		RequiredLinearHistory: &Enabled{true}, AllowForcePushes: &Enabled{}, AllowDeletions: &Enabled{}, BlockCreations: &Enabled{true},
		RequiredConversationResolution: &Enabled{}, LockBranch: &Enabled{true}, AllowForkSyncing: &Enabled{true}, RequiredSignatures: &Enabled{},
	}
	names := cmp.Options{
		cmp.Transformer("slug", func(s Slugged) string { return s.Slug }),
		cmp.Transformer("login", func(a Account) string { return a.Login }),
	}
	if diff := cmp.Diff(want, got, names); diff != "" {
		t.Errorf("GetProtection(...): -want, +got:\n%s", diff)
	}

	if err := c.SetRequiredSignatures(ctx, "demo-org", "seeded", branch, true); err != nil {
		t.Fatalf("SetRequiredSignatures(on): %v", err)
	}
	if _, err := c.UpdateProtection(ctx, "demo-org", "seeded", branch, &ProtectionRequest{}); err != nil {
		t.Fatalf("UpdateProtection(nothing): %v", err)
	}
	if on, err := c.RequiredSignatures(ctx, "demo-org", "seeded", branch); err != nil || !on {
		t.Errorf("RequiredSignatures(...) after a PUT = %t, %v; want true: a PUT does not touch them", on, err)
	}
	if err := c.SetRequiredSignatures(ctx, "demo-org", "seeded", branch, false); err != nil {
		t.Fatalf("SetRequiredSignatures(off): %v", err)
	}
	if p, err := c.GetProtection(ctx, "demo-org", "seeded", branch); err != nil || p.RequiredSignatures.On() || p.RequiredPullRequestReviews != nil || p.Restrictions != nil {
		t.Errorf("GetProtection(...) after turning everything off = %+v, %v", p, err)
	}

	if err := c.DeleteProtection(ctx, "demo-org", "seeded", branch); err != nil {
		t.Fatalf("DeleteProtection(...): %v", err)
	}
	if _, err := c.GetProtection(ctx, "demo-org", "seeded", branch); !IsBranchNotProtected(err) {
		t.Errorf("GetProtection(...) after DeleteProtection: want Branch not protected, got %v", err)
	}
	if err := c.DeleteProtection(ctx, "demo-org", "seeded", branch); !IsNotFound(err) {
		t.Errorf("DeleteProtection(...) again: want a 404, got %v", err)
	}
}

func TestUpdateProtectionRefused(t *testing.T) {
	ctx := context.Background()
	c, _ := protectionFor(t)
	cases := map[string]struct {
		reason      string
		repo, owner string
		req         *ProtectionRequest
		want        error
	}{
		"PersonalRestrictions": {
			reason: "A personal repository cannot restrict pushes.",
			owner:  "demo-user", repo: "personal",
			req:  &ProtectionRequest{Restrictions: &ActorsRequest{Users: []string{}, Teams: []string{}, Apps: []string{}}},
			want: &Error{msg: "GitHub refused the request as invalid (422 Only organization repositories can have users and team restrictions)"},
		},
		"UnknownUser": {
			reason: "A user GitHub does not know is refused, by name.",
			owner:  "demo-org", repo: "seeded",
			req:  &ProtectionRequest{Restrictions: &ActorsRequest{Users: []string{"nobody-at-all"}, Teams: []string{}}},
			want: &Error{msg: "GitHub refused the request as invalid (422 Validation Failed): Could not resolve to a User with the login of 'nobody-at-all'."},
		},
		"ReviewCount": {
			reason: "At most six approving reviews.",
			owner:  "demo-org", repo: "seeded",
			req:  &ProtectionRequest{RequiredPullRequestReviews: &ReviewsRequest{RequiredApprovingReviewCount: 7}},
			want: &Error{msg: "GitHub refused the request as invalid (422 Validation Failed): required_approving_review_count must be between 0 and 6, not 7"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := c.UpdateProtection(ctx, tc.owner, tc.repo, "main", tc.req)
			if tc.repo == "personal" {
				_, err = c.UpdateProtection(ctx, tc.owner, tc.repo, "trunk", tc.req)
			}
			if diff := cmp.Diff(tc.want, err, test.EquateErrors()); diff != "" {
				t.Errorf("\n%s\nUpdateProtection(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

// An empty dismissal restriction is GitHub's {}, which a personal
// repository takes; restrictions send their lists even when empty.
func TestActorsRequestJSON(t *testing.T) {
	cases := map[string]struct {
		in   ActorsRequest
		want string
	}{
		"None":       {in: ActorsRequest{}, want: `{}`},
		"EmptyLists": {in: ActorsRequest{Users: []string{}, Teams: []string{}, Apps: []string{}}, want: `{"apps":[],"teams":[],"users":[]}`},
		"Some":       {in: ActorsRequest{Users: []string{"a"}, Teams: []string{}}, want: `{"teams":[],"users":["a"]}`},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			b, err := json.Marshal(tc.in)
			if err != nil || string(b) != tc.want {
				t.Errorf("json.Marshal(%+v) = %s, %v; want %s", tc.in, b, err, tc.want)
			}
		})
	}
	ctx := context.Background()
	c, _ := protectionFor(t)
	_, err := c.UpdateProtection(ctx, "demo-user", "personal", "trunk", &ProtectionRequest{
		RequiredPullRequestReviews: &ReviewsRequest{RequiredApprovingReviewCount: 1, DismissalRestrictions: &ActorsRequest{}},
	})
	if err != nil {
		t.Errorf("UpdateProtection(personal, dismissal {}): %v", err)
	}
}
