// Package secret reconciles ActionsSecret, DependabotSecret,
// OrganizationActionsSecret and OrganizationDependabotSecret managed
// resources of both scopes with one external client: a secret of one of a
// repository's or an organization's secret stores, known by its name,
// whose value comes from a Kubernetes Secret and is sent sealed with the
// store's public key. An organization's secret is also shared with some
// of its repositories (see orgShare).
package secret

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	sec "github.com/crossplane-github/provider-github/internal/clients/secret"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Object is an Actions or Dependabot secret, of a repository or an
// organization, of either scope.
type Object interface {
	resource.Managed
}

// AnnotationCreatedValueHash records the hash of the value a create sent
// (see secret.ValueHash; never the value). The managed reconciler keeps a
// create's annotations but not its status, so the hash the create applied
// is kept here until status.atProvider.appliedValueHash has one.
const AnnotationCreatedValueHash = "github.crossplane.io/secret-created-value-hash"

// external manages one resource's secret. It lives for one reconcile:
// Observe keeps what it read for Create, Update and Delete.
type external[T Object] struct {
	api  github.SecretsAPI
	keys publicKeys
	// in is where the store is, for messages; owner and repo name it to
	// GitHub (repo "" for an organization's store).
	in          kind.Place
	owner, repo string
	env         kind.Environment
	store       github.SecretStore
	kind        string
	record      event.Recorder
	secrets     client.Reader

	// spec and status are the kind's secret parameters and observation.
	spec   func(T) *common.SecretValueParameters
	status func(T) *common.SecretValueObservation
	// observed, when set, fills in the rest of the kind's observation.
	observed func(T, *github.StoredSecret)
	// share is who may use an organization's secret; nil for a
	// repository's.
	share *kind.Sharing

	// found is the secret as Observe found it; nil when it does not exist.
	found *github.StoredSecret
}

// what names the secret for messages: its store, name and repository.
func (e *external[T]) what(name string) string {
	switch {
	case e.store.Org && e.store.Dependabot:
		return fmt.Sprintf("Dependabot secret %q of organization %s", name, e.in.FullName())
	case e.store.Org:
		return fmt.Sprintf("Actions secret %q of organization %s", name, e.in.FullName())
	case e.store.Dependabot:
		return fmt.Sprintf("Dependabot secret %q of %s", name, e.in.FullName())
	case e.store.Environment != "":
		via := ""
		if e.env.Via != "" {
			via = ", named by " + e.env.Via
		}
		return fmt.Sprintf("Actions secret %q of environment %q%s of %s", name, e.store.Environment, via, e.in.FullName())
	default:
		return fmt.Sprintf("Actions secret %q of %s", name, e.in.FullName())
	}
}

// byName finds the secret of name (see kind.ByName).
func (e *external[T]) byName(name string) kind.ByName[github.StoredSecret] {
	return kind.ByName[github.StoredSecret]{
		Noun: "secret", What: e.what, Kind: e.kind, In: e.in, Record: e.record,
		Unless: e.unless(),
		Again:  "writing it again",
		Taken:  " (its value becomes the declared one)",
		Same:   sec.SameName,
		Get: func(ctx context.Context) (*github.StoredSecret, error) {
			return e.api.GetSecret(ctx, e.owner, e.repo, e.store, name)
		},
	}
}

// VerdictInputs: besides the spec, the annotations, its target and
// GitHub's answers, an observation depends on the value of the secret's
// Kubernetes Secret, which GitHub never shows: its hash (salted with the
// Secret's and the resource's uids, as the status keeps it) is an input,
// so a verdict may confirm it (see kind.VerdictInputs) while the value is
// unchanged, and a new value runs the observation. A secret only observed
// reads no Secret. Without verdicts every poll decoded the list of the
// repositories a secret of the organization is shared with.
func (e *external[T]) VerdictInputs(ctx context.Context, mg T) (string, error) {
	if kind.OnlyObserves(mg) {
		return "", nil
	}
	v, err := e.value(ctx, mg)
	if err != nil {
		return "", err
	}
	return v.hash, nil
}

// Observe reads the secret by its name. Without an external name it is
// this resource's only when a create of this resource was interrupted
// after GitHub created it (see kind.CreatedByLostCreate); anyone else's is
// not overwritten. GitHub never shows a value, so the value is compared by
// the hash of what the provider sent, and the secret is written again when
// GitHub's updated_at moves past the provider's last write. A secret only
// observed (management policy Observe alone) is up to date as long as it
// exists, without its Kubernetes Secret.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	p := e.spec(mg)
	deleting := meta.WasDeleted(mg)
	got, unclaimed, err := e.byName(p.Name).Find(ctx, mg, p.Name)
	if err != nil || got == nil {
		return managed.ExternalObservation{}, err
	}
	if unclaimed {
		// GitHub shows nothing of a secret but its name and dates: there
		// is no other field the create sent to compare.
		if err := e.byName(got.Name).Claim(mg, got.Name, got.CreatedAt, nil); err != nil {
			return managed.ExternalObservation{}, err
		}
	}
	e.found = got
	st := e.status(mg)
	byLastCreate := !meta.GetExternalCreateSucceeded(mg).IsZero() && kind.CreatedDuring(got.CreatedAt, meta.GetExternalCreatePending(mg))
	applied := sec.Remembered(st.AppliedValueHash, st.AppliedAt, mg.GetAnnotations()[AnnotationCreatedValueHash], byLastCreate, got)
	if deleting {
		// Its Secret may be gone already: nothing to compare.
		e.observe(mg, got, applied)
		return managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, nil
	}
	if kind.OnlyObserves(mg) {
		// No value is ever sent, and GitHub shows none to compare: its
		// Secret is not read, and need not exist (github-import's
		// observed secrets name Secrets nobody has made).
		e.observe(mg, got, applied)
		return kind.Exists(nil, unclaimed), nil
	}
	v, err := e.value(ctx, mg)
	if err != nil {
		e.observe(mg, got, applied)
		return managed.ExternalObservation{}, err
	}
	applied = sec.Settle(applied, v.hash, got)
	drift := sec.Drift(applied, v.hash, got)
	if e.share != nil {
		d, err := e.share.Observe(ctx, got.Name, got.Visibility)
		if err != nil {
			e.observe(mg, got, applied)
			return managed.ExternalObservation{}, err
		}
		drift = append(drift, d...)
	}
	e.observe(mg, got, applied)
	return kind.Exists(drift, unclaimed), nil
}

// observe records got and what was applied to it in mg's status.
func (e *external[T]) observe(mg T, got *github.StoredSecret, applied sec.Applied) {
	*e.status(mg) = sec.Observation(got, applied)
	if e.observed != nil {
		e.observed(mg, got)
	}
	mg.SetConditions(xpv2.Available())
}

// Create writes the secret, which Observe found GitHub does not have, and
// records its name as the external name and the value's hash.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	p := e.spec(mg)
	v, err := e.value(ctx, mg)
	if err != nil {
		return managed.ExternalCreation{}, err
	}
	if err := e.put(ctx, p.Name, v.value); err != nil {
		return managed.ExternalCreation{}, e.wrapWrite(err, "create", p.Name)
	}
	meta.SetExternalName(mg, strings.ToUpper(p.Name))
	meta.AddAnnotations(mg, map[string]string{AnnotationCreatedValueHash: v.hash})
	return managed.ExternalCreation{}, nil
}

// Update sends the declared value again, and records its hash; GitHub's
// time of the write is read by the next Observe.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	if e.found == nil {
		return managed.ExternalUpdate{}, errors.New("cannot update a secret that was not observed first")
	}
	v, err := e.value(ctx, mg)
	if err != nil {
		return managed.ExternalUpdate{}, err
	}
	if err := e.put(ctx, e.found.Name, v.value); err != nil {
		return managed.ExternalUpdate{}, e.wrapWrite(err, "update", e.found.Name)
	}
	st := e.status(mg)
	st.AppliedValueHash, st.AppliedAt = ptr.To(v.hash), nil
	return managed.ExternalUpdate{}, nil
}

// Delete deletes the secret. One that is already gone counts as deleted.
func (e *external[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	if e.found == nil {
		return managed.ExternalDelete{}, errors.New("cannot delete a secret that was not observed first")
	}
	err := e.api.DeleteSecret(ctx, e.owner, e.repo, e.store, e.found.Name)
	return managed.ExternalDelete{}, errors.Wrapf(resource.Ignore(github.IsNotFound, err), "cannot delete %s", e.what(e.found.Name))
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }

// put seals value with the store's public key and writes it. A write
// refused with a key from the cache may have met a key GitHub has since
// replaced: the key is read again and the write tried once more.
func (e *external[T]) put(ctx context.Context, name string, value []byte) error {
	write := func() (cached bool, err error) {
		key, cached, err := e.keys.get(ctx, e.api, e.owner, e.repo, e.store)
		if err != nil {
			return false, errors.Wrapf(err, "cannot read the public key of the %s of %s", e.store, e.in.FullName())
		}
		enc, err := sec.Seal(key, value)
		if err != nil {
			return false, err
		}
		if e.share != nil {
			enc.Sharing = e.share.Request()
		}
		return cached, e.api.PutSecret(ctx, e.owner, e.repo, e.store, name, enc)
	}
	cached, err := write()
	if cached && staleKey(err) {
		e.keys.forget(e.owner, e.repo, e.store)
		_, err = write()
	}
	return err
}

// unless says what else GitHub's 404 of the secret may mean.
func (e *external[T]) unless() string {
	if e.store.Org {
		return "or the organization does not, or the credentials may not read its secrets"
	}
	return "or the repository or environment does not"
}

// staleKey tells whether GitHub's refusal of a write may be of the key it
// was sealed with: GitHub refuses a key id it no longer has as a bad
// request.
func staleKey(err error) bool {
	code := github.StatusCode(err)
	return code == http.StatusUnprocessableEntity || code == http.StatusBadRequest
}

// wrapWrite words a refused write of the secret.
func (e *external[T]) wrapWrite(err error, op, name string) error {
	if github.IsNotFound(err) {
		where := e.in.Noun() + " " + e.in.FullName() + e.in.NamedBy()
		if e.store.Environment != "" {
			where += " or its environment " + fmt.Sprintf("%q", e.store.Environment)
		}
		return errors.Wrapf(err, "cannot %s %s: cannot find %s, or the credentials may not write its %s", op, e.what(name), where, e.store)
	}
	return errors.Wrapf(err, "cannot %s %s", op, e.what(name))
}

// value is a secret's value with its hash.
type value struct {
	value []byte
	hash  string
}

// value reads the declared value from its Kubernetes Secret. Errors name
// the Secret and key, and what to do; never the value.
func (e *external[T]) value(ctx context.Context, mg T) (value, error) {
	p := e.spec(mg)
	purpose := "the value of " + e.kind + " " + p.Name
	k, err := kind.ReadSecretKey(ctx, e.secrets, mg, p.ValueSecretRef, "spec.forProvider.valueSecretRef", purpose)
	if err != nil {
		return value{}, err
	}
	ns, name := kind.SecretKeyOf(mg, p.ValueSecretRef)
	switch {
	case len(k.Value) == 0:
		return value{}, errors.Errorf("%s in key %q of Secret %s/%s is empty: GitHub keeps no empty secret; put the value in it", purpose, p.ValueSecretRef.Key, ns, name)
	case len(k.Value) > sec.MaxValueSize:
		return value{}, errors.Errorf("%s in key %q of Secret %s/%s is %d bytes: GitHub takes at most 48 KB (%d bytes) for a secret", purpose, p.ValueSecretRef.Key, ns, name, len(k.Value), sec.MaxValueSize)
	}
	return value{value: k.Value, hash: sec.ValueHash(k.SecretUID, string(mg.GetUID()), k.Value)}, nil
}
