package emulator

import (
	"encoding/json"
	"fmt"
	"slices"
)

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
