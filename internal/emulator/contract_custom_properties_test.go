package emulator_test

import (
	"net/http/httptest"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, customPropertiesContract) }

// customPropertiesContract drives an organization's custom property
// schema and the values of its repositories: every operation, and
// GitHub's errors.
func customPropertiesContract(t *testing.T, srv *httptest.Server, _ *emulator.Server) {
	skipReq := map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}
	const schema = "/orgs/demo-org/properties/schema"
	const values = "/repos/demo-org/template/properties/values"
	steps := []step{
		{"no properties yet", call{method: "GET", path: schema, token: "demo-token"}, 200, count(0)},
		{"define a required single select", call{method: "PUT", path: schema + "/environment", token: "demo-token",
			body: `{"value_type":"single_select","required":true,"default_value":"production","description":"Prod or dev","allowed_values":["production","development"],"values_editable_by":"org_actors"}`}, 200,
			all(field("property_name", "environment"), field("source_type", "organization"), field("value_type", "single_select"), field("required", true),
				field("default_value", "production"), field("allowed_values", "[production development]"), field("values_editable_by", "org_actors"),
				field("require_explicit_values", false), bodyContains(`"url":"`+srv.URL+`/orgs/demo-org/properties/schema/environment"`))},
		{"get it, named in another case", call{method: "GET", path: schema + "/ENVIRONMENT", token: "demo-token"}, 200, field("property_name", "environment")},
		{"a member reads it", call{method: "GET", path: schema + "/environment", token: "member-token"}, 200, field("required", true)},
		{"an outsider finds no organization", call{method: "GET", path: schema + "/environment", token: "other-token"}, 404, field("message", "Not Found")},
		{"a member cannot define one", call{method: "PUT", path: schema + "/team", token: "member-token", body: `{"value_type":"string"}`}, 403, field("message", "You must be an organization owner.")},
		{"an unknown property", call{method: "GET", path: schema + "/nope", token: "demo-token"}, 404, field("message", "Not Found")},
		{"required without a default", call{method: "PUT", path: schema + "/team", token: "demo-token", body: `{"value_type":"string","required":true}`}, 422,
			all(field("message", "Validation Failed"), bodyContains(`"field":"default_value"`), bodyContains("A default value is required"))},
		{"allowed values of a string", call{method: "PUT", path: schema + "/team", token: "demo-token", body: `{"value_type":"string","allowed_values":["a"]}`}, 422,
			bodyContains(`"field":"allowed_values"`)},
		{"a select without allowed values", call{method: "PUT", path: schema + "/tier", token: "demo-token", body: `{"value_type":"single_select"}`}, 422,
			bodyContains("at least one value")},
		{"a default that is not allowed", call{method: "PUT", path: schema + "/tier", token: "demo-token", body: `{"value_type":"single_select","allowed_values":["gold"],"default_value":"silver"}`}, 422,
			all(bodyContains(`"field":"default_value"`), bodyContains(`\"silver\" is not one of the allowed values of tier: gold`))},
		{"a list default of a single select", call{method: "PUT", path: schema + "/tier", token: "demo-token", body: `{"value_type":"single_select","allowed_values":["gold"],"default_value":["gold"]}`}, 422,
			bodyContains("not a list")},
		{"a true_false default that is neither", call{method: "PUT", path: schema + "/flag", token: "demo-token", body: `{"value_type":"true_false","default_value":"yes"}`}, 422,
			bodyContains("must be true or false")},
		{"a name with a space", call{method: "PUT", path: schema + "/two%20words", token: "demo-token", body: `{"value_type":"string"}`}, 422,
			bodyContains(`"field":"property_name"`)},
		{"an unknown value type", call{method: "PUT", path: schema + "/tier", token: "demo-token", body: `{"value_type":"number"}`, headers: skipReq}, 422,
			bodyContains(`"field":"value_type"`)},
		{"no value type", call{method: "PUT", path: schema + "/tier", token: "demo-token", body: `{"required":false}`, headers: skipReq}, 422,
			bodyContains(`\"value_type\" wasn't supplied.`)},
		{"several at once", call{method: "PATCH", path: schema, token: "demo-token", body: `{"properties":[` +
			`{"property_name":"team","value_type":"string","description":"Owning team","values_editable_by":"org_and_repo_actors"},` +
			`{"property_name":"tags","value_type":"multi_select","allowed_values":["a","b","c"],"default_value":["a"]},` +
			`{"property_name":"flag","value_type":"true_false"},` +
			`{"property_name":"docs","value_type":"url"}]}`}, 200,
			all(count(4), bodyContains(`"default_value":["a"]`), bodyContains(`"values_editable_by":"org_and_repo_actors"`))},
		{"several at once, one refused", call{method: "PATCH", path: schema, token: "demo-token", body: `{"properties":[` +
			`{"property_name":"fine","value_type":"string"},{"property_name":"bad","value_type":"string","required":true}]}`}, 422,
			bodyContains("A default value is required")},
		{"none of a refused batch was kept", call{method: "GET", path: schema + "/fine", token: "demo-token"}, 404, nil},
		{"all of them", call{method: "GET", path: schema, token: "demo-token"}, 200, count(5)},

		{"a repository inherits the required default", call{method: "GET", path: "/repos/demo-org/template", token: "demo-token"}, 200,
			bodyContains(`"custom_properties":{"environment":"production"}`)},
		{"the repository's values", call{method: "GET", path: values, token: "demo-token"}, 200,
			all(count(1), bodyContains(`{"property_name":"environment","value":"production"}`))},
		{"set values", call{method: "PATCH", path: values, token: "demo-token", body: `{"properties":[` +
			`{"property_name":"Team","value":"platform"},{"property_name":"tags","value":["a","c"]},{"property_name":"flag","value":"true"},` +
			`{"property_name":"docs","value":"https://example.com/docs"},{"property_name":"environment","value":"development"}]}`}, 204, nil},
		{"the values as set", call{method: "GET", path: values, token: "member-token"}, 200,
			all(count(5), bodyContains(`{"property_name":"team","value":"platform"}`), bodyContains(`{"property_name":"tags","value":["a","c"]}`),
				bodyContains(`{"property_name":"environment","value":"development"}`))},
		{"the repository shows them", call{method: "GET", path: "/repos/demo-org/template", token: "demo-token"}, 200,
			bodyContains(`"custom_properties":{"docs":"https://example.com/docs","environment":"development","flag":"true","tags":["a","c"],"team":"platform"}`)},
		{"a property the organization lacks", call{method: "PATCH", path: values, token: "demo-token", body: `{"properties":[{"property_name":"cost_center","value":"x"}]}`}, 422,
			all(field("message", "Validation Failed"), bodyContains("Property cost_center is not defined for the organization demo-org"))},
		{"a value not allowed", call{method: "PATCH", path: values, token: "demo-token", body: `{"properties":[{"property_name":"environment","value":"staging"}]}`}, 422,
			bodyContains(`\"staging\" is not one of the allowed values of environment: production, development`)},
		{"a list for a string", call{method: "PATCH", path: values, token: "demo-token", body: `{"properties":[{"property_name":"team","value":["a"]}]}`}, 422,
			bodyContains("not a list")},
		{"neither true nor false", call{method: "PATCH", path: values, token: "demo-token", body: `{"properties":[{"property_name":"flag","value":"yes"}]}`}, 422,
			bodyContains("must be true or false")},
		{"not a URL", call{method: "PATCH", path: values, token: "demo-token", body: `{"properties":[{"property_name":"docs","value":"docs"}]}`}, 422,
			bodyContains("must be an http or https URL")},
		{"a value of another type", call{method: "PATCH", path: values, token: "demo-token", body: `{"properties":[{"property_name":"team","value":7}]}`, headers: skipReq}, 422,
			bodyContains("For 'properties/value'")},
		{"no value", call{method: "PATCH", path: values, token: "demo-token", body: `{"properties":[{"property_name":"team"}]}`, headers: skipReq}, 422,
			bodyContains(`\"value\" wasn't supplied.`)},
		{"a member cannot set values", call{method: "PATCH", path: values, token: "member-token", body: `{"properties":[{"property_name":"team","value":"x"}]}`}, 403, nil},
		{"an unknown repository", call{method: "GET", path: "/repos/demo-org/nope/properties/values", token: "demo-token"}, 404, nil},
		{"unset a value, and the required one", call{method: "PATCH", path: values, token: "demo-token", body: `{"properties":[{"property_name":"flag","value":null},{"property_name":"environment","value":null}]}`}, 204, nil},
		{"the required one is its default again", call{method: "GET", path: values, token: "demo-token"}, 200,
			all(count(4), notContains(`"flag"`), bodyContains(`{"property_name":"environment","value":"production"}`))},

		{"a new repository with values", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"classified","custom_properties":{"team":"infra","tags":["b"]}}`}, 201,
			bodyContains(`"custom_properties":{"environment":"production","tags":["b"],"team":"infra"}`)},
		{"a new repository with a value refused", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"refused","custom_properties":{"tags":["z"]}}`}, 422,
			bodyContains(`\"z\" is not one of the allowed values of tags: a, b, c`)},
		{"no repository was made", call{method: "GET", path: "/repos/demo-org/refused", token: "demo-token"}, 404, nil},
		{"a property that asks for a value at every create", call{method: "PUT", path: schema + "/owner-email", token: "demo-token",
			body: `{"value_type":"string","require_explicit_values":true}`}, 200, field("require_explicit_values", true)},
		{"a new repository without it", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"unowned"}`}, 422,
			all(field("message", "Repository creation failed."), bodyContains("Property owner-email requires an explicit value"))},
		{"a new repository with it", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"owned","custom_properties":{"owner-email":"a@example.com"}}`}, 201,
			bodyContains(`"owner-email":"a@example.com"`)},
		{"clean up the owned repository", call{method: "DELETE", path: "/repos/demo-org/owned", token: "demo-token"}, 204, nil},
		{"clean up the property", call{method: "DELETE", path: schema + "/owner-email", token: "demo-token"}, 204, nil},
		{"narrow the allowed values", call{method: "PUT", path: schema + "/tags", token: "demo-token", body: `{"value_type":"multi_select","allowed_values":["a"]}`}, 200,
			all(field("default_value", nil), field("allowed_values", "[a]"))},
		{"values no longer allowed are gone", call{method: "GET", path: "/repos/demo-org/classified/properties/values", token: "demo-token"}, 200,
			all(count(2), notContains(`"tags"`))},
		{"remove a property", call{method: "DELETE", path: schema + "/team", token: "demo-token"}, 204, nil},
		{"its values went with it", call{method: "GET", path: values, token: "demo-token"}, 200, all(count(2), notContains(`"team"`), notContains(`"tags"`))},
		{"remove it again", call{method: "DELETE", path: schema + "/team", token: "demo-token"}, 404, nil},
		{"a member cannot remove one", call{method: "DELETE", path: schema + "/tags", token: "member-token"}, 403, nil},
	}
	for _, name := range []string{"environment", "tags", "flag", "docs"} {
		steps = append(steps, step{"clean up " + name, call{method: "DELETE", path: schema + "/" + name, token: "demo-token"}, 204, nil})
	}
	steps = append(steps,
		step{"no values left", call{method: "GET", path: values, token: "demo-token"}, 200, count(0)},
		step{"clean up the repository", call{method: "DELETE", path: "/repos/demo-org/classified", token: "demo-token"}, 204, nil})
	runSteps(t, srv, steps, nil)
}
