// Package customproperty maps CustomProperty resources to an
// organization's custom properties on GitHub and back: the request, the
// observation and drift.
package customproperty

import (
	"slices"
	"strings"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Value types GitHub's custom properties have.
const (
	TypeMultiSelect = "multi_select"
)

// SameName tells whether two names are the same property's: GitHub finds
// them without regard to case.
func SameName(a, b string) bool { return strings.EqualFold(a, b) }

// Request is the definition that creates or replaces the declared
// property: what the spec sets.
func Request(p *common.CustomPropertyParameters) *github.CustomPropertyRequest {
	r := &github.CustomPropertyRequest{
		ValueType: p.ValueType, Required: p.Required, Description: p.Description,
		AllowedValues: p.AllowedValues, ValuesEditableBy: p.ValuesEditableBy, RequireExplicitValues: p.RequireExplicitValues,
	}
	switch {
	case p.DefaultValues != nil:
		r.DefaultValue = github.ListValue(p.DefaultValues)
	case p.DefaultValue != nil:
		r.DefaultValue = github.StringValue(*p.DefaultValue)
	}
	return r
}

// defaults are the default of got: a multi_select property's list, or
// the value of any other.
func defaults(got *github.CustomProperty) (value *string, values []string) {
	d := got.DefaultValue
	switch {
	case d == nil:
		return nil, nil
	case d.List || got.ValueType == TypeMultiSelect:
		return nil, append([]string{}, d.Values...)
	case len(d.Values) == 1:
		return ptr.To(d.Values[0]), nil
	}
	return nil, nil
}

// Observation is the status.atProvider of GitHub's property got in the
// organization org (its login).
func Observation(org string, got *github.CustomProperty) common.CustomPropertyObservation {
	o := common.CustomPropertyObservation{
		Organization: ptr.To(org), Name: ptr.To(got.PropertyName), ValueType: ptr.To(got.ValueType),
		Required: ptr.To(got.Required), Description: got.Description, ValuesEditableBy: got.ValuesEditableBy,
		RequireExplicitValues: ptr.To(got.RequireExplicitValues),
	}
	if got.SourceType != "" {
		o.SourceType = ptr.To(got.SourceType)
	}
	if got.AllowedValues != nil {
		o.AllowedValues = append([]string{}, got.AllowedValues...)
	}
	o.DefaultValue, o.DefaultValues = defaults(got)
	return o
}

// Drift lists, by spec field, where GitHub's property differs from the
// declared one. A field left unset is not compared; allowed values are
// compared in order (GitHub offers them in it), a multi_select default as
// a set.
func Drift(p *common.CustomPropertyParameters, got *github.CustomProperty) []string {
	var d []string
	if got.ValueType != p.ValueType {
		d = append(d, "valueType")
	}
	if p.Required != nil && *p.Required != got.Required {
		d = append(d, "required")
	}
	value, values := defaults(got)
	if p.DefaultValue != nil && ptr.Deref(value, "") != *p.DefaultValue {
		d = append(d, "defaultValue")
	}
	if p.DefaultValues != nil && !sameSet(p.DefaultValues, values) {
		d = append(d, "defaultValues")
	}
	if p.Description != nil && ptr.Deref(got.Description, "") != *p.Description {
		d = append(d, "description")
	}
	if p.AllowedValues != nil && !slices.Equal(p.AllowedValues, got.AllowedValues) {
		d = append(d, "allowedValues")
	}
	if p.ValuesEditableBy != nil && ptr.Deref(got.ValuesEditableBy, "") != *p.ValuesEditableBy {
		d = append(d, "valuesEditableBy")
	}
	if p.RequireExplicitValues != nil && *p.RequireExplicitValues != got.RequireExplicitValues {
		d = append(d, "requireExplicitValues")
	}
	return d
}

// sameSet tells whether a and b hold the same values, in any order.
func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(slices.Compact(a), slices.Compact(b))
}

// Imported is the spec of a CustomProperty resource for GitHub's property
// got, as it is (its organization is the importer's to name): every field
// GitHub reports that is not what a new property gets (not required, no
// default, no description, editable by org_actors, no explicit values
// asked for). Drift finds nothing in it.
func Imported(got *github.CustomProperty) common.CustomPropertyParameters {
	p := common.CustomPropertyParameters{Name: got.PropertyName, ValueType: got.ValueType}
	if got.Required {
		p.Required = ptr.To(true)
	}
	p.DefaultValue, p.DefaultValues = defaults(got)
	if d := ptr.Deref(got.Description, ""); d != "" {
		p.Description = ptr.To(d)
	}
	if len(got.AllowedValues) > 0 {
		p.AllowedValues = append([]string{}, got.AllowedValues...)
	}
	if e := ptr.Deref(got.ValuesEditableBy, ""); e != "" && e != "org_actors" {
		p.ValuesEditableBy = ptr.To(e)
	}
	if got.RequireExplicitValues {
		p.RequireExplicitValues = ptr.To(true)
	}
	return p
}
