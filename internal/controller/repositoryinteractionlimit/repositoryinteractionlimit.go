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
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	mapping "github.com/crossplane-github/provider-github/internal/clients/interactionlimit"
	"github.com/crossplane-github/provider-github/internal/clients/github"
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
			*mg.Observation() = common.RepositoryInteractionLimitObservation{Repository: ptr.To(in.FullName()), Host: ptr.To(host),
				InteractionLimitObservation: observation(s)}
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
