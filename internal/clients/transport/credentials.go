package transport

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
)

// Credentials authenticate to GitHub: either a token (personal access token,
// fine-grained token or OAuth token) or a GitHub App installation.
// Their String form never shows the secret.
type Credentials struct {
	// Token is a bare GitHub token. Empty for GitHub App credentials.
	Token string
	// App holds GitHub App installation credentials. Nil for a token.
	App *AppCredentials
}

// AppCredentials identify a GitHub App installation and hold the App's
// private key.
type AppCredentials struct {
	AppID          int64
	InstallationID int64
	PrivateKey     []byte
}

// String describes the kind of credentials without revealing them.
func (c Credentials) String() string {
	if c.App != nil {
		return c.App.String()
	}
	return "GitHub token"
}

// String names the App installation without revealing the private key.
func (a AppCredentials) String() string {
	return "GitHub App " + strconv.FormatInt(a.AppID, 10) + " installation " + strconv.FormatInt(a.InstallationID, 10)
}

// GoString keeps %#v from printing the private key.
func (a AppCredentials) GoString() string { return a.String() }

// GoString keeps %#v from printing the secret.
func (c Credentials) GoString() string { return c.String() }

// flexibleID accepts an id written as a JSON number or a JSON string.
type flexibleID string

func (f *flexibleID) UnmarshalJSON(b []byte) error {
	s := strings.TrimSpace(string(b))
	if strings.HasPrefix(s, `"`) {
		var v string
		if err := json.Unmarshal(b, &v); err != nil {
			return err
		}
		s = v
	}
	*f = flexibleID(strings.TrimSpace(s))
	return nil
}

type credentialsJSON struct {
	Token          string     `json:"token"`
	AppID          flexibleID `json:"appId"`
	InstallationID flexibleID `json:"installationId"`
	PrivateKey     string     `json:"privateKey"`
}

// ParseCredentials reads the value of a credentials Secret key. It accepts a
// bare token, JSON {"token": "..."}, or JSON {"appId": "...",
// "installationId": "...", "privateKey": "-----BEGIN ..."}. Errors say what
// is wrong with the value without ever quoting it.
func ParseCredentials(data []byte) (Credentials, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return Credentials{}, errors.New("the credentials are empty: put a GitHub token, or JSON with a token or GitHub App keys, in the Secret key")
	}
	if trimmed[0] != '{' {
		if bytes.ContainsAny(trimmed, " \t\r\n") {
			return Credentials{}, errors.New("the credentials are neither a single token nor JSON: a bare token must not contain spaces or line breaks")
		}
		if !isTokenText(string(trimmed)) {
			return Credentials{}, errors.New("the credentials token contains control characters: a GitHub token is letters, digits and underscores")
		}
		return Credentials{Token: string(trimmed)}, nil
	}

	var c credentialsJSON
	dec := json.NewDecoder(bytes.NewReader(trimmed))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		// json errors can quote the input; name the problem, not the content.
		return Credentials{}, errors.New("the credentials look like JSON but cannot be parsed: expected {\"token\": \"...\"} or {\"appId\": \"...\", \"installationId\": \"...\", \"privateKey\": \"...\"} with no other keys")
	}

	isApp := c.AppID != "" || c.InstallationID != "" || c.PrivateKey != ""
	switch {
	case c.Token != "" && isApp:
		return Credentials{}, errors.New("the credentials JSON sets both token and GitHub App keys: set only one")
	case c.Token != "":
		token := strings.TrimSpace(c.Token)
		if !isTokenText(token) {
			return Credentials{}, errors.New("the credentials JSON has a token with spaces, line breaks or control characters: a GitHub token is letters, digits and underscores")
		}
		return Credentials{Token: token}, nil
	case !isApp:
		return Credentials{}, errors.New("the credentials JSON has neither token nor appId/installationId/privateKey")
	}

	appID, err := parseID("appId", c.AppID)
	if err != nil {
		return Credentials{}, err
	}
	installationID, err := parseID("installationId", c.InstallationID)
	if err != nil {
		return Credentials{}, err
	}
	if !strings.Contains(c.PrivateKey, "-----BEGIN") {
		return Credentials{}, errors.New("the credentials JSON has no privateKey in PEM form (-----BEGIN ... PRIVATE KEY-----)")
	}
	return Credentials{App: &AppCredentials{AppID: appID, InstallationID: installationID, PrivateKey: []byte(c.PrivateKey)}}, nil
}

// isTokenText reports whether t can be a token: one word without white space
// or control characters, which no GitHub token has and which an HTTP header
// cannot carry (the request would fail later, with a less helpful error).
func isTokenText(t string) bool {
	for i := 0; i < len(t); i++ {
		if b := t[i]; b <= ' ' || b == 0x7f {
			return false
		}
	}
	return t != ""
}

func parseID(field string, v flexibleID) (int64, error) {
	if v == "" {
		return 0, errors.Errorf("the credentials JSON has no %s: GitHub App credentials need appId, installationId and privateKey", field)
	}
	id, err := strconv.ParseInt(string(v), 10, 64)
	if err != nil || id <= 0 {
		return 0, errors.Errorf("the credentials JSON has an invalid %s: it must be a positive number", field)
	}
	return id, nil
}
