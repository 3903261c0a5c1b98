package emulator

import (
	"net/http"
	"strings"
)

func init() { registerKind("org-secrets", (*Server).orgSecretRoutes) }

// orgSecretStoresOf are an organization's secret stores: its Actions
// secrets ("actions") and its Dependabot secrets ("dependabot"), each with
// its own key pair, as a repository's are.
var orgSecretStoresOf = orgKind[map[string]*secretStore]{name: "org-secret-stores"}

// orgSecretRoutes declares an organization's Actions and Dependabot
// secrets and the repositories each is shared with. Only the
// organization's owners (and an App's installation with the permission)
// read or write them; reading the public key creates the store's key pair,
// so it takes the write lock.
func (s *Server) orgSecretRoutes(t *routeTable) {
	for _, st := range []struct{ prefix, store, perm, doc string }{
		{"/actions/secrets", storeActions, "organization_secrets", "https://docs.github.com/rest/actions/secrets"},
		{"/dependabot/secrets", storeDependabot, "organization_dependabot_secrets", "https://docs.github.com/rest/dependabot/secrets"},
	} {
		op := func(write bool) func(anchor string) orgOp {
			return func(anchor string) orgOp {
				return orgOp{auth: authRequired, need: accessAdmin, refused: "You must be an organization owner.", perm: st.perm, write: write, doc: st.doc + "#" + anchor}
			}
		}
		read, write := op(false), op(true)
		h := orgSecretHandlers{store: st.store, s: s}
		t.org("GET", st.prefix, read("list-organization-secrets"), h.list)
		t.org("GET", st.prefix+"/public-key", write("get-an-organization-public-key"), h.publicKey)
		t.org("GET", st.prefix+"/{secret_name}", read("get-an-organization-secret"), h.get)
		t.org("PUT", st.prefix+"/{secret_name}", write("create-or-update-an-organization-secret"), h.put)
		t.org("DELETE", st.prefix+"/{secret_name}", write("delete-an-organization-secret"), h.delete)
		mountSharing(t, st.prefix+"/{secret_name}", sharingHandlers{find: h.sharing}, read, write, "secret")
	}
}

// orgSecretHandlers answer one store of organizations.
type orgSecretHandlers struct {
	store string
	s     *Server
}

// orgSecretJSON is GitHub's organization secret: a name, dates and who
// may use it, never a value.
type orgSecretJSON struct {
	Name                    string `json:"name"`
	CreatedAt               string `json:"created_at"`
	UpdatedAt               string `json:"updated_at"`
	Visibility              string `json:"visibility"`
	SelectedRepositoriesURL string `json:"selected_repositories_url,omitempty"`
}

func (h orgSecretHandlers) render(c *reqCtx, org *Account, x *storedSecret) orgSecretJSON {
	j := orgSecretJSON{Name: x.Name, CreatedAt: ts(x.CreatedAt), UpdatedAt: ts(x.UpdatedAt), Visibility: x.Visibility}
	if x.Visibility == "selected" {
		j.SelectedRepositoriesURL = c.apiBase + "/orgs/" + org.Login + "/" + h.store + "/secrets/" + x.Name + "/repositories"
	}
	return j
}

// peek is the organization's store, nil when it has none yet.
func (h orgSecretHandlers) peek(org *Account) *secretStore {
	if stores := orgSecretStoresOf.peek(org); stores != nil && *stores != nil {
		return (*stores)[h.store]
	}
	return nil
}

// of is the organization's store, made with a key pair on first use.
func (h orgSecretHandlers) of(w *world, org *Account) *secretStore {
	stores := orgSecretStoresOf.of(org)
	if *stores == nil {
		*stores = map[string]*secretStore{}
	}
	if s := (*stores)[h.store]; s != nil {
		return s
	}
	s := &secretStore{}
	w.newSecretKey(s)
	(*stores)[h.store] = s
	return s
}

// found is the path's secret; nil, having answered 404, when there is none.
func (h orgSecretHandlers) found(c *reqCtx, org *Account) *storedSecret {
	x := h.peek(org).byName(c.params["secret_name"])
	if x == nil {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
	}
	return x
}

// sharing is the path's secret's repositories.
func (h orgSecretHandlers) sharing(c *reqCtx, org *Account) *sharing {
	if x := h.found(c, org); x != nil {
		return &x.sharing
	}
	return nil
}

func (h orgSecretHandlers) list(c *reqCtx, _ *world, org *Account) {
	var all []*storedSecret
	if s := h.peek(org); s != nil {
		all = s.secrets
	}
	answerPage(c, "secrets", all, func(x *storedSecret) any { return h.render(c, org, x) })
}

func (h orgSecretHandlers) publicKey(c *reqCtx, w *world, org *Account) {
	s := h.of(w, org)
	c.json(http.StatusOK, map[string]string{"key_id": s.keyID, "key": s.publicKey()})
}

func (h orgSecretHandlers) get(c *reqCtx, _ *world, org *Account) {
	if x := h.found(c, org); x != nil {
		c.json(http.StatusOK, h.render(c, org, x))
	}
}

// put creates the secret (201, with an empty object) or changes its value,
// its visibility or its repositories (204). visibility is required; a new
// secret needs its value, sealed with the store's current key.
func (h orgSecretHandlers) put(c *reqCtx, w *world, org *Account) {
	body := readSecretWrite(c)
	if body == nil {
		return
	}
	f, encrypted, keyID, name := body.fields, body.encrypted, body.keyID, body.name
	s := h.of(w, org)
	x := s.byName(name)
	next := storedSecret{Name: strings.ToUpper(name)}
	if x != nil {
		next = *x
	}
	if !readSharing(c, w, f, org.Login, &next.sharing, true) {
		return
	}
	switch {
	case (encrypted == nil) != (keyID == nil) || (x == nil && encrypted == nil):
		c.notSupplied("encrypted_value", "key_id")
		return
	case encrypted != nil:
		value, ok := s.receive(c, *keyID, *encrypted)
		if !ok {
			return
		}
		next.Value = value
	}
	now := h.s.now()
	next.UpdatedAt = now
	if x != nil {
		*x = next
		c.noContent()
		return
	}
	next.CreatedAt = now
	s.secrets = append(s.secrets, &next)
	c.json(http.StatusCreated, map[string]any{})
}

func (h orgSecretHandlers) delete(c *reqCtx, _ *world, org *Account) {
	if x := h.found(c, org); x != nil {
		h.peek(org).remove(x)
		c.noContent()
	}
}

// OrgSecretValue returns the plaintext of an organization's secret, which
// GitHub's API never shows, and the repositories it is shared with: for
// tests that must tell which value arrived. store is "actions" or
// "dependabot".
func (st *State) OrgSecretValue(org, store, name string) (value string, selected []int64, ok bool) {
	st.mu.RLock()
	defer st.mu.RUnlock()
	a := st.w.account(org)
	if a == nil {
		return "", nil, false
	}
	x := orgSecretHandlers{store: store}.peek(a).byName(name)
	if x == nil {
		return "", nil, false
	}
	return string(x.Value), append([]int64(nil), x.Selected...), true
}
