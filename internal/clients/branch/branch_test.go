package branch

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

const (
	shaA = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	shaB = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
)

func TestCreateRequest(t *testing.T) {
	cases := map[string]struct {
		reason string
		name   string
		want   *github.ReferenceRequest
	}{
		"Plain": {"A branch is the reference refs/heads/<name>.", "release", &github.ReferenceRequest{Ref: "refs/heads/release", SHA: shaA}},
		"Slash": {"A name with '/' is written as it is.", "feature/login", &github.ReferenceRequest{Ref: "refs/heads/feature/login", SHA: shaA}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, CreateRequest(tc.name, shaA)); diff != "" {
				t.Errorf("\n%s\nCreateRequest(...): -want, +got:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff("heads/"+tc.name, Ref(tc.name)); diff != "" {
				t.Errorf("\n%s\nRef(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestSourceOf(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      v1alpha1.BranchParameters
		want   Source
	}{
		"Default":      {"Without a source, the branch starts at the head of the default branch.", v1alpha1.BranchParameters{}, Source{Branch: "main", Default: true}},
		"SourceBranch": {"sourceBranch names the branch whose head it starts at.", v1alpha1.BranchParameters{SourceBranch: ptr.To[v1alpha1.BranchName]("develop")}, Source{Branch: "develop"}},
		"SourceSha":    {"sourceSha names the commit.", v1alpha1.BranchParameters{SourceSha: ptr.To(shaB)}, Source{SHA: shaB}},
		"SourceBranchIsDefault": {
			"A sourceBranch that happens to be the default branch is still the one named.",
			v1alpha1.BranchParameters{SourceBranch: ptr.To[v1alpha1.BranchName]("main")}, Source{Branch: "main"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, SourceOf(&tc.p, "main")); diff != "" {
				t.Errorf("\n%s\nSourceOf(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestObservation(t *testing.T) {
	cases := map[string]struct {
		reason string
		b      github.Branch
		want   v1alpha1.BranchObservation
	}{
		"Branch": {
			"A branch's name, head and protection are observed, in its repository.",
			github.Branch{Name: "release", Commit: github.BranchCommit{SHA: shaA}, Protected: true},
			v1alpha1.BranchObservation{Name: ptr.To("release"), Repository: ptr.To("demo-org/app"), Sha: ptr.To(shaA), Protected: ptr.To(true), Default: ptr.To(false)},
		},
		"DefaultBranch": {
			"The default branch says so.",
			github.Branch{Name: "main", Commit: github.BranchCommit{SHA: shaB}},
			v1alpha1.BranchObservation{Name: ptr.To("main"), Repository: ptr.To("demo-org/app"), Sha: ptr.To(shaB), Protected: ptr.To(false), Default: ptr.To(true)},
		},
		"NoHead": {
			"A head GitHub did not say is left out, not observed as empty.",
			github.Branch{Name: "release"},
			v1alpha1.BranchObservation{Name: ptr.To("release"), Repository: ptr.To("demo-org/app"), Protected: ptr.To(false), Default: ptr.To(false)},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Observation("demo-org/app", &tc.b, "main")); diff != "" {
				t.Errorf("\n%s\nObservation(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func branches(nameSHA ...string) []github.Branch {
	out := make([]github.Branch, 0, len(nameSHA)/2)
	for i := 0; i+1 < len(nameSHA); i += 2 {
		out = append(out, github.Branch{Name: nameSHA[i], Commit: github.BranchCommit{SHA: nameSHA[i+1]}})
	}
	return out
}

func TestRenameCandidates(t *testing.T) {
	last := v1alpha1.BranchObservation{Name: ptr.To("release"), Sha: ptr.To(shaA), Default: ptr.To(false)}
	cases := map[string]struct {
		reason string
		list   []github.Branch
		m      Missing
		want   []string
	}{
		"Renamed": {
			"The one branch with the last observed head is the renamed branch.",
			branches("main", shaB, "release-2024", shaA),
			Missing{Name: "release", Last: last, DefaultBranch: "main"},
			[]string{"release-2024"},
		},
		"Deleted": {
			"No branch has the last observed head: the branch was deleted.",
			branches("main", shaB, "dev", shaB),
			Missing{Name: "release", Last: last, DefaultBranch: "main"},
			nil,
		},
		"DefaultBranchAtSameCommit": {
			"The default branch, at the commit a branch nobody committed to has, is no candidate.",
			branches("main", shaA),
			Missing{Name: "release", Last: last, DefaultBranch: "main"},
			nil,
		},
		"SourceBranchAtSameCommit": {
			"Nor is the branch it was created from.",
			branches("main", shaB, "develop", shaA, "renamed", shaA),
			Missing{Name: "release", Last: last, Source: "develop", DefaultBranch: "main"},
			[]string{"renamed"},
		},
		"WasDefault": {
			"A renamed default branch takes the default with it: the default branch is then the candidate.",
			branches("trunk", shaA),
			Missing{Name: "main", Last: v1alpha1.BranchObservation{Sha: ptr.To(shaA), Default: ptr.To(true)}, DefaultBranch: "trunk"},
			[]string{"trunk"},
		},
		"Several": {
			"Several branches at that commit are all candidates: which one it is cannot be told.",
			branches("a", shaA, "b", shaA, "main", shaB),
			Missing{Name: "release", Last: last, DefaultBranch: "main"},
			[]string{"a", "b"},
		},
		"NeverObserved": {
			"A branch never observed has no head to look for.",
			branches("a", shaA),
			Missing{Name: "release", DefaultBranch: "main"},
			nil,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, RenameCandidates(tc.list, tc.m)); diff != "" {
				t.Errorf("\n%s\nRenameCandidates(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}
