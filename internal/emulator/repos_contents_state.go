package emulator

import (
	"crypto/sha1"
	"encoding/hex"
	"sort"
	"strconv"
	"strings"
	"time"
)

// commitsOf are the commits of a repository whose files the emulator knows:
// the first commit of auto_init and every commit the contents API made. A
// commit it does not know (a seeded branch's head, a template's copy) has
// no files.
var commitsOf = subKind[map[string]*commitRecord]{name: "commits"}

// commitRecord is one commit with its files. Files are never changed in
// place: a new commit copies its parent's map, so commits share the
// contents.
type commitRecord struct {
	files     map[string][]byte // path to content
	parent    string            // "" for a first commit
	message   string
	author    gitUserJSON
	committer gitUserJSON
}

// blobSHA is git's object id of a file's content: the SHA-1 of "blob",
// the length, a NUL byte and the bytes. GitHub answers it as a file's sha.
func blobSHA(content []byte) string {
	h := sha1.New()
	h.Write([]byte("blob " + strconv.Itoa(len(content)) + "\x00"))
	h.Write(content)
	return hex.EncodeToString(h.Sum(nil))
}

// treeSHA is a stable id of a commit's files (not git's tree id: the
// emulator keeps no tree objects).
func (cr *commitRecord) treeSHA() string {
	paths := make([]string, 0, len(cr.files))
	for p := range cr.files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	parts := []string{"tree"}
	for _, p := range paths {
		parts = append(parts, p, blobSHA(cr.files[p]))
	}
	return objectID(parts...)
}

// commitRecordOf returns the recorded commit sha of r, or nil.
func commitRecordOf(r *Repo, sha string) *commitRecord {
	if m := commitsOf.peek(r); m != nil {
		return (*m)[sha]
	}
	return nil
}

// filesAt are the files of the commit sha: none for a commit the emulator
// does not know.
func filesAt(r *Repo, sha string) map[string][]byte {
	if cr := commitRecordOf(r, sha); cr != nil {
		return cr.files
	}
	return nil
}

// commitFiles records a commit of files on top of parent ("" for none) and
// returns its id.
func (w *world) commitFiles(r *Repo, parent string, files map[string][]byte, message string, author, committer gitUserJSON) string {
	sha := w.newSHA()
	m := commitsOf.of(r)
	if *m == nil {
		*m = map[string]*commitRecord{}
	}
	(*m)[sha] = &commitRecord{files: files, parent: parent, message: message, author: author, committer: committer}
	return sha
}

// withFile is files with path set to content (or removed, for nil), as a
// new map.
func withFile(files map[string][]byte, path string, content []byte) map[string][]byte {
	out := make(map[string][]byte, len(files)+1)
	for p, c := range files {
		out[p] = c
	}
	if content == nil {
		delete(out, path)
	} else {
		out[path] = content
	}
	return out
}

// isDir reports whether path is a directory of files: a prefix of a file's
// path.
func isDir(files map[string][]byte, path string) bool {
	prefix := path + "/"
	if path == "" {
		prefix = ""
	}
	for p := range files {
		if strings.HasPrefix(p, prefix) {
			return true
		}
	}
	return false
}

// underFile returns the first parent directory of path that is a file, or
// "": git cannot have both a file and a directory of that name.
func underFile(files map[string][]byte, path string) string {
	for i := strings.Index(path, "/"); i >= 0; i = nextSlash(path, i) {
		if _, ok := files[path[:i]]; ok {
			return path[:i]
		}
	}
	return ""
}

func nextSlash(path string, i int) int {
	j := strings.Index(path[i+1:], "/")
	if j < 0 {
		return -1
	}
	return i + 1 + j
}

// readmeOf is the README.md GitHub's auto_init writes: the repository's
// name as a heading and its description, if any.
func readmeOf(r *Repo) []byte {
	s := "# " + r.Name
	if r.Description != nil && *r.Description != "" {
		s += "\n" + *r.Description
	}
	return []byte(s)
}

// initialCommit records the first commit of a repository created with
// auto_init (a README.md) and returns its id.
func (w *world) initialCommit(r *Repo, now time.Time) string {
	who := gitUserJSON{Name: "GitHub", Email: "noreply@github.com", Date: ts(now)}
	return w.commitFiles(r, "", map[string][]byte{"README.md": readmeOf(r)}, "Initial commit", who, who)
}

// copyCommit gives to the files of from's commit sha: a fork keeps the
// commit (same id, fresh is false); a repository generated from a template
// starts from a new commit with the same files (fresh). It returns the
// commit's id in to.
func (w *world) copyCommit(from, to *Repo, sha string, fresh bool) string {
	cr := commitRecordOf(from, sha)
	switch {
	case fresh && cr == nil:
		return w.newSHA()
	case fresh:
		return w.commitFiles(to, "", cr.files, "Initial commit", cr.author, cr.committer)
	case cr != nil:
		m := commitsOf.of(to)
		if *m == nil {
			*m = map[string]*commitRecord{}
		}
		(*m)[sha] = cr
	}
	return sha
}
