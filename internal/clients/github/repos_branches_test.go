package github

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/google/go-cmp/cmp"
	gogithub "github.com/google/go-github/v37/github"

	"github.com/crossplane-github/provider-github/internal/clients/transport"
	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

// branchSeed is repoSeed with an empty repository, demo-org/empty.
func branchSeed() *emulator.Seed {
	s := repoSeed()
	s.Repos = append(s.Repos, emulator.SeedRepo{Owner: "demo-org", Name: "empty"})
	return s
}

// branchAreas are a repository, its branches and its git references.
type branchAreas struct {
	*ReposClient
	*BranchesClient
	*GitRefsClient
}

// branchesFor starts a contract-checked emulator with branchSeed and returns
// our repository branches API on it for demo-token.
func branchesFor(t *testing.T) *branchAreas {
	t.Helper()
	srv, _ := emulatortest.NewServer(t, emulator.Options{Seed: branchSeed()})
	gh, err := transport.NewClient(transport.Config{Credentials: transport.Credentials{Token: "demo-token"}, BaseURL: srv.URL}, testOptionsURL(srv.Client().Transport))
	if err != nil {
		t.Fatalf("NewClient(...): %v", err)
	}
	return &branchAreas{NewReposClient(gh), NewBranchesClient(gh), NewGitRefsClient(gh)}
}

// headOf is the head commit of a branch of demo-org/seeded.
func headOf(t *testing.T, b *branchAreas, branch string) string {
	t.Helper()
	got, err := b.GetBranch(context.Background(), "demo-org", "seeded", branch)
	if err != nil || got.Commit.SHA == "" {
		t.Fatalf("GetBranch(%q): %+v, %v", branch, got, err)
	}
	return got.Commit.SHA
}

func TestCreateRef(t *testing.T) {
	ctx := context.Background()
	type want struct {
		ref     string
		status  int
		message string
	}
	cases := map[string]struct {
		reason string
		repo   string
		ref    string
		sha    func(main string) string
		want   want
	}{
		"AtHeadOfMain": {
			reason: "A branch is created at a commit the repository has.",
			repo:   "seeded", ref: "refs/heads/release", sha: func(main string) string { return main },
			want: want{ref: "refs/heads/release"},
		},
		"NameWithSlash": {
			reason: "A branch name may hold '/'.",
			repo:   "seeded", ref: "refs/heads/feature/login", sha: func(main string) string { return main },
			want: want{ref: "refs/heads/feature/login"},
		},
		"Exists": {
			reason: "A branch that exists is GitHub's 422 Reference already exists.",
			repo:   "seeded", ref: "refs/heads/dev", sha: func(main string) string { return main },
			want: want{status: http.StatusUnprocessableEntity, message: MessageReferenceExists},
		},
		"UnknownCommit": {
			reason: "A commit the repository never had is GitHub's 422 Object does not exist.",
			repo:   "seeded", ref: "refs/heads/release", sha: func(string) string { return "0123456789abcdef0123456789abcdef01234567" },
			want: want{status: http.StatusUnprocessableEntity, message: MessageObjectMissing},
		},
		"EmptyRepository": {
			reason: "A repository without commits is GitHub's 409 Git Repository is empty.",
			repo:   "empty", ref: "refs/heads/release", sha: func(main string) string { return main },
			want: want{status: http.StatusConflict, message: MessageEmptyRepository},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			b := branchesFor(t)
			sha := tc.sha(headOf(t, b, "main"))
			got, err := b.CreateRef(ctx, "demo-org", tc.repo, &ReferenceRequest{Ref: tc.ref, SHA: sha})
			if diff := cmp.Diff(tc.want.status, StatusCode(err)); diff != "" {
				t.Fatalf("\n%s\nCreateRef(...): -want status, +got status:\n%s\n%v", tc.reason, diff, err)
			}
			if err != nil {
				if !HasMessage(err, tc.want.message) {
					t.Errorf("\n%s\nCreateRef(...): %v, want GitHub's message %q", tc.reason, err, tc.want.message)
				}
				return
			}
			if diff := cmp.Diff(Reference{Ref: tc.want.ref, Object: ReferenceObject{Type: "commit", SHA: sha}}, *got); diff != "" {
				t.Errorf("\n%s\nCreateRef(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestGetRefAndBranch(t *testing.T) {
	ctx := context.Background()
	b := branchesFor(t)
	main := headOf(t, b, "main")
	if _, err := b.CreateRef(ctx, "demo-org", "seeded", &ReferenceRequest{Ref: "refs/heads/feature/x", SHA: main}); err != nil {
		t.Fatalf("CreateRef(feature/x): %v", err)
	}
	cases := map[string]struct {
		reason     string
		repo, name string
		wantStatus int
		wantSHA    string
	}{
		"Plain":             {"A branch is read by its name.", "seeded", "main", 0, main},
		"Slash":             {"A branch name with '/' travels escaped, as one segment.", "seeded", "feature/x", 0, main},
		"Missing":           {"A branch GitHub does not have is a 404.", "seeded", "nope", http.StatusNotFound, ""},
		"CaseSensitive":     {"Branch names are case-sensitive.", "seeded", "MAIN", http.StatusNotFound, ""},
		"EmptyRepository":   {"An empty repository has no branch: its default branch is a 404 (a 409 for its git reference).", "empty", "main", http.StatusNotFound, ""},
		"MissingRepository": {"A repository GitHub does not have is a 404.", "nope", "main", http.StatusNotFound, ""},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got, err := b.GetBranch(ctx, "demo-org", tc.repo, tc.name)
			if diff := cmp.Diff(tc.wantStatus, StatusCode(err)); diff != "" {
				t.Fatalf("\n%s\nGetBranch(...): -want status, +got status:\n%s\n%v", tc.reason, diff, err)
			}
			if err == nil {
				if diff := cmp.Diff(Branch{Name: tc.name, Commit: BranchCommit{SHA: tc.wantSHA}}, *got); diff != "" {
					t.Errorf("\n%s\nGetBranch(...): -want, +got:\n%s", tc.reason, diff)
				}
			}
			wantRefStatus := tc.wantStatus
			if tc.repo == "empty" {
				wantRefStatus = http.StatusConflict
			}
			ref, err := b.GetRef(ctx, "demo-org", tc.repo, "heads/"+tc.name)
			if diff := cmp.Diff(wantRefStatus, StatusCode(err)); diff != "" {
				t.Fatalf("\n%s\nGetRef(...): -want status, +got status:\n%s\n%v", tc.reason, diff, err)
			}
			if err == nil {
				if diff := cmp.Diff(Reference{Ref: "refs/heads/" + tc.name, Object: ReferenceObject{Type: "commit", SHA: tc.wantSHA}}, *ref); diff != "" {
					t.Errorf("\n%s\nGetRef(...): -want, +got:\n%s", tc.reason, diff)
				}
			}
		})
	}
}

func TestRenameBranch(t *testing.T) {
	ctx := context.Background()
	cases := map[string]struct {
		reason     string
		from, to   string
		wantStatus int
	}{
		"Renamed":   {"A branch is renamed, keeping its head.", "dev", "develop", 0},
		"Slashes":   {"Both names may hold '/'.", "dev", "team/dev", 0},
		"NameTaken": {"A name another branch has is a 422.", "dev", "main", http.StatusUnprocessableEntity},
		"Missing":   {"A branch GitHub does not have is a 404.", "nope", "other", http.StatusNotFound},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			b := branchesFor(t)
			dev := headOf(t, b, "dev")
			got, err := b.RenameBranch(ctx, "demo-org", "seeded", tc.from, tc.to)
			if diff := cmp.Diff(tc.wantStatus, StatusCode(err)); diff != "" {
				t.Fatalf("\n%s\nRenameBranch(...): -want status, +got status:\n%s\n%v", tc.reason, diff, err)
			}
			if err != nil {
				return
			}
			if diff := cmp.Diff(Branch{Name: tc.to, Commit: BranchCommit{SHA: dev}}, *got); diff != "" {
				t.Errorf("\n%s\nRenameBranch(...): -want, +got:\n%s", tc.reason, diff)
			}
			// GitHub redirects the old name to the branch (301), which the
			// HTTP client follows: the answer has the new name.
			old, err := b.GetBranch(ctx, "demo-org", "seeded", tc.from)
			if err != nil || old.Name != tc.to {
				t.Errorf("\n%s\nGetBranch(old name): %+v, %v; want the branch under its new name %q", tc.reason, old, err, tc.to)
			}
		})
	}
}

func TestDeleteRef(t *testing.T) {
	ctx := context.Background()
	cases := map[string]struct {
		reason      string
		ref         string
		wantStatus  int
		wantMessage string
	}{
		"Deleted":       {"A branch is deleted as its reference.", "heads/dev", 0, ""},
		"Missing":       {"A branch GitHub does not have is a 422 Reference does not exist, not a 404.", "heads/nope", http.StatusUnprocessableEntity, MessageReferenceMissing},
		"DefaultBranch": {"The default branch cannot be deleted.", "heads/main", http.StatusUnprocessableEntity, MessageDefaultBranch},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			b := branchesFor(t)
			err := b.DeleteRef(ctx, "demo-org", "seeded", tc.ref)
			if diff := cmp.Diff(tc.wantStatus, StatusCode(err)); diff != "" {
				t.Fatalf("\n%s\nDeleteRef(...): -want status, +got status:\n%s\n%v", tc.reason, diff, err)
			}
			if err != nil && !HasMessage(err, tc.wantMessage) {
				t.Errorf("\n%s\nDeleteRef(...): %v, want GitHub's message %q", tc.reason, err, tc.wantMessage)
			}
			if err == nil {
				if _, err := b.GetRef(ctx, "demo-org", "seeded", tc.ref); !IsNotFound(err) {
					t.Errorf("\n%s\nGetRef(deleted): %v, want a 404", tc.reason, err)
				}
			}
		})
	}
}

func TestHasMessage(t *testing.T) {
	resp := &http.Response{StatusCode: http.StatusConflict, Request: &http.Request{Method: http.MethodPost}}
	cases := map[string]struct {
		reason  string
		err     error
		message string
		want    bool
	}{
		"Same":       {"GitHub's message, as it said it.", Explain(errorResponse(resp, "Git Repository is empty.")), MessageEmptyRepository, true},
		"CaseAndDot": {"Case and a final full stop do not matter.", Explain(errorResponse(resp, "git repository is empty")), MessageEmptyRepository, true},
		"Other":      {"Another message is another refusal.", Explain(errorResponse(resp, "Reference already exists")), MessageEmptyRepository, false},
		"NotGitHubs": {"An error that is no GitHub answer says nothing.", errors.New("git repository is empty"), MessageEmptyRepository, false},
		"Nil":        {"No error says nothing.", nil, "", false},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := HasMessage(tc.err, tc.message); got != tc.want {
				t.Errorf("\n%s\nHasMessage(%v, %q): got %t, want %t", tc.reason, tc.err, tc.message, got, tc.want)
			}
		})
	}
}

func errorResponse(resp *http.Response, message string) error {
	return &gogithub.ErrorResponse{Response: resp, Message: message}
}

func TestSentPath(t *testing.T) {
	gh, err := transport.NewClient(transport.Config{Credentials: transport.Credentials{Token: "t"}, BaseURL: "https://api.github.com/"}, transport.Options{})
	if err != nil {
		t.Fatalf("NewClient(...): %v", err)
	}
	path := routeGetBranch.path("o", "r", "feature/x")
	req, err := gh.NewRequest(http.MethodGet, path, nil)
	if err != nil {
		t.Fatalf("NewRequest(%q): %v", path, err)
	}
	if diff := cmp.Diff("/repos/o/r/branches/feature%2Fx", req.URL.EscapedPath()); diff != "" {
		t.Errorf("EscapedPath(): a branch name with '/' must stay one escaped segment: -want, +got:\n%s", diff)
	}
	if r, ok := transport.RouteOf(req); !ok || r.Template != routeGetBranch.Template || r.Cache != CacheConditional {
		t.Errorf("RouteOf(...): %+v, %t; want the conditionally cached branch read", r, ok)
	}
}
