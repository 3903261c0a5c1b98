package webhook

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// hooks are the webhooks of one place on GitHub: a repository's (Webhook)
// or an organization's (OrganizationWebhook). Both are GitHub's Hook
// object, read and written alike.
type hooks interface {
	list(ctx context.Context) ([]github.Hook, error)
	get(ctx context.Context, id int64) (*github.Hook, error)
	create(ctx context.Context, r *github.HookRequest) (*github.Hook, error)
	update(ctx context.Context, id int64, r *github.HookRequest) (*github.Hook, error)
	remove(ctx context.Context, id int64) error
	// holder is who GitHub shows the webhooks to: a repository's admins,
	// an organization's owners.
	holder() string
}

// repoHooks are the webhooks of repo.
type repoHooks struct {
	api  github.HooksAPI
	repo kind.Repository
}

func (h repoHooks) list(ctx context.Context) ([]github.Hook, error) {
	return h.api.ListHooks(ctx, h.repo.Owner, h.repo.Name)
}

func (h repoHooks) get(ctx context.Context, id int64) (*github.Hook, error) {
	return h.api.GetHook(ctx, h.repo.Owner, h.repo.Name, id)
}

func (h repoHooks) create(ctx context.Context, r *github.HookRequest) (*github.Hook, error) {
	return h.api.CreateHook(ctx, h.repo.Owner, h.repo.Name, r)
}

func (h repoHooks) update(ctx context.Context, id int64, r *github.HookRequest) (*github.Hook, error) {
	return h.api.UpdateHook(ctx, h.repo.Owner, h.repo.Name, id, r)
}

func (h repoHooks) remove(ctx context.Context, id int64) error {
	return h.api.DeleteHook(ctx, h.repo.Owner, h.repo.Name, id)
}

func (repoHooks) holder() string { return "admin" }

// orgHooks are the webhooks of the organization org.
type orgHooks struct {
	api github.OrganizationHooksAPI
	org string
}

func (h orgHooks) list(ctx context.Context) ([]github.Hook, error) {
	return h.api.ListOrgHooks(ctx, h.org)
}

func (h orgHooks) get(ctx context.Context, id int64) (*github.Hook, error) {
	return h.api.GetOrgHook(ctx, h.org, id)
}

func (h orgHooks) create(ctx context.Context, r *github.HookRequest) (*github.Hook, error) {
	return h.api.CreateOrgHook(ctx, h.org, r)
}

func (h orgHooks) update(ctx context.Context, id int64, r *github.HookRequest) (*github.Hook, error) {
	return h.api.UpdateOrgHook(ctx, h.org, id, r)
}

func (h orgHooks) remove(ctx context.Context, id int64) error {
	return h.api.DeleteOrgHook(ctx, h.org, id)
}

func (orgHooks) holder() string { return "owner" }
