// Package repositoryinteractionlimit reconciles RepositoryInteractionLimit
// managed resources of both scopes: a repository's temporary interaction
// limit, which GitHub keeps at /repos/{owner}/{repo}/interaction-limits,
// one per repository, with the external client both interaction limit
// kinds share (internal/controller/interactionlimit). While the
// repository's organization has a limit, GitHub shows it in the
// repository and refuses the repository's own (409): the resource shows
// the organization's, says so in its condition, and writes nothing. A
// second RepositoryInteractionLimit of a repository is refused before it
// reads or writes anything.
package repositoryinteractionlimit

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	mapping "github.com/crossplane-github/provider-github/internal/clients/interactionlimit"
	"github.com/crossplane-github/provider-github/internal/controller/interactionlimit"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Object is a RepositoryInteractionLimit of either scope.
type Object interface {
	resource.Managed
	Parameters() *common.RepositoryInteractionLimitParameters
	Observation() *common.RepositoryInteractionLimitObservation
	RepositoryTarget() *common.RepositoryTarget
}

// target is where mg's limit is: repository in, read through api on host.
func target[T Object](api github.InteractionsAPI, in kind.Repository, host string) interactionlimit.Target[T] {
	what := "the interaction limit of repository " + in.FullName()
	return interactionlimit.Target[T]{
		What: what, Own: github.InteractionOriginRepository, FullName: in.FullName(),
		Get: func(ctx context.Context) (*github.InteractionLimit, error) {
			return api.GetRepositoryInteractionLimit(ctx, in.Owner, in.Name)
		},
		Put: func(ctx context.Context, r *github.InteractionLimitRequest) (*github.InteractionLimit, error) {
			return api.PutRepositoryInteractionLimit(ctx, in.Owner, in.Name, r)
		},
		Delete: func(ctx context.Context) error {
			err := api.DeleteRepositoryInteractionLimit(ctx, in.Owner, in.Name)
			if github.StatusCode(err) == http.StatusConflict {
				// The organization's limit overwrote the repository's:
				// there is none of the repository's to remove.
				return nil
			}
			return err
		},
		Failed: func(err error, doing string) error {
			switch {
			case github.IsNotFound(err):
				return errors.Wrapf(err, "cannot %s %s: cannot find repository %s%s, or the credentials may not see it", doing, what, in.FullName(), in.NamedBy())
			case github.StatusCode(err) == http.StatusConflict:
				return errors.Wrapf(err, "cannot %s %s: organization %s has an interaction limit in effect, which GitHub lets no repository of it change; this resource sets the repository's once the organization's is removed or expires (see the OrganizationInteractionLimit of %s, or the organization's settings on GitHub)", doing, what, in.Owner, in.Owner)
			case github.IsUnprocessable(err):
				return errors.Wrapf(err, "GitHub refused %s: a limit or expiry it does not take; change spec.forProvider", what)
			}
			return errors.Wrapf(err, "cannot %s %s", doing, what)
		},
		Overridden: func(s mapping.Seen) string {
			until := ""
			if s.ExpiresAt != nil {
				until = " until " + s.ExpiresAt.UTC().Format(time.RFC3339)
			}
			return fmt.Sprintf("organization %s has an interaction limit in effect (%s%s), which overrides the repository's: GitHub refuses a limit of repository %s while it lasts, so this resource writes nothing; it sets the repository's limit once the organization's is removed or expires", in.Owner, s.Limit, until, in.FullName())
		},
		Declared: func(mg T) mapping.Declared {
			p := mg.Parameters()
			return mapping.Declared{Limit: p.Limit, Expiry: ptr.Deref(p.Expiry, ""), Renew: ptr.Deref(p.Renew, false)}
		},
		Seen: func(mg T) mapping.Seen { return seen(mg.Observation().InteractionLimitObservation) },
		Keep: func(mg T, s mapping.Seen) {
			o := mg.Observation()
			o.Repository, o.Host, o.InteractionLimitObservation = ptr.To(in.FullName()), ptr.To(host), observation(s)
		},
		Now: time.Now,
	}
}

// seen is what o keeps of the limit.
func seen(o common.InteractionLimitObservation) mapping.Seen {
	return mapping.Seen{Limit: ptr.Deref(o.Limit, ""), Origin: ptr.Deref(o.Origin, ""), ExpiresAt: timeOf(o.ExpiresAt), LapsedAt: timeOf(o.LapsedAt)}
}

// observation is s as status keeps it.
func observation(s mapping.Seen) common.InteractionLimitObservation {
	return common.InteractionLimitObservation{Limit: nonEmpty(s.Limit), Origin: nonEmpty(s.Origin), ExpiresAt: metaTime(s.ExpiresAt), LapsedAt: metaTime(s.LapsedAt)}
}

func timeOf(t *metav1.Time) *time.Time {
	if t == nil {
		return nil
	}
	v := t.UTC()
	return &v
}

func metaTime(t *time.Time) *metav1.Time {
	if t == nil {
		return nil
	}
	v := metav1.NewTime(*t)
	return &v
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// extras are the cap and the bypass list mg declares; nil when neither.
func newExtras[T Object](api github.InteractionsAPI, in kind.Repository, mg T) interactionlimit.Extras {
	p := mg.Parameters()
	if p.PullRequestCreationCap == nil && p.PullRequestCapBypassUsers == nil {
		return nil
	}
	return &extras[T]{api: api, in: in, mg: mg}
}

// extras reads and writes a repository's pull request creation cap and
// bypass list, as mg declares them.
type extras[T Object] struct {
	api github.InteractionsAPI
	in  kind.Repository
	mg  T
}

func (x *extras[T]) declaredCap() *mapping.Cap {
	c := x.mg.Parameters().PullRequestCreationCap
	if c == nil {
		return nil
	}
	return &mapping.Cap{Enabled: c.Enabled, Max: c.MaxOpenPullRequests}
}

// read reads what is declared into status: GitHub's cap and bypass list.
func (x *extras[T]) read(ctx context.Context) (*github.PullCap, []string, error) {
	obs := x.mg.Observation()
	var capGot *github.PullCap
	if x.declaredCap() != nil {
		got, err := x.api.GetRepositoryPullCap(ctx, x.in.Owner, x.in.Name)
		if err != nil {
			return nil, nil, errors.Wrapf(err, "cannot read the pull request creation cap of repository %s", x.in.FullName())
		}
		capGot = got
		obs.PullRequestCreationCap = &common.PullRequestCreationCap{Enabled: got.Enabled, MaxOpenPullRequests: got.MaxOpenPullRequests}
	}
	var users []string
	if x.mg.Parameters().PullRequestCapBypassUsers != nil {
		got, err := x.api.GetPullCapBypassList(ctx, x.in.Owner, x.in.Name)
		if err != nil {
			return nil, nil, errors.Wrapf(err, "cannot read the pull request creation cap bypass list of repository %s", x.in.FullName())
		}
		users = got
		obs.PullRequestCapBypassUsers = got
	}
	return capGot, users, nil
}

// Drift names the declared extras that differ on GitHub.
func (x *extras[T]) Drift(ctx context.Context) ([]string, error) {
	capGot, users, err := x.read(ctx)
	if err != nil {
		return nil, err
	}
	var d []string
	if c := x.declaredCap(); c != nil && mapping.CapDrifts(*c, capGot) {
		d = append(d, "pullRequestCreationCap")
	}
	if declared := x.mg.Parameters().PullRequestCapBypassUsers; declared != nil {
		if add, remove := mapping.BypassChanges(declared, users); len(add)+len(remove) > 0 {
			d = append(d, "pullRequestCapBypassUsers")
		}
	}
	return d, nil
}

// Apply writes the declared extras that differ on GitHub.
func (x *extras[T]) Apply(ctx context.Context) error {
	capGot, users, err := x.read(ctx)
	if err != nil {
		return err
	}
	if c := x.declaredCap(); c != nil && mapping.CapDrifts(*c, capGot) {
		got, err := x.api.PatchRepositoryPullCap(ctx, x.in.Owner, x.in.Name, mapping.CapRequest(*c))
		if err != nil {
			return errors.Wrapf(err, "cannot set the pull request creation cap of repository %s", x.in.FullName())
		}
		x.mg.Observation().PullRequestCreationCap = &common.PullRequestCreationCap{Enabled: got.Enabled, MaxOpenPullRequests: got.MaxOpenPullRequests}
	}
	declared := x.mg.Parameters().PullRequestCapBypassUsers
	if declared == nil {
		return nil
	}
	add, remove := mapping.BypassChanges(declared, users)
	for _, b := range mapping.Batches(add) {
		if err := x.api.AddPullCapBypassUsers(ctx, x.in.Owner, x.in.Name, b); err != nil {
			if github.IsUnprocessable(err) {
				return errors.Wrapf(err, "GitHub refused to add %s to the pull request creation cap bypass list of repository %s: a login GitHub does not have, or a list of more than 100; change spec.forProvider.pullRequestCapBypassUsers", strings.Join(b, ", "), x.in.FullName())
			}
			return errors.Wrapf(err, "cannot add users to the pull request creation cap bypass list of repository %s", x.in.FullName())
		}
	}
	for _, b := range mapping.Batches(remove) {
		if err := x.api.RemovePullCapBypassUsers(ctx, x.in.Owner, x.in.Name, b); err != nil {
			return errors.Wrapf(err, "cannot remove users from the pull request creation cap bypass list of repository %s", x.in.FullName())
		}
	}
	return nil
}

// Remove turns a declared cap off and removes the declared bypass users.
func (x *extras[T]) Remove(ctx context.Context) error {
	if c := x.declaredCap(); c != nil && c.Enabled {
		if _, err := x.api.PatchRepositoryPullCap(ctx, x.in.Owner, x.in.Name, &github.PullCap{Enabled: false}); err != nil {
			return errors.Wrapf(err, "cannot turn off the pull request creation cap of repository %s", x.in.FullName())
		}
	}
	for _, b := range mapping.Batches(x.mg.Parameters().PullRequestCapBypassUsers) {
		// GitHub's 422 names a user it no longer has: not on the list.
		if err := x.api.RemovePullCapBypassUsers(ctx, x.in.Owner, x.in.Name, b); err != nil && !github.IsUnprocessable(err) {
			return errors.Wrapf(err, "cannot remove users from the pull request creation cap bypass list of repository %s", x.in.FullName())
		}
	}
	return nil
}

// Left tells whether a declared cap is on or a declared bypass user is on
// the list.
func (x *extras[T]) Left(ctx context.Context) (bool, error) {
	capGot, users, err := x.read(ctx)
	if err != nil {
		return false, err
	}
	if c := x.declaredCap(); c != nil && c.Enabled && capGot.Enabled {
		return true, nil
	}
	add, _ := mapping.BypassChanges(x.mg.Parameters().PullRequestCapBypassUsers, users)
	return len(add) < len(x.mg.Parameters().PullRequestCapBypassUsers), nil
}
