package emulator

import (
	"encoding/json"
	"net/http"
	"strings"
)

// fields reads typed values out of a decoded JSON object and answers GitHub's
// 422 "Invalid request" on the first field of the wrong type.
type fields struct {
	c      *reqCtx
	m      map[string]json.RawMessage
	failed bool
}

func (f *fields) raw(name string) (json.RawMessage, bool) {
	if f.failed {
		return nil, false
	}
	v, ok := f.m[name]
	return v, ok
}

func (f *fields) wrong(name string, v json.RawMessage, want string) {
	f.failed = true
	f.c.typeError(name, v, want)
}

// notNull answers GitHub's 422 for the first of the required string fields
// names sent as null: For 'properties/name', nil is not a string. A required
// field left out is the caller's to report (GitHub names every missing one
// at once).
func (f *fields) notNull(names ...string) {
	for _, name := range names {
		if v, ok := f.raw(name); ok && string(v) == "null" {
			f.wrong(name, json.RawMessage("nil"), "string")
			return
		}
	}
}

// boolean reads an optional boolean; null counts as absent.
func (f *fields) boolean(name string) *bool {
	v, ok := f.raw(name)
	if !ok || string(v) == "null" {
		return nil
	}
	var b bool
	if err := json.Unmarshal(v, &b); err != nil {
		f.wrong(name, v, "boolean")
		return nil
	}
	return &b
}

// str reads an optional string; null counts as absent.
func (f *fields) str(name string) *string {
	v, ok := f.raw(name)
	if !ok || string(v) == "null" {
		return nil
	}
	var s string
	if err := json.Unmarshal(v, &s); err != nil {
		f.wrong(name, v, "string")
		return nil
	}
	return &s
}

// nullable reads an optional string that may be set to null: present tells
// whether the field was sent, val is nil for null.
func (f *fields) nullable(name string) (val *string, present bool) {
	v, ok := f.raw(name)
	if !ok {
		return nil, false
	}
	if string(v) == "null" {
		return nil, true
	}
	var s string
	if err := json.Unmarshal(v, &s); err != nil {
		f.wrong(name, v, "string")
		return nil, false
	}
	return &s, true
}

// integer reads an optional integer.
func (f *fields) integer(name string) *int64 {
	v, ok := f.raw(name)
	if !ok || string(v) == "null" {
		return nil
	}
	var n int64
	if err := json.Unmarshal(v, &n); err != nil {
		f.wrong(name, v, "integer")
		return nil
	}
	return &n
}

// strings reads an optional array of strings.
func (f *fields) strings(name string) ([]string, bool) {
	v, ok := f.raw(name)
	if !ok {
		return nil, false
	}
	var out []string
	if err := json.Unmarshal(v, &out); err != nil || string(v) == "null" {
		f.wrong(name, v, "array")
		return nil, false
	}
	return out, true
}

// object reads an optional JSON object.
func (f *fields) object(name string) (map[string]json.RawMessage, bool) {
	v, ok := f.raw(name)
	if !ok || string(v) == "null" {
		return nil, false
	}
	var out map[string]json.RawMessage
	if err := json.Unmarshal(v, &out); err != nil {
		f.wrong(name, v, "object")
		return nil, false
	}
	return out, true
}

// notSupplied answers GitHub's 422 for required fields the request left out:
// `Invalid request.` and `"a" wasn't supplied.` or `"a", "b" weren't
// supplied.`
func (c *reqCtx) notSupplied(names ...string) {
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = `"` + n + `"`
	}
	verb := "wasn't"
	if len(names) > 1 {
		verb = "weren't"
	}
	c.json(http.StatusUnprocessableEntity, basicError{
		Message:          "Invalid request.\n\n" + strings.Join(quoted, ", ") + " " + verb + " supplied.",
		DocumentationURL: c.doc, Status: "422",
	})
}

// required reports the names, in order, that the object m lacks.
func required(m map[string]json.RawMessage, names ...string) []string {
	var out []string
	for _, n := range names {
		if _, ok := m[n]; !ok {
			out = append(out, n)
		}
	}
	return out
}
