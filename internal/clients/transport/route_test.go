package transport

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestRouteOf(t *testing.T) {
	cases := map[string]struct {
		reason string
		path   string
		want   string
	}{
		"Repository":           {"A repository path is labelled with its template.", "/repos/demo-org/svc", "/repos/{owner}/{repo}"},
		"EnterpriseRepository": {"The GitHub Enterprise Server prefix is dropped.", "/api/v3/repos/demo-org/svc", "/repos/{owner}/{repo}"},
		"Topics":               {"A declared sub-resource has its own label.", "/repos/o/r/topics", "/repos/{owner}/{repo}/topics"},
		"VulnerabilityAlerts":  {"The prefix is dropped for sub-resources too.", "/api/v3/repos/o/r/vulnerability-alerts", "/repos/{owner}/{repo}/vulnerability-alerts"},
		"Generate":             {"A template's own parameter names are its label.", "/repos/o/tmpl/generate", "/repos/{template_owner}/{template_repo}/generate"},
		"ByID":                 {"The id of a repository read by id is no label value.", "/repositories/700000001", "/repositories/{id}"},
		"ByIDSubResource":      {"A redirected sub-resource keeps its route, by id.", "/api/v3/repositories/700000001/topics", "/repositories/{id}/topics"},
		"User":                 {"A fixed path is its own label.", "/user", "/user"},
		"UserRepos":            {"Creating a user's repository.", "/user/repos", "/user/repos"},
		"Account":              {"A login is no label value.", "/users/demo-user", "/users/{username}"},
		"OrgRepos":             {"An organization is no label value.", "/api/v3/orgs/demo-org/repos", "/orgs/{org}/repos"},
		"UndeclaredSub":        {"An undeclared sub-resource, with an id in it, is other.", "/repos/o/r/releases/12345", "other"},
		"UndeclaredByID":       {"An undeclared sub-resource by id is other.", "/repositories/42/releases/7", "other"},
		"Unknown":              {"An unknown path is other.", "/gists/abc", "other"},
		"Root":                 {"The API root is declared by no route.", "/api/v3/", "other"},
		"EscapedBranch":        {"A branch name with a slash, escaped as it is sent, is one segment of its route.", "/repos/o/r/branches/feature%2Fx", "/repos/{owner}/{repo}/branches/{branch}"},
		"EscapedRef":           {"So is a git reference.", "/repos/o/r/git/ref/heads%2Ffeature%2Fx", "/repos/{owner}/{repo}/git/ref/{ref}"},
		"EmptySegment":         {"An empty segment matches no parameter.", "/repos//svc", "other"},
		"MethodIrrelevant":     {"Labels do not depend on the method: HEAD of a repository.", "/repos/o/r", "/repos/{owner}/{repo}"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, routeOf(tc.path)); diff != "" {
				t.Errorf("\n%s\nrouteOf(%q): -want, +got:\n%s", tc.reason, tc.path, diff)
			}
		})
	}
}

// testRoutes is a table of routes of areas the client does not have yet.
func testRoutes() *routeTable {
	t := &routeTable{}
	t.add(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}", Permission: "Metadata: read", Cache: CacheConditional, FullRead: true})
	t.add(Route{Method: http.MethodPatch, Template: "/repos/{owner}/{repo}", Permission: "Administration: write", Scope: "repo"})
	t.add(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/hooks/{hook_id}", Permission: "Webhooks: read", Cache: CacheConditional, FullRead: true})
	t.add(Route{Method: http.MethodPatch, Template: "/repos/{owner}/{repo}/hooks/{hook_id}", Permission: "Webhooks: write", Scope: "admin:repo_hook"})
	t.add(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/hooks/{hook_id}/config", Permission: "Webhooks: read"})
	t.add(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/git/ref/{ref}", Permission: "Contents: read"})
	t.add(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/git/ref/heads", Permission: "Contents: read, the fixed one"})
	return t
}

func TestRouteTableMatch(t *testing.T) {
	type want struct {
		permission string
		label      string
		ok         bool
	}
	cases := map[string]struct {
		reason string
		method string
		path   string
		want   want
	}{
		"Hook": {
			reason: "A parameter matches one segment.",
			method: http.MethodPatch, path: "/repos/o/r/hooks/12",
			want: want{permission: "Webhooks: write", label: "/repos/{owner}/{repo}/hooks/{hook_id}", ok: true},
		},
		"HookConfig": {
			reason: "A parameter matches one segment only: the config is its own route.",
			method: http.MethodGet, path: "/repos/o/r/hooks/12/config",
			want: want{permission: "Webhooks: read", label: "/repos/{owner}/{repo}/hooks/{hook_id}/config", ok: true},
		},
		"HookByID": {
			reason: "A route under /repos/{owner}/{repo} is also the route by repository id, where redirects point.",
			method: http.MethodPatch, path: "/api/v3/repositories/42/hooks/12",
			want: want{permission: "Webhooks: write", label: "/repositories/{id}/hooks/{hook_id}", ok: true},
		},
		"FixedSegmentWins": {
			reason: "Where templates overlap, the one with more fixed segments is the route.",
			method: http.MethodGet, path: "/repos/o/r/git/ref/heads",
			want: want{permission: "Contents: read, the fixed one", label: "/repos/{owner}/{repo}/git/ref/heads", ok: true},
		},
		"ParameterWhereNotFixed": {
			reason: "A value other than the fixed segment takes the parameter's route.",
			method: http.MethodGet, path: "/repos/o/r/git/ref/tags",
			want: want{permission: "Contents: read", label: "/repos/{owner}/{repo}/git/ref/{ref}", ok: true},
		},
		"UndeclaredMethod": {
			reason: "A method no route declares for the path has no route, but the path keeps its label.",
			method: http.MethodDelete, path: "/repos/o/r/hooks/12",
			want: want{label: "/repos/{owner}/{repo}/hooks/{hook_id}"},
		},
		"TooLong": {
			reason: "A path longer than every template is other.",
			method: http.MethodGet, path: "/repos/o/r/hooks/12/config/more",
			want: want{label: "other"},
		},
	}
	routes := testRoutes()
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			r, label, ok := routes.match(tc.method, tc.path)
			if diff := cmp.Diff(tc.want, want{permission: r.Permission, label: label, ok: ok}, cmp.AllowUnexported(want{})); diff != "" {
				t.Errorf("\n%s\nmatch(%s %s): -want, +got:\n%s", tc.reason, tc.method, tc.path, diff)
			}
		})
	}
}

func TestRouteTableRefuses(t *testing.T) {
	cases := map[string]struct {
		reason string
		route  Route
	}{
		"Duplicate": {
			reason: "A route is declared once, whatever its parameters are called.",
			route:  Route{Method: http.MethodPatch, Template: "/repos/{o}/{r}"},
		},
		"LowerCaseMethod": {
			reason: "A method is upper case, as requests carry it.",
			route:  Route{Method: "get", Template: "/gists"},
		},
		"RelativeTemplate": {
			reason: "A template starts with /, as GitHub's description writes it.",
			route:  Route{Method: http.MethodGet, Template: "gists"},
		},
		"FullReadWrite": {
			reason: "Only a GET can be a full read.",
			route:  Route{Method: http.MethodPost, Template: "/gists", Cache: CacheConditional, FullRead: true},
		},
		"FullReadUncached": {
			reason: "A full read needs a cached answer to be full against.",
			route:  Route{Method: http.MethodGet, Template: "/gists", FullRead: true},
		},
		"FreshUncached": {
			reason: "Only a kept answer can be fresh.",
			route:  Route{Method: http.MethodGet, Template: "/gists", FreshFor: time.Minute},
		},
		"FreshNegative": {
			reason: "A freshness is a positive while.",
			route:  Route{Method: http.MethodGet, Template: "/gists", Cache: CacheConditional, FreshFor: -time.Minute},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("\n%s\nadd(%+v) did not panic", tc.reason, tc.route)
				}
			}()
			testRoutes().add(tc.route)
		})
	}
}

func TestRepoScope(t *testing.T) {
	cases := map[string]struct {
		path   string
		scope  string
		object string
	}{
		"Repository":    {"/repos/Demo-Org/Svc", "repos/demo-org/svc", "repos/demo-org/svc"},
		"Enterprise":    {"/api/v3/repos/o/r", "repos/o/r", "repos/o/r"},
		"SubResource":   {"/repos/O/r/hooks/Main", "repos/o/r", "repos/o/r/hooks/Main"},
		"ByID":          {"/repositories/42", "repositories/42", "repositories/42"},
		"ByIDSub":       {"/repositories/42/topics", "repositories/42", "repositories/42/topics"},
		"OrgRepos":      {"/orgs/o/repos", "", "orgs/o/repos"},
		"UserRepoNamed": {"/users/repos", "", "users/repos"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.scope, repoScope(tc.path)); diff != "" {
				t.Errorf("repoScope(%q): -want, +got:\n%s", tc.path, diff)
			}
			if diff := cmp.Diff(tc.object, objectKey(tc.path)); diff != "" {
				t.Errorf("objectKey(%q): -want, +got:\n%s", tc.path, diff)
			}
		})
	}
}

// TestRouteTableMemo holds the memo of matches to what a match finds
// anew: over more paths than it has slots (so slots are shared and
// replaced), asked in both orders and twice, and emptied when a route is
// added.
func TestRouteTableMemo(t *testing.T) {
	rt := testRoutes()
	var asks [][2]string
	for i := range 3 * memoSlots {
		asks = append(asks,
			[2]string{http.MethodGet, fmt.Sprintf("/repos/o/r%d/hooks/%d", i, i)},
			[2]string{http.MethodPatch, fmt.Sprintf("/repos/o/r%d/hooks/%d", i, i)},
			[2]string{http.MethodDelete, fmt.Sprintf("/repositories/%d/hooks/1", i)},
			[2]string{http.MethodGet, fmt.Sprintf("/unknown/%d", i)})
	}
	for round := range 2 {
		for j := range asks {
			a := asks[j]
			if round == 1 {
				a = asks[len(asks)-1-j]
			}
			route, label, ok := rt.match(a[0], a[1])
			fresh := rt.matchAnew(a[0], a[1])
			wantOK := fresh.route >= 0
			var want Route
			if wantOK {
				want = rt.routes[fresh.route].Route
			}
			if ok != wantOK || label != fresh.label || route.Template != want.Template || route.Method != want.Method {
				t.Fatalf("round %d: match(%s %s) = %s %s %q %t, want %s %s %q %t", round, a[0], a[1],
					route.Method, route.Template, label, ok, want.Method, want.Template, fresh.label, wantOK)
			}
		}
	}
	if _, _, ok := rt.match(http.MethodPut, "/repos/o/r/hooks/1"); ok {
		t.Fatal("PUT of a hook is not declared yet")
	}
	rt.add(Route{Method: http.MethodPut, Template: "/repos/{owner}/{repo}/hooks/{hook_id}"})
	if _, _, ok := rt.match(http.MethodPut, "/repos/o/r/hooks/1"); !ok {
		t.Error("a route added after a miss was remembered is not matched: the memo outlived the table it was of")
	}
}
