package v1alpha1

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"sort"
	"strconv"
	"testing"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/cel-go/cel"
	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"
)

func fullTarget() *RepositoryTarget {
	return &RepositoryTarget{
		Owner:         ptr.To("octo-org"),
		Repository:    ptr.To("hello"),
		RepositoryRef: &xpv2.Reference{Name: "hello", Policy: &xpv2.Policy{Resolve: ptr.To(xpv2.ResolvePolicyAlways)}},
		RepositorySelector: &xpv2.Selector{
			MatchLabels:        map[string]string{"team": "web"},
			MatchControllerRef: ptr.To(true),
		},
	}
}

func TestRepositoryTargetDeepCopy(t *testing.T) {
	in := fullTarget()
	out := in.DeepCopy()
	if diff := cmp.Diff(in, out); diff != "" {
		t.Fatalf("DeepCopy(): -in, +out:\n%s", diff)
	}
	*out.Owner = "other"
	out.RepositoryRef.Name = "other"
	*out.RepositoryRef.Policy.Resolve = "IfNotPresent"
	out.RepositorySelector.MatchLabels["team"] = "other"
	if diff := cmp.Diff(fullTarget(), in); diff != "" {
		t.Errorf("changing the copy changed the original: -want, +got:\n%s", diff)
	}
}

func TestRepositoryTargetJSON(t *testing.T) {
	// Kinds embed the target inline in their parameters: its fields sit
	// beside the kind's own.
	type parameters struct {
		RepositoryTarget `json:",inline"`

		URL string `json:"url"`
	}
	b, err := json.Marshal(parameters{RepositoryTarget: *fullTarget(), URL: "https://example.com"})
	if err != nil {
		t.Fatal(err)
	}
	var fields map[string]any
	if err := json.Unmarshal(b, &fields); err != nil {
		t.Fatal(err)
	}
	got := make([]string, 0, len(fields))
	for k := range fields {
		got = append(got, k)
	}
	sort.Strings(got)
	want := []string{"owner", "repository", "repositoryRef", "repositorySelector", "url"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("JSON fields of embedded RepositoryTarget: -want, +got:\n%s", diff)
	}

	b, err = json.Marshal(RepositoryTarget{})
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != "{}" {
		t.Errorf("json.Marshal(RepositoryTarget{}): want {}, got %s (every field is optional)", b)
	}
}

// targetRules returns the CEL rules and messages of RepositoryTarget's
// XValidation markers, as written in repository_target.go.
func targetRules(t *testing.T) map[string]string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "repository_target.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	marker := regexp.MustCompile(`^// \+kubebuilder:validation:XValidation:rule=("(?:[^"\\]|\\.)*"),message=("(?:[^"\\]|\\.)*")$`)
	rules := map[string]string{}
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE || gd.Specs[0].(*ast.TypeSpec).Name.Name != "RepositoryTarget" {
			continue
		}
		for _, c := range gd.Doc.List {
			m := marker.FindStringSubmatch(c.Text)
			if m == nil {
				continue
			}
			rule, err1 := strconv.Unquote(m[1])
			msg, err2 := strconv.Unquote(m[2])
			if err1 != nil || err2 != nil {
				t.Fatalf("cannot unquote marker %s", c.Text)
			}
			rules[rule] = msg
		}
	}
	if len(rules) != 2 {
		t.Fatalf("want 2 XValidation rules on RepositoryTarget, found %d", len(rules))
	}
	return rules
}

func TestRepositoryTargetCEL(t *testing.T) {
	const (
		exactlyOne = "set exactly one of repository, repositoryRef or repositorySelector"
		ownerOnly  = "owner can only be set together with repository: a Repository chosen by repositoryRef or repositorySelector brings its own owner"
	)
	ref := &xpv2.Reference{Name: "hello"}
	sel := &xpv2.Selector{MatchControllerRef: ptr.To(true)}
	cases := map[string]struct {
		reason string
		target RepositoryTarget
		want   []string // Messages of the rules that fail, sorted.
	}{
		"Name":             {reason: "A name alone is valid.", target: RepositoryTarget{Repository: ptr.To("hello")}},
		"OwnerAndName":     {reason: "An owner goes with a name.", target: RepositoryTarget{Owner: ptr.To("octo"), Repository: ptr.To("hello")}},
		"Ref":              {reason: "A reference alone is valid.", target: RepositoryTarget{RepositoryRef: ref}},
		"Selector":         {reason: "A selector alone is valid.", target: RepositoryTarget{RepositorySelector: sel}},
		"SelectorResolved": {reason: "Resolving a selector writes repositoryRef beside it.", target: RepositoryTarget{RepositoryRef: ref, RepositorySelector: sel}},
		"Nothing":          {reason: "The repository must be named somehow.", target: RepositoryTarget{}, want: []string{exactlyOne}},
		"NameAndRef":       {reason: "A name and a reference contradict each other.", target: RepositoryTarget{Repository: ptr.To("hello"), RepositoryRef: ref}, want: []string{exactlyOne}},
		"NameAndSelector":  {reason: "A name and a selector contradict each other.", target: RepositoryTarget{Repository: ptr.To("hello"), RepositorySelector: sel}, want: []string{exactlyOne}},
		"OwnerAndRef":      {reason: "A referenced Repository brings its own owner.", target: RepositoryTarget{Owner: ptr.To("octo"), RepositoryRef: ref}, want: []string{ownerOnly}},
		"OwnerOnly":        {reason: "An owner without a name names no repository.", target: RepositoryTarget{Owner: ptr.To("octo")}, want: []string{ownerOnly, exactlyOne}},
	}

	env, err := cel.NewEnv(cel.Variable("self", cel.MapType(cel.StringType, cel.DynType)))
	if err != nil {
		t.Fatal(err)
	}
	programs := map[string]cel.Program{}
	for rule, msg := range targetRules(t) {
		checked, iss := env.Compile(rule)
		if iss.Err() != nil {
			t.Fatalf("rule %q does not compile: %v", rule, iss.Err())
		}
		prg, err := env.Program(checked)
		if err != nil {
			t.Fatal(err)
		}
		programs[msg] = prg
	}

	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			// The API server evaluates the rules on the object as JSON.
			b, err := json.Marshal(tc.target)
			if err != nil {
				t.Fatal(err)
			}
			var self map[string]any
			if err := json.Unmarshal(b, &self); err != nil {
				t.Fatal(err)
			}
			var failed []string
			for msg, prg := range programs {
				out, _, err := prg.Eval(map[string]any{"self": self})
				if err != nil {
					t.Fatalf("evaluating %q: %v", msg, err)
				}
				if ok, _ := out.Value().(bool); !ok {
					failed = append(failed, msg)
				}
			}
			sort.Strings(failed)
			if diff := cmp.Diff(tc.want, failed); diff != "" {
				t.Errorf("\n%s\nfailed rules: -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}
