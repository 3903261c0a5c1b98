package emulator

import (
	"net/http"
	"strings"
	"time"
)

func init() { registerKind("secrets", (*Server).secretRoutes) }

// secretRoutes declares a repository's Actions secrets, its environments'
// and its Dependabot secrets. Each store has its own public key; a value
// is written sealed with it (a libsodium sealed box) and never shown
// again. They need write access to the repository (GitHub: collaborator
// access); reading a public key creates the store's key pair, so it takes
// the write lock, but is allowed on an archived repository.
func (s *Server) secretRoutes(t *routeTable) {
	const actionsDoc = "https://docs.github.com/rest/actions/secrets"
	const dependabotDoc = "https://docs.github.com/rest/dependabot/secrets"
	op := func(doc string, write bool) repoOp {
		return repoOp{auth: authRequired, need: accessWrite, write: write, doc: doc}
	}
	keyOp := func(doc string) repoOp {
		return repoOp{auth: authRequired, need: accessWrite, write: true, archivedOK: true, doc: doc}
	}
	stores := []struct {
		prefix, doc, what string
		store             func(c *reqCtx, r *Repo) (string, bool)
	}{
		{"/actions/secrets", actionsDoc, "repository", fixedStore(storeActions)},
		{"/environments/{environment_name}/secrets", actionsDoc, "environment", pathEnvironmentStore},
		{"/dependabot/secrets", dependabotDoc, "repository", fixedStore(storeDependabot)},
	}
	for _, st := range stores {
		h := secretHandlers{store: st.store, now: s.now}
		t.repo("GET", st.prefix, op(st.doc+"#list-"+st.what+"-secrets", false), h.list)
		t.repo("GET", st.prefix+"/public-key", keyOp(st.doc+"#get-"+article(st.what)+st.what+"-public-key"), h.publicKey)
		t.repo("GET", st.prefix+"/{secret_name}", op(st.doc+"#get-"+article(st.what)+st.what+"-secret", false), h.get)
		t.repo("PUT", st.prefix+"/{secret_name}", op(st.doc+"#create-or-update-"+article(st.what)+st.what+"-secret", true), h.put)
		t.repo("DELETE", st.prefix+"/{secret_name}", op(st.doc+"#delete-"+article(st.what)+st.what+"-secret", true), h.delete)
	}
}

// article is the article of GitHub's doc anchors before what.
func article(what string) string {
	if what == "environment" {
		return "an-"
	}
	return "a-"
}

// fixedStore is the store of a repository's path that names it.
func fixedStore(key string) func(*reqCtx, *Repo) (string, bool) {
	return func(*reqCtx, *Repo) (string, bool) { return key, true }
}

// pathEnvironmentStore is the store of the path's environment, answering
// 404 when the repository has no such environment.
func pathEnvironmentStore(c *reqCtx, r *Repo) (string, bool) {
	e := c.pathEnvironment(r)
	if e == nil {
		return "", false
	}
	return environmentStore(e), true
}

// secretHandlers answer one kind of store.
type secretHandlers struct {
	store func(c *reqCtx, r *Repo) (string, bool)
	now   func() time.Time
}

// secretJSON is GitHub's secret object: a name and dates, never a value.
type secretJSON struct {
	Name      string `json:"name"`
	CreatedAt string `json:"created_at"`
	UpdatedAt string `json:"updated_at"`
}

func renderSecret(x *storedSecret) secretJSON {
	return secretJSON{Name: x.Name, CreatedAt: ts(x.CreatedAt), UpdatedAt: ts(x.UpdatedAt)}
}

func (h secretHandlers) list(c *reqCtx, _ *world, r *Repo) {
	key, ok := h.store(c, r)
	if !ok {
		return
	}
	var all []*storedSecret
	if s := peekSecretStore(r, key); s != nil {
		all = s.secrets
	}
	answerPage(c, "secrets", all, func(x *storedSecret) any { return renderSecret(x) })
}

func (h secretHandlers) publicKey(c *reqCtx, w *world, r *Repo) {
	key, ok := h.store(c, r)
	if !ok {
		return
	}
	s := w.secretStore(r, key)
	c.json(http.StatusOK, map[string]string{"key_id": s.keyID, "key": s.publicKey()})
}

func (h secretHandlers) get(c *reqCtx, _ *world, r *Repo) {
	key, ok := h.store(c, r)
	if !ok {
		return
	}
	x := peekSecretStore(r, key).byName(c.params["secret_name"])
	if x == nil {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return
	}
	c.json(http.StatusOK, renderSecret(x))
}

// put creates the secret (201, with an empty object) or replaces its value
// (204). The value must be sealed with the store's current key, named by
// key_id; names are kept upper case.
func (h secretHandlers) put(c *reqCtx, w *world, r *Repo) {
	key, ok := h.store(c, r)
	if !ok {
		return
	}
	body := readSecretWrite(c)
	if body == nil {
		return
	}
	encrypted, keyID, name := body.encrypted, body.keyID, body.name
	if encrypted == nil || keyID == nil {
		c.notSupplied("encrypted_value", "key_id")
		return
	}
	s := w.secretStore(r, key)
	value, ok := s.receive(c, *keyID, *encrypted)
	if !ok {
		return
	}
	now := h.now()
	if x := s.byName(name); x != nil {
		x.Value, x.UpdatedAt = value, now
		c.noContent()
		return
	}
	s.secrets = append(s.secrets, &storedSecret{Name: strings.ToUpper(name), Value: value, CreatedAt: now, UpdatedAt: now})
	c.json(http.StatusCreated, map[string]any{})
}

func (h secretHandlers) delete(c *reqCtx, _ *world, r *Repo) {
	key, ok := h.store(c, r)
	if !ok {
		return
	}
	s := peekSecretStore(r, key)
	x := s.byName(c.params["secret_name"])
	if x == nil {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return
	}
	s.remove(x)
	c.noContent()
}
