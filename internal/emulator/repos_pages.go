package emulator

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"
)

func init() { registerKind("pages", (*Server).pagesRoutes) }

// docPages is GitHub's page of the Pages site endpoints.
const docPages = "https://docs.github.com/rest/pages/pages"

// DefaultPagesCertificateTime is how long GitHub takes, in the emulator,
// to verify a Pages site's custom domain and issue its https certificate
// once the domain is set (Config.PagesCertificateTime): minutes on GitHub,
// seconds here, so that a test sees the wait and its end.
const DefaultPagesCertificateTime = 3 * time.Second

// pagesOf is a repository's Pages site: none until a POST creates it.
var pagesOf = subKind[pagesState]{name: "pages"}

// pagesState holds the repository's site, nil when it has none.
type pagesState struct{ site *pagesSite }

// pagesSite is a Pages site as the emulator keeps it.
type pagesSite struct {
	// BuildType is legacy (GitHub builds Branch at Path) or workflow (an
	// Actions workflow deploys the site; the source is kept as it was).
	BuildType    string
	Branch, Path string
	// CNAME is the custom domain, "" for none.
	CNAME string
	// DomainSetAt is when CNAME was set; the domain is verified and its
	// certificate issued PagesCertificateTime later, or when the control
	// surface says so (CertificateNow).
	DomainSetAt    time.Time
	CertificateNow bool
	HTTPSEnforced  bool
	Public         bool
}

// pagesRoutes declares a repository's Pages site: read by whoever can read
// the repository, configured by its admins.
func (s *Server) pagesRoutes(t *routeTable) {
	read := repoOp{auth: authRequired, need: accessRead, doc: docPages + "#get-a-apiname-pages-site"}
	admin := func(anchor string) repoOp {
		return repoOp{auth: authRequired, need: accessAdmin, write: true, doc: docPages + "#" + anchor}
	}
	t.repo(http.MethodGet, "/pages", read, s.getPages)
	t.repo(http.MethodPost, "/pages", admin("create-a-apiname-pages-site"), s.createPages)
	t.repo(http.MethodPut, "/pages", admin("update-information-about-a-apiname-pages-site"), s.updatePages)
	t.repo(http.MethodDelete, "/pages", admin("delete-a-apiname-pages-site"), s.deletePages)
}

// certificateIssued tells whether the site's custom domain is verified and
// its certificate issued by now.
func (p *pagesSite) certificateIssued(c *reqCtx) bool {
	if p.CNAME == "" {
		return false
	}
	return p.CertificateNow || !c.s.now().Before(p.DomainSetAt.Add(time.Duration(c.s.Config().PagesCertificateTime)))
}

// pagesJSON is GitHub's page object.
type pagesJSON struct {
	URL                       string            `json:"url"`
	Status                    *string           `json:"status"`
	CNAME                     *string           `json:"cname"`
	ProtectedDomainState      *string           `json:"protected_domain_state"`
	PendingDomainUnverifiedAt *string           `json:"pending_domain_unverified_at"`
	Custom404                 bool              `json:"custom_404"`
	HTMLURL                   string            `json:"html_url"`
	BuildType                 string            `json:"build_type"`
	Source                    map[string]string `json:"source"`
	Public                    bool              `json:"public"`
	HTTPSCertificate          *pagesCertJSON    `json:"https_certificate,omitempty"`
	HTTPSEnforced             bool              `json:"https_enforced"`
}

// pagesCertJSON is the certificate of a custom domain.
type pagesCertJSON struct {
	State       string   `json:"state"`
	Description string   `json:"description"`
	Domains     []string `json:"domains"`
	ExpiresAt   string   `json:"expires_at,omitempty"`
}

func (c *reqCtx) renderPages(r *Repo, p *pagesSite) pagesJSON {
	status := "built"
	out := pagesJSON{
		URL: c.apiBase + "/repos/" + r.FullName() + "/pages", Status: &status,
		HTMLURL:   fmt.Sprintf("https://%s.github.io/%s/", strings.ToLower(r.Owner), r.Name),
		BuildType: p.BuildType, Source: map[string]string{"branch": p.Branch, "path": p.Path},
		Public: p.Public, HTTPSEnforced: p.HTTPSEnforced,
	}
	if p.CNAME == "" {
		return out
	}
	out.CNAME = &p.CNAME
	out.HTMLURL = "https://" + p.CNAME + "/"
	if !p.HTTPSEnforced {
		out.HTMLURL = "http://" + p.CNAME + "/"
	}
	state, cert := "pending", &pagesCertJSON{State: "authorization_pending", Description: "Certificate is being issued", Domains: []string{p.CNAME}}
	if p.certificateIssued(c) {
		state = "verified"
		cert = &pagesCertJSON{State: "approved", Description: "Certificate is approved", Domains: []string{p.CNAME},
			ExpiresAt: p.DomainSetAt.AddDate(0, 3, 0).UTC().Format("2006-01-02")}
	} else {
		unverified := ts(p.DomainSetAt.Add(7 * 24 * time.Hour))
		out.PendingDomainUnverifiedAt = &unverified
	}
	out.ProtectedDomainState, out.HTTPSCertificate = &state, cert
	return out
}

func (s *Server) getPages(c *reqCtx, w *world, r *Repo) {
	st := pagesOf.peek(r)
	if st == nil || st.site == nil {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return
	}
	c.json(http.StatusOK, c.renderPages(r, st.site))
}

// createPages publishes the site: build_type legacy (the default) from
// source (the default branch's root when left out), or workflow. A
// repository with a site already is GitHub's 409; a source branch the
// repository lacks, its 422.
func (s *Server) createPages(c *reqCtx, w *world, r *Repo) {
	f, ok := c.fields(true)
	if !ok {
		return
	}
	buildType := f.str("build_type")
	src, hasSource := f.object("source")
	if f.failed {
		return
	}
	if buildType == nil && !hasSource {
		c.invalid("Invalid request.\n\nNo subschema in \"anyOf\" matched.")
		return
	}
	if buildType != nil && !oneOf(buildType, "legacy", "workflow") {
		c.invalid("Invalid request.\n\n" + enumError("build_type", *buildType, "legacy", "workflow"))
		return
	}
	site := &pagesSite{BuildType: "legacy", Branch: r.DefaultBranch, Path: "/", Public: r.Visibility == VisibilityPublic}
	if buildType != nil {
		site.BuildType = *buildType
	}
	if hasSource {
		branch, path, ok := readPagesSource(c, src, false)
		if !ok {
			return
		}
		site.Branch, site.Path = branch, path
	}
	if !pagesBranchExists(c, r, site) {
		return
	}
	st := pagesOf.of(r)
	if st.site != nil {
		c.fail(http.StatusConflict, "GitHub Pages is already enabled.", c.doc)
		return
	}
	// github.io sites are served over https only.
	site.HTTPSEnforced = true
	st.site = site
	r.HasPages = true
	c.json(http.StatusCreated, c.renderPages(r, site))
}

// readPagesSource reads a source object: branch (required) and path, "/"
// or "/docs" ("/" when left out, unless required as on a PUT).
func readPagesSource(c *reqCtx, src map[string]json.RawMessage, pathRequired bool) (branch, path string, ok bool) {
	sf := &fields{c: c, m: src}
	b, p := sf.str("branch"), sf.str("path")
	switch {
	case sf.failed:
		return "", "", false
	case b == nil || (pathRequired && p == nil):
		missing := required(src, "branch")
		if pathRequired {
			missing = required(src, "branch", "path")
		}
		c.invalid(fmt.Sprintf("Invalid request.\n\n%s not supplied in source.", strings.Join(missing, ", ")))
		return "", "", false
	case p != nil && !oneOf(p, "/", "/docs"):
		c.invalid("Invalid request.\n\n" + enumError("source.path", *p, "/", "/docs"))
		return "", "", false
	}
	path = "/"
	if p != nil {
		path = *p
	}
	return *b, path, true
}

// pagesBranchExists answers GitHub's 422 for a legacy site whose source
// branch the repository lacks.
func pagesBranchExists(c *reqCtx, r *Repo, site *pagesSite) bool {
	if site.BuildType != "legacy" || r.branch(site.Branch) != nil {
		return true
	}
	c.invalid("Validation Failed", fieldError{Resource: "Page", Code: "invalid", Field: "source",
		Message: fmt.Sprintf("The branch %s does not exist in the repository.", site.Branch)})
	return false
}

// updatePages changes what the body sends: cname (null or "" removes
// it; a new domain waits for its certificate again, https no longer
// enforced), https_enforced (GitHub's 422 while a custom domain has no
// certificate; a github.io site is always served over https), build_type,
// source (an object of branch and path, or GitHub's older string form)
// and public (private sites need GitHub Enterprise Cloud, which no
// emulated organization has: false is refused). Answered 204; nothing
// changes when anything is refused.
func (s *Server) updatePages(c *reqCtx, w *world, r *Repo) {
	f, ok := c.fields(true)
	if !ok {
		return
	}
	st := pagesOf.peek(r)
	if st == nil || st.site == nil {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return
	}
	cname, cnameSent := f.nullable("cname")
	enforce := f.boolean("https_enforced")
	buildType := f.str("build_type")
	public := f.boolean("public")
	rawSource, sourceSent := f.raw("source")
	if f.failed {
		return
	}
	next := *st.site
	if buildType != nil {
		if !oneOf(buildType, "legacy", "workflow") {
			c.invalid("Invalid request.\n\n" + enumError("build_type", *buildType, "legacy", "workflow"))
			return
		}
		next.BuildType = *buildType
	}
	if sourceSent && string(rawSource) != "null" {
		var legacy string
		var obj map[string]json.RawMessage
		switch {
		case json.Unmarshal(rawSource, &legacy) == nil:
			branch, path, _ := strings.Cut(legacy, " ")
			next.Branch, next.Path = branch, "/"
			if path != "" {
				next.Path = path
			}
		case json.Unmarshal(rawSource, &obj) == nil:
			branch, path, ok := readPagesSource(c, obj, true)
			if !ok {
				return
			}
			next.Branch, next.Path = branch, path
		default:
			c.typeError("source", rawSource, "object")
			return
		}
	}
	if cnameSent {
		domain := ""
		if cname != nil {
			domain = strings.ToLower(strings.TrimSpace(*cname))
		}
		if domain != next.CNAME {
			next.CNAME, next.DomainSetAt, next.CertificateNow = domain, c.s.now(), false
			// A new domain has no certificate yet: https is enforced
			// again only once it is issued; a github.io site always is.
			next.HTTPSEnforced = domain == ""
		}
	}
	if public != nil && !*public {
		c.invalid("Validation Failed", fieldError{Resource: "Page", Code: "invalid", Field: "public",
			Message: "Private GitHub Pages sites are only available to organizations on GitHub Enterprise Cloud."})
		return
	}
	if enforce != nil {
		switch {
		case *enforce && next.CNAME != "" && !next.certificateIssued(c):
			c.fail(http.StatusUnprocessableEntity, "The certificate does not exist yet", c.doc)
			return
		case !*enforce && next.CNAME == "":
			c.fail(http.StatusUnprocessableEntity, "HTTPS is required for a github.io site: it cannot be turned off without a custom domain", c.doc)
			return
		}
		next.HTTPSEnforced = *enforce
	}
	if !pagesBranchExists(c, r, &next) {
		return
	}
	*st.site = next
	c.noContent()
}

// deletePages unpublishes the site.
func (s *Server) deletePages(c *reqCtx, w *world, r *Repo) {
	st := pagesOf.peek(r)
	if st == nil || st.site == nil {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return
	}
	st.site = nil
	r.HasPages = false
	c.noContent()
}

// IssuePagesCertificate verifies the custom domain of a repository's Pages
// site and issues its certificate now, rather than
// Config.PagesCertificateTime after the domain was set.
func (st *State) IssuePagesCertificate(owner, name string) error {
	return st.update(owner, name, func(_ *world, r *Repo) error {
		p := pagesOf.peek(r)
		switch {
		case p == nil || p.site == nil:
			return fmt.Errorf("repository %s/%s has no Pages site: %w", owner, name, ErrNotFound)
		case p.site.CNAME == "":
			return fmt.Errorf("the Pages site of %s/%s has no custom domain, so no certificate to issue", owner, name)
		}
		p.site.CertificateNow = true
		return nil
	})
}
