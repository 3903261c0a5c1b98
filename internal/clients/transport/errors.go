package transport

import (
	"errors"
	"time"
)

// An Error is a call the transport did not send, or sent without getting an
// answer: a wait for a rate limit longer than a call may wait, a credential
// paused through an outage or after GitHub refused it, GitHub out of reach.
// It says, in words a person can act on, what happened and until when calls
// wait. GitHub's own answers are worded by package github (github.Explain).
type Error struct {
	// RateLimited is true when a primary or secondary rate limit holds the
	// call.
	RateLimited bool
	// RetryAfter is how long a rate limit holds the call, when one does.
	RetryAfter time.Duration

	msg   string
	cause error
}

// Error is the sentence.
func (e *Error) Error() string { return e.msg }

// Unwrap returns the failure that made the call fail, if any.
func (e *Error) Unwrap() error { return e.cause }

// own is err without the wrapping of net/http's client (a *url.Error) when
// the transport raised it, so that it reads as its own sentence; any other
// error is returned as it is.
func own(err error) error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return err
}
