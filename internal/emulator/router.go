package emulator

import (
	"fmt"
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
	parts   []string
	auth    int
	free    bool // does not count against the primary rate limit
	doc     string
	handler func(*reqCtx)
}

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
	rt := &route{kind: t.kind, method: method, pattern: pattern, spec: pattern, parts: splitPath(pattern), auth: auth, doc: doc, handler: h}
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

// matches reports whether the route serves the path segments.
func (rt *route) matches(segs []string) bool {
	if len(rt.parts) != len(segs) {
		return false
	}
	for i, p := range rt.parts {
		if isParam(p) {
			if segs[i] == "" {
				return false
			}
			continue
		}
		if p != segs[i] {
			return false
		}
	}
	return true
}

// moreSpecific reports whether a should win over b when both match a path:
// at the first segment where one has a literal and the other a parameter, the
// literal wins (.../secrets/public-key over .../secrets/{secret_name}), so
// the order in which kinds register does not matter.
func moreSpecific(a, b *route) bool {
	for i := range a.parts {
		if pa, pb := isParam(a.parts[i]), isParam(b.parts[i]); pa != pb {
			return !pa
		}
	}
	return false
}

// match finds the route for a method and path.
func (s *Server) match(method, path string) (*route, map[string]string) {
	segs := splitPath(path)
	var best *route
	for _, rt := range s.routes {
		if rt.method == method && rt.matches(segs) && (best == nil || moreSpecific(rt, best)) {
			best = rt
		}
	}
	if best == nil {
		return nil, nil
	}
	params := map[string]string{}
	for i, p := range best.parts {
		if isParam(p) {
			params[strings.Trim(p, "{}")] = segs[i]
		}
	}
	return best, params
}
