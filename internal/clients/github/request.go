// Package github is GitHub's REST API as provider-github uses it: one file
// per API area (named as go-github names it: repos_hooks.go,
// actions_secrets.go, ...) with the area's narrow interface, its client, the
// routes it declares and its JSON types; the requester every area client
// embeds; and the error model that turns GitHub's answers into sentences a
// person can act on (errors.go). Clients are built, cached and kept within
// GitHub's limits by package transport. It knows GitHub, not our
// Kubernetes API types.
package github

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/google/go-github/v37/github"

	"github.com/crossplane-github/provider-github/internal/clients/transport"
)

// mediaTypeRepo asks for every field GitHub has, e.g. of a repository.
const mediaTypeRepo = transport.DefaultAccept

// requester sends the requests of an API area through go-github's client,
// so that the HTTP client, error model and rate-limit bookkeeping stay
// go-github's. Every area client embeds one.
type requester struct {
	gh *github.Client
}

// do sends r to path (made with r.path) and decodes the answer into out.
func (q requester) do(ctx context.Context, r Route, path string, body, out any) error {
	req, err := q.newRequest(r.Method, path, body)
	if err != nil {
		return err
	}
	_, err = q.gh.Do(ctx, req, out)
	return Explain(err)
}

// toggle turns a repository's switch (Dependabot alerts, private
// vulnerability reporting, immutable releases) on with the route enable
// or off with the route disable: bodiless writes GitHub answers with 204.
func (q requester) toggle(ctx context.Context, on bool, enable, disable Route, owner, name string) error {
	r := disable
	if on {
		r = enable
	}
	return q.do(ctx, r, r.path(owner, name), nil, nil)
}

// newRequest is go-github's request for path, asking for every field.
func (q requester) newRequest(method, path string, body any) (*http.Request, error) {
	req, err := q.gh.NewRequest(method, path, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", mediaTypeRepo)
	return req, nil
}

// path is the route's template with its parameters, in order, replaced by
// params (path-escaped), relative to the API root as go-github wants it.
// A count of params that does not fit the template is a programming error.
func (r Route) path(params ...string) string {
	segs := strings.Split(strings.TrimPrefix(r.Template, "/"), "/")
	n := 0
	for i, s := range segs {
		if strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") {
			if n >= len(params) {
				break
			}
			segs[i] = pathSegment(params[n])
			n++
		}
	}
	if n != len(params) || strings.Contains(strings.Join(segs, "/"), "{") {
		panic(fmt.Sprintf("route %s %s: %d parameters do not fit", r.Method, r.Template, len(params)))
	}
	return strings.Join(segs, "/")
}

// pathSegment is param path-escaped as one segment. "." and ".." (an
// environment's name can be either) are escaped too: left as they are,
// resolving the path against the API root would drop them as dot segments
// and send the request to another resource.
func pathSegment(param string) string {
	if param == "." || param == ".." {
		return strings.Repeat("%2E", len(param))
	}
	return url.PathEscape(param)
}

// page reads one page (counting from 1) of a list at path into out, asking
// for perPage items, and returns the number of the next page: 0 after the
// last one. GitHub says where the next page is in the Link header.
func (q requester) page(ctx context.Context, r Route, path string, page, perPage int, out any) (int, error) {
	v := url.Values{}
	v.Set("per_page", strconv.Itoa(perPage))
	v.Set("page", strconv.Itoa(page))
	req, err := q.newRequest(r.Method, path+"?"+v.Encode(), nil)
	if err != nil {
		return 0, err
	}
	resp, err := q.gh.Do(ctx, req, out)
	if err != nil {
		return 0, Explain(err)
	}
	return resp.NextPage, nil
}
