package emulator_test

import (
	"net/http/httptest"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, pagesContract) }

// pagesContract drives a repository's Pages site: none, published from a
// branch, a custom domain waiting for its certificate (https refused
// meanwhile) then verified, a workflow build, unpublished; and GitHub's
// errors. GitHub's wording of a missing branch and of a private site
// outside Enterprise Cloud is the emulator's own: GitHub's description
// does not give it.
func pagesContract(t *testing.T, srv *httptest.Server, emu *emulator.Server) {
	skipReq := map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}
	const repo = "/repos/demo-org/pages-contract"
	pages := repo + "/pages"
	runSteps(t, srv, []step{
		{"create a repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"pages-contract","auto_init":true}`}, 201, nil},
		{"no site", call{method: "GET", path: pages, token: "demo-token"}, 404, field("message", "Not Found")},
		{"update no site", call{method: "PUT", path: pages, token: "demo-token", body: `{"cname":"docs.example.com"}`}, 404, field("message", "Not Found")},
		{"delete no site", call{method: "DELETE", path: pages, token: "demo-token"}, 404, field("message", "Not Found")},
		{"a branch that does not exist", call{method: "POST", path: pages, token: "demo-token", body: `{"source":{"branch":"gh-pages"}}`}, 422,
			bodyContains("The branch gh-pages does not exist")},
		{"neither source nor build type", call{method: "POST", path: pages, token: "demo-token", body: `{}`, headers: skipReq}, 422, nil},
		{"a path GitHub does not take", call{method: "POST", path: pages, token: "demo-token", body: `{"source":{"branch":"main","path":"/site"}}`, headers: skipReq}, 422,
			bodyContains("source.path must be one of /, /docs")},
		{"publish as a reader", call{method: "POST", path: pages, token: "member-token", body: `{"source":{"branch":"main"}}`}, 403, nil},
		{"publish from main", call{method: "POST", path: pages, token: "demo-token", body: `{"source":{"branch":"main","path":"/docs"}}`}, 201,
			all(field("build_type", "legacy"), field("source", map[string]any{"branch": "main", "path": "/docs"}), field("https_enforced", true), field("cname", nil), field("public", true))},
		{"the repository has pages", call{method: "GET", path: repo, token: "demo-token"}, 200, field("has_pages", true)},
		{"publish twice", call{method: "POST", path: pages, token: "demo-token", body: `{"source":{"branch":"main"}}`}, 409, field("message", "GitHub Pages is already enabled.")},
		{"read", call{method: "GET", path: pages, token: "demo-token"}, 200,
			all(field("status", "built"), field("html_url", "https://demo-org.github.io/pages-contract/"), notContains("https_certificate"))},
		{"https off without a domain", call{method: "PUT", path: pages, token: "demo-token", body: `{"https_enforced":false}`}, 422, bodyContains("github.io")},
		{"private outside Enterprise Cloud", call{method: "PUT", path: pages, token: "demo-token", body: `{"public":false}`}, 422, bodyContains("GitHub Enterprise Cloud")},
		{"a custom domain", call{method: "PUT", path: pages, token: "demo-token", body: `{"cname":"Docs.Example.com"}`}, 204, nil},
		{"the domain pending", call{method: "GET", path: pages, token: "demo-token"}, 200,
			all(field("cname", "docs.example.com"), field("protected_domain_state", "pending"), field("https_enforced", false),
				bodyContains(`"state":"authorization_pending"`), field("html_url", "http://docs.example.com/"))},
		{"https before the certificate", call{method: "PUT", path: pages, token: "demo-token", body: `{"https_enforced":true}`}, 422,
			field("message", "The certificate does not exist yet")},
	}, nil)
	if err := emu.State().IssuePagesCertificate("demo-org", "pages-contract"); err != nil {
		t.Fatalf("IssuePagesCertificate: %v", err)
	}
	runSteps(t, srv, []step{
		{"the domain verified", call{method: "GET", path: pages, token: "demo-token"}, 200,
			all(field("protected_domain_state", "verified"), bodyContains(`"state":"approved"`), field("pending_domain_unverified_at", nil))},
		{"https once the certificate is issued", call{method: "PUT", path: pages, token: "demo-token", body: `{"https_enforced":true}`}, 204, nil},
		{"served over https", call{method: "GET", path: pages, token: "demo-token"}, 200,
			all(field("https_enforced", true), field("html_url", "https://docs.example.com/"))},
		{"the root of main", call{method: "PUT", path: pages, token: "demo-token", body: `{"source":{"branch":"main","path":"/"}}`}, 204, nil},
		{"a source branch that does not exist", call{method: "PUT", path: pages, token: "demo-token", body: `{"source":{"branch":"gone","path":"/"}}`}, 422,
			bodyContains("The branch gone does not exist")},
		{"a source object without its path", call{method: "PUT", path: pages, token: "demo-token", body: `{"source":{"branch":"main"}}`, headers: skipReq}, 422, nil},
		{"a workflow build", call{method: "PUT", path: pages, token: "demo-token", body: `{"build_type":"workflow"}`}, 204, nil},
		{"read the workflow build", call{method: "GET", path: pages, token: "demo-token"}, 200,
			all(field("build_type", "workflow"), field("cname", "docs.example.com"), field("https_enforced", true))},
		{"the domain removed", call{method: "PUT", path: pages, token: "demo-token", body: `{"cname":null}`}, 204, nil},
		{"a github.io site again", call{method: "GET", path: pages, token: "demo-token"}, 200,
			all(field("cname", nil), field("https_enforced", true), notContains("https_certificate"))},
		{"archive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":true}`}, 200, nil},
		{"archived: unpublish", call{method: "DELETE", path: pages, token: "demo-token"}, 403, field("message", "Repository was archived so is read-only.")},
		{"unarchive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":false}`}, 200, nil},
		{"unpublish", call{method: "DELETE", path: pages, token: "demo-token"}, 204, nil},
		{"gone", call{method: "GET", path: pages, token: "demo-token"}, 404, nil},
		{"the repository has no pages", call{method: "GET", path: repo, token: "demo-token"}, 200, field("has_pages", false)},
		{"a workflow site without a source", call{method: "POST", path: pages, token: "demo-token", body: `{"build_type":"workflow"}`}, 201,
			all(field("build_type", "workflow"), field("source", map[string]any{"branch": "main", "path": "/"}))},
		{"an unknown repository", call{method: "GET", path: "/repos/demo-org/nothing/pages", token: "demo-token"}, 404, field("message", "Not Found")},
	}, nil)
}
