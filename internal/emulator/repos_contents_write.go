package emulator

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
)

// fileWrite is what a contents PUT or DELETE asks for.
type fileWrite struct {
	path      string
	message   string
	sha       *string
	branch    string
	committer *gitUserJSON
	author    *gitUserJSON
}

// readFileWrite reads the fields PUT and DELETE share; need are the ones
// the operation requires. It answers GitHub's 422 and reports false for a
// field missing or of the wrong type.
func (c *reqCtx) readFileWrite(m map[string]json.RawMessage, need ...string) (*fileWrite, bool) {
	f := &fields{c: c, m: m}
	f.notNull(need...)
	message, sha, branch := f.str("message"), f.str("sha"), f.str("branch")
	committer, hasCommitter := f.object("committer")
	author, hasAuthor := f.object("author")
	if f.failed {
		return nil, false
	}
	if missing := required(m, need...); len(missing) > 0 {
		c.notSupplied(missing...)
		return nil, false
	}
	fw := &fileWrite{path: strings.Trim(c.params["path"], "/"), sha: sha}
	if message != nil {
		fw.message = *message
	}
	if branch != nil {
		fw.branch = *branch
	}
	var ok bool
	if hasCommitter {
		if fw.committer, ok = c.readGitUser(committer); !ok {
			return nil, false
		}
	}
	if hasAuthor {
		if fw.author, ok = c.readGitUser(author); !ok {
			return nil, false
		}
	}
	return fw, true
}

// readGitUser reads a committer or author: name and email are required.
func (c *reqCtx) readGitUser(m map[string]json.RawMessage) (*gitUserJSON, bool) {
	f := &fields{c: c, m: m}
	f.notNull("name", "email")
	name, email, date := f.str("name"), f.str("email"), f.str("date")
	if f.failed {
		return nil, false
	}
	if missing := required(m, "name", "email"); len(missing) > 0 {
		c.notSupplied(missing...)
		return nil, false
	}
	u := &gitUserJSON{Name: *name, Email: *email}
	if date != nil {
		u.Date = *date
	}
	return u, true
}

// signatures are the author and committer of a write: as sent, the
// committer standing in for a missing author, the caller for both.
func (s *Server) signatures(c *reqCtx, w *world, fw *fileWrite) (author, committer gitUserJSON) {
	now := ts(s.now())
	committer = gitUserJSON{Name: c.principal.login(), Email: c.principal.login() + "@users.noreply.github.com", Date: now}
	if a := w.account(c.principal.login()); a != nil {
		if a.Name != "" {
			committer.Name = a.Name
		}
		committer.Email = strconv.FormatInt(a.ID, 10) + "+" + a.Login + "@users.noreply.github.com"
		if a.Email != "" {
			committer.Email = a.Email
		}
	}
	if fw.committer != nil {
		committer = *fw.committer
		if committer.Date == "" {
			committer.Date = now
		}
	}
	author = committer
	if fw.author != nil {
		author = *fw.author
		if author.Date == "" {
			author.Date = now
		}
	}
	return author, committer
}

// targetBranch finds the branch a write goes to (the default branch when
// the request names none). In an empty repository the write creates it;
// head is then "". An unknown branch is GitHub's 404.
func (c *reqCtx) targetBranch(r *Repo, fw *fileWrite) (name, head string, ok bool) {
	name = fw.branch
	if name == "" {
		name = r.DefaultBranch
	}
	if len(r.Branches) == 0 {
		return name, "", true
	}
	b := r.branch(name)
	if b == nil {
		c.fail(http.StatusNotFound, "Branch "+name+" not found", c.doc)
		return "", "", false
	}
	return name, b.SHA, true
}

// putContent creates or replaces a file with a commit on the branch. A file
// that exists is replaced only with its blob sha: without it the answer is
// 422 "sha" wasn't supplied, with another one 409 "<path> does not match
// <sha>". A new file ignores sha. 201 for a new file, 200 for a replaced one;
// 409 "is at <sha> but expected <sha>" when another write to the branch
// landed meanwhile (readHead).
func (s *Server) putContent(c *reqCtx, w *world, r *Repo) {
	m, ok := c.decode(true)
	if !ok {
		return
	}
	fw, ok := c.readFileWrite(m, "message", "content")
	if !ok {
		return
	}
	f := &fields{c: c, m: m}
	encoded := f.str("content")
	switch {
	case f.failed:
		return
	case encoded == nil:
		c.notSupplied("content")
		return
	}
	content, err := base64.StdEncoding.DecodeString(strings.NewReplacer("\n", "", "\r", "").Replace(*encoded))
	if err != nil {
		c.json(http.StatusUnprocessableEntity, basicError{Message: "content is not valid Base64", DocumentationURL: c.doc, Status: "422"})
		return
	}
	branch, head, ok := c.targetBranch(r, fw)
	if !ok || c.refusedByRules(w, r, "refs/heads/"+branch, changeOf(head), false, http.StatusConflict) {
		return
	}
	head, landing := s.readHead(c, r, branch, head)
	files := filesAt(r, head)
	old, exists := files[fw.path]
	switch {
	case exists && fw.sha == nil:
		c.notSupplied("sha")
		return
	case exists && !strings.EqualFold(*fw.sha, blobSHA(old)):
		c.fail(http.StatusConflict, fw.path+" does not match "+*fw.sha, c.doc)
		return
	case isDir(files, fw.path) || underFile(files, fw.path) != "":
		c.invalid("Invalid request.\n\n" + fw.path + " conflicts with a directory or file of the repository.")
		return
	case landing != nil:
		landing.refuse(c)
		return
	}
	if content == nil {
		content = []byte{}
	}
	sha := s.commit(c, w, r, branch, head, withFile(files, fw.path, content), fw)
	status := http.StatusCreated
	if exists {
		status = http.StatusOK
	}
	c.json(status, fileCommitJSON{
		Content: c.renderContent(r, branch, fw.path, "file", content, false),
		Commit:  c.renderFileCommit(r, sha),
	})
}

// deleteContent deletes a file with a commit on the branch; sha must be the
// file's blob sha (409 otherwise). A file the branch does not have is 404.
func (s *Server) deleteContent(c *reqCtx, w *world, r *Repo) {
	m, ok := c.decode(true)
	if !ok {
		return
	}
	fw, ok := c.readFileWrite(m, "message", "sha")
	if !ok {
		return
	}
	if len(r.Branches) == 0 {
		c.fail(http.StatusNotFound, "This repository is empty.", c.doc)
		return
	}
	branch, head, ok := c.targetBranch(r, fw)
	if !ok || c.refusedByRules(w, r, "refs/heads/"+branch, refUpdate, false, http.StatusConflict) {
		return
	}
	head, landing := s.readHead(c, r, branch, head)
	files := filesAt(r, head)
	old, exists := files[fw.path]
	switch {
	case !exists:
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return
	case !strings.EqualFold(*fw.sha, blobSHA(old)):
		c.fail(http.StatusConflict, fw.path+" does not match "+*fw.sha, c.doc)
		return
	case landing != nil:
		landing.refuse(c)
		return
	}
	sha := s.commit(c, w, r, branch, head, withFile(files, fw.path, nil), fw)
	c.json(http.StatusOK, fileCommitJSON{Commit: c.renderFileCommit(r, sha)})
}

// changeOf is the change a commit on a branch at head makes: the first
// commit of an empty repository creates its branch.
func changeOf(head string) refChange {
	if head == "" {
		return refCreate
	}
	return refUpdate
}

// commit records the files as a commit on top of head and moves the branch
// there (creating it, and making it the default branch, in an empty
// repository).
func (s *Server) commit(c *reqCtx, w *world, r *Repo, branch, head string, files map[string][]byte, fw *fileWrite) string {
	author, committer := s.signatures(c, w, fw)
	sha := w.commitFiles(r, head, files, fw.message, author, committer)
	if len(r.Branches) == 0 {
		r.DefaultBranch = branch
	}
	refTarget{kind: "heads", name: branch}.set(r, sha)
	r.PushedAt = s.now()
	c.recordLanding(r, branch, head, sha)
	return sha
}

// renderFileCommit renders a recorded commit as a file-commit's commit.
func (c *reqCtx) renderFileCommit(r *Repo, sha string) fileCommitInfo {
	api := c.apiBase + "/repos/" + r.FullName()
	cr := commitRecordOf(r, sha)
	tree := cr.treeSHA()
	j := fileCommitInfo{
		SHA:    sha,
		NodeID: "C_" + strings.TrimPrefix(nodeID("", r.ID), "_") + sha[:8],
		URL:    api + "/git/commits/" + sha, HTMLURL: c.webBase + "/" + r.FullName() + "/commit/" + sha,
		Author: cr.author, Committer: cr.committer, Message: cr.message,
		Tree:         shaURLJSON{SHA: tree, URL: api + "/git/trees/" + tree},
		Parents:      []fileCommitParent{},
		Verification: verificationJSON{Reason: "unsigned"},
	}
	if cr.parent != "" {
		j.Parents = append(j.Parents, fileCommitParent{URL: api + "/git/commits/" + cr.parent, HTMLURL: c.webBase + "/" + r.FullName() + "/commit/" + cr.parent, SHA: cr.parent})
	}
	return j
}
