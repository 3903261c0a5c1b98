package transport

import (
	"encoding/json"
	"net/http"
	"net/url"
	"time"
)

// writtenFreshFor is how long the answer to a write that returns the
// object written (see Route.Returns) is served, as the object's GET,
// without asking GitHub: long enough for the observations that follow a
// create or an update (a second after it, or most of a minute behind the
// reconcile queue of a thousand creates), and never more than the poll,
// so that the poll after the first of them asks GitHub.
const writtenFreshFor = time.Minute

// writtenFreshness is writtenFreshFor, or poll when that is less.
func writtenFreshness(poll time.Duration) time.Duration {
	if poll > 0 && poll < writtenFreshFor {
		return poll
	}
	return writtenFreshFor
}

// written keeps resp, GitHub's answer to the write req, as the answer of
// the GET of the object it wrote, when req's route says it returns one:
// GitHub puts the object's API URL in it ("url"), and the GET must be of
// the route named. It returns resp with a body that can still be read.
func (c *conditionalCache) written(req *http.Request, resp *http.Response) *http.Response {
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusCreated {
		return resp
	}
	route, ok := c.routes.route(req.Method, sentPath(req))
	if !ok || route.Returns == "" {
		return resp
	}
	body, ok := readKeepable(resp)
	if !ok {
		return resp
	}

	var object struct {
		URL string `json:"url"`
	}
	if json.Unmarshal(body, &object) != nil || object.URL == "" {
		return resp
	}
	u, err := url.Parse(object.URL)
	if err != nil {
		return resp
	}
	// The object's path, on the host the write went to (GitHub's URL may
	// name another, behind a proxy).
	get := &url.URL{Scheme: req.URL.Scheme, Host: req.URL.Host, Path: u.Path, RawPath: u.RawPath}
	read, ok := c.routes.route(http.MethodGet, get.EscapedPath())
	if !ok || read.Cache != CacheConditional || normalizeTemplate(read.Template) != normalizeTemplate(route.Returns) {
		return resp
	}
	now := c.now()
	a := newAnswer(get.String()+"\x00"+req.Header.Get("Accept"), get.Path, resp.Header, body, now)
	a.freshUntil = now.Add(c.writtenFresh)
	c.put(a)
	return resp
}
