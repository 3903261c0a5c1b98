package emulator

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// declared is one route a test kind declares: method, pattern, the
// description template ("" for the pattern itself) and the parameter that
// may span several segments ("" for none).
type declared struct{ method, pattern, spec, multi string }

func tableOf(routes ...declared) []*route {
	t := &routeTable{s: &Server{}, kind: "test"}
	for _, d := range routes {
		rt := t.add(d.method, d.pattern, authOptional, "", nil)
		if d.spec != "" {
			rt.describedAs(d.spec)
		}
		if d.multi != "" {
			rt.spanning(d.multi)
		}
	}
	return t.routes
}

func TestMatch(t *testing.T) {
	secrets := []declared{
		{"GET", "/repos/{owner}/{repo}/actions/secrets/{secret_name}", "", ""},
		{"GET", "/repos/{owner}/{repo}/actions/secrets/public-key", "", ""},
	}
	branches := []declared{
		{"GET", "/repos/{owner}/{repo}/branches/{branch}", "", "branch"},
		{"GET", "/repos/{owner}/{repo}/branches/{branch}/protection", "", "branch"},
		{"GET", "/repos/{owner}/{repo}/git/ref/{ref}", "", "ref"},
	}
	reversed := []declared{secrets[1], secrets[0]}
	cases := map[string]struct {
		reason  string
		routes  []declared
		method  string
		path    string
		want    string
		params  map[string]string
		matched bool
	}{
		"LiteralWins": {
			reason: "a literal segment beats a parameter in the same place",
			routes: secrets, method: "GET", path: "/repos/o/r/actions/secrets/public-key",
			want: "/repos/{owner}/{repo}/actions/secrets/public-key", params: map[string]string{"owner": "o", "repo": "r"}, matched: true,
		},
		"LiteralWinsWhateverTheOrder": {
			reason: "the registration order of kinds does not decide",
			routes: reversed, method: "GET", path: "/repos/o/r/actions/secrets/public-key",
			want: "/repos/{owner}/{repo}/actions/secrets/public-key", params: map[string]string{"owner": "o", "repo": "r"}, matched: true,
		},
		"ParameterOtherwise": {
			reason: "any other name goes to the parameter",
			routes: reversed, method: "GET", path: "/repos/o/r/actions/secrets/TOKEN",
			want: "/repos/{owner}/{repo}/actions/secrets/{secret_name}", params: map[string]string{"owner": "o", "repo": "r", "secret_name": "TOKEN"}, matched: true,
		},
		"EmptyParameter": {
			reason: "an empty segment is no parameter value",
			routes: secrets, method: "GET", path: "/repos/o//actions/secrets/x",
		},
		"OtherMethod": {
			reason: "the method must match",
			routes: secrets, method: "PUT", path: "/repos/o/r/actions/secrets/x",
		},
		"OtherLength": {
			reason: "a path with more segments matches nothing",
			routes: secrets, method: "GET", path: "/repos/o/r/actions/secrets/x/y",
		},
		"EscapedSlashStaysInItsSegment": {
			reason: "an escaped slash belongs to the parameter value, which is unescaped",
			routes: secrets, method: "GET", path: "/repos/o/r/actions/secrets/a%2Fb",
			want: "/repos/{owner}/{repo}/actions/secrets/{secret_name}", params: map[string]string{"owner": "o", "repo": "r", "secret_name": "a/b"}, matched: true,
		},
		"EscapedLiteral": {
			reason: "a literal segment matches whether or not it is escaped",
			routes: secrets, method: "GET", path: "/repos/o/r/actions/secrets/public%2Dkey",
			want: "/repos/{owner}/{repo}/actions/secrets/public-key", params: map[string]string{"owner": "o", "repo": "r"}, matched: true,
		},
		"SpanningParameter": {
			reason: "a branch name with slashes spans several segments",
			routes: branches, method: "GET", path: "/repos/o/r/branches/feature/x",
			want: "/repos/{owner}/{repo}/branches/{branch}", params: map[string]string{"owner": "o", "repo": "r", "branch": "feature/x"}, matched: true,
		},
		"SpanningParameterBeforeLiteral": {
			reason: "the route with more literal segments wins over a spanning parameter swallowing them",
			routes: branches, method: "GET", path: "/repos/o/r/branches/feature/x/protection",
			want: "/repos/{owner}/{repo}/branches/{branch}/protection", params: map[string]string{"owner": "o", "repo": "r", "branch": "feature/x"}, matched: true,
		},
		"SpanningEscaped": {
			reason: "an escaped branch name is one segment",
			routes: branches, method: "GET", path: "/repos/o/r/branches/feature%2Fx/protection",
			want: "/repos/{owner}/{repo}/branches/{branch}/protection", params: map[string]string{"owner": "o", "repo": "r", "branch": "feature/x"}, matched: true,
		},
		"SpanningRef": {
			reason: "a git ref spans the rest of the path",
			routes: branches, method: "GET", path: "/repos/o/r/git/ref/heads/a/b",
			want: "/repos/{owner}/{repo}/git/ref/{ref}", params: map[string]string{"owner": "o", "repo": "r", "ref": "heads/a/b"}, matched: true,
		},
		"SpanningEmptySegment": {
			reason: "a spanning parameter has no empty segment",
			routes: branches, method: "GET", path: "/repos/o/r/git/ref/heads//b",
		},
		"OnlyTheSpanningParameterSpans": {
			reason: "other parameters stay one segment",
			routes: secrets, method: "GET", path: "/repos/o/r/x/actions/secrets/y",
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			s := &Server{routes: tableOf(tc.routes...)}
			rt, params := s.match(tc.method, tc.path)
			if (rt != nil) != tc.matched {
				t.Fatalf("\n%s\nmatch(%s %s) = %v, want matched %t", tc.reason, tc.method, tc.path, rt, tc.matched)
			}
			if rt == nil {
				return
			}
			if rt.pattern != tc.want {
				t.Errorf("\n%s\nmatch(%s %s) = %s, want %s", tc.reason, tc.method, tc.path, rt.pattern, tc.want)
			}
			if diff := cmp.Diff(tc.params, params); diff != "" {
				t.Errorf("\n%s\nmatch(%s %s) params: -want, +got:\n%s", tc.reason, tc.method, tc.path, diff)
			}
		})
	}
}

func TestRouteTableRefuses(t *testing.T) {
	cases := map[string]struct {
		reason string
		routes []declared
		panics bool
	}{
		"SameOperationTwice": {
			reason: "two kinds cannot serve one operation, whatever they call its parameters",
			routes: []declared{{"GET", "/repos/{owner}/{repo}/hooks", "", ""}, {"GET", "/repos/{o}/{r}/hooks", "", ""}},
			panics: true,
		},
		"OtherMethod": {
			reason: "the same path with another method is another operation",
			routes: []declared{{"GET", "/repos/{owner}/{repo}/hooks", "", ""}, {"POST", "/repos/{owner}/{repo}/hooks", "", ""}},
		},
		"RenamedParameters": {
			reason: "a description template may name the parameters differently",
			routes: []declared{{"POST", "/repos/{owner}/{repo}/generate", "/repos/{template_owner}/{template_repo}/generate", ""}},
		},
		"OtherShape": {
			reason: "a description template must have the pattern's shape",
			routes: []declared{{"POST", "/repos/{owner}/{repo}/generate", "/repos/{owner}/{repo}/templates", ""}},
			panics: true,
		},
		"SpanningUnknownParameter": {
			reason: "only a parameter of the pattern can span segments",
			routes: []declared{{"GET", "/repos/{owner}/{repo}/branches/{branch}", "", "ref"}},
			panics: true,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			var got any
			func() {
				defer func() { got = recover() }()
				tableOf(tc.routes...)
			}()
			if (got != nil) != tc.panics {
				t.Errorf("\n%s\ndeclaring %v: panic %v, want panic %t", tc.reason, tc.routes, got, tc.panics)
			}
		})
	}
}

// TestKindsDeclareRoutes checks the kinds registered by the package's files:
// every route belongs to a kind and every kind serves something.
func TestKindsDeclareRoutes(t *testing.T) {
	served := map[string]int{}
	for _, rt := range buildRoutes(&Server{}) {
		if rt.kind == "" {
			t.Errorf("%s %s belongs to no kind", rt.method, rt.pattern)
		}
		served[rt.kind]++
	}
	for _, k := range kinds {
		if served[k.name] == 0 {
			t.Errorf("kind %q declares no route", k.name)
		}
	}
	if len(served) != len(kinds) {
		t.Errorf("routes of %d kinds, %d kinds registered: %v", len(served), len(kinds), fmt.Sprint(served))
	}
}
