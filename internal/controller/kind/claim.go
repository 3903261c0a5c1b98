package kind

import (
	"context"
	"fmt"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	kmeta "k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/crossplane-github/provider-github/apis"
)

// A Claimant is a resource of a kind GitHub has one object of per
// repository or organization (a repository's Actions permissions, its
// Pages site; an organization's settings), and the repository or
// organization it claims.
type Claimant struct {
	resource.Managed
	// Claimed is the repository (owner/name) or organization it claims:
	// the one it was last observed with, else the one its spec names; ""
	// when that is not known until read (a repository named by a reference
	// of one never observed).
	Claimed string
	// Host is the GitHub API host it was last observed through
	// (api.github.com, or a GitHub Enterprise Server's); "" when never
	// observed. A repository is claimed once per host.
	Host string
}

// name is the claimant as a condition names it: its kind and
// namespace/name, or its name alone when cluster-scoped.
func (c Claimant) name(kind string) string {
	if ns := c.GetNamespace(); ns != "" {
		return fmt.Sprintf("%s %s/%s", kind, ns, c.GetName())
	}
	return kind + " " + c.GetName()
}

// older tells whether c claimed before mg: created earlier; or in the same
// second (creation times have no finer grain) and c holds the object
// already (it has written it, and has its external name) while mg does
// not; or else with a namespace/name that sorts first (a cluster-scoped
// one's namespace is ""). One created within a second of the holder's
// write so never takes its place.
func (c Claimant) older(mg resource.Managed) bool {
	a, b := c.GetCreationTimestamp(), mg.GetCreationTimestamp()
	if !a.Equal(&b) {
		return a.Before(&b)
	}
	if holds, mgHolds := meta.GetExternalName(c) != "", meta.GetExternalName(mg) != ""; holds != mgHolds {
		return holds
	}
	return c.GetNamespace()+"/"+c.GetName() < mg.GetNamespace()+"/"+mg.GetName()
}

// Claimants lists, through kube (the provider's cached reader), the
// resources of a kind in every scope, lists holding one empty list per
// scope, each with the repository or organization and host claimed says it
// claims. A scope whose kind is not installed has none. The lists share
// the cache's objects (no copy of every resource of the kind on every
// reconcile): they are only read. With mg, only those that contend with
// it are kept (see contends), so what they claim, which may take a read of
// the resource a reference names, is found for those alone.
func Claimants(ctx context.Context, kube client.Reader, kind string, lists []client.ObjectList, mg resource.Managed, claimed func(resource.Managed) (target, host string)) ([]Claimant, error) {
	var out []Claimant
	for _, l := range lists {
		all, err := items(ctx, kube, l)
		if kmeta.IsNoMatchError(err) {
			continue
		}
		if err != nil {
			return nil, errors.Wrapf(err, "cannot list the %s resources to tell whether another claims what this one would set", kind)
		}
		for _, o := range all {
			c, ok := o.(resource.Managed)
			if !ok {
				return nil, errors.Errorf("%T in the list of %s resources is not a managed resource", o, kind)
			}
			if mg != nil && !contends(c, mg) {
				continue
			}
			target, host := claimed(c)
			out = append(out, Claimant{Managed: c, Claimed: target, Host: host})
		}
	}
	return out, nil
}

// ClaimedBy is the error that another, older resource of all claims the
// repository or organization target on host that mg, a resource of kind k,
// would set (one whose host is not known yet claims target on every host):
// GitHub keeps one such object, it is that one's, and mg reads and writes
// nothing. One that is being deleted keeps its claim until it is gone if
// it wrote the object (its external name is set), for its delete may write
// too (puts GitHub's default back, unpublishes a site): mg taking over
// meanwhile would have its write undone. One that only observes
// (management policy Observe alone, as github-import writes them) claims
// nothing: it never writes, and is never refused. An older one whose
// target is not known yet may claim it: mg waits for it.
func ClaimedBy(mg resource.Managed, k ClaimingKind, target, host string, all []Claimant) error {
	if OnlyObserves(mg) {
		return nil
	}
	for _, c := range all {
		if !contends(c.Managed, mg) {
			continue
		}
		switch {
		case c.Claimed == NoRepository:
			continue
		case c.Claimed == "":
			return errors.Errorf("cannot tell yet whether %s, which is older, claims %s %s: it names it by a reference, or not at all, and has not been observed; waiting for it (this %s changes nothing meanwhile)", c.name(k.Name), k.of(), target, k.Name)
		case strings.EqualFold(c.Claimed, target) && (c.Host == "" || c.Host == host):
			return errors.Errorf("%s %s is already claimed by %s, which is older: a %s has one %s, and this one changes nothing; declare it in %s, or delete one of them", k.of(), target, c.name(k.Name), k.of(), k.Name, c.name(k.Name))
		}
	}
	return nil
}

// contends tells whether c may hold a claim against mg: it is not mg, it
// is older, it may write (does not only observe), and it is not being
// deleted before it wrote anything.
func contends(c, mg resource.Managed) bool {
	return c.GetUID() != mg.GetUID() && !(c.GetDeletionTimestamp() != nil && meta.GetExternalName(c) == "") &&
		!OnlyObserves(c) && Claimant{Managed: c}.older(mg)
}

// NoRepository is what ReferencedRepository says of a resource whose
// repositoryRef names a Repository resource that does not exist: it
// cannot write anything, so it claims no repository.
const NoRepository = "-"

// ReferencedRepository is the repository (owner/name) that the Repository
// resource mg's repositoryRef names has on GitHub, read through kube (the
// provider's cache); "" when that is not known yet (no reference, or a
// Repository not created on GitHub yet), NoRepository when the Repository
// resource does not exist. It lets a claim check tell which repository an
// older resource that was never observed will claim, rather than wait
// for it whatever its repository.
func ReferencedRepository(ctx context.Context, kube client.Client, mg RepositoryScoped) (string, error) {
	t := mg.RepositoryTarget()
	if t.RepositoryRef == nil {
		return "", nil
	}
	o, err := kube.Scheme().New(apis.Repository.Beside(mg))
	if err != nil {
		return "", errors.Wrap(err, "cannot make a Repository")
	}
	r, ok := o.(repositoryObject)
	if !ok {
		return "", errors.Errorf("%T is not a Repository kind", o)
	}
	if err := kube.Get(ctx, client.ObjectKey{Namespace: mg.GetNamespace(), Name: t.RepositoryRef.Name}, r); err != nil {
		if kerrors.IsNotFound(err) {
			return NoRepository, nil
		}
		return "", errors.Wrapf(err, "cannot read the Repository %s that %s names", t.RepositoryRef.Name, mg.GetName())
	}
	return ptr.Deref(r.Observation().FullName, ""), nil
}

// A ClaimingKind is a kind GitHub has one object of per repository (a
// repository's Actions permissions, OIDC subject claim template, Pages
// site) or per organization (its settings): its name, for conditions; a
// new list of it in each scope; the repository (owner/name) or
// organization and host a resource of it was last observed with ("" when
// never); and, for a kind of an organization, the organization a resource
// never observed names ("" none). A kind without Declared claims
// repositories.
type ClaimingKind struct {
	Name     string
	Lists    func() []client.ObjectList
	Observed func(resource.Managed) (target, host string)
	Declared func(resource.Managed) (organization string)
}

// ObservedAs makes a ClaimingKind's Observed from f, which reads the
// repository or organization and the host from the status of a resource
// of the kind, T (not set: never observed).
func ObservedAs[T resource.Managed](f func(T) (target, host *string)) func(resource.Managed) (string, string) {
	return func(o resource.Managed) (string, string) {
		t, ok := o.(T)
		if !ok {
			return "", ""
		}
		target, host := f(t)
		return ptr.Deref(target, ""), ptr.Deref(host, "")
	}
}

// of names what a resource of k claims.
func (k ClaimingKind) of() string {
	if k.Declared != nil {
		return "organization"
	}
	return "repository"
}

// ClaimedBy is the error that another, older resource of k, of either
// scope, claims the repository (owner/name) or organization target on host,
// which mg would set (see ClaimedBy). Another one claims what it was last
// observed with, on that host; one never observed claims, on the host its
// provider configuration reaches (HostOf), the organization its spec names
// (k.Declared), or the repository its spec names (its owner defaulting to
// the provider configuration's), else the one the Repository resource its
// repositoryRef names has on GitHub.
func (c Connection) ClaimedBy(ctx context.Context, k ClaimingKind, mg resource.Managed, target, host string) error {
	if OnlyObserves(mg) {
		return nil
	}
	all, err := Claimants(ctx, c.Kube, k.Name, k.Lists(), mg, func(o resource.Managed) (string, string) {
		if t, h := k.Observed(o); t != "" {
			return t, h
		}
		if k.Declared != nil {
			return k.Declared(o), c.HostOf(ctx, o)
		}
		other, ok := o.(RepositoryScoped)
		if !ok {
			return "", ""
		}
		if t := other.RepositoryTarget(); t.Repository != nil {
			return ptr.Deref(t.Owner, c.DefaultOwner) + "/" + *t.Repository, c.HostOf(ctx, other)
		}
		// Not known until read: the one it is waiting for (an error
		// reading it, too, says wait).
		r, _ := ReferencedRepository(ctx, c.Kube, other)
		return r, c.HostOf(ctx, other)
	})
	if err != nil {
		return err
	}
	return ClaimedBy(mg, k, target, host, all)
}
