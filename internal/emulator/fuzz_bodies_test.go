package emulator_test

import (
	"encoding/json"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// hostileBodies are sent to every operation: malformed JSON, JSON that is
// not an object, and objects of the wrong shape.
var hostileBodies = []string{
	"",
	"   \n",
	"null",
	"{}",
	"[]",
	`"text"`,
	"1",
	"{",
	`{"name":`,
	`{"name":"x",}`,
	"\xef\xbb\xbf{}",
	"{\"name\":\"\xff\xfe\"}",
	"\xff\xfe\xfd",
	`{"name":"a\u0000b"}`,
	`{"name":1e999999}`,
	`{"name":123456789012345678901234567890}`,
	`{"":null,"name":{"name":{"name":[]}}}`,
	`{"name":"x","name":1}`,
	strings.Repeat("[", 20000) + strings.Repeat("]", 20000),
	strings.Repeat(`{"a":`, 2000) + "1" + strings.Repeat("}", 2000),
}

// bodiesFor derives bodies from an operation's request schema, so that the
// corpus follows the description: the required fields only, every field,
// every field of the wrong type, and every field null.
func bodiesFor(op *openapi3.Operation) []string {
	if op.RequestBody == nil || op.RequestBody.Value == nil {
		return nil
	}
	mt := op.RequestBody.Value.Content.Get("application/json")
	if mt == nil || mt.Schema == nil || mt.Schema.Value == nil {
		return nil
	}
	s := objectSchema(mt.Schema.Value)
	var out []string
	for _, v := range []any{sample(s, true, 0), sample(s, false, 0), mapProps(s, wrongType), mapProps(s, func(*openapi3.Schema) any { return nil })} {
		if b, err := json.Marshal(v); err == nil {
			out = append(out, string(b))
		}
	}
	return out
}

// objectSchema picks the first alternative of a oneOf or anyOf.
func objectSchema(s *openapi3.Schema) *openapi3.Schema {
	for _, alts := range []openapi3.SchemaRefs{s.OneOf, s.AnyOf} {
		if len(alts) > 0 && alts[0].Value != nil {
			return objectSchema(alts[0].Value)
		}
	}
	return s
}

// sample is a value the schema allows: the first enum value, or a value of
// its type; for objects, the required properties or all of them.
func sample(s *openapi3.Schema, requiredOnly bool, depth int) any {
	s = objectSchema(s)
	if len(s.Enum) > 0 {
		return s.Enum[0]
	}
	switch {
	case s.Type.Is("string"):
		if s.Format == "uri" {
			return "https://example.com/fuzz"
		}
		return "fuzz"
	case s.Type.Is("integer"), s.Type.Is("number"):
		return 1
	case s.Type.Is("boolean"):
		return true
	case s.Type.Is("array"):
		if s.Items == nil || s.Items.Value == nil || depth > 4 {
			return []any{}
		}
		return []any{sample(s.Items.Value, requiredOnly, depth+1)}
	}
	out := map[string]any{}
	if depth > 4 {
		return out
	}
	required := map[string]bool{}
	for _, r := range s.Required {
		required[r] = true
	}
	for name, p := range s.Properties {
		if p.Value != nil && (!requiredOnly || required[name]) {
			out[name] = sample(p.Value, requiredOnly, depth+1)
		}
	}
	return out
}

// mapProps sets every top-level property to f of its schema.
func mapProps(s *openapi3.Schema, f func(*openapi3.Schema) any) map[string]any {
	out := map[string]any{}
	for name, p := range s.Properties {
		if p.Value != nil {
			out[name] = f(objectSchema(p.Value))
		}
	}
	return out
}

// wrongType is a value of a type the schema does not allow.
func wrongType(s *openapi3.Schema) any {
	switch {
	case s.Type.Is("string"):
		return 12
	case s.Type.Is("integer"), s.Type.Is("number"):
		return "12"
	case s.Type.Is("boolean"):
		return "yes"
	case s.Type.Is("array"):
		return map[string]any{"0": "x"}
	}
	return []any{"x"}
}
