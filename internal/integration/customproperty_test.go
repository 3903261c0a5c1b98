package integration

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// propertySchema is the API path of the organization's custom properties.
const propertySchema = "/orgs/" + owner + "/properties/schema"

// environmentProperty is the spec of a required single_select property
// named name.
func environmentProperty(name string) common.CustomPropertyParameters {
	return common.CustomPropertyParameters{
		OrganizationTarget: common.OrganizationTarget{Organization: ptr.To(owner)},
		Name:               name, ValueType: "single_select", Required: ptr.To(true), DefaultValue: ptr.To("development"),
		Description: ptr.To("Where it runs"), AllowedValues: []string{"production", "staging", "development"},
		ValuesEditableBy: ptr.To("org_and_repo_actors"),
	}
}

// newCustomProperty builds, without creating it, a CustomProperty of
// scope s called name with the parameters p.
func (f *fixture) newCustomProperty(s scope, name string, p common.CustomPropertyParameters) twins.CustomPropertyObject {
	f.t.Helper()
	o := twins.CustomProperty.In(s.of)
	*o.Parameters() = p
	return place(f, s, o, name, "github")
}

// ghProperty is GitHub's custom property as the tests read it.
type ghProperty struct {
	Name             string   `json:"property_name"`
	ValueType        string   `json:"value_type"`
	Required         bool     `json:"required"`
	DefaultValue     any      `json:"default_value"`
	Description      *string  `json:"description"`
	AllowedValues    []string `json:"allowed_values"`
	ValuesEditableBy string   `json:"values_editable_by"`
}

// ghCustomProperty is GitHub's property of name; ok false when there is
// none.
func (f *fixture) ghCustomProperty(name string) (p ghProperty, ok bool) {
	f.t.Helper()
	status, b := f.gh(goodToken, http.MethodGet, propertySchema+"/"+name, "")
	if status == http.StatusNotFound {
		return p, false
	}
	if status != http.StatusOK {
		f.t.Fatalf("GET property %s: status %d: %s", name, status, b)
	}
	f.must(json.Unmarshal(b, &p))
	return p, true
}

// asDeclared says how GitHub's property of name differs from the spec of
// environmentProperty; "" when it does not.
func (f *fixture) asDeclared(name string) string {
	got, ok := f.ghCustomProperty(name)
	switch {
	case !ok:
		return "GitHub has no property " + name
	case got.ValueType != "single_select" || !got.Required || got.DefaultValue != "development" || ptr.Deref(got.Description, "") != "Where it runs" ||
		!slices.Equal(got.AllowedValues, []string{"production", "staging", "development"}) || got.ValuesEditableBy != "org_and_repo_actors":
		return fmt.Sprintf("GitHub's property: %+v", got)
	}
	return ""
}

// repoProperties are the custom property values GitHub reports of the
// organization's repository name.
func (f *fixture) repoProperties(name string) map[string]any {
	f.t.Helper()
	var r struct {
		CustomProperties map[string]any `json:"custom_properties"`
	}
	f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, "/repos/"+owner+"/"+name, ""), &r))
	return r.CustomProperties
}

// A property is defined as declared, with its name as the external name;
// every field changed on GitHub is put back with one write, and a
// property deleted there is made again; an idle one costs no rate-limit
// points; a required default reaches the organization's repositories;
// deleting the resource deletes the property and its values.
func TestCustomPropertyLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		name := "env-" + s.name
		o := f.newCustomProperty(s, "env", environmentProperty(name))
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		if ext := meta.GetExternalName(got); ext != name {
			t.Errorf("external name %q, want %q", ext, name)
		}
		if msg := f.asDeclared(name); msg != "" {
			t.Errorf("after the create: %s", msg)
		}
		f.eventually("status.atProvider", func() string {
			a := get(f, o).Observation()
			if ptr.Deref(a.Organization, "") != owner || ptr.Deref(a.DefaultValue, "") != "development" || ptr.Deref(a.SourceType, "") != "organization" {
				return fmt.Sprintf("status.atProvider %+v", a)
			}
			return ""
		})
		orgQuiet(t, f, "an idle CustomProperty")

		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/orgs/"+owner+"/repos", `{"name":"classified-`+s.name+`"}`)
		if v := f.repoProperties("classified-" + s.name)[name]; v != "development" {
			t.Errorf("a new repository's %s: %v, want the required default development", name, v)
		}

		f.ghMust(http.StatusOK, goodToken, http.MethodPut, propertySchema+"/"+name,
			`{"value_type":"multi_select","allowed_values":["x","y"],"default_value":["x"],"description":"changed","values_editable_by":"org_actors"}`)
		f.eventually("every field put back", func() string { return f.asDeclared(name) })

		f.ghMust(http.StatusNoContent, goodToken, http.MethodDelete, propertySchema+"/"+name, "")
		f.eventually("the property made again", func() string { return f.asDeclared(name) })

		f.must(kube.Delete(f.ctx, get(f, o)))
		f.eventually("the property deleted on GitHub, its values with it, and the resource gone", func() string {
			if _, ok := f.ghCustomProperty(name); ok {
				return "GitHub still has " + name
			}
			if v, ok := f.repoProperties("classified-" + s.name)[name]; ok {
				return fmt.Sprintf("the repository still has %s: %v", name, v)
			}
			if err := kube.Get(f.ctx, s.key(f, "env"), fresh(o)); !kerrors.IsNotFound(err) {
				return "CustomProperty still there"
			}
			return ""
		})
	})
}

// A property that already exists is never taken over: the condition says
// how to adopt it, and its definition is left alone; with the annotation
// it is adopted and defined as declared.
func TestCustomPropertyExisting(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		name := "taken-" + s.name
		f.ghMust(http.StatusOK, goodToken, http.MethodPut, propertySchema+"/"+name, `{"value_type":"string","description":"theirs"}`)
		o := f.newCustomProperty(s, "taken", environmentProperty(name))
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f, o, fmt.Sprintf("custom property %q of organization %s already exists and this CustomProperty did not create it", name, owner),
			fmt.Sprintf("set the annotation crossplane.io/external-name: %q", name))
		if got, _ := f.ghCustomProperty(name); got.ValueType != "string" || ptr.Deref(got.Description, "") != "theirs" {
			t.Errorf("the existing property was changed: %+v", got)
		}
		update(f, o, func(o twins.CustomPropertyObject) { meta.SetExternalName(o, name) })
		waitReady(f, o)
		f.eventually("the adopted property is as declared", func() string { return f.asDeclared(name) })
	})
}

// What GitHub would refuse is refused by the API server, saying what is
// allowed; the name cannot be changed.
func TestCustomPropertyAdmission(t *testing.T) {
	cases := map[string]struct {
		change func(p *common.CustomPropertyParameters)
		want   string
	}{
		"NameWithSpace":   {change: func(p *common.CustomPropertyParameters) { p.Name = "two words" }, want: "spec.forProvider.name"},
		"NameTooLong":     {change: func(p *common.CustomPropertyParameters) { p.Name = strings.Repeat("a", 76) }, want: "may not be more than 75"},
		"UnknownType":     {change: func(p *common.CustomPropertyParameters) { p.ValueType = "number" }, want: `supported values: "string", "single_select"`},
		"AllowedOfString": {change: func(p *common.CustomPropertyParameters) { p.ValueType = "string" }, want: "allowedValues is only for single_select and multi_select properties"},
		"SelectWithoutAllowed": {change: func(p *common.CustomPropertyParameters) {
			p.AllowedValues = nil
			p.DefaultValue = nil
			p.Required = nil
		},
			want: "a single_select or multi_select property needs allowedValues"},
		"RequiredWithoutDefault": {change: func(p *common.CustomPropertyParameters) { p.DefaultValue = nil }, want: "a required property needs a default value"},
		"DefaultNotAllowed":      {change: func(p *common.CustomPropertyParameters) { p.DefaultValue = ptr.To("qa") }, want: "defaultValue must be one of allowedValues"},
		"ListDefaultOfSingle":    {change: func(p *common.CustomPropertyParameters) { p.DefaultValues = []string{"production"} }, want: "defaultValues (a list) is only for multi_select"},
		"StringDefaultOfMulti":   {change: func(p *common.CustomPropertyParameters) { p.ValueType = "multi_select" }, want: "use defaultValues instead of defaultValue"},
		"MultiDefaultNotAllowed": {change: func(p *common.CustomPropertyParameters) {
			p.ValueType, p.DefaultValue, p.DefaultValues = "multi_select", nil, []string{"production", "qa"}
		}, want: "each of defaultValues must be one of allowedValues"},
		"TrueFalseDefault": {change: func(p *common.CustomPropertyParameters) {
			p.ValueType, p.AllowedValues, p.DefaultValue = "true_false", nil, ptr.To("yes")
		},
			want: `the default of a true_false property is "true" or "false"`},
		"URLDefault": {change: func(p *common.CustomPropertyParameters) {
			p.ValueType, p.AllowedValues, p.DefaultValue = "url", nil, ptr.To("docs")
		},
			want: "the default of a url property is an http or https URL"},
		"QuoteInValue":      {change: func(p *common.CustomPropertyParameters) { p.AllowedValues = append(p.AllowedValues, `say "hi"`) }, want: "spec.forProvider.allowedValues[3]"},
		"DuplicateAllowed":  {change: func(p *common.CustomPropertyParameters) { p.AllowedValues = append(p.AllowedValues, "staging") }, want: "Duplicate value"},
		"UnknownEditableBy": {change: func(p *common.CustomPropertyParameters) { p.ValuesEditableBy = ptr.To("anyone") }, want: `supported values: "org_actors", "org_and_repo_actors"`},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newFixture(t)
				p := environmentProperty("refused")
				tc.change(&p)
				err := kube.Create(f.ctx, f.newCustomProperty(s, "refused", p))
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("want the API server to refuse %+v saying %q, got: %v", p, tc.want, err)
				}
			})
		})
	}
	t.Run("NameImmutable", func(t *testing.T) {
		forEachScope(t, func(t *testing.T, s scope) {
			f := newFixture(t)
			o := f.newCustomProperty(s, "fixed", environmentProperty("fixed-"+s.name))
			f.must(kube.Create(f.ctx, o))
			var err error
			for range 20 { // retry while the controller writes the object too
				o = get(f, o)
				o.Parameters().Name = "other"
				if err = kube.Update(f.ctx, o); !kerrors.IsConflict(err) {
					break
				}
			}
			if want := "name cannot be changed: create another CustomProperty"; err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("renaming: want the API server to refuse it saying %q, got: %v", want, err)
			}
		})
	})
}
