// Package emulator is a stateful, in-memory emulation of the parts of GitHub's
// REST API that provider-github uses. It answers like GitHub does (status
// codes, bodies, headers, rate limits, redirects, errors) and is held to
// GitHub's official OpenAPI description by contract tests.
//
// It deliberately imports nothing from the provider: its contract is GitHub's
// API description, not the provider's structs.
//
// The core (server.go, router.go, reqctx.go, reporoute.go, orgroute.go,
// auth.go, ratelimit.go, faults.go, control.go) runs GitHub's request
// pipeline. Each GitHub object kind keeps its routes, handlers, rendering
// and state in its own file(s) and registers itself with registerKind;
// state living inside a repository is a subKind of it, inside an
// organization an orgKind. The route table is the list of served
// operations (Operations), which the trimmed OpenAPI description and the
// documentation are generated from.
package emulator

import (
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// DefaultInstallationTokenTTL is how long GitHub installation tokens live.
const DefaultInstallationTokenTTL = time.Hour

// Options configure a Server.
type Options struct {
	// Seed is the initial state; nil means DefaultSeed().
	Seed *Seed
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// InstallationTokenTTL is the lifetime of installation tokens; zero means
	// one hour.
	InstallationTokenTTL time.Duration
	// RateLimit is the primary hourly limit per principal; zero means 5000.
	RateLimit int
	// Logger receives one debug line per request; nil discards.
	Logger *slog.Logger
	// FirstTeamID is the id of the first team created (seeded teams
	// included); zero means 9000001. Emulators whose teams are managed from
	// one Kubernetes cluster get distinct ranges, so that a team's id names
	// one team there, as it does on GitHub.
	FirstTeamID int64
}

// Config holds behaviour switches settable at run time through
// POST /_emulator/config or Server.SetConfig.
type Config struct {
	// ETagCoversMergeSettings makes a repository's ETag cover its whole
	// body. Off (the default), the ETag leaves out the merge settings
	// (mergeSettingFields) and updated_at, as GitHub's does: a change of
	// those settings alone, however it is made, leaves the ETag as it was
	// and a conditional read answers 304 over it.
	ETagCoversMergeSettings bool `json:"etagCoversMergeSettings"`
	// RateLimitsOff stops charging and enforcing the primary rate limit:
	// requests are neither counted nor refused, and answers report the
	// remaining points as they were. For loading thousands of objects
	// quickly (a benchmark's set-up) and then measuring with the limits
	// on again.
	RateLimitsOff bool `json:"rateLimitsOff"`
	// ContentsCommitTime is how long a contents write (PUT or DELETE
	// .../contents/{path}) takes between reading its branch's head and
	// moving the branch to its commit, as on GitHub: a second write to the
	// branch that arrives meanwhile is answered 409 "is at <sha> but
	// expected <sha>" (see repos_contents_race.go), and every write is
	// answered once it has landed. DefaultConfig has
	// DefaultContentsCommitTime; 0 lands writes at once, so they never
	// conflict.
	ContentsCommitTime Duration `json:"contentsCommitTime"`
	// KeepReviewerTeamsWithoutAccess keeps a team without access to the
	// repository among an environment's required reviewers. Off (the
	// default), a create-or-update takes it and leaves it out, as
	// GitHub does.
	KeepReviewerTeamsWithoutAccess bool `json:"keepReviewerTeamsWithoutAccess"`
	// PagesCertificateTime is how long after a Pages site's custom domain
	// is set GitHub has verified it and issued its https certificate
	// (DefaultPagesCertificateTime); until then the site shows the domain
	// pending and refuses https enforcement. POST
	// /_emulator/repos/{o}/{r}/pages/certificate issues it at once.
	PagesCertificateTime Duration `json:"pagesCertificateTime"`
	// CodeScanningSetupTime is how long the run GitHub starts to apply a
	// repository's code scanning default setup takes
	// (DefaultCodeScanningSetupTime); until it ends the GET shows the
	// setup as it was. POST
	// /_emulator/repos/{o}/{r}/code-scanning/default-setup/apply ends it
	// at once.
	CodeScanningSetupTime Duration `json:"codeScanningSetupTime"`
	// CodeScanningLanguages are the CodeQL languages GitHub detects in
	// the code of a repository whose languages were neither seeded nor
	// set through the control surface (PUT
	// /_emulator/repos/{o}/{r}/code-scanning/languages): none by default,
	// as a new repository has no code. A test whose repositories are
	// created through the API (make chaos) gives them code this way.
	CodeScanningLanguages []string `json:"codeScanningLanguages,omitempty"`
}

// DefaultConfig are the behaviour switches a server starts with, and
// returns to on Reset: GitHub's behaviour.
func DefaultConfig() Config {
	return Config{ContentsCommitTime: Duration(DefaultContentsCommitTime), PagesCertificateTime: Duration(DefaultPagesCertificateTime),
		CodeScanningSetupTime: Duration(DefaultCodeScanningSetupTime)}
}

// Server is the emulator. It implements http.Handler.
type Server struct {
	opts    Options
	now     func() time.Time
	seed    *Seed
	state   *State
	limiter *rateLimiter
	faults  *faultInjector
	log     *requestLog
	logger  *slog.Logger

	cfgMu sync.RWMutex
	cfg   Config

	routes []*route
	reqSeq atomic.Int64
}

// New builds a server from options, for in-process use. It panics if
// opts.Seed is invalid, which is a programming error in the calling test; use
// NewChecked for seeds that come from users (files, requests).
func New(opts Options) *Server {
	s, err := NewChecked(opts)
	if err != nil {
		panic(err)
	}
	return s
}

// NewChecked builds a server from options, reporting an invalid seed.
func NewChecked(opts Options) (*Server, error) {
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	if opts.InstallationTokenTTL <= 0 {
		opts.InstallationTokenTTL = DefaultInstallationTokenTTL
	}
	seed := opts.Seed
	if seed == nil {
		seed = DefaultSeed()
	}
	logger := opts.Logger
	if logger == nil {
		logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	s := &Server{
		opts:    opts,
		now:     func() time.Time { return now().UTC() },
		seed:    seed,
		limiter: newRateLimiter(func() time.Time { return now().UTC() }, opts.RateLimit),
		log:     newRequestLog(),
		logger:  logger,
	}
	s.faults = newFaultInjector()
	s.cfg = DefaultConfig()
	s.state = &State{now: s.now}
	w, err := buildWorld(seed, s.now(), opts.FirstTeamID)
	if err != nil {
		return nil, fmt.Errorf("loading seed: %w", err)
	}
	s.state.w = w
	s.routes = buildRoutes(s)
	return s, nil
}

// State gives in-process access to the emulator state, for out-of-band
// changes in tests.
func (s *Server) State() *State { return s.state }

// Config returns the current behaviour switches.
func (s *Server) Config() Config {
	s.cfgMu.RLock()
	defer s.cfgMu.RUnlock()
	return s.cfg
}

// SetConfig replaces the behaviour switches.
func (s *Server) SetConfig(c Config) {
	s.cfgMu.Lock()
	defer s.cfgMu.Unlock()
	s.cfg = c
}

// Reset restores the seed state and clears the request log, rate-limit
// accounting and faults; the config goes back to DefaultConfig.
func (s *Server) Reset() error {
	w, err := buildWorld(s.seed, s.now(), s.opts.FirstTeamID)
	if err != nil {
		return fmt.Errorf("reloading seed: %w", err)
	}
	s.state.mu.Lock()
	s.state.w = w
	s.state.mu.Unlock()
	s.limiter.reset()
	s.limiter.setOverrides(nil)
	s.faults.clear()
	s.log.clear()
	s.SetConfig(DefaultConfig())
	return nil
}

const apiPrefix = "/api/v3"

// ServeHTTP answers one request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	path, raw := r.URL.Path, r.URL.EscapedPath()
	prefix := ""
	if path == apiPrefix || strings.HasPrefix(path, apiPrefix+"/") {
		prefix = apiPrefix
		path = strings.TrimPrefix(path, apiPrefix)
		raw = strings.TrimPrefix(raw, apiPrefix)
		if path == "" {
			path, raw = "/", "/"
		}
	}
	if path == "/_emulator" || strings.HasPrefix(path, "/_emulator/") {
		s.serveControl(w, r, strings.TrimPrefix(path, "/_emulator"))
		return
	}
	start := s.now()
	c := s.newContext(r, path, prefix)
	c.rawPath = raw
	s.handle(c)
	// Logged before a contents write's answer is held (holdAnswer): the
	// log shows the write as soon as reads see what it changed.
	s.record(c, start)
	c.holdAnswer()
	c.flush(w)
}

func (s *Server) newContext(r *http.Request, path, prefix string) *reqCtx {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	if p := r.Header.Get("X-Forwarded-Proto"); p != "" {
		scheme = p
	}
	host := r.Host
	web := scheme + "://" + host
	n := s.reqSeq.Add(1)
	return &reqCtx{
		s:       s,
		r:       r,
		path:    path,
		apiBase: web + prefix,
		webBase: web,
		host:    hostOnly(host),
		reqID:   fmt.Sprintf("E%04X:%04X:%06X:%06X:%08X", n%0xFFFF, 0x1C4, n*7919%0xFFFFFF, n*104729%0xFFFFFF, uint32(s.now().Unix())),
		header:  http.Header{},
		status:  http.StatusOK,
	}
}

func hostOnly(h string) string {
	if host, _, err := net.SplitHostPort(h); err == nil {
		return host
	}
	return h
}

// handle runs the GitHub pipeline: faults, routing, authentication, rate
// limiting, the handler, ETags.
func (s *Server) handle(c *reqCtx) {
	c.header.Set("X-GitHub-Request-Id", c.reqID)
	c.header.Set("X-GitHub-Media-Type", "github.v3; format=json")
	c.header.Set("X-GitHub-Api-Version-Selected", "2022-11-28")
	c.header.Set("Vary", "Accept, Authorization, Cookie, X-GitHub-OTP")

	rt, params := s.match(c.r.Method, c.rawPath)
	c.params = params
	if rt != nil {
		c.endpoint = rt.method + " " + rt.pattern
	} else {
		c.endpoint = c.r.Method + " (unknown)"
	}

	// Authentication.
	cred := credential(c.r.Header.Get("Authorization"))
	if c.r.Header.Get("Authorization") != "" && cred == "" {
		s.charge(c)
		c.fail(http.StatusUnauthorized, "Bad credentials", docRoot)
		return
	}
	if cred != "" {
		p, ok := s.state.principalFor(cred, s.now())
		switch {
		case ok:
			c.principal = p
		case rt != nil && rt.auth == authAppJWT:
			c.jwt = cred
		default:
			s.charge(c)
			c.fail(http.StatusUnauthorized, "Bad credentials", docRoot)
			return
		}
	}
	if rt == nil {
		s.charge(c)
		c.fail(http.StatusNotFound, "Not Found", docRoot)
		return
	}
	switch rt.auth {
	case authRequired:
		if c.principal == nil {
			s.charge(c)
			c.fail(http.StatusUnauthorized, "Requires authentication", rt.doc)
			return
		}
	case authAppJWT:
		if c.jwt == "" {
			s.charge(c)
			c.fail(http.StatusUnauthorized, "A JSON web token could not be decoded", rt.doc)
			return
		}
		appID, msg := s.state.verifyAppJWT(c.jwt, s.now())
		if msg != "" {
			s.charge(c)
			c.fail(http.StatusUnauthorized, msg, rt.doc)
			return
		}
		c.principal = &principal{appID: appID}
	}

	// Injected faults answer before the handler and cost nothing.
	c.rate = s.limiter.peek(s.rateKey(c))
	c.rateSet = true
	if s.faults.apply(c) {
		return
	}

	// Primary rate limit.
	if !rt.free && !s.Config().RateLimitsOff {
		if !s.charge(c) {
			c.header.Set("X-RateLimit-Remaining", "0")
			c.fail(http.StatusForbidden, s.rateExceededMessage(c), docRateLimits)
			return
		}
	} else {
		c.rate = s.limiter.peek(s.rateKey(c))
		c.rateSet = true
	}
	c.doc = rt.doc
	if err := c.readBody(rt.bodyLimit); err != nil {
		c.fail(http.StatusBadRequest, "Problems parsing JSON", c.doc)
		return
	}
	rt.handler(c)
	if s.faults.loseAnswer(c) {
		return
	}

	if c.r.Method == http.MethodGet && c.status == http.StatusOK {
		src := c.body
		if c.etagBody != nil {
			src = c.etagBody
		}
		tag := weakETag(src)
		c.header.Set("ETag", tag)
		if etagMatches(c.r.Header.Get("If-None-Match"), tag) {
			c.status = http.StatusNotModified
			c.body = nil
			c.header.Del("Content-Type")
			if c.counted {
				c.rate = s.limiter.refund(s.rateKey(c))
				c.counted = false
			}
		}
	}
}

// rateKey names the bucket charged for the request: the principal, or the
// client address for anonymous requests.
func (s *Server) rateKey(c *reqCtx) (string, bool) {
	if k := c.principal.rateKey(); k != "" {
		return k, false
	}
	return "ip:" + hostOnly(c.r.RemoteAddr), true
}

// charge takes one primary rate-limit point for the request.
func (s *Server) charge(c *reqCtx) bool {
	k, anon := s.rateKey(c)
	snap, ok := s.limiter.take(k, anon)
	c.rate, c.rateSet, c.counted = snap, true, ok
	return ok
}

func (s *Server) rateExceededMessage(c *reqCtx) string {
	suffix := " If you reach out to GitHub Support for help, please include the request ID " + c.reqID + "."
	p := c.principal
	switch {
	case p == nil:
		return "API rate limit exceeded for " + hostOnly(c.r.RemoteAddr) + ". (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)" + suffix
	case p.installation != nil:
		return fmt.Sprintf("API rate limit exceeded for installation ID %d.", p.installation.ID) + suffix
	case p.user != nil:
		return fmt.Sprintf("API rate limit exceeded for user ID %d.", p.user.ID) + suffix
	}
	return fmt.Sprintf("API rate limit exceeded for app ID %d.", p.appID) + suffix
}

func (s *Server) record(c *reqCtx, start time.Time) {
	e := RequestLogEntry{
		Time:      start,
		Method:    c.r.Method,
		Path:      c.r.URL.Path,
		Endpoint:  c.endpoint,
		Status:    c.status,
		Login:     c.principal.logName(),
		Counted:   c.counted,
		RequestID: c.reqID,
		// Conditional: a read that sent an ETag back (a full read
		// sends none).
		Conditional: c.r.Header.Get("If-None-Match") != "",
	}
	if c.r.URL.RawQuery != "" {
		e.Path += "?" + c.r.URL.RawQuery
	}
	s.log.add(e)
	s.logger.Debug("request", "method", e.Method, "path", e.Path, "status", e.Status,
		"login", e.Login, "counted", e.Counted, "request_id", e.RequestID,
		"duration", s.now().Sub(start).String())
}
