package kind

import (
	"context"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reference"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
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

// repositoryObject is a Repository resource of either scope.
type repositoryObject interface {
	resource.Managed
	Observation() *common.RepositoryObservation
}

// repositoryGVK is the Repository kind of mg's scope.
func repositoryGVK(mg resource.Managed) schema.GroupVersionKind {
	if _, ok := mg.(resource.ModernManaged); ok {
		return repomv1alpha1.RepositoryGroupVersionKind
	}
	return repov1alpha1.RepositoryGroupVersionKind
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
		return Repository{Owner: owner, Name: *t.Repository}, nil
	}
	if t.RepositoryRef == nil {
		if t.RepositorySelector != nil {
			return Repository{}, errors.New("spec.forProvider.repositorySelector matches no Repository yet: label a Repository to match it, or name one with repositoryRef")
		}
		return Repository{}, errors.New("no repository: set spec.forProvider.repository, repositoryRef or repositorySelector")
	}
	gvk := repositoryGVK(mg)
	obj, err := c.Kube.Scheme().New(gvk)
	if err != nil {
		return Repository{}, errors.Wrap(err, "cannot make a Repository")
	}
	r, ok := obj.(repositoryObject)
	if !ok {
		return Repository{}, errors.Errorf("%s is not a Repository kind", gvk)
	}
	key := client.ObjectKey{Namespace: mg.GetNamespace(), Name: t.RepositoryRef.Name}
	what := "Repository " + key.String()
	if key.Namespace == "" {
		what = "Repository " + key.Name
	}
	if err := c.Kube.Get(ctx, key, r); err != nil {
		if kerrors.IsNotFound(err) {
			return Repository{}, repositoryGone{errors.Errorf("spec.forProvider.repositoryRef names %s, which does not exist: create it, or fix the reference", what)}
		}
		return Repository{}, errors.Wrapf(err, "cannot read %s named by spec.forProvider.repositoryRef", what)
	}
	o := r.Observation()
	owner, name, found := strings.Cut(ptr.Deref(o.FullName, ""), "/")
	if !found || owner == "" || name == "" {
		return Repository{}, errors.Errorf("%s named by spec.forProvider.repositoryRef has not been created on GitHub yet: this resource waits until it is Ready", what)
	}
	return Repository{Owner: owner, Name: name, Via: what}, nil
}

// selectingResolver records, for a repository-scoped resource whose
// repositorySelector has chosen no Repository yet, the Repository it
// matches in repositoryRef; then it resolves the resource's other
// references as the managed reconciler does by default.
type selectingResolver struct {
	kube client.Client
	next managed.ReferenceResolver
}

func (r selectingResolver) ResolveReferences(ctx context.Context, mg resource.Managed) error {
	if s, ok := mg.(RepositoryScoped); ok {
		if err := r.selectRepository(ctx, s); err != nil {
			return err
		}
	}
	return r.next.ResolveReferences(ctx, mg)
}

func (r selectingResolver) selectRepository(ctx context.Context, mg RepositoryScoped) error {
	t := mg.RepositoryTarget()
	if t.RepositorySelector == nil || (t.RepositoryRef != nil && !t.RepositorySelector.Policy.IsResolvePolicyAlways()) {
		return nil
	}
	gvk := repositoryGVK(mg)
	obj, err := r.kube.Scheme().New(gvk)
	if err != nil {
		return errors.Wrap(err, "cannot make a Repository")
	}
	list, err := r.kube.Scheme().New(gvk.GroupVersion().WithKind(gvk.Kind + "List"))
	if err != nil {
		return errors.Wrap(err, "cannot make a Repository list")
	}
	rsp, err := reference.NewAPIResolver(r.kube, mg).Resolve(ctx, reference.ResolutionRequest{
		Selector:  t.RepositorySelector,
		To:        reference.To{Managed: obj.(resource.Managed), List: list.(resource.ManagedList)},
		Extract:   func(resource.Managed) string { return "selected" },
		Namespace: mg.GetNamespace(),
	})
	if err != nil {
		return errors.Wrap(err, "cannot choose a Repository with spec.forProvider.repositorySelector")
	}
	if rsp.ResolvedReference == nil || (t.RepositoryRef != nil && t.RepositoryRef.Name == rsp.ResolvedReference.Name) {
		return nil
	}
	t.RepositoryRef = rsp.ResolvedReference
	return errors.Wrap(r.kube.Update(ctx, mg), "cannot record the Repository chosen by spec.forProvider.repositorySelector")
}
