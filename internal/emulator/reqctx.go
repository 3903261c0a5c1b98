package emulator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

// Documentation links used in error bodies.
const (
	docRoot       = "https://docs.github.com/rest"
	docRateLimits = "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api"
	docSecondary  = "https://docs.github.com/free-pro-team@latest/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits"
	docRedirects  = "https://docs.github.com/rest/guides/best-practices-for-using-the-rest-api#follow-redirects"
)

// reqCtx carries one request through the pipeline and buffers its answer.
type reqCtx struct {
	s         *Server
	r         *http.Request
	path      string // the API path, unescaped, without the /api/v3 prefix
	rawPath   string // the same, escaped as the request sent it
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
	// answerAt is when the answer may leave (zero: at once): a
	// contents write is answered when its commit has landed.
	answerAt time.Time
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

// readBody reads the request body once, before any lock is taken: at most
// limit bytes of it.
func (c *reqCtx) readBody(limit int64) error {
	if c.r.Body == nil || c.bodyRead {
		return nil
	}
	c.bodyRead = true
	b, err := io.ReadAll(io.LimitReader(c.r.Body, limit))
	if err != nil {
		return fmt.Errorf("reading request body: %w", err)
	}
	c.reqBody = b
	return nil
}

// decode parses the request body as a JSON object into a field map. It
// answers 400 for malformed JSON and reports false.
func (c *reqCtx) decode(required bool) (map[string]json.RawMessage, bool) {
	if err := c.readBody(defaultBodyLimit); err != nil {
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
