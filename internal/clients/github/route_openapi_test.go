package github

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestRoutesAreGitHubs checks every declared route against GitHub's own
// description (the emulator's trimmed copy, read as a file: the client
// shares nothing with the emulator), so that a route cannot be declared
// with a path or method GitHub does not have. Parameter names may differ.
func TestRoutesAreGitHubs(t *testing.T) {
	raw, err := os.ReadFile("../../emulator/testdata/openapi/api.github.com.trimmed.json")
	if err != nil {
		t.Fatalf("cannot read GitHub's description: %v", err)
	}
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatalf("cannot parse GitHub's description: %v", err)
	}
	described := map[string]bool{}
	for path, ops := range doc.Paths {
		for method := range ops {
			described[strings.ToUpper(method)+" "+normalizeTemplate(path)] = true
		}
	}
	if len(declared.routes) == 0 {
		t.Fatal("no routes are declared")
	}
	for _, r := range declared.routes {
		if !described[r.Method+" "+normalizeTemplate(r.Template)] {
			t.Errorf("route %s %s is not in GitHub's description", r.Method, r.Template)
		}
	}
}
