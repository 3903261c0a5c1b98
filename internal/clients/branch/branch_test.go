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
