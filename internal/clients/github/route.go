// Adding an endpoint: declare its route once, with declare, in the file of
// its API area (named as go-github names it: repos_hooks.go,
// actions_secrets.go, ...); add the method to that area's narrow interface
// and to the area's function-field fake in package fake. Metrics, 403
// advice, the conditional cache and the full-read budget follow the
// declaration (package transport reads it); route_openapi_test.go checks
// GitHub's description has it.

package github

import "github.com/crossplane-github/provider-github/internal/clients/transport"

// A Route is one GitHub REST operation an API area uses: a transport.Route
// (which says what each field means), as a type of this package so that the
// areas build its request paths with its path method (request.go).
type Route transport.Route

// CacheConditional is transport.CacheConditional, for the areas'
// declarations.
const CacheConditional = transport.CacheConditional

// declare adds r to the routes every client reads (transport.Declare) and
// returns it.
func declare(r Route) Route {
	transport.Declare(transport.Route(r))
	return r
}
