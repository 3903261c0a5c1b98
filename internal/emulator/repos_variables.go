package emulator

import (
	"net/http"
	"strings"
	"time"
)

func init() { registerKind(variables.name, variableRoutes) }

// variables are a repository's Actions variables and those of each of its
// deployment environments ("environment/<id>": an environment deleted and
// created again starts with none). GitHub finds and takes their names
// without regard to case, keeps them upper case, pages its lists by 10 (at
// most 30) and answers a name in use with 409.
var variables = &collection[variable]{
	name: "variables", key: byName(true, func(v *variable) *string { return &v.Name }),
	pages:  pageSize{def: 10, most: 30},
	listed: func(total int, page []any) any { return map[string]any{"total_count": total, "variables": page} },
	render: renderVariable, create: readNewVariable, created: replyEmpty,
	update: &updating[variable]{method: "PATCH", read: readVariableChange, reply: replyNone},
	taken:  func(c *reqCtx) { c.fail(http.StatusConflict, msgVariableExists, c.doc) },
	stamps: func(v *variable) (*time.Time, *time.Time) { return &v.CreatedAt, &v.UpdatedAt },
}

// variableRoutes declares a repository's Actions variables and its
// environments'. They need write access to the repository (GitHub:
// collaborator access).
func variableRoutes(_ *Server, t *routeTable) {
	const doc = "https://docs.github.com/rest/actions/variables"
	for _, at := range []struct {
		path, what, a string
		within        func(*reqCtx, *Repo) (string, bool)
	}{
		{"/actions/variables", "repository", "a", fixedStore(storeActions)},
		{"/environments/{environment_name}/variables", "environment", "an", pathEnvironmentStore},
	} {
		op := func(anchor string) repoOp {
			return repoOp{auth: authRequired, need: accessWrite, doc: doc + "#" + anchor}
		}
		one := func(verb string) repoOp { return op(verb + "-" + at.a + "-" + at.what + "-variable") }
		variables.onRepo(t, repoMount{path: at.path, param: "name", within: at.within, list: op("list-" + at.what + "-variables"),
			create: one("create"), get: one("get"), update: one("update"), remove: one("delete")})
	}
}

// variable is an Actions variable: not secret, so GitHub shows its value.
type variable struct {
	Name      string // upper case
	Value     string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// variableJSON is GitHub's Actions variable object.
type variableJSON struct {
	Name      string `json:"name"`
	Value     string `json:"value"`
	CreatedAt string `json:"created_at"`
	UpdatedAt string `json:"updated_at"`
}

func renderVariable(_ *reqCtx, _ string, v *variable) any {
	return variableJSON{Name: v.Name, Value: v.Value, CreatedAt: ts(v.CreatedAt), UpdatedAt: ts(v.UpdatedAt)}
}

// readNewVariable reads a new variable: a name and a value.
func readNewVariable(c *reqCtx, _ *world, f *fields, v *variable) bool {
	name, value := f.str("name"), f.str("value")
	switch {
	case f.failed:
		return false
	case name == nil || value == nil:
		c.notSupplied("name", "value")
		return false
	}
	v.Name, v.Value = strings.ToUpper(*name), *value
	return checkVariable(c, v)
}

// readVariableChange changes a variable's value, and its name when given.
func readVariableChange(c *reqCtx, _ *world, f *fields, v *variable) bool {
	name, value := f.str("name"), f.str("value")
	if f.failed {
		return false
	}
	if name != nil {
		v.Name = strings.ToUpper(*name)
	}
	if value != nil {
		v.Value = *value
	}
	return checkVariable(c, v)
}

// checkVariable answers 422 for a name or value GitHub refuses.
func checkVariable(c *reqCtx, v *variable) bool {
	if msg := nameProblem(v.Name, "Variable"); msg != "" {
		c.invalid(msg)
		return false
	}
	if len(v.Value) > maxVariableValue {
		c.invalid(msgVariableTooLong)
		return false
	}
	return true
}
