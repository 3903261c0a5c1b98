package emulator

import (
	"fmt"
	"net/http"
)

// setting is one object GitHub keeps per owner at its own endpoint (a
// repository's Actions permissions or private vulnerability reporting, an
// organization's Actions permissions), declared once: GitHub's default for
// an owner that never set it, how it is rendered, and how a PUT body
// changes it. It serves GET, which answers the owner's value or the
// default, and PUT, which changes it, wherever a mount places it: onRepo
// under a repository, onOrg under an organization. Every owner has the
// setting, so there is no create; one GitHub also turns off with DELETE
// (private vulnerability reporting) declares that route beside the mount.
// ETags and conditional reads are the pipeline's, as for every answer.
//
// A new setting is a declaration and what is its own; a repository's
// Actions permissions would be:
//
//	var actionsPermissions = &setting[actionsPerms]{
//		name: "actions-permissions", render: renderActionsPerms, read: readActionsPerms, reply: replyNone,
//		def:  func() actionsPerms { return actionsPerms{Enabled: true, Allowed: "all"} },
//	}
//
//	func init() { registerKind(actionsPermissions.name, actionsPermissionsRoutes) }
//
//	// actionsPermissionsRoutes declares a repository's Actions permissions,
//	// for admins only.
//	func actionsPermissionsRoutes(_ *Server, t *routeTable) {
//		admin := func(anchor string) repoOp {
//			return repoOp{auth: authRequired, need: accessAdmin, doc: docActionsPermissions + "#" + anchor}
//		}
//		actionsPermissions.onRepo(t, settingMount[repoOp]{path: "/actions/permissions",
//			get: admin("get-github-actions-permissions-for-a-repository"),
//			put: admin("set-github-actions-permissions-for-a-repository")})
//	}
//
// plus the actionsPerms struct, its JSON (renderActionsPerms) and
// readActionsPerms, which reads a PUT body's fields into the value and
// answers GitHub's 422 for what it refuses ("enabled" wasn't supplied). An
// organization's setting is mounted the same way with onOrg and
// settingMount[orgOp].
type setting[T any] struct {
	// name names the setting's state in each owner; it is the kind's name.
	name string
	// def is GitHub's value for an owner that never set it: a new value
	// on each call, so that no two owners share what it points to.
	def func() T
	// render is the value as GitHub shows it.
	render func(c *reqCtx, v *T) any
	// read changes v, a copy of the owner's value (or of the default), as
	// a PUT body says; it answers (GitHub's 422 through fields, c.invalid,
	// c.notSupplied) and reports false when the body is refused, and the
	// owner's value is then left as it was.
	read func(c *reqCtx, w *world, f *fields, v *T) bool
	// reply is how a PUT is answered: replyNone (204), replyItem (200
	// with the new value) or replyEmpty (201 with an empty object, as
	// GitHub answers a repository's OIDC subject claim template).
	reply reply
	// optionalBody: GitHub's description does not require a PUT body;
	// none, or null, reads as an empty object.
	optionalBody bool
	// inRepo, when set, is asked on every GET and PUT under a repository,
	// before the value is rendered or a body read, with a copy of the
	// repository's value: it fills in what the repository decides (the
	// longest retention its visibility allows), or answers GitHub's
	// refusal (a setting only private repositories have, one that needs
	// another setting first) and reports false.
	inRepo func(c *reqCtx, r *Repo, v *T, write bool) bool
}

// incomplete names what the declaration lacks that a request would need,
// "" when nothing: a mount refuses it when the routes are built, so every
// test finds it.
func (k *setting[T]) incomplete() string {
	switch {
	case k.name == "":
		return "no name"
	case k.def == nil:
		return "no default"
	case k.render == nil || k.read == nil:
		return "no render or read"
	case k.reply != replyNone && k.reply != replyItem && k.reply != replyEmpty:
		return "a PUT answers replyNone, replyItem or replyEmpty"
	}
	return ""
}

// settingMount places a setting under an owner: its path after the owner's
// ("/actions/permissions"), and the access rules and documentation of its
// read and its write, O being the owner's kind of operation (repoOp,
// orgOp). The write takes the write lock without saying so.
type settingMount[O any] struct {
	path     string
	get, put O
}

// settingSpot is where a request finds a setting: its owner's value, and a
// way to keep a new one. A mount makes it from the path, so the handlers
// below know no owner.
type settingSpot[T any] struct {
	find func() *T // the owner's value; nil when it never set it
	keep func(v T) // keeps v as the owner's value (write lock held)
	// admit, when set, prepares a copy of the value for a GET (write
	// false) or a PUT, or answers a refusal and reports false.
	admit func(c *reqCtx, v *T, write bool) bool
}

// onRepo declares the setting's routes under a repository: its value
// lives in the repository (a subKind), so it follows a rename or transfer
// and goes with the repository.
func (k *setting[T]) onRepo(t *routeTable, m settingMount[repoOp]) {
	k.mustBeComplete()
	slot := subKind[T]{name: k.name}
	spot := func(r *Repo) settingSpot[T] {
		sp := settingSpot[T]{find: func() *T { return slot.peek(r) }, keep: func(v T) { *slot.of(r) = v }}
		if k.inRepo != nil {
			sp.admit = func(c *reqCtx, v *T, write bool) bool { return k.inRepo(c, r, v, write) }
		}
		return sp
	}
	put := m.put
	put.write = true
	t.repo(http.MethodGet, m.path, m.get, func(c *reqCtx, w *world, r *Repo) { k.get(c, w, spot(r)) })
	t.repo(http.MethodPut, m.path, put, func(c *reqCtx, w *world, r *Repo) { k.put(c, w, spot(r)) })
}

// onOrg declares the setting's routes under an organization: its value
// lives in the organization's Account (an orgKind).
func (k *setting[T]) onOrg(t *routeTable, m settingMount[orgOp]) {
	k.mustBeComplete()
	slot := orgKind[T]{name: k.name}
	spot := func(org *Account) settingSpot[T] {
		return settingSpot[T]{find: func() *T { return slot.peek(org) }, keep: func(v T) { *slot.of(org) = v }}
	}
	put := m.put
	put.write = true
	t.org(http.MethodGet, m.path, m.get, func(c *reqCtx, w *world, org *Account) { k.get(c, w, spot(org)) })
	t.org(http.MethodPut, m.path, put, func(c *reqCtx, w *world, org *Account) { k.put(c, w, spot(org)) })
}

// mustBeComplete panics when the declaration is incomplete: every test
// finds that when the routes are built.
func (k *setting[T]) mustBeComplete() {
	if problem := k.incomplete(); problem != "" {
		panic(fmt.Sprintf("emulator: setting %q: %s", k.name, problem))
	}
}

// current is the owner's value, or GitHub's default when it never set it.
func (k *setting[T]) current(sp settingSpot[T]) T {
	if v := sp.find(); v != nil {
		return *v
	}
	return k.def()
}

// get answers the owner's value.
func (k *setting[T]) get(c *reqCtx, _ *world, sp settingSpot[T]) {
	v := k.current(sp)
	if sp.admit != nil && !sp.admit(c, &v, false) {
		return
	}
	c.json(http.StatusOK, k.render(c, &v))
}

// put changes the owner's value as the body says: 204, 200 with the new
// value, or 201 with an empty object, as the setting declares. A refused
// body changes nothing.
func (k *setting[T]) put(c *reqCtx, w *world, sp settingSpot[T]) {
	f, ok := c.fields(!k.optionalBody)
	if !ok {
		return
	}
	v := k.current(sp)
	if sp.admit != nil && !sp.admit(c, &v, true) {
		return
	}
	if !k.read(c, w, f, &v) {
		return
	}
	sp.keep(v)
	switch k.reply {
	case replyNone:
		c.noContent()
		return
	case replyEmpty:
		c.json(http.StatusCreated, map[string]any{})
		return
	}
	c.json(http.StatusOK, k.render(c, &v))
}
