package repositoryfile

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestWrite(t *testing.T) {
	bot := &common.FileCommitter{Name: "Bot", Email: "bot@example.com"}
	cases := map[string]struct {
		reason string
		p      *common.RepositoryFileParameters
		sha    string
		want   *github.FileWrite
	}{
		"Create": {
			reason: "A new file is written without a sha and with the default create message.",
			p:      &common.RepositoryFileParameters{Path: "docs/a.md"},
			want:   &github.FileWrite{Message: "Create docs/a.md", Content: []byte("x"), Branch: "main"},
		},
		"Update": {
			reason: "A file is replaced with its blob id and the default update message.",
			p:      &common.RepositoryFileParameters{Path: "docs/a.md"},
			sha:    "abc",
			want:   &github.FileWrite{Message: "Update docs/a.md", Content: []byte("x"), Branch: "main", SHA: "abc"},
		},
		"Declared": {
			reason: "The declared message and committer are used for every write.",
			p:      &common.RepositoryFileParameters{Path: "a", Message: ptr.To("chore: sync a"), Committer: bot},
			sha:    "abc",
			want: &github.FileWrite{Message: "chore: sync a", Content: []byte("x"), Branch: "main", SHA: "abc",
				Committer: &github.FileCommitter{Name: "Bot", Email: "bot@example.com"}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Write(tc.p, "main", tc.sha, []byte("x"))); diff != "" {
				t.Errorf("\n%s\nWrite(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestDelete(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      *common.RepositoryFileParameters
		want   *github.FileWrite
	}{
		"Default": {
			reason: "A delete names the file's blob id and says what it deletes.",
			p:      &common.RepositoryFileParameters{Path: "docs/a.md", Message: ptr.To("not for deletes")},
			want:   &github.FileWrite{Message: "Delete docs/a.md", Branch: "dev", SHA: "abc"},
		},
		"Declared": {
			reason: "The declared delete message and committer are used.",
			p: &common.RepositoryFileParameters{Path: "a", DeleteMessage: ptr.To("chore: drop a"),
				Committer: &common.FileCommitter{Name: "Bot", Email: "bot@example.com"}},
			want: &github.FileWrite{Message: "chore: drop a", Branch: "dev", SHA: "abc", Committer: &github.FileCommitter{Name: "Bot", Email: "bot@example.com"}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Delete(tc.p, "dev", "abc")); diff != "" {
				t.Errorf("\n%s\nDelete(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestObservation(t *testing.T) {
	p := &common.RepositoryFileParameters{Path: "docs/a.md"}
	cases := map[string]struct {
		reason string
		f      *github.FileContent
		want   common.RepositoryFileObservation
	}{
		"Missing": {
			reason: "A file not on GitHub yet still shows where it goes.",
			want:   common.RepositoryFileObservation{Repository: ptr.To("o/r"), Branch: ptr.To("main"), Path: ptr.To("docs/a.md")},
		},
		"Present": {
			reason: "A file shows its blob id, size and page.",
			f:      &github.FileContent{Type: "file", Path: "docs/a.md", SHA: "abc", Size: 0, HTMLURL: "https://github.com/o/r/blob/main/docs/a.md"},
			want: common.RepositoryFileObservation{Repository: ptr.To("o/r"), Branch: ptr.To("main"), Path: ptr.To("docs/a.md"),
				SHA: ptr.To("abc"), Size: ptr.To[int64](0), HTMLURL: ptr.To("https://github.com/o/r/blob/main/docs/a.md")},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Observation("o/r", "main", p, tc.f)); diff != "" {
				t.Errorf("\n%s\nObservation(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}
