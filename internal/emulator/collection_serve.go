package emulator

import (
	"fmt"
	"net/http"
	"time"
)

// shelf is one owner's items of a collection, in creation order.
type shelf[T any] []*T

// remove takes the item off the shelf.
func (sh *shelf[T]) remove(it *T) {
	for i, x := range *sh {
		if x == it {
			*sh = append((*sh)[:i:i], (*sh)[i+1:]...)
			return
		}
	}
}

// spot is where a request finds a collection's items: one owner's shelf
// and the collection's URL there. A mount (onRepo, onOrg) makes it from
// the path, so the handlers below know no owner.
type spot[T any] struct {
	find func() *shelf[T] // the shelf; nil when the owner has none yet
	make func() *shelf[T] // the shelf, made on first use (write lock held)
	url  string           // the collection's API URL
	key  string           // the item's key in the path; "" for the collection's own routes
	// hidden: the caller may not see the items, and every operation but
	// a create answers 404 (GitHub's webhooks, for all but admins).
	hidden bool
	// anywhere calls f on every item of the collection, under any owner,
	// until f reports true; it reports whether one did.
	anywhere func(f func(*T) bool) bool
}

// mountOps are the access rules and documentation of a collection's
// operations under one mount, O being its owner's kind of operation
// (repoOp, orgOp). update is declared exactly when the collection has one.
type mountOps[O comparable] struct{ list, create, get, update, remove O }

// mountAt declares the collection's routes at path under an owner, an
// item's at path/{param}, through place: it declares one route with its
// operation's rules, write telling whether the operation changes state
// (and takes the write lock), and h, which serves it once the mount has
// found the spot. It panics when the collection is declared incomplete or
// an update route and an update operation do not come together: every
// test finds that when the routes are built.
func mountAt[T any, O comparable](k *collection[T], path, param string, ops mountOps[O],
	place func(method, path string, op O, write bool, h func(*reqCtx, *world, spot[T]))) {
	if problem := k.incomplete(); problem != "" {
		panic(fmt.Sprintf("emulator: collection %q: %s", k.name, problem))
	}
	var none O
	if (k.update != nil) != (ops.update != none) {
		panic(fmt.Sprintf("emulator: collection %q under %s: an update route needs an update operation, and the other way round", k.name, path))
	}
	one := path + "/{" + param + "}"
	place("GET", path, ops.list, false, k.list)
	place("POST", path, ops.create, true, k.add)
	place("GET", one, ops.get, false, k.get)
	if k.update != nil {
		place(k.update.method, one, ops.update, true, k.change)
	}
	place("DELETE", one, ops.remove, true, k.remove)
}

// anywhere calls f on the collection's items under every owner,
// repositories and organizations, until f reports true; it reports whether
// one did.
func (k *collection[T]) anywhere(w *world, f func(*T) bool) bool {
	var shelves []*shelf[T]
	for _, r := range w.repos {
		if all := k.shelvesOf().peek(r); all != nil {
			for _, sh := range *all {
				shelves = append(shelves, sh)
			}
		}
	}
	for _, a := range w.accounts {
		if sh := k.orgShelf().peek(a); sh != nil {
			shelves = append(shelves, sh)
		}
	}
	for _, sh := range shelves {
		for _, it := range *sh {
			if f(it) {
				return true
			}
		}
	}
	return false
}

// list answers a page of the items, in creation order, with GitHub's Link
// header.
func (k *collection[T]) list(c *reqCtx, _ *world, sp spot[T]) {
	if sp.hidden {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return
	}
	var all shelf[T]
	var builtIn []*T
	if k.builtIn != nil {
		builtIn = k.builtIn(c)
	}
	for _, it := range builtIn {
		if k.listing == nil || k.listing(c, it, true) {
			all = append(all, it)
		}
	}
	if sh := sp.find(); sh != nil {
		for _, it := range *sh {
			if k.listing == nil || k.listing(c, it, false) {
				all = append(all, it)
			}
		}
	}
	start, end := c.paginateBy(len(all), k.pages.def, k.pages.most)
	page := make([]any, 0, end-start)
	for _, it := range all[start:end] {
		page = append(page, k.render(c, sp.url+"/"+k.key.of(it), it))
	}
	if k.listed != nil {
		c.json(http.StatusOK, k.listed(len(all), page))
		return
	}
	c.json(http.StatusOK, page)
}

// find is the item the path names, answering 404 when there is none or
// the caller may not see it.
func (k *collection[T]) find(c *reqCtx, sp spot[T]) (*shelf[T], *T) {
	if sh := sp.find(); sh != nil && !sp.hidden {
		for _, it := range *sh {
			if k.key.matches(it, sp.key) {
				return sh, it
			}
		}
	}
	c.fail(http.StatusNotFound, "Not Found", c.doc)
	return nil, nil
}

// get answers the path's item: the owner's, or one built in.
func (k *collection[T]) get(c *reqCtx, _ *world, sp spot[T]) {
	if k.builtIn != nil && !sp.hidden {
		for _, it := range k.builtIn(c) {
			if k.key.matches(it, sp.key) {
				c.json(http.StatusOK, k.render(c, sp.url+"/"+k.key.of(it), it))
				return
			}
		}
	}
	if _, it := k.find(c, sp); it != nil {
		c.json(http.StatusOK, k.render(c, sp.url+"/"+k.key.of(it), it))
	}
}

// add creates an item from the body: 201, with the item and its Location
// or with an empty object, as the collection declares.
func (k *collection[T]) add(c *reqCtx, w *world, sp spot[T]) {
	f, ok := c.fields(!k.optionalBody)
	if !ok {
		return
	}
	it := new(T)
	if !k.create(c, w, f, it) {
		return
	}
	sh := sp.make()
	if k.clashes(c, sp, sh, it, nil) {
		return
	}
	if k.key.id != nil {
		*k.key.id(it) = w.newID(k.name, k.key.first)
	}
	if k.stamps != nil {
		created, updated := k.stamps(it)
		now := c.s.now()
		for _, p := range []*time.Time{created, updated} {
			if p != nil {
				*p = now
			}
		}
	}
	*sh = append(*sh, it)
	if k.created == replyEmpty {
		c.json(http.StatusCreated, map[string]any{})
		return
	}
	url := sp.url + "/" + k.key.of(it)
	c.header.Set("Location", url)
	c.json(http.StatusCreated, k.render(c, url, it))
}

// change updates the path's item as the body says: 200 with the item, or
// 204, as the collection declares.
func (k *collection[T]) change(c *reqCtx, w *world, sp spot[T]) {
	var f *fields
	var ok bool
	if k.update.bodyFirst {
		if f, ok = c.fields(true); !ok {
			return
		}
	}
	sh, old := k.find(c, sp)
	if old == nil {
		return
	}
	if f == nil {
		if f, ok = c.fields(true); !ok {
			return
		}
	}
	it := *old
	if !k.update.read(c, w, f, &it) || k.clashes(c, sp, sh, &it, old) {
		return
	}
	if k.stamps != nil {
		if _, updated := k.stamps(&it); updated != nil {
			*updated = c.s.now()
		}
	}
	*old = it
	if k.update.reply == replyNone {
		c.noContent()
		return
	}
	c.json(http.StatusOK, k.render(c, sp.url+"/"+k.key.of(old), old))
}

// remove deletes the path's item (204).
func (k *collection[T]) remove(c *reqCtx, _ *world, sp spot[T]) {
	sh, it := k.find(c, sp)
	if it == nil {
		return
	}
	sh.remove(it)
	c.noContent()
}

// clashes answers taken and reports true when it, new or the changed copy
// of self, may not stand beside another item: one of its name, or what
// the collection's clash finds on the shelf or its unique anywhere.
func (k *collection[T]) clashes(c *reqCtx, sp spot[T], sh *shelf[T], it, self *T) bool {
	found := false
	for _, o := range *sh {
		if o != self && (k.key.same(it, o) || (k.clash != nil && k.clash(it, o))) {
			found = true
			break
		}
	}
	if !found && k.unique != nil {
		found = sp.anywhere(func(o *T) bool { return o != self && k.unique(it, o) })
	}
	if found {
		k.taken(c)
	}
	return found
}

// fields decodes a JSON object body for typed reads, answering 400 when
// it is not one; an optional body may be left out (or null).
func (c *reqCtx) fields(required bool) (*fields, bool) {
	m, ok := c.decode(required)
	if !ok {
		return nil, false
	}
	return &fields{c: c, m: m}, true
}
