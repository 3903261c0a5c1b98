package transport

import (
	"fmt"
	"hash/maphash"
	"net/http"
	"strings"
	"sync/atomic"
	"time"
)

// CachePolicy says whether the answers of a GET may be kept for
// conditional reads.
type CachePolicy int

const (
	// CacheNone sends every read as it is and keeps no answer.
	CacheNone CachePolicy = iota
	// CacheConditional keeps the last 200 answer with an ETag or
	// Last-Modified date and revalidates it: GitHub's 304s are free.
	CacheConditional
)

// A Route is one GitHub REST operation the client uses. It is declared once
// and everything that treats operations differently reads it, so that a new
// endpoint cannot be labelled, explained or cached one way in one place and
// another way in the next.
type Route struct {
	// Method is the HTTP method, e.g. GET.
	Method string
	// Template is the path as GitHub's REST documentation writes it, e.g.
	// /repos/{owner}/{repo}/topics. It is the route's metrics label, so it
	// never holds an id. A route under /repos/{owner}/{repo} is also the
	// route of the same path under /repositories/{id}, where GitHub's
	// rename redirects point.
	Template string
	// Permission is the fine-grained token or GitHub App permission a 403
	// names, e.g. "Administration: write"; empty when there is none.
	Permission string
	// Scope is the classic token scope a 403 names, e.g. "repo"; empty
	// when none is needed.
	Scope string
	// Cache says whether a GET's answers are kept for conditional reads.
	Cache CachePolicy
	// FullRead marks a GET that the credential's full-read planner reads
	// unconditionally from time to time (see planner.go): for objects
	// whose ETag GitHub may keep over a change.
	FullRead bool
	// FreshFor is how long a cached answer of a conditionally cached GET
	// is used without asking GitHub again (0: every read asks). Only for
	// objects that change rarely and where an answer that old cannot
	// mislead a write: it saves a round trip, not a point.
	FreshFor time.Duration
	// Returns, on a write GitHub answers with the object it wrote (a
	// repository created or edited, say), is the template of that
	// object's GET, e.g. /repos/{owner}/{repo}: the conditional cache
	// keeps the write's answer as the GET's, found by the "url" GitHub
	// puts in it, and serves it without asking for a moment (see
	// writtenFreshFor), so that the observation right after a write costs
	// no round trip.
	Returns string
}

// declared are the routes every client reads, declared by the API areas
// (package github) when they are loaded.
var declared = &routeTable{}

// Declare adds r to the routes every client reads and returns it. A
// malformed route, or one declared twice, is a programming error: Declare
// panics.
func Declare(r Route) Route { return declared.add(r) }

// Declared are the routes declared so far, in the order of their
// declaration.
func Declared() []Route {
	out := make([]Route, len(declared.routes))
	for i, d := range declared.routes {
		out[i] = d.Route
	}
	return out
}

// RouteOf is the declared route of req, as it is sent (see sentPath); ok is
// false when no route is declared for it.
func RouteOf(req *http.Request) (r Route, ok bool) {
	return declared.route(req.Method, sentPath(req))
}

// A routeTable matches request paths to declared routes. A linear scan is
// enough: a match is a few string comparisons per route, and there are
// tens of routes.
type routeTable struct {
	routes []declaredRoute
	// bySegments indexes routes by their templates' number of segments:
	// every request is matched, more than once, and a path fits only
	// templates of its length (a linear scan of all was 2% of the idle
	// provider's CPU with every kind).
	bySegments map[int][]int
	// memo keeps recent matches: one request is matched by more than one
	// step of the chain (the conditional cache, the limiter's metrics).
	memo matchMemo
}

type declaredRoute struct {
	Route
	segs []string // of the template; "" for a parameter
}

// add declares r. A malformed or duplicate route is a programming error,
// found when the package is loaded, so add panics.
func (t *routeTable) add(r Route) Route {
	if r.Method == "" || r.Method != strings.ToUpper(r.Method) || !strings.HasPrefix(r.Template, "/") {
		panic(fmt.Sprintf("route %q %q: want an upper-case method and a template starting with /", r.Method, r.Template))
	}
	segs := strings.Split(strings.Trim(r.Template, "/"), "/")
	for i, s := range segs {
		if s == "" {
			panic(fmt.Sprintf("route %s %s: empty path segment", r.Method, r.Template))
		}
		if strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") {
			segs[i] = ""
		}
	}
	if r.FullRead && (r.Method != http.MethodGet || r.Cache != CacheConditional) {
		// Without a cached answer every read is a full one.
		panic(fmt.Sprintf("route %s %s: only a conditionally cached GET can be a full read", r.Method, r.Template))
	}
	if r.FreshFor != 0 && (r.FreshFor < 0 || r.Method != http.MethodGet || r.Cache != CacheConditional) {
		panic(fmt.Sprintf("route %s %s: only a conditionally cached GET can be fresh for a positive while", r.Method, r.Template))
	}
	if r.Returns != "" && (r.Method == http.MethodGet || !strings.HasPrefix(r.Returns, "/")) {
		panic(fmt.Sprintf("route %s %s: only a write returns an object, named by a template starting with /", r.Method, r.Template))
	}
	for _, d := range t.routes {
		if d.Method == r.Method && normalizeTemplate(d.Template) == normalizeTemplate(r.Template) {
			panic(fmt.Sprintf("route %s %s is declared twice", r.Method, r.Template))
		}
	}
	if t.bySegments == nil {
		t.bySegments = map[int][]int{}
	}
	t.bySegments[len(segs)] = append(t.bySegments[len(segs)], len(t.routes))
	t.routes = append(t.routes, declaredRoute{Route: r, segs: segs})
	t.memo.clear()
	return r
}

// normalizeTemplate writes every parameter of a template as {}, so that
// templates compare whatever their parameters are called.
func normalizeTemplate(template string) string {
	segs := strings.Split(template, "/")
	for i, s := range segs {
		if strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") {
			segs[i] = "{}"
		}
	}
	return strings.Join(segs, "/")
}

// match finds the route of a request. route is the declaration for method
// and path (ok false when there is none); label is the template of path,
// whatever the method, or "other" for a path no route declares. When
// templates overlap, the one with the most fixed segments wins.
func (t *routeTable) match(method, path string) (route Route, label string, ok bool) {
	m := t.memo.get(method, path)
	if m == nil {
		m = t.matchAnew(method, path)
		t.memo.put(m)
	}
	if m.route < 0 {
		return Route{}, m.label, false
	}
	return t.routes[m.route].Route, m.label, true
}

// matchAnew is match without the memo; route is the index of the route
// found, -1 for none.
func (t *routeTable) matchAnew(method, path string) *memoMatch {
	segs := splitPath(path)
	if route, label := t.find(method, segs, false); label != "" {
		return &memoMatch{method: method, path: path, route: route, label: label}
	}
	if len(segs) >= 2 && segs[0] == "repositories" {
		// The route of the same path by owner and name.
		if route, label := t.find(method, segs[2:], true); label != "" {
			rest := strings.SplitN(label, "/", 5)[4:]
			return &memoMatch{method: method, path: path, route: route, label: strings.Join(append([]string{"/repositories/{id}"}, rest...), "/")}
		}
	}
	return &memoMatch{method: method, path: path, route: -1, label: "other"}
}

// find is match of segs, or with byID of segs after /repositories/{id}
// against the templates under /repos/{owner}/{repo}: the index of the
// route (-1 when none is declared for method) and the template that fits
// ("" when none does).
func (t *routeTable) find(method string, segs []string, byID bool) (route int, label string) {
	bestPath, bestMethod := -1, -1
	route = -1
	n := len(segs)
	if byID {
		n += 3 // /repos/{owner}/{repo} in place of /repositories/{id}
	}
	for _, i := range t.bySegments[n] {
		d := &t.routes[i]
		tmpl := d.segs
		if byID {
			if len(tmpl) < 3 || tmpl[0] != "repos" || tmpl[1] != "" || tmpl[2] != "" {
				continue
			}
			tmpl = tmpl[3:]
		}
		fixed, fits := fit(tmpl, segs)
		if !fits {
			continue
		}
		if fixed > bestPath {
			bestPath, label = fixed, d.Template
		}
		if d.Method == method && fixed > bestMethod {
			bestMethod, route = fixed, i
		}
	}
	return route, label
}

// matchMemo remembers the last matches, one per slot by the hash of the
// method and path: a hit is a hash and two string comparisons where a
// match splits the path and compares it with every template of its
// length. Slots are replaced whole, so readers need no lock.
type matchMemo struct {
	slots [memoSlots]atomic.Pointer[memoMatch]
}

const memoSlots = 256

type memoMatch struct {
	method, path string
	// route is the index of the declared route; -1 when there is none.
	route int
	label string
}

var memoSeed = maphash.MakeSeed()

func memoSlot(method, path string) int {
	var h maphash.Hash
	h.SetSeed(memoSeed)
	h.WriteString(method)
	h.WriteString(path)
	return int(h.Sum64() % memoSlots)
}

func (m *matchMemo) get(method, path string) *memoMatch {
	if e := m.slots[memoSlot(method, path)].Load(); e != nil && e.method == method && e.path == path {
		return e
	}
	return nil
}

func (m *matchMemo) put(e *memoMatch) { m.slots[memoSlot(e.method, e.path)].Store(e) }

func (m *matchMemo) clear() {
	for i := range m.slots {
		m.slots[i].Store(nil)
	}
}

// fit tells whether segs are a path of the template segments tmpl ("" for
// a parameter, which matches any one segment), and how many of tmpl are
// fixed.
func fit(tmpl, segs []string) (fixed int, ok bool) {
	if len(segs) != len(tmpl) {
		return 0, false
	}
	for i, s := range tmpl {
		switch {
		case s == "":
			if segs[i] == "" {
				return 0, false
			}
		case s == segs[i]:
			fixed++
		default:
			return 0, false
		}
	}
	return fixed, true
}

// routeOf is the metrics label of a path: its route's template, so that
// metrics have one series per route and never one per repository. A GitHub
// Enterprise Server prefix (/api/v3) is dropped; undeclared paths are
// "other".
func routeOf(path string) string {
	_, label, _ := declared.match(http.MethodGet, path)
	return label
}

// route is the declared route of a request, if any.
func (t *routeTable) route(method, path string) (Route, bool) {
	r, _, ok := t.match(method, path)
	return r, ok
}

// splitPath splits an API path into segments, without the GitHub
// Enterprise Server prefix.
func splitPath(path string) []string {
	path = strings.Trim(path, "/")
	if rest, ok := strings.CutPrefix(path, "api/v3"); ok && (rest == "" || rest[0] == '/') {
		path = strings.Trim(rest, "/")
	}
	if path == "" {
		return nil
	}
	return strings.Split(path, "/")
}

// sentPath is the path of req as it goes on the wire, still escaped: a
// parameter with a '/' in it (a branch name such as feature/x, a git
// reference such as heads/main) is sent as one escaped segment (see
// Route.path), and only so does it match its route's template.
func sentPath(req *http.Request) string { return req.URL.EscapedPath() }
