package emulator

import (
	"encoding/base64"
	"net/http"
	"net/url"
	"sort"
	"strings"
)

func init() { registerKind("contents", (*Server).contentsRoutes) }

// contentsRoutes declares a repository's contents: read a file or a
// directory, create or replace a file, delete a file. Every write is a
// commit that moves the branch's head.
func (s *Server) contentsRoutes(t *routeTable) {
	const doc = "https://docs.github.com/rest/repos/contents"
	t.repo("GET", "/contents/{path}", repoOp{auth: authOptional, doc: doc + "#get-repository-content", multi: "path"}, s.getContent)
	t.repo("PUT", "/contents/{path}", repoOp{auth: authRequired, need: accessWrite, write: true, largeBody: true, doc: doc + "#create-or-update-file-contents", multi: "path"}, s.putContent)
	t.repo("DELETE", "/contents/{path}", repoOp{auth: authRequired, need: accessWrite, write: true, doc: doc + "#delete-a-file", multi: "path"}, s.deleteContent)
}

// inlineContentLimit is the largest file whose content GitHub answers in
// the JSON of a get (1 MB); a larger one comes with an empty content and
// encoding "none".
const inlineContentLimit = 1 << 20

type contentLinksJSON struct {
	Git  *string `json:"git"`
	HTML *string `json:"html"`
	Self string  `json:"self"`
}

// contentJSON is GitHub's content-file object, and an entry of a
// content-directory (without content and encoding).
type contentJSON struct {
	Type        string           `json:"type"`
	Encoding    *string          `json:"encoding,omitempty"`
	Size        int              `json:"size"`
	Name        string           `json:"name"`
	Path        string           `json:"path"`
	Content     *string          `json:"content,omitempty"`
	SHA         string           `json:"sha"`
	URL         string           `json:"url"`
	GitURL      *string          `json:"git_url"`
	HTMLURL     *string          `json:"html_url"`
	DownloadURL *string          `json:"download_url"`
	Links       contentLinksJSON `json:"_links"`
}

// fileCommitJSON is GitHub's file-commit object: the file written (null
// after a delete) and the commit.
type fileCommitJSON struct {
	Content *contentJSON   `json:"content"`
	Commit  fileCommitInfo `json:"commit"`
}

type fileCommitParent struct {
	URL     string `json:"url"`
	HTMLURL string `json:"html_url"`
	SHA     string `json:"sha"`
}

type fileCommitInfo struct {
	SHA          string             `json:"sha"`
	NodeID       string             `json:"node_id"`
	URL          string             `json:"url"`
	HTMLURL      string             `json:"html_url"`
	Author       gitUserJSON        `json:"author"`
	Committer    gitUserJSON        `json:"committer"`
	Message      string             `json:"message"`
	Tree         shaURLJSON         `json:"tree"`
	Parents      []fileCommitParent `json:"parents"`
	Verification verificationJSON   `json:"verification"`
}

// escapePath escapes each segment of a file's path, keeping the slashes.
func escapePath(p string) string {
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return strings.Join(segs, "/")
}

// renderContent renders the file or directory entry at path of ref;
// withContent adds the base64 content (wrapped at 60 characters, as
// GitHub wraps it; empty with encoding "none" over 1 MB).
func (c *reqCtx) renderContent(r *Repo, ref, path, typ string, content []byte, withContent bool) *contentJSON {
	api := c.apiBase + "/repos/" + r.FullName()
	sha := objectID("tree", path, ref)
	if typ == "file" {
		sha = blobSHA(content)
	}
	gitURL := api + "/git/blobs/" + sha
	kind := "blob"
	if typ == "dir" {
		gitURL, kind = api+"/git/trees/"+sha, "tree"
	}
	htmlURL := c.webBase + "/" + r.FullName() + "/" + kind + "/" + ref + "/" + escapePath(path)
	self := api + "/contents/" + escapePath(path) + "?ref=" + url.QueryEscape(ref)
	j := &contentJSON{
		Type: typ, Size: len(content), Name: path[strings.LastIndex(path, "/")+1:], Path: path, SHA: sha,
		URL: self, GitURL: &gitURL, HTMLURL: &htmlURL,
		Links: contentLinksJSON{Git: &gitURL, HTML: &htmlURL, Self: self},
	}
	if typ == "file" {
		j.DownloadURL = ptr(c.webBase + "/" + r.FullName() + "/raw/" + ref + "/" + escapePath(path))
	}
	if withContent {
		enc, body := "base64", ""
		if len(content) > inlineContentLimit {
			enc = "none"
		} else {
			body = wrap60(base64.StdEncoding.EncodeToString(content))
		}
		j.Encoding, j.Content = &enc, &body
	}
	return j
}

// wrap60 puts a newline after every 60 characters and at the end, as
// GitHub's base64 content has them.
func wrap60(s string) string {
	var b strings.Builder
	for len(s) > 60 {
		b.WriteString(s[:60])
		b.WriteByte('\n')
		s = s[60:]
	}
	if s != "" {
		b.WriteString(s)
		b.WriteByte('\n')
	}
	return b.String()
}

// resolveRef finds the commit of a ref (a branch, a tag or a commit id)
// and the name to show for it; "" when the repository has none.
func resolveRef(w *world, r *Repo, ref string) (sha, name string) {
	if b := r.branch(ref); b != nil {
		return b.SHA, ref
	}
	if t := (refTarget{kind: "tags", name: ref}).lookup(r); t != "" {
		return t, ref
	}
	if isSHA(ref) && (w.hasCommit(r, ref) || commitRecordOf(r, strings.ToLower(ref)) != nil) {
		return strings.ToLower(ref), strings.ToLower(ref)
	}
	return "", ""
}

// getContent answers a file (its content base64-encoded) or a directory
// (its entries, in name order) at ref, the default branch when the query
// has none.
func (s *Server) getContent(c *reqCtx, w *world, r *Repo) {
	if len(r.Branches) == 0 {
		c.fail(http.StatusNotFound, "This repository is empty.", c.doc)
		return
	}
	ref := c.r.URL.Query().Get("ref")
	if ref == "" {
		ref = r.DefaultBranch
	}
	sha, name := resolveRef(w, r, ref)
	if sha == "" {
		c.fail(http.StatusNotFound, "No commit found for the ref "+ref, c.doc)
		return
	}
	files := filesAt(r, sha)
	path := strings.Trim(c.params["path"], "/")
	if content, ok := files[path]; ok {
		c.json(http.StatusOK, c.renderContent(r, name, path, "file", content, true))
		return
	}
	if !isDir(files, path) {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return
	}
	c.json(http.StatusOK, c.listDir(r, name, path, files))
}

// listDir renders the entries of the directory dir, in name order.
func (c *reqCtx) listDir(r *Repo, ref, dir string, files map[string][]byte) []*contentJSON {
	prefix := dir + "/"
	entries := map[string]*contentJSON{}
	for p, content := range files {
		if !strings.HasPrefix(p, prefix) {
			continue
		}
		child, _, sub := strings.Cut(strings.TrimPrefix(p, prefix), "/")
		if sub {
			entries[child] = c.renderContent(r, ref, prefix+child, "dir", nil, false)
		} else {
			entries[child] = c.renderContent(r, ref, p, "file", content, false)
		}
	}
	names := make([]string, 0, len(entries))
	for n := range entries {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]*contentJSON, 0, len(names))
	for _, n := range names {
		out = append(out, entries[n])
	}
	return out
}
