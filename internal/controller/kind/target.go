package kind

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/crossplane-github/provider-github/apis"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// A RepositoryScoped resource belongs to one GitHub repository, named by
// its embedded RepositoryTarget.
type RepositoryScoped interface {
	resource.Managed
	RepositoryTarget() *common.RepositoryTarget
}

// A Repository is the GitHub repository a repository-scoped resource
// belongs to.
type Repository struct {
	Owner string
	Name  string
	// Via is the Repository resource it was found through ("" when the
	// resource names the repository itself), for messages.
	Via string
}

// FullName is the repository's owner/name.
func (r Repository) FullName() string { return r.Owner + "/" + r.Name }

// NamedBy ends a message about the repository with the Repository
// resource it was found through, " (named by Repository team/api)"; ""
// when the resource names the repository itself.
func (r Repository) NamedBy() string {
	if r.Via == "" {
		return ""
	}
	return " (named by " + r.Via + ")"
}

// repositoryObject is a Repository resource of either scope.
type repositoryObject interface {
	resource.Managed
	Observation() *common.RepositoryObservation
}

// Repository returns the GitHub repository mg belongs to. A repository
// named by repositoryRef is read from that Repository resource's status on
// every call, so it follows the resource: a rename, a new owner.
func (c Connection) Repository(ctx context.Context, mg RepositoryScoped) (Repository, error) {
	t := mg.RepositoryTarget()
	if t.Repository != nil {
		owner := ptr.Deref(t.Owner, c.DefaultOwner)
		if owner == "" {
			return Repository{}, errors.New("no owner for the repository: set spec.forProvider.owner, or spec.owner of the provider configuration")
		}
		return refer(c, Repository{Owner: owner, Name: *t.Repository}), nil
	}
	if t.RepositoryRef == nil {
		if t.RepositorySelector != nil {
			return Repository{}, errors.New("spec.forProvider.repositorySelector matches no Repository yet: label a Repository to match it, or name one with repositoryRef")
		}
		return Repository{}, errors.New("no repository: set spec.forProvider.repository, repositoryRef or repositorySelector")
	}
	obj, what, err := c.referenced(ctx, mg, apis.Repository.Beside(mg), "spec.forProvider.repositoryRef", t.RepositoryRef.Name)
	if err != nil {
		return Repository{}, err
	}
	r, ok := obj.(repositoryObject)
	if !ok {
		return Repository{}, errors.Errorf("%T is not a Repository kind", obj)
	}
	owner, name, found := strings.Cut(ptr.Deref(r.Observation().FullName, ""), "/")
	if !found || owner == "" || name == "" {
		return Repository{}, notCreatedYet(what, "spec.forProvider.repositoryRef")
	}
	return refer(c, Repository{Owner: owner, Name: name, Via: what}), nil
}

// referenced reads the resource of kind gvk called name, in mg's
// namespace, that mg's reference field names. what names it for messages.
// A resource that does not exist is a referenceGone error. It is read
// from the cache without a copy (every poll of every child resource reads
// it): the returned object is read only, its fields are the cache's.
func (c Connection) referenced(ctx context.Context, mg resource.Managed, gvk schema.GroupVersionKind, field, name string) (obj resource.Managed, what string, err error) {
	key := client.ObjectKey{Namespace: mg.GetNamespace(), Name: name}
	what = gvk.Kind + " " + key.String()
	if key.Namespace == "" {
		what = gvk.Kind + " " + key.Name
	}
	o, err := c.read(ctx, gvk, key)
	if err != nil {
		if kerrors.IsNotFound(err) {
			return nil, what, referenceGone{Absent(mg, time.Now(), fmt.Sprintf("%s names %s, which does not exist", field, what), "create it, or fix the reference")}
		}
		return nil, what, errors.Wrapf(err, "cannot read %s named by %s", what, field)
	}
	obj, ok := o.(resource.Managed)
	if !ok {
		return nil, "", errors.Errorf("%s is not a managed resource kind", gvk)
	}
	return obj, what, nil
}

// read is the cached object of kind gvk called key, as the cache holds it
// where Kube is the provider's cached client (see cachedObject), or a
// shallow copy of it.
func (c Connection) read(ctx context.Context, gvk schema.GroupVersionKind, key client.ObjectKey) (runtime.Object, error) {
	if r, ok := c.Kube.(objectReader); ok {
		return r.cachedObject(ctx, gvk, key)
	}
	o, err := c.Kube.Scheme().New(gvk)
	if err != nil {
		return nil, errors.Wrapf(err, "cannot make a %s", gvk.Kind)
	}
	obj, ok := o.(client.Object)
	if !ok {
		return nil, errors.Errorf("%s is not an object kind", gvk)
	}
	if err := c.Kube.Get(ctx, key, obj, client.UnsafeDisableDeepCopy); err != nil {
		return nil, err
	}
	return obj, nil
}

// notCreatedYet says that the resource a reference names exists, but not
// yet on GitHub. Nothing can have been created under it either, so for a
// resource being deleted it counts as gone.
func notCreatedYet(what, field string) error {
	return referenceNotCreated{errors.Errorf("%s named by %s has not been created on GitHub yet: %s", what, field, waiting)}
}
