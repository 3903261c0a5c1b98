// Package emulatortest starts GitHub API emulators for tests and holds every
// exchange with them to GitHub's official OpenAPI description: each request a
// test client sends and each answer the emulator gives is validated, and any
// contract violation fails the test.
package emulatortest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
)

// SkipRequestValidationHeader is a header that, set on a request (to any value), skips the
// validation of that request, for tests that send deliberately invalid
// requests. The answer is still validated.
const SkipRequestValidationHeader = "X-Emulatortest-Skip-Request-Validation"

// SpecPath is the trimmed OpenAPI description the contract is checked against.
func SpecPath() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "testdata", "openapi", "api.github.com.trimmed.json")
}

// Validator checks requests and responses against GitHub's description.
type Validator struct {
	doc    *openapi3.T
	router routers.Router
	multi  []multiSegment
}

// multiSegment is a path template of the description with a parameter that
// may span several segments (x-multi-segment: a branch name or a git ref
// with slashes), which the description's router cannot match unescaped.
type multiSegment struct {
	re       *regexp.Regexp // the template; group 1 is the spanning parameter
	literals int
}

// multiSegments finds the description's templates with a spanning parameter.
func multiSegments(doc *openapi3.T) []multiSegment {
	var out []multiSegment
	for path, item := range doc.Paths.Map() {
		spanning := map[string]bool{}
		for _, op := range item.Operations() {
			for _, ref := range append(append(openapi3.Parameters{}, item.Parameters...), op.Parameters...) {
				if p := ref.Value; p != nil && p.In == "path" && isTrue(p.Extensions["x-multi-segment"]) {
					spanning[p.Name] = true
				}
			}
		}
		if len(spanning) == 0 {
			continue
		}
		var b strings.Builder
		literals := 0
		for _, seg := range strings.Split(strings.Trim(path, "/"), "/") {
			b.WriteString("/")
			name, isParam := strings.CutPrefix(seg, "{")
			name = strings.TrimSuffix(name, "}")
			switch {
			case isParam && spanning[name]:
				b.WriteString("(.+)")
			case isParam:
				b.WriteString("[^/]+")
			default:
				literals++
				b.WriteString(regexp.QuoteMeta(seg))
			}
		}
		out = append(out, multiSegment{re: regexp.MustCompile("^" + b.String() + "$"), literals: literals})
	}
	return out
}

// isTrue reports whether an extension's value is the JSON true.
func isTrue(v any) bool {
	b, ok := v.(bool)
	return ok && b
}

// escapeSpanning escapes the slashes of a spanning parameter in an escaped
// path, so that it is one segment for the description's router. Where two
// templates match, the one with more literal segments wins, as in the
// emulator.
func (v *Validator) escapeSpanning(p string) string {
	var best *multiSegment
	var m []int
	for i := range v.multi {
		ms := &v.multi[i]
		if loc := ms.re.FindStringSubmatchIndex(p); loc != nil && (best == nil || ms.literals > best.literals) {
			best, m = ms, loc
		}
	}
	if best == nil {
		return p
	}
	return p[:m[2]] + strings.ReplaceAll(p[m[2]:m[3]], "/", "%2F") + p[m[3]:]
}

var (
	loadOnce   sync.Once
	loaded     *Validator
	loadFailed error
)

// LoadValidator loads (once) and returns the validator for SpecPath.
func LoadValidator() (*Validator, error) {
	loadOnce.Do(func() {
		loader := openapi3.NewLoader()
		doc, err := loader.LoadFromFile(SpecPath())
		if err != nil {
			loadFailed = fmt.Errorf("loading %s: %w", SpecPath(), err)
			return
		}
		if err := doc.Validate(context.Background(), openapi3.DisableExamplesValidation()); err != nil {
			loadFailed = fmt.Errorf("validating %s: %w", SpecPath(), err)
			return
		}
		router, err := legacy.NewRouter(doc)
		if err != nil {
			loadFailed = fmt.Errorf("building router: %w", err)
			return
		}
		loaded = &Validator{doc: doc, router: router, multi: multiSegments(doc)}
	})
	return loaded, loadFailed
}

// specURL maps a request to the api.github.com URL space of the description:
// the GHES /api/v3 prefix is dropped, /repositories/{id}[/...] (GitHub's
// id-based alias of /repos/{owner}/{repo}, which the description leaves out)
// is matched as /repos/{owner}/{repo}[/...], and the slashes of a branch name
// or git ref sent unescaped are escaped. The path stays escaped as the
// request sent it, so that an escaped slash stays inside its segment.
var byID = regexp.MustCompile(`^/repositories/(\d+)(/.*)?$`)

func (v *Validator) specURL(u *url.URL) *url.URL {
	p := strings.TrimPrefix(u.EscapedPath(), "/api/v3")
	if m := byID.FindStringSubmatch(p); m != nil {
		p = "/repos/repositories-" + m[1] + "/by-id" + m[2]
	}
	p = v.escapeSpanning(p)
	out := &url.URL{Scheme: "https", Host: "api.github.com", Path: p, RawQuery: u.RawQuery}
	if unescaped, err := url.PathUnescape(p); err == nil {
		out.Path, out.RawPath = unescaped, p
	}
	return out
}

// universalStatuses may answer any operation even where the description does
// not list them (GitHub documents them globally): conditional requests,
// authentication, rate limits, redirects after renames, server errors.
var universalStatuses = map[int]bool{301: true, 304: true, 307: true, 401: true, 403: true, 404: true, 422: true, 429: true, 500: true, 502: true, 503: true}

// Exchange is one request and its answer, with bodies read into memory.
type Exchange struct {
	Request      *http.Request
	RequestBody  []byte
	Status       int
	Header       http.Header
	ResponseBody []byte
}

// Validate checks an exchange: the request (unless it carries
// SkipRequestValidationHeader) and the response's status, headers and body.
func (v *Validator) Validate(ctx context.Context, ex Exchange) error {
	req := ex.Request.Clone(ctx)
	req.URL = v.specURL(ex.Request.URL)
	req.Host = req.URL.Host
	req.Body = io.NopCloser(bytes.NewReader(ex.RequestBody))
	if req.Header.Get("Content-Type") == "" && len(ex.RequestBody) > 0 {
		req.Header.Set("Content-Type", "application/json")
	}
	route, params, err := v.router.FindRoute(req)
	if err != nil && ex.Status == http.StatusNotFound {
		// GitHub answers 404 for paths it does not serve; so must we.
		var body any
		if jerr := json.Unmarshal(ex.ResponseBody, &body); jerr != nil {
			return fmt.Errorf("%s %s -> 404 body is not JSON: %w", ex.Request.Method, ex.Request.URL.Path, jerr)
		}
		if verr := v.doc.Components.Schemas["basic-error"].Value.VisitJSON(body); verr != nil {
			return fmt.Errorf("%s %s -> 404 body is not a basic-error: %w", ex.Request.Method, ex.Request.URL.Path, verr)
		}
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s %s: no operation in GitHub's description: %w", ex.Request.Method, ex.Request.URL.Path, err)
	}
	opts := &openapi3filter.Options{
		IncludeResponseStatus: true,
		MultiError:            true,
		AuthenticationFunc:    openapi3filter.NoopAuthenticationFunc,
	}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route, Options: opts}
	var errs []error
	if ex.Request.Header.Get(SkipRequestValidationHeader) == "" {
		if err := openapi3filter.ValidateRequest(ctx, in); err != nil {
			errs = append(errs, fmt.Errorf("request: %w", err))
		}
	}
	errs = append(errs, v.validateResponse(ctx, in, route, ex)...)
	if len(errs) > 0 {
		return fmt.Errorf("%s %s -> %d violates GitHub's description: %w", ex.Request.Method, ex.Request.URL.String(), ex.Status, errors.Join(errs...))
	}
	return nil
}

func (v *Validator) validateResponse(ctx context.Context, in *openapi3filter.RequestValidationInput, route *routers.Route, ex Exchange) []error {
	var errs []error
	h := ex.Header
	if h.Get("X-GitHub-Request-Id") == "" {
		errs = append(errs, errors.New("response: missing X-GitHub-Request-Id"))
	}
	for _, name := range []string{"X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Used", "X-RateLimit-Reset", "X-RateLimit-Resource"} {
		if h.Get(name) == "" && ex.Status != 499 {
			errs = append(errs, fmt.Errorf("response: missing %s", name))
		}
	}
	if len(ex.ResponseBody) > 0 && !strings.HasPrefix(h.Get("Content-Type"), "application/json") {
		errs = append(errs, fmt.Errorf("response: Content-Type %q with a body", h.Get("Content-Type")))
	}
	if ex.Request.Method == http.MethodGet && (ex.Status == 200 || ex.Status == 304) && !strings.HasPrefix(h.Get("ETag"), `W/"`) {
		errs = append(errs, fmt.Errorf("response: GET answered %d without a weak ETag", ex.Status))
	}
	if ex.Status == 301 || ex.Status == 307 {
		if h.Get("Location") == "" {
			errs = append(errs, fmt.Errorf("response: %d without Location", ex.Status))
		}
	}
	if ex.Status == 304 && len(ex.ResponseBody) > 0 {
		errs = append(errs, errors.New("response: 304 with a body"))
	}

	documented := route.Operation.Responses.Status(ex.Status) != nil
	if documented && ex.Status == 422 && sentenceErrors[route.Operation.OperationID] {
		return append(errs, v.validateBody(ex, "validation-error-simple")...)
	}
	if documented && ambiguousErrors[fmt.Sprintf("%s %d", route.Operation.OperationID, ex.Status)] {
		return append(errs, v.validateBody(ex, "basic-error")...)
	}
	if documented {
		out := &openapi3filter.ResponseValidationInput{
			RequestValidationInput: in,
			Status:                 ex.Status,
			Header:                 h,
			Body:                   io.NopCloser(bytes.NewReader(ex.ResponseBody)),
			Options:                in.Options,
		}
		if err := openapi3filter.ValidateResponse(ctx, out); err != nil {
			errs = append(errs, fmt.Errorf("response: %w", err))
		}
		return errs
	}
	if !universalStatuses[ex.Status] && !undocumentedStatuses[fmt.Sprintf("%s %d", route.Operation.OperationID, ex.Status)] {
		return append(errs, fmt.Errorf("response: status %d is not documented for %s %s", ex.Status, route.Method, route.Path))
	}
	if ex.Status == 304 {
		return errs
	}
	schema := "basic-error"
	if ex.Status == 422 {
		schema = "validation-error"
	}
	return append(errs, v.validateBody(ex, schema)...)
}

// undocumentedStatuses are answers GitHub gives (operationId and status)
// that the description leaves out, held to basic-error: a create of an
// Actions variable whose name is taken is a 409 (clients such as GitHub's
// CLI rely on it to update instead), as is one of an organization's; and
// setting the repositories of an organization secret whose visibility is
// not selected is a 409, as adding or removing one is documented to be;
// so is reading or setting a repository's selected actions while its
// allowed_actions is not selected, which GitHub's docs say it must be.
var undocumentedStatuses = map[string]bool{
	"actions/get-allowed-actions-repository 409":       true,
	"actions/set-allowed-actions-repository 409":       true,
	"actions/create-repo-variable 409":                 true,
	"actions/create-environment-variable 409":          true,
	"actions/create-org-variable 409":                  true,
	"actions/set-selected-repos-for-org-secret 409":    true,
	"dependabot/set-selected-repos-for-org-secret 409": true,
}

// sentenceErrors are the operations (by operationId) whose 422 GitHub
// answers with its errors as sentences, {"message":"Validation Failed",
// "errors":["Invalid rule 'pull_request': "]}, where the description
// documents errors as objects: their 422 is held to validation-error-simple.
// An organization's rulesets are answered as a repository's.
var sentenceErrors = map[string]bool{
	"repos/create-repo-ruleset": true,
	"repos/update-repo-ruleset": true,
	"repos/create-org-ruleset":  true,
	"repos/update-org-ruleset":  true,
}

// ambiguousErrors are the answers (operationId and status) that the
// description documents as a oneOf which every basic error matches more than
// once, so that no answer can pass it: the 409 of a contents write is
// basic-error or repository-rule-violation-error, whose fields are all
// optional; and the 422 of an organization's update, validation-error or
// validation-error-simple, which a 422 without errors (a field of the wrong
// type) matches both of. They are held to basic-error.
var ambiguousErrors = map[string]bool{
	"repos/create-or-update-file-contents 409": true,
	"orgs/update 422":                          true,
}

// validateBody checks an answer's body against one of the description's
// schemas.
func (v *Validator) validateBody(ex Exchange, schema string) []error {
	s := v.doc.Components.Schemas[schema]
	if s == nil {
		return []error{fmt.Errorf("response: the description has no schema %s", schema)}
	}
	var body any
	if err := json.Unmarshal(ex.ResponseBody, &body); err != nil {
		return []error{fmt.Errorf("response: %d body is not JSON: %w", ex.Status, err)}
	}
	if err := s.Value.VisitJSON(body); err != nil {
		return []error{fmt.Errorf("response: %d body does not match %s: %w", ex.Status, schema, err)}
	}
	return nil
}
