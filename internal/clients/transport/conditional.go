package transport

import (
	"bytes"
	"container/list"
	"context"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"
)

// Conditional reads. GitHub does not charge a conditional request answered
// 304 Not Modified against the rate limit, so every GET of a route declared
// with CacheConditional goes out with the ETag (or Last-Modified date) of
// the last answer, and a 304 is turned back into that answer: callers
// always see a normal 200.

type fullReadKey struct{}

// WithFullRead returns a context whose GETs are sent unconditionally, so
// that GitHub answers with a full body even when its ETag did not change.
func WithFullRead(ctx context.Context) context.Context {
	return context.WithValue(ctx, fullReadKey{}, true)
}

func isFullRead(ctx context.Context) bool {
	v, _ := ctx.Value(fullReadKey{}).(bool)
	return v
}

// Defaults bounding the cache of one credential.
const (
	DefaultCacheEntries = 4096
	DefaultCacheBytes   = 32 << 20
	// maxCachedBody keeps an unusually large answer out of the cache.
	maxCachedBody = 1 << 20
)

type cachedAnswer struct {
	// confirmed is when GitHub last gave or confirmed (304) the answer;
	// guarded by the cache's mutex.
	confirmed time.Time
	// freshUntil: an answer to a write (see Route.Returns) is served
	// without asking until then; guarded by the cache's mutex.
	freshUntil   time.Time
	key          string
	scope        string
	etag         string
	lastModified string
	header       http.Header
	deflated     []byte // the body, deflated
	bodySize     int
}

func (a *cachedAnswer) size() int { return len(a.key) + len(a.deflated) + 512 }

// conditionalCache is a RoundTripper keeping the last 200 answer of each GET
// with an ETag or Last-Modified date, for the routes declared with
// CacheConditional. It is bounded by entries and bytes and drops the least
// recently used answers first.
type conditionalCache struct {
	next       http.RoundTripper
	routes     *routeTable
	planner    *Planner // nil: no scheduled full reads
	metrics    *credentialMetrics
	maxEntries int
	maxBytes   int
	now        func() time.Time
	// writtenFresh is how long the answer to a write is its object's read
	// (see written.go).
	writtenFresh time.Duration

	mu      sync.Mutex
	lru     *list.List // of *cachedAnswer, most recent first
	entries map[string]*list.Element
	bytes   int
	// inflight are the reads of routes with FreshFor under way, by key:
	// closed when done.
	inflight map[string]chan struct{}
	// aliases maps a scope to the scope GitHub redirected it to (an old
	// repository name to repositories/<id>), so a write to either
	// invalidates both.
	aliases map[string]string
}

func newConditionalCache(next http.RoundTripper, p *Planner, m *credentialMetrics, maxEntries, maxBytes int) *conditionalCache {
	if maxEntries <= 0 {
		maxEntries = DefaultCacheEntries
	}
	if maxBytes <= 0 {
		maxBytes = DefaultCacheBytes
	}
	poll := time.Duration(0)
	if p != nil {
		poll = p.poll
	}
	return &conditionalCache{next: next, routes: declared, planner: p, metrics: m, maxEntries: maxEntries, maxBytes: maxBytes, now: time.Now,
		writtenFresh: writtenFreshness(poll),
		lru:          list.New(), entries: map[string]*list.Element{}, aliases: map[string]string{}, inflight: map[string]chan struct{}{}}
}

// RoundTrip implements http.RoundTripper.
func (c *conditionalCache) RoundTrip(req *http.Request) (*http.Response, error) {
	log := readLogFrom(req.Context())
	if req.Method != http.MethodGet {
		log.fail()
		resp, err := c.next.RoundTrip(req)
		if req.Method != http.MethodHead {
			// Whatever the answer, the repository may have changed.
			c.invalidate(repoScope(sentPath(req)))
		}
		if err == nil {
			resp = c.written(req, resp)
		}
		return resp, err
	}

	route, _ := c.routes.route(req.Method, sentPath(req))
	if route.Cache != CacheConditional {
		log.fail()
		resp, err := c.next.RoundTrip(req)
		if err == nil && isRedirect(resp.StatusCode) {
			c.alias(req.URL, resp.Header.Get("Location"))
		}
		return resp, err
	}

	key := req.URL.String() + "\x00" + req.Header.Get("Accept")
	full := isFullRead(req.Context())
	planned, object := false, ""
	if !full && route.FullRead && c.planner != nil {
		object = objectKey(sentPath(req))
		full = c.planner.Due(object)
		planned = full
	}

	if route.FreshFor > 0 && !full {
		// One read of an answer that stays fresh serves every caller
		// asking for it meanwhile (the owner account of a burst of
		// creates, say).
		leader, err := c.await(req.Context(), key)
		if err != nil {
			return nil, err
		}
		if leader != nil {
			defer leader()
		}
	}
	entry := c.get(key)
	// A read confirming a verdict (see verdict.go) asks about the
	// validator it was given.
	verdict, confirming := confirmingFrom(req.Context())
	if confirming && entry != nil && !entry.has(verdict) {
		// A newer answer is cached: the verdict is stale.
		return verdictAnswer(req, verdictStale), nil
	}
	cached := entry
	fresh := cached != nil && !full && c.fresh(cached, route.FreshFor)
	if cached != nil && !fresh && cached.etag == "" && cached.lastModified == "" {
		// The answer to a write, without a validator: of no use once
		// it is no longer fresh.
		cached = nil
	}
	if fresh {
		// Recently given or confirmed: no need to ask again.
		confirmation := &http.Response{Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1, Header: http.Header{}}
		if confirming {
			return verdictAnswer(req, verdictConfirmed), nil
		}
		log.add(req, cached.etag, cached.lastModified)
		return c.serve(req, key, cached, confirmation)
	}
	out := req
	switch {
	case full:
	case cached != nil:
		out = conditional(req, cached.etag, cached.lastModified)
	case confirming:
		out = conditional(req, verdict.ETag, verdict.LastModified)
	}
	resp, err := c.next.RoundTrip(out)
	if err != nil {
		log.fail()
		return resp, err
	}

	switch {
	case resp.StatusCode == http.StatusNotModified && out != req && confirming:
		drain(resp)
		c.metrics.notModified()
		if entry != nil {
			// It has the verdict's validator (else it was stale).
			c.confirm(entry)
		}
		return verdictAnswer(req, verdictConfirmed), nil
	case resp.StatusCode == http.StatusNotModified && cached != nil && out != req:
		drain(resp)
		c.metrics.notModified()
		c.confirm(cached)
		log.add(req, cached.etag, cached.lastModified)
		return c.serve(req, key, cached, resp)
	case resp.StatusCode == http.StatusOK:
		if planned {
			c.planner.Done(object)
		}
		log.add(req, resp.Header.Get("ETag"), resp.Header.Get("Last-Modified"))
		return c.store(key, req, resp), nil
	case resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone:
		c.remove(key)
	case isRedirect(resp.StatusCode):
		c.alias(req.URL, resp.Header.Get("Location"))
	}
	log.fail()
	return resp, nil
}

// conditional is req asking for an answer only when it is not the one
// with the validators given.
func conditional(req *http.Request, etag, lastModified string) *http.Request {
	out := req.Clone(req.Context())
	if etag != "" {
		out.Header.Set("If-None-Match", etag)
	} else {
		out.Header.Set("If-Modified-Since", lastModified)
	}
	return out
}

// Answers to a read confirming a verdict, in the header verdictHeader of
// a 204 No Content that GitHub did not send: a success to go-github, so a
// confirmation, on every poll of a confirmed resource, costs no error
// value and no read of an error body.
const (
	verdictHeader = "X-Provider-Github-Verdict"
	// verdictConfirmed: GitHub answered 304 (or the cache holds the
	// answer, fresh).
	verdictConfirmed = "confirmed"
	// verdictStale: a newer answer than the verdict's is cached; no
	// request was made.
	verdictStale = "stale"
)

// verdictAnswer is the answer to a read confirming a verdict.
func verdictAnswer(req *http.Request, verdict string) *http.Response {
	return &http.Response{
		Status: "204 No Content", StatusCode: http.StatusNoContent,
		Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: http.Header{verdictHeader: {verdict}}, Body: http.NoBody, Request: req,
	}
}

// has says whether a is the answer r was read from.
func (a *cachedAnswer) has(r ValidatedRead) bool {
	return a.etag == r.ETag && a.lastModified == r.LastModified
}

// serve answers req with the cached answer of key, with the headers of
// confirmation (GitHub's 304, or an empty response when none was asked
// for) over the cached ones.
func (c *conditionalCache) serve(req *http.Request, key string, cached *cachedAnswer, confirmation *http.Response) (*http.Response, error) {
	answer, err := cached.answer(req, confirmation)
	if err != nil {
		// Not seen in practice: forget the answer and read afresh.
		c.remove(key)
		return c.RoundTrip(req)
	}
	return answer, nil
}

// await waits while another caller reads key, and returns nil then (the
// cache now holds what that read got, if anything). When nobody does, the
// caller reads key itself: await returns the func to call when done.
func (c *conditionalCache) await(ctx context.Context, key string) (done func(), err error) {
	c.mu.Lock()
	ch, busy := c.inflight[key]
	if !busy {
		ch = make(chan struct{})
		c.inflight[key] = ch
	}
	c.mu.Unlock()
	if !busy {
		return func() {
			c.mu.Lock()
			delete(c.inflight, key)
			c.mu.Unlock()
			close(ch)
		}, nil
	}
	select {
	case <-ch:
		return nil, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// fresh says whether a may be served without asking: it answered a write
// a moment ago, or GitHub gave or confirmed it less than d ago (d > 0).
func (c *conditionalCache) fresh(a *cachedAnswer, d time.Duration) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.now()
	return now.Before(a.freshUntil) || (d > 0 && now.Sub(a.confirmed) < d)
}

// confirm records that GitHub confirmed a just now.
func (c *conditionalCache) confirm(a *cachedAnswer) {
	c.mu.Lock()
	defer c.mu.Unlock()
	a.confirmed = c.now()
}

func isRedirect(code int) bool {
	return code == http.StatusMovedPermanently || code == http.StatusFound ||
		code == http.StatusTemporaryRedirect || code == http.StatusPermanentRedirect
}

// answer rebuilds the cached 200 for req, with the 304's headers (fresh
// rate-limit headers, date) over the cached ones.
func (a *cachedAnswer) answer(req *http.Request, notModified *http.Response) (*http.Response, error) {
	body, err := inflate(a.deflated, a.bodySize)
	if err != nil {
		return nil, err
	}
	return a.response(req, notModified, body), nil
}

// response is a 200 for req with body, and the cached answer's header
// with the 304's over it.
func (a *cachedAnswer) response(req *http.Request, notModified *http.Response, body []byte) *http.Response {
	h := a.header.Clone()
	for k, v := range notModified.Header {
		h[k] = v
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	return &http.Response{
		Status: "200 OK", StatusCode: http.StatusOK,
		Proto: notModified.Proto, ProtoMajor: notModified.ProtoMajor, ProtoMinor: notModified.ProtoMinor,
		Header: h, Body: io.NopCloser(bytes.NewReader(body)), ContentLength: int64(len(body)),
		Request: req, TLS: notModified.TLS,
	}
}

// store keeps a 200 answer that carries a validator and returns the answer
// with a body that can still be read.
func (c *conditionalCache) store(key string, req *http.Request, resp *http.Response) *http.Response {
	if resp.Header.Get("ETag") == "" && resp.Header.Get("Last-Modified") == "" {
		c.remove(key)
		return resp
	}
	body, ok := readKeepable(resp)
	if !ok {
		c.remove(key)
		return resp
	}
	c.put(newAnswer(key, sentPath(req), resp.Header, body, c.now()))
	return resp
}

// readKeepable reads resp's body when it is small enough to keep (and
// could be read), and gives resp a body that can be read again; false, and
// the body as it was, otherwise.
func readKeepable(resp *http.Response) ([]byte, bool) {
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxCachedBody+1))
	if err != nil || len(body) > maxCachedBody {
		// Hand back what was read followed by the rest.
		resp.Body = struct {
			io.Reader
			io.Closer
		}{io.MultiReader(bytes.NewReader(body), resp.Body), resp.Body}
		return nil, false
	}
	_ = resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	return body, true
}

// newAnswer is the answer of key, the GET of path, with GitHub's header
// and body, given or confirmed at now.
func newAnswer(key, path string, header http.Header, body []byte, now time.Time) *cachedAnswer {
	return &cachedAnswer{confirmed: now, key: key, scope: repoScope(path),
		etag: header.Get("ETag"), lastModified: header.Get("Last-Modified"),
		header: keptHeaders(header), deflated: deflate(body), bodySize: len(body)}
}

// put keeps a, in place of any answer of its key, and drops the least
// recently used answers beyond the bounds.
func (c *conditionalCache) put(a *cachedAnswer) {
	key := a.key
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.entries[key]; ok {
		c.bytes -= el.Value.(*cachedAnswer).size()
		c.lru.Remove(el)
	}
	c.entries[key] = c.lru.PushFront(a)
	c.bytes += a.size()
	for c.lru.Len() > c.maxEntries || (c.bytes > c.maxBytes && c.lru.Len() > 1) {
		c.removeElement(c.lru.Back())
	}
	c.metrics.cacheSize(c.lru.Len(), c.bytes)
}

func (c *conditionalCache) get(key string) *cachedAnswer {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.entries[key]
	if !ok {
		return nil
	}
	c.lru.MoveToFront(el)
	return el.Value.(*cachedAnswer)
}

func (c *conditionalCache) remove(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.entries[key]; ok {
		c.removeElement(el)
	}
}

// removeElement drops one answer; c.mu must be held.
func (c *conditionalCache) removeElement(el *list.Element) {
	a := el.Value.(*cachedAnswer)
	c.lru.Remove(el)
	delete(c.entries, a.key)
	c.bytes -= a.size()
}

// alias records that GitHub redirected from to location.
func (c *conditionalCache) alias(from *url.URL, location string) {
	to, err := from.Parse(location)
	if err != nil {
		return
	}
	src, dst := repoScope(from.Path), repoScope(to.Path)
	if src == "" || dst == "" || src == dst {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.aliases) >= c.maxEntries {
		c.aliases = map[string]string{}
	}
	c.aliases[src] = dst
}

// invalidate drops every answer of a repository, and of the scopes it is an
// alias of or that are aliases of it.
func (c *conditionalCache) invalidate(scope string) {
	if scope == "" {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	scopes := map[string]bool{scope: true}
	if dst, ok := c.aliases[scope]; ok {
		scopes[dst] = true
	}
	for src, dst := range c.aliases {
		if dst == scope {
			scopes[src] = true
		}
	}
	for el := c.lru.Front(); el != nil; {
		next := el.Next()
		if scopes[el.Value.(*cachedAnswer).scope] {
			c.removeElement(el)
		}
		el = next
	}
	c.metrics.cacheSize(c.lru.Len(), c.bytes)
}

// Len is the number of cached answers.
func (c *conditionalCache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lru.Len()
}

// keptHeaders are the headers of a cached answer worth keeping: the 304
// that revalidates it brings fresh rate-limit and request headers.
func keptHeaders(h http.Header) http.Header {
	out := make(http.Header, 4)
	for _, k := range []string{"Content-Type", "ETag", "Last-Modified", "Link"} {
		if v, ok := h[k]; ok {
			out[k] = v
		}
	}
	return out
}

// drain reads a little of an unwanted body, so the connection can be reused,
// and closes it.
func drain(resp *http.Response) {
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	_ = resp.Body.Close()
}

// Sleep waits for d (nothing when d is not positive), or until ctx is
// done.
func Sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
