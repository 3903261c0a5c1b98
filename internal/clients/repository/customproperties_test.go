package repository

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func value(v string) common.CustomPropertyValue { return common.CustomPropertyValue{Value: ptr.To(v)} }

func values(v ...string) common.CustomPropertyValue { return common.CustomPropertyValue{Values: v} }

func TestPropertiesDriftAndRequest(t *testing.T) {
	got := map[string]github.PropertyValue{
		"environment": *github.StringValue("production"),
		"tags":        *github.ListValue([]string{"pci", "sox"}),
		"team":        *github.StringValue("payments"),
	}
	cases := map[string]struct {
		reason  string
		want    map[string]common.CustomPropertyValue
		drift   []string
		request []github.CustomPropertyValue
	}{
		"Nothing": {
			reason: "A spec that names no property manages none.",
		},
		"Same": {
			reason: "Values as declared, a list in another order, are no drift.",
			want:   map[string]common.CustomPropertyValue{"environment": value("production"), "tags": values("sox", "pci")},
		},
		"OthersLeftAlone": {
			reason:  "Only the named properties are compared and written.",
			want:    map[string]common.CustomPropertyValue{"environment": value("staging")},
			drift:   []string{"customProperties.environment"},
			request: []github.CustomPropertyValue{{PropertyName: "environment", Value: github.StringValue("staging")}},
		},
		"MissingAndChanged": {
			reason:  "A value GitHub lacks and a list that differs are written, sorted by name.",
			want:    map[string]common.CustomPropertyValue{"tags": values("gdpr"), "flag": value("true")},
			drift:   []string{"customProperties.flag", "customProperties.tags"},
			request: []github.CustomPropertyValue{{PropertyName: "flag", Value: github.StringValue("true")}, {PropertyName: "tags", Value: github.ListValue([]string{"gdpr"})}},
		},
		"OneValueAsAList": {
			reason: "A single value declared as a list of one is the same value.",
			want:   map[string]common.CustomPropertyValue{"team": values("payments")},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.drift, PropertiesDrift(tc.want, got)); diff != "" {
				t.Errorf("\n%s\nPropertiesDrift(...): -want, +got:\n%s", tc.reason, diff)
			}
			req, err := PropertiesRequest(tc.want, got)
			if err != nil {
				t.Fatalf("PropertiesRequest(...): %v", err)
			}
			if diff := cmp.Diff(tc.request, req); diff != "" {
				t.Errorf("\n%s\nPropertiesRequest(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
	if _, err := PropertiesRequest(map[string]common.CustomPropertyValue{"team": {}}, got); err == nil {
		t.Error("PropertiesRequest(a value with neither value nor values): want an error")
	}
	if d := PropertiesDrift(map[string]common.CustomPropertyValue{"team": {}}, got); len(d) != 1 {
		t.Errorf("PropertiesDrift(a value with neither value nor values) = %v: want it reported, for the update to say why", d)
	}
}

func TestObservedAndImportedProperties(t *testing.T) {
	got := map[string]github.PropertyValue{"environment": *github.StringValue("production"), "tags": *github.ListValue([]string{"pci"})}
	want := map[string]common.CustomPropertyValue{"environment": value("production"), "tags": values("pci")}
	imported := ImportedProperties(got)
	if diff := cmp.Diff(want, imported); diff != "" {
		t.Errorf("ImportedProperties(...): -want, +got:\n%s", diff)
	}
	if d := PropertiesDrift(imported, got); d != nil {
		t.Errorf("PropertiesDrift(ImportedProperties(...)) = %v, want none", d)
	}
	obs := ObservedProperties(got)
	if ptr.Deref(obs["environment"].Value, "") != "production" || !cmp.Equal(obs["tags"].Values, []string{"pci"}) {
		t.Errorf("ObservedProperties(...) = %+v", obs)
	}
	if ObservedProperties(nil) != nil || ImportedProperties(map[string]github.PropertyValue{}) != nil {
		t.Error("no values: want nil, so that the spec and status leave the field out")
	}
}

func TestExplainRefusal(t *testing.T) {
	schema := []github.CustomProperty{
		{PropertyName: "environment", ValueType: "single_select", AllowedValues: []string{"production", "development"}},
		{PropertyName: "tags", ValueType: "multi_select", AllowedValues: []string{"pci", "sox"}},
		{PropertyName: "flag", ValueType: "true_false"},
		{PropertyName: "team", ValueType: "string"},
	}
	cases := map[string]struct {
		want map[string]common.CustomPropertyValue
		say  string
	}{
		"Unknown": {want: map[string]common.CustomPropertyValue{"cost": value("1")},
			say: `organization acme has no custom property "cost" (define it with a CustomProperty; it has: environment, tags, flag, team)`},
		"NotAllowed": {want: map[string]common.CustomPropertyValue{"environment": value("prod")},
			say: `custom property "environment" does not allow "prod": it takes one of production, development`},
		"NotAllowedInList": {want: map[string]common.CustomPropertyValue{"tags": values("pci", "hipaa")},
			say: `custom property "tags" does not allow "hipaa": it takes any of pci, sox`},
		"ListForString": {want: map[string]common.CustomPropertyValue{"team": values("a")},
			say: `custom property "team" is a string property: its value is one string, not a list`},
		"NotABoolean": {want: map[string]common.CustomPropertyValue{"flag": value("yes")},
			say: `custom property "flag" is a true_false property: its value is "true" or "false", not "yes"`},
		"NameInAnotherCase": {want: map[string]common.CustomPropertyValue{"Team": value("x")}},
		"SeveralSorted": {want: map[string]common.CustomPropertyValue{"flag": value("no"), "cost": value("1")},
			say: `organization acme has no custom property "cost" (define it with a CustomProperty; it has: environment, tags, flag, team); custom property "flag" is a true_false property: its value is "true" or "false", not "no"`},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := ExplainRefusal(tc.want, schema, "acme"); got != tc.say {
				t.Errorf("ExplainRefusal(...) =\n%s\nwant\n%s", got, tc.say)
			}
		})
	}
	if got := ExplainRefusal(map[string]common.CustomPropertyValue{"x": value("1")}, nil, "acme"); got != `organization acme has no custom property "x" (define it with a CustomProperty; it has: none)` {
		t.Errorf("ExplainRefusal(no schema) = %s", got)
	}
}
