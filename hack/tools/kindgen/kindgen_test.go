package main

import (
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite testdata/golden from the generator's output")

const testImportPath = "example.com/provider/apis"

func TestGenerateGolden(t *testing.T) {
	got, err := generate(filepath.Join("testdata", "apis"), testImportPath, "/* Test header. */")
	if err != nil {
		t.Fatalf("generate(...): %v", err)
	}
	golden := filepath.Join("testdata", "golden")
	if *update {
		if err := os.RemoveAll(golden); err != nil {
			t.Fatal(err)
		}
		for p, src := range got {
			name := filepath.Join(golden, filepath.FromSlash(p))
			if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(name, src, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	want := map[string]string{}
	err = filepath.WalkDir(golden, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		src, err := os.ReadFile(path)
		rel, _ := filepath.Rel(golden, path)
		want[filepath.ToSlash(rel)] = string(src)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	gotText := map[string]string{}
	for p, src := range got {
		gotText[p] = string(src)
	}
	if diff := cmp.Diff(want, gotText); diff != "" {
		t.Errorf("generate(testdata/apis): -want (testdata/golden), +got (go test -update rewrites golden):\n%s", diff)
	}

	again, err := generate(filepath.Join("testdata", "apis"), testImportPath, "/* Test header. */")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(got, again); diff != "" {
		t.Errorf("generate(...) is not deterministic: -first, +second:\n%s", diff)
	}
}

func TestGenerateRefuses(t *testing.T) {
	cases := map[string]struct {
		reason string
		types  string
		want   string
	}{
		"NoObservation": {
			reason: "A kind needs an Observation type beside its Parameters.",
			types:  "// +github:kind=Widget\ntype WidgetParameters struct{}\n",
			want:   "kind Widget has no WidgetObservation type",
		},
		"WrongType": {
			reason: "The kind marker belongs on <Kind>Parameters, so that the wrapper can name it.",
			types:  "// +github:kind=Widget\ntype WidgetSettings struct{}\ntype WidgetObservation struct{}\n",
			want:   "belongs on type WidgetParameters",
		},
		"UnknownMarker": {
			reason: "A misspelt option is an error, not silently ignored.",
			types:  "// +github:kind=Widget\n// +github:kind:printcolum:name=\"X\"\ntype WidgetParameters struct{}\ntype WidgetObservation struct{}\n",
			want:   "unknown marker",
		},
		"BadPrintColumn": {
			reason: "A print column needs a name and a JSONPath.",
			types:  "// +github:kind=Widget\n// +github:kind:printcolumn:type=\"string\"\ntype WidgetParameters struct{}\ntype WidgetObservation struct{}\n",
			want:   "needs name=... and JSONPath=...",
		},
		"SpecRuleWithoutMessage": {
			reason: "A spec rule refuses with a message a person can act on.",
			types:  "// +github:kind=Widget\n// +github:kind:specrule=rule=\"true\"\ntype WidgetParameters struct{}\ntype WidgetObservation struct{}\n",
			want:   "needs rule=... and message=...",
		},
		"SpecRuleOfUnknownScope": {
			reason: "A spec rule of a scope names namespaced or cluster.",
			types:  "// +github:kind=Widget\n// +github:kind:specrule:legacy=rule=\"true\",message=\"m\"\ntype WidgetParameters struct{}\ntype WidgetObservation struct{}\n",
			want:   "unknown scope",
		},
		"ScopeMarkerNotValidation": {
			reason: "Only validation can differ between the scopes: anything else would make the twins different kinds.",
			types:  "// +github:kind=Widget\n// +github:kind:cluster:default=x\ntype WidgetParameters struct{}\ntype WidgetObservation struct{}\n",
			want:   "only validation markers can differ between scopes",
		},
		"OptionsWithoutKind": {
			reason: "Kind options on a type that declares no kind are a mistake.",
			types:  "// +github:kind:noun=widget\ntype WidgetParameters struct{}\n",
			want:   "kind options without",
		},
		"BadPlural": {
			reason: "A plural is a resource's name: lower case, ending in s.",
			types:  "// +github:kind=Widget\n// +github:kind:plural=WidgetSets\ntype WidgetParameters struct{}\ntype WidgetObservation struct{}\n",
			want:   "want lower-case letters and digits ending in s",
		},
		"NotExported": {
			reason: "A kind is an exported Go type.",
			types:  "// +github:kind=widget\ntype widgetParameters struct{}\n",
			want:   "is not an exported Go identifier",
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			common := filepath.Join(dir, "shop", "common", "v1alpha1")
			if err := os.MkdirAll(common, 0o755); err != nil {
				t.Fatal(err)
			}
			src := "package v1alpha1\n\n" + tc.types
			if err := os.WriteFile(filepath.Join(common, "types.go"), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := generate(dir, testImportPath, "")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("\n%s\ngenerate(...): want error containing %q, got %v", tc.reason, tc.want, err)
			}
		})
	}
}

func TestWords(t *testing.T) {
	cases := map[string]string{
		"Repository":       "repository",
		"DeployKey":        "deploy key",
		"ActionsSecret":    "actions secret",
		"OIDCSubjectClaim": "oidc subject claim",
		"TeamRepository":   "team repository",
	}
	names := make([]string, 0, len(cases))
	for n := range cases {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if got := words(n); got != cases[n] {
			t.Errorf("words(%q): want %q, got %q", n, cases[n], got)
		}
	}
}

func TestGenerateRefusesOneKindInTwoGroups(t *testing.T) {
	dir := t.TempDir()
	for _, group := range []string{"shop", "store"} {
		common := filepath.Join(dir, group, "common", "v1alpha1")
		if err := os.MkdirAll(common, 0o755); err != nil {
			t.Fatal(err)
		}
		src := "package v1alpha1\n\n// +github:kind=Widget\ntype WidgetParameters struct{}\ntype WidgetObservation struct{}\n"
		if err := os.WriteFile(filepath.Join(common, "types.go"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, err := generate(dir, testImportPath, "")
	want := "kind Widget is declared in shop/common/v1alpha1 and in store/common/v1alpha1"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("\nA kind's name names it in apis and apis/twins, so two groups cannot both declare it.\ngenerate(...): want error containing %q, got %v", want, err)
	}
}

// A kind may embed the TeamTarget of another group's common package: its
// accessor then returns that package's type, imported by its path.
// A kind whose name's plural is another kind's (IssueLabels beside
// IssueLabel) names its resource's plural; its singular drops the final s.
func TestGeneratePlural(t *testing.T) {
	dir := t.TempDir()
	common := filepath.Join(dir, "shop", "common", "v1alpha1")
	if err := os.MkdirAll(common, 0o755); err != nil {
		t.Fatal(err)
	}
	src := "package v1alpha1\n\n// +github:kind=Widgets\n// +github:kind:plural=widgetsets\ntype WidgetsParameters struct{}\ntype WidgetsObservation struct{}\n"
	if err := os.WriteFile(filepath.Join(common, "types.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := generate(dir, testImportPath, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"shop/m/v1alpha1/zz_generated.widgets.go", "shop/v1alpha1/zz_generated.widgets.go"} {
		if got, want := string(out[f]), ",path=widgetsets,singular=widgetset\n"; !strings.Contains(got, want) {
			t.Errorf("%s lacks %q:\n%s", f, want, got)
		}
	}
}

func TestGenerateTeamTargetOfAnotherGroup(t *testing.T) {
	dir := t.TempDir()
	common := filepath.Join(dir, "shop", "common", "v1alpha1")
	if err := os.MkdirAll(common, 0o755); err != nil {
		t.Fatal(err)
	}
	src := "package v1alpha1\n\nimport (\n\tteamcommon \"example.com/other/team/common/v1alpha1\"\n)\n\n" +
		"// +github:kind=Widget\ntype WidgetParameters struct {\n\tteamcommon.TeamTarget `json:\",inline\"`\n}\ntype WidgetObservation struct{}\n"
	if err := os.WriteFile(filepath.Join(common, "types.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := generate(dir, testImportPath, "")
	if err != nil {
		t.Fatal(err)
	}
	got := string(out["shop/m/v1alpha1/zz_generated.widget.go"])
	for _, want := range []string{`teams "example.com/other/team/common/v1alpha1"`, "func (w *Widget) TeamTarget() *teams.TeamTarget {"} {
		if !strings.Contains(got, want) {
			t.Errorf("the namespaced Widget lacks %q:\n%s", want, got)
		}
	}
}

// A kind that may be about a team or about something else embeds an
// OptionalTeamTarget: its accessor returns it as a TeamTarget, so the
// shared team lookup and selector resolution serve it too.
func TestGenerateOptionalTeamTarget(t *testing.T) {
	dir := t.TempDir()
	common := filepath.Join(dir, "shop", "common", "v1alpha1")
	if err := os.MkdirAll(common, 0o755); err != nil {
		t.Fatal(err)
	}
	src := "package v1alpha1\n\nimport (\n\tteamcommon \"example.com/other/team/common/v1alpha1\"\n)\n\n" +
		"// +github:kind=Widget\ntype WidgetParameters struct {\n\tteamcommon.OptionalTeamTarget `json:\",inline\"`\n}\ntype WidgetObservation struct{}\n"
	if err := os.WriteFile(filepath.Join(common, "types.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := generate(dir, testImportPath, "")
	if err != nil {
		t.Fatal(err)
	}
	got := string(out["shop/v1alpha1/zz_generated.widget.go"])
	for _, want := range []string{
		`teams "example.com/other/team/common/v1alpha1"`,
		"func (w *Widget) TeamTarget() *teams.TeamTarget {",
		"return (*teams.TeamTarget)(&w.Spec.ForProvider.OptionalTeamTarget)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the cluster-scoped Widget lacks %q:\n%s", want, got)
		}
	}
}
