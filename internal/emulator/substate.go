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
func (k subKind[T]) of(r *Repo) *T {
	if v := k.peek(r); v != nil {
		return v
	}
	if r.sub == nil {
		r.sub = map[string]any{}
	}
	v := new(T)
	r.sub[k.name] = v
	return v
}

// peek returns the repository's state of this kind, or nil when it has none.
// The read lock is enough.
func (k subKind[T]) peek(r *Repo) *T {
	v, ok := r.sub[k.name]
	if !ok {
		return nil
	}
	t, ok := v.(*T)
	if !ok {
		panic(fmt.Sprintf("emulator: repository state %q is %T, not %T: two kinds share its name", k.name, v, t))
	}
	return t
}
