// Package webhook reconciles Webhook and OrganizationWebhook managed
// resources of both scopes with one external client: a webhook of a
// repository or of an organization, known by the id GitHub assigns it,
// whose secret comes from a Kubernetes Secret.
package webhook

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
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	wh "github.com/crossplane-github/provider-github/internal/clients/webhook"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// AnnotationCreatedSecretHash records the hash of the secret a create sent
// (see webhook.SecretHash; never the value). The managed reconciler keeps
// a create's annotations but not its status, so the hash the create
// applied is kept here until status.atProvider.appliedSecretHash has one.
const AnnotationCreatedSecretHash = "github.crossplane.io/webhook-created-secret-hash"

// hookExists begins GitHub's refusal of a webhook whose URL another
// webhook of the repository (organization) has, with an event in common:
// "Hook already exists on this repository" ("... organization").
const hookExists = "Hook already exists on this "

// external manages one resource's webhook. It lives for one reconcile:
// Observe keeps what it read for Create, Update and Delete.
type external[T resource.Managed] struct {
	hooks   hooks
	in      kind.Place
	kind    string // Webhook or OrganizationWebhook, for messages
	record  event.Recorder
	secrets client.Reader

	// spec is the declared webhook; status where GitHub's goes, set
	// whole by observe from GitHub's hook and the applied secret's hash.
	spec    func(T) wh.Spec
	status  func(T) *common.WebhookStatus
	observe func(mg T, h *github.Hook, applied *string)

	// inputSecret is the secret VerdictInputs read, for the Observe that
	// follows it in the same reconcile; nil when it read none.
	inputSecret *secret

	// observed is the webhook as Observe found it; nil when it does not
	// exist.
	observed *github.Hook
	// listed are the place's webhooks, when Observe listed them.
	listed []github.Hook
}

// VerdictInputs: an observation depends on the spec, the annotations, the
// repository, GitHub's answers and the webhook secret's Secret: the hash
// of its value, so that a new value is sent (see kind.VerdictInputs). The
// hash is the one the status and annotations already show; the value is
// never in the verdict. A webhook only observed reads no Secret (see
// Observe).
func (e *external[T]) VerdictInputs(ctx context.Context, mg T) (string, error) {
	if kind.OnlyObserves(mg) {
		return "", nil
	}
	s, err := readSecret(ctx, e.secrets, mg, e.spec(mg))
	if err != nil {
		return "", err
	}
	e.inputSecret = &s
	return s.hash, nil
}

// Observe reads the webhook by its id, the external name. Without one it
// exists only when a create of this resource was interrupted after GitHub
// created it (see recover). A webhook GitHub no longer has does not exist,
// and is created again. The secret is compared by hash: GitHub never shows
// it, so the provider remembers which value GitHub accepted; a webhook
// only observed (management policy Observe alone) has no secret to
// compare, and its Secret need not exist.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	h, recovered, err := e.find(ctx, mg)
	if err != nil || h == nil {
		return managed.ExternalObservation{}, err
	}
	e.observed = h
	applied := appliedHash(mg, e.status(mg))
	e.observe(mg, h, applied)
	mg.SetConditions(xpv2.Available())
	if meta.WasDeleted(mg) {
		// Its Secret may be gone already: nothing to compare.
		return managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, nil
	}
	if kind.OnlyObserves(mg) {
		return kind.Exists(wh.Drift(e.spec(mg), h), recovered), nil
	}
	s, err := e.observedSecret(ctx, mg)
	if err != nil {
		return managed.ExternalObservation{}, err
	}
	if s.hash == "" {
		// No secret is wanted: what was applied before no longer counts.
		e.status(mg).AppliedSecretHash = nil
	}
	drift := wh.Drift(e.spec(mg), h)
	if wh.SecretDrift(s.hash, applied, h) {
		drift = append(drift, "secretRef")
	}
	return kind.Exists(drift, recovered), nil
}

// observedSecret is the webhook secret for Observe: the one VerdictInputs
// read just before it in this reconcile, else read now.
func (e *external[T]) observedSecret(ctx context.Context, mg T) (secret, error) {
	if e.inputSecret != nil {
		return *e.inputSecret, nil
	}
	return readSecret(ctx, e.secrets, mg, e.spec(mg))
}

// appliedHash is the hash of the secret GitHub last accepted from the
// provider: the status's, or a create's record of it; nil when unknown (a
// secret is then sent again).
func appliedHash(mg resource.Managed, status *common.WebhookStatus) *string {
	if h := status.AppliedSecretHash; h != nil {
		return h
	}
	if h, ok := mg.GetAnnotations()[AnnotationCreatedSecretHash]; ok {
		return &h
	}
	return nil
}

// find reads the webhook mg manages: the one its external name names, or
// the one a lost create of mg made: the repository's (organization's)
// webhook with mg's URL, created during mg's create and configured as mg
// declares (kind.ByID). Nil when there is none.
func (e *external[T]) find(ctx context.Context, mg T) (*github.Hook, bool, error) {
	p := e.spec(mg)
	return kind.ByID[github.Hook]{
		Noun: "webhook", Address: "…/settings/hooks/<id>", In: e.in, Record: e.record,
		Unless: fmt.Sprintf("or the %s does not, or the credentials are not its %s", e.in.Noun(), e.hooks.holder()),
		Get:    e.hooks.get,
		List: func(ctx context.Context) (l []github.Hook, err error) {
			l, err = e.hooks.list(ctx)
			e.listed = l
			return l, err
		},
		Match:     func(l []github.Hook) *github.Hook { return wh.FindByURL(l, p.Settings().URL) },
		ID:        func(h *github.Hook) int64 { return h.ID },
		CreatedAt: func(h *github.Hook) *time.Time { return h.CreatedAt },
		Drift:     func(h *github.Hook) []string { return wh.Drift(p, h) },
		Describe: func(h *github.Hook) string {
			return fmt.Sprintf("webhook %d of %s for %s", h.ID, e.in.FullName(), h.Config.URL)
		},
		Made: "created by this " + e.kind,
	}.Find(ctx, mg)
}

// Create creates the webhook with its secret and records the id GitHub
// assigns as the external name, and the secret's hash. A URL another
// webhook of the repository (organization) has is refused with how to
// adopt that webhook instead.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	p := e.spec(mg)
	url := p.Settings().URL
	s, err := readSecret(ctx, e.secrets, mg, p)
	if err != nil {
		return managed.ExternalCreation{}, err
	}
	h, err := e.hooks.create(ctx, wh.Request(p, s.value))
	switch {
	case github.IsNotFound(err):
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot create a webhook for %s: cannot find %s %s%s, or the credentials are not its %s (%s)",
			url, e.in.Noun(), e.in.FullName(), e.in.NamedBy(), e.hooks.holder(), e.shownTo())
	case github.IsUnprocessable(err) && strings.Contains(err.Error(), hookExists):
		return managed.ExternalCreation{}, e.urlTaken(ctx, url)
	case err != nil:
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot create a webhook for %s in %s", url, e.in.FullName())
	}
	meta.SetExternalName(mg, kind.ExternalID(h.ID))
	if s.hash != "" {
		meta.AddAnnotations(mg, map[string]string{AnnotationCreatedSecretHash: s.hash})
	}
	return managed.ExternalCreation{}, nil
}

// shownTo says who GitHub shows the webhooks to.
func (e *external[T]) shownTo() string {
	if e.in.Noun() == "repository" {
		return "GitHub shows webhooks to admins only"
	}
	return fmt.Sprintf("GitHub shows an %s's webhooks to its %ss only", e.in.Noun(), e.hooks.holder())
}

// urlTaken says that the repository (organization) already has a webhook
// for url, and how to manage it: with its id as the external name.
func (e *external[T]) urlTaken(ctx context.Context, url string) error {
	h := wh.FindByURL(e.listed, url)
	if h == nil {
		// Not listed by Observe, or created since: list afresh. Without
		// the list the error still says how to adopt the webhook.
		list, _ := e.hooks.list(ctx)
		h = wh.FindByURL(list, url)
	}
	if h != nil {
		return errors.Errorf("%s already has a webhook for %s (id %d), which this %s did not create: to manage it, set the annotation crossplane.io/external-name: %q; or use another URL", e.in.FullName(), url, h.ID, e.kind, kind.ExternalID(h.ID))
	}
	return errors.Errorf("%s already has a webhook for %s with an event in common, which this %s did not create: to manage it, set the annotation crossplane.io/external-name to its id (the number at the end of its address on GitHub, …/settings/hooks/<id>); or use another URL", e.in.FullName(), url, e.kind)
}

// Update sends the declared webhook, its secret included (a config without
// one would remove it), and records the hash of the secret GitHub accepted.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	h := e.observed
	if h == nil {
		return managed.ExternalUpdate{}, errors.New("cannot update a webhook that was not observed first")
	}
	p := e.spec(mg)
	url := p.Settings().URL
	s, err := readSecret(ctx, e.secrets, mg, p)
	if err != nil {
		return managed.ExternalUpdate{}, err
	}
	_, err = e.hooks.update(ctx, h.ID, wh.Request(p, s.value))
	if github.IsUnprocessable(err) && strings.Contains(err.Error(), hookExists) {
		return managed.ExternalUpdate{}, errors.Errorf("cannot update webhook %d of %s: another webhook of the %s delivers to %s with an event in common; change or delete that one, or use another URL", h.ID, e.in.FullName(), e.in.Noun(), url)
	}
	if err != nil {
		return managed.ExternalUpdate{}, errors.Wrapf(err, "cannot update webhook %d (for %s) of %s", h.ID, url, e.in.FullName())
	}
	st := e.status(mg)
	st.AppliedSecretHash = nil
	if s.hash != "" {
		st.AppliedSecretHash = ptr.To(s.hash)
	}
	return managed.ExternalUpdate{}, nil
}

// Delete deletes the webhook. One that is already gone counts as deleted.
func (e *external[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	h := e.observed
	if h == nil {
		return managed.ExternalDelete{}, errors.New("cannot delete a webhook that was not observed first")
	}
	err := e.hooks.remove(ctx, h.ID)
	return managed.ExternalDelete{}, errors.Wrapf(resource.Ignore(github.IsNotFound, err), "cannot delete webhook %d (for %s) of %s", h.ID, h.Config.URL, e.in.FullName())
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }
