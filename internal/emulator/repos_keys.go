package emulator

import (
	"strings"
	"time"
)

func init() { registerKind(deployKeys.name, deployKeyRoutes) }

const docDeployKeys = "https://docs.github.com/rest/deploy-keys/deploy-keys"

// deployKeys are a repository's deploy keys, in the order they were added.
// A key already in use anywhere, as a deploy key of any repository, is
// refused.
var deployKeys = &collection[deployKey]{
	name: "deploy-keys", key: byID(91000001, func(k *deployKey) *int64 { return &k.ID }),
	pages: githubPages, render: renderDeployKey, create: readDeployKey, created: replyItem,
	unique: func(a, b *deployKey) bool { return a.Key == b.Key },
	taken: func(c *reqCtx) {
		c.invalid("Validation Failed", fieldError{Resource: "PublicKey", Code: "custom", Field: "key", Message: msgKeyInUse})
	},
	stamps: func(k *deployKey) (*time.Time, *time.Time) { return &k.CreatedAt, nil },
}

// deployKeyRoutes declares a repository's deploy keys. GitHub shows and
// changes them for repository admins only. There is no update: a deploy
// key is immutable, and is changed by deleting it and adding another.
func deployKeyRoutes(_ *Server, t *routeTable) {
	admin := func(anchor string) repoOp {
		return repoOp{auth: authRequired, need: accessAdmin, doc: docDeployKeys + "#" + anchor}
	}
	deployKeys.onRepo(t, repoMount{path: "/keys", param: "key_id",
		list: admin("list-deploy-keys"), create: admin("create-a-deploy-key"),
		get: admin("get-a-deploy-key"), remove: admin("delete-a-deploy-key")})
}

// deployKey is a repository's deploy key as the emulator keeps it.
type deployKey struct {
	ID        int64
	Key       string // canonical: type and base64 body
	Title     string
	ReadOnly  bool
	AddedBy   *string
	CreatedAt time.Time
}

// deployKeyJSON is GitHub's deploy-key object.
type deployKeyJSON struct {
	ID        int64   `json:"id"`
	Key       string  `json:"key"`
	URL       string  `json:"url"`
	Title     string  `json:"title"`
	Verified  bool    `json:"verified"`
	CreatedAt string  `json:"created_at"`
	ReadOnly  bool    `json:"read_only"`
	AddedBy   *string `json:"added_by"`
	LastUsed  *string `json:"last_used"`
	Enabled   bool    `json:"enabled"`
}

func renderDeployKey(_ *reqCtx, url string, k *deployKey) any {
	return deployKeyJSON{
		ID: k.ID, Key: k.Key, URL: url, Title: k.Title, Verified: true, CreatedAt: ts(k.CreatedAt), ReadOnly: k.ReadOnly,
		AddedBy: k.AddedBy, Enabled: true,
	}
}

// readDeployKey reads a new deploy key. The key must be an SSH public key
// of a type GitHub takes; it is kept in its canonical form (type and
// base64 body, without the comment). An untitled key is named after its
// comment, as GitHub does.
func readDeployKey(c *reqCtx, _ *world, f *fields, k *deployKey) bool {
	title, keyText, readOnly := f.str("title"), f.str("key"), f.boolean("read_only")
	if f.failed {
		return false
	}
	if keyText == nil {
		c.notSupplied("key")
		return false
	}
	canonical, comment, ok := parsePublicKey(*keyText)
	if !ok {
		c.invalid("Validation Failed", fieldError{Resource: "PublicKey", Code: "custom", Field: "key", Message: msgKeyInvalid})
		return false
	}
	k.Key, k.Title = canonical, comment
	if title != nil && strings.TrimSpace(*title) != "" {
		k.Title = strings.TrimSpace(*title)
	}
	if readOnly != nil {
		k.ReadOnly = *readOnly
	}
	if login := c.principal.login(); login != "" {
		k.AddedBy = ptr(login)
	}
	return true
}
