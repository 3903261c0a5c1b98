package emulator

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
)

func init() { registerKind(actionsOIDCSubjectClaim.name, actionsOIDCSubjectClaimRoutes) }

// docActionsOIDC is GitHub's page of the OIDC endpoints.
const docActionsOIDC = "https://docs.github.com/rest/actions/oidc"

// actionsOIDCSubjectClaim is the customization template of the subject
// (sub) claim of the OIDC tokens a repository's workflows get: GitHub's
// default subject ({"use_default": true}) until someone sets it. A PUT
// must send use_default; with use_default true GitHub ignores
// include_claim_keys and the repository uses GitHub's default again, with
// false the keys sent become the template (none: the organization's
// template applies). GitHub answers a PUT 201 with an empty object.
var actionsOIDCSubjectClaim = &setting[actionsOIDCSubjectClaimValue]{
	name: "actionsoidcsubjectclaim", def: func() actionsOIDCSubjectClaimValue { return actionsOIDCSubjectClaimValue{UseDefault: true} },
	render: renderActionsOIDCSubjectClaim, read: readActionsOIDCSubjectClaim, reply: replyEmpty,
}

// actionsOIDCSubjectClaimRoutes declares a repository's OIDC subject claim
// template, for its admins.
func actionsOIDCSubjectClaimRoutes(_ *Server, t *routeTable) {
	op := func(anchor string) repoOp {
		return repoOp{auth: authRequired, need: accessAdmin, doc: docActionsOIDC + "#" + anchor}
	}
	actionsOIDCSubjectClaim.onRepo(t, settingMount[repoOp]{path: "/actions/oidc/customization/sub",
		get: op("get-the-customization-template-for-an-oidc-subject-claim-for-a-repository"),
		put: op("set-the-customization-template-for-an-oidc-subject-claim-for-a-repository")})
}

// actionsOIDCSubjectClaimValue is the template as the emulator keeps it.
type actionsOIDCSubjectClaimValue struct {
	UseDefault bool
	// Keys are the claim keys of the template, in order; nil with
	// UseDefault.
	Keys []string
	// Immutable is use_immutable_subject, nil until a PUT sent it.
	Immutable *bool
}

// actionsOIDCSubjectClaimJSON is GitHub's oidc-custom-sub-repo object.
type actionsOIDCSubjectClaimJSON struct {
	UseDefault       bool     `json:"use_default"`
	IncludeClaimKeys []string `json:"include_claim_keys,omitempty"`
	Immutable        *bool    `json:"use_immutable_subject,omitempty"`
}

func renderActionsOIDCSubjectClaim(_ *reqCtx, v *actionsOIDCSubjectClaimValue) any {
	return actionsOIDCSubjectClaimJSON{UseDefault: v.UseDefault, IncludeClaimKeys: v.Keys, Immutable: v.Immutable}
}

// claimKey is what GitHub allows in a claim key: letters, digits and
// underscores.
var claimKey = regexp.MustCompile(`^[A-Za-z0-9_]+$`)

// readActionsOIDCSubjectClaim reads a PUT body into v. use_default is
// required (GitHub's 422 names it); with it true the keys are ignored and
// the template is GitHub's default again. With it false each key must be
// made of letters, digits and underscores and appear once, else GitHub
// answers 422 and nothing changes.
func readActionsOIDCSubjectClaim(c *reqCtx, _ *world, f *fields, v *actionsOIDCSubjectClaimValue) bool {
	if missing := required(f.m, "use_default"); len(missing) > 0 {
		c.notSupplied(missing...)
		return false
	}
	if raw, _ := f.raw("use_default"); string(raw) == "null" {
		f.wrong("use_default", json.RawMessage("nil"), "boolean")
		return false
	}
	useDefault := f.boolean("use_default")
	keys, _ := f.strings("include_claim_keys")
	immutable := f.boolean("use_immutable_subject")
	if f.failed {
		return false
	}
	if immutable != nil {
		v.Immutable = immutable
	}
	if *useDefault {
		v.UseDefault, v.Keys = true, nil
		return true
	}
	seen := map[string]bool{}
	for _, k := range keys {
		switch {
		case !claimKey.MatchString(k):
			claimKeysRefused(c, fmt.Sprintf("Invalid claim key %q: a claim key can only contain alphanumeric characters and underscores", k))
			return false
		case seen[k]:
			claimKeysRefused(c, fmt.Sprintf("Duplicate claim key %q: each claim key can only be included once", k))
			return false
		}
		seen[k] = true
	}
	v.UseDefault, v.Keys = false, nil
	if len(keys) > 0 {
		v.Keys = append([]string(nil), keys...)
	}
	return true
}

// claimKeysRefused answers the 422 of claim keys GitHub does not take, as
// its description words it: a message and the errors as sentences.
func claimKeysRefused(c *reqCtx, why string) {
	c.json(http.StatusUnprocessableEntity, struct {
		Message          string   `json:"message"`
		Errors           []string `json:"errors"`
		DocumentationURL string   `json:"documentation_url"`
		Status           string   `json:"status"`
	}{Message: "Validation Failed", Errors: []string{why}, DocumentationURL: c.doc, Status: "422"})
}
