package repository

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// PropertyValue reads a value of spec.forProvider.customProperties: a
// string, or a list of strings.
func PropertyValue(j apiextensionsv1.JSON) (*github.PropertyValue, error) {
	v := &github.PropertyValue{}
	if err := json.Unmarshal(j.Raw, v); err != nil {
		return nil, err
	}
	return v, nil
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

// PropertiesDrift lists, as spec fields (customProperties.NAME, sorted),
// the declared custom properties whose value on GitHub, got, differs;
// properties the spec does not name are not compared. A declared value
// that cannot be read counts as differing: the update says why.
func PropertiesDrift(want map[string]apiextensionsv1.JSON, got map[string]github.PropertyValue) []string {
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
func PropertiesRequest(want map[string]apiextensionsv1.JSON, got map[string]github.PropertyValue) ([]github.CustomPropertyValue, error) {
	var out []github.CustomPropertyValue
	for _, name := range sortedNames(want) {
		v, err := PropertyValue(want[name])
		if err != nil {
			return nil, errors.Wrapf(err, "spec.forProvider.customProperties.%s is neither a string nor a list of strings", name)
		}
		if g, ok := got[name]; ok && sameValue(*v, &g) {
			continue
		}
		out = append(out, github.CustomPropertyValue{PropertyName: name, Value: v})
	}
	return out, nil
}

// ObservedProperties are GitHub's values of a repository as
// status.atProvider.customProperties shows them; nil for none.
func ObservedProperties(got map[string]github.PropertyValue) map[string]apiextensionsv1.JSON {
	if len(got) == 0 {
		return nil
	}
	out := make(map[string]apiextensionsv1.JSON, len(got))
	for name, v := range got {
		raw, err := json.Marshal(v)
		if err != nil {
			// A value of neither shape has no JSON; GitHub sends none.
			continue
		}
		out[name] = apiextensionsv1.JSON{Raw: raw}
	}
	return out
}

// ExplainRefusal says, of the declared values want, which the
// organization's custom property schema does not take, and what it takes
// instead; "" when it finds nothing to say (GitHub's answer then says
// it). org is the organization's login.
func ExplainRefusal(want map[string]apiextensionsv1.JSON, schema []github.CustomProperty, org string) string {
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
	switch p.ValueType {
	case "multi_select":
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
