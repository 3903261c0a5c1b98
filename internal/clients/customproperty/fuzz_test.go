package customproperty

import (
	"context"
	"strings"
	"testing"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/convergetest"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// FuzzCustomPropertyConverges defines the property a spec declares
// through our client on the emulator, and requires that it reads back
// with no drift; then replaces the definition with the next one and
// requires that to converge too. A spec the CRD refuses (allowed values
// of a string, a required property without a default, a default that is
// not allowed) ends the input; GitHub refusing one the CRD admits must be
// a worded 422, and may only be about a URL.
func FuzzCustomPropertyConverges(f *testing.F) {
	f.Add("environment", "single_select", true, "production", "production,development", "Where it runs", "multi_select", "a,b")
	f.Add("team", "string", false, "", "", "", "string", "")
	f.Add("flag", "true_false", true, "false", "", "", "true_false", "true")
	f.Add("docs", "url", false, "https://example.com/x", "", "d", "url", "http://h")
	f.Add("tags", "multi_select", true, "a", "a,b,c", "", "single_select", "c")
	f.Add("bad name", "string", false, "", "", "", "string", "")      // refused by the CRD
	f.Add("team", "string", true, "", "", "", "string", "")           // required without a default: refused by the CRD
	f.Add("env", "single_select", false, "qa", "prod", "", "url", "") // a default not allowed: refused by the CRD
	schema := convergetest.Schema(f, "org.github.m.crossplane.io_customproperties.yaml")
	f.Fuzz(func(t *testing.T, name, valueType string, required bool, def, allowed, description, nextType, nextAllowed string) {
		p := convergetest.Admit(t, schema, declared(name, valueType, required, def, allowed, description))
		if p == nil {
			return
		}
		ctx := context.Background()
		gh, _ := convergetest.Start(t)
		api := github.NewCustomPropertiesClient(gh)
		if !define(ctx, t, api, p) {
			return
		}
		next := declared(name, nextType, false, "", nextAllowed, "")
		if next = convergetest.Admit(t, schema, next); next == nil {
			return
		}
		define(ctx, t, api, next)
	})
}

// declared is the spec of a property; allowed is a comma-separated list,
// none when empty; def is the default, a list for multi_select.
func declared(name, valueType string, required bool, def, allowed, description string) *common.CustomPropertyParameters {
	p := &common.CustomPropertyParameters{OrganizationTarget: common.OrganizationTarget{Organization: ptr.To(convergetest.Owner)},
		Name: name, ValueType: valueType}
	if required {
		p.Required = ptr.To(true)
	}
	if allowed != "" {
		p.AllowedValues = strings.Split(allowed, ",")
	}
	switch {
	case def == "":
	case valueType == TypeMultiSelect:
		p.DefaultValues = strings.Split(def, ",")
	default:
		p.DefaultValue = ptr.To(def)
	}
	if description != "" {
		p.Description = ptr.To(description)
	}
	return p
}

// define puts p's definition and requires GitHub's property to read back
// as declared; false when GitHub refused it (as it may a URL).
func define(ctx context.Context, t *testing.T, api *github.CustomPropertiesClient, p *common.CustomPropertyParameters) bool {
	t.Helper()
	_, err := api.PutCustomProperty(ctx, convergetest.Owner, p.Name, Request(p))
	if convergetest.RefusedAsExpected(t, "PutCustomProperty(...)", err, p.ValueType == "url") {
		return false
	}
	got, err := api.GetCustomProperty(ctx, convergetest.Owner, p.Name)
	if err != nil {
		t.Fatalf("GetCustomProperty(%q) after a write GitHub accepted: %v", p.Name, err)
	}
	if d := Drift(p, got); d != nil {
		t.Fatalf("drift after the write: %v (GitHub: %+v; declared %+v)", d, got, p)
	}
	if o := Observation(convergetest.Owner, got); ptr.Deref(o.ValueType, "") != p.ValueType || ptr.Deref(o.Name, "") != got.PropertyName {
		t.Fatalf("Observation(...) = %+v: want the spec's value type %q", o, p.ValueType)
	}
	return true
}
