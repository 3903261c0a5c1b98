package emulator

import (
	"crypto/rand"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/golang-jwt/jwt/v4"
)

// maxJWTLifetime is how far in the future GitHub accepts an app JWT's exp.
const maxJWTLifetime = 10 * time.Minute

// jwtClockSkew is the leeway for iat in the future.
const jwtClockSkew = 60 * time.Second

// principalFor resolves a personal or installation token.
func (st *State) principalFor(cred string, now time.Time) (*principal, bool) {
	st.mu.RLock()
	defer st.mu.RUnlock()
	t, ok := st.w.tokens[cred]
	if !ok {
		return nil, false
	}
	if t.installation != 0 {
		in := st.w.installations[t.installation]
		if in == nil || !now.Before(t.expiresAt) {
			return nil, false
		}
		return &principal{installation: in}, true
	}
	u := st.w.account(t.login)
	if u == nil {
		return nil, false
	}
	return &principal{user: u}, true
}

// verifyAppJWT checks a GitHub App JWT (RS256, iss = app id, exp at most ten
// minutes ahead) and returns the app id, or GitHub's error message.
func (st *State) verifyAppJWT(raw string, now time.Time) (int64, string) {
	const undecodable = "A JSON web token could not be decoded"
	parser := jwt.NewParser(jwt.WithValidMethods([]string{"RS256"}), jwt.WithoutClaimsValidation())
	claims := jwt.MapClaims{}
	var appID int64
	_, err := parser.ParseWithClaims(raw, claims, func(t *jwt.Token) (any, error) {
		id, err := issuer(claims["iss"])
		if err != nil {
			return nil, err
		}
		st.mu.RLock()
		app := st.w.apps[id]
		st.mu.RUnlock()
		if app == nil {
			return nil, fmt.Errorf("unknown app %d", id)
		}
		appID = id
		return app.PublicKey, nil
	})
	if err != nil {
		return 0, undecodable
	}
	exp, ok := claims["exp"].(float64)
	if !ok {
		return 0, "'Expiration time' claim ('exp') must be a numeric value representing the future time at which the assertion expires"
	}
	expT := time.Unix(int64(exp), 0)
	if !now.Before(expT) {
		return 0, "'Expiration time' claim ('exp') must be a numeric value representing the future time at which the assertion expires"
	}
	if expT.After(now.Add(maxJWTLifetime + jwtClockSkew)) {
		return 0, "'Expiration time' claim ('exp') is too far in the future"
	}
	if iat, ok := claims["iat"].(float64); ok && time.Unix(int64(iat), 0).After(now.Add(jwtClockSkew)) {
		return 0, "'Issued at' claim ('iat') must be an Integer representing the time that the assertion was issued"
	}
	return appID, ""
}

func issuer(v any) (int64, error) {
	switch x := v.(type) {
	case float64:
		return int64(x), nil
	case string:
		n, err := strconv.ParseInt(x, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("iss %q is not an app id: %w", x, err)
		}
		return n, nil
	}
	return 0, fmt.Errorf("iss claim missing or of type %T", v)
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
