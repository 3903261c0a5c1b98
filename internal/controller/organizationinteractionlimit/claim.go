package organizationinteractionlimit

import (
	"context"
	"fmt"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	kmeta "k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	orgmv1alpha1 "github.com/crossplane-github/provider-github/apis/org/m/v1alpha1"
	orgv1alpha1 "github.com/crossplane-github/provider-github/apis/org/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// A claimant is an OrganizationInteractionLimit of either scope, as the claim
// check sees it.
type claimant struct {
	Object
	// org and host are the organization it claims and the GitHub host it
	// reads it through: its status's, once it was observed, else its
	// spec's organization on an unknown host ("" for either unknown).
	org, host string
}

// name is the claimant as a condition names it: namespace/name, or its
// name alone when cluster-scoped.
func (c claimant) name() string {
	if ns := c.GetNamespace(); ns != "" {
		return fmt.Sprintf("OrganizationInteractionLimit %s/%s", ns, c.GetName())
	}
	return "OrganizationInteractionLimit " + c.GetName()
}

// older tells whether c claimed before mg: created earlier, or at the same
// second with a name that sorts first (namespace/name; a cluster-scoped
// one's namespace is "").
func (c claimant) older(mg resource.Managed) bool {
	a, b := c.GetCreationTimestamp(), mg.GetCreationTimestamp()
	if !a.Equal(&b) {
		return a.Before(&b)
	}
	return c.GetNamespace()+"/"+c.GetName() < mg.GetNamespace()+"/"+mg.GetName()
}

// claimants lists the OrganizationInteractionLimit of both scopes through kube (the
// provider's cached reader). A scope whose kind is not installed has none.
func claimants(ctx context.Context, kube client.Reader) ([]claimant, error) {
	var out []claimant
	add := func(o Object) {
		c := claimant{Object: o, org: ptr.Deref(o.Observation().Organization, ptr.Deref(o.OrganizationTarget().Organization, "")),
			host: ptr.Deref(o.Observation().Host, "")}
		out = append(out, c)
	}
	ns := &orgmv1alpha1.OrganizationInteractionLimitList{}
	if err := kube.List(ctx, ns); err != nil && !kmeta.IsNoMatchError(err) {
		return nil, errors.Wrap(err, "cannot list the namespaced OrganizationInteractionLimit to tell whether another claims the organization")
	}
	for i := range ns.Items {
		add(&ns.Items[i])
	}
	cl := &orgv1alpha1.OrganizationInteractionLimitList{}
	if err := kube.List(ctx, cl); err != nil && !kmeta.IsNoMatchError(err) {
		return nil, errors.Wrap(err, "cannot list the cluster-scoped OrganizationInteractionLimit to tell whether another claims the organization")
	}
	for i := range cl.Items {
		add(&cl.Items[i])
	}
	return out, nil
}

// claimedBy is the error that another, older OrganizationInteractionLimit of
// either scope claims mg's organization org on host: the organization's
// limit is that one's to set, and mg writes nothing. One that is being
// deleted keeps its claim until it is gone if it set the limit (its
// delete removes it); otherwise it claims nothing, and neither does one that only observes (management
// policy Observe alone, as github-import writes them): it never writes,
// and is never refused. An older one whose organization is not known yet
// (it names none and was never observed) may claim it: mg waits for it.
func claimedBy(ctx context.Context, kube client.Reader, mg Object, org, host string) error {
	if kind.OnlyObserves(mg) {
		return nil
	}
	all, err := claimants(ctx, kube)
	if err != nil {
		return err
	}
	for _, c := range all {
		if c.GetUID() == mg.GetUID() || (c.GetDeletionTimestamp() != nil && meta.GetExternalName(c) == "") || kind.OnlyObserves(c) || !c.older(mg) {
			continue
		}
		switch {
		case c.org == "":
			return errors.Errorf("cannot tell yet whether %s, which is older, claims organization %s: it names no organization and has not been observed; waiting for it (this OrganizationInteractionLimit changes nothing meanwhile)", c.name(), org)
		case strings.EqualFold(c.org, org) && (c.host == "" || c.host == host):
			return errors.Errorf("organization %s is already claimed by %s, which is older: an organization has one OrganizationInteractionLimit, and this one changes nothing; declare its limit in %s, or delete one of them", org, c.name(), c.name())
		}
	}
	return nil
}
