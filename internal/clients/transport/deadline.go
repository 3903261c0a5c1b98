package transport

import (
	"context"
	"io"
	"net/http"
	"time"
)

// deadline bounds each request, the reading of its answer included, with a
// context deadline rather than http.Client's Timeout. With a transport of
// its own (ours is the chain), net/http serves a Client Timeout with a
// goroutine per request that lives until the answer's body is closed or
// the timeout passes, and go-github does not close the body of an answer
// it reports as an error: every 404 of a resource not created yet kept a
// goroutine (and its stack) for the whole timeout, a thousand of them in a
// burst of creates. A context deadline is a timer, and is released when
// the body is closed.
type deadline struct {
	next    http.RoundTripper
	timeout time.Duration
}

// RoundTrip implements http.RoundTripper.
func (t deadline) RoundTrip(req *http.Request) (*http.Response, error) {
	if t.timeout <= 0 {
		return t.next.RoundTrip(req)
	}
	ctx, cancel := context.WithTimeout(req.Context(), t.timeout)
	resp, err := t.next.RoundTrip(req.WithContext(ctx))
	if err != nil {
		cancel()
		return resp, err
	}
	resp.Body = &cancelOnClose{ReadCloser: resp.Body, cancel: cancel}
	return resp, nil
}

// cancelOnClose is an answer's body that releases its request's deadline
// when closed.
type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (b *cancelOnClose) Close() error {
	err := b.ReadCloser.Close()
	b.cancel()
	return err
}
