package emulator

import (
	"net/http"
	"strings"
	"time"
)

func init() { registerKind("variables", (*Server).variableRoutes) }

// variableStoresOf are a repository's Actions variables ("actions") and
// those of each deployment environment ("environment/<id>": an
// environment deleted and created again starts with none).
var variableStoresOf = subKind[map[string]*[]*variable]{name: "variable-stores"}

// Page sizes of the variable lists, as GitHub documents them.
const (
	defaultVariablesPerPage = 10
	maxVariablesPerPage     = 30
)

// variable is an Actions variable: not secret, so GitHub shows its value.
type variable struct {
	Name      string // upper case
	Value     string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// variableRoutes declares a repository's Actions variables and its
// environments'. They need write access to the repository (GitHub:
// collaborator access).
func (s *Server) variableRoutes(t *routeTable) {
	const doc = "https://docs.github.com/rest/actions/variables"
	op := func(anchor string, write bool) repoOp {
		return repoOp{auth: authRequired, need: accessWrite, write: write, doc: doc + "#" + anchor}
	}
	stores := []struct {
		prefix, what, a string
		store           func(c *reqCtx, r *Repo) (string, bool)
	}{
		{"/actions/variables", "repository", "a", fixedStore(storeActions)},
		{"/environments/{environment_name}/variables", "environment", "an", pathEnvironmentStore},
	}
	for _, st := range stores {
		h := variableHandlers{store: st.store, now: s.now}
		one := st.prefix + "/{name}"
		t.repo("GET", st.prefix, op("list-"+st.what+"-variables", false), h.list)
		t.repo("POST", st.prefix, op("create-"+st.a+"-"+st.what+"-variable", true), h.create)
		t.repo("GET", one, op("get-"+st.a+"-"+st.what+"-variable", false), h.get)
		t.repo("PATCH", one, op("update-"+st.a+"-"+st.what+"-variable", true), h.update)
		t.repo("DELETE", one, op("delete-"+st.a+"-"+st.what+"-variable", true), h.delete)
	}
}

// variableHandlers answer one kind of variable store.
type variableHandlers struct {
	store func(c *reqCtx, r *Repo) (string, bool)
	now   func() time.Time
}

// variableJSON is GitHub's Actions variable object.
type variableJSON struct {
	Name      string `json:"name"`
	Value     string `json:"value"`
	CreatedAt string `json:"created_at"`
	UpdatedAt string `json:"updated_at"`
}

func renderVariable(v *variable) variableJSON {
	return variableJSON{Name: v.Name, Value: v.Value, CreatedAt: ts(v.CreatedAt), UpdatedAt: ts(v.UpdatedAt)}
}

// variables is the store key of r; nil when it has none yet (create makes
// it).
func variables(r *Repo, key string, create bool) *[]*variable {
	stores := variableStoresOf.peek(r)
	if create {
		stores = variableStoresOf.of(r)
		if *stores == nil {
			*stores = map[string]*[]*variable{}
		}
		if (*stores)[key] == nil {
			(*stores)[key] = &[]*variable{}
		}
	}
	if stores == nil || *stores == nil {
		return nil
	}
	return (*stores)[key]
}

// variableByName finds a variable; GitHub compares names without regard
// to case.
func variableByName(all *[]*variable, name string) *variable {
	if all == nil {
		return nil
	}
	for _, v := range *all {
		if strings.EqualFold(v.Name, name) {
			return v
		}
	}
	return nil
}

func (h variableHandlers) list(c *reqCtx, _ *world, r *Repo) {
	key, ok := h.store(c, r)
	if !ok {
		return
	}
	var all []*variable
	if vs := variables(r, key, false); vs != nil {
		all = *vs
	}
	start, end := c.paginateBy(len(all), defaultVariablesPerPage, maxVariablesPerPage)
	items := make([]variableJSON, 0, end-start)
	for _, v := range all[start:end] {
		items = append(items, renderVariable(v))
	}
	c.json(http.StatusOK, map[string]any{"total_count": len(all), "variables": items})
}

// pathVariable is the variable of the path, answering 404 when there is
// none.
func (h variableHandlers) pathVariable(c *reqCtx, r *Repo) (*[]*variable, *variable) {
	key, ok := h.store(c, r)
	if !ok {
		return nil, nil
	}
	all := variables(r, key, false)
	v := variableByName(all, c.params["name"])
	if v == nil {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
	}
	return all, v
}

func (h variableHandlers) get(c *reqCtx, _ *world, r *Repo) {
	if _, v := h.pathVariable(c, r); v != nil {
		c.json(http.StatusOK, renderVariable(v))
	}
}

// checkVariable answers 422 for a name or value GitHub refuses.
func checkVariable(c *reqCtx, name, value string) bool {
	if msg := nameProblem(name, "Variable"); msg != "" {
		c.invalid(msg)
		return false
	}
	if len(value) > maxVariableValue {
		c.invalid(msgVariableTooLong)
		return false
	}
	return true
}

// create adds a variable (201, with an empty object); a name the store
// has already is a 409.
func (h variableHandlers) create(c *reqCtx, _ *world, r *Repo) {
	key, ok := h.store(c, r)
	if !ok {
		return
	}
	m, ok := c.decode(true)
	if !ok {
		return
	}
	f := &fields{c: c, m: m}
	name, value := f.str("name"), f.str("value")
	if f.failed {
		return
	}
	if name == nil || value == nil {
		c.notSupplied("name", "value")
		return
	}
	if !checkVariable(c, *name, *value) {
		return
	}
	all := variables(r, key, true)
	if variableByName(all, *name) != nil {
		c.fail(http.StatusConflict, msgVariableExists, c.doc)
		return
	}
	now := h.now()
	*all = append(*all, &variable{Name: strings.ToUpper(*name), Value: *value, CreatedAt: now, UpdatedAt: now})
	c.json(http.StatusCreated, map[string]any{})
}

// update changes a variable's value, and its name when given (204).
func (h variableHandlers) update(c *reqCtx, _ *world, r *Repo) {
	all, v := h.pathVariable(c, r)
	if v == nil {
		return
	}
	m, ok := c.decode(true)
	if !ok {
		return
	}
	f := &fields{c: c, m: m}
	name, value := f.str("name"), f.str("value")
	if f.failed {
		return
	}
	newName, newValue := v.Name, v.Value
	if name != nil {
		newName = strings.ToUpper(*name)
	}
	if value != nil {
		newValue = *value
	}
	if !checkVariable(c, newName, newValue) {
		return
	}
	if other := variableByName(all, newName); other != nil && other != v {
		c.fail(http.StatusConflict, msgVariableExists, c.doc)
		return
	}
	v.Name, v.Value, v.UpdatedAt = newName, newValue, h.now()
	c.noContent()
}

func (h variableHandlers) delete(c *reqCtx, _ *world, r *Repo) {
	all, v := h.pathVariable(c, r)
	if v == nil {
		return
	}
	for i, x := range *all {
		if x == v {
			*all = append((*all)[:i:i], (*all)[i+1:]...)
			break
		}
	}
	c.noContent()
}
