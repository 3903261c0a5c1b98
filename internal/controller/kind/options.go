package kind

import (
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
)

// namedByCreate are the reconciler options of every kind. Its external
// name is set only by its Create or by the user, never from
// metadata.name (no initializer), so an object that exists on GitHub is
// never taken over by default. A create whose record was lost is resolved
// by looking for the object it would have made (see Recovers), whether
// GitHub names the object (an id) or the user does (a name, a path): the
// reconciler goes on rather than stop for a person.
func namedByCreate() []managed.ReconcilerOption {
	return []managed.ReconcilerOption{
		managed.WithDeterministicExternalName(true),
		managed.WithInitializers(),
	}
}

// shownAtOnceGrace is how long after a create an object GitHub does not
// show is taken for a replica a moment behind.
const shownAtOnceGrace = 5 * time.Second

// ShownAtOnce is the creation grace of a kind whose objects GitHub shows as
// soon as it has answered their create: a short grace covers a replica a
// moment behind. crossplane-runtime's default 30 s would hold back making
// again an object deleted on GitHub, and confirming a delete, for that
// long.
func ShownAtOnce() managed.ReconcilerOption {
	return managed.WithCreationGracePeriod(shownAtOnceGrace)
}
