package integration

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// A public repository's private vulnerability reporting and immutable
// releases are turned on as declared, and set back when changed on GitHub.
func TestRepositoryReleaseSecurity(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.create(s, "guarded", common.RepositoryParameters{Visibility: ptr.To("public"),
			PrivateVulnerabilityReporting: ptr.To(true), ImmutableReleases: ptr.To(true)})
		f.waitReady(s, "guarded")
		if r := mustRepo(f, "guarded"); !r.PrivateVulnerabilityReporting || !r.ImmutableReleases {
			t.Fatalf("after create: private vulnerability reporting %t, immutable releases %t; want both on", r.PrivateVulnerabilityReporting, r.ImmutableReleases)
		}
		for _, field := range []string{"private_vulnerability_reporting", "immutable_releases"} {
			if err := f.emu.State().SetField(owner, "guarded", field, false); err != nil {
				t.Fatalf("emulator SetField(%s): %v", field, err)
			}
		}
		f.eventually("both back on", func() string {
			if r := mustRepo(f, "guarded"); !r.PrivateVulnerabilityReporting || !r.ImmutableReleases {
				return "still off"
			}
			return ""
		})
	})
}

// Immutable releases the organization enforces are the organization's:
// a Repository that declares them off is Ready, says the organization
// enforces them, and never asks GitHub to turn them off (which GitHub
// would refuse).
func TestRepositoryImmutableReleasesTheOrganizationEnforces(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		gh := f.githubClient()
		req, err := gh.NewRequest(http.MethodPut, "orgs/"+owner+"/settings/immutable-releases", map[string]string{"enforced_repositories": "all"})
		f.must(err)
		_, err = gh.Do(f.ctx, req, nil)
		f.must(err)

		since := time.Now()
		f.create(s, "enforced", common.RepositoryParameters{ImmutableReleases: ptr.To(false)})
		r := f.waitReady(s, "enforced")
		if !ptr.Deref(r.Observation().ImmutableReleasesEnforcedByOwner, false) {
			t.Errorf("status.atProvider.immutableReleasesEnforcedByOwner = %v, want true", r.Observation().ImmutableReleasesEnforcedByOwner)
		}
		time.Sleep(2 * pollInterval)
		for _, q := range f.emu.Requests() {
			if q.Method == http.MethodDelete && strings.HasSuffix(q.Path, "/repos/"+owner+"/enforced/immutable-releases") && !q.Time.Before(since) {
				t.Fatalf("the provider asked GitHub to turn off immutable releases the organization enforces: %s %s", q.Method, q.Path)
			}
		}
	})
}

// Private vulnerability reporting of a repository declared private is
// refused at admission: GitHub offers it for public repositories only.
func TestRepositoryPrivateReportingAdmission(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		err := kube.Create(f.ctx, f.repository(s, "refused", "github", common.RepositoryParameters{Visibility: ptr.To("private"),
			PrivateVulnerabilityReporting: ptr.To(true)}))
		if want := "privateVulnerabilityReporting is offered for public repositories only"; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("want the API server to refuse, saying %q; got %v", want, err)
		}
	})
}
