package emulator

import (
	"net/url"
	"strings"
)

// repoMount places a collection under a repository: its routes, and which
// of the repository's shelves a path names.
type repoMount struct {
	path  string // after /repos/{owner}/{repo}: "/keys", "/environments/{environment_name}/variables"
	param string // the item's path parameter: "key_id", "name"
	// within, when set, names the shelf inside the repository the path
	// names (an environment's), answering 404 itself when there is none;
	// the repository's own shelf otherwise.
	within func(c *reqCtx, r *Repo) (string, bool)
	// hidden is the access to the repository a caller needs to see the
	// items at all (GitHub's webhooks: admin); with less, every operation
	// but a create answers 404, after the operation's own access rules.
	hidden int
	// The operations' access rules and documentation; the writes take the
	// write lock without saying so. update is declared exactly when the
	// collection has one.
	list, create, get, update, remove repoOp
}

// shelvesOf are a repository's shelves of a collection, by what they are
// within the repository ("" for its own).
func (k *collection[T]) shelvesOf() subKind[map[string]*shelf[T]] {
	return subKind[map[string]*shelf[T]]{name: k.name}
}

// onRepo declares the collection's routes under a repository.
func (k *collection[T]) onRepo(t *routeTable, m repoMount) {
	ops := mountOps[repoOp]{list: m.list, create: m.create, get: m.get, update: m.update, remove: m.remove}
	mountAt(k, m.path, m.param, ops, func(method, path string, op repoOp, write bool, h func(*reqCtx, *world, spot[T])) {
		op.write = write
		t.repo(method, path, op, func(c *reqCtx, w *world, r *Repo) {
			if sp, ok := k.repoSpot(c, w, r, m); ok {
				h(c, w, sp)
			}
		})
	})
}

// repoSpot is the shelf of the repository the path names.
func (k *collection[T]) repoSpot(c *reqCtx, w *world, r *Repo, m repoMount) (spot[T], bool) {
	in := ""
	if m.within != nil {
		var ok bool
		if in, ok = m.within(c, r); !ok {
			return spot[T]{}, false
		}
	}
	slot := k.shelvesOf()
	return spot[T]{
		find: func() *shelf[T] {
			if all := slot.peek(r); all != nil {
				return (*all)[in]
			}
			return nil
		},
		make: func() *shelf[T] {
			all := slot.of(r)
			if *all == nil {
				*all = map[string]*shelf[T]{}
			}
			if (*all)[in] == nil {
				(*all)[in] = &shelf[T]{}
			}
			return (*all)[in]
		},
		url:      c.apiBase + "/repos/" + r.FullName() + expandPath(m.path, c.params),
		key:      c.params[m.param],
		hidden:   m.hidden > accessNone && w.access(c.principal, r) < m.hidden,
		anywhere: func(f func(*T) bool) bool { return k.anywhere(w, f) },
	}, true
}

// inRepo is the item of the repository's own shelf the key names, or nil.
func (k *collection[T]) inRepo(r *Repo, key string) *T {
	if all := k.shelvesOf().peek(r); all != nil && (*all)[""] != nil {
		for _, it := range *(*all)[""] {
			if k.key.matches(it, key) {
				return it
			}
		}
	}
	return nil
}

// expandPath writes the path parameters of a route template with the
// request's values, escaped.
func expandPath(template string, params map[string]string) string {
	parts := strings.Split(template, "/")
	for i, p := range parts {
		if isParam(p) {
			parts[i] = url.PathEscape(params[strings.Trim(p, "{}")])
		}
	}
	return strings.Join(parts, "/")
}

// shelfIn is the repository's own shelf of the collection, made on first
// use (write lock held): for items GitHub puts there itself, as a new
// repository's default labels.
func (k *collection[T]) shelfIn(r *Repo) *shelf[T] {
	all := k.shelvesOf().of(r)
	if *all == nil {
		*all = map[string]*shelf[T]{}
	}
	if (*all)[""] == nil {
		(*all)[""] = &shelf[T]{}
	}
	return (*all)[""]
}
