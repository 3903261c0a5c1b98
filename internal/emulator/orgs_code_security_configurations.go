package emulator

import (
	"time"
)

func init() { registerKind(codeSecurityConfigurations.name, codeSecurityConfigurationRoutes) }

// codeSecurityConfigurations are an organization's configurations (https://docs.github.com/rest/code-security/configurations), in the order they were
// made. GitHub assigns each an id; names are unique in the
// organization,
// and answers a name in use with 422 already_exists.
var codeSecurityConfigurations = &collection[codeSecurityConfiguration]{
	name: "codesecurityconfigurations", key: byID(4700001, func(it *codeSecurityConfiguration) *int64 { return &it.ID }),
	clash: func(a, b *codeSecurityConfiguration) bool { return a.Name == b.Name },
	pages: githubPages, render: renderCodeSecurityConfiguration, create: readCodeSecurityConfiguration, created: replyItem,
	update: &updating[codeSecurityConfiguration]{method: "PATCH", read: readCodeSecurityConfiguration, reply: replyItem, bodyFirst: true},
	taken: func(c *reqCtx) {
		c.invalid("Validation Failed", fieldError{Resource: "CodeSecurityConfiguration", Code: "already_exists", Field: "name"})
	},
	stamps: func(it *codeSecurityConfiguration) (*time.Time, *time.Time) { return &it.CreatedAt, nil },
}

// codeSecurityConfigurationRoutes declares an organization's configurations: its members read
// them, its owners change them.
func codeSecurityConfigurationRoutes(_ *Server, t *routeTable) {
	op := func(need int, anchor string) orgOp {
		return orgOp{auth: authRequired, need: need, refused: "You must be an organization owner.", doc: "https://docs.github.com/rest/code-security/configurations#" + anchor}
	}
	codeSecurityConfigurations.onOrg(t, orgMount{path: "/code-security/configurations", param: "configuration_id",
		list: op(accessRead, "list-configurations"), create: op(accessAdmin, "create-a-configuration"),
		get: op(accessRead, "get-a-configuration"), update: op(accessAdmin, "update-a-configuration"), remove: op(accessAdmin, "delete-a-configuration")})
}

// codeSecurityConfiguration is a configuration as the emulator keeps it.
type codeSecurityConfiguration struct {
	ID          int64
	Name        string
	Description *string
	CreatedAt   time.Time
}

// codeSecurityConfigurationJSON is GitHub's configuration object.
type codeSecurityConfigurationJSON struct {
	ID          int64   `json:"id"`
	URL         string  `json:"url"`
	Name        string  `json:"name"`
	Description *string `json:"description"`
	CreatedAt   string  `json:"created_at"`
}

func renderCodeSecurityConfiguration(_ *reqCtx, url string, it *codeSecurityConfiguration) any {
	return codeSecurityConfigurationJSON{ID: it.ID, URL: url, Name: it.Name, Description: it.Description, CreatedAt: ts(it.CreatedAt)}
}

// readCodeSecurityConfiguration reads a create or update body into it: a name (required
// to create) and a description.
func readCodeSecurityConfiguration(c *reqCtx, _ *world, f *fields, it *codeSecurityConfiguration) bool {
	name, description := f.str("name"), f.str("description")
	switch {
	case f.failed:
		return false
	case name == nil && it.Name == "":
		c.notSupplied("name")
		return false
	}
	if name != nil {
		it.Name = *name
	}
	if description != nil {
		it.Description = description
	}
	return true
}
