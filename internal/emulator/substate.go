package emulator

import "fmt"

// subKind names the state of one kind that lives inside a repository
// (webhooks, deploy keys, environments, secrets, ...). Such a kind declares a
// subKind and keeps its state nowhere else: the state hangs off the
// repository's record, so a rename or transfer keeps it, a delete drops it
// with the repository, and a repository created again under the same name
// starts without it. Snapshots (State.RepoByName, ...) do not carry it. A
// collection (collection.go) keeps its items in a subKind of its name.
//
//	var rulesetsOf = subKind[[]*ruleset]{name: "rulesets"}
//	rulesets := rulesetsOf.of(r) // under the write lock
type subKind[T any] struct{ name string }

// of returns the repository's state of this kind, creating an empty one on
// first use. The caller holds the state's write lock.
func (k subKind[T]) of(r *Repo) *T { return slotOf[T](&r.sub, k.name, "repository") }

// peek returns the repository's state of this kind, or nil when it has none.
// The read lock is enough.
func (k subKind[T]) peek(r *Repo) *T { return peekSlot[T](r.sub, k.name, "repository") }

// orgKind names the state of one kind that lives inside an organization
// (its webhooks, rulesets, Actions variables, ...), as a subKind does
// inside a repository: the state hangs off the organization's Account and
// is kept nowhere else, so it is that organization's alone, whatever case
// a path writes its login in. A collection mounted under organizations
// (onOrg) keeps its items in an orgKind of its name, apart from the
// subKind of its repositories' items.
//
//	var orgHooksOf = orgKind[[]*hook]{name: "hooks"}
//	hooks := orgHooksOf.of(org) // under the write lock
type orgKind[T any] struct{ name string }

// of returns the organization's state of this kind, creating an empty one
// on first use. The caller holds the state's write lock.
func (k orgKind[T]) of(org *Account) *T { return slotOf[T](&org.sub, k.name, "organization") }

// peek returns the organization's state of this kind, or nil when it has
// none. The read lock is enough.
func (k orgKind[T]) peek(org *Account) *T { return peekSlot[T](org.sub, k.name, "organization") }

// slotOf is the state named name among a holder's (a repository's or an
// organization's), made empty on first use.
func slotOf[T any](sub *map[string]any, name, holder string) *T {
	if v := peekSlot[T](*sub, name, holder); v != nil {
		return v
	}
	if *sub == nil {
		*sub = map[string]any{}
	}
	v := new(T)
	(*sub)[name] = v
	return v
}

// peekSlot is the state named name among a holder's, or nil.
func peekSlot[T any](sub map[string]any, name, holder string) *T {
	v, ok := sub[name]
	if !ok {
		return nil
	}
	t, ok := v.(*T)
	if !ok {
		panic(fmt.Sprintf("emulator: %s state %q is %T, not %T: two kinds share its name", holder, name, v, t))
	}
	return t
}
