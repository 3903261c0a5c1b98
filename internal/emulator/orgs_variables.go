package emulator

import (
	"net/http"
	"strings"
	"time"
)

func init() { registerKind(orgVariables.name, orgVariableRoutes) }

// orgVariables are an organization's Actions variables, each shared with
// all, the private or selected repositories of the organization. As a
// repository's, GitHub finds and takes their names without regard to
// case, keeps them upper case, pages its lists by 10 (at most 30) and
// answers a name in use with 409.
var orgVariables = &collection[orgVariable]{
	name: "org-variables", key: byName(true, func(v *orgVariable) *string { return &v.Name }),
	pages:  pageSize{def: 10, most: 30},
	listed: func(total int, page []any) any { return map[string]any{"total_count": total, "variables": page} },
	render: renderOrgVariable, create: readNewOrgVariable, created: replyEmpty,
	update: &updating[orgVariable]{method: "PATCH", read: readOrgVariableChange, reply: replyNone, bodyFirst: true},
	taken:  func(c *reqCtx) { c.fail(http.StatusConflict, msgVariableExists, c.doc) },
	stamps: func(v *orgVariable) (*time.Time, *time.Time) { return &v.CreatedAt, &v.UpdatedAt },
}

// orgVariableRoutes declares an organization's Actions variables and the
// repositories each is shared with, for its owners (and an App's
// installation with the permission).
func orgVariableRoutes(_ *Server, t *routeTable) {
	op := func(write bool) func(anchor string) orgOp {
		return func(anchor string) orgOp {
			return orgOp{auth: authRequired, need: accessAdmin, refused: "You must be an organization owner.", perm: "organization_actions_variables",
				write: write, doc: "https://docs.github.com/rest/actions/variables#" + anchor}
		}
	}
	read, write := op(false), op(true)
	orgVariables.onOrg(t, orgMount{path: "/actions/variables", param: "name",
		list: read("list-organization-variables"), create: write("create-an-organization-variable"),
		get: read("get-an-organization-variable"), update: write("update-an-organization-variable"), remove: write("delete-an-organization-variable")})
	mountSharing(t, "/actions/variables/{name}", sharingHandlers{find: findOrgVariable}, read, write, "variable")
}

// findOrgVariable is the path's variable's repositories; nil, having
// answered 404, when there is no such variable.
func findOrgVariable(c *reqCtx, org *Account) *sharing {
	if sh := orgVariables.orgShelf().peek(org); sh != nil {
		for _, v := range *sh {
			if strings.EqualFold(v.Name, c.params["name"]) {
				return &v.sharing
			}
		}
	}
	c.fail(http.StatusNotFound, "Not Found", c.doc)
	return nil
}

// orgVariable is an organization's Actions variable.
type orgVariable struct {
	variable
	sharing
}

// orgVariableJSON is GitHub's organization Actions variable object.
type orgVariableJSON struct {
	variableJSON
	Visibility              string `json:"visibility"`
	SelectedRepositoriesURL string `json:"selected_repositories_url,omitempty"`
}

func renderOrgVariable(c *reqCtx, url string, v *orgVariable) any {
	j := orgVariableJSON{variableJSON: renderVariable(c, url, &v.variable).(variableJSON), Visibility: v.Visibility}
	if v.Visibility == "selected" {
		j.SelectedRepositoriesURL = url + "/repositories"
	}
	return j
}

// readNewOrgVariable reads a new variable: a name, a value, a visibility
// and, when selected, its repositories.
func readNewOrgVariable(c *reqCtx, w *world, f *fields, v *orgVariable) bool {
	return readNewVariable(c, w, f, &v.variable) && readSharing(c, w, f, c.params["org"], &v.sharing, true)
}

// readOrgVariableChange changes what the body names.
func readOrgVariableChange(c *reqCtx, w *world, f *fields, v *orgVariable) bool {
	return readVariableChange(c, w, f, &v.variable) && readSharing(c, w, f, c.params["org"], &v.sharing, false)
}
