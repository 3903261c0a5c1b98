package emulator

func init() { registerKind(codeScanningDefaultSetup.name, codeScanningDefaultSetupRoutes) }

// codeScanningDefaultSetup is the code scanning default setup of a repository (https://docs.github.com/rest/code-scanning/code-scanning): GitHub's default
// (off) until someone sets it; a PUT changes the fields it sends and is
// answered 204.
var codeScanningDefaultSetup = &setting[codeScanningDefaultSetupValue]{
	name: "codescanningdefaultsetup", def: func() codeScanningDefaultSetupValue { return codeScanningDefaultSetupValue{} },
	render: renderCodeScanningDefaultSetup, read: readCodeScanningDefaultSetup, reply: replyNone,
}

// codeScanningDefaultSetupRoutes declares a repository's code scanning default setup, for its admins.
func codeScanningDefaultSetupRoutes(_ *Server, t *routeTable) {
	op := func(anchor string) repoOp {
		return repoOp{auth: authRequired, need: accessAdmin, doc: "https://docs.github.com/rest/code-scanning/code-scanning#" + anchor}
	}
	codeScanningDefaultSetup.onRepo(t, settingMount[repoOp]{path: "/code-scanning/default-setup",
		get: op("get-code-scanning-default-setup"), put: op("set-code-scanning-default-setup")})
}

// codeScanningDefaultSetupValue is the code scanning default setup as the emulator keeps it.
type codeScanningDefaultSetupValue struct {
	Enabled bool
}

// codeScanningDefaultSetupJSON is GitHub's code scanning default setup object.
type codeScanningDefaultSetupJSON struct {
	Enabled bool `json:"enabled"`
}

func renderCodeScanningDefaultSetup(_ *reqCtx, v *codeScanningDefaultSetupValue) any {
	return codeScanningDefaultSetupJSON{Enabled: v.Enabled}
}

// readCodeScanningDefaultSetup reads a PUT body into v: enabled, kept as it was when
// left out. Where GitHub requires a field, c.notSupplied answers its 422.
func readCodeScanningDefaultSetup(_ *reqCtx, _ *world, f *fields, v *codeScanningDefaultSetupValue) bool {
	enabled := f.boolean("enabled")
	if f.failed {
		return false
	}
	if enabled != nil {
		v.Enabled = *enabled
	}
	return true
}
