package repository

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// PropertyValue is a declared custom property value as GitHub writes it:
// the value, or the list of values. One that sets neither (the API server
// refuses it) is an error.
func PropertyValue(v common.CustomPropertyValue) (*github.PropertyValue, error) {
	switch {
	case v.Values != nil:
		return github.ListValue(slices.Clone(v.Values)), nil
	case v.Value != nil:
		return github.StringValue(*v.Value), nil
	}
	return nil, errors.New("neither value nor values is set")
}

// sameValue tells whether GitHub's value got is the declared one: the
// same values, in any order (a multi_select property's are a set). A
// string declared for a property GitHub answers with a list of one is
// that list.
func sameValue(want github.PropertyValue, got *github.PropertyValue) bool {
	if got == nil {
		return false
	}
	a, b := slices.Clone(want.Values), slices.Clone(got.Values)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(slices.Compact(a), slices.Compact(b))
}

// sortedNames are the keys of m, sorted.
func sortedNames[V any](m map[string]V) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// CreateProperties are the declared values as an organization's
// repository create sends them (custom_properties); nil for none.
func CreateProperties(want map[string]common.CustomPropertyValue) (map[string]*github.PropertyValue, error) {
	if len(want) == 0 {
		return nil, nil
	}
	out := make(map[string]*github.PropertyValue, len(want))
	for _, name := range sortedNames(want) {
		v, err := PropertyValue(want[name])
		if err != nil {
			return nil, errors.Wrapf(err, "spec.forProvider.customProperties.%s", name)
		}
		out[name] = v
	}
	return out, nil
}

// PropertiesDrift lists, as spec fields (customProperties.NAME, sorted),
// the declared custom properties whose value on GitHub, got, differs;
// properties the spec does not name are not compared. A declared value
// that cannot be read counts as differing: the update says why.
func PropertiesDrift(want map[string]common.CustomPropertyValue, got map[string]github.PropertyValue) []string {
	var d []string
	for _, name := range sortedNames(want) {
		v, err := PropertyValue(want[name])
		if g, ok := got[name]; err != nil || !ok || !sameValue(*v, &g) {
			d = append(d, "customProperties."+name)
		}
	}
	return d
}

// PropertiesRequest is the values to write so that GitHub's, got, are
// the declared ones: those that differ; nil when none do.
func PropertiesRequest(want map[string]common.CustomPropertyValue, got map[string]github.PropertyValue) ([]github.CustomPropertyValue, error) {
	var out []github.CustomPropertyValue
	for _, name := range sortedNames(want) {
		v, err := PropertyValue(want[name])
		if err != nil {
			return nil, errors.Wrapf(err, "spec.forProvider.customProperties.%s", name)
		}
		if g, ok := got[name]; ok && sameValue(*v, &g) {
			continue
		}
		out = append(out, github.CustomPropertyValue{PropertyName: name, Value: v})
	}
	return out, nil
}

// ObservedProperties are GitHub's values of a repository as
// status.atProvider.customProperties shows them: a list as values, any
// other as value; nil for none.
func ObservedProperties(got map[string]github.PropertyValue) map[string]common.ObservedCustomPropertyValue {
	spec := ImportedProperties(got)
	if spec == nil {
		return nil
	}
	out := make(map[string]common.ObservedCustomPropertyValue, len(spec))
	for name, v := range spec {
		out[name] = common.ObservedCustomPropertyValue(v)
	}
	return out
}

// ImportedProperties are GitHub's values of a repository as
// spec.forProvider.customProperties declares them; nil for none.
func ImportedProperties(got map[string]github.PropertyValue) map[string]common.CustomPropertyValue {
	out := make(map[string]common.CustomPropertyValue, len(got))
	for name, v := range got {
		switch {
		case v.List && len(v.Values) > 0:
			out[name] = common.CustomPropertyValue{Values: append([]string{}, v.Values...)}
		case !v.List && len(v.Values) == 1:
			s := v.Values[0]
			out[name] = common.CustomPropertyValue{Value: &s}
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// ExplainRefusal says, of the declared values want, which the
// organization's custom property schema does not take, and what it takes
// instead; "" when it finds nothing to say (GitHub's answer then says
// it). org is the organization's login.
func ExplainRefusal(want map[string]common.CustomPropertyValue, schema []github.CustomProperty, org string) string {
	var defined []string
	for _, p := range schema {
		defined = append(defined, p.PropertyName)
	}
	var out []string
	for _, name := range sortedNames(want) {
		i := slices.IndexFunc(schema, func(p github.CustomProperty) bool { return strings.EqualFold(p.PropertyName, name) })
		if i < 0 {
			out = append(out, fmt.Sprintf("organization %s has no custom property %q (define it with a CustomProperty; it has: %s)", org, name, orNone(defined)))
			continue
		}
		v, err := PropertyValue(want[name])
		if err != nil {
			continue
		}
		if msg := refusedValue(schema[i], *v); msg != "" {
			out = append(out, fmt.Sprintf("custom property %q %s", name, msg))
		}
	}
	return strings.Join(out, "; ")
}

// refusedValue says why the property p does not take v, or "".
func refusedValue(p github.CustomProperty, v github.PropertyValue) string {
	if p.ValueType == "multi_select" {
		for _, s := range v.Values {
			if !slices.Contains(p.AllowedValues, s) {
				return fmt.Sprintf("does not allow %q: it takes any of %s", s, strings.Join(p.AllowedValues, ", "))
			}
		}
		return ""
	}
	if v.List {
		return fmt.Sprintf("is a %s property: its value is one string, not a list", p.ValueType)
	}
	switch s := v.Values[0]; {
	case p.ValueType == "single_select" && !slices.Contains(p.AllowedValues, s):
		return fmt.Sprintf("does not allow %q: it takes one of %s", s, strings.Join(p.AllowedValues, ", "))
	case p.ValueType == "true_false" && s != "true" && s != "false":
		return fmt.Sprintf("is a true_false property: its value is \"true\" or \"false\", not %q", s)
	}
	return ""
}

func orNone(l []string) string {
	if len(l) == 0 {
		return "none"
	}
	return strings.Join(l, ", ")
}
