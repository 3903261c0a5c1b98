package github

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/google/go-github/v37/github"
)

// An organization's custom property schema and the values of its
// repositories (go-github v37 knows neither). The schema needs the
// organization's Custom properties permission (read to read it, admin to
// change it); a repository's values its Custom properties: write.
var (
	routeListCustomProperties = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/properties/schema",
		Permission: "Custom properties: read", Scope: "read:org", Cache: CacheConditional})
	routeGetCustomProperty = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/properties/schema/{custom_property_name}",
		Permission: "Custom properties: read", Scope: "read:org", Cache: CacheConditional})
	routePutCustomProperty = declare(Route{Method: http.MethodPut, Template: "/orgs/{org}/properties/schema/{custom_property_name}",
		Permission: "Custom properties: admin", Scope: "admin:org", Returns: "/orgs/{org}/properties/schema/{custom_property_name}"})
	routeDeleteCustomProperty = declare(Route{Method: http.MethodDelete, Template: "/orgs/{org}/properties/schema/{custom_property_name}",
		Permission: "Custom properties: admin", Scope: "admin:org"})
	routeSetCustomPropertyValues = declare(Route{Method: http.MethodPatch, Template: "/repos/{owner}/{repo}/properties/values",
		Permission: "Custom properties: write", Scope: "repo"})
)

// PropertyValue is a custom property's value as GitHub writes it: a
// string, or (List) a list of strings, a multi_select property's. A nil
// *PropertyValue is JSON null: no value.
type PropertyValue struct {
	Values []string
	List   bool
}

// StringValue is the value s.
func StringValue(s string) *PropertyValue { return &PropertyValue{Values: []string{s}} }

// ListValue is the list of values l.
func ListValue(l []string) *PropertyValue { return &PropertyValue{Values: l, List: true} }

// MarshalJSON writes a string or a list.
func (v PropertyValue) MarshalJSON() ([]byte, error) {
	if v.List {
		if v.Values == nil {
			return []byte("[]"), nil
		}
		return json.Marshal(v.Values)
	}
	if len(v.Values) != 1 {
		return nil, errors.Errorf("a custom property value that is no list has one value, not %d", len(v.Values))
	}
	return json.Marshal(v.Values[0])
}

// UnmarshalJSON reads a string or a list of strings.
func (v *PropertyValue) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*v = PropertyValue{Values: []string{s}}
		return nil
	}
	var l []string
	if err := json.Unmarshal(b, &l); err != nil {
		return errors.Errorf("a custom property value is a string or a list of strings, not %.40s", b)
	}
	*v = PropertyValue{Values: l, List: true}
	return nil
}

// CustomProperty is GitHub's custom property of an organization.
type CustomProperty struct {
	PropertyName          string         `json:"property_name"`
	URL                   string         `json:"url,omitempty"`
	SourceType            string         `json:"source_type,omitempty"`
	ValueType             string         `json:"value_type"`
	Required              bool           `json:"required"`
	DefaultValue          *PropertyValue `json:"default_value"`
	Description           *string        `json:"description"`
	AllowedValues         []string       `json:"allowed_values"`
	ValuesEditableBy      *string        `json:"values_editable_by"`
	RequireExplicitValues bool           `json:"require_explicit_values"`
}

// CustomPropertyRequest is the body of a property's create or update, a
// whole definition: what it leaves out is GitHub's default.
type CustomPropertyRequest struct {
	ValueType             string         `json:"value_type"`
	Required              *bool          `json:"required,omitempty"`
	DefaultValue          *PropertyValue `json:"default_value,omitempty"`
	Description           *string        `json:"description,omitempty"`
	AllowedValues         []string       `json:"allowed_values,omitempty"`
	ValuesEditableBy      *string        `json:"values_editable_by,omitempty"`
	RequireExplicitValues *bool          `json:"require_explicit_values,omitempty"`
}

// CustomPropertyValue is a property's value of a repository; a nil Value
// unsets it.
type CustomPropertyValue struct {
	PropertyName string         `json:"property_name"`
	Value        *PropertyValue `json:"value"`
}

// CustomPropertiesAPI reads and changes an organization's custom property
// schema, and sets the values of its repositories.
type CustomPropertiesAPI interface {
	ListCustomProperties(ctx context.Context, org string) ([]CustomProperty, error)
	GetCustomProperty(ctx context.Context, org, name string) (*CustomProperty, error)
	PutCustomProperty(ctx context.Context, org, name string, r *CustomPropertyRequest) (*CustomProperty, error)
	DeleteCustomProperty(ctx context.Context, org, name string) error
	SetCustomPropertyValues(ctx context.Context, owner, repo string, values []CustomPropertyValue) error
}

// CustomPropertiesClient implements CustomPropertiesAPI with a go-github client.
type CustomPropertiesClient struct{ requester }

var _ CustomPropertiesAPI = (*CustomPropertiesClient)(nil)

// NewCustomPropertiesClient returns the custom properties API of gh.
func NewCustomPropertiesClient(gh *github.Client) *CustomPropertiesClient {
	return &CustomPropertiesClient{requester{gh: gh}}
}

// ListCustomProperties reads the organization's whole schema (GitHub
// answers it in one page).
func (c *CustomPropertiesClient) ListCustomProperties(ctx context.Context, org string) ([]CustomProperty, error) {
	var out []CustomProperty
	err := c.do(ctx, routeListCustomProperties, routeListCustomProperties.path(org), nil, &out)
	return out, err
}

// GetCustomProperty reads the property of a name (found without regard to
// case); 404 when there is none.
func (c *CustomPropertiesClient) GetCustomProperty(ctx context.Context, org, name string) (*CustomProperty, error) {
	out := &CustomProperty{}
	return out, c.do(ctx, routeGetCustomProperty, routeGetCustomProperty.path(org, name), nil, out)
}

// PutCustomProperty creates the property of a name, or replaces the
// definition of the one that has it.
func (c *CustomPropertiesClient) PutCustomProperty(ctx context.Context, org, name string, r *CustomPropertyRequest) (*CustomProperty, error) {
	out := &CustomProperty{}
	return out, c.do(ctx, routePutCustomProperty, routePutCustomProperty.path(org, name), r, out)
}

// DeleteCustomProperty deletes a property, and its value of every
// repository.
func (c *CustomPropertiesClient) DeleteCustomProperty(ctx context.Context, org, name string) error {
	return c.do(ctx, routeDeleteCustomProperty, routeDeleteCustomProperty.path(org, name), nil, nil)
}

// SetCustomPropertyValues sets (or, with a nil Value, unsets) the values
// of the properties it names on a repository; the others are left alone.
func (c *CustomPropertiesClient) SetCustomPropertyValues(ctx context.Context, owner, repo string, values []CustomPropertyValue) error {
	body := struct {
		Properties []CustomPropertyValue `json:"properties"`
	}{Properties: values}
	return c.do(ctx, routeSetCustomPropertyValues, routeSetCustomPropertyValues.path(owner, repo), body, nil)
}
