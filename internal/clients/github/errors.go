package github

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/google/go-github/v37/github"

	"github.com/crossplane-github/provider-github/internal/clients/transport"
)

// StatusCode returns the HTTP status GitHub answered err with, or 0 when err
// did not come from a GitHub answer (network errors, timeouts, our own).
func StatusCode(err error) int {
	var rl *github.RateLimitError
	if errors.As(err, &rl) && rl.Response != nil {
		return rl.Response.StatusCode
	}
	var ab *github.AbuseRateLimitError
	if errors.As(err, &ab) && ab.Response != nil {
		return ab.Response.StatusCode
	}
	var er *github.ErrorResponse
	if errors.As(err, &er) && er.Response != nil {
		return er.Response.StatusCode
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Status
	}
	return 0
}

// AnswerLost tells whether a write that failed with err may have been
// carried out all the same: GitHub's answer never arrived (the connection
// broke, the request timed out) or was a server error (a 5xx from GitHub or
// its gateway, which can come after the write went through). A 4xx answer
// says the write was not made, and so does an error raised before anything
// was sent (a Secret that cannot be read, a spec that cannot be mapped).
func AnswerLost(err error) bool {
	if err == nil {
		return false
	}
	if s := StatusCode(err); s != 0 {
		return s >= http.StatusInternalServerError
	}
	var ue *url.Error
	return errors.As(err, &ue) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)
}

// IsNotFound is true only when GitHub answered 404 Not Found.
func IsNotFound(err error) bool { return StatusCode(err) == http.StatusNotFound }

// IsArchived is true when GitHub refused a write because the repository is
// archived (403 "Repository was archived so is read-only.").
func IsArchived(err error) bool {
	var er *github.ErrorResponse
	return StatusCode(err) == http.StatusForbidden && errors.As(err, &er) && isArchivedMessage(er.Message)
}

func isArchivedMessage(m string) bool { return strings.Contains(strings.ToLower(m), "archived") }

// HasMessage is true when GitHub answered err with message, compared
// without regard to case or a final full stop: where one status covers
// several refusals (a 422 for a reference that exists, for a commit that
// does not, for the default branch), GitHub's message tells them apart.
func HasMessage(err error, message string) bool {
	var er *github.ErrorResponse
	if !errors.As(err, &er) {
		return false
	}
	norm := func(s string) string { return strings.TrimSuffix(strings.ToLower(strings.TrimSpace(s)), ".") }
	return norm(er.Message) == norm(message)
}

// HasErrorMessage is true when one of the errors GitHub listed in its
// answer (the "errors" of a 422 Validation Failed) says message, compared
// as HasMessage compares: where one 422 covers several refusals (key
// material that is invalid, or already in use), the entry tells them apart.
func HasErrorMessage(err error, message string) bool {
	var er *github.ErrorResponse
	if !errors.As(err, &er) {
		return false
	}
	norm := func(s string) string { return strings.TrimSuffix(strings.ToLower(strings.TrimSpace(s)), ".") }
	for _, e := range er.Errors {
		if norm(e.Message) == norm(message) {
			return true
		}
	}
	return false
}

// HasErrorCode is true when one of the errors GitHub listed in its answer
// is of field with code ("already_exists"): GitHub words some refusals by
// their code alone, without a message.
func HasErrorCode(err error, field, code string) bool {
	var er *github.ErrorResponse
	if !errors.As(err, &er) {
		return false
	}
	for _, e := range er.Errors {
		if e.Field == field && e.Code == code {
			return true
		}
	}
	return false
}

// IsUnprocessable is true when GitHub answered 422 Unprocessable Entity.
func IsUnprocessable(err error) bool { return StatusCode(err) == http.StatusUnprocessableEntity }

// IsRateLimited is true when GitHub refused the call because a primary or
// secondary rate limit was hit, or the transport held it back for one.
func IsRateLimited(err error) bool {
	var rl *github.RateLimitError
	var ab *github.AbuseRateLimitError
	var e *Error
	var te *transport.Error
	return errors.As(err, &rl) || errors.As(err, &ab) || (errors.As(err, &e) && e.RateLimited) ||
		(errors.As(err, &te) && te.RateLimited)
}

// An Error is a GitHub error answer, worded for a person.
type Error struct {
	// Status is the HTTP status GitHub answered with.
	Status int
	// RateLimited is true for primary and secondary rate-limit answers.
	RateLimited bool
	// RetryAfter is how long GitHub asked to wait, when it said so.
	RetryAfter time.Duration

	msg   string
	cause error
}

func (e *Error) Error() string { return e.msg }

// Unwrap returns go-github's error.
func (e *Error) Unwrap() error { return e.cause }

// Explain turns an error from go-github into one that says, in words a person
// can act on, what GitHub answered and what to do about it. Errors that are
// not GitHub answers are returned as they are. Explain never adds secrets:
// go-github's errors carry the request URL (without credentials) and
// GitHub's message only. A 403 names the permission the request's declared
// route needs. The transport's own errors (a wait for a rate limit, a pause)
// say what happened already: they come back without net/http's wrapping.
func Explain(err error) error {
	if err == nil {
		return nil
	}
	var te *transport.Error
	if errors.As(err, &te) {
		return te
	}
	var e *Error
	if errors.As(err, &e) {
		// Explained already; one without a status (a rate limit
		// go-github saw without an answer) without the URL wrapper, as the
		// transport's errors.
		if e.Status == 0 {
			return e
		}
		return err
	}

	var rl *github.RateLimitError
	if errors.As(err, &rl) {
		return primaryRateLimitError(statusOf(rl.Response), rl.Rate.Limit, rl.Rate.Reset.Time, err)
	}
	var ab *github.AbuseRateLimitError
	if errors.As(err, &ab) {
		wait := time.Duration(0)
		if ab.RetryAfter != nil {
			wait = *ab.RetryAfter
		}
		return secondaryRateLimitError(statusOf(ab.Response), wait, err)
	}

	var er *github.ErrorResponse
	if !errors.As(err, &er) || er.Response == nil {
		return err
	}
	if e := explainRateLimit(er, err); e != nil {
		return e
	}
	status := er.Response.StatusCode
	said := strings.TrimSpace(er.Message)
	if said == "" {
		said = http.StatusText(status)
	}
	var msg string
	switch {
	case status == http.StatusUnauthorized:
		msg = fmt.Sprintf("GitHub rejected the credentials (401 %s): the token or GitHub App key in the provider configuration's Secret is wrong, expired or revoked", said)
	case status == http.StatusForbidden && isArchivedMessage(said):
		msg = fmt.Sprintf("GitHub refused the request (403 %s): an archived repository and everything in it is read-only; unarchive the repository to change it", said)
	case status == http.StatusForbidden:
		msg = fmt.Sprintf("GitHub refused the request (403 %s): the credentials lack permission%s", said, forbiddenAdvice(er.Response.Request))
	case status == http.StatusNotFound:
		msg = fmt.Sprintf("GitHub answered 404 %s: it does not exist, or the credentials cannot see it", said)
	case status == http.StatusUnprocessableEntity:
		msg = fmt.Sprintf("GitHub refused the request as invalid (422 %s)%s", said, validationDetails(er.Errors))
	case status == http.StatusConflict:
		msg = fmt.Sprintf("GitHub answered 409 Conflict (%s)", said)
	case status >= 500:
		msg = fmt.Sprintf("GitHub is having trouble (%d %s); the provider retries", status, said)
	default:
		msg = fmt.Sprintf("GitHub answered %d %s", status, said)
	}
	return &Error{Status: status, cause: err, msg: msg}
}

func primaryRateLimitError(status, limit int, reset time.Time, cause error) *Error {
	return &Error{Status: status, RateLimited: true, cause: cause,
		msg: fmt.Sprintf("GitHub's API rate limit for these credentials is used up (limit %d an hour) until %s; the provider waits and retries, or add credentials with more headroom",
			limit, reset.UTC().Format(time.RFC3339))}
}

func secondaryRateLimitError(status int, wait time.Duration, cause error) *Error {
	return &Error{Status: status, RateLimited: true, RetryAfter: wait, cause: cause,
		msg: fmt.Sprintf("GitHub's secondary rate limit was hit (too many requests in a short time); retrying after %s", wait)}
}

// explainRateLimit recognises the rate-limit answers go-github v37 does not:
// it knows only 403 answers, and secondary limits only by the documentation
// anchor "#abuse-rate-limits", while GitHub now also answers 429 and links
// secondary limits to "#about-secondary-rate-limits". GitHub documents both
// limits as "403 or 429": a primary limit with x-ratelimit-remaining: 0, a
// secondary one with a message saying so and often a retry-after header.
func explainRateLimit(er *github.ErrorResponse, cause error) *Error {
	r := er.Response
	if r.StatusCode != http.StatusForbidden && r.StatusCode != http.StatusTooManyRequests {
		return nil
	}
	retryAfter := strings.TrimSpace(r.Header.Get("Retry-After"))
	secondary := strings.Contains(er.DocumentationURL, "secondary-rate-limits") ||
		strings.Contains(strings.ToLower(er.Message), "secondary rate limit") || retryAfter != ""
	if r.Header.Get("X-RateLimit-Remaining") == "0" && !secondary {
		limit, _ := strconv.Atoi(r.Header.Get("X-RateLimit-Limit"))
		reset := time.Now()
		if v, err := strconv.ParseInt(r.Header.Get("X-RateLimit-Reset"), 10, 64); err == nil && v > 0 {
			reset = time.Unix(v, 0)
		}
		return primaryRateLimitError(r.StatusCode, limit, reset, cause)
	}
	if !secondary && r.StatusCode != http.StatusTooManyRequests {
		return nil
	}
	wait := time.Duration(0)
	if s, err := strconv.ParseInt(retryAfter, 10, 64); err == nil && s > 0 {
		wait = time.Duration(s) * time.Second
	}
	return secondaryRateLimitError(r.StatusCode, wait, cause)
}

func validationDetails(errs []github.Error) string {
	parts := make([]string, 0, len(errs))
	for _, e := range errs {
		switch {
		case e.Message != "":
			parts = append(parts, e.Message)
		case e.Field != "" && e.Code != "":
			parts = append(parts, fmt.Sprintf("%s is %s", e.Field, strings.ReplaceAll(e.Code, "_", " ")))
		case e.Code != "":
			parts = append(parts, e.Code)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return ": " + strings.Join(parts, "; ")
}

func statusOf(r *http.Response) int {
	if r == nil {
		return 0
	}
	return r.StatusCode
}

// forbiddenAdvice says which classic token scope and fine-grained
// permission the route of req needs, or nothing when req is unknown or its
// route is not declared.
func forbiddenAdvice(req *http.Request) string {
	if req == nil || req.URL == nil {
		return ""
	}
	r, ok := transport.RouteOf(req)
	if !ok {
		return ""
	}
	var parts []string
	if r.Scope != "" {
		parts = append(parts, "a classic token needs the "+r.Scope+" scope")
	}
	if r.Permission != "" {
		on := ""
		// The route of a repository's path, also of one by id
		// (/repositories/{id}/...), is under /repos/{owner}/{repo}.
		if strings.HasPrefix(r.Template, "/repos/") {
			on = " on the repository"
		}
		parts = append(parts, "a fine-grained token or GitHub App needs "+r.Permission+on)
	}
	if len(parts) == 0 {
		return ""
	}
	return "; " + strings.Join(parts, ", ")
}

// PermissionAdvice says which classic token scope and fine-grained
// permission the request that failed with err needs ("a classic token
// needs the repo scope, a fine-grained token or GitHub App needs
// Webhooks: read on the repository"), or "" when err carries no request
// of a declared route. A 404 of a list under a repository the caller can
// read is GitHub hiding the list from it: the advice says what it lacks.
func PermissionAdvice(err error) string {
	var ge *github.ErrorResponse
	if !errors.As(err, &ge) || ge.Response == nil {
		return ""
	}
	return strings.TrimPrefix(forbiddenAdvice(ge.Response.Request), "; ")
}
