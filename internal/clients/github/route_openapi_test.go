package github

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/clients/transport"
)

// TestRoutesAreGitHubs checks every declared route against GitHub's own
// description (the emulator's trimmed copy, read as a file: the client
// shares nothing with the emulator), so that a route cannot be declared
// with a path or method GitHub does not have. Parameter names may differ.
// normalizeTemplate writes every parameter of a template as {}, so that
// templates compare whatever their parameters are called.
func normalizeTemplate(template string) string {
	segs := strings.Split(template, "/")
	for i, s := range segs {
		if strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") {
			segs[i] = "{}"
		}
	}
	return strings.Join(segs, "/")
}

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
	routes := transport.Declared()
	if len(routes) == 0 {
		t.Fatal("no routes are declared")
	}
	for _, r := range routes {
		if !described[r.Method+" "+normalizeTemplate(r.Template)] {
			t.Errorf("route %s %s is not in GitHub's description", r.Method, r.Template)
		}
	}
}
