package issuelabels

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	kmeta "k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	mapping "github.com/crossplane-github/provider-github/internal/clients/issuelabels"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// A sibling is another resource that declares labels: an IssueLabels, or
// an IssueLabel, of either scope.
type sibling struct {
	resource.Managed
	// kind is IssueLabels or IssueLabel.
	kind string
	// repo is the repository it declares labels of: owner/name, with the
	// owner empty when it is not known (the spec names none and the
	// resource was never observed: its provider configuration's owner);
	// "" when the repository is not known at all (its reference names a
	// Repository not created yet).
	repo string
	// labels are the names of the labels it declares.
	labels []string
}

// name is the sibling as a condition names it: its kind and
// namespace/name, or its name alone when cluster-scoped.
func (s sibling) name() string {
	if ns := s.GetNamespace(); ns != "" {
		return fmt.Sprintf("%s %s/%s", s.kind, ns, s.GetName())
	}
	return s.kind + " " + s.GetName()
}

// targets tells whether s declares labels of the repository full
// (owner/name). One whose owner is not known targets every repository of
// the name: a refusal it causes says which, and is undone by naming the
// owner.
func (s sibling) targets(full string) bool {
	owner, name, _ := strings.Cut(full, "/")
	o, n, found := strings.Cut(s.repo, "/")
	return found && strings.EqualFold(n, name) && (o == "" || strings.EqualFold(o, owner))
}

// older tells whether s was created before mg: earlier, or at the same
// second with a namespace/name that sorts first (a cluster-scoped one's
// namespace is "").
func (s sibling) older(mg resource.Managed) bool {
	a, b := s.GetCreationTimestamp(), mg.GetCreationTimestamp()
	if !a.Equal(&b) {
		return a.Before(&b)
	}
	return s.GetNamespace()+"/"+s.GetName() < mg.GetNamespace()+"/"+mg.GetName()
}

// sharedWith is the error that mg may not set the labels of repository
// full (owner/name) beside another resource of either scope that declares
// labels of it, found through kube (the provider's cached reader):
//
//   - an older IssueLabels: a repository has one, the older keeps it;
//   - in authoritative mode, any IssueLabel: the set would delete its
//     label, or they would fight over it;
//   - in additive mode, an IssueLabel of a label mg declares too.
//
// Resources being deleted are not counted, and neither are those that
// only observe (management policy Observe alone, as github-import writes
// them): they never write. An mg that only observes is never refused.
func sharedWith(ctx context.Context, kube client.Client, mg Object, full string) error {
	if kind.OnlyObserves(mg) {
		return nil
	}
	all, err := siblings(ctx, kube)
	if err != nil {
		return err
	}
	p := mg.Parameters()
	var sets, labels []string
	var both []string // the labels mg and an IssueLabel both declare
	for _, s := range all {
		if s.GetUID() == mg.GetUID() || s.GetDeletionTimestamp() != nil || kind.OnlyObserves(s) || !s.targets(full) {
			continue
		}
		switch {
		case s.kind == "IssueLabels" && s.older(mg):
			sets = append(sets, s.name())
		case s.kind == "IssueLabel" && !mapping.Additive(p):
			labels = append(labels, s.name())
		case s.kind == "IssueLabel":
			for _, l := range s.labels {
				if mapping.Declared(p, l) {
					labels = append(labels, s.name())
					both = append(both, fmt.Sprintf("%q", l))
				}
			}
		}
	}
	sort.Strings(sets)
	sort.Strings(labels)
	switch {
	case len(sets) > 0:
		return errors.Errorf("the labels of repository %s are already declared by %s, which is older: a repository has one IssueLabels, and this one changes nothing; declare these labels there, or delete one of them",
			full, strings.Join(sets, ", "))
	case len(labels) > 0 && !mapping.Additive(p):
		return errors.Errorf("repository %s has labels managed by %s: this authoritative IssueLabels would delete them or fight over them, so it changes nothing; declare those labels here and delete those resources (deletionPolicy Orphan keeps the labels), or set mode: additive",
			full, strings.Join(labels, ", "))
	case len(labels) > 0:
		return errors.Errorf("labels %s of repository %s are declared by %s too: they would fight over them, so this IssueLabels changes nothing; declare each label in one place only",
			strings.Join(both, ", "), full, strings.Join(labels, ", "))
	}
	return nil
}

// siblings lists the IssueLabels and IssueLabel resources of both scopes
// through kube, without copies (they are only read). A kind that is not
// installed has none.
func siblings(ctx context.Context, kube client.Client) ([]sibling, error) {
	var out []sibling
	list := func(l client.ObjectList, what string) error {
		if err := kube.List(ctx, l, client.UnsafeDisableDeepCopy); err != nil && !kmeta.IsNoMatchError(err) {
			return errors.Wrapf(err, "cannot list the %s to tell whether another declares labels of the repository", what)
		}
		return nil
	}
	setOf := func(o Object) {
		out = append(out, sibling{Managed: o, kind: "IssueLabels", repo: target(ctx, kube, o, o.RepositoryTarget(), o.Observation().Repository)})
	}
	labelOf := func(o labelObject) {
		out = append(out, sibling{Managed: o, kind: "IssueLabel", repo: target(ctx, kube, o, o.RepositoryTarget(), o.Observation().Repository),
			labels: []string{o.Parameters().Name}})
	}
	nsSets, clSets := &repomv1alpha1.IssueLabelsList{}, &repov1alpha1.IssueLabelsList{}
	nsLabels, clLabels := &repomv1alpha1.IssueLabelList{}, &repov1alpha1.IssueLabelList{}
	for _, l := range []struct {
		list client.ObjectList
		what string
	}{{nsSets, "namespaced IssueLabels"}, {clSets, "cluster-scoped IssueLabels"}, {nsLabels, "namespaced IssueLabel resources"}, {clLabels, "cluster-scoped IssueLabel resources"}} {
		if err := list(l.list, l.what); err != nil {
			return nil, err
		}
	}
	for i := range nsSets.Items {
		setOf(&nsSets.Items[i])
	}
	for i := range clSets.Items {
		setOf(&clSets.Items[i])
	}
	for i := range nsLabels.Items {
		labelOf(&nsLabels.Items[i])
	}
	for i := range clLabels.Items {
		labelOf(&clLabels.Items[i])
	}
	return out, nil
}

// labelObject is an IssueLabel of either scope.
type labelObject interface {
	resource.Managed
	Parameters() *common.IssueLabelParameters
	Observation() *common.IssueLabelObservation
	RepositoryTarget() *common.RepositoryTarget
}

// target is the repository (owner/name) a resource declares labels of:
// the one it last observed, else its spec's — a name, with its owner when
// it names one ("/name" when not), or the full name of the Repository
// resource its repositoryRef names (beside it, in its scope). "" when that
// Repository does not exist or is not created on GitHub yet.
func target(ctx context.Context, kube client.Client, mg resource.Managed, t *common.RepositoryTarget, observed *string) string {
	if o := ptr.Deref(observed, ""); o != "" {
		return o
	}
	if t.Repository != nil {
		return ptr.Deref(t.Owner, "") + "/" + *t.Repository
	}
	if t.RepositoryRef == nil {
		return ""
	}
	key := client.ObjectKey{Namespace: mg.GetNamespace(), Name: t.RepositoryRef.Name}
	var repo interface {
		client.Object
		Observation() *common.RepositoryObservation
	} = &repov1alpha1.Repository{}
	if key.Namespace != "" {
		repo = &repomv1alpha1.Repository{}
	}
	if err := kube.Get(ctx, key, repo, client.UnsafeDisableDeepCopy); err != nil {
		return ""
	}
	return ptr.Deref(repo.Observation().FullName, "")
}
