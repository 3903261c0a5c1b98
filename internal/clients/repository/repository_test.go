package repository

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

type paramsModifier func(*common.RepositoryParameters)

func params(m ...paramsModifier) *common.RepositoryParameters {
	p := &common.RepositoryParameters{}
	for _, f := range m {
		f(p)
	}
	return p
}

type repoModifier func(*github.Repository)

// ghRepo is a repository as GitHub reports it with defaults for a new
// organization repository.
func ghRepo(m ...repoModifier) *github.Repository {
	created := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	r := &github.Repository{
		ID: 42, NodeID: "R_kgDOAAAAKg", Name: "x", FullName: "demo-org/x",
		Owner:         github.Account{Login: "demo-org", Type: "Organization"},
		Visibility:    "public",
		HTMLURL:       "https://github.com/demo-org/x",
		CloneURL:      "https://github.com/demo-org/x.git",
		SSHURL:        "git@github.com:demo-org/x.git",
		DefaultBranch: "main",
		HasIssues:     true, HasProjects: true, HasWiki: true,
		AllowSquashMerge: ptr.To(true), AllowMergeCommit: ptr.To(true), AllowRebaseMerge: ptr.To(true),
		AllowAutoMerge: ptr.To(false), AllowUpdateBranch: ptr.To(false), DeleteBranchOnMerge: ptr.To(false),
		SquashMergeCommitTitle: ptr.To("COMMIT_OR_PR_TITLE"), SquashMergeCommitMessage: ptr.To("COMMIT_MESSAGES"),
		MergeCommitTitle: ptr.To("MERGE_MESSAGE"), MergeCommitMessage: ptr.To("PR_TITLE"),
		AllowForking: ptr.To(true), WebCommitSignoffRequired: ptr.To(false),
		CreatedAt: &created, UpdatedAt: &created,
	}
	for _, f := range m {
		f(r)
	}
	return r
}

func TestName(t *testing.T) {
	cases := map[string]struct {
		reason       string
		p            *common.RepositoryParameters
		externalName string
		objectName   string
		want         string
	}{
		"SpecName": {
			reason:       "spec.forProvider.name wins over everything",
			p:            params(func(p *common.RepositoryParameters) { p.Name = ptr.To("spec") }),
			externalName: "ext", objectName: "obj", want: "spec",
		},
		"ExternalName": {
			reason:       "the external name is used when the spec names none",
			p:            params(),
			externalName: "ext", objectName: "obj", want: "ext",
		},
		"ObjectName": {
			reason: "metadata.name is the last default",
			p:      params(), objectName: "obj", want: "obj",
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := Name(tc.p, tc.externalName, tc.objectName); got != tc.want {
				t.Errorf("\n%s\nName(...): want %q, got %q", tc.reason, tc.want, got)
			}
		})
	}
}

func TestOwner(t *testing.T) {
	if got := Owner(params(), "pc-owner"); got != "pc-owner" {
		t.Errorf("Owner(unset spec): want the provider config's owner, got %q", got)
	}
	if got := Owner(params(func(p *common.RepositoryParameters) { p.Owner = ptr.To("mine") }), "pc-owner"); got != "mine" {
		t.Errorf("Owner(spec owner): want spec's owner, got %q", got)
	}
}

func TestCreateRequest(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      *common.RepositoryParameters
		want   *github.RepositoryRequest
	}{
		"Minimal": {
			reason: "an empty spec sends only the name",
			p:      params(),
			want:   &github.RepositoryRequest{Name: ptr.To("x")},
		},
		"Private": {
			reason: "visibility private also sends private=true for older GitHub Enterprise Server",
			p: params(func(p *common.RepositoryParameters) {
				p.Visibility = ptr.To("private")
				p.AutoInit = ptr.To(true)
				p.GitignoreTemplate = ptr.To("Go")
				p.LicenseTemplate = ptr.To("mit")
				p.TeamID = ptr.To[int64](7)
				p.HasDiscussions = ptr.To(true)
				p.SquashMergeCommitTitle = ptr.To("PR_TITLE")
			}),
			want: &github.RepositoryRequest{
				Name: ptr.To("x"), Visibility: ptr.To("private"), Private: ptr.To(true),
				AutoInit: ptr.To(true), GitignoreTemplate: ptr.To("Go"), LicenseTemplate: ptr.To("mit"),
				TeamID: ptr.To[int64](7), HasDiscussions: ptr.To(true), SquashMergeCommitTitle: ptr.To("PR_TITLE"),
			},
		},
		"Internal": {
			reason: "internal is not public, so private=true travels with it",
			p:      params(func(p *common.RepositoryParameters) { p.Visibility = ptr.To("internal") }),
			want:   &github.RepositoryRequest{Name: ptr.To("x"), Visibility: ptr.To("internal"), Private: ptr.To(true)},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, CreateRequest(tc.p, "x")); diff != "" {
				t.Errorf("\n%s\nCreateRequest(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestTemplateAndForkRequest(t *testing.T) {
	p := params(func(p *common.RepositoryParameters) {
		p.Template = &common.TemplateSource{Owner: "t", Repository: "tpl", IncludeAllBranches: ptr.To(true)}
		p.Fork = &common.ForkSource{Owner: "f", Repository: "src", DefaultBranchOnly: ptr.To(true)}
		p.Visibility = ptr.To("public")
		p.Description = ptr.To("d")
	})
	wantT := &github.TemplateRequest{Owner: "demo-org", Name: "x", Description: ptr.To("d"), IncludeAllBranches: ptr.To(true), Private: ptr.To(false)}
	if diff := cmp.Diff(wantT, TemplateRequest(p, "demo-org", "x")); diff != "" {
		t.Errorf("TemplateRequest(...): -want, +got:\n%s", diff)
	}
	wantF := &github.ForkRequest{Organization: "demo-org", Name: "x", DefaultBranchOnly: ptr.To(true)}
	if diff := cmp.Diff(wantF, ForkRequest(p, "demo-org", "x")); diff != "" {
		t.Errorf("ForkRequest(...): -want, +got:\n%s", diff)
	}
}

func TestObservation(t *testing.T) {
	created := metav1.NewTime(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	cases := map[string]struct {
		reason string
		r      *github.Repository
		want   common.RepositoryObservation
	}{
		"Plain": {
			reason: "identity, URLs and state are reported",
			r:      ghRepo(),
			want: common.RepositoryObservation{
				ID: ptr.To[int64](42), NodeID: ptr.To("R_kgDOAAAAKg"), Owner: ptr.To("demo-org"), FullName: ptr.To("demo-org/x"),
				HTMLURL: ptr.To("https://github.com/demo-org/x"), CloneURL: ptr.To("https://github.com/demo-org/x.git"),
				SSHURL: ptr.To("git@github.com:demo-org/x.git"), DefaultBranch: ptr.To("main"), Visibility: ptr.To("public"),
				Archived: ptr.To(false), Fork: ptr.To(false), CreatedAt: &created, UpdatedAt: &created,
			},
		},
		"ForkOfTemplateOutput": {
			reason: "origins are reported by full name; a missing visibility is derived from private",
			r: ghRepo(func(r *github.Repository) {
				r.Visibility = ""
				r.Private = true
				r.Fork = true
				r.Parent = &github.RepositoryRef{FullName: "a/p"}
				r.Source = &github.RepositoryRef{FullName: "b/s"}
				r.TemplateRepository = &github.RepositoryRef{FullName: "c/t"}
				r.CreatedAt, r.UpdatedAt = nil, nil
			}),
			want: common.RepositoryObservation{
				ID: ptr.To[int64](42), NodeID: ptr.To("R_kgDOAAAAKg"), Owner: ptr.To("demo-org"), FullName: ptr.To("demo-org/x"),
				HTMLURL: ptr.To("https://github.com/demo-org/x"), CloneURL: ptr.To("https://github.com/demo-org/x.git"),
				SSHURL: ptr.To("git@github.com:demo-org/x.git"), DefaultBranch: ptr.To("main"), Visibility: ptr.To("private"),
				Archived: ptr.To(false), Fork: ptr.To(true), Parent: ptr.To("a/p"), Source: ptr.To("b/s"), TemplateRepository: ptr.To("c/t"),
			},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Observation(tc.r)); diff != "" {
				t.Errorf("\n%s\nObservation(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestTopicsUpToDate(t *testing.T) {
	cases := map[string]struct {
		desired, actual []string
		want            bool
	}{
		"Unset":          {desired: nil, actual: []string{"a"}, want: true},
		"SameOrder":      {desired: []string{"a", "b"}, actual: []string{"a", "b"}, want: true},
		"OtherOrder":     {desired: []string{"b", "a"}, actual: []string{"a", "b"}, want: true},
		"Missing":        {desired: []string{"a", "b"}, actual: []string{"a"}, want: false},
		"Extra":          {desired: []string{"a"}, actual: []string{"a", "b"}, want: false},
		"EmptyWantsNone": {desired: []string{}, actual: []string{"a"}, want: false},
		"EmptyBoth":      {desired: []string{}, actual: nil, want: true},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := TopicsUpToDate(tc.desired, tc.actual); got != tc.want {
				t.Errorf("TopicsUpToDate(%v, %v): want %v, got %v", tc.desired, tc.actual, tc.want, got)
			}
		})
	}
}
