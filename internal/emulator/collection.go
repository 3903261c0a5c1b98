package emulator

import (
	"net/url"
	"strconv"
	"strings"
	"time"
)

// collection is one kind of object GitHub keeps several of under an owner
// (a repository's deploy keys, webhooks or Actions variables), declared
// once: how its items are keyed, rendered and read from a request body.
// It serves list (paginated, in creation order), get, create, update and
// delete wherever a mount places it: onRepo, under a repository or a shelf
// within one (an environment's variables), and onOrg, under an
// organization. The handlers see only a spot (the owner's shelf and the
// collection's URL), so one collection may be mounted under both, its ids
// and what unique forbids shared. ETags and conditional reads are the
// pipeline's, as for every answer.
//
// A new simple kind is a declaration and what is its own; a repository's
// autolinks would be:
//
//	var autolinks = &collection[autolink]{
//		name: "autolinks", key: byID(5700001, func(a *autolink) *int64 { return &a.ID }),
//		pages: githubPages, render: renderAutolink, create: readAutolink, created: replyItem,
//		clash: func(a, b *autolink) bool { return strings.EqualFold(a.KeyPrefix, b.KeyPrefix) },
//		taken: func(c *reqCtx) {
//			c.invalid("Validation Failed", fieldError{Resource: "KeyPrefix", Code: "already_exists", Field: "key_prefix"})
//		},
//	}
//
//	func init() { registerKind(autolinks.name, autolinkRoutes) }
//
//	// autolinkRoutes declares a repository's autolinks, for admins only.
//	func autolinkRoutes(_ *Server, t *routeTable) {
//		admin := func(anchor string) repoOp {
//			return repoOp{auth: authRequired, need: accessAdmin, doc: docAutolinks + "#" + anchor}
//		}
//		autolinks.onRepo(t, repoMount{path: "/autolinks", param: "autolink_id",
//			list: admin("get-all-autolinks-of-a-repository"), create: admin("create-an-autolink-reference-for-a-repository"),
//			get: admin("get-an-autolink-reference-of-a-repository"), remove: admin("delete-an-autolink-reference-from-a-repository")})
//	}
//
// plus the autolink struct, its JSON (renderAutolink) and readAutolink,
// which reads a create body's fields into the new item and answers GitHub's
// 422 for what it refuses.
//
// An organization's kind is declared the same way and mounted with onOrg.
// GitHub lets only an organization's owners near its webhooks (anyone else,
// members too, finds none: 404) and an App's installation with the
// organization_hooks permission; their routes would be:
//
//	func orgHookRoutes(_ *Server, t *routeTable) {
//		owner := func(anchor string) orgOp {
//			return orgOp{auth: authRequired, need: accessAdmin, perm: "organization_hooks", doc: docOrgHooks + "#" + anchor}
//		}
//		orgHooks.onOrg(t, orgMount{path: "/hooks", param: "hook_id",
//			list: owner("list-organization-webhooks"), create: owner("create-an-organization-webhook"),
//			get: owner("get-an-organization-webhook"), update: owner("update-an-organization-webhook"),
//			remove: owner("delete-an-organization-webhook")})
//	}
//
// Where members read and owners change (an organization's custom
// properties), the reads need accessRead and the changes name refused,
// GitHub's 403 for a member.
type collection[T any] struct {
	// name names the collection's state in each owner and its id sequence;
	// it is the kind's name.
	name  string
	key   keying[T]
	pages pageSize
	// render is the item as GitHub shows it; url is the item's API URL.
	render func(c *reqCtx, url string, it *T) any
	// listed, when set, wraps a page of rendered items and the number of
	// items in all ({"total_count": n, "variables": [...]}); a list is
	// otherwise the bare array of the page.
	listed func(total int, page []any) any
	// create fills it, a new zero item, from a create body; it answers
	// (GitHub's 422 through fields, c.invalid, c.notSupplied) and reports
	// false when the body is refused. The id, when the collection hands
	// one out, and the stamps are set afterwards.
	create  func(c *reqCtx, w *world, f *fields, it *T) bool
	created reply // how a create is answered: replyItem or replyEmpty
	// optionalBody: GitHub's description does not require a create body
	// (webhooks'); none, or null, reads as an empty object.
	optionalBody bool
	// update, when set, is the collection's update operation.
	update *updating[T]
	// clash, when set, tells whether a and b may not both be in one
	// owner's items (a webhook's URL and events); items of the same name
	// always clash.
	clash func(a, b *T) bool
	// unique, when set, tells whether a and b may not both exist anywhere
	// (a deploy key's key material, once in all of GitHub).
	unique func(a, b *T) bool
	// taken answers an item that clashes (a name in use, or what clash or
	// unique finds): GitHub's 422 or 409.
	taken func(c *reqCtx)
	// stamps, when set, are the item's creation and update times (either
	// may be nil): a create sets both, an update the second.
	stamps func(it *T) (created, updated *time.Time)
	// builtIn, when set, are the items GitHub has under every owner and no
	// one made (its global code security configurations), fresh copies:
	// listed before the owner's own where listing lets them, and read by
	// key like them. Nothing changes or deletes them: a write of one is
	// answered as for a key the owner does not have (404), and a name of
	// theirs does not clash with the owner's items.
	builtIn func(c *reqCtx) []*T
	// listing, when set, tells whether a list answers the item, built in
	// or not (a query's filter: target_type).
	listing func(c *reqCtx, it *T, builtIn bool) bool
}

// incomplete names what the declaration lacks that a request would need,
// "" when nothing: a mount refuses it when the routes are built, so every
// test finds it.
func (k *collection[T]) incomplete() string {
	switch {
	case k.name == "":
		return "no name"
	case (k.key.id == nil) == (k.key.name == nil):
		return "no key (byID or byName)"
	case k.pages.def < 1 || k.pages.most < k.pages.def:
		return "no page size"
	case k.render == nil || k.create == nil || (k.update != nil && k.update.read == nil):
		return "no render, create or update read"
	case k.taken == nil && (k.key.name != nil || k.clash != nil || k.unique != nil):
		return "items may clash but no taken answers it"
	}
	return ""
}

// updating is a collection's update operation.
type updating[T any] struct {
	method string // PATCH, or PUT where GitHub replaces
	// read changes it, a copy of the item, as the body says; it answers
	// and reports false when the body is refused.
	read  func(c *reqCtx, w *world, f *fields, it *T) bool
	reply reply // replyItem (200 with the item) or replyNone (204)
	// bodyFirst reads the body before looking the item up: a body that
	// is no JSON object is 400 even where the item is not there (or not
	// to be seen). Otherwise an item not there is 404 whatever the body.
	bodyFirst bool
}

// reply is how GitHub answers a successful write of a collection.
type reply int

const (
	// replyItem answers with the item (a create: 201, naming it in
	// Location; an update: 200).
	replyItem reply = iota
	// replyEmpty answers a create with 201 and an empty object.
	replyEmpty
	// replyNone answers 204 No Content.
	replyNone
)

// pageSize is a list's page size when per_page is not sent, and the most
// per_page may ask for.
type pageSize struct{ def, most int }

// githubPages is the page size of most GitHub lists.
var githubPages = pageSize{def: defaultPerPage, most: maxPerPage}

// keying is how a collection's items are named in their paths: by an id
// the world hands out at create (GitHub never reuses one), or by a name
// the user chooses. Build one with byID or byName.
type keying[T any] struct {
	id    func(*T) *int64 // the item's id, for a collection keyed by id
	first int64           // the first id handed out
	name  func(*T) *string
	fold  bool // names compare without regard to case
}

// byID keys items by an id handed out at create, from first on.
func byID[T any](first int64, id func(*T) *int64) keying[T] {
	return keying[T]{id: id, first: first}
}

// byName keys items by their name, compared without regard to case when
// fold (as GitHub does for Actions variables and labels).
func byName[T any](fold bool, name func(*T) *string) keying[T] {
	return keying[T]{name: name, fold: fold}
}

// of is the item's key as its path writes it (a name escaped).
func (k keying[T]) of(it *T) string {
	if k.id != nil {
		return strconv.FormatInt(*k.id(it), 10)
	}
	return url.PathEscape(*k.name(it))
}

// matches tells whether the item is the one a path's key names.
func (k keying[T]) matches(it *T, key string) bool {
	if k.id != nil {
		id, err := strconv.ParseInt(key, 10, 64)
		return err == nil && id == *k.id(it)
	}
	return k.sameName(*k.name(it), key)
}

// same tells whether two items have the same name; items keyed by id
// never do.
func (k keying[T]) same(a, b *T) bool {
	return k.name != nil && k.sameName(*k.name(a), *k.name(b))
}

func (k keying[T]) sameName(a, b string) bool {
	if k.fold {
		return strings.EqualFold(a, b)
	}
	return a == b
}
