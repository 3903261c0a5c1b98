package kind

import (
	"cmp"
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// ReasonMissing is the event that an object a resource manages is gone
// from GitHub, and is made again.
const ReasonMissing event.Reason = "ExternalResourceMissing"

// ExternalID is the external name of an object GitHub knows by a numeric
// id (a webhook, a ruleset, a deploy key): the id.
func ExternalID(id int64) string { return strconv.FormatInt(id, 10) }

// ParseExternalID reads the id of a noun from an external name; address is
// where GitHub shows the id ("…/settings/hooks/<id>").
func ParseExternalID(ext, noun, address string) (int64, error) {
	id, err := strconv.ParseInt(ext, 10, 64)
	if err != nil || id <= 0 {
		return 0, errors.Errorf("the crossplane.io/external-name annotation %q is not a %s id: set it to the number at the end of the %s's address on GitHub (%s), or remove it to create the %s", ext, noun, noun, address, noun)
	}
	return id, nil
}

// ByID finds the object of a kind GitHub knows by an id it assigns, the
// external name: a webhook, a ruleset, a deploy key. Without an external
// name the object is the resource's only as the result of its lost create
// (see Recovers); an object GitHub no longer has does not exist, and is
// made again.
type ByID[O any] struct {
	// Noun names an object of the kind ("webhook"); Address is where
	// GitHub shows its id ("…/settings/hooks/<id>").
	Noun, Address string
	// In is where the object lives: its repository or organization.
	In Place
	// Unless says what else GitHub's 404 may mean; "or the repository
	// (organization) does not" when empty.
	Unless string
	// Again says how a missing object is made again; "creating it again"
	// when empty.
	Again  string
	Record event.Recorder

	// Get reads the object of an id.
	Get func(ctx context.Context, id int64) (*O, error)
	// List lists the candidates a lost create may have made; Match picks
	// the one it would have made (nil: none).
	List  func(ctx context.Context) ([]O, error)
	Match func([]O) *O
	// Full reads the whole of a listed object, when a list shows less
	// than Drift compares; nil when the list shows it all.
	Full func(ctx context.Context, listed *O) (*O, error)
	// ID, CreatedAt and Drift are an object's id, creation time and the
	// fields in which it differs from what the create sent.
	ID        func(*O) int64
	CreatedAt func(*O) *time.Time
	Drift     func(*O) []string
	// Untimed: GitHub keeps no creation time of the kind's objects (an
	// autolink), so only their content tells a lost create's result
	// (RecoversUntimed); CreatedAt is then not used.
	Untimed bool
	// Describe names a found object for the recovery event; Made says how
	// the resource made it ("created by this Webhook").
	Describe func(*O) string
	Made     string
}

// Find reads the object mg manages: the one its external name names, or
// the one a lost create of mg made (recovered is then true, and the
// external name set). Nil when there is none.
func (f ByID[O]) Find(ctx context.Context, mg resource.Managed) (obj *O, recovered bool, err error) {
	ext := meta.GetExternalName(mg)
	if ext == "" {
		return f.recover(ctx, mg)
	}
	id, err := ParseExternalID(ext, f.Noun, f.Address)
	if err != nil {
		if meta.WasDeleted(mg) {
			// Nothing this resource could have made: nothing to delete.
			return nil, false, nil
		}
		return nil, false, err
	}
	obj, err = f.Get(ctx, id)
	if github.IsNotFound(err) {
		if !meta.WasDeleted(mg) {
			f.Record.Event(mg, event.Warning(ReasonMissing, gone(fmt.Sprintf("%s %d of %s", f.Noun, id, f.In.FullName()), f.In, f.Unless, f.Again)))
		}
		return nil, false, nil
	}
	if err != nil {
		return nil, false, errors.Wrapf(err, "cannot read %s %d of %s", f.Noun, id, f.In.FullName())
	}
	return obj, false, nil
}

// recover finds the object a create of mg made when the provider stopped
// between GitHub making it and the external name being saved, or GitHub's
// answer to it was lost: the candidate Match picks, made during mg's
// create and exactly as mg declares it (Recovers). Anything else is
// someone else's, and is never taken over: the create is refused and says
// how to adopt it.
func (f ByID[O]) recover(ctx context.Context, mg resource.Managed) (*O, bool, error) {
	if !CreateUnconfirmed(mg) {
		return nil, false, nil
	}
	list, err := f.List(ctx)
	if github.IsNotFound(err) {
		// No repository or organization (the create will say so), so
		// nothing of ours.
		return nil, false, nil
	}
	if err != nil {
		return nil, false, errors.Wrapf(err, "cannot list the %ss of %s to look for one an interrupted create made", f.Noun, f.In.FullName())
	}
	obj := f.Match(list)
	if obj == nil {
		return nil, false, nil
	}
	var created *time.Time
	if !f.Untimed {
		if created = f.CreatedAt(obj); !CreatedByLostCreate(mg, created) {
			return nil, false, nil
		}
	}
	if f.Full != nil {
		id := f.ID(obj)
		if obj, err = f.Full(ctx, obj); github.IsNotFound(err) {
			return nil, false, nil
		}
		if err != nil {
			return nil, false, errors.Wrapf(err, "cannot read %s %d of %s to tell whether an interrupted create made it", f.Noun, id, f.In.FullName())
		}
	}
	recovers := Recovers(mg, created, f.Drift(obj))
	if f.Untimed {
		recovers = RecoversUntimed(mg, f.Drift(obj))
	}
	if !recovers {
		return nil, false, nil
	}
	Recovered(mg, f.Record, ExternalID(f.ID(obj)), f.Describe(obj), f.Made)
	return obj, true, nil
}

// ByName finds the object of a kind the user names, its name being the
// external name: an Actions variable, a secret, an environment.
type ByName[O any] struct {
	// Noun names an object of the kind ("variable"); What names the
	// object of a name for messages ("Actions variable \"X\" of o/r").
	Noun string
	What func(name string) string
	// Kind is the resource's kind ("ActionsVariable").
	Kind string
	// In is where the object lives: its repository or organization.
	In Place
	// Unless says what else GitHub's 404 may mean; "or the repository
	// (organization) does not" when empty.
	Unless string
	// Again says how a missing object is made again; "creating it again"
	// when empty.
	Again string
	// Taken adds to the advice on adopting someone else's object
	// (" (its value becomes the declared one)").
	Taken string
	// Untimed: GitHub keeps no creation time of the kind's objects (a
	// label), so only their content tells a lost create's result
	// (RecoversUntimed).
	Untimed bool
	Record  event.Recorder

	// Same tells whether two names name the same object.
	Same func(a, b string) bool
	// Get reads the object of the declared name.
	Get func(ctx context.Context) (*O, error)
}

// Find reads the object of name, the declared name. unclaimed is true
// when GitHub has it but mg has no external name yet: only Claim may then
// make it mg's. Nil when there is none, or none that can be mg's.
func (f ByName[O]) Find(ctx context.Context, mg resource.Managed, name string) (obj *O, unclaimed bool, err error) {
	ext, deleting := meta.GetExternalName(mg), meta.WasDeleted(mg)
	if ext != "" && !f.Same(ext, name) {
		if deleting {
			// Nothing this resource could have made under its name.
			return nil, false, nil
		}
		return nil, false, errors.Errorf("the crossplane.io/external-name annotation %q is not the %s's name %q (spec.forProvider.name): set the annotation to the name, or remove it to create the %s", ext, f.Noun, name, f.Noun)
	}
	obj, err = f.Get(ctx)
	switch {
	case github.IsNotFound(err):
		if ext != "" && !deleting {
			f.Record.Event(mg, event.Warning(ReasonMissing, gone(f.What(name), f.In, f.Unless, f.Again)))
		}
		return nil, false, nil
	case err != nil:
		return nil, false, errors.Wrapf(err, "cannot read %s%s", f.What(name), f.In.NamedBy())
	case ext == "" && deleting:
		// Not this resource's: nothing to delete.
		return nil, false, nil
	}
	return obj, ext == "", nil
}

// Claim makes obj, of name, which GitHub made at createdAt and which
// differs from what mg's create sent in the fields differs lists, mg's
// own when it is the result of mg's lost create (Recovers). Otherwise it
// is someone else's, and the error says how to adopt it.
func (f ByName[O]) Claim(mg resource.Managed, name string, createdAt *time.Time, differs []string) error {
	recovers := Recovers(mg, createdAt, differs)
	if f.Untimed {
		recovers = RecoversUntimed(mg, differs)
	}
	if !recovers {
		return f.NotOurs(name)
	}
	Recovered(mg, f.Record, name, f.What(name), "created by this "+f.Kind)
	return nil
}

// NotOurs says that the object of name exists and the resource did not
// make it, and how to adopt it.
func (f ByName[O]) NotOurs(name string) error {
	return errors.Errorf("%s already exists and this %s did not create it: to manage it%s, set the annotation crossplane.io/external-name: %q; or choose another name", f.What(name), f.Kind, f.Taken, name)
}

// gone says that what no longer exists on GitHub in place: unless says
// what else GitHub's 404 may mean ("or the repository does not" when
// empty), again how it is made again ("creating it again" when empty).
func gone(what string, in Place, unless, again string) error {
	return errors.Errorf("%s no longer exists on GitHub (%s): %s", what, cmp.Or(unless, "or the "+in.Noun()+" does not"), cmp.Or(again, "creating it again"))
}
