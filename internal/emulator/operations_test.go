package emulator_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

const regenerate = "run hack/openapi-trim.sh"

// describedOperations reads the "METHOD /template" operations of the trimmed
// description.
func describedOperations(t *testing.T) map[string]bool {
	t.Helper()
	raw, err := os.ReadFile(emulatortest.SpecPath())
	if err != nil {
		t.Fatal(err)
	}
	var spec struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(raw, &spec); err != nil {
		t.Fatalf("parsing %s: %v", emulatortest.SpecPath(), err)
	}
	out := map[string]bool{}
	for path, item := range spec.Paths {
		for method := range item {
			if method != "parameters" {
				out[strings.ToUpper(method)+" "+path] = true
			}
		}
	}
	return out
}

// TestOperationsFileMatchesRouteTable keeps testdata/openapi/operations.txt,
// the list hack/openapi-trim.sh trims GitHub's description to, equal to the
// route table.
func TestOperationsFileMatchesRouteTable(t *testing.T) {
	path := filepath.Join(filepath.Dir(emulatortest.SpecPath()), "operations.txt")
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading the operations list: %v; %s", err, regenerate)
	}
	var listed []string
	for _, line := range strings.Split(string(raw), "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			listed = append(listed, line)
		}
	}
	var served []string
	for _, op := range emulator.Operations() {
		served = append(served, op.String())
	}
	if diff := cmp.Diff(served, listed); diff != "" {
		t.Errorf("%s differs from the emulator's route table; %s.\n-route table, +operations.txt:\n%s", path, regenerate, diff)
	}
}

// TestServedOperationsAreDescribed fails for a route GitHub's trimmed
// description does not have (a new route, or a description template that
// names its parameters differently), and for a described operation no route
// serves.
func TestServedOperationsAreDescribed(t *testing.T) {
	described := describedOperations(t)
	served := map[string]bool{}
	for _, op := range emulator.Operations() {
		served[op.String()] = true
		if !described[op.String()] {
			t.Errorf("%s (kind %s) is served but not in the trimmed description; %s (a route whose parameters GitHub names differently needs its description template)", op, op.Kind, regenerate)
		}
	}
	for op := range described {
		if !served[op] {
			t.Errorf("%s is in the trimmed description but no route serves it; %s", op, regenerate)
		}
	}
}

func TestOperations(t *testing.T) {
	ops := emulator.Operations()
	byName := map[string]emulator.Operation{}
	for _, op := range ops {
		byName[op.String()] = op
	}
	cases := map[string]struct {
		reason string
		op     string
		kind   string
		listed bool
	}{
		"DescriptionTemplate": {
			reason: "generate is listed with the parameter names of GitHub's description",
			op:     "POST /repos/{template_owner}/{template_repo}/generate", kind: "repository", listed: true,
		},
		"NotEmulatorPattern": {
			reason: "the emulator's own pattern for generate is not what the description calls it",
			op:     "POST /repos/{owner}/{repo}/generate",
		},
		"RepositoryScoped": {
			reason: "a repository-scoped route is listed under /repos/{owner}/{repo}",
			op:     "PUT /repos/{owner}/{repo}/topics", kind: "topics", listed: true,
		},
		"AliasLeftOut": {
			reason: "the /repositories/{repository_id} alias is served but not listed: the description leaves it out",
			op:     "PUT /repositories/{repository_id}/topics",
		},
		"Free": {
			reason: "a route of a kind without a repository is listed",
			op:     "GET /rate_limit", kind: "rate-limit", listed: true,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			op, listed := byName[tc.op]
			if listed != tc.listed || op.Kind != tc.kind {
				t.Errorf("\n%s\nOperations() has %q: %t, kind %q; want %t, kind %q", tc.reason, tc.op, listed, op.Kind, tc.listed, tc.kind)
			}
			if listed && !strings.HasPrefix(op.Doc, "https://docs.github.com/rest/") {
				t.Errorf("\n%s\n%s: documentation %q is not a GitHub REST docs page", tc.reason, tc.op, op.Doc)
			}
		})
	}
	for i := 1; i < len(ops); i++ {
		if ops[i-1].Path > ops[i].Path {
			t.Errorf("Operations() not ordered by path: %s before %s", ops[i-1], ops[i])
		}
	}
}
