package kind

import (
	"errors"
	"net/http"
)

func asGone(err error, g *referenceGone) bool { return errors.As(err, g) }

func httpResponse(status int) *http.Response {
	req, _ := http.NewRequest(http.MethodDelete, "https://api.github.com/repos/acme/api/hooks/1", nil)
	return &http.Response{StatusCode: status, Request: req}
}
