package emulator

func init() { registerKind(actionsPermissions.name, actionsPermissionsRoutes) }

// actionsPermissions is the Actions permissions of a repository (https://docs.github.com/rest/actions/permissions): GitHub's default
// (off) until someone sets it; a PUT changes the fields it sends and is
// answered 204.
var actionsPermissions = &setting[actionsPermissionsValue]{
	name: "actionspermissions", def: func() actionsPermissionsValue { return actionsPermissionsValue{} },
	render: renderActionsPermissions, read: readActionsPermissions, reply: replyNone,
}

// actionsPermissionsRoutes declares a repository's Actions permissions, for its admins.
func actionsPermissionsRoutes(_ *Server, t *routeTable) {
	op := func(anchor string) repoOp {
		return repoOp{auth: authRequired, need: accessAdmin, doc: "https://docs.github.com/rest/actions/permissions#" + anchor}
	}
	actionsPermissions.onRepo(t, settingMount[repoOp]{path: "/actions/permissions",
		get: op("get-Actions-permissions"), put: op("set-Actions-permissions")})
}

// actionsPermissionsValue is the Actions permissions as the emulator keeps it.
type actionsPermissionsValue struct {
	Enabled bool
}

// actionsPermissionsJSON is GitHub's Actions permissions object.
type actionsPermissionsJSON struct {
	Enabled bool `json:"enabled"`
}

func renderActionsPermissions(_ *reqCtx, v *actionsPermissionsValue) any {
	return actionsPermissionsJSON{Enabled: v.Enabled}
}

// readActionsPermissions reads a PUT body into v: enabled, kept as it was when
// left out. Where GitHub requires a field, c.notSupplied answers its 422.
func readActionsPermissions(_ *reqCtx, _ *world, f *fields, v *actionsPermissionsValue) bool {
	enabled := f.boolean("enabled")
	if f.failed {
		return false
	}
	if enabled != nil {
		v.Enabled = *enabled
	}
	return true
}
