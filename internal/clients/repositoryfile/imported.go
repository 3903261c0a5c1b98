package repositoryfile

import (
	"unicode/utf8"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Imported is the spec of a RepositoryFile resource for the file f of the
// repository's default branch, whose bytes are content, as it is (its
// repository is the importer's to name): its path and its content inline,
// byte for byte, so that its blob id is GitHub's and the controller
// commits nothing. The branch is left out: the file is on the default
// branch. An error says why the file cannot be imported inline: not a
// file, content GitHub did not answer (over 1 MB), bytes that are not
// UTF-8 text or too many characters for spec.forProvider.content, or
// bytes whose blob id is not the one GitHub has.
func Imported(f *github.FileContent, content []byte) (common.RepositoryFileParameters, error) {
	switch {
	case f.Type != "file":
		return common.RepositoryFileParameters{}, errors.Errorf("%s is a %s, not a file", f.Path, f.Type)
	case content == nil:
		return common.RepositoryFileParameters{}, errors.Errorf("%s holds %d bytes, and GitHub answers the content of files up to 1 MB only", f.Path, f.Size)
	case !utf8.Valid(content):
		return common.RepositoryFileParameters{}, errors.Errorf("%s is not UTF-8 text: spec.forProvider.content holds text only", f.Path)
	case utf8.RuneCount(content) > common.MaxInlineContent:
		return common.RepositoryFileParameters{}, errors.Errorf("%s holds %d characters, more than the %d spec.forProvider.content takes", f.Path, utf8.RuneCount(content), common.MaxInlineContent)
	case !UpToDate(f.SHA, content):
		return common.RepositoryFileParameters{}, errors.Errorf("the content GitHub answered for %s is blob %s, not the file's blob %s", f.Path, BlobSHA(content), f.SHA)
	}
	return common.RepositoryFileParameters{Path: f.Path, Content: ptr.To(string(content))}, nil
}
