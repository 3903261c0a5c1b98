package emulator

import (
	"crypto/rand"
	"crypto/rsa"
	"fmt"
	"net/http"
	"strconv"
)

func init() { registerKind("apps", (*Server).appRoutes) }

// appRoutes declares what a GitHub App does with its JWT.
func (s *Server) appRoutes(t *routeTable) {
	t.add("POST", "/app/installations/{installation_id}/access_tokens", authAppJWT, "https://docs.github.com/rest/apps/apps#create-an-installation-access-token-for-an-app", s.createInstallationToken)
}

// App is a GitHub App.
type App struct {
	ID        int64
	Slug      string
	PublicKey *rsa.PublicKey
}

// Installation is a GitHub App installation on an account.
type Installation struct {
	ID                  int64
	AppID               int64
	Account             string
	Permissions         map[string]string
	RepositorySelection string
}

// installationTokenJSON is GitHub's installation-token object.
type installationTokenJSON struct {
	Token               string            `json:"token"`
	ExpiresAt           string            `json:"expires_at"`
	Permissions         map[string]string `json:"permissions"`
	RepositorySelection string            `json:"repository_selection"`
}

func (s *Server) createInstallationToken(c *reqCtx) {
	if _, ok := c.decode(false); !ok {
		return
	}
	id, err := strconv.ParseInt(c.params["installation_id"], 10, 64)
	if err != nil {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return
	}
	s.state.mu.Lock()
	defer s.state.mu.Unlock()
	w := s.state.w
	in := w.installations[id]
	if in == nil || in.AppID != c.principal.appID {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return
	}
	value, err := newTokenValue("ghs_")
	if err != nil {
		c.fail(http.StatusInternalServerError, "Server Error", c.doc)
		return
	}
	exp := s.now().Add(s.opts.InstallationTokenTTL)
	w.tokens[value] = &token{value: value, installation: in.ID, expiresAt: exp}
	perms := map[string]string{}
	for k, v := range in.Permissions {
		perms[k] = v
	}
	c.json(http.StatusCreated, installationTokenJSON{Token: value, ExpiresAt: ts(exp), Permissions: perms, RepositorySelection: in.RepositorySelection})
}

// newTokenValue makes a GitHub-looking token: prefix plus 36 alphanumerics.
func newTokenValue(prefix string) (string, error) {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	b := make([]byte, 36)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("generating token: %w", err)
	}
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return prefix + string(b), nil
}
