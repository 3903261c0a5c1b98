package main

import (
	"context"
	"io"
	"net/http"
)

// The harness has no cancellation to carry: every request is bounded by its
// client's timeout, so requests are built on context.Background().

func httpGet(c *http.Client, url string) (*http.Response, error) {
	return httpDo(c, http.MethodGet, url, "", nil)
}

func httpDo(c *http.Client, method, url, contentType string, body io.Reader) (*http.Response, error) {
	req, err := http.NewRequestWithContext(context.Background(), method, url, body)
	if err != nil {
		return nil, err
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	return c.Do(req)
}
