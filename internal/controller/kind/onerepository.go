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
// repository (a repository's OIDC subject claim template, its Pages site),
// and the repository it claims.
type Claimant struct {
	resource.Managed
	// Repository is the repository (owner/name) it claims: the one it was
	// last observed with, else the one its spec names; "" when it names
	// its repository by a reference and was never observed.
	Repository string
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

// older tells whether c was created before mg: earlier, or in the same
// second with a namespace/name that sorts first (a cluster-scoped one's
// namespace is "").
func (c Claimant) older(mg resource.Managed) bool {
	a, b := c.GetCreationTimestamp(), mg.GetCreationTimestamp()
	if !a.Equal(&b) {
		return a.Before(&b)
	}
	return c.GetNamespace()+"/"+c.GetName() < mg.GetNamespace()+"/"+mg.GetName()
}

// Claimants lists, through kube (the provider's cached reader), the
// resources of a kind in every scope, lists holding one empty list per
// scope, each with the repository and host claimed says it claims. A
// scope whose kind is not installed has none.
func Claimants(ctx context.Context, kube client.Reader, kind string, lists []client.ObjectList, claimed func(resource.Managed) (repository, host string)) ([]Claimant, error) {
	var out []Claimant
	for _, l := range lists {
		if err := kube.List(ctx, l); err != nil {
			if kmeta.IsNoMatchError(err) {
				continue
			}
			return nil, errors.Wrapf(err, "cannot list the %s resources to tell whether another claims the repository", kind)
		}
		items, err := kmeta.ExtractList(l)
		if err != nil {
			return nil, errors.Wrapf(err, "cannot read the list of %s resources", kind)
		}
		for _, o := range items {
			mg, ok := o.(resource.Managed)
			if !ok {
				return nil, errors.Errorf("%T in the list of %s resources is not a managed resource", o, kind)
			}
			repo, host := claimed(mg)
			out = append(out, Claimant{Managed: mg, Repository: repo, Host: host})
		}
	}
	return out, nil
}

// ClaimedBy is the error that another, older resource of all claims the
// repository repo (owner/name) on host that mg, a resource of kind, would
// set (one whose host is not known yet claims repo on every host): the
// repository's one object is that one's, and mg reads and writes nothing.
// One that is being deleted keeps its claim until it is gone if it wrote
// the object (its external name is set), for its delete writes too (puts
// GitHub's default back, unpublishes a site): mg taking over meanwhile
// would have its write undone. One that only observes (management policy
// Observe alone, as github-import writes them) claims nothing: it never
// writes, and is never refused. An older one whose repository is not known
// yet may claim it: mg waits for it.
func ClaimedBy(mg resource.Managed, kind, repo, host string, all []Claimant) error {
	if OnlyObserves(mg) {
		return nil
	}
	for _, c := range all {
		if c.GetUID() == mg.GetUID() || (c.GetDeletionTimestamp() != nil && meta.GetExternalName(c) == "") || OnlyObserves(c) || !c.older(mg) {
			continue
		}
		switch {
		case c.Repository == NoRepository:
			continue
		case c.Repository == "":
			return errors.Errorf("cannot tell yet whether %s, which is older, claims repository %s: it names its repository by a reference and has not been observed; waiting for it (this %s changes nothing meanwhile)", c.name(kind), repo, kind)
		case strings.EqualFold(c.Repository, repo) && (c.Host == "" || c.Host == host):
			return errors.Errorf("repository %s is already claimed by %s, which is older: a repository has one %s, and this one changes nothing; declare it in %s, or delete one of them", repo, c.name(kind), kind, c.name(kind))
		}
	}
	return nil
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
// repository's OIDC subject claim template, its Pages site): its name, for
// conditions, a new list of it in each scope, and the repository (owner/name)
// and host a resource of it was last observed with ("" when never).
type ClaimingKind struct {
	Name     string
	Lists    func() []client.ObjectList
	Observed func(resource.Managed) (repository, host string)
}

// RepositoryClaimedBy is the error that another, older resource of k, of
// either scope, claims repository repo (owner/name) on host, which mg would
// set (see ClaimedBy). Another one claims the repository and host it was
// last observed with; one never observed claims the repository its spec
// names (its owner defaulting to the provider configuration's), else the one
// the Repository resource its repositoryRef names has on GitHub, on the host
// its provider configuration reaches (HostOf).
func (c Connection) RepositoryClaimedBy(ctx context.Context, k ClaimingKind, mg resource.Managed, repo, host string) error {
	if OnlyObserves(mg) {
		return nil
	}
	all, err := Claimants(ctx, c.Kube, k.Name, k.Lists(), func(o resource.Managed) (string, string) {
		if r, h := k.Observed(o); r != "" {
			return r, h
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
	return ClaimedBy(mg, k.Name, repo, host, all)
}
