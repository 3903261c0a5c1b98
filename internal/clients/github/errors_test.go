package github

import (
	"context"
	stderrors "errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	"github.com/google/go-cmp/cmp"
	gogithub "github.com/google/go-github/v37/github"
)

// answer is the error go-github makes of a GitHub answer: it runs go-github's
// own CheckResponse on a synthetic response to PATCH /repos/demo-org/svc.
func answer(status int, header map[string]string, body string) error {
	req, err := http.NewRequest(http.MethodPatch, "https://api.github.com/repos/demo-org/svc", nil)
	if err != nil {
		panic(err)
	}
	h := http.Header{"Content-Type": {"application/json; charset=utf-8"}}
	for k, v := range header {
		h.Set(k, v)
	}
	return gogithub.CheckResponse(&http.Response{
		StatusCode: status,
		Status:     fmt.Sprintf("%d %s", status, http.StatusText(status)),
		Header:     h,
		Body:       io.NopCloser(strings.NewReader(body)),
		Request:    req,
	})
}

const (
	docSecondaryNow    = "https://docs.github.com/free-pro-team@latest/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits"
	docSecondaryLegacy = "https://docs.github.com/en/free-pro-team@latest/rest/reference/#abuse-rate-limits"
	secondaryMessage   = "You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID 0000:1111:2222:3333:44444444."
)

// rateHeaders are the headers of a used-up primary rate limit resetting at
// 2023-11-14T22:13:20Z.
func rateHeaders() map[string]string {
	return map[string]string{"X-RateLimit-Limit": "5000", "X-RateLimit-Remaining": "0", "X-RateLimit-Used": "5000", "X-RateLimit-Reset": "1700000000", "X-RateLimit-Resource": "core"}
}

func TestExplain(t *testing.T) {
	type want struct {
		err         error
		status      int
		notFound    bool
		archived    bool
		invalid     bool
		rateLimited bool
		retryAfter  time.Duration
	}
	cases := map[string]struct {
		reason string
		err    error
		want   want
	}{
		"Nil": {
			reason: "No error stays no error.",
			err:    nil,
			want:   want{},
		},
		"Unauthorized": {
			reason: "A 401 should point at the credentials Secret.",
			err:    answer(401, nil, `{"message":"Bad credentials","documentation_url":"https://docs.github.com/rest","status":"401"}`),
			want:   want{status: 401, err: &Error{msg: "GitHub rejected the credentials (401 Bad credentials): the token or GitHub App key in the provider configuration's Secret is wrong, expired or revoked"}},
		},
		"UnauthorizedNoBody": {
			reason: "A 401 without a body should fall back to the status text.",
			err:    answer(401, nil, ``),
			want:   want{status: 401, err: &Error{msg: "GitHub rejected the credentials (401 Unauthorized): the token or GitHub App key in the provider configuration's Secret is wrong, expired or revoked"}},
		},
		"Forbidden": {
			reason: "A 403 should name the permissions needed.",
			err:    answer(403, map[string]string{"X-RateLimit-Remaining": "4711"}, `{"message":"Resource not accessible by personal access token","documentation_url":"https://docs.github.com/rest/repos/repos#update-a-repository","status":"403"}`),
			want:   want{status: 403, err: &Error{msg: "GitHub refused the request (403 Resource not accessible by personal access token): the credentials lack permission; a classic token needs the repo scope, a fine-grained token or GitHub App needs Administration: write on the repository"}},
		},
		"ForbiddenArchived": {
			reason: "A 403 for an archived repository says so (it is neither rate limited nor a missing permission).",
			err:    answer(403, nil, `{"message":"Repository was archived so is read-only.","documentation_url":"https://docs.github.com/rest/repos/repos#update-a-repository"}`),
			want:   want{status: 403, archived: true, err: &Error{msg: "GitHub refused the request (403 Repository was archived so is read-only.): an archived repository and everything in it is read-only; unarchive the repository to change it"}},
		},
		"NotFound": {
			reason: "A 404 should say the thing is absent or invisible.",
			err:    answer(404, nil, `{"message":"Not Found","documentation_url":"https://docs.github.com/rest/repos/repos#get-a-repository","status":"404"}`),
			want:   want{status: 404, notFound: true, err: &Error{msg: "GitHub answered 404 Not Found: it does not exist, or the credentials cannot see it"}},
		},
		"UnprocessableMessage": {
			reason: "A 422 should carry the messages of its errors.",
			err: answer(422, nil, `{"message":"Repository creation failed.","errors":[{"resource":"Repository","code":"custom","field":"name","message":"name already exists on this account"}],`+
				`"documentation_url":"https://docs.github.com/rest/repos/repos#create-an-organization-repository","status":"422"}`),
			want: want{status: 422, invalid: true, err: &Error{msg: "GitHub refused the request as invalid (422 Repository creation failed.): name already exists on this account"}},
		},
		"UnprocessableFieldCode": {
			reason: "A 422 error without a message should be worded from its field and code.",
			err:    answer(422, nil, `{"message":"Validation Failed","errors":[{"resource":"Repository","code":"missing_field","field":"name"}]}`),
			want:   want{status: 422, invalid: true, err: &Error{msg: "GitHub refused the request as invalid (422 Validation Failed): name is missing field"}},
		},
		"UnprocessableCodeOnly": {
			reason: "A 422 error with only a code should show the code.",
			err:    answer(422, nil, `{"message":"Validation Failed","errors":[{"resource":"Repository","code":"invalid"}]}`),
			want:   want{status: 422, invalid: true, err: &Error{msg: "GitHub refused the request as invalid (422 Validation Failed): invalid"}},
		},
		"UnprocessableSeveral": {
			reason: "Several 422 errors should all be shown.",
			err: answer(422, nil, `{"message":"Validation Failed","errors":[`+
				`{"resource":"Repository","code":"custom","field":"squash_merge_commit_title","message":"squash_merge_commit_title must be one of PR_TITLE, COMMIT_OR_PR_TITLE"},`+
				`{"resource":"Repository","code":"already_exists","field":"name"}]}`),
			want: want{status: 422, invalid: true, err: &Error{msg: "GitHub refused the request as invalid (422 Validation Failed): squash_merge_commit_title must be one of PR_TITLE, COMMIT_OR_PR_TITLE; name is already exists"}},
		},
		"UnprocessableStringErrors": {
			reason: "GitHub sometimes lists errors as plain strings; they should be shown too.",
			err:    answer(422, nil, `{"message":"Validation Failed","errors":["Visibility can't be internal for a user-owned repository"]}`),
			want:   want{status: 422, invalid: true, err: &Error{msg: "GitHub refused the request as invalid (422 Validation Failed): Visibility can't be internal for a user-owned repository"}},
		},
		"UnprocessableBare": {
			reason: "A 422 without errors should still read well.",
			err:    answer(422, nil, `{"message":"Invalid request.\n\n\"enable\" is not a valid value for security_and_analysis.secret_scanning.status."}`),
			want:   want{status: 422, invalid: true, err: &Error{msg: "GitHub refused the request as invalid (422 Invalid request.\n\n\"enable\" is not a valid value for security_and_analysis.secret_scanning.status.)"}},
		},
		"Conflict": {
			reason: "A 409 should say so with GitHub's words.",
			err:    answer(409, nil, `{"message":"Git Repository is empty."}`),
			want:   want{status: 409, err: &Error{msg: "GitHub answered 409 Conflict (Git Repository is empty.)"}},
		},
		"InternalServerError": {
			reason: "A 500 should say GitHub is in trouble and that the provider retries.",
			err:    answer(500, nil, `{"message":"Server Error"}`),
			want:   want{status: 500, err: &Error{msg: "GitHub is having trouble (500 Server Error); the provider retries"}},
		},
		"BadGatewayHTML": {
			reason: "A 502 with an HTML body (from GitHub's edge) should fall back to the status text.",
			err:    answer(502, map[string]string{"Content-Type": "text/html"}, `<html><body><h1>502 Bad Gateway</h1></body></html>`),
			want:   want{status: 502, err: &Error{msg: "GitHub is having trouble (502 Bad Gateway); the provider retries"}},
		},
		"ServiceUnavailableEmpty": {
			reason: "A 503 without a body should fall back to the status text.",
			err:    answer(503, nil, ``),
			want:   want{status: 503, err: &Error{msg: "GitHub is having trouble (503 Service Unavailable); the provider retries"}},
		},
		"Unavailable451": {
			reason: "Other statuses should be reported as they are.",
			err:    answer(451, nil, `{"message":"Repository access blocked","block":{"reason":"dmca"}}`),
			want:   want{status: 451, err: &Error{msg: "GitHub answered 451 Repository access blocked"}},
		},
		"PrimaryRateLimit403": {
			reason: "A used-up primary rate limit (403, x-ratelimit-remaining: 0) should say until when.",
			err:    answer(403, rateHeaders(), `{"message":"API rate limit exceeded for user ID 1.","documentation_url":"https://docs.github.com/rest/overview/rate-limits-for-the-rest-api"}`),
			want:   want{status: 403, rateLimited: true, err: &Error{msg: "GitHub's API rate limit for these credentials is used up (limit 5000 an hour) until 2023-11-14T22:13:20Z; the provider waits and retries, or add credentials with more headroom"}},
		},
		"PrimaryRateLimit429": {
			reason: "GitHub documents 429 as the other answer to a used-up primary rate limit; go-github v37 does not know it.",
			err:    answer(429, rateHeaders(), `{"message":"API rate limit exceeded for installation ID 777.","documentation_url":"https://docs.github.com/rest/overview/rate-limits-for-the-rest-api"}`),
			want:   want{status: 429, rateLimited: true, err: &Error{msg: "GitHub's API rate limit for these credentials is used up (limit 5000 an hour) until 2023-11-14T22:13:20Z; the provider waits and retries, or add credentials with more headroom"}},
		},
		"SecondaryRateLimitLegacy": {
			reason: "The 2021 secondary (abuse) rate limit answer, which go-github v37 knows, should carry Retry-After.",
			err:    answer(403, map[string]string{"Retry-After": "60"}, `{"message":"You have triggered an abuse detection mechanism.","documentation_url":"`+docSecondaryLegacy+`"}`),
			want:   want{status: 403, rateLimited: true, retryAfter: time.Minute, err: &Error{msg: "GitHub's secondary rate limit was hit (too many requests in a short time); retrying after 1m0s"}},
		},
		"SecondaryRateLimit403": {
			reason: "Today's secondary rate limit answer (#about-secondary-rate-limits) is a rate limit, not a permission problem.",
			err:    answer(403, map[string]string{"Retry-After": "30", "X-RateLimit-Remaining": "4000"}, `{"message":"`+secondaryMessage+`","documentation_url":"`+docSecondaryNow+`"}`),
			want:   want{status: 403, rateLimited: true, retryAfter: 30 * time.Second, err: &Error{msg: "GitHub's secondary rate limit was hit (too many requests in a short time); retrying after 30s"}},
		},
		"SecondaryRateLimit403NoRetryAfter": {
			reason: "A secondary rate limit without Retry-After is recognised by its message.",
			err:    answer(403, nil, `{"message":"`+secondaryMessage+`","documentation_url":"https://docs.github.com/rest"}`),
			want:   want{status: 403, rateLimited: true, err: &Error{msg: "GitHub's secondary rate limit was hit (too many requests in a short time); retrying after 0s"}},
		},
		"SecondaryRateLimit429": {
			reason: "A 429 with Retry-After is a secondary rate limit.",
			err:    answer(429, map[string]string{"Retry-After": "5"}, `{"message":"`+secondaryMessage+`","documentation_url":"`+docSecondaryNow+`"}`),
			want:   want{status: 429, rateLimited: true, retryAfter: 5 * time.Second, err: &Error{msg: "GitHub's secondary rate limit was hit (too many requests in a short time); retrying after 5s"}},
		},
		"TooManyRequestsBare": {
			reason: "A bare 429 is rate limiting too.",
			err:    answer(429, nil, ``),
			want:   want{status: 429, rateLimited: true, err: &Error{msg: "GitHub's secondary rate limit was hit (too many requests in a short time); retrying after 0s"}},
		},
		"NetworkError": {
			reason: "A network error is no GitHub answer and should be returned as it is.",
			err:    &url.Error{Op: "Get", URL: "https://api.github.com/repos/demo-org/svc", Err: stderrors.New("dial tcp 140.82.112.6:443: connect: connection refused")},
			want:   want{err: &url.Error{Op: "Get", URL: "https://api.github.com/repos/demo-org/svc", Err: stderrors.New("dial tcp 140.82.112.6:443: connect: connection refused")}},
		},
		"Timeout": {
			reason: "A timeout is no GitHub answer.",
			err:    context.DeadlineExceeded,
			want:   want{err: context.DeadlineExceeded},
		},
		"Accepted": {
			reason: "go-github's 202 AcceptedError is not a failure GitHub answered with a status.",
			err:    answer(202, nil, `{}`),
			want:   want{err: &gogithub.AcceptedError{}},
		},
		"AlreadyExplainedWrapped": {
			reason: "An explained error wrapped with context should be left as it is and keep its status.",
			err:    errors.Wrap(Explain(answer(404, nil, `{"message":"Not Found"}`)), "cannot get repository"),
			want: want{status: 404, notFound: true,
				err: errors.Wrap(&Error{msg: "GitHub answered 404 Not Found: it does not exist, or the credentials cannot see it"}, "cannot get repository")},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := Explain(tc.err)
			if diff := cmp.Diff(tc.want.err, got, test.EquateErrors()); diff != "" {
				t.Errorf("\n%s\nExplain(...): -want, +got:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.want.status, StatusCode(got)); diff != "" {
				t.Errorf("\n%s\nStatusCode(Explain(...)): -want, +got:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.want.status, StatusCode(tc.err)); diff != "" {
				t.Errorf("\n%s\nStatusCode(...) of go-github's error: -want, +got:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.want.notFound, IsNotFound(got)); diff != "" {
				t.Errorf("\n%s\nIsNotFound(Explain(...)): -want, +got:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.want.archived, IsArchived(got)); diff != "" {
				t.Errorf("\n%s\nIsArchived(Explain(...)): -want, +got:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.want.invalid, IsUnprocessable(got)); diff != "" {
				t.Errorf("\n%s\nIsUnprocessable(Explain(...)): -want, +got:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.want.rateLimited, IsRateLimited(got)); diff != "" {
				t.Errorf("\n%s\nIsRateLimited(Explain(...)): -want, +got:\n%s", tc.reason, diff)
			}
			var e *Error
			if stderrors.As(got, &e) {
				if diff := cmp.Diff(tc.want.retryAfter, e.RetryAfter); diff != "" {
					t.Errorf("\n%s\nExplain(...).RetryAfter: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.status, e.Status); diff != "" {
					t.Errorf("\n%s\nExplain(...).Status: -want, +got:\n%s", tc.reason, diff)
				}
				if !stderrors.Is(got, tc.err) && !stderrors.As(tc.err, new(*Error)) {
					t.Errorf("\n%s\nExplain(...) does not wrap go-github's error", tc.reason)
				}
			}
		})
	}
}

func TestExplainKeepsGoGitHubError(t *testing.T) {
	raw := answer(422, nil, `{"message":"Validation Failed","errors":[{"resource":"Repository","code":"custom","field":"name","message":"name already exists on this account"}]}`)
	got := Explain(raw)
	var er *gogithub.ErrorResponse
	if !stderrors.As(got, &er) {
		t.Fatalf("errors.As(Explain(...), *github.ErrorResponse) = false, want the go-github error kept as the cause")
	}
	if diff := cmp.Diff("name", er.Errors[0].Field); diff != "" {
		t.Errorf("cause's Errors[0].Field: -want, +got:\n%s", diff)
	}
	if diff := cmp.Diff(raw, stderrors.Unwrap(got), test.EquateErrors()); diff != "" {
		t.Errorf("Unwrap(Explain(...)): -want, +got:\n%s", diff)
	}
}

func TestIsNotFoundOnlyFor404(t *testing.T) {
	cases := map[string]struct {
		reason string
		err    error
		want   bool
	}{
		"Nil":          {reason: "No error is not a 404.", err: nil, want: false},
		"Raw404":       {reason: "go-github's own 404 error counts.", err: answer(404, nil, `{"message":"Not Found"}`), want: true},
		"Explained404": {reason: "Our explained 404 counts.", err: Explain(answer(404, nil, `{"message":"Not Found"}`)), want: true},
		"Wrapped404": {reason: "A wrapped 404 counts.",
			err: errors.Wrap(Explain(answer(404, nil, `{"message":"Not Found"}`)), "cannot observe repository"), want: true},
		"401":       {reason: "Bad credentials do not mean absent.", err: Explain(answer(401, nil, `{"message":"Bad credentials"}`)), want: false},
		"403":       {reason: "Forbidden does not mean absent.", err: Explain(answer(403, nil, `{"message":"Must have admin rights to Repository."}`)), want: false},
		"422":       {reason: "Invalid does not mean absent.", err: Explain(answer(422, nil, `{"message":"Validation Failed"}`)), want: false},
		"500":       {reason: "A server error does not mean absent.", err: Explain(answer(500, nil, ``)), want: false},
		"RateLimit": {reason: "A rate limit does not mean absent.", err: Explain(answer(403, rateHeaders(), `{"message":"API rate limit exceeded"}`)), want: false},
		"Network": {reason: "A network error does not mean absent.",
			err: &url.Error{Op: "Get", URL: "https://api.github.com/repos/a/b", Err: stderrors.New("connection reset by peer")}, want: false},
		"NotFoundWords": {reason: "An error merely saying 'Not Found' is no 404.", err: stderrors.New("404 Not Found"), want: false},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, IsNotFound(tc.err)); diff != "" {
				t.Errorf("\n%s\nIsNotFound(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestAnswerLost(t *testing.T) {
	cases := map[string]struct {
		reason string
		err    error
		want   bool
	}{
		"Nil":      {reason: "A write that succeeded lost nothing.", err: nil},
		"Taken422": {reason: "GitHub refused the write: nothing was made.", err: errors.Wrap(Explain(answer(422, nil, `{"message":"Validation Failed","errors":[{"message":"Name must be unique"}]}`)), "cannot create team")},
		"404":      {reason: "A 404 is a definite answer.", err: Explain(answer(404, nil, `{"message":"Not Found"}`))},
		"403":      {reason: "A refused permission is a definite answer.", err: Explain(answer(403, nil, `{"message":"Must have admin rights to Repository."}`))},
		"SecondaryRateLimit": {reason: "A secondary rate limit refuses the write before it is made.",
			err: Explain(answer(403, map[string]string{"Retry-After": "30"}, `{"message":"`+secondaryMessage+`","documentation_url":"`+docSecondaryNow+`"}`))},
		"502": {reason: "A gateway error can come after the write went through.", err: errors.Wrap(Explain(answer(502, nil, ``)), "cannot create team"), want: true},
		"500": {reason: "A server error can come after the write went through.", err: Explain(answer(500, nil, ``)), want: true},
		"Network": {reason: "A connection broken before the answer arrived may have carried the write.",
			err: errors.Wrap(&url.Error{Op: "Post", URL: "https://api.github.com/orgs/a/teams", Err: stderrors.New("connection reset by peer")}, "cannot create team"), want: true},
		"Timeout": {reason: "A write that timed out may have been made.", err: fmt.Errorf("cannot create team: %w", context.DeadlineExceeded), want: true},
		"Ours":    {reason: "An error raised before anything was sent lost no answer.", err: errors.New("cannot read the webhook's secret: Secret hooks not found")},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, AnswerLost(tc.err)); diff != "" {
				t.Errorf("\n%s\nAnswerLost(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}
