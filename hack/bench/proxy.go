package main

import (
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"time"
)

// limitProxy sits between the provider and the emulator and plays GitHub's
// secondary rate limit on content creation: at most perMinute repository
// creates (POST .../repos) in each minute window; beyond, GitHub's 403 with
// Retry-After up to the window's end. It records when each create went
// through and how many it refused.
type limitProxy struct {
	proxy *httputil.ReverseProxy

	mu        sync.Mutex
	perMinute int // 0: no limit
	window    time.Time
	inWindow  int
	refused   int
	creates   []time.Time
}

func newLimitProxy(target string) (*limitProxy, error) {
	u, err := url.Parse(target)
	if err != nil {
		return nil, err
	}
	p := httputil.NewSingleHostReverseProxy(u)
	// Requests cut off when a scenario stops its provider are expected.
	p.ErrorLog = log.New(io.Discard, "", 0)
	return &limitProxy{proxy: p}, nil
}

func isCreate(r *http.Request) bool {
	return r.Method == http.MethodPost && strings.HasSuffix(strings.TrimSuffix(r.URL.Path, "/"), "/repos")
}

// setLimit sets the creates allowed a minute (0: none) and clears the record.
func (p *limitProxy) setLimit(perMinute int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.perMinute, p.window, p.inWindow, p.refused, p.creates = perMinute, time.Time{}, 0, 0, nil
}

func (p *limitProxy) record() (creates []time.Time, refused int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]time.Time(nil), p.creates...), p.refused
}

func (p *limitProxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !isCreate(r) {
		p.proxy.ServeHTTP(w, r)
		return
	}
	p.mu.Lock()
	now := time.Now()
	if p.perMinute > 0 {
		if p.window.IsZero() || now.Sub(p.window) >= time.Minute {
			p.window, p.inWindow = now, 0
		}
		if p.inWindow >= p.perMinute {
			wait := int(p.window.Add(time.Minute).Sub(now)/time.Second) + 1
			p.refused++
			p.mu.Unlock()
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.Header().Set("Retry-After", fmt.Sprint(wait))
			w.WriteHeader(http.StatusForbidden)
			fmt.Fprint(w, `{"message":"You have exceeded a secondary rate limit. Please wait a few minutes before you try again.","documentation_url":"https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits"}`)
			return
		}
		p.inWindow++
	}
	p.mu.Unlock()
	rec := &statusRecorder{ResponseWriter: w}
	p.proxy.ServeHTTP(rec, r)
	if rec.status == http.StatusCreated {
		p.mu.Lock()
		p.creates = append(p.creates, time.Now())
		p.mu.Unlock()
	}
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}
