package integration

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	corev1 "k8s.io/api/core/v1"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// pagesRepo is the repository whose site the PagesSite tests publish.
const pagesRepo = "pages-home"

// pagesFull is its full name, the external name of their resources.
const pagesFull = owner + "/" + pagesRepo

// pagesPath is the API path of the site.
const pagesPath = "/repos/" + pagesFull + "/pages"

// newPagesSite builds, without creating it, a PagesSite of scope s called
// name, published from the branch main's folder path.
func (f *fixture) newPagesSite(s scope, name, path string) twins.PagesSiteObject {
	f.t.Helper()
	o := twins.PagesSite.In(s.of)
	*o.Parameters() = common.PagesSiteParameters{RepositoryTarget: common.RepositoryTarget{Repository: ptr.To(pagesRepo)},
		BuildType: "legacy", Source: &common.PagesSource{Branch: "main", Path: ptr.To(path)}}
	return place(f, s, o, name, "github")
}

// pagesRepository creates the tests' repository, with a main branch.
func (f *fixture) pagesRepository() {
	f.t.Helper()
	f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/orgs/"+owner+"/repos", fmt.Sprintf(`{"name":%q,"auto_init":true}`, pagesRepo))
}

// ghPages is GitHub's site, nil when there is none.
func (f *fixture) ghPages() map[string]any {
	f.t.Helper()
	status, b := f.gh(goodToken, http.MethodGet, pagesPath, "")
	if status == http.StatusNotFound {
		return nil
	}
	if status != http.StatusOK {
		f.t.Fatalf("GET %s: status %d: %s", pagesPath, status, b)
	}
	var out map[string]any
	f.must(json.Unmarshal(b, &out))
	return out
}

// pagesWrites counts the writes of the tests' site.
func (f *fixture) pagesWrites() int {
	n := 0
	for _, r := range f.emu.Requests() {
		if r.Method != http.MethodGet && strings.HasSuffix(r.Path, "/"+pagesRepo+"/pages") {
			n++
		}
	}
	return n
}

// pagesQuiet lets the reads that follow a change pass, then fails when
// anyone writes the site in three poll intervals (an update loop), or
// when an idle resource's polls keep costing rate-limit points (see
// idleQuiet).
func pagesQuiet(t *testing.T, f *fixture, what string) {
	t.Helper()
	idleQuiet(t, f, what, f.pagesWrites)
}

// The site is published as declared, with the repository's full name as
// the external name; a changed source is put back; a custom domain waits
// for its certificate (not Ready, with a reason that says so, not failed),
// then https is enforced; an idle site costs nothing; deleting the
// resource unpublishes the site.
func TestPagesSiteLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		// GitHub takes its time to issue a certificate: the test says when.
		cfg := f.emu.Config()
		cfg.PagesCertificateTime = emulator.Duration(time.Hour)
		f.emu.SetConfig(cfg)
		f.pagesRepository()
		o := f.newPagesSite(s, "site", "/docs")
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		if ext := meta.GetExternalName(got); ext != pagesFull {
			t.Errorf("external name %q, want the repository's full name %q", ext, pagesFull)
		}
		if p := f.ghPages(); p == nil || fmt.Sprint(p["source"]) != "map[branch:main path:/docs]" {
			t.Errorf("GitHub's site %v, want it built from main's /docs", p)
		}
		if obs := got.Observation(); ptr.Deref(obs.HTMLURL, "") == "" || ptr.Deref(obs.BuildType, "") != "legacy" {
			t.Errorf("status.atProvider %+v", obs)
		}
		pagesQuiet(t, f, "published")

		f.ghMust(http.StatusNoContent, goodToken, http.MethodPut, pagesPath, `{"source":{"branch":"main","path":"/"}}`)
		f.eventually("the source put back", func() string {
			if p := f.ghPages(); fmt.Sprint(p["source"]) != "map[branch:main path:/docs]" {
				return fmt.Sprintf("source %v", p["source"])
			}
			return ""
		})

		// A custom domain, https enforced: waits for the certificate.
		f.must(refusedUpdate(f, o, func(g twins.PagesSiteObject) {
			g.Parameters().CNAME, g.Parameters().HTTPSEnforced = ptr.To("docs.example.com"), ptr.To(true)
		}))
		f.eventually("waiting for the certificate", func() string {
			c := get(f, o).GetCondition(xpv2.TypeReady)
			if c.Status != corev1.ConditionFalse || c.Reason != "WaitingForCertificate" || !strings.Contains(c.Message, "docs.example.com") {
				return fmt.Sprintf("Ready=%s %s: %s", c.Status, c.Reason, c.Message)
			}
			return ""
		})
		if c := get(f, o).GetCondition(xpv2.TypeSynced); c.Status != corev1.ConditionTrue {
			t.Errorf("Synced=%s while waiting for the certificate (%s): waiting is not failing", c.Status, c.Message)
		}
		// Waiting means GitHub answers https_enforced false, not that it leaves the field out.
		if p := f.ghPages(); p["cname"] != "docs.example.com" {
			t.Errorf("GitHub's site %v, want the domain set", p)
		} else if on, ok := p["https_enforced"].(bool); !ok || on {
			t.Errorf("GitHub's site %v, want https_enforced false while the certificate is pending", p)
		}
		f.must(f.emu.State().IssuePagesCertificate(owner, pagesRepo))
		waitReady(f, o)
		f.eventually("https enforced once the certificate is issued", func() string {
			if p := f.ghPages(); !httpsEnforced(p) {
				return fmt.Sprintf("https_enforced %v", p["https_enforced"])
			}
			return ""
		})
		pagesQuiet(t, f, "domain verified")

		f.must(kube.Delete(f.ctx, get(f, o)))
		f.eventually("the PagesSite gone", func() string {
			if err := kube.Get(f.ctx, s.key(f, "site"), fresh(o)); !kerrors.IsNotFound(err) {
				return "PagesSite still there"
			}
			return ""
		})
		if p := f.ghPages(); p != nil {
			t.Errorf("after the delete GitHub still has the site %v: want it unpublished", p)
		}
	})
}

// A source branch the repository lacks is a clear condition; pushed, the
// site is published.
func TestPagesSiteMissingBranch(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.pagesRepository()
		o := f.newPagesSite(s, "site", "/")
		o.Parameters().Source.Branch = "gh-pages"
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f, o, "the source branch gh-pages must exist in repository "+pagesFull)
		f.must(f.emu.State().AddBranch(owner, pagesRepo, "gh-pages"))
		waitReady(f, o)
	})
}

// A site someone else published is not taken over; a second PagesSite of
// the repository is refused, naming the first.
func TestPagesSiteNotOursAndSecond(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.pagesRepository()
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, pagesPath, `{"build_type":"workflow"}`)
		first := f.newPagesSite(s, "first", "/")
		f.must(kube.Create(f.ctx, first))
		waitSyncError(f, first, "already has a Pages site", "crossplane.io/external-name")
		if p := f.ghPages(); p["build_type"] != "workflow" {
			t.Errorf("someone else's site changed: %v", p)
		}
		afterCreationSecond(get(f, first))

		second := f.newPagesSite(otherScope(s), "second", "/docs")
		f.must(kube.Create(f.ctx, second))
		name := "PagesSite " + first.GetName()
		if s.namespaced {
			name = "PagesSite " + f.ns + "/" + first.GetName()
		}
		waitSyncError(f, second, "repository "+pagesFull+" is already claimed by "+name+", which is older")
	})
}

// Bad input is refused at admission, with what is allowed.
func TestPagesSiteAdmission(t *testing.T) {
	cases := map[string]struct {
		p    func(p *common.PagesSiteParameters)
		want string
	}{
		"LegacyWithoutSource": {p: func(p *common.PagesSiteParameters) { p.Source = nil }, want: "buildType legacy builds the site from a branch"},
		"WorkflowWithSource":  {p: func(p *common.PagesSiteParameters) { p.BuildType = "workflow" }, want: "leave source out"},
		"BuildType":           {p: func(p *common.PagesSiteParameters) { p.BuildType = "jekyll" }, want: `supported values: "legacy", "workflow"`},
		"Path":                {p: func(p *common.PagesSiteParameters) { p.Source.Path = ptr.To("/site") }, want: `supported values: "/", "/docs"`},
		"Domain":              {p: func(p *common.PagesSiteParameters) { p.CNAME = ptr.To("https://docs.example.com") }, want: "spec.forProvider.cname"},
		"HTTPSOffOnGitHubIO":  {p: func(p *common.PagesSiteParameters) { p.HTTPSEnforced = ptr.To(false) }, want: "httpsEnforced: false needs a custom domain"},
		"Branch":              {p: func(p *common.PagesSiteParameters) { p.Source.Branch = "bad name" }, want: "spec.forProvider.source.branch"},
	}
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		for name, tc := range cases {
			t.Run(name, func(t *testing.T) {
				o := f.newPagesSite(s, "refused", "/")
				tc.p(o.Parameters())
				err := kube.Create(f.ctx, o)
				if err == nil {
					_ = kube.Delete(f.ctx, o)
					t.Fatalf("want the API server to refuse %+v", o.Parameters())
				}
				if !strings.Contains(err.Error(), tc.want) {
					t.Errorf("refused with %v, want a message holding %q", err, tc.want)
				}
			})
		}
	})
}

// The PagesSite examples of both scopes, applied with the Repository
// examples they name (and the CustomProperty examples one of those needs)
// against one emulator with the demo seed, as make demo and make e2e do,
// become Ready: the custom domain's certificate comes after the
// emulator's default few seconds, then https is enforced.
func TestPagesSiteExamples(t *testing.T) {
	seed, err := emulator.LoadSeedFile("../../hack/demo-seed.yaml")
	if err != nil {
		t.Fatal(err)
	}
	f := newFixtureWith(t, emulator.Options{Seed: seed})
	var sites []twins.PagesSiteObject
	for _, s := range scopes {
		for _, dir := range []string{"customproperty", "repository", "pagessite"} {
			for _, mg := range examplesOf(t, s, dir) {
				placeExample(f, s, mg)
				f.must(kube.Create(f.ctx, mg))
				if p, ok := mg.(twins.PagesSiteObject); ok {
					sites = append(sites, p)
				}
			}
		}
	}
	if len(sites) < 2 {
		t.Fatalf("%d PagesSite examples, want some of each scope", len(sites))
	}
	for _, p := range sites {
		waitReady(f, p)
		// https is enforced once the certificate is issued: after Ready.
		f.eventually(p.GetName()+" as declared", func() string {
			got := get(f, p)
			obs, want := got.Observation(), got.Parameters()
			if ptr.Deref(obs.BuildType, "") != want.BuildType || ptr.Deref(obs.CNAME, "") != ptr.Deref(want.CNAME, "") ||
				(want.HTTPSEnforced != nil && ptr.Deref(obs.HTTPSEnforced, false) != *want.HTTPSEnforced) {
				return fmt.Sprintf("GitHub's site: build %s, cname %q, https %t", ptr.Deref(obs.BuildType, ""), ptr.Deref(obs.CNAME, ""), ptr.Deref(obs.HTTPSEnforced, false))
			}
			return ""
		})
	}
}

// Every declared field changed on GitHub is put back: the build type
// (with the source it builds from), the custom domain (whose certificate
// is then waited for again) and https enforcement.
func TestPagesSiteDrift(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.pagesRepository()
		o := f.newPagesSite(s, "site", "/docs")
		o.Parameters().CNAME, o.Parameters().HTTPSEnforced = ptr.To("docs.example.com"), ptr.To(true)
		f.must(kube.Create(f.ctx, o))
		declared := func(what string) {
			f.eventually(what, func() string {
				p := f.ghPages()
				if p["build_type"] != "legacy" || fmt.Sprint(p["source"]) != "map[branch:main path:/docs]" ||
					p["cname"] != "docs.example.com" || !httpsEnforced(p) {
					return fmt.Sprintf("GitHub's site: build %v, source %v, cname %v, https %v", p["build_type"], p["source"], p["cname"], p["https_enforced"])
				}
				return ""
			})
		}
		declared("the site as declared, https once the certificate came")
		waitReady(f, o)

		f.ghMust(http.StatusNoContent, goodToken, http.MethodPut, pagesPath, `{"build_type":"workflow"}`)
		declared("the build type put back")
		f.ghMust(http.StatusNoContent, goodToken, http.MethodPut, pagesPath, `{"cname":null}`)
		declared("the custom domain put back, and https after its new certificate")
		f.ghMust(http.StatusNoContent, goodToken, http.MethodPut, pagesPath, `{"https_enforced":false}`)
		declared("https enforcement put back")
		waitReady(f, o)
		pagesQuiet(t, f, "drift corrected")
	})
}

// httpsEnforced tells whether GitHub's site p enforces https.
func httpsEnforced(p map[string]any) bool {
	on, _ := p["https_enforced"].(bool)
	return on
}
