package actionspermissions

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

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// A claimant is an ActionsPermissions of either scope, as the claim check
// sees it.
type claimant struct {
	Object
	// full is the repository (owner/name) it claims, from its status once
	// it was observed; "" before.
	full string
	// host is the GitHub API host it reads the repository through, from
	// its status; "" before it was observed.
	host string
	// name is the repository its spec names, "" when it names it by
	// reference or selector.
	name string
}

// what is the claimant as a condition names it: namespace/name, or its
// name alone when cluster-scoped.
func (c claimant) what() string {
	if ns := c.GetNamespace(); ns != "" {
		return fmt.Sprintf("ActionsPermissions %s/%s", ns, c.GetName())
	}
	return "ActionsPermissions " + c.GetName()
}

// older tells whether c claimed before mg: created earlier; or at the same
// second (creation times have no finer grain) and c holds the repository
// already (it has written, and has its external name) while mg does not;
// or else with a namespace/name that sorts first. One created within a
// second of the holder's becoming Ready so never takes its place.
func (c claimant) older(mg resource.Managed) bool {
	a, b := c.GetCreationTimestamp(), mg.GetCreationTimestamp()
	if !a.Equal(&b) {
		return a.Before(&b)
	}
	if holds, mgHolds := meta.GetExternalName(c) != "", meta.GetExternalName(mg) != ""; holds != mgHolds {
		return holds
	}
	return c.GetNamespace()+"/"+c.GetName() < mg.GetNamespace()+"/"+mg.GetName()
}

// claimants lists the ActionsPermissions of both scopes through kube (the
// provider's cached reader). A scope whose kind is not installed has none.
func claimants(ctx context.Context, kube client.Reader) ([]claimant, error) {
	var out []claimant
	add := func(o Object) {
		out = append(out, claimant{Object: o, full: ptr.Deref(o.Observation().Repository, ""), host: ptr.Deref(o.Observation().Host, ""),
			name: ptr.Deref(o.RepositoryTarget().Repository, "")})
	}
	ns := &repomv1alpha1.ActionsPermissionsList{}
	if err := kube.List(ctx, ns); err != nil && !kmeta.IsNoMatchError(err) {
		return nil, errors.Wrap(err, "cannot list the namespaced ActionsPermissions to tell whether another claims the repository")
	}
	for i := range ns.Items {
		add(&ns.Items[i])
	}
	cl := &repov1alpha1.ActionsPermissionsList{}
	if err := kube.List(ctx, cl); err != nil && !kmeta.IsNoMatchError(err) {
		return nil, errors.Wrap(err, "cannot list the cluster-scoped ActionsPermissions to tell whether another claims the repository")
	}
	for i := range cl.Items {
		add(&cl.Items[i])
	}
	return out, nil
}

// claimedBy is the error that another, older ActionsPermissions of either
// scope claims mg's repository full (owner/name) on host (a repository of
// the same name on another GitHub host is another): the repository's Actions
// permissions are that one's to set, and mg writes nothing. One being
// deleted claims nothing, and neither does one that only observes
// (management policy Observe alone, as github-import writes them). An older
// one not observed yet that names a repository of the same name may claim
// it: mg waits for it; one that names its repository by reference or
// selector is decided once observed (until then it has written nothing).
func claimedBy(ctx context.Context, kube client.Reader, mg Object, full, host string) error {
	if kind.OnlyObserves(mg) {
		return nil
	}
	all, err := claimants(ctx, kube)
	if err != nil {
		return err
	}
	_, name, _ := strings.Cut(full, "/")
	for _, c := range all {
		if c.GetUID() == mg.GetUID() || c.GetDeletionTimestamp() != nil || kind.OnlyObserves(c) || !c.older(mg) {
			continue
		}
		switch {
		case c.full != "" && strings.EqualFold(c.full, full) && (c.host == "" || c.host == host):
			return errors.Errorf("repository %s is already claimed by %s, which is older: a repository has one ActionsPermissions, and this one changes nothing; declare these permissions in %s, or delete one of them", full, c.what(), c.what())
		case c.full == "" && c.name != "" && strings.EqualFold(c.name, name):
			return errors.Errorf("cannot tell yet whether %s, which is older, claims repository %s: it names a repository %s and has not been observed; waiting for it (this ActionsPermissions changes nothing meanwhile)", c.what(), full, c.name)
		}
	}
	return nil
}
