package emulator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
)

// Documentation links used in error bodies.
const (
	docRoot       = "https://docs.github.com/rest"
	docRateLimits = "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api"
	docSecondary  = "https://docs.github.com/free-pro-team@latest/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits"
	docRedirects  = "https://docs.github.com/rest/guides/best-practices-for-using-the-rest-api#follow-redirects"
)

// Authentication requirements of a route.
const (
	authOptional = iota
	authRequired
	authAppJWT
)

// route is one served operation.
type route struct {
	method  string
	pattern string
	parts   []string
	auth    int
	free    bool // does not count against the primary rate limit
	doc     string
	handler func(*reqCtx)
}

// registerRoutes lists every operation the emulator serves. Adding a
// repository-scoped endpoint is one repoRoute line plus its handler.
func (s *Server) registerRoutes() {
	s.add("GET", "/rate_limit", authOptional, "https://docs.github.com/rest/rate-limit/rate-limit#get-rate-limit-status-for-the-authenticated-user", s.getRateLimit).free = true
	s.add("GET", "/user", authRequired, "https://docs.github.com/rest/users/users#get-the-authenticated-user", s.getAuthenticatedUser)
	s.add("GET", "/users/{username}", authOptional, "https://docs.github.com/rest/users/users#get-a-user", s.getUser)
	s.add("GET", "/orgs/{org}", authOptional, "https://docs.github.com/rest/orgs/orgs#get-an-organization", s.getOrg)
	s.add("GET", "/user/repos", authRequired, "https://docs.github.com/rest/repos/repos#list-repositories-for-the-authenticated-user", s.listUserRepos)
	s.add("POST", "/user/repos", authRequired, "https://docs.github.com/rest/repos/repos#create-a-repository-for-the-authenticated-user", s.createUserRepo)
	s.add("GET", "/orgs/{org}/repos", authOptional, "https://docs.github.com/rest/repos/repos#list-organization-repositories", s.listOrgRepos)
	s.add("POST", "/orgs/{org}/repos", authRequired, "https://docs.github.com/rest/repos/repos#create-an-organization-repository", s.createOrgRepo)
	s.add("POST", "/app/installations/{installation_id}/access_tokens", authAppJWT, "https://docs.github.com/rest/apps/apps#create-an-installation-access-token-for-an-app", s.createInstallationToken)

	const repoDoc = "https://docs.github.com/rest/repos/repos"
	s.repoRoute("GET", "", repoOp{auth: authOptional, doc: repoDoc + "#get-a-repository"}, s.getRepo)
	s.repoRoute("PATCH", "", repoOp{auth: authRequired, need: accessAdmin, write: true, archivedOK: true, doc: repoDoc + "#update-a-repository"}, s.patchRepo)
	s.repoRoute("DELETE", "", repoOp{auth: authRequired, need: accessAdmin, write: true, archivedOK: true, doc: repoDoc + "#delete-a-repository"}, s.deleteRepo)
	s.repoRoute("POST", "/generate", repoOp{auth: authRequired, need: accessRead, write: true, archivedOK: true, doc: repoDoc + "#create-a-repository-using-a-template"}, s.generateRepo)
	s.repoRoute("POST", "/forks", repoOp{auth: authRequired, need: accessRead, write: true, archivedOK: true, doc: "https://docs.github.com/rest/repos/forks#create-a-fork"}, s.forkRepo)
	s.repoRoute("GET", "/topics", repoOp{auth: authOptional, doc: repoDoc + "#get-all-repository-topics"}, s.getTopics)
	s.repoRoute("PUT", "/topics", repoOp{auth: authRequired, need: accessWrite, write: true, doc: repoDoc + "#replace-all-repository-topics"}, s.putTopics)
	s.repoRoute("GET", "/vulnerability-alerts", repoOp{auth: authRequired, need: accessAdmin, doc: repoDoc + "#check-if-vulnerability-alerts-are-enabled-for-a-repository"}, s.getVulnerabilityAlerts)
	s.repoRoute("PUT", "/vulnerability-alerts", repoOp{auth: authRequired, need: accessAdmin, write: true, doc: repoDoc + "#enable-vulnerability-alerts"}, s.putVulnerabilityAlerts)
	s.repoRoute("DELETE", "/vulnerability-alerts", repoOp{auth: authRequired, need: accessAdmin, write: true, doc: repoDoc + "#disable-vulnerability-alerts"}, s.deleteVulnerabilityAlerts)
}

func (s *Server) add(method, pattern string, auth int, doc string, h func(*reqCtx)) *route {
	rt := &route{method: method, pattern: pattern, parts: strings.Split(strings.Trim(pattern, "/"), "/"), auth: auth, doc: doc, handler: h}
	s.routes = append(s.routes, rt)
	return rt
}

// match finds the route for a method and path.
func (s *Server) match(method, path string) (*route, map[string]string) {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	for _, rt := range s.routes {
		if rt.method != method || len(rt.parts) != len(segs) {
			continue
		}
		params := map[string]string{}
		ok := true
		for i, p := range rt.parts {
			if strings.HasPrefix(p, "{") {
				if segs[i] == "" {
					ok = false
					break
				}
				params[strings.Trim(p, "{}")] = segs[i]
				continue
			}
			if p != segs[i] {
				ok = false
				break
			}
		}
		if ok {
			return rt, params
		}
	}
	return nil, nil
}

// reqCtx carries one request through the pipeline and buffers its answer.
type reqCtx struct {
	s         *Server
	r         *http.Request
	path      string
	params    map[string]string
	apiBase   string
	webBase   string
	host      string
	reqID     string
	endpoint  string
	doc       string
	principal *principal
	jwt       string

	rate    rateSnapshot
	rateSet bool
	counted bool

	reqBody  []byte
	bodyRead bool

	status   int
	header   http.Header
	body     []byte
	etagBody []byte
}

// basicError is GitHub's basic error body.
type basicError struct {
	Message          string `json:"message"`
	DocumentationURL string `json:"documentation_url"`
	URL              string `json:"url,omitempty"`
	Status           string `json:"status,omitempty"`
}

// fieldError is one entry of a 422 "errors" array.
type fieldError struct {
	Resource string `json:"resource,omitempty"`
	Code     string `json:"code"`
	Field    string `json:"field,omitempty"`
	Message  string `json:"message,omitempty"`
}

type validationError struct {
	Message          string       `json:"message"`
	Errors           []fieldError `json:"errors,omitempty"`
	DocumentationURL string       `json:"documentation_url"`
	Status           string       `json:"status"`
}

func (c *reqCtx) json(status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		c.status = http.StatusInternalServerError
		c.body = []byte(`{"message":"Server Error"}`)
		return
	}
	c.status = status
	c.body = b
	c.header.Set("Content-Type", "application/json; charset=utf-8")
}

// fail answers with a basic error body.
func (c *reqCtx) fail(status int, msg, doc string) {
	if doc == "" {
		doc = docRoot
	}
	c.json(status, basicError{Message: msg, DocumentationURL: doc, Status: strconv.Itoa(status)})
}

// invalid answers 422 with a validation error body.
func (c *reqCtx) invalid(msg string, errs ...fieldError) {
	c.json(http.StatusUnprocessableEntity, validationError{Message: msg, Errors: errs, DocumentationURL: c.doc, Status: "422"})
}

func (c *reqCtx) noContent() {
	c.status = http.StatusNoContent
	c.body = nil
	c.header.Del("Content-Type")
}

// readBody reads the request body once, before any lock is taken.
func (c *reqCtx) readBody() error {
	if c.r.Body == nil || c.bodyRead {
		return nil
	}
	c.bodyRead = true
	b, err := io.ReadAll(io.LimitReader(c.r.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("reading request body: %w", err)
	}
	c.reqBody = b
	return nil
}

// decode parses the request body as a JSON object into a field map. It
// answers 400 for malformed JSON and reports false.
func (c *reqCtx) decode(required bool) (map[string]json.RawMessage, bool) {
	if err := c.readBody(); err != nil {
		c.fail(http.StatusBadRequest, "Problems parsing JSON", c.doc)
		return nil, false
	}
	trimmed := bytes.TrimSpace(c.reqBody)
	if len(trimmed) == 0 || string(trimmed) == "null" {
		if required {
			c.fail(http.StatusBadRequest, "Problems parsing JSON", c.doc)
			return nil, false
		}
		return map[string]json.RawMessage{}, true
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(trimmed, &m); err != nil {
		c.fail(http.StatusBadRequest, "Problems parsing JSON", c.doc)
		return nil, false
	}
	return m, true
}

// flush writes the buffered answer.
func (c *reqCtx) flush(w http.ResponseWriter) {
	h := w.Header()
	for k, v := range c.header {
		h[k] = v
	}
	if c.rateSet {
		h.Set("X-RateLimit-Limit", strconv.Itoa(c.rate.Limit))
		if c.header.Get("X-RateLimit-Remaining") == "" {
			h.Set("X-RateLimit-Remaining", strconv.Itoa(c.rate.Remaining))
		}
		h.Set("X-RateLimit-Used", strconv.Itoa(c.rate.Used))
		h.Set("X-RateLimit-Reset", strconv.FormatInt(c.rate.Reset.Unix(), 10))
		h.Set("X-RateLimit-Resource", "core")
	}
	if c.body != nil {
		h.Set("Content-Length", strconv.Itoa(len(c.body)))
	}
	w.WriteHeader(c.status)
	if c.body != nil && c.r.Method != http.MethodHead {
		_, _ = w.Write(c.body)
	}
}

// typeError builds GitHub's answer to a field of the wrong JSON type.
func (c *reqCtx) typeError(field string, raw json.RawMessage, want string) {
	c.json(http.StatusUnprocessableEntity, basicError{
		Message:          fmt.Sprintf("Invalid request.\n\nFor 'properties/%s', %s is not a %s.", field, string(raw), want),
		DocumentationURL: c.doc,
		Status:           "422",
	})
}
