// Package transport is how provider-github reaches GitHub: it parses
// credentials and builds authenticated go-github clients, cached per
// credential, whose chain of round trippers answers reads from a cache of
// conditional reads (GitHub's 304s are free), schedules full reads within a
// budget, records the validators of an observation's reads (verdicts), keeps
// each credential within GitHub's rate limits and pauses it through an
// outage, and counts it all in metrics. Every GitHub route a client sends is
// declared once, with Declare, and each of them reads the declaration. It
// knows neither GitHub's API areas (package github declares their routes and
// words GitHub's errors) nor our Kubernetes API types.
package transport

import (
	"crypto/sha256"
	"encoding/binary"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/bradleyfalzon/ghinstallation/v2"
	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/google/go-github/v37/github"
	ghinstall "github.com/google/go-github/v88/github" // the version ghinstallation's options use
	"golang.org/x/oauth2"
)

// DefaultBaseURL is the REST API of github.com.
const DefaultBaseURL = "https://api.github.com/"

// DefaultAccept is the media type a request asks for unless it says
// otherwise: every field GitHub has (package github's requests ask for it).
const DefaultAccept = "application/vnd.github+json"

// Config says how to reach GitHub.
type Config struct {
	// Credentials to authenticate with.
	Credentials Credentials
	// BaseURL of the REST API; empty means github.com. A GitHub Enterprise
	// Server URL without /api/v3/ gets it appended, as go-github does.
	BaseURL string
	// Source names where the credentials come from (a provider
	// configuration). When a source's credentials change (its Secret was
	// rotated), the ClientCache drops the client of the old ones at once,
	// unless another source still uses them. Sources with the same
	// credentials share one client (one budget), whatever their names.
	Source string
}

// Options tune every client a ClientCache builds.
type Options struct {
	// UserAgent sent with every request.
	UserAgent string
	// Timeout of one HTTP request, including reading the response body
	// (and on top of it, waiting up to MaxRateLimitWait for a rate limit).
	Timeout time.Duration
	// Transport is the innermost round tripper; nil means a pooled
	// transport with sensible dial and TLS timeouts.
	Transport http.RoundTripper
	// MaxClients bounds the cache; the least recently used client is
	// dropped beyond it (credentials rotate, old ones should not linger).
	MaxClients int

	// PollInterval is how often each resource is observed; scheduled full
	// reads are never more frequent. Zero means a minute.
	PollInterval time.Duration
	// FullReadBudget is the share (0..1] of a credential's hourly rate
	// limit spent on scheduled full (unconditional) reads of the objects
	// of FullRead routes. Zero means DefaultFullReadBudget.
	FullReadBudget float64
	// FullReadInterval is the least time between two scheduled full reads
	// of one object, however few share the budget. Zero means
	// DefaultFullReadInterval; up to PollInterval, the budget alone sets
	// the cadence.
	FullReadInterval time.Duration
	// NoFullReads turns the scheduled full reads off: conditional reads
	// only, and drift that GitHub's ETag hides is never seen.
	NoFullReads bool
	// MaxConcurrency caps a credential's calls in flight.
	MaxConcurrency int
	// WriteConcurrency caps a credential's writes in flight. Zero means
	// WriteConcurrencyFor its REST API root.
	WriteConcurrency int
	// MaxRateLimitWait is the longest a call waits for a rate limit to
	// pass before failing with an error that says until when it waits.
	MaxRateLimitWait time.Duration
	// CacheEntries and CacheBytes bound each credential's cache of answers
	// for conditional reads.
	CacheEntries, CacheBytes int
	// ResolveLogin reads a token's login (one GET /user per credential) to
	// name it in metrics and messages.
	ResolveLogin bool
	// Metrics, when set, records requests, cache hits, rate limits and
	// full reads.
	Metrics *Metrics
}

// withDefaults is o with every field left zero that has a default set to
// it.
func (o Options) withDefaults() Options {
	if o.Timeout == 0 {
		o.Timeout = 30 * time.Second
	}
	if o.UserAgent == "" {
		o.UserAgent = "provider-github"
	}
	if o.MaxClients == 0 {
		o.MaxClients = 256
	}
	if o.Transport == nil {
		o.Transport = newBaseTransport()
	}
	if o.PollInterval == 0 {
		o.PollInterval = time.Minute
	}
	if o.FullReadBudget == 0 {
		o.FullReadBudget = DefaultFullReadBudget
	}
	if o.FullReadInterval == 0 {
		o.FullReadInterval = DefaultFullReadInterval
	}
	return o
}

// A ClientCache builds one authenticated client per credential and base URL
// and hands the same one back on later calls, so a reconcile does not redo
// authentication and every resource of a credential shares one connection
// pool (and, for GitHub Apps, one installation token).
type ClientCache struct {
	opts Options

	mu      sync.Mutex
	clients map[[sha256.Size]byte]*cachedClient
	sources map[string][sha256.Size]byte // each source's credentials
}

type cachedClient struct {
	client   *github.Client
	lastUsed time.Time
	sources  int // sources whose credentials these are
}

// NewClientCache returns an empty cache.
func NewClientCache(o Options) *ClientCache {
	return &ClientCache{opts: o.withDefaults(), clients: map[[sha256.Size]byte]*cachedClient{}, sources: map[string][sha256.Size]byte{}}
}

// Get returns the client for cfg, building it on first use. A source whose
// credentials changed gets the client of its new ones, and the client of
// its old ones is dropped when no other source uses them: a rotated
// token's client (its connections, its cache of answers, the token itself)
// does not linger until it is the least recently used.
func (c *ClientCache) Get(cfg Config) (*github.Client, error) {
	key := cacheKey(cfg)
	c.mu.Lock()
	defer c.mu.Unlock()
	cc, ok := c.clients[key]
	if !ok {
		gh, err := NewClient(cfg, c.opts)
		if err != nil {
			return nil, err
		}
		if len(c.clients) >= c.opts.MaxClients {
			c.evictOldest()
		}
		cc = &cachedClient{client: gh}
		c.clients[key] = cc
	}
	cc.lastUsed = time.Now()
	if cfg.Source != "" {
		c.follow(cfg.Source, key, cc)
	}
	return cc.client, nil
}

// follow records that source uses the credentials of key, and drops the
// client of its former credentials when no source uses them any more;
// c.mu is held.
func (c *ClientCache) follow(source string, key [sha256.Size]byte, cc *cachedClient) {
	prev, had := c.sources[source]
	if had && prev == key {
		return
	}
	c.sources[source] = key
	cc.sources++
	if !had {
		return
	}
	if old, ok := c.clients[prev]; ok {
		if old.sources--; old.sources <= 0 {
			delete(c.clients, prev)
		}
	}
}

// Len is the number of cached clients.
func (c *ClientCache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.clients)
}

func (c *ClientCache) evictOldest() {
	var oldest [sha256.Size]byte
	var at time.Time
	for k, v := range c.clients {
		if at.IsZero() || v.lastUsed.Before(at) {
			oldest, at = k, v.lastUsed
		}
	}
	delete(c.clients, oldest)
	for src, k := range c.sources {
		if k == oldest {
			delete(c.sources, src)
		}
	}
}

// cacheKey hashes everything that makes a client distinct, so that secrets
// are never kept as map keys in the clear.
func cacheKey(cfg Config) [sha256.Size]byte {
	h := sha256.New()
	write := func(b []byte) {
		var n [8]byte
		binary.BigEndian.PutUint64(n[:], uint64(len(b)))
		h.Write(n[:])
		h.Write(b)
	}
	write([]byte(cfg.BaseURL))
	write([]byte(cfg.Credentials.Token))
	if a := cfg.Credentials.App; a != nil {
		var ids [16]byte
		binary.BigEndian.PutUint64(ids[:8], uint64(a.AppID))
		binary.BigEndian.PutUint64(ids[8:], uint64(a.InstallationID))
		write(ids[:])
		write(a.PrivateKey)
	}
	var k [sha256.Size]byte
	copy(k[:], h.Sum(nil))
	return k
}

// NewClient builds an authenticated go-github client for cfg.
func NewClient(cfg Config, o Options) (*github.Client, error) {
	base, err := NormalizeBaseURL(cfg.BaseURL)
	if err != nil {
		return nil, err
	}
	o = o.withDefaults()

	var auth http.RoundTripper
	switch {
	case cfg.Credentials.App != nil:
		a := cfg.Credentials.App
		itr, err := ghinstallation.New(o.Transport, a.AppID, a.InstallationID, a.PrivateKey)
		if err != nil {
			// The library's error can describe the key; keep only our words.
			return nil, errors.New("cannot use the GitHub App private key: it must be the App's RSA private key in PEM form")
		}
		itr.BaseURL = strings.TrimSuffix(base.String(), "/")
		// Without options ghinstallation sends the JSON body "null", which
		// GitHub's API description does not allow; send {} instead.
		itr.InstallationTokenOptions = &ghinstall.InstallationTokenOptions{}
		auth = itr
	case cfg.Credentials.Token != "":
		auth = &oauth2.Transport{Source: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: cfg.Credentials.Token}), Base: o.Transport}
	default:
		return nil, errors.New("no GitHub credentials: set a token or GitHub App keys")
	}

	// The timeout bounds one request including a wait for a rate limit.
	timeout := o.Timeout
	if timeout > 0 {
		wait := o.MaxRateLimitWait
		if wait <= 0 {
			wait = DefaultMaxRateLimitWait
		}
		timeout += wait
	}
	gh := github.NewClient(&http.Client{Transport: deadline{next: chain(cfg.Credentials, base, auth, o), timeout: timeout}})
	gh.BaseURL = base
	gh.UserAgent = o.UserAgent
	if upload, err := uploadURL(base); err == nil {
		gh.UploadURL = upload
	}
	return gh, nil
}

// NormalizeBaseURL returns the REST API root for raw: github.com's when raw is
// empty, else raw with a trailing slash and, for GitHub Enterprise Server
// hosts, the /api/v3/ path go-github expects.
func NormalizeBaseURL(raw string) (*url.URL, error) {
	if strings.TrimSpace(raw) == "" {
		raw = DefaultBaseURL
	}
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		// url's error quotes the input, which may hold user:password@.
		return nil, errors.New("baseURL is not a valid URL: use an http(s) URL such as https://ghe.example.com/api/v3/")
	}
	if u.User != nil {
		return nil, errors.New("baseURL must not carry credentials: put them in the credentials Secret")
	}
	if (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, errors.Errorf("baseURL %q is not an http(s) URL such as https://ghe.example.com/api/v3/", u.Redacted())
	}
	if !strings.HasSuffix(u.Path, "/") {
		u.Path += "/"
	}
	isAPIHost := strings.HasPrefix(u.Host, "api.") || strings.Contains(u.Host, ".api.")
	if !isAPIHost && !strings.HasSuffix(u.Path, "/api/v3/") {
		u.Path += "api/v3/"
	}
	return u, nil
}

// chain wraps the authenticated transport of one credential in the
// conditional-read cache (outermost: it sees what callers ask for), the
// rate limiter (inside it: it sees every request that goes out, redirects
// included, before authentication) and the breaker (innermost: it pauses
// the credential's calls through an outage or after GitHub refused it).
func chain(c Credentials, base *url.URL, auth http.RoundTripper, o Options) http.RoundTripper {
	ident := newIdentity(c, base, o.ResolveLogin)
	m := &credentialMetrics{m: o.Metrics, ident: ident}
	writes := o.WriteConcurrency
	if writes <= 0 {
		writes = WriteConcurrencyFor(base)
	}
	lim := newLimiter(newBreaker(auth, ident, base), ident, m, o.MaxConcurrency, writes, o.MaxRateLimitWait)
	budget := o.FullReadBudget
	if o.NoFullReads {
		budget = 0
	}
	planner := newPlanner(budget, o.FullReadInterval, o.PollInterval, lim.budget, m)
	return newConditionalCache(lim, planner, m, o.CacheEntries, o.CacheBytes)
}

func uploadURL(base *url.URL) (*url.URL, error) {
	if strings.HasSuffix(base.Path, "/api/v3/") {
		u := *base
		u.Path = strings.TrimSuffix(u.Path, "/api/v3/") + "/api/uploads/"
		return &u, nil
	}
	return url.Parse("https://uploads.github.com/")
}

func newBaseTransport() http.RoundTripper {
	return &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		DialContext:           (&net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          100,
		MaxIdleConnsPerHost:   32,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: 30 * time.Second,
		ExpectContinueTimeout: time.Second,
	}
}
