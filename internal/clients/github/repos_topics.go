package github

import (
	"context"
	"net/http"

	"github.com/google/go-github/v37/github"
)

// A repository's topics. GitHub reads them as part of the repository, so
// only the write has a route here.
var routeReplaceTopics = declare(Route{Method: http.MethodPut, Template: "/repos/{owner}/{repo}/topics",
	Permission: "Administration: write", Scope: "repo"})

// Topics is the body of the topics endpoints.
type Topics struct {
	Names []string `json:"names"`
}

// TopicsAPI writes a repository's topics.
type TopicsAPI interface {
	ReplaceTopics(ctx context.Context, owner, name string, topics []string) error
}

// TopicsClient implements TopicsAPI with a go-github client.
type TopicsClient struct{ requester }

var _ TopicsAPI = (*TopicsClient)(nil)

// NewTopicsClient returns the topics API of gh.
func NewTopicsClient(gh *github.Client) *TopicsClient { return &TopicsClient{requester{gh: gh}} }

// ReplaceTopics sets the repository's topics to exactly topics.
func (t *TopicsClient) ReplaceTopics(ctx context.Context, owner, name string, topics []string) error {
	if topics == nil {
		topics = []string{}
	}
	err := t.do(ctx, routeReplaceTopics, routeReplaceTopics.path(owner, name), &Topics{Names: topics}, &Topics{})
	return err
}
