package github

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRouteOf(t *testing.T) {
	cases := map[string]struct {
		path string
		want string
	}{
		"Repository":           {"/repos/demo-org/svc", "/repos/{owner}/{repo}"},
		"EnterpriseRepository": {"/api/v3/repos/demo-org/svc", "/repos/{owner}/{repo}"},
		"Topics":               {"/repos/o/r/topics", "/repos/{owner}/{repo}/topics"},
		"VulnerabilityAlerts":  {"/api/v3/repos/o/r/vulnerability-alerts", "/repos/{owner}/{repo}/vulnerability-alerts"},
		"OtherSubResource":     {"/repos/o/r/branches/main", "/repos/{owner}/{repo}/{...}"},
		"ByID":                 {"/repositories/700000001", "/repositories/{id}"},
		"User":                 {"/user", "/user"},
		"UserRepos":            {"/user/repos", "/user/repos"},
		"Account":              {"/users/demo-user", "/users/{username}"},
		"OrgRepos":             {"/api/v3/orgs/demo-org/repos", "/orgs/{org}/repos"},
		"InstallationToken":    {"/app/installations/67890/access_tokens", "/app/installations/{installation_id}/access_tokens"},
		"Unknown":              {"/gists/abc", "other"},
		"Root":                 {"/api/v3/", "/"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, routeOf(tc.path)); diff != "" {
				t.Errorf("routeOf(%q): -want, +got:\n%s", tc.path, diff)
			}
		})
	}
}

func TestRepoScope(t *testing.T) {
	cases := map[string]struct {
		path   string
		scope  string
		object bool
	}{
		"Repository":    {"/repos/Demo-Org/Svc", "repos/demo-org/svc", true},
		"Enterprise":    {"/api/v3/repos/o/r", "repos/o/r", true},
		"SubResource":   {"/repos/o/r/topics", "repos/o/r", false},
		"ByID":          {"/repositories/42", "repositories/42", true},
		"ByIDSub":       {"/repositories/42/topics", "repositories/42", false},
		"OrgRepos":      {"/orgs/o/repos", "", false},
		"UserRepoNamed": {"/users/repos", "", false},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.scope, repoScope(tc.path)); diff != "" {
				t.Errorf("repoScope(%q): -want, +got:\n%s", tc.path, diff)
			}
			_, object := repoObjectKey(tc.path)
			if diff := cmp.Diff(tc.object, object); diff != "" {
				t.Errorf("repoObjectKey(%q): -want, +got:\n%s", tc.path, diff)
			}
		})
	}
}
