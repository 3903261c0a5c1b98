package emulator

import (
	"crypto/sha1"
	"encoding/hex"
	"strings"
)

// pastHeadsOf are the commits a repository's branches and tags pointed at
// before they moved or went away: git keeps them, so a ref can be created
// from them again.
var pastHeadsOf = subKind[map[string]bool]{name: "past-heads"}

// isSHA reports whether s looks like a full git object id.
func isSHA(s string) bool {
	if len(s) != 40 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}

// hasCommit reports whether the commit exists in the repository: the head of
// a branch or tag, now or before.
func (w *world) hasCommit(r *Repo, sha string) bool {
	sha = strings.ToLower(sha)
	for _, b := range r.Branches {
		if b.SHA == sha {
			return true
		}
	}
	if t := tagsOf.peek(r); t != nil {
		for _, s := range *t {
			if s == sha {
				return true
			}
		}
	}
	if p := pastHeadsOf.peek(r); p != nil {
		return (*p)[sha]
	}
	return false
}

// rememberCommit keeps a commit a ref no longer points at.
func rememberCommit(r *Repo, sha string) {
	p := pastHeadsOf.of(r)
	if *p == nil {
		*p = map[string]bool{}
	}
	(*p)[sha] = true
}

// gitUserJSON is GitHub's git-user object (a commit's author or committer).
type gitUserJSON struct {
	Name  string `json:"name"`
	Email string `json:"email"`
	Date  string `json:"date"`
}

type shaURLJSON struct {
	SHA string `json:"sha"`
	URL string `json:"url"`
}

type verificationJSON struct {
	Verified   bool    `json:"verified"`
	Reason     string  `json:"reason"`
	Signature  *string `json:"signature"`
	Payload    *string `json:"payload"`
	VerifiedAt *string `json:"verified_at"`
}

type gitCommitJSON struct {
	Author       gitUserJSON      `json:"author"`
	Committer    gitUserJSON      `json:"committer"`
	Message      string           `json:"message"`
	Tree         shaURLJSON       `json:"tree"`
	URL          string           `json:"url"`
	CommentCount int              `json:"comment_count"`
	Verification verificationJSON `json:"verification"`
}

// commitJSON is GitHub's commit object, as a branch shows its head. A
// commit the contents API made is shown as it was made; any other is made
// up from its id and the repository.
type commitJSON struct {
	SHA         string        `json:"sha"`
	NodeID      string        `json:"node_id"`
	Commit      gitCommitJSON `json:"commit"`
	URL         string        `json:"url"`
	HTMLURL     string        `json:"html_url"`
	CommentsURL string        `json:"comments_url"`
	Author      *simpleUser   `json:"author"`
	Committer   *simpleUser   `json:"committer"`
	Parents     []shaURLJSON  `json:"parents"`
}

func (c *reqCtx) commitURL(r *Repo, sha string) string {
	return c.apiBase + "/repos/" + r.FullName() + "/commits/" + sha
}

// objectID derives a stable git-looking id from parts (SHA-1, as git's
// object ids are; nothing secret depends on it).
func objectID(parts ...string) string {
	sum := sha1.Sum([]byte(strings.Join(parts, "\x00")))
	return hex.EncodeToString(sum[:])
}

func (c *reqCtx) renderCommit(w *world, r *Repo, sha string) commitJSON {
	api := c.apiBase + "/repos/" + r.FullName()
	owner := w.account(r.Owner)
	var author *simpleUser
	who := gitUserJSON{Name: r.Owner, Email: r.Owner + "@users.noreply.github.com", Date: ts(r.PushedAt)}
	if owner != nil && !owner.IsOrg() {
		u := c.simpleUser(owner)
		author = &u
	}
	tree, message := objectID("tree", sha), "Commit "+sha[:7]
	gitAuthor, gitCommitter, parents := who, who, []shaURLJSON{}
	if cr := commitRecordOf(r, sha); cr != nil {
		// A commit of the contents API (or auto_init's) is shown as made.
		tree, message, gitAuthor, gitCommitter = cr.treeSHA(), cr.message, cr.author, cr.committer
		if cr.parent != "" {
			parents = append(parents, shaURLJSON{SHA: cr.parent, URL: c.commitURL(r, cr.parent)})
		}
	}
	return commitJSON{
		SHA:    sha,
		NodeID: "C_" + strings.TrimPrefix(nodeID("", r.ID), "_") + sha[:8],
		Commit: gitCommitJSON{
			Author: gitAuthor, Committer: gitCommitter, Message: message,
			Tree:         shaURLJSON{SHA: tree, URL: api + "/git/trees/" + tree},
			URL:          api + "/git/commits/" + sha,
			Verification: verificationJSON{Reason: "unsigned"},
		},
		URL:         c.commitURL(r, sha),
		HTMLURL:     c.webBase + "/" + r.FullName() + "/commit/" + sha,
		CommentsURL: c.commitURL(r, sha) + "/comments",
		Author:      author,
		Committer:   author,
		Parents:     parents,
	}
}
