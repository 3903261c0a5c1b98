package transport

import (
	"fmt"
	"strings"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	"github.com/google/go-cmp/cmp"
)

func TestParseCredentials(t *testing.T) {
	key := testKeyPEM(t)
	// keyBody is the base64 of the key, the part that must never leak.
	keyBody := strings.Split(key, "\n")[1]
	jsonKey := strings.ReplaceAll(key, "\n", `\n`)

	type args struct {
		data string
	}
	type want struct {
		creds Credentials
		err   error
	}
	cases := map[string]struct {
		reason string
		// secret is a part of the input that must never appear in an error.
		secret string
		args   args
		want   want
	}{
		"BareTokenTrailingNewline": {
			reason: "A bare token, as `kubectl create secret --from-file` writes it, should lose its trailing newline.",
			args:   args{data: "ghp_bareToken123\n"},
			want:   want{creds: Credentials{Token: "ghp_bareToken123"}},
		},
		"BareTokenSurroundingSpace": {
			reason: "Space and line breaks around a bare token should be trimmed.",
			args:   args{data: "  \r\n\tghp_bareToken123 \r\n"},
			want:   want{creds: Credentials{Token: "ghp_bareToken123"}},
		},
		"JSONToken": {
			reason: "JSON with a token key should yield the token.",
			args:   args{data: `{"token": "ghp_jsonToken456"}` + "\n"},
			want:   want{creds: Credentials{Token: "ghp_jsonToken456"}},
		},
		"JSONTokenWithSpace": {
			reason: "A token inside JSON should be trimmed like a bare one.",
			args:   args{data: `{"token": " ghp_jsonToken456\n"}`},
			want:   want{creds: Credentials{Token: "ghp_jsonToken456"}},
		},
		"AppIDsAsStrings": {
			reason: "GitHub App credentials with ids written as JSON strings should parse.",
			args:   args{data: `{"appId": "12345", "installationId": " 678 ", "privateKey": "` + jsonKey + `"}`},
			want:   want{creds: Credentials{App: &AppCredentials{AppID: 12345, InstallationID: 678, PrivateKey: []byte(key)}}},
		},
		"AppIDsAsNumbers": {
			reason: "GitHub App credentials with ids written as JSON numbers should parse.",
			args:   args{data: `{"appId": 12345, "installationId": 678, "privateKey": "` + jsonKey + `"}`},
			want:   want{creds: Credentials{App: &AppCredentials{AppID: 12345, InstallationID: 678, PrivateKey: []byte(key)}}},
		},
		"Empty": {
			reason: "An empty value should be refused.",
			args:   args{data: ""},
			want:   want{err: errors.New("the credentials are empty: put a GitHub token, or JSON with a token or GitHub App keys, in the Secret key")},
		},
		"OnlyWhitespace": {
			reason: "A value of only whitespace is empty too.",
			args:   args{data: " \n\t\r\n"},
			want:   want{err: errors.New("the credentials are empty: put a GitHub token, or JSON with a token or GitHub App keys, in the Secret key")},
		},
		"TokenWithSpaces": {
			reason: "A bare value with inner spaces is not a token, and the error must not quote it.",
			secret: "ghp_half",
			args:   args{data: "ghp_half token"},
			want:   want{err: errors.New("the credentials are neither a single token nor JSON: a bare token must not contain spaces or line breaks")},
		},
		"TokenWithLineBreak": {
			reason: "Two lines are not one token, and the error must not quote them.",
			secret: "ghp_lineOne",
			args:   args{data: "ghp_lineOne\nghp_lineTwo\n"},
			want:   want{err: errors.New("the credentials are neither a single token nor JSON: a bare token must not contain spaces or line breaks")},
		},
		"TokenWithControlCharacter": {
			reason: "A bare token with a control character cannot be sent in a header; it should be refused now, not fail every request later.",
			secret: "ghp_control",
			args:   args{data: "ghp_control\x00Secret"},
			want:   want{err: errors.New("the credentials token contains control characters: a GitHub token is letters, digits and underscores")},
		},
		"JSONTokenWithLineBreak": {
			reason: "A token inside JSON is held to the rules of a bare one: no inner line break.",
			secret: "ghp_jsonLineOne",
			args:   args{data: `{"token": "ghp_jsonLineOne\nghp_jsonLineTwo"}`},
			want:   want{err: errors.New("the credentials JSON has a token with spaces, line breaks or control characters: a GitHub token is letters, digits and underscores")},
		},
		"JSONTokenBlank": {
			reason: "A token of spaces only is no token.",
			args:   args{data: `{"token": "   "}`},
			want:   want{err: errors.New("the credentials JSON has a token with spaces, line breaks or control characters: a GitHub token is letters, digits and underscores")},
		},
		"MalformedJSON": {
			reason: "Truncated JSON should be refused without quoting the token in it.",
			secret: "ghp_truncatedSecret",
			args:   args{data: `{"token": "ghp_truncatedSecret`},
			want:   want{err: errors.New(`the credentials look like JSON but cannot be parsed: expected {"token": "..."} or {"appId": "...", "installationId": "...", "privateKey": "..."} with no other keys`)},
		},
		"MalformedJSONKey": {
			reason: "JSON broken inside the private key should be refused without quoting the key.",
			secret: keyBody,
			args:   args{data: `{"appId": 1, "installationId": 2, "privateKey": "` + jsonKey + `" "x"}`},
			want:   want{err: errors.New(`the credentials look like JSON but cannot be parsed: expected {"token": "..."} or {"appId": "...", "installationId": "...", "privateKey": "..."} with no other keys`)},
		},
		"WrongJSONType": {
			reason: "A token that is not a JSON string should be refused without echoing it.",
			secret: "987654321987",
			args:   args{data: `{"token": 987654321987}`},
			want:   want{err: errors.New(`the credentials look like JSON but cannot be parsed: expected {"token": "..."} or {"appId": "...", "installationId": "...", "privateKey": "..."} with no other keys`)},
		},
		"UnknownKeys": {
			reason: "A misspelt key should be refused rather than silently ignored, without quoting the value.",
			secret: "ghp_unknownKeySecret",
			args:   args{data: `{"tokn": "ghp_unknownKeySecret"}`},
			want:   want{err: errors.New(`the credentials look like JSON but cannot be parsed: expected {"token": "..."} or {"appId": "...", "installationId": "...", "privateKey": "..."} with no other keys`)},
		},
		"UnknownKeyBesideToken": {
			reason: "An extra key next to a valid token should be refused.",
			secret: "ghp_besideSecret",
			args:   args{data: `{"token": "ghp_besideSecret", "owner": "demo-org"}`},
			want:   want{err: errors.New(`the credentials look like JSON but cannot be parsed: expected {"token": "..."} or {"appId": "...", "installationId": "...", "privateKey": "..."} with no other keys`)},
		},
		"SnakeCaseAppKeys": {
			reason: "app_id is not one of our keys and must be refused, without quoting the key material.",
			secret: keyBody,
			args:   args{data: `{"app_id": 1, "installation_id": 2, "private_key": "` + jsonKey + `"}`},
			want:   want{err: errors.New(`the credentials look like JSON but cannot be parsed: expected {"token": "..."} or {"appId": "...", "installationId": "...", "privateKey": "..."} with no other keys`)},
		},
		"TokenAndApp": {
			reason: "Setting both a token and App keys is ambiguous and must be refused without quoting either.",
			secret: "ghp_bothSecret",
			args:   args{data: `{"token": "ghp_bothSecret", "appId": 1, "installationId": 2, "privateKey": "` + jsonKey + `"}`},
			want:   want{err: errors.New("the credentials JSON sets both token and GitHub App keys: set only one")},
		},
		"TokenAndAppKeyOnly": {
			reason: "A private key next to a token is also ambiguous, and the key must not be quoted.",
			secret: keyBody,
			args:   args{data: `{"token": "ghp_x", "privateKey": "` + jsonKey + `"}`},
			want:   want{err: errors.New("the credentials JSON sets both token and GitHub App keys: set only one")},
		},
		"EmptyJSON": {
			reason: "An empty JSON object holds no credentials.",
			args:   args{data: `{}`},
			want:   want{err: errors.New("the credentials JSON has neither token nor appId/installationId/privateKey")},
		},
		"EmptyJSONToken": {
			reason: "An empty token holds no credentials.",
			args:   args{data: `{"token": ""}`},
			want:   want{err: errors.New("the credentials JSON has neither token nor appId/installationId/privateKey")},
		},
		"MissingAppID": {
			reason: "App credentials without appId should say which key is missing, without quoting the key.",
			secret: keyBody,
			args:   args{data: `{"installationId": 2, "privateKey": "` + jsonKey + `"}`},
			want:   want{err: errors.New("the credentials JSON has no appId: GitHub App credentials need appId, installationId and privateKey")},
		},
		"MissingInstallationID": {
			reason: "App credentials without installationId should say which key is missing, without quoting the key.",
			secret: keyBody,
			args:   args{data: `{"appId": "1", "privateKey": "` + jsonKey + `"}`},
			want:   want{err: errors.New("the credentials JSON has no installationId: GitHub App credentials need appId, installationId and privateKey")},
		},
		"MissingPrivateKey": {
			reason: "App credentials without privateKey should say so.",
			args:   args{data: `{"appId": "1", "installationId": "2"}`},
			want:   want{err: errors.New("the credentials JSON has no privateKey in PEM form (-----BEGIN ... PRIVATE KEY-----)")},
		},
		"NonNumericAppID": {
			reason: "An appId that is not a number should be refused without quoting it.",
			secret: "my-app-slug",
			args:   args{data: `{"appId": "my-app-slug", "installationId": 2, "privateKey": "` + jsonKey + `"}`},
			want:   want{err: errors.New("the credentials JSON has an invalid appId: it must be a positive number")},
		},
		"NegativeInstallationID": {
			reason: "A negative installationId should be refused.",
			args:   args{data: `{"appId": 1, "installationId": -2, "privateKey": "` + jsonKey + `"}`},
			want:   want{err: errors.New("the credentials JSON has an invalid installationId: it must be a positive number")},
		},
		"ZeroAppID": {
			reason: "Zero is not an App id.",
			args:   args{data: `{"appId": "0", "installationId": 2, "privateKey": "` + jsonKey + `"}`},
			want:   want{err: errors.New("the credentials JSON has an invalid appId: it must be a positive number")},
		},
		"FractionalAppID": {
			reason: "An App id is an integer.",
			args:   args{data: `{"appId": 1.5, "installationId": 2, "privateKey": "` + jsonKey + `"}`},
			want:   want{err: errors.New("the credentials JSON has an invalid appId: it must be a positive number")},
		},
		"NonPEMKey": {
			reason: "A private key that is not PEM should be refused without quoting it.",
			secret: "MIIEowIBAAKCAQEAsecretKeyMaterial",
			args:   args{data: `{"appId": 1, "installationId": 2, "privateKey": "MIIEowIBAAKCAQEAsecretKeyMaterial"}`},
			want:   want{err: errors.New("the credentials JSON has no privateKey in PEM form (-----BEGIN ... PRIVATE KEY-----)")},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got, err := ParseCredentials([]byte(tc.args.data))
			if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
				t.Errorf("\n%s\nParseCredentials(...): -want error, +got error:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.want.creds, got); diff != "" {
				t.Errorf("\n%s\nParseCredentials(...): -want, +got:\n%s", tc.reason, diff)
			}
			if err != nil && tc.secret != "" && strings.Contains(err.Error(), tc.secret) {
				t.Errorf("\n%s\nParseCredentials(...): error %q reveals the secret input", tc.reason, err)
			}
			if err != nil && tc.args.data != "" && strings.TrimSpace(tc.args.data) != "" && strings.Contains(err.Error(), strings.TrimSpace(tc.args.data)) {
				t.Errorf("\n%s\nParseCredentials(...): error %q quotes the input", tc.reason, err)
			}
		})
	}
}

func TestCredentialsNeverPrintSecrets(t *testing.T) {
	key := testKeyPEM(t)
	keyBody := strings.Split(key, "\n")[1]
	token := "ghp_printedTokenSecret42"

	type want struct {
		text string
	}
	cases := map[string]struct {
		reason string
		creds  Credentials
		secret string
		want   want
	}{
		"Token": {
			reason: "Token credentials should print as their kind only.",
			creds:  Credentials{Token: token},
			secret: token,
			want:   want{text: "GitHub token"},
		},
		"App": {
			reason: "App credentials should print their ids, never the private key.",
			creds:  Credentials{App: &AppCredentials{AppID: 12, InstallationID: 34, PrivateKey: []byte(key)}},
			secret: keyBody,
			want:   want{text: "GitHub App 12 installation 34"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want.text, tc.creds.String()); diff != "" {
				t.Errorf("\n%s\nString(): -want, +got:\n%s", tc.reason, diff)
			}
			c := tc.creds
			cfg := Config{Credentials: c, BaseURL: "https://ghe.example.com"}
			for _, f := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x"} {
				for what, v := range map[string]any{"Credentials": c, "*Credentials": &c, "Config": cfg, "*Config": &cfg, "[]Credentials": []Credentials{c}} {
					out := fmt.Sprintf(f, v)
					if strings.Contains(out, tc.secret) || (f == "%x" && strings.Contains(out, fmt.Sprintf("%x", tc.secret))) {
						t.Errorf("\n%s\nfmt.Sprintf(%q, %s) reveals the secret (output of %d bytes not shown)", tc.reason, f, what, len(out))
					}
				}
			}
			if c.App != nil {
				for _, f := range []string{"%v", "%+v", "%#v", "%s"} {
					for what, v := range map[string]any{"AppCredentials": *c.App, "*AppCredentials": c.App} {
						out := fmt.Sprintf(f, v)
						if strings.Contains(out, tc.secret) || strings.Contains(out, "45 45 45 45 45") {
							t.Errorf("\n%s\nfmt.Sprintf(%q, %s) reveals the private key (output of %d bytes not shown)", tc.reason, f, what, len(out))
						}
						if !strings.Contains(out, tc.want.text) {
							t.Errorf("\n%s\nfmt.Sprintf(%q, %s) = %q, want it to name %q", tc.reason, f, what, out, tc.want.text)
						}
					}
				}
			}
		})
	}
}
