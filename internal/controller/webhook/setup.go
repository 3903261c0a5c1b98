package webhook

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	"sigs.k8s.io/controller-runtime/pkg/client"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	orgmv1alpha1 "github.com/crossplane-github/provider-github/apis/org/m/v1alpha1"
	orgv1alpha1 "github.com/crossplane-github/provider-github/apis/org/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	wh "github.com/crossplane-github/provider-github/internal/clients/webhook"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the Webhook and OrganizationWebhook kinds in both scopes. A
// change of a Secret that one of them takes its secret from reconciles it
// at once, so that GitHub gets the new secret without waiting for the
// next poll.
var Setups = []kind.Setup{
	kind.OfWatching(&repomv1alpha1.Webhook{}, connect[*repomv1alpha1.Webhook], watches, kind.ShownAtOnce()),
	kind.OfWatching(&repov1alpha1.Webhook{}, connect[*repov1alpha1.Webhook], watches, kind.ShownAtOnce()),
	kind.OfWatching(&orgmv1alpha1.OrganizationWebhook{}, connectOrg[*orgmv1alpha1.OrganizationWebhook], watches, kind.ShownAtOnce()),
	kind.OfWatching(&orgv1alpha1.OrganizationWebhook{}, connectOrg[*orgv1alpha1.OrganizationWebhook], watches, kind.ShownAtOnce()),
}

// Object is a Webhook of either scope.
type Object interface {
	resource.Managed
	Parameters() *common.WebhookParameters
	Observation() *common.WebhookObservation
	RepositoryTarget() *common.RepositoryTarget
}

// OrganizationObject is an OrganizationWebhook of either scope.
type OrganizationObject interface {
	kind.OrganizationScoped
	Parameters() *orgcommon.OrganizationWebhookParameters
	Observation() *orgcommon.OrganizationWebhookObservation
}

// watches: the Secrets webhooks read (their metadata only is cached; the
// value is read from the API server when a webhook needs it).
var watches = []kind.Watch{kind.SecretKeyWatch(secretRefs)}

// secretRefs is the Secret key a webhook takes its secret from.
func secretRefs(mg resource.Managed) []common.SecretKeyRef {
	var ref *common.SecretKeyRef
	switch o := mg.(type) {
	case Object:
		ref = o.Parameters().SecretRef
	case OrganizationObject:
		ref = o.Parameters().SecretRef
	}
	if ref == nil {
		return nil
	}
	return []common.SecretKeyRef{*ref}
}

// connect finds the webhook's repository, on every reconcile, so that a
// repository named by repositoryRef is followed through renames.
func connect[T Object](ctx context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	repo, err := c.Repository(ctx, mg)
	if err != nil {
		return nil, err
	}
	return repoExternal[T](github.NewHooksClient(c.GitHub), repo, c.Record, c.Uncached), nil
}

// repoExternal is the external client of a Webhook of repo.
func repoExternal[T Object](api github.HooksAPI, repo kind.Repository, rec event.Recorder, secrets client.Reader) *external[T] {
	return &external[T]{
		hooks: repoHooks{api: api, repo: repo}, in: repo, kind: "Webhook", record: rec, secrets: secrets,
		spec:   func(mg T) wh.Spec { return mg.Parameters() },
		status: func(mg T) *common.WebhookStatus { return &mg.Observation().WebhookStatus },
		observe: func(mg T, h *github.Hook, applied *string) {
			*mg.Observation() = wh.Observation(repo.FullName(), h, applied)
		},
	}
}

// connectOrg finds the webhook's organization: the one it names, else the
// provider configuration's owner.
func connectOrg[T OrganizationObject](_ context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	org, err := c.Organization(mg)
	if err != nil {
		return nil, err
	}
	return orgExternal[T](github.NewOrganizationHooksClient(c.GitHub), org, c.Record, c.Uncached), nil
}

// orgExternal is the external client of an OrganizationWebhook of org.
func orgExternal[T OrganizationObject](api github.OrganizationHooksAPI, org kind.Organization, rec event.Recorder, secrets client.Reader) *external[T] {
	return &external[T]{
		hooks: orgHooks{api: api, org: org.Login}, in: org, kind: "OrganizationWebhook", record: rec, secrets: secrets,
		spec:   func(mg T) wh.Spec { return mg.Parameters() },
		status: func(mg T) *common.WebhookStatus { return &mg.Observation().WebhookStatus },
		observe: func(mg T, h *github.Hook, applied *string) {
			*mg.Observation() = wh.OrganizationObservation(org.Login, h, applied)
		},
	}
}
