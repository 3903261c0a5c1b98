package transport

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Metrics are the Prometheus metrics of the GitHub clients. Every series is
// labelled with the credential's login (or App installation), never with a
// token.
type Metrics struct {
	requests       *prometheus.CounterVec
	notModified    *prometheus.CounterVec
	rateLimit      *prometheus.GaugeVec
	rateRemaining  *prometheus.GaugeVec
	waitSeconds    *prometheus.CounterVec
	fullReads      *prometheus.CounterVec
	plannedPerHour *prometheus.GaugeVec
	interval       *prometheus.GaugeVec
	repositories   *prometheus.GaugeVec
	cacheEntries   *prometheus.GaugeVec
	cacheBytes     *prometheus.GaugeVec
}

// NewMetrics returns unregistered metrics; register Collectors() once.
func NewMetrics() *Metrics {
	login := []string{"login"}
	return &Metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "github_requests_total",
			Help: "Requests sent to GitHub, by credential, method, route template and status code (304s included)."},
			[]string{"login", "method", "route", "status"}),
		notModified: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "github_conditional_hits_total",
			Help: "Conditional reads GitHub answered 304 Not Modified, served from the cache free of rate-limit points."}, login),
		rateLimit: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "github_rate_limit_limit",
			Help: "The credential's hourly primary rate limit, as GitHub last reported it."}, login),
		rateRemaining: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "github_rate_limit_remaining",
			Help: "Points left in the credential's primary rate limit window, as GitHub last reported it."}, login),
		waitSeconds: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "github_rate_limit_wait_seconds_total",
			Help: "Time calls spent waiting for a primary or secondary rate limit to pass."}, []string{"login", "limit"}),
		fullReads: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "github_full_reads_total",
			Help: "Scheduled full (unconditional) repository reads done."}, login),
		plannedPerHour: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "github_full_reads_planned_per_hour",
			Help: "Full repository reads an hour the full-read budget plans for the credential."}, login),
		interval: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "github_full_read_interval_seconds",
			Help: "How often each repository of the credential is read in full."}, login),
		repositories: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "github_full_read_repositories",
			Help: "Objects (repositories, and those of any other route read in full) the credential's full-read budget is shared among."}, login),
		cacheEntries: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "github_cache_entries",
			Help: "Answers kept for conditional reads."}, login),
		cacheBytes: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "github_cache_bytes",
			Help: "Approximate size of the answers kept for conditional reads."}, login),
	}
}

// Collectors are the metrics to register, e.g. with controller-runtime's
// metrics.Registry.
func (m *Metrics) Collectors() []prometheus.Collector {
	return []prometheus.Collector{m.requests, m.notModified, m.rateLimit, m.rateRemaining, m.waitSeconds,
		m.fullReads, m.plannedPerHour, m.interval, m.repositories, m.cacheEntries, m.cacheBytes}
}

// credentialMetrics records one credential's metrics; its methods do
// nothing when there are no metrics.
type credentialMetrics struct {
	m     *Metrics
	ident *identity

	// The gauges set last, so that the many answers that change nothing
	// (304s) do not look their series up again.
	mu       sync.Mutex
	lastRate gaugeValues
	lastPlan gaugeValues
}

type gaugeValues struct {
	label string
	v     [3]float64
}

// changed records v under the credential's label in last and tells
// whether that differs from what was recorded.
func (c *credentialMetrics) changed(last *gaugeValues, label string, v ...float64) bool {
	next := gaugeValues{label: label}
	copy(next.v[:], v)
	c.mu.Lock()
	defer c.mu.Unlock()
	if *last == next {
		return false
	}
	*last = next
	return true
}

func (c *credentialMetrics) on() bool { return c != nil && c.m != nil }

func (c *credentialMetrics) request(method, route string, status int) {
	if c.on() {
		c.m.requests.WithLabelValues(c.ident.Label(), method, route, strconv.Itoa(status)).Inc()
	}
}

func (c *credentialMetrics) notModified() {
	if c.on() {
		c.m.notModified.WithLabelValues(c.ident.Label()).Inc()
	}
}

func (c *credentialMetrics) rate(limit, remaining int) {
	if !c.on() {
		return
	}
	l := c.ident.Label()
	if c.changed(&c.lastRate, l, float64(limit), float64(remaining)) {
		c.m.rateLimit.WithLabelValues(l).Set(float64(limit))
		c.m.rateRemaining.WithLabelValues(l).Set(float64(remaining))
	}
}

func (c *credentialMetrics) waited(limit string, d time.Duration) {
	if c.on() && d > 0 {
		c.m.waitSeconds.WithLabelValues(c.ident.Label(), limit).Add(d.Seconds())
	}
}

func (c *credentialMetrics) fullRead() {
	if c.on() {
		c.m.fullReads.WithLabelValues(c.ident.Label()).Inc()
	}
}

func (c *credentialMetrics) plan(repos int, interval time.Duration, perHour float64) {
	if !c.on() {
		return
	}
	if l := c.ident.Label(); c.changed(&c.lastPlan, l, float64(repos), interval.Seconds(), perHour) {
		c.m.repositories.WithLabelValues(l).Set(float64(repos))
		c.m.interval.WithLabelValues(l).Set(interval.Seconds())
		c.m.plannedPerHour.WithLabelValues(l).Set(perHour)
	}
}

func (c *credentialMetrics) cacheSize(entries, bytes int) {
	if c.on() {
		c.m.cacheEntries.WithLabelValues(c.ident.Label()).Set(float64(entries))
		c.m.cacheBytes.WithLabelValues(c.ident.Label()).Set(float64(bytes))
	}
}

// relabel drops the series recorded under a credential's provisional label
// once its login is known.
func (c *credentialMetrics) relabel(old string) {
	if !c.on() || old == c.ident.Label() {
		return
	}
	for _, v := range []*prometheus.MetricVec{c.m.requests.MetricVec, c.m.notModified.MetricVec, c.m.rateLimit.MetricVec,
		c.m.rateRemaining.MetricVec, c.m.waitSeconds.MetricVec, c.m.fullReads.MetricVec, c.m.plannedPerHour.MetricVec,
		c.m.interval.MetricVec, c.m.repositories.MetricVec, c.m.cacheEntries.MetricVec, c.m.cacheBytes.MetricVec} {
		v.DeletePartialMatch(prometheus.Labels{"login": old})
	}
}

// tokenHash is a short, one-way name for a token.
func tokenHash(token string) string {
	sum := sha256.Sum256([]byte("provider-github/" + token))
	return hex.EncodeToString(sum[:4])
}
