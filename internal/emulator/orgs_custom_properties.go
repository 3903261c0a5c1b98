package emulator

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
)

func init() { registerKind("custom-properties", customPropertyRoutes) }

const docOrgCustomProperties = "https://docs.github.com/rest/orgs/custom-properties"

// Custom property value types, as GitHub's description lists them.
const (
	propString       = "string"
	propSingleSelect = "single_select"
	propMultiSelect  = "multi_select"
	propTrueFalse    = "true_false"
	propURL          = "url"
)

// GitHub's limits on an organization's custom properties: 100 of them, a
// name of at most 75 of a-z, A-Z, 0-9, _, -, $ and #, at most 200 allowed
// values; values are printable ASCII without '"'.
const (
	mostCustomProperties = 100
	mostAllowedValues    = 200
)

var (
	customPropertyName = regexp.MustCompile(`^[A-Za-z0-9_$#-]{1,75}$`)
	// Printable ASCII (space to tilde) but '"'.
	customPropertyValue = regexp.MustCompile(`^[\x20\x21\x23-\x7e]*$`)
)

// customPropertiesOf is an organization's custom property schema, in the
// order the properties were defined.
var customPropertiesOf = orgKind[[]*customProperty]{name: "custom-properties"}

// customProperty is one property of an organization's schema.
type customProperty struct {
	Name      string
	ValueType string
	Required  bool
	// Default is the default value: one for a multi_select property's
	// list or the value of any other; nil for none.
	Default               []string
	Description           *string
	AllowedValues         []string // selects only; nil otherwise
	ValuesEditableBy      string
	RequireExplicitValues bool
}

// customPropertyJSON is GitHub's custom-property object.
type customPropertyJSON struct {
	PropertyName          string   `json:"property_name"`
	URL                   string   `json:"url"`
	SourceType            string   `json:"source_type"`
	ValueType             string   `json:"value_type"`
	Required              bool     `json:"required"`
	DefaultValue          any      `json:"default_value"`
	Description           *string  `json:"description"`
	AllowedValues         []string `json:"allowed_values"`
	ValuesEditableBy      string   `json:"values_editable_by"`
	RequireExplicitValues bool     `json:"require_explicit_values"`
}

func (c *reqCtx) renderCustomProperty(org *Account, p *customProperty) customPropertyJSON {
	return customPropertyJSON{
		PropertyName: p.Name, URL: c.apiBase + "/orgs/" + org.Login + "/properties/schema/" + p.Name,
		SourceType: "organization", ValueType: p.ValueType, Required: p.Required,
		DefaultValue: p.valueJSON(p.Default), Description: p.Description,
		AllowedValues: p.AllowedValues, ValuesEditableBy: p.ValuesEditableBy, RequireExplicitValues: p.RequireExplicitValues,
	}
}

// valueJSON is a value of the property as GitHub writes it: a list for a
// multi_select property, a string otherwise, null for none.
func (p *customProperty) valueJSON(v []string) any {
	switch {
	case v == nil:
		return nil
	case p.ValueType == propMultiSelect:
		return append([]string{}, v...)
	}
	return v[0]
}

// customPropertyRoutes declares an organization's custom property schema
// (its members read it, its owners change it) and the values of its
// repositories.
func customPropertyRoutes(_ *Server, t *routeTable) {
	op := func(need int, anchor string) orgOp {
		return orgOp{auth: authRequired, need: need, refused: "You must be an organization owner.", perm: "organization_custom_properties",
			write: need == accessAdmin, doc: docOrgCustomProperties + "#" + anchor}
	}
	t.org("GET", "/properties/schema", op(accessRead, "get-all-custom-properties-for-an-organization"), listCustomProperties)
	t.org("PATCH", "/properties/schema", op(accessAdmin, "create-or-update-custom-properties-for-an-organization"), putCustomProperties)
	t.org("GET", "/properties/schema/{custom_property_name}", op(accessRead, "get-a-custom-property-for-an-organization"), getCustomProperty)
	t.org("PUT", "/properties/schema/{custom_property_name}", op(accessAdmin, "create-or-update-a-custom-property-for-an-organization"), putCustomProperty)
	t.org("DELETE", "/properties/schema/{custom_property_name}", op(accessAdmin, "remove-a-custom-property-for-an-organization"), deleteCustomProperty)
	customPropertyValueRoutes(t)
}

// findCustomProperty is the organization's property of name, which GitHub
// finds without regard to case; nil when there is none.
func findCustomProperty(org *Account, name string) *customProperty {
	if props := customPropertiesOf.peek(org); props != nil {
		for _, p := range *props {
			if strings.EqualFold(p.Name, name) {
				return p
			}
		}
	}
	return nil
}

func listCustomProperties(c *reqCtx, _ *world, org *Account) {
	out := []customPropertyJSON{}
	if props := customPropertiesOf.peek(org); props != nil {
		for _, p := range *props {
			out = append(out, c.renderCustomProperty(org, p))
		}
	}
	c.json(http.StatusOK, out)
}

func getCustomProperty(c *reqCtx, _ *world, org *Account) {
	p := findCustomProperty(org, c.params["custom_property_name"])
	if p == nil {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return
	}
	c.json(http.StatusOK, c.renderCustomProperty(org, p))
}

// putCustomProperty creates the property of the path's name, or replaces
// the definition of the one that has it.
func putCustomProperty(c *reqCtx, w *world, org *Account) {
	m, ok := c.decode(true)
	if !ok {
		return
	}
	p, ok := readCustomProperty(c, m, c.params["custom_property_name"])
	if !ok {
		return
	}
	if !defineCustomProperties(c, w, org, []*customProperty{p}) {
		return
	}
	c.json(http.StatusOK, c.renderCustomProperty(org, findCustomProperty(org, p.Name)))
}

// putCustomProperties creates or replaces several properties at once: all
// of them, or none when one is refused.
func putCustomProperties(c *reqCtx, w *world, org *Account) {
	m, ok := c.decode(true)
	if !ok {
		return
	}
	raw, ok := m["properties"]
	if !ok {
		c.notSupplied("properties")
		return
	}
	var items []map[string]json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil || string(raw) == "null" {
		c.typeError("properties", raw, "array")
		return
	}
	if len(items) < 1 || len(items) > mostCustomProperties {
		c.invalid("Validation Failed", fieldError{Resource: "CustomProperty", Code: "invalid", Field: "properties", Message: fmt.Sprintf("properties must have between 1 and %d items", mostCustomProperties)})
		return
	}
	var props []*customProperty
	for _, it := range items {
		f := &fields{c: c, m: it}
		name := f.str("property_name")
		switch {
		case f.failed:
			return
		case name == nil:
			c.notSupplied("property_name")
			return
		}
		p, ok := readCustomProperty(c, it, *name)
		if !ok {
			return
		}
		props = append(props, p)
	}
	if !defineCustomProperties(c, w, org, props) {
		return
	}
	out := make([]customPropertyJSON, 0, len(props))
	for _, p := range props {
		out = append(out, c.renderCustomProperty(org, findCustomProperty(org, p.Name)))
	}
	c.json(http.StatusOK, out)
}

// defineCustomProperties creates or replaces the properties of props
// (names matched without regard to case; a replaced property keeps its
// name), within GitHub's limit of properties. The repositories then keep
// only the values the new definitions take, and those without a value of
// a required property get its default.
func defineCustomProperties(c *reqCtx, w *world, org *Account, props []*customProperty) bool {
	list := customPropertiesOf.of(org)
	added := 0
	for _, p := range props {
		if findCustomProperty(org, p.Name) == nil {
			added++
		}
	}
	if len(*list)+added > mostCustomProperties {
		propertyInvalid(c, "property_name", "An organization can have at most %d custom properties", mostCustomProperties)
		return false
	}
	for _, p := range props {
		if old := findCustomProperty(org, p.Name); old != nil {
			p.Name = old.Name
			*old = *p
			continue
		}
		*list = append(*list, p)
	}
	for _, r := range w.reposOf(org.Login) {
		for _, p := range props {
			if v, ok := r.CustomProperties[p.Name]; ok && p.refuses(&propertyValue{values: v, list: p.ValueType == propMultiSelect}) != "" {
				delete(r.CustomProperties, p.Name)
			}
		}
		w.defaultCustomProperties(r)
	}
	return true
}

// deleteCustomProperty removes the property and, with it, its value from
// every repository of the organization.
func deleteCustomProperty(c *reqCtx, w *world, org *Account) {
	p := findCustomProperty(org, c.params["custom_property_name"])
	if p == nil {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return
	}
	list := customPropertiesOf.of(org)
	*list = slices.DeleteFunc(*list, func(o *customProperty) bool { return o == p })
	for _, r := range w.reposOf(org.Login) {
		delete(r.CustomProperties, p.Name)
	}
	c.noContent()
}

// defaultCustomProperties gives r, a repository of an organization, the
// default value of every required property it has no value of: GitHub's
// repositories inherit it.
func (w *world) defaultCustomProperties(r *Repo) {
	org := w.account(r.Owner)
	if org == nil || !org.IsOrg() {
		return
	}
	props := customPropertiesOf.peek(org)
	if props == nil {
		return
	}
	for _, p := range *props {
		if _, ok := r.CustomProperties[p.Name]; ok || !p.Required || p.Default == nil {
			continue
		}
		if r.CustomProperties == nil {
			r.CustomProperties = map[string][]string{}
		}
		r.CustomProperties[p.Name] = append([]string(nil), p.Default...)
	}
}
