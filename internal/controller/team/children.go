package team

import (
	"context"
	"slices"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	kmeta "k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/utils/ptr"

	orgmv1alpha1 "github.com/crossplane-github/provider-github/apis/org/m/v1alpha1"
	orgv1alpha1 "github.com/crossplane-github/provider-github/apis/org/v1alpha1"
)

// children names the Team resources, of either scope, that manage a child
// team of team id of org (by their status) or name mg as their parent (by
// parentTeamRef, in mg's scope and namespace), and are not being deleted
// themselves: deleting the team on GitHub would delete their teams behind
// their backs. A scope whose Team kind is not installed has none.
func (e *external[T]) children(ctx context.Context, mg T, org string, id int64) ([]string, error) {
	var found []string
	add := func(c Object) {
		if isChild(c, mg, org, id) {
			found = append(found, nameOf(c))
		}
	}
	namespaced := &orgmv1alpha1.TeamList{}
	if err := e.kube.List(ctx, namespaced); err != nil && !kmeta.IsNoMatchError(err) {
		return nil, errors.Wrap(err, "cannot list the namespaced Team resources to find child teams")
	}
	for i := range namespaced.Items {
		add(&namespaced.Items[i])
	}
	cluster := &orgv1alpha1.TeamList{}
	if err := e.kube.List(ctx, cluster); err != nil && !kmeta.IsNoMatchError(err) {
		return nil, errors.Wrap(err, "cannot list the cluster-scoped Team resources to find child teams")
	}
	for i := range cluster.Items {
		add(&cluster.Items[i])
	}
	slices.Sort(found)
	return found, nil
}

// isChild tells whether c manages, or is to manage, a child team of mg's
// team (id, of org). A namespaced resource always has a namespace, so equal
// namespaces mean the same scope.
func isChild(c Object, mg resource.Managed, org string, id int64) bool {
	sameScope := c.GetNamespace() == mg.GetNamespace()
	if c.GetDeletionTimestamp() != nil || (sameScope && c.GetName() == mg.GetName()) {
		return false
	}
	if ref := c.Parameters().ParentTeamRef; sameScope && ref != nil && ref.Name == mg.GetName() {
		return true
	}
	o := c.Observation()
	return id != 0 && ptr.Deref(o.ParentTeamID, 0) == id && strings.EqualFold(ptr.Deref(o.Organization, ""), org)
}

// nameOf is namespace/name for a namespaced resource, name for a cluster one.
func nameOf(c Object) string {
	if c.GetNamespace() == "" {
		return c.GetName()
	}
	return c.GetNamespace() + "/" + c.GetName()
}
