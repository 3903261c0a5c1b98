package emulator

func init() { registerKind(actionsOIDCSubjectClaim.name, actionsOIDCSubjectClaimRoutes) }

// actionsOIDCSubjectClaim is the OIDC subject claim template of a repository (https://docs.github.com/rest/actions/oidc): GitHub's default
// (off) until someone sets it; a PUT changes the fields it sends and is
// answered 204.
var actionsOIDCSubjectClaim = &setting[actionsOIDCSubjectClaimValue]{
	name: "actionsoidcsubjectclaim", def: func() actionsOIDCSubjectClaimValue { return actionsOIDCSubjectClaimValue{} },
	render: renderActionsOIDCSubjectClaim, read: readActionsOIDCSubjectClaim, reply: replyNone,
}

// actionsOIDCSubjectClaimRoutes declares a repository's OIDC subject claim template, for its admins.
func actionsOIDCSubjectClaimRoutes(_ *Server, t *routeTable) {
	op := func(anchor string) repoOp {
		return repoOp{auth: authRequired, need: accessAdmin, doc: "https://docs.github.com/rest/actions/oidc#" + anchor}
	}
	actionsOIDCSubjectClaim.onRepo(t, settingMount[repoOp]{path: "/actions/oidc/customization/sub",
		get: op("get-OIDC-subject-claim-template"), put: op("set-OIDC-subject-claim-template")})
}

// actionsOIDCSubjectClaimValue is the OIDC subject claim template as the emulator keeps it.
type actionsOIDCSubjectClaimValue struct {
	Enabled bool
}

// actionsOIDCSubjectClaimJSON is GitHub's OIDC subject claim template object.
type actionsOIDCSubjectClaimJSON struct {
	Enabled bool `json:"enabled"`
}

func renderActionsOIDCSubjectClaim(_ *reqCtx, v *actionsOIDCSubjectClaimValue) any {
	return actionsOIDCSubjectClaimJSON{Enabled: v.Enabled}
}

// readActionsOIDCSubjectClaim reads a PUT body into v: enabled, kept as it was when
// left out. Where GitHub requires a field, c.notSupplied answers its 422.
func readActionsOIDCSubjectClaim(_ *reqCtx, _ *world, f *fields, v *actionsOIDCSubjectClaimValue) bool {
	enabled := f.boolean("enabled")
	if f.failed {
		return false
	}
	if enabled != nil {
		v.Enabled = *enabled
	}
	return true
}
