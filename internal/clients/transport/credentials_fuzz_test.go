package transport

import (
	"bytes"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"strings"
	"testing"
)

// credentialProbes reach every refusal of ParseCredentials and NewClient
// once; their error texts are the vocabulary a refusal may use, so that a
// fuzzed secret that happens to be one of its words is not taken for a leak.
var credentialProbes = []string{
	"", "two words", "a\x00b", "{", `{"token":"x","appId":1}`, `{}`, `{"token":"a b"}`, `{"appId":1}`, `{"appId":"x"}`,
	`{"appId":1,"installationId":1}`, `{"appId":1,"installationId":"-1"}`, `{"appId":1,"installationId":1,"privateKey":"x"}`,
	`{"appId":1,"installationId":1,"privateKey":"-----BEGIN x"}`,
}

// credentialVocabulary is what the probes' refusals say.
func credentialVocabulary() string {
	var b strings.Builder
	for _, p := range credentialProbes {
		if err := credentialError([]byte(p)); err != nil {
			b.WriteString(err.Error())
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// credentialError parses data as a credentials Secret would be, then builds
// a client from it as Connect does, and returns the first refusal.
func credentialError(data []byte) error {
	c, err := ParseCredentials(data)
	if err != nil {
		return err
	}
	_, err = NewClient(Config{Credentials: c}, Options{})
	return err
}

// secretFragments are the parts of a credentials value that must never be
// quoted: its words of at least eight bytes, split at JSON punctuation and
// white space, and the string values of its JSON, whole and split.
func secretFragments(data []byte) []string {
	var out []string
	addWords := func(s string) {
		for _, w := range strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune("\"{}[]:,\\ \t\r\n", r) }) {
			if len(w) >= 8 {
				out = append(out, w)
			}
		}
	}
	addWords(string(data))
	var m map[string]any
	if json.Unmarshal(data, &m) == nil {
		for _, v := range m {
			if s, ok := v.(string); ok {
				if len(s) >= 8 {
					out = append(out, s)
				}
				addWords(s)
			}
		}
	}
	return out
}

// validHeaderValue reports whether v may be sent as an HTTP header value:
// no control character but the tab.
func validHeaderValue(v string) bool {
	for i := 0; i < len(v); i++ {
		if b := v[i]; (b < ' ' && b != '\t') || b == 0x7f {
			return false
		}
	}
	return true
}

// FuzzParseCredentials feeds any bytes to ParseCredentials, and what it
// accepts to NewClient. A refusal must be a plain sentence that quotes none
// of the input's secret material; an acceptance must be a token that can
// be sent as a header or App credentials with positive ids and a PEM key.
func FuzzParseCredentials(f *testing.F) {
	key := testKeyPEM(f)
	jsonKey := func(k string) string { b, _ := json.Marshal(k); return string(b) }
	der, err := x509.MarshalPKCS8PrivateKey(testKey(f, 0))
	if err != nil {
		f.Fatalf("marshalling key: %v", err)
	}
	pkcs8 := string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}))
	lines := strings.Split(key, "\n")
	seeds := append([]string{
		"ghp_bareToken123\n",
		`{"token":"ghp_jsonToken456"}`,
		`{"token":"ghp_json Token456"}`,
		`{"token":"ghp_jsonToken456\u0000"}`,
		"ghp_bare\x7fToken",
		"\xef\xbb\xbfghp_bomToken123",
		"\xff\xfe\x00g\x00h\x00p",
		`{"appId":12345,"installationId":678,"privateKey":` + jsonKey(key) + `}`,
		`{"appId":"12345","installationId":"678","privateKey":` + jsonKey(pkcs8) + `}`,
		`{"appId":1,"installationId":2,"privateKey":` + jsonKey(strings.Join(lines[:len(lines)/2], "\n")) + `}`,
		`{"appId":1,"installationId":2,"privateKey":` + jsonKey(strings.Replace(key, lines[1], "!!!!"+lines[1][4:], 1)) + `}`,
		`{"appId":1,"installationId":2,"privateKey":` + jsonKey(publicPEM(f, testKey(f, 0))) + `}`,
		`{"appId":1,"installationId":2,"privateKey":"-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----"}`,
		`{"appId":99999999999999999999,"installationId":2,"privateKey":"-----BEGIN"}`,
		`{"appId":1.5,"installationId":null,"privateKey":["x"]}`,
		`{"token":"ghp_a","token":"ghp_b"}`,
		`{"token":{"token":"ghp_nested"}}`,
		`[` + `"ghp_inArray"` + `]`,
		key,
	}, credentialProbes...)
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	vocabulary := credentialVocabulary()

	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := ParseCredentials(data)
		if err == nil {
			checkAccepted(t, c)
			_, err = NewClient(Config{Credentials: c}, Options{})
		} else if c.Token != "" || c.App != nil {
			t.Fatalf("ParseCredentials(...) refused the value but returned %v", c)
		}
		if err == nil {
			return
		}
		msg := err.Error()
		if msg == "" || strings.ContainsAny(msg, "\r\n") {
			t.Fatalf("error %q is not one plain sentence", msg)
		}
		for _, s := range secretFragments(data) {
			if strings.Contains(msg, s) && !strings.Contains(vocabulary, s) {
				t.Fatalf("error quotes %d bytes of the credentials (at %d of the value of %d bytes)", len(s), bytes.Index(data, []byte(s)), len(data))
			}
		}
	})
}

// checkAccepted holds accepted credentials to what GitHub can take.
func checkAccepted(t *testing.T, c Credentials) {
	t.Helper()
	switch {
	case (c.Token == "") == (c.App == nil):
		t.Fatalf("ParseCredentials(...) = %s, want exactly one of a token and App credentials", c)
	case c.App == nil && (strings.TrimSpace(c.Token) != c.Token || !validHeaderValue("Bearer "+c.Token)):
		t.Fatalf("ParseCredentials(...) accepted a token of %d bytes that cannot be sent in an Authorization header", len(c.Token))
	case c.App != nil && (c.App.AppID <= 0 || c.App.InstallationID <= 0 || !strings.Contains(string(c.App.PrivateKey), "-----BEGIN")):
		t.Fatalf("ParseCredentials(...) = %s with a private key of %d bytes, want positive ids and a PEM key", fmt.Sprint(c), len(c.App.PrivateKey))
	}
}
