package pagessite

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

type params = common.PagesSiteParameters

func legacy(branch, path string) params {
	return params{BuildType: Legacy, Source: &common.PagesSource{Branch: branch, Path: ptr.To(path)}}
}

// site is GitHub's legacy site of branch and path, served at a github.io
// address.
func site(branch, path string) *github.PagesSite {
	return &github.PagesSite{BuildType: ptr.To(Legacy), Source: &github.PagesSource{Branch: branch, Path: path},
		HTTPSEnforced: ptr.To(true), Public: ptr.To(true)}
}

// withDomain gives s the custom domain d, its certificate in state cert
// and the domain in state domain.
func withDomain(s *github.PagesSite, d, domain, cert string, https bool) *github.PagesSite {
	s.CNAME, s.ProtectedDomainState, s.HTTPSEnforced = ptr.To(d), ptr.To(domain), ptr.To(https)
	s.HTTPSCertificate = &github.PagesCertificate{State: cert, Description: "Certificate is " + cert, Domains: []string{d}}
	return s
}

func TestCreate(t *testing.T) {
	cases := map[string]struct {
		p    params
		want *github.PagesCreateRequest
	}{
		"Legacy":   {p: legacy("main", "/docs"), want: &github.PagesCreateRequest{BuildType: Legacy, Source: &github.PagesSource{Branch: "main", Path: "/docs"}}},
		"RootPath": {p: params{BuildType: Legacy, Source: &common.PagesSource{Branch: "gh-pages"}}, want: &github.PagesCreateRequest{BuildType: Legacy, Source: &github.PagesSource{Branch: "gh-pages", Path: "/"}}},
		"Workflow": {p: params{BuildType: Workflow}, want: &github.PagesCreateRequest{BuildType: Workflow}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Create(&tc.p)); diff != "" {
				t.Errorf("Create(...): -want, +got:\n%s", diff)
			}
		})
	}
}

func TestDriftAndUpdate(t *testing.T) {
	domain := func(p params, d string, https *bool) params { p.CNAME, p.HTTPSEnforced = ptr.To(d), https; return p }
	cases := map[string]struct {
		reason  string
		p       params
		got     *github.PagesSite
		drift   []string
		update  *github.PagesUpdateRequest
		waiting bool
	}{
		"UpToDate": {
			reason: "a site as declared has no drift and nothing to send",
			p:      legacy("main", "/"), got: site("main", "/"), update: &github.PagesUpdateRequest{},
		},
		"Source": {
			reason: "another branch or folder is put back",
			p:      legacy("main", "/docs"), got: site("gh-pages", "/"),
			drift: []string{"source"}, update: &github.PagesUpdateRequest{Source: &github.PagesSource{Branch: "main", Path: "/docs"}},
		},
		"ToWorkflow": {
			reason: "a workflow build declared over a legacy one is sent; its source is GitHub's",
			p:      params{BuildType: Workflow}, got: site("main", "/"),
			drift: []string{"buildType"}, update: &github.PagesUpdateRequest{BuildType: ptr.To(Workflow)},
		},
		"ToLegacy": {
			reason: "a legacy build declared over a workflow one is sent with its source",
			p:      legacy("main", "/"), got: func() *github.PagesSite { s := site("main", "/"); s.BuildType = ptr.To(Workflow); return s }(),
			drift: []string{"buildType"}, update: &github.PagesUpdateRequest{BuildType: ptr.To(Legacy), Source: &github.PagesSource{Branch: "main", Path: "/"}},
		},
		"NewDomain": {
			reason: "a new domain is sent; https declared waits for its certificate",
			p:      domain(legacy("main", "/"), "docs.example.com", ptr.To(true)), got: site("main", "/"),
			drift: []string{"cname"}, update: &github.PagesUpdateRequest{CNAME: ptr.To("docs.example.com")},
		},
		"DomainPending": {
			reason: "a domain GitHub has not verified waits: https declared is not drift, and not sent",
			p:      domain(legacy("main", "/"), "docs.example.com", ptr.To(true)),
			got:    withDomain(site("main", "/"), "docs.example.com", "pending", "authorization_pending", false),
			update: &github.PagesUpdateRequest{}, waiting: true,
		},
		"DomainVerified": {
			reason: "once the certificate is issued, https declared is drift and sent",
			p:      domain(legacy("main", "/"), "Docs.Example.com", ptr.To(true)),
			got:    withDomain(site("main", "/"), "docs.example.com", "verified", "approved", false),
			drift:  []string{"httpsEnforced"}, update: &github.PagesUpdateRequest{HTTPSEnforced: ptr.To(true)},
		},
		"DomainRemoved": {
			reason: "\"\" removes the domain",
			p:      domain(legacy("main", "/"), "", nil),
			got:    withDomain(site("main", "/"), "docs.example.com", "verified", "approved", true),
			drift:  []string{"cname"}, update: &github.PagesUpdateRequest{CNAME: ptr.To("")},
		},
		"HTTPSOff": {
			reason: "https declared off with a domain is sent at once: it needs no certificate",
			p:      domain(legacy("main", "/"), "docs.example.com", ptr.To(false)),
			got:    withDomain(site("main", "/"), "docs.example.com", "verified", "approved", true),
			drift:  []string{"httpsEnforced"}, update: &github.PagesUpdateRequest{HTTPSEnforced: ptr.To(false)},
		},
		"Public": {
			reason: "a declared visibility differing is sent",
			p:      func() params { p := legacy("main", "/"); p.Public = ptr.To(false); return p }(), got: site("main", "/"),
			drift: []string{"public"}, update: &github.PagesUpdateRequest{Public: ptr.To(false)},
		},
		"Unset": {
			reason: "fields left unset are GitHub's to keep",
			p:      legacy("main", "/"), got: withDomain(site("main", "/"), "docs.example.com", "verified", "approved", false),
			update: &github.PagesUpdateRequest{},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.drift, Drift(&tc.p, tc.got)); diff != "" {
				t.Errorf("%s\nDrift(...): -want, +got:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.update, Update(&tc.p, tc.got)); diff != "" {
				t.Errorf("%s\nUpdate(...): -want, +got:\n%s", tc.reason, diff)
			}
			if w := Waiting(&tc.p, tc.got); (w != "") != tc.waiting {
				t.Errorf("%s\nWaiting(...) = %q, want waiting %t", tc.reason, w, tc.waiting)
			}
		})
	}
}

func TestWaitingSays(t *testing.T) {
	p := legacy("main", "/")
	p.CNAME, p.HTTPSEnforced = ptr.To("docs.example.com"), ptr.To(true)
	w := Waiting(&p, withDomain(site("main", "/"), "docs.example.com", "unverified", "authorization_pending", false))
	for _, part := range []string{"docs.example.com", "domain unverified", "authorization_pending", "DNS", "https is enforced once the certificate is issued"} {
		if !strings.Contains(w, part) {
			t.Errorf("Waiting(...) = %q, want it to say %q", w, part)
		}
	}
}

func TestObservation(t *testing.T) {
	got := withDomain(site("main", "/docs"), "docs.example.com", "verified", "approved", true)
	got.HTMLURL, got.Status, got.HTTPSCertificate.ExpiresAt = "https://docs.example.com/", ptr.To("built"), "2026-08-01"
	want := common.PagesSiteObservation{Repository: ptr.To("o/r"), Host: ptr.To("api.github.com"), HTMLURL: ptr.To("https://docs.example.com/"), Status: ptr.To("built"),
		BuildType: ptr.To(Legacy), Source: &common.PagesSourceObservation{Branch: "main", Path: "/docs"}, CNAME: ptr.To("docs.example.com"),
		HTTPSEnforced: ptr.To(true), Public: ptr.To(true), ProtectedDomainState: ptr.To("verified"), CertificateState: ptr.To("approved"),
		CertificateExpiresAt: ptr.To("2026-08-01")}
	if diff := cmp.Diff(want, Observation("o/r", "api.github.com", got)); diff != "" {
		t.Errorf("Observation(...): -want, +got:\n%s", diff)
	}
}

// The imported spec of a site is GitHub's, with nothing to change.
func TestImported(t *testing.T) {
	for name, got := range map[string]*github.PagesSite{
		"GitHubIO": site("main", "/"),
		"Domain":   withDomain(site("gh-pages", "/docs"), "docs.example.com", "verified", "approved", true),
		"Workflow": func() *github.PagesSite { s := site("main", "/"); s.BuildType = ptr.To(Workflow); return s }(),
	} {
		t.Run(name, func(t *testing.T) {
			p := Imported(got)
			if d := Drift(&p, got); d != nil {
				t.Errorf("the imported spec %+v drifts from GitHub's site in %v", p, d)
			}
			if (p.Source != nil) != (p.BuildType == Legacy) {
				t.Errorf("the imported spec %+v has a source only if legacy: admission refuses it otherwise", p)
			}
		})
	}
}
