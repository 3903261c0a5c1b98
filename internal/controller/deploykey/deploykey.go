// Package deploykey reconciles DeployKey managed resources of both scopes
// (namespaced and cluster) with one external client: a repository's deploy
// key, known by the id GitHub assigns it.
package deploykey

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"sigs.k8s.io/controller-runtime/pkg/client"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	dk "github.com/crossplane-github/provider-github/internal/clients/deploykey"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Object is a DeployKey of either scope.
type Object interface {
	resource.Managed
	Parameters() *common.DeployKeyParameters
	Observation() *common.DeployKeyObservation
	RepositoryTarget() *common.RepositoryTarget
}

// external manages one DeployKey's deploy key. It lives for one reconcile:
// Observe keeps what it read for Update and Delete.
type external[T Object] struct {
	api    github.DeployKeysAPI
	repo   kind.Repository
	record event.Recorder
	// kube reads the Secrets of the key material and writes a generated
	// key pair to the connection Secret.
	kube client.Client
	// observed is the deploy key as Observe found it; nil when it does
	// not exist.
	observed *github.DeployKey
}

// Observe reads the deploy key by its id, the external name. Without one
// it exists only when a create of this resource was interrupted after
// GitHub added it (see recover). A deploy key GitHub no longer has does
// not exist, and is added again with the same key material. The connection
// details are the key material, so that the connection Secret keeps it.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	if meta.WasDeleted(mg) {
		// The key material does not matter any more (its Secret may be
		// gone already): the key is found by its id alone.
		k, _, err := e.find(ctx, mg, material{}, false)
		e.observed = k
		return managed.ExternalObservation{ResourceExists: k != nil}, err
	}
	m, ok, err := e.material(ctx, mg, false)
	if err != nil {
		return managed.ExternalObservation{}, err
	}
	k, recovered, err := e.find(ctx, mg, m, ok)
	if err != nil || k == nil {
		return managed.ExternalObservation{}, err
	}
	if !ok {
		// Only a generated key pair can be missing, and GitHub has its
		// public half: the private half is gone with its Secret.
		nn, _ := connectionSecret(mg)
		return managed.ExternalObservation{}, errors.Errorf("deploy key %d of %s exists, but its private key is not in connection Secret %s/%s (the Secret, or its %s, is gone): without it the key is of no use; delete and recreate the DeployKey for a new key pair", k.ID, e.repo.FullName(), nn.Namespace, nn.Name, dk.ConnectionPrivateKey)
	}
	e.observed = k
	*mg.Observation() = dk.Observation(e.repo.FullName(), k)
	mg.SetConditions(xpv2.Available())
	drift := dk.Drift(mg.Parameters(), m.key, k)
	return managed.ExternalObservation{
		ResourceExists:          true,
		ResourceUpToDate:        len(drift) == 0,
		ResourceLateInitialized: recovered,
		Diff:                    strings.Join(drift, ", "),
		ConnectionDetails:       m.connectionDetails(),
	}, nil
}

// find reads the deploy key mg manages: the one its external name names,
// or the one a lost create of mg added. GitHub takes a key once, so that
// is the repository's key with mg's key material, added during mg's
// create and exactly as mg declares it (kind.ByID). Nil when there is
// none; without key material (haveKey false) only the external name can
// find it.
func (e *external[T]) find(ctx context.Context, mg T, m material, haveKey bool) (*github.DeployKey, bool, error) {
	if meta.GetExternalName(mg) == "" && !haveKey {
		return nil, false, nil
	}
	return kind.ByID[github.DeployKey]{
		Noun: "deploy key", Address: "…/keys/<id>", In: e.repo, Record: e.record,
		Again: "adding the key again",
		Get: func(ctx context.Context, id int64) (*github.DeployKey, error) {
			return e.api.GetDeployKey(ctx, e.repo.Owner, e.repo.Name, id)
		},
		List: func(ctx context.Context) ([]github.DeployKey, error) {
			return e.api.ListDeployKeys(ctx, e.repo.Owner, e.repo.Name)
		},
		Match:     func(l []github.DeployKey) *github.DeployKey { return dk.FindByKey(l, m.key) },
		ID:        func(k *github.DeployKey) int64 { return k.ID },
		CreatedAt: func(k *github.DeployKey) *time.Time { return k.CreatedAt },
		Drift:     func(k *github.DeployKey) []string { return dk.Drift(mg.Parameters(), m.key, k) },
		Describe: func(k *github.DeployKey) string {
			return fmt.Sprintf("deploy key %q (id %d) of %s", k.Title, k.ID, e.repo.FullName())
		},
		Made: "added by this DeployKey",
	}.Find(ctx, mg)
}

// Create adds the deploy key and records the id GitHub assigns as the
// external name. A generated key pair is written to the connection Secret
// before it is added. Key material GitHub already has is refused with
// where it is, and how to adopt it when it is this repository's.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	p := mg.Parameters()
	m, _, err := e.material(ctx, mg, true)
	if err != nil {
		return managed.ExternalCreation{}, err
	}
	k, err := e.api.CreateDeployKey(ctx, e.repo.Owner, e.repo.Name, dk.Request(p, m.key))
	switch {
	case github.IsNotFound(err):
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot add deploy key %q: cannot find repository %s%s", p.Title, e.repo.FullName(), e.repo.NamedBy())
	case github.IsUnprocessable(err) && github.HasErrorMessage(err, github.KeyInUse):
		return managed.ExternalCreation{}, e.keyInUse(ctx, p.Title, m.key)
	case err != nil:
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot add deploy key %q to %s", p.Title, e.repo.FullName())
	}
	meta.SetExternalName(mg, kind.ExternalID(k.ID))
	return managed.ExternalCreation{ConnectionDetails: m.connectionDetails()}, nil
}

// keyInUse says where GitHub already has the key, and what to do: adopt
// it when it is a deploy key of this repository, else use another key.
func (e *external[T]) keyInUse(ctx context.Context, title string, key dk.PublicKey) error {
	// Without the list the error still says what to do.
	list, _ := e.api.ListDeployKeys(ctx, e.repo.Owner, e.repo.Name)
	if k := dk.FindByKey(list, key); k != nil {
		return errors.Errorf("cannot add deploy key %q: %s already has this key (%s) as deploy key %q (id %d), which this DeployKey did not add: to manage it, set the annotation crossplane.io/external-name: %q; or use another key", title, e.repo.FullName(), key.Fingerprint, k.Title, k.ID, kind.ExternalID(k.ID))
	}
	return errors.Errorf("cannot add deploy key %q to %s: GitHub answered \"key is already in use\": the key (%s) is a deploy key of another repository or a user's SSH key, and GitHub takes a key once; use another key, or generateKey", title, e.repo.FullName(), key.Fingerprint)
}

// Update cannot change a deploy key: GitHub has no update. It says what
// differs and how to get there.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	k := e.observed
	if k == nil {
		return managed.ExternalUpdate{}, errors.New("cannot update a deploy key that was not observed first")
	}
	m, _, err := e.material(ctx, mg, false)
	if err != nil {
		return managed.ExternalUpdate{}, err
	}
	drift := dk.Drift(mg.Parameters(), m.key, k)
	advice := "delete and recreate the DeployKey"
	if mg.Parameters().PublicKeySecretRef != nil {
		advice += " to use the Secret's new key, or put the old key back in the Secret"
	}
	return managed.ExternalUpdate{}, errors.Errorf("deploy key %d of %s differs from the spec in its %s: deploy keys cannot be changed on GitHub; %s", k.ID, e.repo.FullName(), strings.Join(drift, ", "), advice)
}

// Delete deletes the deploy key. One that is already gone counts as
// deleted.
func (e *external[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	k := e.observed
	if k == nil {
		return managed.ExternalDelete{}, errors.New("cannot delete a deploy key that was not observed first")
	}
	err := e.api.DeleteDeployKey(ctx, e.repo.Owner, e.repo.Name, k.ID)
	return managed.ExternalDelete{}, errors.Wrapf(resource.Ignore(github.IsNotFound, err), "cannot delete deploy key %q (id %d) of %s", k.Title, k.ID, e.repo.FullName())
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }
