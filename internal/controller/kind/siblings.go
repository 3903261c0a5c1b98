package kind

import (
	"context"
	"fmt"
	"reflect"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	kmeta "k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/crossplane-github/provider-github/apis"
)

// A Sibling is a resource of a repository's kind that may write what an
// authoritative set of the same repository owns (an IssueLabel beside an
// IssueLabels, a Collaborator beside a CollaboratorSet): the set refuses
// to share the repository with it.
type Sibling struct {
	RepositoryScoped
	// Kind is the sibling's kind, IssueLabel say.
	Kind string
	// Repo is the repository it targets: owner/name, with the owner empty
	// when it is not known (the spec names none and the resource was never
	// observed: its provider configuration's owner); "" when the
	// repository is not known at all (its reference names a Repository not
	// created yet).
	Repo string
}

// Name is the sibling as a condition names it: its kind and
// namespace/name, or its name alone when cluster-scoped.
func (s Sibling) Name() string {
	if ns := s.GetNamespace(); ns != "" {
		return fmt.Sprintf("%s %s/%s", s.Kind, ns, s.GetName())
	}
	return s.Kind + " " + s.GetName()
}

// Targets tells whether s targets the repository full (owner/name). One
// whose owner is not known targets every repository of the name: a
// refusal it causes says which, and is undone by naming the owner.
func (s Sibling) Targets(full string) bool {
	owner, name, _ := strings.Cut(full, "/")
	o, n, found := strings.Cut(s.Repo, "/")
	return found && strings.EqualFold(n, name) && (o == "" || strings.EqualFold(o, owner))
}

// Older tells whether s was created before mg: earlier, or at the same
// second with a namespace/name that sorts first (a cluster-scoped one's
// namespace is "").
func (s Sibling) Older(mg resource.Managed) bool {
	a, b := s.GetCreationTimestamp(), mg.GetCreationTimestamp()
	if !a.Equal(&b) {
		return a.Before(&b)
	}
	return s.GetNamespace()+"/"+s.GetName() < mg.GetNamespace()+"/"+mg.GetName()
}

// Writes tells whether s counts beside mg in repository full: it is not
// mg, targets full, is not being deleted and does not only observe
// (management policy Observe alone, as github-import writes them): the
// others never write.
func (s Sibling) Writes(mg resource.Managed, full string) bool {
	return s.GetUID() != mg.GetUID() && s.GetDeletionTimestamp() == nil && !OnlyObserves(s) && s.Targets(full)
}

// Siblings lists, through kube (the provider's cached reader, read without
// copies), the resources of both scopes of kinds, each with the repository
// it targets (see RepositoryOf). A kind that is not installed has none.
// why ends the error of a failed list: "to tell whether another declares
// labels of the repository".
func Siblings(ctx context.Context, kube client.Client, why string, kinds ...apis.Kind) ([]Sibling, error) {
	var out []Sibling
	for _, k := range kinds {
		for _, gvk := range []struct {
			scope apis.Scope
			what  string
		}{{apis.Namespaced, "namespaced"}, {apis.Cluster, "cluster-scoped"}} {
			g := k.In(gvk.scope)
			obj, err := kube.Scheme().New(g.GroupVersion().WithKind(g.Kind + "List"))
			if err != nil {
				return nil, errors.Wrapf(err, "cannot make a %sList", g.Kind)
			}
			list, ok := obj.(client.ObjectList)
			if !ok {
				return nil, errors.Errorf("%sList is not a list kind", g.Kind)
			}
			all, err := items(ctx, kube, list)
			if kmeta.IsNoMatchError(err) {
				continue
			}
			if err != nil {
				return nil, errors.Wrapf(err, "cannot list the %s %s resources %s", gvk.what, g.Kind, why)
			}
			for _, it := range all {
				r, ok := it.(RepositoryScoped)
				if !ok {
					return nil, errors.Errorf("%s is not a kind of a repository", g.Kind)
				}
				out = append(out, Sibling{RepositoryScoped: r, Kind: g.Kind, Repo: RepositoryOf(ctx, kube, r)})
			}
		}
	}
	return out, nil
}

// RepositoryOf is the repository (owner/name) mg targets: the one it last
// observed (status.atProvider.repository), else its spec's — a name, with
// its owner when it names one ("/name" when not), or the full name of the
// Repository resource its repositoryRef names (beside it, in its scope).
// "" when that Repository does not exist or is not created on GitHub yet.
func RepositoryOf(ctx context.Context, kube client.Client, mg RepositoryScoped) string {
	if o := ptr.Deref(observedRepository(mg), ""); o != "" {
		return o
	}
	t := mg.RepositoryTarget()
	if t.Repository != nil {
		return ptr.Deref(t.Owner, "") + "/" + *t.Repository
	}
	if t.RepositoryRef == nil {
		return ""
	}
	gvk := apis.Repository.Beside(mg)
	obj, err := kube.Scheme().New(gvk)
	if err != nil {
		return ""
	}
	repo, ok := obj.(repositoryObject)
	if !ok {
		return ""
	}
	if err := kube.Get(ctx, client.ObjectKey{Namespace: mg.GetNamespace(), Name: t.RepositoryRef.Name}, repo, client.UnsafeDisableDeepCopy); err != nil {
		return ""
	}
	return ptr.Deref(repo.Observation().FullName, "")
}

// stringPtr is the type of an observation's Repository field.
var stringPtr = reflect.TypeOf((*string)(nil))

// observedRepository is status.atProvider.repository of mg, read through
// its generated Observation accessor (every repository kind's observation
// has that field, of its own type); nil when mg has none.
func observedRepository(mg resource.Managed) *string {
	m := reflect.ValueOf(mg).MethodByName("Observation")
	if !m.IsValid() || m.Type().NumIn() != 0 || m.Type().NumOut() != 1 {
		return nil
	}
	o := m.Call(nil)[0]
	if o.Kind() != reflect.Pointer || o.IsNil() || o.Elem().Kind() != reflect.Struct {
		return nil
	}
	f := o.Elem().FieldByName("Repository")
	if !f.IsValid() || f.Type() != stringPtr {
		return nil
	}
	s, _ := f.Interface().(*string)
	return s
}
