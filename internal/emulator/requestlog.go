package emulator

import (
	"sort"
	"sync"
	"time"
)

// maxLogEntries bounds the request log.
const maxLogEntries = 10000

// RequestLogEntry is one answered API request.
type RequestLogEntry struct {
	Time      time.Time `json:"time"`
	Method    string    `json:"method"`
	Path      string    `json:"path"`
	Endpoint  string    `json:"endpoint"`
	Status    int       `json:"status"`
	Login     string    `json:"login,omitempty"`
	Counted   bool      `json:"counted"`
	RequestID string    `json:"requestId"`
	// Conditional tells that the request carried If-None-Match.
	Conditional bool `json:"conditional,omitempty"`
}

// Stats summarise the request log.
type Stats struct {
	// Endpoints maps "METHOD /pattern" to status code to count.
	Endpoints map[string]map[int]int `json:"endpoints"`
	// RateLimitPoints maps a principal (login or "installation:<id>") to the
	// primary rate-limit points charged to it.
	RateLimitPoints map[string]int `json:"rateLimitPoints"`
	Total           int            `json:"total"`
}

type requestLog struct {
	mu      sync.Mutex
	entries []RequestLogEntry
	counts  map[string]map[int]int
	total   int
}

func newRequestLog() *requestLog { return &requestLog{counts: map[string]map[int]int{}} }

func (l *requestLog) add(e RequestLogEntry) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.entries) >= maxLogEntries {
		l.entries = append(l.entries[:0], l.entries[len(l.entries)-maxLogEntries+1:]...)
	}
	l.entries = append(l.entries, e)
	if l.counts[e.Endpoint] == nil {
		l.counts[e.Endpoint] = map[int]int{}
	}
	l.counts[e.Endpoint][e.Status]++
	l.total++
}

func (l *requestLog) list() []RequestLogEntry {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]RequestLogEntry{}, l.entries...)
}

func (l *requestLog) clear() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.entries = nil
	l.counts = map[string]map[int]int{}
	l.total = 0
}

// Requests returns the request log, oldest first.
func (s *Server) Requests() []RequestLogEntry { return s.log.list() }

// Stats returns per-endpoint status counts and rate-limit points.
func (s *Server) Stats() Stats {
	s.log.mu.Lock()
	st := Stats{Endpoints: map[string]map[int]int{}, Total: s.log.total}
	keys := make([]string, 0, len(s.log.counts))
	for k := range s.log.counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		m := map[int]int{}
		for code, n := range s.log.counts[k] {
			m[code] = n
		}
		st.Endpoints[k] = m
	}
	s.log.mu.Unlock()
	st.RateLimitPoints = s.limiter.pointsByKey()
	return st
}
