package emulator_test

import (
	"bytes"
	"context"
	"encoding/json"
	"hash/fnv"
	"net/http"
	"net/http/httptest"
	"testing"
	"unicode/utf8"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

// bodyOperation is a served operation that may take a request body, with
// its description.
type bodyOperation struct {
	emulator.Operation
	spec *openapi3.Operation
}

// bodyOperations lists the POST, PUT and PATCH operations the emulator
// serves, read from its route table and looked up in GitHub's description.
func bodyOperations(tb testing.TB) []bodyOperation {
	tb.Helper()
	doc, err := openapi3.NewLoader().LoadFromFile(emulatortest.SpecPath())
	if err != nil {
		tb.Fatalf("loading %s: %v", emulatortest.SpecPath(), err)
	}
	var out []bodyOperation
	for _, op := range emulator.Operations() {
		if op.Method != http.MethodPost && op.Method != http.MethodPut && op.Method != http.MethodPatch {
			continue
		}
		item := doc.Paths.Find(op.Path)
		if item == nil || item.GetOperation(op.Method) == nil {
			tb.Fatalf("%s is served but not in %s", op, emulatortest.SpecPath())
		}
		out = append(out, bodyOperation{Operation: op, spec: item.GetOperation(op.Method)})
	}
	if len(out) == 0 {
		tb.Fatal("the emulator serves no operation that takes a body")
	}
	return out
}

// pick finds an operation by its "METHOD /template" name; any other name
// (a mutated one) picks an operation by its hash, so every input runs.
func pick(ops []bodyOperation, name string) bodyOperation {
	for _, op := range ops {
		if op.String() == name {
			return op
		}
	}
	h := fnv.New32a()
	_, _ = h.Write([]byte(name))
	return ops[h.Sum32()%uint32(len(ops))]
}

// hostileParams replace an operation's last path parameter.
var hostileParams = []string{"..", "%", "a/b", "\x00", "-1", "99999999999999999999", "\xff", "x\ny"}

// FuzzRequestDecoding sends fuzzed bodies (and, where the input names one, a
// fuzzed last path parameter) to every operation that takes a body, on an
// emulator holding a target for each. However hostile the input, the
// emulator must answer as GitHub does: never a panic or a 5xx; 400 "Problems
// parsing JSON" for a body that is not a JSON object, and never 400 for one
// that is; every 4xx in GitHub's error shape; every answer (but the 400,
// which the description documents globally, not per operation) valid
// against GitHub's description.
func FuzzRequestDecoding(f *testing.F) {
	ops := bodyOperations(f)
	for _, op := range ops {
		for _, b := range append(bodiesFor(op.spec), hostileBodies...) {
			f.Add(op.String(), []byte(b), "")
		}
	}
	for i, p := range hostileParams {
		f.Add(ops[i%len(ops)].String(), []byte("{}"), p)
	}
	fw := newFuzzWorld(f)
	emu := fw.newEmulator(f)
	v, err := emulatortest.LoadValidator()
	if err != nil {
		f.Fatalf("loading validator: %v", err)
	}

	f.Fuzz(func(t *testing.T, name string, body []byte, param string) {
		op := pick(ops, name)
		params := fw.reset(t, emu)
		r := httptest.NewRequest(op.Method, fillPath(op.Path, params, param), bytes.NewReader(body))
		r.Header.Set("Authorization", "token "+fw.credentialFor(op.Operation))
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set(emulatortest.SkipRequestValidationHeader, "1")
		rec := httptest.NewRecorder()
		emu.ServeHTTP(rec, r)

		got := rec.Code
		if got >= 500 {
			t.Fatalf("%s %.200q -> %d: %s", op, body, got, rec.Body.Bytes())
		}
		if got >= 400 {
			checkErrorShape(t, op, body, rec)
		}
		if want, decided := wantsParseError(op, body); decided && param == "" && want != (got == http.StatusBadRequest) {
			t.Fatalf("%s %.200q -> %d, want 400 %v: %s", op, body, got, want, rec.Body.Bytes())
		}
		if got == http.StatusBadRequest {
			return
		}
		ex := emulatortest.Exchange{Request: r, RequestBody: body, Status: got, Header: rec.Header(), ResponseBody: rec.Body.Bytes()}
		if err := v.Validate(context.Background(), ex); err != nil {
			t.Fatalf("%.200q: %v", body, err)
		}
	})
}

// wantsParseError tells whether GitHub answers 400 "Problems parsing JSON"
// to the body: yes when the operation takes a body and this one is not a
// JSON object, no when it is a well-formed object. Empty bodies and null
// (which some operations take for "no fields") and objects with invalid
// UTF-8 are not decided.
func wantsParseError(op bodyOperation, body []byte) (want, decided bool) {
	if op.spec.RequestBody == nil {
		return false, false
	}
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) == 0 || string(trimmed) == "null" {
		return false, false
	}
	if !json.Valid(trimmed) || trimmed[0] != '{' {
		return true, true
	}
	if !utf8.Valid(trimmed) {
		return false, false
	}
	return false, true
}

// checkErrorShape holds a 4xx to GitHub's error body: an object with a
// message and a documentation_url, a 400 saying the JSON did not parse, and
// "errors" only on a 422.
func checkErrorShape(t *testing.T, op bodyOperation, body []byte, rec *httptest.ResponseRecorder) {
	t.Helper()
	var e map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil {
		t.Fatalf("%s %.200q -> %d body is not a JSON object: %v: %s", op, body, rec.Code, err, rec.Body.Bytes())
	}
	msg, _ := e["message"].(string)
	doc, _ := e["documentation_url"].(string)
	if msg == "" || doc == "" {
		t.Fatalf("%s %.200q -> %d without message and documentation_url: %s", op, body, rec.Code, rec.Body.Bytes())
	}
	if _, ok := e["errors"]; ok && rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("%s %.200q -> %d carries errors: %s", op, body, rec.Code, rec.Body.Bytes())
	}
	if rec.Code == http.StatusBadRequest && msg != "Problems parsing JSON" {
		t.Fatalf("%s %.200q -> 400 %q, want \"Problems parsing JSON\"", op, body, msg)
	}
}
