package secret

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// orgParts are the fields of an organization secret's resource the
// external client works on: its value, its sharing and their status.
type orgParts struct {
	value   *common.SecretValueParameters
	share   *orgcommon.RepositorySharing
	status  *common.SecretValueObservation
	sharing *orgcommon.RepositorySharingObservation
}

// orgSecret is an organization secret kind: its name, its store and its
// parts.
type orgSecret[T kind.OrganizationScoped] struct {
	kind  string
	store github.SecretStore
	parts func(T) orgParts
}

// connect finds the secret's organization and resolves its repositories
// on every reconcile, so that references follow renames and selectors
// newly labelled Repository resources. The secret's sharing is sent with
// every write of it, and compared with GitHub's.
func (k orgSecret[T]) connect(ctx context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	org, err := c.Organization(mg)
	if err != nil {
		return nil, err
	}
	share, err := c.Sharing(ctx, mg, org.Login, github.Shared{Dependabot: k.store.Dependabot}, k.parts(mg).share)
	if err != nil {
		return nil, err
	}
	return k.external(github.NewSecretsClient(c.GitHub), sharedKeys.of(c.GitHub), org, share, c), nil
}

// external is the kind's external client of a secret of org shared as
// share.
func (k orgSecret[T]) external(api github.SecretsAPI, keys publicKeys, org kind.Organization, share *kind.Sharing, c kind.Connection) *external[T] {
	return &external[T]{
		api: api, keys: keys, in: org, owner: org.Login, store: k.store, kind: k.kind, record: c.Record, secrets: c.Uncached, share: share,
		spec:     func(mg T) *common.SecretValueParameters { return k.parts(mg).value },
		status:   func(mg T) *common.SecretValueObservation { return k.parts(mg).status },
		observed: func(mg T, s *github.StoredSecret) { *k.parts(mg).sharing = share.Observation(s.Visibility) },
	}
}
