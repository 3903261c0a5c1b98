package integration

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// protectionObject is a BranchProtection of either scope.
type protectionObject = twins.BranchProtectionObject

var protections = twins.BranchProtection

// protRepo is the seeded repository whose branches these tests protect.
const protRepo = "svc"

var (
	appKeyOnce sync.Once
	appKeyPEM  string
)

// pusherKey is the public key of the pusher app, made once per test run.
func pusherKey(t *testing.T) string {
	t.Helper()
	appKeyOnce.Do(func() {
		k, err := rsa.GenerateKey(rand.Reader, 2048)
		if err != nil {
			return
		}
		der, err := x509.MarshalPKIXPublicKey(&k.PublicKey)
		if err != nil {
			return
		}
		appKeyPEM = string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))
	})
	if appKeyPEM == "" {
		t.Fatal("cannot make the pusher app's key")
	}
	return appKeyPEM
}

// newProtectionFixture is a fixture whose emulator also knows demo-org's
// private repository svc (branches main and develop), member-user (a
// member of demo-org with push on svc), the Platform team (push on svc),
// the Idle team (no access), the pusher app (installed on demo-org with
// contents: write) and the looker app (read only). other-user, outside
// demo-org, has no access to svc.
func newProtectionFixture(t *testing.T) *fixture {
	t.Helper()
	seed := emulator.DefaultSeed()
	seed.Users = append(seed.Users, emulator.SeedUser{Login: "member-user", Tokens: []string{"member-token"}})
	seed.Orgs[0].Members = append(seed.Orgs[0].Members, emulator.SeedMember{Login: "member-user", Role: emulator.RoleMember})
	seed.Teams = append(seed.Teams, emulator.SeedTeam{Org: owner, Name: "Platform"}, emulator.SeedTeam{Org: owner, Name: "Idle"})
	key := pusherKey(t)
	seed.Apps = append(seed.Apps,
		emulator.SeedApp{ID: 4701, Slug: "pusher", PublicKeyPEM: key,
			Installations: []emulator.SeedInstallation{{ID: 470101, Account: owner, Permissions: map[string]string{"contents": "write"}}}},
		emulator.SeedApp{ID: 4702, Slug: "looker", PublicKeyPEM: key,
			Installations: []emulator.SeedInstallation{{ID: 470201, Account: owner, Permissions: map[string]string{"contents": "read"}}}},
	)
	seed.Repos = append(seed.Repos, emulator.SeedRepo{Owner: owner, Name: protRepo, Visibility: "private", Branches: []string{"main", "develop"}})
	f := newFixtureWith(t, emulator.Options{Seed: seed})
	f.ghMust(http.StatusNoContent, goodToken, http.MethodPut, "/orgs/demo-org/teams/platform/repos/demo-org/svc", `{"permission":"push"}`)
	f.ghMust(http.StatusNoContent, goodToken, http.MethodPut, "/repos/demo-org/svc/collaborators/member-user", `{"permission":"push"}`)
	return f
}

// protection builds, without creating it, a BranchProtection of scope s
// called name, of demo-org/svc's branch, with the settings p.
func (f *fixture) protection(s scope, name, branch string, p common.BranchProtectionParameters) protectionObject {
	f.t.Helper()
	bp := protections.In(s.of)
	p.RepositoryTarget = common.RepositoryTarget{Repository: ptr.To(protRepo)}
	if branch != "" {
		p.Branch = ptr.To(common.BranchName(branch))
	}
	*bp.Parameters() = p
	return place(f, s, bp, name, "github")
}

// ghProtection is a branch's protection as GitHub answers it, in GitHub's
// own words (not the provider's wire types).
type ghProtection struct {
	RequiredStatusChecks *struct {
		Strict   bool     `json:"strict"`
		Contexts []string `json:"contexts"`
		Checks   []struct {
			Context string `json:"context"`
			AppID   *int64 `json:"app_id"`
		} `json:"checks"`
	} `json:"required_status_checks"`
	EnforceAdmins              ghEnabled `json:"enforce_admins"`
	RequiredPullRequestReviews *struct {
		DismissStaleReviews          bool      `json:"dismiss_stale_reviews"`
		RequireCodeOwnerReviews      bool      `json:"require_code_owner_reviews"`
		RequiredApprovingReviewCount int       `json:"required_approving_review_count"`
		RequireLastPushApproval      bool      `json:"require_last_push_approval"`
		DismissalRestrictions        *ghActors `json:"dismissal_restrictions"`
		BypassPullRequestAllowances  *ghActors `json:"bypass_pull_request_allowances"`
	} `json:"required_pull_request_reviews"`
	Restrictions                   *ghActors `json:"restrictions"`
	RequiredLinearHistory          ghEnabled `json:"required_linear_history"`
	AllowForcePushes               ghEnabled `json:"allow_force_pushes"`
	AllowDeletions                 ghEnabled `json:"allow_deletions"`
	BlockCreations                 ghEnabled `json:"block_creations"`
	RequiredConversationResolution ghEnabled `json:"required_conversation_resolution"`
	LockBranch                     ghEnabled `json:"lock_branch"`
	AllowForkSyncing               ghEnabled `json:"allow_fork_syncing"`
	RequiredSignatures             ghEnabled `json:"required_signatures"`
}

type ghEnabled struct {
	Enabled bool `json:"enabled"`
}

type ghActors struct {
	Users []struct {
		Login string `json:"login"`
	} `json:"users"`
	Teams []struct {
		Slug string `json:"slug"`
	} `json:"teams"`
	Apps []struct {
		Slug string `json:"slug"`
	} `json:"apps"`
}

// names lists the actors as "users: ...; teams: ...; apps: ...".
func (a *ghActors) names() string {
	if a == nil {
		return "none"
	}
	var u, t, p []string
	for _, x := range a.Users {
		u = append(u, x.Login)
	}
	for _, x := range a.Teams {
		t = append(t, x.Slug)
	}
	for _, x := range a.Apps {
		p = append(p, x.Slug)
	}
	return "users: " + strings.Join(u, ",") + "; teams: " + strings.Join(t, ",") + "; apps: " + strings.Join(p, ",")
}

// ghProtectionOf reads the protection of svc's branch as its admin; nil
// when the branch is not protected.
func (f *fixture) ghProtectionOf(branch string) *ghProtection {
	f.t.Helper()
	status, body := f.gh(goodToken, http.MethodGet, "/repos/demo-org/svc/branches/"+branch+"/protection", "")
	if status == http.StatusNotFound {
		return nil
	}
	if status != http.StatusOK {
		f.t.Fatalf("reading the protection of %s: %d %s", branch, status, body)
	}
	p := &ghProtection{}
	f.must(json.Unmarshal(body, p))
	return p
}

// protectionWrites counts the emulator's answered writes (PUT, POST,
// DELETE) to the protection of svc's branches, whoever sent them.
func (f *fixture) protectionWrites() int {
	n := 0
	for _, r := range f.emu.Requests() {
		if r.Method != http.MethodGet && strings.Contains(r.Path, "/repos/demo-org/svc/branches/") && strings.Contains(r.Path, "/protection") {
			n++
		}
	}
	return n
}

// quietProtection waits a few poll intervals and fails when the provider
// wrote to a branch protection meanwhile: a protection GitHub accepted must
// not be written again.
func quietProtection(f *fixture, what string) {
	f.t.Helper()
	before := f.protectionWrites()
	time.Sleep(3 * pollInterval)
	if n := f.protectionWrites() - before; n != 0 {
		f.t.Errorf("%s: %d writes to branch protection in 3 polls, want none (an update loop)", what, n)
	}
}
