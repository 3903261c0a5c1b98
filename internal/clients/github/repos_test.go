package github

import (
	"context"
	stderrors "errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-github/v37/github"

	"github.com/crossplane-github/provider-github/internal/clients/transport"
	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

func ptrTo[T any](v T) *T { return &v }

// repoSeed is the default seed plus a few repositories.
func repoSeed() *emulator.Seed {
	s := emulator.DefaultSeed()
	s.Repos = append(s.Repos,
		emulator.SeedRepo{Owner: "demo-org", Name: "seeded", Description: "seeded repository", Branches: []string{"main", "dev"}},
		emulator.SeedRepo{Owner: "demo-org", Name: "private-one", Visibility: "private", Branches: []string{"main"}},
		emulator.SeedRepo{Owner: "demo-user", Name: "personal", Branches: []string{"trunk"}},
	)
	return s
}

// repositoryAreas are the areas a repository spans, for the tests that read
// and write one through all of them.
type repositoryAreas struct {
	*ReposClient
	*TopicsClient
	*VulnerabilityAlertsClient
	*UsersClient
}

// emulated starts a contract-checked emulator and returns our repository API
// on it for token, and the emulator.
func emulated(t *testing.T, token string) (*repositoryAreas, *emulator.Server) {
	t.Helper()
	srv, emu := emulatortest.NewServer(t, emulator.Options{Seed: repoSeed()})
	return reposFor(t, srv.URL, token, testOptionsURL(srv.Client().Transport)), emu
}

func testOptionsURL(tr http.RoundTripper) transport.Options {
	return transport.Options{UserAgent: "provider-github-test", Transport: tr}
}

func reposFor(t *testing.T, baseURL, token string, o transport.Options) *repositoryAreas {
	t.Helper()
	gh, err := transport.NewClient(transport.Config{Credentials: transport.Credentials{Token: token}, BaseURL: baseURL}, o)
	if err != nil {
		t.Fatalf("NewClient(...): %v", err)
	}
	return &repositoryAreas{NewReposClient(gh), NewTopicsClient(gh), NewVulnerabilityAlertsClient(gh), NewUsersClient(gh)}
}

func TestRepositoriesCreate(t *testing.T) {
	ctx := context.Background()
	type args struct {
		org string
		req *RepositoryRequest
	}
	type want struct {
		fullName, ownerLogin, ownerType, visibility, defaultBranch string
		private, hasWiki                                           bool
		description                                                *string
		err                                                        error
		invalid                                                    bool
	}
	cases := map[string]struct {
		reason string
		token  string
		args   args
		want   want
	}{
		"User": {
			reason: "An empty org creates the repository for the authenticated user.",
			token:  "demo-token",
			args:   args{req: &RepositoryRequest{Name: ptrTo("mine"), Description: ptrTo("my repo"), AutoInit: ptrTo(true)}},
			want: want{fullName: "demo-user/mine", ownerLogin: "demo-user", ownerType: "User", visibility: "public",
				defaultBranch: "main", hasWiki: true, description: ptrTo("my repo")},
		},
		"Org": {
			reason: "An org creates the repository in that organization, with the settings asked for.",
			token:  "demo-token",
			args:   args{org: "demo-org", req: &RepositoryRequest{Name: ptrTo("svc"), Private: ptrTo(true), HasWiki: ptrTo(false)}},
			want: want{fullName: "demo-org/svc", ownerLogin: "demo-org", ownerType: "Organization", visibility: "private",
				defaultBranch: "main", private: true, hasWiki: false},
		},
		"Duplicate": {
			reason: "A name already taken (case-insensitively) is a 422 saying it already exists.",
			token:  "demo-token",
			args:   args{org: "demo-org", req: &RepositoryRequest{Name: ptrTo("Seeded")}},
			want: want{invalid: true,
				err: &Error{msg: "GitHub refused the request as invalid (422 Repository creation failed.): name already exists on this account"}},
		},
		"NotAMember": {
			reason: "A user outside the organization cannot create repositories in it.",
			token:  "other-token",
			args:   args{org: "demo-org", req: &RepositoryRequest{Name: ptrTo("intruder")}},
			want:   want{err: &Error{msg: "GitHub refused the request (403 You need admin access to the organization before adding a repository to it.): the credentials lack permission; a classic token needs the repo scope, a fine-grained token or GitHub App needs Administration: write"}},
		},
		"NoSuchOrg": {
			reason: "An organization that does not exist is a 404.",
			token:  "demo-token",
			args:   args{org: "no-such-org", req: &RepositoryRequest{Name: ptrTo("x")}},
			want:   want{err: &Error{msg: "GitHub answered 404 Not Found: it does not exist, or the credentials cannot see it"}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			r, _ := emulated(t, tc.token)
			got, err := r.Create(ctx, tc.args.org, tc.args.req)
			if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
				t.Fatalf("\n%s\nCreate(...): -want error, +got error:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.want.invalid, IsUnprocessable(err)); diff != "" {
				t.Errorf("\n%s\nIsUnprocessable(...): -want, +got:\n%s", tc.reason, diff)
			}
			if tc.want.invalid && !strings.Contains(err.Error(), "already exists") {
				t.Errorf("\n%s\nCreate(...): error %q does not say the name already exists", tc.reason, err)
			}
			if err != nil {
				return
			}
			if got.ID == 0 || got.NodeID == "" || got.HTMLURL == "" || got.CreatedAt == nil {
				t.Errorf("\n%s\nCreate(...) = %+v, want id, node id, html url and creation time", tc.reason, got)
			}
			type view struct {
				FullName, OwnerLogin, OwnerType, Visibility, DefaultBranch string
				Private, HasWiki                                           bool
				Description                                                *string
			}
			if diff := cmp.Diff(
				view{tc.want.fullName, tc.want.ownerLogin, tc.want.ownerType, tc.want.visibility, tc.want.defaultBranch, tc.want.private, tc.want.hasWiki, tc.want.description},
				view{got.FullName, got.Owner.Login, got.Owner.Type, got.Visibility, got.DefaultBranch, got.Private, got.HasWiki, got.Description},
			); diff != "" {
				t.Errorf("\n%s\nCreate(...): -want, +got:\n%s", tc.reason, diff)
			}
			// What was created is what Get reads back.
			owner, repoName, _ := strings.Cut(tc.want.fullName, "/")
			again, err := r.Get(ctx, owner, repoName)
			if err != nil {
				t.Fatalf("\n%s\nGet(%s): %v", tc.reason, tc.want.fullName, err)
			}
			if diff := cmp.Diff(got, again); diff != "" {
				t.Errorf("\n%s\nGet(...) after Create: -created, +read:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestRepositoriesGet(t *testing.T) {
	ctx := context.Background()
	type want struct {
		fullName string
		err      error
		notFound bool
	}
	cases := map[string]struct {
		reason      string
		token       string
		owner, name string
		want        want
	}{
		"Existing": {
			reason: "An existing repository is read.",
			token:  "demo-token", owner: "demo-org", name: "seeded",
			want: want{fullName: "demo-org/seeded"},
		},
		"CaseInsensitive": {
			reason: "GitHub matches owner and name case-insensitively and answers with the canonical spelling.",
			token:  "demo-token", owner: "Demo-Org", name: "SEEDED",
			want: want{fullName: "demo-org/seeded"},
		},
		"Missing": {
			reason: "A missing repository is a 404.",
			token:  "demo-token", owner: "demo-org", name: "nope",
			want: want{notFound: true, err: &Error{msg: "GitHub answered 404 Not Found: it does not exist, or the credentials cannot see it"}},
		},
		"PrivateInvisible": {
			reason: "GitHub hides a private repository the caller cannot see behind a 404.",
			token:  "other-token", owner: "demo-org", name: "private-one",
			want: want{notFound: true, err: &Error{msg: "GitHub answered 404 Not Found: it does not exist, or the credentials cannot see it"}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			r, _ := emulated(t, tc.token)
			got, err := r.Get(ctx, tc.owner, tc.name)
			if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
				t.Errorf("\n%s\nGet(...): -want error, +got error:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.want.notFound, IsNotFound(err)); diff != "" {
				t.Errorf("\n%s\nIsNotFound(...): -want, +got:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.want.fullName, got.FullName); diff != "" {
				t.Errorf("\n%s\nGet(...).FullName: -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestRepositoriesGetAccount(t *testing.T) {
	ctx := context.Background()
	cases := map[string]struct {
		reason string
		login  string
		want   *Account
		err    error
	}{
		"Org":     {reason: "An organization reads as type Organization.", login: "demo-org", want: &Account{Login: "demo-org", Type: "Organization"}},
		"User":    {reason: "A user reads as type User.", login: "other-user", want: &Account{Login: "other-user", Type: "User"}},
		"Missing": {reason: "A missing account is a 404.", login: "ghost-account", want: &Account{}, err: &Error{msg: "GitHub answered 404 Not Found: it does not exist, or the credentials cannot see it"}},
	}
	r, _ := emulated(t, "demo-token")
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got, err := r.GetAccount(ctx, tc.login)
			if diff := cmp.Diff(tc.err, err, test.EquateErrors()); diff != "" {
				t.Errorf("\n%s\nGetAccount(...): -want error, +got error:\n%s", tc.reason, diff)
			}
			if err == nil && got.ID == 0 {
				t.Errorf("\n%s\nGetAccount(...).ID = 0", tc.reason)
			}
			got.ID = 0
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("\n%s\nGetAccount(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestRepositoriesRename(t *testing.T) {
	ctx := context.Background()
	r, emu := emulated(t, "demo-token")

	orig, err := r.Get(ctx, "demo-org", "seeded")
	if err != nil {
		t.Fatalf("Get(seeded): %v", err)
	}
	renamed, err := r.Edit(ctx, "demo-org", "seeded", &RepositoryRequest{Name: ptrTo("renamed")})
	if err != nil {
		t.Fatalf("Edit(name: renamed): %v", err)
	}
	if diff := cmp.Diff("demo-org/renamed", renamed.FullName); diff != "" {
		t.Errorf("Edit(...).FullName: -want, +got:\n%s", diff)
	}

	cases := map[string]struct {
		reason string
		get    func() (*Repository, error)
		// status is the first answer the emulator gave (a 304 when the
		// conditional read's cache already had it: callers see a 200);
		// nil: no request was made.
		status []int
	}{
		"GetByOldName": {
			reason: "Get by the old name follows GitHub's 301 and returns the repository under its new name.",
			get:    func() (*Repository, error) { return r.Get(ctx, "demo-org", "seeded") },
			status: []int{http.StatusMovedPermanently},
		},
		"GetByNewName": {
			reason: "Get by the new name is answered, without a request, by GitHub's answer to the rename (or the edit after it).",
			get:    func() (*Repository, error) { return r.Get(ctx, "demo-org", "renamed") },
			status: nil,
		},
		"GetByID": {
			reason: "GetByID finds the repository whatever its name now is.",
			get:    func() (*Repository, error) { return r.GetByID(ctx, orig.ID) },
			status: []int{http.StatusOK, http.StatusNotModified},
		},
		"EditByOldName": {
			reason: "A PATCH to the old name follows GitHub's 307, body and all.",
			get: func() (*Repository, error) {
				return r.Edit(ctx, "demo-org", "seeded", &RepositoryRequest{Description: ptrTo("edited through the old name")})
			},
			status: []int{http.StatusTemporaryRedirect},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			before := len(emu.Requests())
			got, err := tc.get()
			if err != nil {
				t.Fatalf("\n%s\n%v", tc.reason, err)
			}
			if diff := cmp.Diff("renamed", got.Name); diff != "" {
				t.Errorf("\n%s\nName: -want, +got:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(orig.ID, got.ID); diff != "" {
				t.Errorf("\n%s\nID: -want, +got:\n%s", tc.reason, diff)
			}
			reqs := emu.Requests()[before:]
			if tc.status == nil && len(reqs) > 0 {
				t.Errorf("\n%s\nrequests = %+v, want none", tc.reason, reqs)
			}
			if tc.status != nil && (len(reqs) == 0 || !slices.Contains(tc.status, reqs[0].Status)) {
				t.Errorf("\n%s\nrequests = %+v, want the first answered one of %v", tc.reason, reqs, tc.status)
			}
		})
	}
	final, err := r.GetByID(ctx, orig.ID)
	if err != nil {
		t.Fatalf("GetByID: %v", err)
	}
	if diff := cmp.Diff(ptrTo("edited through the old name"), final.Description); diff != "" {
		t.Errorf("description edited through the old name: -want, +got:\n%s", diff)
	}
}

// settingsView is the part of a repository the settings tests compare.
type settingsView struct {
	HasDiscussions           bool
	AllowUpdateBranch        *bool
	AllowAutoMerge           *bool
	DeleteBranchOnMerge      *bool
	SquashMergeCommitTitle   *string
	SquashMergeCommitMessage *string
	MergeCommitTitle         *string
	MergeCommitMessage       *string
	WebCommitSignoffRequired *bool
	SecurityAndAnalysis      *SecurityAndAnalysis
}

func viewOf(r *Repository) settingsView {
	return settingsView{
		HasDiscussions: r.HasDiscussions, AllowUpdateBranch: r.AllowUpdateBranch, AllowAutoMerge: r.AllowAutoMerge,
		DeleteBranchOnMerge: r.DeleteBranchOnMerge, SquashMergeCommitTitle: r.SquashMergeCommitTitle,
		SquashMergeCommitMessage: r.SquashMergeCommitMessage, MergeCommitTitle: r.MergeCommitTitle,
		MergeCommitMessage: r.MergeCommitMessage, WebCommitSignoffRequired: r.WebCommitSignoffRequired,
		SecurityAndAnalysis: r.SecurityAndAnalysis,
	}
}

func enabled() *FeatureStatus  { return &FeatureStatus{Status: "enabled"} }
func disabled() *FeatureStatus { return &FeatureStatus{Status: "disabled"} }

func TestRepositoriesEditSettings(t *testing.T) {
	ctx := context.Background()
	type args struct {
		// repo is edited; seeded is public, private-one private.
		repo string
		// edits are applied in order; the last one's answer is compared.
		edits []*RepositoryRequest
	}
	type want struct {
		view settingsView
		err  error
	}
	cases := map[string]struct {
		reason string
		args   args
		want   want
	}{
		"FieldsGoGitHubLacks": {
			reason: "Fields go-github v37 does not know should be sent and read back.",
			args: args{repo: "seeded", edits: []*RepositoryRequest{{
				HasDiscussions: ptrTo(true), AllowUpdateBranch: ptrTo(true), AllowAutoMerge: ptrTo(true), DeleteBranchOnMerge: ptrTo(true),
				SquashMergeCommitTitle: ptrTo("PR_TITLE"), SquashMergeCommitMessage: ptrTo("PR_BODY"),
				MergeCommitTitle: ptrTo("PR_TITLE"), MergeCommitMessage: ptrTo("PR_BODY"),
				WebCommitSignoffRequired: ptrTo(true),
				SecurityAndAnalysis:      &SecurityAndAnalysis{SecretScanning: enabled(), SecretScanningPushProtection: enabled(), DependabotSecurityUpdates: enabled()},
			}}},
			want: want{view: settingsView{
				HasDiscussions: true, AllowUpdateBranch: ptrTo(true), AllowAutoMerge: ptrTo(true), DeleteBranchOnMerge: ptrTo(true),
				SquashMergeCommitTitle: ptrTo("PR_TITLE"), SquashMergeCommitMessage: ptrTo("PR_BODY"),
				MergeCommitTitle: ptrTo("PR_TITLE"), MergeCommitMessage: ptrTo("PR_BODY"),
				WebCommitSignoffRequired: ptrTo(true),
				SecurityAndAnalysis:      &SecurityAndAnalysis{SecretScanning: enabled(), SecretScanningPushProtection: enabled(), DependabotSecurityUpdates: enabled(), SecretScanningDelegatedBypass: disabled()},
			}},
		},
		"DelegatedBypass": {
			reason: "Push protection's delegated bypass and its reviewers are sent and read back.",
			args: args{repo: "seeded", edits: []*RepositoryRequest{{
				SecurityAndAnalysis: &SecurityAndAnalysis{SecretScanningPushProtection: enabled(), SecretScanningDelegatedBypass: enabled(),
					SecretScanningDelegatedBypassOptions: &DelegatedBypassOptions{Reviewers: []BypassReviewer{{ReviewerID: 138, ReviewerType: "ROLE", Mode: "EXEMPT"}}}},
			}}},
			want: want{view: settingsView{
				AllowUpdateBranch: ptrTo(false), AllowAutoMerge: ptrTo(false), DeleteBranchOnMerge: ptrTo(false),
				SquashMergeCommitTitle: ptrTo("COMMIT_OR_PR_TITLE"), SquashMergeCommitMessage: ptrTo("COMMIT_MESSAGES"),
				MergeCommitTitle: ptrTo("MERGE_MESSAGE"), MergeCommitMessage: ptrTo("PR_TITLE"),
				WebCommitSignoffRequired: ptrTo(false),
				SecurityAndAnalysis: &SecurityAndAnalysis{SecretScanning: disabled(), SecretScanningPushProtection: enabled(), DependabotSecurityUpdates: disabled(),
					SecretScanningDelegatedBypass:        enabled(),
					SecretScanningDelegatedBypassOptions: &DelegatedBypassOptions{Reviewers: []BypassReviewer{{ReviewerID: 138, ReviewerType: "ROLE", Mode: "EXEMPT"}}}},
			}},
		},
		"TurnedOffAgain": {
			reason: "false values must be sent (not dropped by omitempty) so settings can be turned off again.",
			args: args{repo: "seeded", edits: []*RepositoryRequest{
				{HasDiscussions: ptrTo(true), AllowUpdateBranch: ptrTo(true), WebCommitSignoffRequired: ptrTo(true),
					SecurityAndAnalysis: &SecurityAndAnalysis{SecretScanning: enabled()}},
				{HasDiscussions: ptrTo(false), AllowUpdateBranch: ptrTo(false), WebCommitSignoffRequired: ptrTo(false),
					SquashMergeCommitTitle: ptrTo("COMMIT_OR_PR_TITLE"), SquashMergeCommitMessage: ptrTo("BLANK"),
					SecurityAndAnalysis: &SecurityAndAnalysis{SecretScanning: disabled()}},
			}},
			want: want{view: settingsView{
				HasDiscussions: false, AllowUpdateBranch: ptrTo(false), AllowAutoMerge: ptrTo(false), DeleteBranchOnMerge: ptrTo(false),
				SquashMergeCommitTitle: ptrTo("COMMIT_OR_PR_TITLE"), SquashMergeCommitMessage: ptrTo("BLANK"),
				MergeCommitTitle: ptrTo("MERGE_MESSAGE"), MergeCommitMessage: ptrTo("PR_TITLE"),
				WebCommitSignoffRequired: ptrTo(false),
				SecurityAndAnalysis:      &SecurityAndAnalysis{SecretScanning: disabled(), SecretScanningPushProtection: disabled(), DependabotSecurityUpdates: disabled(), SecretScanningDelegatedBypass: disabled()},
			}},
		},
		"AdvancedSecurityPrivate": {
			reason: "GitHub Advanced Security can be enabled on an organization's private repository, and then secret scanning.",
			args: args{repo: "private-one", edits: []*RepositoryRequest{{
				SecurityAndAnalysis: &SecurityAndAnalysis{AdvancedSecurity: enabled(), SecretScanning: enabled()},
			}}},
			want: want{view: settingsView{
				AllowUpdateBranch: ptrTo(false), AllowAutoMerge: ptrTo(false), DeleteBranchOnMerge: ptrTo(false),
				SquashMergeCommitTitle: ptrTo("COMMIT_OR_PR_TITLE"), SquashMergeCommitMessage: ptrTo("COMMIT_MESSAGES"),
				MergeCommitTitle: ptrTo("MERGE_MESSAGE"), MergeCommitMessage: ptrTo("PR_TITLE"),
				WebCommitSignoffRequired: ptrTo(false),
				SecurityAndAnalysis:      &SecurityAndAnalysis{AdvancedSecurity: enabled(), SecretScanning: enabled(), SecretScanningPushProtection: disabled(), DependabotSecurityUpdates: disabled(), SecretScanningDelegatedBypass: disabled()},
			}},
		},
		"SecretScanningWithoutGHAS": {
			reason: "Secret scanning on a private repository needs Advanced Security first: a 422 a person can act on.",
			args: args{repo: "private-one", edits: []*RepositoryRequest{{
				SecurityAndAnalysis: &SecurityAndAnalysis{SecretScanning: enabled()},
			}}},
			want: want{err: &Error{msg: "GitHub refused the request as invalid (422 Validation Failed): Secret scanning is not available for this repository. Enable GitHub Advanced Security first."}},
		},
		"NoMergeMethod": {
			reason: "Turning off every merge method is a 422.",
			args: args{repo: "seeded", edits: []*RepositoryRequest{{
				AllowSquashMerge: ptrTo(false), AllowMergeCommit: ptrTo(false), AllowRebaseMerge: ptrTo(false),
			}}},
			want: want{err: &Error{msg: "GitHub refused the request as invalid (422 Validation Failed): Sorry, you need to allow at least one merge strategy. (no_merge_method)"}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			r, _ := emulated(t, "demo-token")
			var got *Repository
			var err error
			for i, e := range tc.args.edits {
				got, err = r.Edit(ctx, "demo-org", tc.args.repo, e)
				if err != nil && i < len(tc.args.edits)-1 {
					t.Fatalf("\n%s\nEdit #%d: %v", tc.reason, i, err)
				}
			}
			if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
				t.Fatalf("\n%s\nEdit(...): -want error, +got error:\n%s", tc.reason, diff)
			}
			if err != nil {
				if !IsUnprocessable(err) {
					t.Errorf("\n%s\nIsUnprocessable(%v) = false", tc.reason, err)
				}
				return
			}
			if diff := cmp.Diff(tc.want.view, viewOf(got)); diff != "" {
				t.Errorf("\n%s\nEdit(...): -want, +got:\n%s", tc.reason, diff)
			}
			read, err := r.Get(ctx, "demo-org", tc.args.repo)
			if err != nil {
				t.Fatalf("\n%s\nGet(...): %v", tc.reason, err)
			}
			if diff := cmp.Diff(tc.want.view, viewOf(read)); diff != "" {
				t.Errorf("\n%s\nGet(...) after Edit: -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestRepositoriesReplaceTopics(t *testing.T) {
	ctx := context.Background()
	type want struct {
		topics []string
		err    error
	}
	cases := map[string]struct {
		reason string
		sets   [][]string
		want   want
	}{
		"Set": {
			reason: "Topics are set.",
			sets:   [][]string{{"crossplane", "github"}},
			want:   want{topics: []string{"crossplane", "github"}},
		},
		"Replace": {
			reason: "Topics are replaced, not merged.",
			sets:   [][]string{{"crossplane", "github"}, {"kubernetes"}},
			want:   want{topics: []string{"kubernetes"}},
		},
		"ClearWithNil": {
			reason: "nil clears the topics (sent as [], not null).",
			sets:   [][]string{{"crossplane"}, nil},
			want:   want{topics: []string{}},
		},
		"Invalid": {
			reason: "A topic GitHub does not accept is a 422.",
			sets:   [][]string{{"Not A Topic!"}},
			want:   want{topics: []string{}, err: errors.New("any 422")},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			r, _ := emulated(t, "demo-token")
			var err error
			for _, s := range tc.sets {
				err = r.ReplaceTopics(ctx, "demo-org", "seeded", s)
			}
			if tc.want.err != nil {
				if !IsUnprocessable(err) {
					t.Errorf("\n%s\nReplaceTopics(...): %v, want a 422", tc.reason, err)
				}
			} else if err != nil {
				t.Errorf("\n%s\nReplaceTopics(...): %v", tc.reason, err)
			}
			got, err := r.Get(ctx, "demo-org", "seeded")
			if err != nil {
				t.Fatalf("\n%s\nGet(...): %v", tc.reason, err)
			}
			if got.Topics == nil {
				got.Topics = []string{}
			}
			if diff := cmp.Diff(tc.want.topics, got.Topics); diff != "" {
				t.Errorf("\n%s\ntopics: -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestRepositoriesVulnerabilityAlerts(t *testing.T) {
	ctx := context.Background()
	type want struct {
		enabled bool
		err     error
	}
	cases := map[string]struct {
		reason string
		token  string
		// sets are applied in order before reading.
		sets []bool
		want want
	}{
		"Enable": {
			reason: "Enabled alerts read as enabled (GitHub answers 204).",
			token:  "demo-token",
			sets:   []bool{true},
			want:   want{enabled: true},
		},
		"EnableThenDisable": {
			reason: "Disabled alerts read as disabled (GitHub answers 404), not as an error.",
			token:  "demo-token",
			sets:   []bool{true, false},
			want:   want{enabled: false},
		},
		"EnableTwice": {
			reason: "Enabling is idempotent.",
			token:  "demo-token",
			sets:   []bool{true, true},
			want:   want{enabled: true},
		},
		"NotAdmin": {
			reason: "A caller without admin rights gets a 403 error, not 'disabled'.",
			token:  "other-token",
			want:   want{err: &Error{msg: "GitHub refused the request (403 Must have admin rights to Repository.): the credentials lack permission; a classic token needs the repo scope, a fine-grained token or GitHub App needs Administration: read on the repository"}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			r, _ := emulated(t, tc.token)
			for i, on := range tc.sets {
				if err := r.SetVulnerabilityAlerts(ctx, "demo-org", "seeded", on); err != nil {
					t.Fatalf("\n%s\nSetVulnerabilityAlerts #%d (%t): %v", tc.reason, i, on, err)
				}
			}
			got, err := r.VulnerabilityAlerts(ctx, "demo-org", "seeded")
			if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
				t.Errorf("\n%s\nVulnerabilityAlerts(...): -want error, +got error:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.want.enabled, got); diff != "" {
				t.Errorf("\n%s\nVulnerabilityAlerts(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestRepositoriesGenerate(t *testing.T) {
	ctx := context.Background()
	type args struct {
		markTemplate bool
		req          *TemplateRequest
	}
	type want struct {
		fullName, template, defaultBranch string
		private                           bool
		err                               error
	}
	cases := map[string]struct {
		reason string
		args   args
		want   want
	}{
		"IntoOrg": {
			reason: "A template repository generates a new one that names its template.",
			args:   args{markTemplate: true, req: &TemplateRequest{Owner: "demo-org", Name: "from-template", Description: ptrTo("generated"), Private: ptrTo(true)}},
			want:   want{fullName: "demo-org/from-template", template: "demo-org/seeded", defaultBranch: "main", private: true},
		},
		"IntoUser": {
			reason: "Without an owner, the repository is generated for the authenticated user.",
			args:   args{markTemplate: true, req: &TemplateRequest{Name: "mine-from-template", IncludeAllBranches: ptrTo(true)}},
			want:   want{fullName: "demo-user/mine-from-template", template: "demo-org/seeded", defaultBranch: "main"},
		},
		"NotATemplate": {
			reason: "A repository not marked as template cannot be generated from: a 422.",
			args:   args{markTemplate: false, req: &TemplateRequest{Owner: "demo-org", Name: "nope"}},
			want:   want{err: &Error{msg: "GitHub refused the request as invalid (422 Validation Failed): demo-org/seeded is not a template repository"}},
		},
		"NameTaken": {
			reason: "Generating onto a taken name is a 422 saying it already exists.",
			args:   args{markTemplate: true, req: &TemplateRequest{Owner: "demo-org", Name: "private-one"}},
			want:   want{err: &Error{msg: "GitHub refused the request as invalid (422 Repository creation failed.): name already exists on this account"}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			r, _ := emulated(t, "demo-token")
			if tc.args.markTemplate {
				tmpl, err := r.Edit(ctx, "demo-org", "seeded", &RepositoryRequest{IsTemplate: ptrTo(true)})
				if err != nil || !tmpl.IsTemplate {
					t.Fatalf("\n%s\nEdit(is_template: true) = is_template %t, %v", tc.reason, tmpl.IsTemplate, err)
				}
			}
			got, err := r.Generate(ctx, "demo-org", "seeded", tc.args.req)
			if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
				t.Fatalf("\n%s\nGenerate(...): -want error, +got error:\n%s", tc.reason, diff)
			}
			if err != nil {
				return
			}
			tmpl := ""
			if got.TemplateRepository != nil {
				tmpl = got.TemplateRepository.FullName
			}
			type view struct {
				FullName, Template, DefaultBranch string
				Private                           bool
			}
			if diff := cmp.Diff(view{tc.want.fullName, tc.want.template, tc.want.defaultBranch, tc.want.private},
				view{got.FullName, tmpl, got.DefaultBranch, got.Private}); diff != "" {
				t.Errorf("\n%s\nGenerate(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestRepositoriesFork(t *testing.T) {
	ctx := context.Background()
	type want struct {
		fullName, parent string
		err              error
	}
	cases := map[string]struct {
		reason string
		owner  string
		repo   string
		req    *ForkRequest
		want   want
	}{
		"ToUser": {
			reason: "GitHub answers a fork with 202 Accepted and the new repository; that is success, and the repository is returned.",
			owner:  "demo-org", repo: "seeded",
			req:  &ForkRequest{},
			want: want{fullName: "demo-user/seeded", parent: "demo-org/seeded"},
		},
		"ToOrgWithName": {
			reason: "A fork into an organization under another name.",
			owner:  "demo-user", repo: "personal",
			req:  &ForkRequest{Organization: "demo-org", Name: "personal-fork", DefaultBranchOnly: ptrTo(true)},
			want: want{fullName: "demo-org/personal-fork", parent: "demo-user/personal"},
		},
		"Missing": {
			reason: "Forking a missing repository is a 404.",
			owner:  "demo-org", repo: "nope",
			req:  &ForkRequest{},
			want: want{err: &Error{msg: "GitHub answered 404 Not Found: it does not exist, or the credentials cannot see it"}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			r, emu := emulated(t, "demo-token")
			got, err := r.Fork(ctx, tc.owner, tc.repo, tc.req)
			if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
				t.Fatalf("\n%s\nFork(...): -want error, +got error:\n%s", tc.reason, diff)
			}
			if err != nil {
				return
			}
			reqs := emu.Requests()
			if last := reqs[len(reqs)-1]; last.Status != http.StatusAccepted {
				t.Errorf("\n%s\nthe emulator answered %d, want 202", tc.reason, last.Status)
			}
			parent := ""
			if got.Parent != nil {
				parent = got.Parent.FullName
			}
			if diff := cmp.Diff([]any{tc.want.fullName, true, tc.want.parent}, []any{got.FullName, got.Fork, parent}); diff != "" {
				t.Errorf("\n%s\nFork(...) [full name, fork, parent]: -want, +got:\n%s", tc.reason, diff)
			}
			if got.ID == 0 {
				t.Errorf("\n%s\nFork(...).ID = 0: the 202 body was not decoded", tc.reason)
			}
			owner, name, _ := strings.Cut(tc.want.fullName, "/")
			if _, err := r.Get(ctx, owner, name); err != nil {
				t.Errorf("\n%s\nGet(fork): %v", tc.reason, err)
			}
		})
	}
}

func TestRepositoriesDelete(t *testing.T) {
	ctx := context.Background()
	notFound := &Error{msg: "GitHub answered 404 Not Found: it does not exist, or the credentials cannot see it"}
	cases := map[string]struct {
		reason string
		token  string
		name   string
		want   error
		// gone tells whether the repository should be gone afterwards.
		gone bool
	}{
		"Existing": {
			reason: "Deleting an existing repository succeeds and it is gone.",
			token:  "demo-token", name: "seeded", gone: true,
		},
		"Missing": {
			reason: "Deleting a missing repository is a 404, which callers treat as done.",
			token:  "demo-token", name: "nope", want: notFound, gone: true,
		},
		"NoRights": {
			reason: "A caller who can see but not administer the repository gets a 403 and it stays.",
			token:  "other-token", name: "seeded", gone: false,
			want: &Error{msg: "GitHub refused the request (403 Must have admin rights to Repository.): the credentials lack permission; a classic token needs the delete_repo scope, a fine-grained token or GitHub App needs Administration: write on the repository"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			r, emu := emulated(t, tc.token)
			err := r.Delete(ctx, "demo-org", tc.name)
			if diff := cmp.Diff(tc.want, err, test.EquateErrors()); diff != "" {
				t.Errorf("\n%s\nDelete(...): -want error, +got error:\n%s", tc.reason, diff)
			}
			_, exists := emu.State().RepoByName("demo-org", tc.name)
			if exists == tc.gone {
				t.Errorf("\n%s\nrepository exists after Delete: %t", tc.reason, exists)
			}
			if !tc.gone {
				return
			}
			_, err = r.Get(ctx, "demo-org", tc.name)
			if !IsNotFound(err) {
				t.Errorf("\n%s\nGet(...) after Delete: %v, want IsNotFound", tc.reason, err)
			}
			if err := r.Delete(ctx, "demo-org", tc.name); !IsNotFound(err) {
				t.Errorf("\n%s\nDelete(...) again: %v, want IsNotFound", tc.reason, err)
			}
		})
	}
}

func TestRepositoriesGetByIDDeleted(t *testing.T) {
	ctx := context.Background()
	r, _ := emulated(t, "demo-token")
	got, err := r.Get(ctx, "demo-org", "seeded")
	if err != nil {
		t.Fatalf("Get: %v", err)
	}
	if err := r.Delete(ctx, "demo-org", "seeded"); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	_, err = r.GetByID(ctx, got.ID)
	if !IsNotFound(err) {
		t.Errorf("GetByID(deleted): %v, want IsNotFound", err)
	}
}

func TestRepositoriesRateLimits(t *testing.T) {
	ctx := context.Background()
	type want struct {
		status     int
		retryAfter time.Duration
	}
	cases := map[string]struct {
		reason string
		opts   emulator.Options
		faults emulator.Faults
		// calls made before the one checked.
		before int
		want   want
	}{
		"Secondary": {
			reason: "GitHub's secondary rate limit answer of today (403, #about-secondary-rate-limits, Retry-After) is a rate limit with its wait.",
			faults: emulator.Faults{SecondaryRateLimit: emulator.SecondaryRateLimitFault{Fraction: 1, RetryAfter: 7}},
			want:   want{status: http.StatusForbidden, retryAfter: 7 * time.Second},
		},
		"Primary": {
			reason: "A used-up primary rate limit (403, x-ratelimit-remaining: 0) is a rate limit, not a permission problem.",
			opts:   emulator.Options{RateLimit: 1},
			before: 1,
			want:   want{status: http.StatusForbidden},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			opts := tc.opts
			opts.Seed = repoSeed()
			srv, emu := emulatortest.NewServer(t, opts)
			if err := emu.SetFaults(tc.faults); err != nil {
				t.Fatalf("SetFaults: %v", err)
			}
			o := testOptionsURL(srv.Client().Transport)
			// Give the answer back rather than wait out Retry-After.
			o.MaxRateLimitWait = time.Second
			r := reposFor(t, srv.URL, "demo-token", o)
			for i := 0; i < tc.before; i++ {
				if _, err := r.Get(ctx, "demo-org", "seeded"); err != nil {
					t.Fatalf("\n%s\nGet #%d: %v", tc.reason, i, err)
				}
			}
			_, err := r.Get(ctx, "demo-org", "seeded")
			if !IsRateLimited(err) {
				t.Errorf("\n%s\nIsRateLimited(%v) = false", tc.reason, err)
			}
			if IsNotFound(err) {
				t.Errorf("\n%s\nIsNotFound(%v) = true", tc.reason, err)
			}
			if diff := cmp.Diff(tc.want.status, StatusCode(err)); diff != "" {
				t.Errorf("\n%s\nStatusCode(...): -want, +got:\n%s", tc.reason, diff)
			}
			var e *Error
			if !stderrors.As(err, &e) {
				t.Fatalf("\n%s\nerror %v is not explained", tc.reason, err)
			}
			if diff := cmp.Diff(tc.want.retryAfter, e.RetryAfter); diff != "" {
				t.Errorf("\n%s\nRetryAfter: -want, +got:\n%s", tc.reason, diff)
			}
			if strings.Contains(err.Error(), "lack permission") {
				t.Errorf("\n%s\nerror %q blames permissions for a rate limit", tc.reason, err)
			}
		})
	}
}

// A 200 without a body is an error, not an empty repository: an empty
// repository's name is not the one asked for, which the Repository
// controller takes for a repository renamed away and its name free
// (make chaos caught a create made twice that way).
func TestRepositoriesGetWithoutBody(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) }))
	t.Cleanup(srv.Close)
	gh := github.NewClient(srv.Client())
	gh.BaseURL, _ = url.Parse(srv.URL + "/")
	if _, err := NewReposClient(gh).Get(context.Background(), "demo-org", "seeded"); err == nil {
		t.Error("Get of an answer without a body: got no error, want one")
	}
}
