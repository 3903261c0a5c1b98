package kindtest

import (
	"context"
	"net/http"
	"net/http/httptest"

	gogithub "github.com/google/go-github/v37/github"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// GitHubErr is what the GitHub client returns when GitHub answers a method
// request for path with status, message and, for a 422, the details.
func GitHubErr(method, path string, status int, message string, details ...gogithub.Error) error {
	return github.Explain(&gogithub.ErrorResponse{
		Response: &http.Response{StatusCode: status, Request: httptest.NewRequestWithContext(context.Background(), method, path, nil)},
		Message:  message,
		Errors:   details,
	})
}
