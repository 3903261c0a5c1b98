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

// propertyInvalid answers GitHub's 422 about a property definition's field.
func propertyInvalid(c *reqCtx, field, format string, args ...any) {
	c.invalid("Validation Failed", fieldError{Resource: "CustomProperty", Code: "invalid", Field: field, Message: fmt.Sprintf(format, args...)})
}

// readCustomProperty reads a property definition of name from a body and
// checks it as GitHub does; it answers and reports false when refused.
func readCustomProperty(c *reqCtx, m map[string]json.RawMessage, name string) (*customProperty, bool) {
	f := &fields{c: c, m: m}
	valueType := f.str("value_type")
	required := f.boolean("required")
	description, _ := f.nullable("description")
	editable, _ := f.nullable("values_editable_by")
	explicit := f.boolean("require_explicit_values")
	var allowed []string
	if raw, ok := f.raw("allowed_values"); ok && string(raw) != "null" {
		allowed, _ = f.strings("allowed_values")
	}
	def, defOK := readPropertyValue(f, "default_value")
	switch {
	case f.failed || !defOK:
		return nil, false
	case valueType == nil:
		c.notSupplied("value_type")
		return nil, false
	case !customPropertyName.MatchString(name):
		propertyInvalid(c, "property_name", "Property name %q may only contain a-z, A-Z, 0-9, _, -, $ and # and be at most 75 characters long", name)
		return nil, false
	}
	p := &customProperty{Name: name, ValueType: *valueType, Required: required != nil && *required, Description: description,
		ValuesEditableBy: "org_actors", RequireExplicitValues: explicit != nil && *explicit}
	if editable != nil {
		if *editable != "org_actors" && *editable != "org_and_repo_actors" {
			propertyInvalid(c, "values_editable_by", "%s", enumError("values_editable_by", *editable, "org_actors", "org_and_repo_actors"))
			return nil, false
		}
		p.ValuesEditableBy = *editable
	}
	switch p.ValueType {
	case propString, propURL, propTrueFalse:
		if allowed != nil {
			propertyInvalid(c, "allowed_values", "allowed_values can only be set for single_select and multi_select properties, not %s", p.ValueType)
			return nil, false
		}
	case propSingleSelect, propMultiSelect:
		if ok := checkAllowedValues(c, allowed); !ok {
			return nil, false
		}
		p.AllowedValues = allowed
	default:
		propertyInvalid(c, "value_type", "%s", enumError("value_type", p.ValueType, propString, propSingleSelect, propMultiSelect, propTrueFalse, propURL))
		return nil, false
	}
	if def != nil && (!def.list || len(def.values) > 0) {
		if msg := p.refuses(def); msg != "" {
			propertyInvalid(c, "default_value", "Default value %s", msg)
			return nil, false
		}
		p.Default = def.values
	}
	if p.Required && p.Default == nil {
		propertyInvalid(c, "default_value", "A default value is required for a required property")
		return nil, false
	}
	return p, true
}

// checkAllowedValues checks a select property's allowed values; it answers
// and reports false when refused.
func checkAllowedValues(c *reqCtx, allowed []string) bool {
	switch {
	case len(allowed) == 0:
		propertyInvalid(c, "allowed_values", "allowed_values must list at least one value for single_select and multi_select properties")
		return false
	case len(allowed) > mostAllowedValues:
		propertyInvalid(c, "allowed_values", "allowed_values can have at most %d values, not %d", mostAllowedValues, len(allowed))
		return false
	}
	for i, v := range allowed {
		switch {
		case v == "" || !customPropertyValue.MatchString(v):
			propertyInvalid(c, "allowed_values", "Allowed value %q must be printable ASCII characters other than '\"', and not empty", v)
			return false
		case slices.Contains(allowed[:i], v):
			propertyInvalid(c, "allowed_values", "Allowed value %q is listed twice", v)
			return false
		}
	}
	return true
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
