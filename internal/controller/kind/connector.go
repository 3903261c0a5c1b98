package kind

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	gogithub "github.com/google/go-github/v37/github"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/crossplane-github/provider-github/internal/clients/transport"
	"github.com/crossplane-github/provider-github/internal/controller/config"
)

// connector is the one typed connector of every kind: it resolves the
// resource's provider configuration (recording its use), takes the cached
// GitHub client of its credentials and hands both to the kind.
type connector[T resource.Managed] struct {
	kube     client.Client
	uncached client.Reader
	resolve  func(context.Context, resource.Managed) (config.Resolved, error)
	clients  clientCache
	connect  ConnectFn[T]
	record   event.Recorder
	// kind names the kind in messages.
	kind string
}

// clientCache hands out one GitHub client per credential.
type clientCache interface {
	Get(cfg transport.Config) (*gogithub.Client, error)
}

// hostOf is the GitHub API host mg's provider configuration reaches, as
// the client of its credentials (cached: the one its reconciles use) has
// it.
func (c *connector[T]) hostOf(ctx context.Context, mg resource.Managed) (string, error) {
	cfg, err := c.resolve(ctx, mg)
	if err != nil {
		return "", err
	}
	gh, err := c.clients.Get(cfg.GitHub)
	if err != nil {
		return "", err
	}
	return gh.BaseURL.Host, nil
}

// Connect returns the external client of one reconcile of mg.
func (c *connector[T]) Connect(ctx context.Context, mg T) (managed.TypedExternalClient[T], error) {
	cfg, err := c.resolve(ctx, mg)
	if err != nil {
		return nil, err
	}
	gh, err := c.clients.Get(cfg.GitHub)
	if err != nil {
		return nil, errors.Wrap(err, "cannot build a GitHub client")
	}
	refs := &referred{}
	conn := Connection{GitHub: gh, DefaultOwner: cfg.DefaultOwner, Kube: c.kube, Uncached: c.uncached, Record: c.record, hostOf: c.hostOf}
	withRefs := conn
	withRefs.referred = refs
	ext, err := c.connect(ctx, mg, withRefs)
	if err == nil {
		ext = withVerdicts(mg, ext, gh, cfg.GitHub.BaseURL+"\x00"+cfg.DefaultOwner, refs)
	}
	ext, err = forRepository(mg, ext, err, c.record, c.kind, repositoryOf(conn))
	if err != nil {
		return nil, err
	}
	return ownOnly[T]{refusals[T]{ext}}, nil
}
