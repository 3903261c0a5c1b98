package transport

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"runtime"
	"testing"
	"time"
)

func TestErrorAnswersLeaveNoGoroutines(t *testing.T) {
	ctx := context.Background()
	newClient, _ := verdictClients(t, Options{Timeout: time.Minute})
	r := repos{newClient()}
	// Warm up: connections and their goroutines.
	if _, err := r.Get(ctx, "demo-org", "missing"); !isNotFound(err) {
		t.Fatalf("Get(missing): %v, want a 404", err)
	}
	before := runtime.NumGoroutine()
	for range 50 {
		if _, err := r.Get(ctx, "demo-org", "missing"); !isNotFound(err) {
			t.Fatalf("Get(missing): %v, want a 404", err)
		}
	}
	if after := goroutinesSettle(before + 5); after > before+5 {
		t.Errorf("50 answers that go-github reports as errors (404) left %d goroutines more than before (%d): each request's timeout must not outlive it", after-before, before)
	}
}

// goroutinesSettle waits up to 2 s for the number of goroutines to fall to
// at most limit and returns the last count. Goroutines of finished requests
// end a moment after them (later on a busy machine); one kept by a leaked
// request timeout (a minute here) outlives the wait.
func goroutinesSettle(limit int) int {
	deadline := time.Now().Add(2 * time.Second)
	n := runtime.NumGoroutine()
	for n > limit && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
		n = runtime.NumGoroutine()
	}
	return n
}

func TestRequestTimeout(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		<-release
	}))
	defer srv.Close()
	defer close(release)
	// The timeout covers a wait for a rate limit as well: 50 ms + 50 ms.
	gh, err := NewClient(Config{Credentials: Credentials{Token: "t"}, BaseURL: srv.URL},
		Options{Timeout: 50 * time.Millisecond, MaxRateLimitWait: 50 * time.Millisecond, Transport: srv.Client().Transport})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = repos{gh}.Get(context.Background(), "o", "r")
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Get from a server that never answers: %v, want the request's deadline exceeded", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Get from a server that never answers took %s, want about 100 ms", d)
	}
}
