package repositoryfile

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestImported(t *testing.T) {
	file := func(path string, content []byte) *github.FileContent {
		return &github.FileContent{Type: "file", Name: path, Path: path, SHA: BlobSHA(content), Size: int64(len(content))}
	}
	codeowners := []byte("* @acme/platform\r\n/docs/ @acme/writers\n\n")
	cases := map[string]struct {
		f       *github.FileContent
		content []byte
		want    common.RepositoryFileParameters
		err     bool
	}{
		"text, line endings and trailing blank lines as they are": {
			f: file(".github/CODEOWNERS", codeowners), content: codeowners,
			want: common.RepositoryFileParameters{Path: ".github/CODEOWNERS", Content: ptr.To(string(codeowners))},
		},
		"an empty file": {
			f: file("empty", []byte{}), content: []byte{},
			want: common.RepositoryFileParameters{Path: "empty", Content: ptr.To("")},
		},
		"UTF-8 with a byte-order mark": {
			f: file("README.md", []byte("\ufeff# Ünïcode\n")), content: []byte("\ufeff# Ünïcode\n"),
			want: common.RepositoryFileParameters{Path: "README.md", Content: ptr.To("\ufeff# Ünïcode\n")},
		},
		"binary": {
			f: file("logo.png", []byte{0x89, 'P', 'N', 'G', 0xff}), content: []byte{0x89, 'P', 'N', 'G', 0xff},
			err: true,
		},
		"over 1 MB: GitHub answered no content": {
			f:   &github.FileContent{Type: "file", Path: "big.json", SHA: "0123456789abcdef0123456789abcdef01234567", Size: 2 << 20},
			err: true,
		},
		"a symlink": {
			f:   &github.FileContent{Type: "symlink", Path: "link", SHA: BlobSHA([]byte("target"))},
			err: true,
		},
		"content that is not GitHub's blob": {
			f: file("x", []byte("one")), content: []byte("two"),
			err: true,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got, err := Imported(tc.f, tc.content)
			if tc.err {
				if err == nil {
					t.Errorf("Imported() = %+v, want an error", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Imported(): -want, +got:\n%s", diff)
			}
			// Applied as it is, the spec's content (as the controller
			// reads it) is GitHub's blob: no commit.
			if !UpToDate(tc.f.SHA, []byte(*got.Content)) {
				t.Errorf("UpToDate(GitHub's sha, Imported().Content) = false")
			}
		})
	}
}
