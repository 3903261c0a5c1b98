package github

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/google/go-github/v37/github"
)

// A branch's classic protection and its required signatures, which GitHub
// keeps apart. Everything about protection needs admin rights on the
// repository, reads included. The wire types are ours: go-github v37's lack
// lock_branch, allow_fork_syncing, require_last_push_approval, apps in
// restrictions and bypass allowances, and the checks of status checks.
var (
	routeGetBranchProtection = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/branches/{branch}/protection",
		Permission: "Administration: read", Scope: "repo", Cache: CacheConditional})
	routeUpdateBranchProtection = declare(Route{Method: http.MethodPut, Template: "/repos/{owner}/{repo}/branches/{branch}/protection",
		Permission: "Administration: write", Scope: "repo"})
	routeDeleteBranchProtection = declare(Route{Method: http.MethodDelete, Template: "/repos/{owner}/{repo}/branches/{branch}/protection",
		Permission: "Administration: write", Scope: "repo"})
	routeGetRequiredSignatures = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/branches/{branch}/protection/required_signatures",
		Permission: "Administration: read", Scope: "repo", Cache: CacheConditional})
	routeCreateRequiredSignatures = declare(Route{Method: http.MethodPost, Template: "/repos/{owner}/{repo}/branches/{branch}/protection/required_signatures",
		Permission: "Administration: write", Scope: "repo"})
	routeDeleteRequiredSignatures = declare(Route{Method: http.MethodDelete, Template: "/repos/{owner}/{repo}/branches/{branch}/protection/required_signatures",
		Permission: "Administration: write", Scope: "repo"})
)

// Protection is a branch's protection as GitHub answers it. A part that is
// off (status checks, reviews, restrictions) is left out; the switches are
// {"enabled": ...} objects.
type Protection struct {
	RequiredStatusChecks           *ProtectionStatusChecks `json:"required_status_checks,omitempty"`
	EnforceAdmins                  *Enabled                `json:"enforce_admins,omitempty"`
	RequiredPullRequestReviews     *ProtectionReviews      `json:"required_pull_request_reviews,omitempty"`
	Restrictions                   *ProtectionActors       `json:"restrictions,omitempty"`
	RequiredLinearHistory          *Enabled                `json:"required_linear_history,omitempty"`
	AllowForcePushes               *Enabled                `json:"allow_force_pushes,omitempty"`
	AllowDeletions                 *Enabled                `json:"allow_deletions,omitempty"`
	BlockCreations                 *Enabled                `json:"block_creations,omitempty"`
	RequiredConversationResolution *Enabled                `json:"required_conversation_resolution,omitempty"`
	LockBranch                     *Enabled                `json:"lock_branch,omitempty"`
	AllowForkSyncing               *Enabled                `json:"allow_fork_syncing,omitempty"`
	RequiredSignatures             *Enabled                `json:"required_signatures,omitempty"`
}

// Enabled is one of GitHub's protection switches.
type Enabled struct {
	Enabled bool `json:"enabled"`
}

// On tells whether the switch e is on; a switch GitHub left out is off.
func (e *Enabled) On() bool { return e != nil && e.Enabled }

// ProtectionStatusChecks are the required status checks, both ways GitHub
// shows them: the names (contexts) and the checks with their apps.
type ProtectionStatusChecks struct {
	Strict   bool          `json:"strict"`
	Contexts []string      `json:"contexts"`
	Checks   []StatusCheck `json:"checks"`
}

// StatusCheck is a required check; AppID is nil when any app may set it
// (GitHub's null; a request's -1).
type StatusCheck struct {
	Context string `json:"context"`
	AppID   *int64 `json:"app_id,omitempty"`
}

// ProtectionReviews are the required pull request reviews as GitHub
// answers them; a restriction or allowance that is off is left out.
type ProtectionReviews struct {
	DismissalRestrictions        *ProtectionActors `json:"dismissal_restrictions,omitempty"`
	DismissStaleReviews          bool              `json:"dismiss_stale_reviews"`
	RequireCodeOwnerReviews      bool              `json:"require_code_owner_reviews"`
	RequiredApprovingReviewCount int64             `json:"required_approving_review_count"`
	RequireLastPushApproval      bool              `json:"require_last_push_approval"`
	BypassPullRequestAllowances  *ProtectionActors `json:"bypass_pull_request_allowances,omitempty"`
}

// ProtectionActors are users, teams and apps as GitHub answers them.
type ProtectionActors struct {
	Users []Account `json:"users"`
	Teams []Slugged `json:"teams"`
	Apps  []Slugged `json:"apps"`
}

// Slugged is a team or app, as far as protection reads it.
type Slugged struct {
	ID   int64  `json:"id"`
	Slug string `json:"slug"`
}

// ProtectionRequest is the body of a protection update, which replaces the
// whole protection. GitHub needs the four parts, null when off.
type ProtectionRequest struct {
	RequiredStatusChecks           *StatusChecksRequest `json:"required_status_checks"`
	EnforceAdmins                  bool                 `json:"enforce_admins"`
	RequiredPullRequestReviews     *ReviewsRequest      `json:"required_pull_request_reviews"`
	Restrictions                   *ActorsRequest       `json:"restrictions"`
	RequiredLinearHistory          bool                 `json:"required_linear_history"`
	AllowForcePushes               bool                 `json:"allow_force_pushes"`
	AllowDeletions                 bool                 `json:"allow_deletions"`
	BlockCreations                 bool                 `json:"block_creations"`
	RequiredConversationResolution bool                 `json:"required_conversation_resolution"`
	LockBranch                     bool                 `json:"lock_branch"`
	AllowForkSyncing               bool                 `json:"allow_fork_syncing"`
}

// StatusChecksRequest asks for status checks. GitHub requires contexts
// even when checks are sent (checks then win).
type StatusChecksRequest struct {
	Strict   bool          `json:"strict"`
	Contexts []string      `json:"contexts"`
	Checks   []StatusCheck `json:"checks,omitempty"`
}

// ReviewsRequest asks for pull request reviews. A restriction or allowance
// left out (nil) is not sent; an empty one ({}) turns it off.
type ReviewsRequest struct {
	DismissalRestrictions        *ActorsRequest `json:"dismissal_restrictions,omitempty"`
	DismissStaleReviews          bool           `json:"dismiss_stale_reviews"`
	RequireCodeOwnerReviews      bool           `json:"require_code_owner_reviews"`
	RequiredApprovingReviewCount int64          `json:"required_approving_review_count"`
	RequireLastPushApproval      bool           `json:"require_last_push_approval"`
	BypassPullRequestAllowances  *ActorsRequest `json:"bypass_pull_request_allowances,omitempty"`
}

// ActorsRequest names users (logins), teams and apps (slugs). A nil list
// is left out and an empty one sent as []: restrictions need users and
// teams, while an ActorsRequest without lists is GitHub's {} ("none"),
// which a personal repository takes for dismissal restrictions.
type ActorsRequest struct {
	Users []string
	Teams []string
	Apps  []string
}

// MarshalJSON writes the lists that are not nil.
func (a ActorsRequest) MarshalJSON() ([]byte, error) {
	m := map[string][]string{}
	for k, v := range map[string][]string{"users": a.Users, "teams": a.Teams, "apps": a.Apps} {
		if v != nil {
			m[k] = v
		}
	}
	return json.Marshal(m)
}

// BranchProtectionAPI reads and writes a branch's protection.
type BranchProtectionAPI interface {
	GetProtection(ctx context.Context, owner, repo, branch string) (*Protection, error)
	UpdateProtection(ctx context.Context, owner, repo, branch string, p *ProtectionRequest) (*Protection, error)
	DeleteProtection(ctx context.Context, owner, repo, branch string) error
	RequiredSignatures(ctx context.Context, owner, repo, branch string) (bool, error)
	SetRequiredSignatures(ctx context.Context, owner, repo, branch string, on bool) error
}

// BranchProtectionClient implements BranchProtectionAPI with a go-github
// client.
type BranchProtectionClient struct{ requester }

var _ BranchProtectionAPI = (*BranchProtectionClient)(nil)

// NewBranchProtectionClient returns the branch protection API of gh.
func NewBranchProtectionClient(gh *github.Client) *BranchProtectionClient {
	return &BranchProtectionClient{requester{gh: gh}}
}

// GetProtection reads the branch's protection. GitHub answers 404 for a
// branch that is not protected (IsBranchNotProtected), a branch that does
// not exist (IsBranchNotFound) and a repository it does not show.
func (c *BranchProtectionClient) GetProtection(ctx context.Context, owner, repo, branch string) (*Protection, error) {
	out := &Protection{}
	err := c.do(ctx, routeGetBranchProtection, routeGetBranchProtection.path(owner, repo, branch), nil, out)
	return out, err
}

// UpdateProtection replaces the branch's protection with p and returns it
// as GitHub kept it. The required signatures setting is not part of it and
// stays as it was.
func (c *BranchProtectionClient) UpdateProtection(ctx context.Context, owner, repo, branch string, p *ProtectionRequest) (*Protection, error) {
	out := &Protection{}
	err := c.do(ctx, routeUpdateBranchProtection, routeUpdateBranchProtection.path(owner, repo, branch), p, out)
	return out, err
}

// DeleteProtection removes the branch's protection, required signatures
// included.
func (c *BranchProtectionClient) DeleteProtection(ctx context.Context, owner, repo, branch string) error {
	return c.do(ctx, routeDeleteBranchProtection, routeDeleteBranchProtection.path(owner, repo, branch), nil, nil)
}

// RequiredSignatures tells whether the protected branch requires signed
// commits.
func (c *BranchProtectionClient) RequiredSignatures(ctx context.Context, owner, repo, branch string) (bool, error) {
	out := &Enabled{}
	err := c.do(ctx, routeGetRequiredSignatures, routeGetRequiredSignatures.path(owner, repo, branch), nil, out)
	return out.Enabled, err
}

// SetRequiredSignatures turns required signatures on or off for the
// protected branch.
func (c *BranchProtectionClient) SetRequiredSignatures(ctx context.Context, owner, repo, branch string, on bool) error {
	route := routeDeleteRequiredSignatures
	if on {
		route = routeCreateRequiredSignatures
	}
	var out any
	if on {
		out = &Enabled{}
	}
	return c.do(ctx, route, route.path(owner, repo, branch), nil, out)
}

// IsBranchNotProtected is true when GitHub answered 404 "Branch not
// protected": the branch exists and has no protection.
func IsBranchNotProtected(err error) bool { return notFoundSaying(err, "branch not protected") }

// IsBranchNotFound is true when GitHub answered 404 "Branch not found".
func IsBranchNotFound(err error) bool { return notFoundSaying(err, "branch not found") }

// notFoundSaying tells whether err is GitHub's 404 with the message msg
// (compared without regard to case).
func notFoundSaying(err error, msg string) bool {
	var er *github.ErrorResponse
	return IsNotFound(err) && errors.As(err, &er) && strings.EqualFold(strings.TrimSpace(er.Message), msg)
}
