package customproperty

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func environment() *common.CustomPropertyParameters {
	return &common.CustomPropertyParameters{
		Name: "environment", ValueType: "single_select", Required: ptr.To(true), DefaultValue: ptr.To("production"),
		Description: ptr.To("Where it runs"), AllowedValues: []string{"production", "development"},
		ValuesEditableBy: ptr.To("org_and_repo_actors"), RequireExplicitValues: ptr.To(true),
	}
}

func ghEnvironment() *github.CustomProperty {
	return &github.CustomProperty{
		PropertyName: "environment", SourceType: "organization", ValueType: "single_select", Required: true,
		DefaultValue: github.StringValue("production"), Description: ptr.To("Where it runs"),
		AllowedValues: []string{"production", "development"}, ValuesEditableBy: ptr.To("org_and_repo_actors"), RequireExplicitValues: true,
	}
}

func TestRequest(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      *common.CustomPropertyParameters
		want   *github.CustomPropertyRequest
	}{
		"Full": {
			reason: "Every field the spec sets is sent, the default as a string.",
			p:      environment(),
			want: &github.CustomPropertyRequest{ValueType: "single_select", Required: ptr.To(true), DefaultValue: github.StringValue("production"),
				Description: ptr.To("Where it runs"), AllowedValues: []string{"production", "development"}, ValuesEditableBy: ptr.To("org_and_repo_actors"), RequireExplicitValues: ptr.To(true)},
		},
		"MultiSelectDefault": {
			reason: "A multi_select property's default is sent as a list.",
			p:      &common.CustomPropertyParameters{Name: "tags", ValueType: "multi_select", AllowedValues: []string{"a", "b"}, DefaultValues: []string{"b"}},
			want:   &github.CustomPropertyRequest{ValueType: "multi_select", AllowedValues: []string{"a", "b"}, DefaultValue: github.ListValue([]string{"b"})},
		},
		"Minimal": {
			reason: "What the spec leaves out is not sent.",
			p:      &common.CustomPropertyParameters{Name: "team", ValueType: "string"},
			want:   &github.CustomPropertyRequest{ValueType: "string"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Request(tc.p)); diff != "" {
				t.Errorf("\n%s\nRequest(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestDrift(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      *common.CustomPropertyParameters
		got    *github.CustomProperty
		want   []string
	}{
		"UpToDate": {
			reason: "A property exactly as declared has no drift.",
			p:      environment(), got: ghEnvironment(),
		},
		"EveryField": {
			reason: "Each field GitHub has otherwise is drift.",
			p:      environment(),
			got: &github.CustomProperty{PropertyName: "environment", ValueType: "string", DefaultValue: github.StringValue("development"),
				AllowedValues: []string{"development", "production"}, ValuesEditableBy: ptr.To("org_actors")},
			want: []string{"valueType", "required", "defaultValue", "description", "allowedValues", "valuesEditableBy", "requireExplicitValues"},
		},
		"UnsetNotCompared": {
			reason: "What the spec leaves unset is GitHub's to keep.",
			p:      &common.CustomPropertyParameters{Name: "environment", ValueType: "single_select", AllowedValues: []string{"production", "development"}},
			got:    ghEnvironment(),
		},
		"DefaultValuesAsASet": {
			reason: "A multi_select default is the same in any order.",
			p:      &common.CustomPropertyParameters{Name: "tags", ValueType: "multi_select", AllowedValues: []string{"a", "b"}, DefaultValues: []string{"b", "a"}},
			got:    &github.CustomProperty{PropertyName: "tags", ValueType: "multi_select", AllowedValues: []string{"a", "b"}, DefaultValue: github.ListValue([]string{"a", "b"})},
		},
		"DefaultValuesDiffer": {
			reason: "A multi_select default with another value is drift.",
			p:      &common.CustomPropertyParameters{Name: "tags", ValueType: "multi_select", AllowedValues: []string{"a", "b"}, DefaultValues: []string{"a"}},
			got:    &github.CustomProperty{PropertyName: "tags", ValueType: "multi_select", AllowedValues: []string{"a", "b"}},
			want:   []string{"defaultValues"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Drift(tc.p, tc.got)); diff != "" {
				t.Errorf("\n%s\nDrift(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestObservation(t *testing.T) {
	want := common.CustomPropertyObservation{
		Organization: ptr.To("demo-org"), Name: ptr.To("environment"), SourceType: ptr.To("organization"), ValueType: ptr.To("single_select"),
		Required: ptr.To(true), DefaultValue: ptr.To("production"), Description: ptr.To("Where it runs"),
		AllowedValues: []string{"production", "development"}, ValuesEditableBy: ptr.To("org_and_repo_actors"), RequireExplicitValues: ptr.To(true),
	}
	if diff := cmp.Diff(want, Observation("demo-org", ghEnvironment())); diff != "" {
		t.Errorf("Observation(...): -want, +got:\n%s", diff)
	}
	multi := &github.CustomProperty{PropertyName: "tags", ValueType: "multi_select", AllowedValues: []string{"a"}, DefaultValue: github.ListValue([]string{"a"})}
	if got := Observation("demo-org", multi); got.DefaultValue != nil || !cmp.Equal(got.DefaultValues, []string{"a"}) {
		t.Errorf("Observation(multi_select) default = %v, %v: want the list [a] in defaultValues", got.DefaultValue, got.DefaultValues)
	}
}

func TestImported(t *testing.T) {
	cases := map[string]struct {
		reason string
		got    *github.CustomProperty
		want   common.CustomPropertyParameters
	}{
		"Full": {
			reason: "Everything a new property would not have is in the spec.",
			got:    ghEnvironment(),
			want:   *environment(),
		},
		"GitHubsDefaults": {
			reason: "What a new property gets is left out.",
			got:    &github.CustomProperty{PropertyName: "team", ValueType: "string", ValuesEditableBy: ptr.To("org_actors"), Description: ptr.To("")},
			want:   common.CustomPropertyParameters{Name: "team", ValueType: "string"},
		},
		"MultiSelect": {
			reason: "A multi_select default goes to defaultValues.",
			got:    &github.CustomProperty{PropertyName: "tags", ValueType: "multi_select", AllowedValues: []string{"a", "b"}, DefaultValue: github.ListValue([]string{"b"})},
			want:   common.CustomPropertyParameters{Name: "tags", ValueType: "multi_select", AllowedValues: []string{"a", "b"}, DefaultValues: []string{"b"}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := Imported(tc.got)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("\n%s\nImported(...): -want, +got:\n%s", tc.reason, diff)
			}
			if d := Drift(&got, tc.got); d != nil {
				t.Errorf("\n%s\nDrift(Imported(...)) = %v, want none: an imported resource writes nothing", tc.reason, d)
			}
		})
	}
}
