package github

import (
	"context"
	"encoding/base64"
	"errors"
	"net/http"
	"net/url"
	"strings"

	"github.com/google/go-github/v37/github"
)

// A repository's contents: reading a file needs Contents: read (done
// conditionally: a 304 is free); writing or deleting one is a commit and
// needs Contents: write (and, for a file under .github/workflows, the
// workflow scope or Workflows: write). The {path} of a request is sent as
// one escaped segment, as the branch of a branch route is.
var (
	routeGetContent = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/contents/{path}",
		Permission: "Contents: read", Scope: "repo", Cache: CacheConditional})
	routePutContent = declare(Route{Method: http.MethodPut, Template: "/repos/{owner}/{repo}/contents/{path}",
		Permission: "Contents: write", Scope: "repo"})
	routeDeleteContent = declare(Route{Method: http.MethodDelete, Template: "/repos/{owner}/{repo}/contents/{path}",
		Permission: "Contents: write", Scope: "repo"})
)

// FileContent is a file as GitHub's contents API answers it. The content
// itself is not kept: a file is compared by its SHA, git's blob id of its
// bytes (GitHub leaves the content out for files over 1 MB anyway).
type FileContent struct {
	// Type is file for a file; dir, symlink or submodule otherwise.
	Type string `json:"type"`
	Name string `json:"name"`
	Path string `json:"path"`
	// SHA is git's blob id of the file's bytes.
	SHA         string `json:"sha"`
	Size        int64  `json:"size"`
	HTMLURL     string `json:"html_url"`
	DownloadURL string `json:"download_url"`
}

// FileCommitter is the committer or author of a commit of the contents API.
type FileCommitter struct {
	Name  string `json:"name"`
	Email string `json:"email"`
}

// FileWrite is the body of a file's create, replace or delete.
type FileWrite struct {
	Message string `json:"message"`
	// Content is the file's bytes; sent base64-encoded. Not sent by a
	// delete.
	Content []byte `json:"-"`
	// SHA is the blob id of the file being replaced or deleted; empty for
	// a new file.
	SHA string `json:"sha,omitempty"`
	// Branch is the branch the commit goes to; empty for the default one.
	Branch    string         `json:"branch,omitempty"`
	Committer *FileCommitter `json:"committer,omitempty"`
}

// fileWriteBody is a FileWrite as it goes on the wire.
type fileWriteBody struct {
	*FileWrite
	Content *string `json:"content,omitempty"`
}

// FileCommit is GitHub's answer to a write: the file (nil after a delete)
// and the commit.
type FileCommit struct {
	Content *FileContent `json:"content"`
	Commit  struct {
		SHA     string `json:"sha"`
		HTMLURL string `json:"html_url"`
	} `json:"commit"`
}

// ContentsAPI reads and writes a repository's files.
type ContentsAPI interface {
	GetFile(ctx context.Context, owner, repo, path, ref string) (*FileContent, error)
	PutFile(ctx context.Context, owner, repo, path string, w *FileWrite) (*FileCommit, error)
	DeleteFile(ctx context.Context, owner, repo, path string, w *FileWrite) (*FileCommit, error)
}

// ContentsClient implements ContentsAPI with a go-github client.
type ContentsClient struct{ requester }

var _ ContentsAPI = (*ContentsClient)(nil)

// NewContentsClient returns the repository contents API of gh.
func NewContentsClient(gh *github.Client) *ContentsClient {
	return &ContentsClient{requester{gh: gh}}
}

// GetFile reads the file at path of ref (a branch, a tag or a commit; the
// default branch when empty). A file that does not exist is a 404, as are
// an unknown ref ("No commit found for the ref ..."), an empty repository
// ("This repository is empty.") and a repository the credentials cannot
// see. A directory answers a list, which does not decode into a file: it
// is an error.
func (c *ContentsClient) GetFile(ctx context.Context, owner, repo, path, ref string) (*FileContent, error) {
	p := routeGetContent.path(owner, repo, path)
	if ref != "" {
		p += "?" + url.Values{"ref": {ref}}.Encode()
	}
	out := &FileContent{}
	err := c.do(ctx, routeGetContent, p, nil, out)
	return out, err
}

// PutFile creates the file, or replaces it when w.SHA is its blob id, with
// a commit. GitHub answers a replace without the sha with a 422 ("sha"
// wasn't supplied), with another sha a 409 (<path> does not match <sha>),
// and an unknown branch with a 404 (Branch <name> not found).
func (c *ContentsClient) PutFile(ctx context.Context, owner, repo, path string, w *FileWrite) (*FileCommit, error) {
	encoded := base64.StdEncoding.EncodeToString(w.Content)
	out := &FileCommit{}
	err := c.do(ctx, routePutContent, routePutContent.path(owner, repo, path), fileWriteBody{FileWrite: w, Content: &encoded}, out)
	return out, err
}

// DeleteFile deletes the file whose blob id is w.SHA with a commit. A file
// the branch does not have is a 404; another sha a 409.
func (c *ContentsClient) DeleteFile(ctx context.Context, owner, repo, path string, w *FileWrite) (*FileCommit, error) {
	out := &FileCommit{}
	err := c.do(ctx, routeDeleteContent, routeDeleteContent.path(owner, repo, path), fileWriteBody{FileWrite: w}, out)
	return out, err
}

// IsBranchMoved is true when GitHub refused a contents write because
// another commit landed on the branch between GitHub reading the branch's
// head and moving it to the write's commit: 409 "is at <sha> but expected
// <sha>" (two writes to one branch at the same moment). The file itself
// may be as it was: the same write, sent again, may well land.
func IsBranchMoved(err error) bool {
	var er *github.ErrorResponse
	if StatusCode(err) != http.StatusConflict || !errors.As(err, &er) {
		return false
	}
	at, expected, ok := strings.Cut(er.Message, " but expected ")
	return ok && strings.HasPrefix(at, "is at ") && expected != ""
}
