package github

import (
	"context"
	"net/http"
	"time"

	"github.com/google/go-github/v37/github"
)

// Users and organizations, looked up by login. Both reads need no
// permission; their answers rarely change, so they are read conditionally.
//
// An account's answer is also used for accountFreshFor without asking
// again: every repository create reads its owner's, and a round trip per
// create for an answer that does not change is creation time lost. It
// cannot mislead a create: an organization never becomes a user, and a
// user that became an organization is no longer the authenticated user,
// which is read afresh every time (GitHub itself lets clients keep both
// answers for a minute).
const accountFreshFor = 10 * time.Minute

var (
	routeGetAccount = declare(Route{Method: http.MethodGet, Template: "/users/{username}",
		Cache: CacheConditional, FreshFor: accountFreshFor})
	routeGetAuthenticatedUser = declare(Route{Method: http.MethodGet, Template: "/user",
		Cache: CacheConditional})
)

// Account is a user or organization as GitHub embeds it in other objects.
type Account struct {
	Login string `json:"login"`
	ID    int64  `json:"id"`
	Type  string `json:"type"`
}

// UsersAPI looks up accounts: who owns what, and who the credentials are.
type UsersAPI interface {
	GetAccount(ctx context.Context, login string) (*Account, error)
	GetAuthenticatedLogin(ctx context.Context) (string, error)
}

// UsersClient implements UsersAPI with a go-github client.
type UsersClient struct{ requester }

var _ UsersAPI = (*UsersClient)(nil)

// NewUsersClient returns the users API of gh.
func NewUsersClient(gh *github.Client) *UsersClient { return &UsersClient{requester{gh: gh}} }

// GetAccount reads a user or organization by login: GitHub answers
// /users/{username} for organizations too, with type Organization.
func (u *UsersClient) GetAccount(ctx context.Context, login string) (*Account, error) {
	out := &Account{}
	err := u.do(ctx, routeGetAccount, routeGetAccount.path(login), nil, out)
	return out, err
}

// GetAuthenticatedLogin returns the login of the authenticated user.
func (u *UsersClient) GetAuthenticatedLogin(ctx context.Context) (string, error) {
	out := &Account{}
	err := u.do(ctx, routeGetAuthenticatedUser, routeGetAuthenticatedUser.path(), nil, out)
	return out.Login, err
}
