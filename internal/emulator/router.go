package emulator

import (
	"fmt"
	"net/url"
	"strings"
)

// Authentication requirements of a route.
const (
	authOptional = iota
	authRequired
	authAppJWT
)

// route is one served operation.
type route struct {
	kind    string // the kind that declared it
	method  string
	pattern string // the emulator's path template; names the endpoint in logs and stats
	spec    string // the path template in GitHub's OpenAPI description
	alias   bool   // a path GitHub serves but its description leaves out
	// multi names the parameter that may span several path segments (a
	// branch or a git ref: GitHub's description marks it x-multi-segment),
	// "" for none.
	multi string
	parts []string
	auth  int
	free  bool // does not count against the primary rate limit
	// bodyLimit is the most of a request body the route reads; what is
	// beyond it is cut off (and the JSON then does not parse).
	bodyLimit int64
	doc       string
	handler   func(*reqCtx)
}

// Request body limits: most operations take small JSON objects; a file's
// contents may be up to GitHub's 100 MB, base64-encoded.
const (
	defaultBodyLimit = 1 << 20
	largeBodyLimit   = 140 << 20
)

// kind is one GitHub object kind: its name and the function that declares its
// routes. Every kind's file registers itself with registerKind from an init
// function, so adding a kind adds a file and edits no central list.
type kind struct {
	name   string
	routes func(*Server, *routeTable)
}

// kinds is written only by init functions and read-only afterwards.
var kinds []kind

func registerKind(name string, routes func(*Server, *routeTable)) {
	for _, k := range kinds {
		if k.name == name {
			panic(fmt.Sprintf("emulator: kind %q registered twice", name))
		}
	}
	kinds = append(kinds, kind{name: name, routes: routes})
}

// routeTable collects the routes the kinds declare.
type routeTable struct {
	s      *Server
	kind   string
	routes []*route
}

// buildRoutes asks every registered kind for its routes. It panics when two
// kinds declare the same operation or a route's description template does not
// have the shape of its pattern: both are programming errors every test finds.
func buildRoutes(s *Server) []*route {
	t := &routeTable{s: s}
	for _, k := range kinds {
		t.kind = k.name
		k.routes(s, t)
	}
	return t.routes
}

// add declares an operation. The description template is the pattern; set
// the returned route's spec when GitHub's description names a parameter
// differently.
func (t *routeTable) add(method, pattern string, auth int, doc string, h func(*reqCtx)) *route {
	rt := &route{kind: t.kind, method: method, pattern: pattern, spec: pattern, parts: splitPath(pattern), auth: auth, doc: doc, handler: h, bodyLimit: defaultBodyLimit}
	for _, o := range t.routes {
		if o.method == method && shape(o.pattern) == shape(pattern) {
			panic(fmt.Sprintf("emulator: %s %s of kind %q is already served by kind %q as %s", method, pattern, t.kind, o.kind, o.pattern))
		}
	}
	t.routes = append(t.routes, rt)
	return rt
}

// describedAs sets the template GitHub's description uses for the route.
func (rt *route) describedAs(spec string) {
	if shape(spec) != shape(rt.pattern) {
		panic(fmt.Sprintf("emulator: description template %s does not have the shape of %s %s", spec, rt.method, rt.pattern))
	}
	rt.spec = spec
}

func splitPath(p string) []string { return strings.Split(strings.Trim(p, "/"), "/") }

func isParam(part string) bool { return strings.HasPrefix(part, "{") }

// shape is a template with its parameter names erased: /repos/{}/{}/topics.
func shape(pattern string) string {
	parts := splitPath(pattern)
	for i, p := range parts {
		if isParam(p) {
			parts[i] = "{}"
		}
	}
	return "/" + strings.Join(parts, "/")
}

// spanning declares that the parameter name may span several path segments,
// as a branch name with slashes does. A route has at most one.
func (rt *route) spanning(name string) {
	for _, p := range rt.parts {
		if p == "{"+name+"}" {
			rt.multi = name
			return
		}
	}
	panic(fmt.Sprintf("emulator: %s %s has no parameter %q", rt.method, rt.pattern, name))
}

// bind matches the route against the escaped path segments and returns the
// path parameters, unescaped. A spanning parameter takes as many segments as
// the literals after it leave over.
func (rt *route) bind(segs []string) (map[string]string, bool) {
	extra := len(segs) - len(rt.parts)
	if extra < 0 || (extra > 0 && rt.multi == "") {
		return nil, false
	}
	params := map[string]string{}
	j := 0
	for _, p := range rt.parts {
		if !isParam(p) {
			if v, err := url.PathUnescape(segs[j]); err != nil || v != p {
				return nil, false
			}
			j++
			continue
		}
		n := 1
		if strings.Trim(p, "{}") == rt.multi {
			n += extra
		}
		raw := strings.Join(segs[j:j+n], "/")
		j += n
		v, err := url.PathUnescape(raw)
		if err != nil || v == "" || strings.Contains("/"+raw+"/", "//") {
			return nil, false
		}
		params[strings.Trim(p, "{}")] = v
	}
	return params, true
}

// literals counts the literal segments of the route.
func (rt *route) literals() int {
	n := 0
	for _, p := range rt.parts {
		if !isParam(p) {
			n++
		}
	}
	return n
}

// beats reports whether a should win over b when both match a path: the
// route with more literal segments wins (.../branches/{branch}/protection
// over .../branches/{branch} for a branch named x/protection); between routes
// of one length, at the first segment where one has a literal and the other a
// parameter, the literal wins (.../secrets/public-key over
// .../secrets/{secret_name}), so the order in which kinds register does not
// matter.
func beats(a, b *route) bool {
	if la, lb := a.literals(), b.literals(); la != lb {
		return la > lb
	}
	if len(a.parts) != len(b.parts) {
		return false
	}
	for i := range a.parts {
		if pa, pb := isParam(a.parts[i]), isParam(b.parts[i]); pa != pb {
			return !pa
		}
	}
	return false
}

// match finds the route for a method and an escaped path (as
// url.URL.EscapedPath gives it, so that an escaped slash stays inside its
// segment).
func (s *Server) match(method, path string) (*route, map[string]string) {
	segs := splitPath(path)
	var best *route
	var params map[string]string
	for _, rt := range s.routes {
		if rt.method != method {
			continue
		}
		if p, ok := rt.bind(segs); ok && (best == nil || beats(rt, best)) {
			best, params = rt, p
		}
	}
	return best, params
}
