package emulator

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

func init() { registerKind("deploy-keys", (*Server).deployKeyRoutes) }

const docDeployKeys = "https://docs.github.com/rest/deploy-keys/deploy-keys"

// deployKeyRoutes declares a repository's deploy keys. GitHub shows and
// changes them for repository admins only. There is no update: a deploy
// key is immutable, and is changed by deleting it and adding another.
func (s *Server) deployKeyRoutes(t *routeTable) {
	const doc = docDeployKeys
	t.repo("GET", "/keys", repoOp{auth: authRequired, need: accessAdmin, doc: doc + "#list-deploy-keys"}, s.listDeployKeys)
	t.repo("POST", "/keys", repoOp{auth: authRequired, need: accessAdmin, write: true, doc: doc + "#create-a-deploy-key"}, s.createDeployKey)
	t.repo("GET", "/keys/{key_id}", repoOp{auth: authRequired, need: accessAdmin, doc: doc + "#get-a-deploy-key"}, s.getDeployKey)
	t.repo("DELETE", "/keys/{key_id}", repoOp{auth: authRequired, need: accessAdmin, write: true, doc: doc + "#delete-a-deploy-key"}, s.deleteDeployKey)
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

func (c *reqCtx) renderDeployKey(r *Repo, k *deployKey) deployKeyJSON {
	return deployKeyJSON{
		ID: k.ID, Key: k.Key, Title: k.Title, Verified: true, CreatedAt: ts(k.CreatedAt), ReadOnly: k.ReadOnly,
		AddedBy: k.AddedBy, Enabled: true,
		URL: c.apiBase + "/repos/" + r.FullName() + "/keys/" + strconv.FormatInt(k.ID, 10),
	}
}

// listDeployKeys answers the repository's deploy keys in the order they
// were added.
func (s *Server) listDeployKeys(c *reqCtx, _ *world, r *Repo) {
	var list []*deployKey
	if ks := deployKeysOf.peek(r); ks != nil {
		list = *ks
	}
	start, end := c.paginate(len(list))
	items := make([]deployKeyJSON, 0, end-start)
	for _, k := range list[start:end] {
		items = append(items, c.renderDeployKey(r, k))
	}
	c.json(http.StatusOK, items)
}

// pathDeployKey finds the deploy key of the path, answering 404 when the
// repository has none of that id.
func (c *reqCtx) pathDeployKey(r *Repo) *deployKey {
	id, err := strconv.ParseInt(c.params["key_id"], 10, 64)
	var k *deployKey
	if err == nil {
		k = deployKeyByID(r, id)
	}
	if k == nil {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
	}
	return k
}

func (s *Server) getDeployKey(c *reqCtx, _ *world, r *Repo) {
	if k := c.pathDeployKey(r); k != nil {
		c.json(http.StatusOK, c.renderDeployKey(r, k))
	}
}

// createDeployKey adds a deploy key. The key must be an SSH public key of a
// type GitHub takes; it comes back in its canonical form (type and base64
// body, without the comment). A key already in use anywhere, as a deploy
// key of any repository, is refused.
func (s *Server) createDeployKey(c *reqCtx, w *world, r *Repo) {
	m, ok := c.decode(true)
	if !ok {
		return
	}
	f := &fields{c: c, m: m}
	title, keyText, readOnly := f.str("title"), f.str("key"), f.boolean("read_only")
	if f.failed {
		return
	}
	if keyText == nil {
		c.notSupplied("key")
		return
	}
	canonical, comment, ok := parsePublicKey(*keyText)
	if !ok {
		c.invalid("Validation Failed", fieldError{Resource: "PublicKey", Code: "custom", Field: "key", Message: msgKeyInvalid})
		return
	}
	if w.deployKeyInUse(canonical) {
		c.invalid("Validation Failed", fieldError{Resource: "PublicKey", Code: "custom", Field: "key", Message: msgKeyInUse})
		return
	}
	k := &deployKey{ID: w.newDeployKeyID(), Key: canonical, CreatedAt: s.now()}
	switch {
	case title != nil && strings.TrimSpace(*title) != "":
		k.Title = strings.TrimSpace(*title)
	default:
		// GitHub names an untitled key after its comment.
		k.Title = comment
	}
	if readOnly != nil {
		k.ReadOnly = *readOnly
	}
	if login := c.principal.login(); login != "" {
		k.AddedBy = ptr(login)
	}
	all := deployKeysOf.of(r)
	*all = append(*all, k)
	c.header.Set("Location", c.apiBase+"/repos/"+r.FullName()+"/keys/"+strconv.FormatInt(k.ID, 10))
	c.json(http.StatusCreated, c.renderDeployKey(r, k))
}

func (s *Server) deleteDeployKey(c *reqCtx, _ *world, r *Repo) {
	old := c.pathDeployKey(r)
	if old == nil {
		return
	}
	all := deployKeysOf.of(r)
	for i, k := range *all {
		if k == old {
			*all = append((*all)[:i:i], (*all)[i+1:]...)
			break
		}
	}
	c.noContent()
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
