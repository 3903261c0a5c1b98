package emulator

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

const docRepoCustomProperties = "https://docs.github.com/rest/repos/custom-properties"

// propertyValue is a custom property value as a request writes it: a
// string, or a list of strings (list).
type propertyValue struct {
	values []string
	list   bool
}

// readPropertyValue reads the optional field name, a string or a list of
// strings; nil for null or absent. It answers GitHub's 422 and reports
// false for anything else.
func readPropertyValue(f *fields, name string) (*propertyValue, bool) {
	raw, ok := f.raw(name)
	if f.failed {
		return nil, false
	}
	if !ok || string(raw) == "null" {
		return nil, true
	}
	return decodePropertyValue(f.c, name, raw)
}

func decodePropertyValue(c *reqCtx, name string, raw json.RawMessage) (*propertyValue, bool) {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return &propertyValue{values: []string{s}}, true
	}
	var l []string
	if err := json.Unmarshal(raw, &l); err == nil {
		return &propertyValue{values: l, list: true}, true
	}
	c.typeError(name, raw, "string or array of strings")
	return nil, false
}

// refuses says why the property does not take v ("" when it does), as the
// end of a sentence naming the value.
func (p *customProperty) refuses(v *propertyValue) string {
	if p.ValueType == propMultiSelect {
		for _, s := range v.values {
			if !slices.Contains(p.AllowedValues, s) {
				return fmt.Sprintf("%q is not one of the allowed values of %s: %s", s, p.Name, strings.Join(p.AllowedValues, ", "))
			}
		}
		return ""
	}
	if v.list {
		return fmt.Sprintf("of %s must be a string, not a list: only multi_select properties take several values", p.Name)
	}
	s := v.values[0]
	switch {
	case !customPropertyValue.MatchString(s):
		return fmt.Sprintf("%q of %s must be printable ASCII characters other than '\"'", s, p.Name)
	case p.ValueType == propSingleSelect && !slices.Contains(p.AllowedValues, s):
		return fmt.Sprintf("%q is not one of the allowed values of %s: %s", s, p.Name, strings.Join(p.AllowedValues, ", "))
	case p.ValueType == propTrueFalse && s != "true" && s != "false":
		return fmt.Sprintf("%q of %s must be true or false", s, p.Name)
	case p.ValueType == propURL && !isWebURL(s):
		return fmt.Sprintf("%q of %s must be an http or https URL", s, p.Name)
	}
	return ""
}

func isWebURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// customPropertyValueJSON is GitHub's custom-property-value object.
type customPropertyValueJSON struct {
	PropertyName string `json:"property_name"`
	Value        any    `json:"value"`
}

// customPropertyValueRoutes declares the values of a repository's custom
// properties: those with read access read them, admins set them.
func customPropertyValueRoutes(t *routeTable) {
	t.repo("GET", "/properties/values", repoOp{auth: authOptional, need: accessRead,
		doc: docRepoCustomProperties + "#get-all-custom-property-values-for-a-repository"}, getCustomPropertyValues)
	t.repo("PATCH", "/properties/values", repoOp{auth: authRequired, need: accessAdmin, write: true,
		doc: docRepoCustomProperties + "#create-or-update-custom-property-values-for-a-repository"}, patchCustomPropertyValues)
}

// customPropertyValues are r's values as GitHub lists them: one entry per
// property of the schema that has a value, in the schema's order.
func (w *world) customPropertyValues(r *Repo) []customPropertyValueJSON {
	out := []customPropertyValueJSON{}
	org := w.account(r.Owner)
	if org == nil || !org.IsOrg() {
		return out
	}
	if props := customPropertiesOf.peek(org); props != nil {
		for _, p := range *props {
			if v, ok := r.CustomProperties[p.Name]; ok {
				out = append(out, customPropertyValueJSON{PropertyName: p.Name, Value: p.valueJSON(v)})
			}
		}
	}
	return out
}

// customPropertiesJSON is the custom_properties object of a repository:
// each value by its property's name.
func (w *world) customPropertiesJSON(r *Repo) map[string]any {
	out := map[string]any{}
	for _, v := range w.customPropertyValues(r) {
		out[v.PropertyName] = v.Value
	}
	return out
}

func getCustomPropertyValues(c *reqCtx, w *world, r *Repo) {
	c.json(http.StatusOK, w.customPropertyValues(r))
}

// patchCustomPropertyValues sets or (with null) unsets the values the body
// names: all of them, or none when one is refused. A required property's
// value unset is its default again.
func patchCustomPropertyValues(c *reqCtx, w *world, r *Repo) {
	m, ok := c.decode(true)
	if !ok {
		return
	}
	set, ok := readCustomPropertyValues(c, w, r, m)
	if !ok {
		return
	}
	w.setCustomPropertyValues(r, set)
	c.noContent()
}

// valueInvalid answers GitHub's 422 about a repository's property value.
func valueInvalid(c *reqCtx, format string, args ...any) {
	c.invalid("Validation Failed", fieldError{Resource: "CustomPropertyValue", Code: "invalid", Field: "properties", Message: fmt.Sprintf(format, args...)})
}

// readCustomPropertyValues reads a values body ({"properties": [{
// "property_name", "value"}]}) for r and checks each value against its
// organization's schema: the values by property name, nil to unset. It
// answers and reports false when refused.
func readCustomPropertyValues(c *reqCtx, w *world, r *Repo, m map[string]json.RawMessage) (map[string][]string, bool) {
	raw, ok := m["properties"]
	if !ok {
		c.notSupplied("properties")
		return nil, false
	}
	var items []map[string]json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil || string(raw) == "null" {
		c.typeError("properties", raw, "array")
		return nil, false
	}
	var named []namedValue
	for _, it := range items {
		if missing := required(it, "property_name", "value"); len(missing) > 0 {
			c.notSupplied(missing...)
			return nil, false
		}
		var name string
		if err := json.Unmarshal(it["property_name"], &name); err != nil {
			c.typeError("property_name", it["property_name"], "string")
			return nil, false
		}
		named = append(named, namedValue{name: name, raw: it["value"]})
	}
	return checkCustomPropertyValues(c, w.account(r.Owner), named)
}

// namedValue is a property's name and its value as a request writes it.
type namedValue struct {
	name string
	raw  json.RawMessage
}

// checkCustomPropertyValues checks values for a repository of owner
// against the organization's schema: the values by property name, nil to
// unset. It answers and reports false when one is refused.
func checkCustomPropertyValues(c *reqCtx, owner *Account, values []namedValue) (map[string][]string, bool) {
	if owner == nil || !owner.IsOrg() {
		valueInvalid(c, "Custom properties are only available for repositories owned by organizations")
		return nil, false
	}
	set := map[string][]string{}
	for _, nv := range values {
		var v *propertyValue
		if string(nv.raw) != "null" {
			var ok bool
			if v, ok = decodePropertyValue(c, "value", nv.raw); !ok {
				return nil, false
			}
		}
		p := findCustomProperty(owner, nv.name)
		if p == nil {
			valueInvalid(c, "Property %s is not defined for the organization %s", nv.name, owner.Login)
			return nil, false
		}
		if v == nil || (v.list && len(v.values) == 0) {
			set[p.Name] = nil
			continue
		}
		if msg := p.refuses(v); msg != "" {
			valueInvalid(c, "Value %s", msg)
			return nil, false
		}
		set[p.Name] = slices.Clone(v.values)
	}
	return set, true
}

// setCustomPropertyValues applies checked values to r (nil unsets), then
// the defaults of required properties it has no value of.
func (w *world) setCustomPropertyValues(r *Repo, set map[string][]string) {
	for name, v := range set {
		if v == nil {
			delete(r.CustomProperties, name)
			continue
		}
		if r.CustomProperties == nil {
			r.CustomProperties = map[string][]string{}
		}
		r.CustomProperties[name] = v
	}
	w.defaultCustomProperties(r)
}

// readNewRepoCustomProperties reads the custom_properties object of a
// repository create body ({"name": value}) for a repository of owner: the
// values checked against the organization's schema (no key for a value
// left unset). It answers and reports false when refused.
func readNewRepoCustomProperties(c *reqCtx, owner *Account, raw json.RawMessage) (map[string][]string, bool) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		c.typeError("custom_properties", raw, "object")
		return nil, false
	}
	named := make([]namedValue, 0, len(obj))
	for name, v := range obj {
		named = append(named, namedValue{name: name, raw: v})
	}
	slices.SortFunc(named, func(a, b namedValue) int { return strings.Compare(a.name, b.name) })
	set, ok := checkCustomPropertyValues(c, owner, named)
	if !ok {
		return nil, false
	}
	for name, v := range set {
		if v == nil {
			delete(set, name)
		}
	}
	return set, true
}

// explicitPropertiesMissing is the first property of owner's schema that
// asks for a value whenever a repository is created
// (require_explicit_values) and that props, a new repository's values,
// lacks; "" when none is missing.
func explicitPropertiesMissing(owner *Account, props map[string][]string) string {
	list := customPropertiesOf.peek(owner)
	if list == nil {
		return ""
	}
	for _, p := range *list {
		if _, ok := props[p.Name]; p.RequireExplicitValues && !ok {
			return p.Name
		}
	}
	return ""
}
