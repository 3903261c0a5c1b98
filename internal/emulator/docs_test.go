package emulator_test

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

var updateDocs = flag.Bool("update-docs", false, "rewrite the generated operations section of docs/emulator.md")

const (
	docsPath   = "../../docs/emulator.md"
	docsBegin  = "<!-- operations:begin -->\n"
	docsEnd    = "<!-- operations:end -->\n"
	docsHeader = "<!-- Generated from the emulator's route table by hack/openapi-trim.sh; do not edit. -->\n"
)

// docTitle turns a documentation link's fragment into its heading:
// ".../repos#get-a-repository" is "Get a repository".
func docTitle(link string) string {
	_, frag, ok := strings.Cut(link, "#")
	if !ok || frag == "" {
		return link
	}
	words := strings.ReplaceAll(frag, "-", " ")
	return strings.ToUpper(words[:1]) + words[1:]
}

// operationsSection is the generated Markdown table of served operations,
// grouped by kind.
func operationsSection(ops []emulator.Operation) string {
	ops = append([]emulator.Operation(nil), ops...)
	sort.SliceStable(ops, func(i, j int) bool { return ops[i].Kind < ops[j].Kind })
	var b strings.Builder
	b.WriteString(docsHeader)
	b.WriteString("| Kind | Operation | GitHub's documentation |\n|------|-----------|------------------------|\n")
	for _, op := range ops {
		fmt.Fprintf(&b, "| %s | `%s` | [%s](%s) |\n", op.Kind, op, docTitle(op.Doc), op.Doc)
	}
	return b.String()
}

// splitDocs cuts a document around its generated section.
func splitDocs(doc string) (before, section, after string, ok bool) {
	i := strings.Index(doc, docsBegin)
	j := strings.Index(doc, docsEnd)
	if i < 0 || j < i {
		return "", "", "", false
	}
	return doc[:i+len(docsBegin)], doc[i+len(docsBegin) : j], doc[j:], true
}

// TestDocsListServedOperations keeps the endpoint list of docs/emulator.md
// equal to the route table.
func TestDocsListServedOperations(t *testing.T) {
	raw, err := os.ReadFile(docsPath)
	if err != nil {
		t.Fatal(err)
	}
	before, section, after, ok := splitDocs(string(raw))
	if !ok {
		t.Fatalf("%s has no %q ... %q section", docsPath, strings.TrimSpace(docsBegin), strings.TrimSpace(docsEnd))
	}
	want := operationsSection(emulator.Operations())
	if *updateDocs {
		if err := os.WriteFile(docsPath, []byte(before+want+after), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if diff := cmp.Diff(want, section); diff != "" {
		t.Errorf("%s lists other operations than the route table; run hack/openapi-trim.sh (or go test ./internal/emulator/ -run TestDocsListServedOperations -update-docs).\n-route table, +docs:\n%s", docsPath, diff)
	}
}

func TestDocsHelpers(t *testing.T) {
	titles := map[string]struct {
		link string
		want string
	}{
		"Fragment":   {"https://docs.github.com/rest/repos/repos#get-a-repository", "Get a repository"},
		"NoFragment": {"https://docs.github.com/rest", "https://docs.github.com/rest"},
	}
	for name, tc := range titles {
		if got := docTitle(tc.link); got != tc.want {
			t.Errorf("%s: docTitle(%q) = %q, want %q", name, tc.link, got, tc.want)
		}
	}
	splits := map[string]struct {
		doc     string
		section string
		ok      bool
	}{
		"Marked":      {"a\n" + docsBegin + "x\n" + docsEnd + "b\n", "x\n", true},
		"NoEnd":       {"a\n" + docsBegin + "x\n", "", false},
		"EndBeforeIt": {docsEnd + docsBegin, "", false},
	}
	for name, tc := range splits {
		before, section, after, ok := splitDocs(tc.doc)
		if ok != tc.ok || section != tc.section || (ok && before+section+after != tc.doc) {
			t.Errorf("%s: splitDocs = %q, %q, %q, %t; want section %q, %t", name, before, section, after, ok, tc.section, tc.ok)
		}
	}
}
