package integration

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// one is the value v of a property.
func one(v string) common.CustomPropertyValue { return common.CustomPropertyValue{Value: ptr.To(v)} }

// some are the values v of a multi_select property.
func some(v ...string) common.CustomPropertyValue { return common.CustomPropertyValue{Values: v} }

// defineProperties gives the organization an environment (single_select,
// required, default development), tags (multi_select) and owning-team
// (string) custom property.
func (f *fixture) defineProperties() {
	f.t.Helper()
	f.ghMust(http.StatusOK, goodToken, http.MethodPatch, propertySchema, `{"properties":[`+
		`{"property_name":"environment","value_type":"single_select","required":true,"default_value":"development","allowed_values":["production","development"]},`+
		`{"property_name":"tags","value_type":"multi_select","allowed_values":["pci","sox","gdpr"]},`+
		`{"property_name":"owning-team","value_type":"string"}]}`)
}

// repoPropertiesJSON is GitHub's custom_properties of the repository
// name, as JSON.
func (f *fixture) repoPropertiesJSON(name string) string {
	f.t.Helper()
	b, err := json.Marshal(f.repoProperties(name))
	f.must(err)
	return string(b)
}

// A Repository's declared custom property values are set, read with the
// repository (an idle one costs no rate-limit points) and put back when
// changed on GitHub; the properties it does not name are left alone.
func TestRepositoryCustomProperties(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.defineProperties()
		name := "ledger-" + strings.ToLower(s.name)
		f.create(s, name, common.RepositoryParameters{
			CustomProperties: map[string]common.CustomPropertyValue{"environment": one("production"), "tags": some("sox", "pci")},
		})
		f.waitReady(s, name)
		want := `{"environment":"production","tags":["sox","pci"]}`
		f.eventually("the declared values on GitHub", func() string {
			if got := f.repoPropertiesJSON(name); got != want {
				return "GitHub's values: " + got
			}
			return ""
		})
		f.eventually("status.atProvider.customProperties", func() string {
			got := f.get(s, name).Observation().CustomProperties
			if ptr.Deref(got["environment"].Value, "") != "production" || strings.Join(got["tags"].Values, ",") != "sox,pci" {
				return fmt.Sprintf("status.atProvider.customProperties: %v", got)
			}
			return ""
		})
		orgQuiet(t, f, "an idle Repository with custom properties")

		f.ghMust(http.StatusNoContent, goodToken, http.MethodPatch, "/repos/"+owner+"/"+name+"/properties/values", `{"properties":[`+
			`{"property_name":"environment","value":null},{"property_name":"tags","value":["gdpr"]},{"property_name":"owning-team","value":"payments"}]}`)
		f.eventually("the declared values put back, the others left alone", func() string {
			if got := f.repoPropertiesJSON(name); got != `{"environment":"production","owning-team":"payments","tags":["sox","pci"]}` {
				return "GitHub's values: " + got
			}
			return ""
		})
		orgQuiet(t, f, "a Repository whose values were put back")
	})
}

// A property the organization does not define, or a value it does not
// take, fails the Synced condition naming the property and what it
// takes: at the create (which sends the values) and at an update; once
// the spec is fixed the repository is Ready.
func TestRepositoryCustomPropertiesRefused(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.defineProperties()
		name := "refused-" + strings.ToLower(s.name)
		f.create(s, name, common.RepositoryParameters{CustomProperties: map[string]common.CustomPropertyValue{"cost-center": one("42")}})
		f.waitSyncError(s, name, "cannot create repository "+owner+"/"+name,
			`organization `+owner+` has no custom property "cost-center" (define it with a CustomProperty; it has: environment, tags, owning-team)`)
		if _, ok := f.ghRepo(name); ok {
			t.Errorf("GitHub made %s although it refused its custom properties", name)
		}

		f.update(s, name, func(r repoObject) {
			r.Parameters().CustomProperties = map[string]common.CustomPropertyValue{"environment": one("production"), "owning-team": one("payments")}
		})
		f.waitReady(s, name)
		f.eventually("the values sent with the create on GitHub", func() string {
			if got := f.repoPropertiesJSON(name); got != `{"environment":"production","owning-team":"payments"}` {
				return "GitHub's values: " + got
			}
			return ""
		})

		f.update(s, name, func(r repoObject) {
			r.Parameters().CustomProperties = map[string]common.CustomPropertyValue{"environment": one("prod"), "tags": some("pci", "hipaa")}
		})
		f.waitSyncError(s, name, "cannot set the custom properties of "+owner+"/"+name,
			`custom property "environment" does not allow "prod": it takes one of production, development`,
			`custom property "tags" does not allow "hipaa": it takes any of pci, sox, gdpr`)
		if got := f.repoPropertiesJSON(name); got != `{"environment":"production","owning-team":"payments"}` {
			t.Errorf("GitHub's values after a refused update: %s, want them unchanged", got)
		}
	})
}

// A property that asks for a value at every create (requireExplicitValues)
// gets the declared one with the create: the repository is made at once.
func TestRepositoryCustomPropertiesAtCreate(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.ghMust(http.StatusOK, goodToken, http.MethodPut, propertySchema+"/cost-center", `{"value_type":"string","require_explicit_values":true}`)
		name := "explicit-" + strings.ToLower(s.name)
		f.create(s, name, common.RepositoryParameters{CustomProperties: map[string]common.CustomPropertyValue{"cost-center": one("4711")}})
		f.waitReady(s, name)
		if got := f.repoPropertiesJSON(name); got != `{"cost-center":"4711"}` {
			t.Errorf("GitHub's values: %s, want the declared cost-center", got)
		}
		for _, r := range f.emu.Requests() {
			if r.Method == http.MethodPatch && strings.HasSuffix(r.Path, "/properties/values") {
				t.Errorf("values written after the create: %s %s", r.Method, r.Path)
			}
		}
	})
}

// A value that does not fit is refused by the API server, saying what a
// value is.
func TestRepositoryCustomPropertiesAdmission(t *testing.T) {
	cases := map[string]struct {
		values map[string]common.CustomPropertyValue
		want   string
	}{
		"Neither":     {values: map[string]common.CustomPropertyValue{"team": {}}, want: "set value (a string) or values (a list, for a multi_select property), not both"},
		"Both":        {values: map[string]common.CustomPropertyValue{"tags": {Value: ptr.To("a"), Values: []string{"a"}}}, want: "not both"},
		"EmptyList":   {values: map[string]common.CustomPropertyValue{"tags": {Values: []string{}}}, want: "set value (a string) or values"},
		"Empty":       {values: map[string]common.CustomPropertyValue{"team": one("")}, want: "customProperties.team.value in body should be at least 1 chars long"},
		"Quote":       {values: map[string]common.CustomPropertyValue{"team": one(`say "hi"`)}, want: `a custom property value is printable ASCII without '"'`},
		"QuoteInList": {values: map[string]common.CustomPropertyValue{"tags": some(`"a"`)}, want: "customProperties.tags.values[0] in body should match"},
		"Twice":       {values: map[string]common.CustomPropertyValue{"tags": some("a", "a")}, want: "Duplicate value"},
		"BadName":     {values: map[string]common.CustomPropertyValue{"two words": one("x")}, want: "a custom property name is 1 to 75 of"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newFixture(t)
				err := kube.Create(f.ctx, f.repository(s, "refused", "github", common.RepositoryParameters{
					Name: ptr.To("refused"), CustomProperties: tc.values}))
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("want the API server to refuse customProperties %v saying %q, got: %v", tc.values, tc.want, err)
				}
			})
		})
	}
}
