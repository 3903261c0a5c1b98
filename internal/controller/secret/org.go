package secret

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/sharing"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// orgShare is who may use an organization's secret: the declared
// visibility and repositories, resolved when the resource connects, sent
// with every write of the secret, and compared with GitHub's.
type orgShare[T Object] struct {
	api    github.SelectedRepositoriesAPI
	org    string
	of     github.Shared
	want   sharing.Want
	status func(T) *orgcommon.RepositorySharingObservation

	// got is GitHub's sharing as observe read it.
	got sharing.Got
}

// observe reads GitHub's sharing of secret s (its list of repositories
// only when both sides say selected) and names where it differs.
func (o *orgShare[T]) observe(ctx context.Context, s *github.StoredSecret) ([]string, error) {
	g, err := kind.SharingOf(ctx, o.api, o.org, o.of, s.Name, o.want, s.Visibility)
	if err != nil {
		return nil, err
	}
	o.got = g
	return sharing.Drift(o.want, g), nil
}

// record writes GitHub's sharing of s, as last read, into mg's status.
func (o *orgShare[T]) record(mg T, s *github.StoredSecret) {
	g := o.got
	if g.Visibility == "" {
		g = sharing.Got{Visibility: s.Visibility}
	}
	*o.status(mg) = sharing.Observation(o.org, g)
}

// orgSecret is what the two organization kinds' connects differ in.
type orgSecret[T Object] struct {
	kind    string
	store   github.SecretStore
	spec    func(T) *common.SecretValueParameters
	status  func(T) *common.SecretValueObservation
	share   func(T) *orgcommon.RepositorySharing
	sharing func(T) *orgcommon.RepositorySharingObservation
}

// connect finds the secret's organization and resolves its repositories
// on every reconcile, so that references follow renames and selectors
// newly labelled Repository resources.
func (k orgSecret[T]) connect(ctx context.Context, mg T, c kind.Connection, org kind.Organization) (managed.TypedExternalClient[T], error) {
	ids, err := c.SelectedRepositories(ctx, mg, org.Login, k.share(mg))
	if err != nil {
		return nil, err
	}
	return &external[T]{
		api: github.NewSecretsClient(c.GitHub), keys: sharedKeys.of(c.GitHub), in: org, owner: org.Login,
		store: k.store, kind: k.kind, record: c.Record, secrets: c.Uncached, spec: k.spec, status: k.status,
		share: &orgShare[T]{api: github.NewSelectedRepositoriesClient(c.GitHub), org: org.Login, of: github.Shared{Dependabot: k.store.Dependabot},
			want: sharing.Want{Visibility: k.share(mg).Visibility, IDs: ids}, status: k.sharing},
	}, nil
}
