package kind

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reference"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/crossplane-github/provider-github/apis"
)

// A selection is one selector of a resource that chooses another resource
// of its scope, and the reference the choice is recorded in.
type selection struct {
	field    string // the selector's name in spec.forProvider, for messages
	selector *xpv2.Selector
	ref      **xpv2.Reference
	to       schema.GroupVersionKind
}

// selections are mg's selectors: a repository-scoped resource's
// repositorySelector, a team-scoped resource's teamSelector, a
// branch-scoped resource's branchSelector, an environment-scoped
// resource's environmentSelector and a Team's parentTeamSelector.
func selections(mg resource.Managed) []selection {
	var s []selection
	if r, ok := mg.(RepositoryScoped); ok {
		t := r.RepositoryTarget()
		s = append(s, selection{field: "repositorySelector", selector: t.RepositorySelector, ref: &t.RepositoryRef, to: apis.Repository.Beside(mg)})
	}
	if r, ok := mg.(TeamScoped); ok {
		t := r.TeamTarget()
		s = append(s, selection{field: "teamSelector", selector: t.TeamSelector, ref: &t.TeamRef, to: apis.Team.Beside(mg)})
	}
	if r, ok := mg.(BranchScoped); ok {
		t := r.BranchTarget()
		s = append(s, selection{field: "branchSelector", selector: t.BranchSelector, ref: &t.BranchRef, to: apis.Branch.Beside(mg)})
	}
	if r, ok := mg.(EnvironmentScoped); ok {
		t := r.EnvironmentTarget()
		s = append(s, selection{field: "environmentSelector", selector: t.EnvironmentSelector, ref: &t.EnvironmentRef, to: apis.Environment.Beside(mg)})
	}
	if r, ok := mg.(teamObject); ok {
		p := r.Parameters()
		s = append(s, selection{field: "parentTeamSelector", selector: p.ParentTeamSelector, ref: &p.ParentTeamRef, to: apis.Team.Beside(mg)})
	}
	return s
}

// selectingResolver records, for each selector of a resource that has
// chosen nothing yet (or whose policy is to resolve always), the resource
// of its scope it matches in the selector's reference; then it resolves
// the resource's other references as the managed reconciler does by
// default.
type selectingResolver struct {
	kube client.Client
	next managed.ReferenceResolver
}

func (r selectingResolver) ResolveReferences(ctx context.Context, mg resource.Managed) error {
	changed := false
	for _, s := range selections(mg) {
		c, err := r.choose(ctx, mg, s)
		if err != nil {
			return err
		}
		changed = changed || c
	}
	if changed {
		if err := r.kube.Update(ctx, mg); err != nil {
			return errors.Wrap(err, "cannot record the resources chosen by the selectors of spec.forProvider")
		}
	}
	return r.next.ResolveReferences(ctx, mg)
}

// choose records in s.ref the resource s.selector matches, reporting
// whether the reference changed.
func (r selectingResolver) choose(ctx context.Context, mg resource.Managed, s selection) (bool, error) {
	if s.selector == nil || (*s.ref != nil && !s.selector.Policy.IsResolvePolicyAlways()) {
		return false, nil
	}
	obj, err := r.kube.Scheme().New(s.to)
	if err != nil {
		return false, errors.Wrapf(err, "cannot make a %s", s.to.Kind)
	}
	list, err := r.kube.Scheme().New(s.to.GroupVersion().WithKind(s.to.Kind + "List"))
	if err != nil {
		return false, errors.Wrapf(err, "cannot make a %s list", s.to.Kind)
	}
	rsp, err := reference.NewAPIResolver(r.kube, mg).Resolve(ctx, reference.ResolutionRequest{
		Selector:  s.selector,
		To:        reference.To{Managed: obj.(resource.Managed), List: list.(resource.ManagedList)},
		Extract:   func(resource.Managed) string { return "selected" },
		Namespace: mg.GetNamespace(),
	})
	if err != nil {
		return false, errors.Wrapf(err, "cannot choose a %s with spec.forProvider.%s", s.to.Kind, s.field)
	}
	if rsp.ResolvedReference == nil || (*s.ref != nil && (*s.ref).Name == rsp.ResolvedReference.Name) {
		return false, nil
	}
	*s.ref = rsp.ResolvedReference
	return true, nil
}
