package emulator

// orgMount places a collection under an organization: its routes under
// /orgs/{org}, where each organization has one shelf of the collection's
// items.
type orgMount struct {
	path  string // after /orgs/{org}: "/hooks", "/actions/variables"
	param string // the item's path parameter: "hook_id", "name"
	// The operations' access rules and documentation; the writes take the
	// write lock without saying so. update is declared exactly when the
	// collection has one.
	list, create, get, update, remove orgOp
}

// orgShelf is an organization's shelf of the collection, apart from its
// repositories' shelves (shelvesOf).
func (k *collection[T]) orgShelf() orgKind[shelf[T]] {
	return orgKind[shelf[T]]{name: k.name}
}

// onOrg declares the collection's routes under an organization.
func (k *collection[T]) onOrg(t *routeTable, m orgMount) {
	ops := mountOps[orgOp]{list: m.list, create: m.create, get: m.get, update: m.update, remove: m.remove}
	mountAt(k, m.path, m.param, ops, func(method, path string, op orgOp, write bool, h func(*reqCtx, *world, spot[T])) {
		op.write = write
		t.org(method, path, op, func(c *reqCtx, w *world, org *Account) {
			h(c, w, k.orgSpot(c, w, org, m))
		})
	})
}

// orgSpot is the shelf of the organization the path names.
func (k *collection[T]) orgSpot(c *reqCtx, w *world, org *Account, m orgMount) spot[T] {
	slot := k.orgShelf()
	return spot[T]{
		find:     func() *shelf[T] { return slot.peek(org) },
		make:     func() *shelf[T] { return slot.of(org) },
		url:      c.apiBase + "/orgs/" + org.Login + expandPath(m.path, c.params),
		key:      c.params[m.param],
		anywhere: func(f func(*T) bool) bool { return k.anywhere(w, f) },
	}
}
