package github

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/google/go-github/v37/github"
)

// A repository's deploy keys. GitHub shows them to repository admins only:
// the reads need Administration: read, and are read conditionally (a 304
// is free); adding and deleting one needs Administration: write. There is
// no update: a deploy key is immutable.
var (
	routeListDeployKeys = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/keys",
		Permission: "Administration: read", Scope: "repo", Cache: CacheConditional})
	routeGetDeployKey = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/keys/{key_id}",
		Permission: "Administration: read", Scope: "repo", Cache: CacheConditional})
	routeCreateDeployKey = declare(Route{Method: http.MethodPost, Template: "/repos/{owner}/{repo}/keys",
		Permission: "Administration: write", Scope: "repo"})
	routeDeleteDeployKey = declare(Route{Method: http.MethodDelete, Template: "/repos/{owner}/{repo}/keys/{key_id}",
		Permission: "Administration: write", Scope: "repo"})
)

// KeyInUse is GitHub's refusal of key material that is already a deploy
// key (of this repository or another) or a user's SSH key.
const KeyInUse = "key is already in use"

// DeployKey is a repository's deploy key as GitHub answers it. Key is the
// public key in GitHub's canonical form: type and base64 body, without the
// comment it was added with.
type DeployKey struct {
	ID        int64      `json:"id"`
	Key       string     `json:"key"`
	URL       string     `json:"url"`
	Title     string     `json:"title"`
	Verified  bool       `json:"verified"`
	CreatedAt *time.Time `json:"created_at"`
	ReadOnly  bool       `json:"read_only"`
	AddedBy   *string    `json:"added_by"`
	LastUsed  *time.Time `json:"last_used"`
	Enabled   *bool      `json:"enabled"`
}

// DeployKeyRequest is the body of a deploy key add. ReadOnly is always
// sent: GitHub's default, when it is left out, is read and write.
type DeployKeyRequest struct {
	Title    string `json:"title"`
	Key      string `json:"key"`
	ReadOnly bool   `json:"read_only"`
}

// DeployKeysAPI reads, adds and deletes a repository's deploy keys.
type DeployKeysAPI interface {
	ListDeployKeys(ctx context.Context, owner, repo string) ([]DeployKey, error)
	GetDeployKey(ctx context.Context, owner, repo string, id int64) (*DeployKey, error)
	CreateDeployKey(ctx context.Context, owner, repo string, k *DeployKeyRequest) (*DeployKey, error)
	DeleteDeployKey(ctx context.Context, owner, repo string, id int64) error
}

// DeployKeysClient implements DeployKeysAPI with a go-github client.
type DeployKeysClient struct{ requester }

var _ DeployKeysAPI = (*DeployKeysClient)(nil)

// NewDeployKeysClient returns the deploy keys API of gh.
func NewDeployKeysClient(gh *github.Client) *DeployKeysClient {
	return &DeployKeysClient{requester{gh: gh}}
}

// ListDeployKeys lists, every page of it, the repository's deploy keys.
func (c *DeployKeysClient) ListDeployKeys(ctx context.Context, owner, repo string) ([]DeployKey, error) {
	return listAll[DeployKey](ctx, c.requester, routeListDeployKeys, routeListDeployKeys.path(owner, repo), url.Values{})
}

// GetDeployKey reads one deploy key. An unknown id is a 404, as is a
// repository the credentials cannot see.
func (c *DeployKeysClient) GetDeployKey(ctx context.Context, owner, repo string, id int64) (*DeployKey, error) {
	out := &DeployKey{}
	err := c.do(ctx, routeGetDeployKey, routeGetDeployKey.path(owner, repo, strconv.FormatInt(id, 10)), nil, out)
	return out, err
}

// CreateDeployKey adds a deploy key; GitHub assigns its id. Key material
// GitHub already has anywhere is a 422 whose message is KeyInUse.
func (c *DeployKeysClient) CreateDeployKey(ctx context.Context, owner, repo string, k *DeployKeyRequest) (*DeployKey, error) {
	out := &DeployKey{}
	err := c.do(ctx, routeCreateDeployKey, routeCreateDeployKey.path(owner, repo), k, out)
	return out, err
}

// DeleteDeployKey deletes the deploy key.
func (c *DeployKeysClient) DeleteDeployKey(ctx context.Context, owner, repo string, id int64) error {
	return c.do(ctx, routeDeleteDeployKey, routeDeleteDeployKey.path(owner, repo, strconv.FormatInt(id, 10)), nil, nil)
}
