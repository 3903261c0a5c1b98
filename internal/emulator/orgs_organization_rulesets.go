package emulator

import (
	"time"
)

func init() { registerKind(organizationRulesets.name, organizationRulesetRoutes) }

// organizationRulesets are an organization's organization rulesets (https://docs.github.com/rest/orgs/rules), in the order they were
// made. GitHub assigns each an id; names are unique in the
// organization,
// and answers a name in use with 422 already_exists.
var organizationRulesets = &collection[organizationRuleset]{
	name: "organizationrulesets", key: byID(4700001, func(it *organizationRuleset) *int64 { return &it.ID }),
	clash: func(a, b *organizationRuleset) bool { return a.Name == b.Name },
	pages: githubPages, render: renderOrganizationRuleset, create: readOrganizationRuleset, created: replyItem,
	update: &updating[organizationRuleset]{method: "PATCH", read: readOrganizationRuleset, reply: replyItem, bodyFirst: true},
	taken: func(c *reqCtx) {
		c.invalid("Validation Failed", fieldError{Resource: "OrganizationRuleset", Code: "already_exists", Field: "name"})
	},
	stamps: func(it *organizationRuleset) (*time.Time, *time.Time) { return &it.CreatedAt, nil },
}

// organizationRulesetRoutes declares an organization's organization rulesets: its members read
// them, its owners change them.
func organizationRulesetRoutes(_ *Server, t *routeTable) {
	op := func(need int, anchor string) orgOp {
		return orgOp{auth: authRequired, need: need, refused: "You must be an organization owner.", doc: "https://docs.github.com/rest/orgs/rules#" + anchor}
	}
	organizationRulesets.onOrg(t, orgMount{path: "/rulesets", param: "organization_ruleset_id",
		list: op(accessRead, "list-organization rulesets"), create: op(accessAdmin, "create-a-organization ruleset"),
		get: op(accessRead, "get-a-organization ruleset"), update: op(accessAdmin, "update-a-organization ruleset"), remove: op(accessAdmin, "delete-a-organization ruleset")})
}

// organizationRuleset is a organization ruleset as the emulator keeps it.
type organizationRuleset struct {
	ID          int64
	Name        string
	Description *string
	CreatedAt   time.Time
}

// organizationRulesetJSON is GitHub's organization ruleset object.
type organizationRulesetJSON struct {
	ID          int64   `json:"id"`
	URL         string  `json:"url"`
	Name        string  `json:"name"`
	Description *string `json:"description"`
	CreatedAt   string  `json:"created_at"`
}

func renderOrganizationRuleset(_ *reqCtx, url string, it *organizationRuleset) any {
	return organizationRulesetJSON{ID: it.ID, URL: url, Name: it.Name, Description: it.Description, CreatedAt: ts(it.CreatedAt)}
}

// readOrganizationRuleset reads a create or update body into it: a name (required
// to create) and a description.
func readOrganizationRuleset(c *reqCtx, _ *world, f *fields, it *organizationRuleset) bool {
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
