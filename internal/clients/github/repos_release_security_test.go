package github

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/crossplane-github/provider-github/internal/clients/transport"
	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

func TestReleaseSecurity(t *testing.T) {
	ctx := context.Background()
	type want struct {
		reporting bool
		immutable ImmutableReleases
		err       string // in the first error, "" for none
	}
	cases := map[string]struct {
		reason string
		repo   string
		// steps run in order before reading; the first error ends them.
		steps []func(c *ReleaseSecurityClient, repo string) error
		want  want
	}{
		"NewRepository": {
			reason: "A new repository has both off: immutable releases read as off (GitHub's 404), not as an error.",
			repo:   "seeded",
		},
		"BothOn": {
			reason: "Turned on, both read as on, the repository's own choice.",
			repo:   "seeded",
			steps: []func(*ReleaseSecurityClient, string) error{
				func(c *ReleaseSecurityClient, r string) error {
					return c.SetPrivateVulnerabilityReporting(ctx, "demo-org", r, true)
				},
				func(c *ReleaseSecurityClient, r string) error {
					return c.SetImmutableReleases(ctx, "demo-org", r, true)
				},
			},
			want: want{reporting: true, immutable: ImmutableReleases{Enabled: true}},
		},
		"OnThenOff": {
			reason: "Turned off again, both read as off.",
			repo:   "seeded",
			steps: []func(*ReleaseSecurityClient, string) error{
				func(c *ReleaseSecurityClient, r string) error {
					return c.SetPrivateVulnerabilityReporting(ctx, "demo-org", r, true)
				},
				func(c *ReleaseSecurityClient, r string) error {
					return c.SetImmutableReleases(ctx, "demo-org", r, true)
				},
				func(c *ReleaseSecurityClient, r string) error {
					return c.SetPrivateVulnerabilityReporting(ctx, "demo-org", r, false)
				},
				func(c *ReleaseSecurityClient, r string) error {
					return c.SetImmutableReleases(ctx, "demo-org", r, false)
				},
			},
		},
		"ReportingOfAPrivateRepository": {
			reason: "GitHub offers private vulnerability reporting to public repositories only, and says so.",
			repo:   "private-one",
			steps: []func(*ReleaseSecurityClient, string) error{
				func(c *ReleaseSecurityClient, r string) error {
					return c.SetPrivateVulnerabilityReporting(ctx, "demo-org", r, true)
				},
			},
			want: want{err: "only available for public repositories"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			srv, _ := emulatortest.NewServer(t, emulator.Options{Seed: repoSeed()})
			gh, err := transport.NewClient(transport.Config{Credentials: transport.Credentials{Token: "demo-token"}, BaseURL: srv.URL}, testOptionsURL(srv.Client().Transport))
			if err != nil {
				t.Fatalf("NewClient(...): %v", err)
			}
			c := NewReleaseSecurityClient(gh)
			for _, step := range tc.steps {
				if err = step(c, tc.repo); err != nil {
					break
				}
			}
			if tc.want.err != "" || err != nil {
				if err == nil || !strings.Contains(err.Error(), tc.want.err) || tc.want.err == "" {
					t.Fatalf("\n%s\nerror = %v, want one that says %q", tc.reason, err, tc.want.err)
				}
				return
			}
			on, err := c.PrivateVulnerabilityReporting(ctx, "demo-org", tc.repo)
			if err != nil || on != tc.want.reporting {
				t.Errorf("\n%s\nPrivateVulnerabilityReporting(...) = %t, %v; want %t", tc.reason, on, err, tc.want.reporting)
			}
			imm, err := c.ImmutableReleases(ctx, "demo-org", tc.repo)
			if err != nil {
				t.Fatalf("\n%s\nImmutableReleases(...): %v", tc.reason, err)
			}
			if diff := cmp.Diff(tc.want.immutable, imm); diff != "" {
				t.Errorf("\n%s\nImmutableReleases(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

// An organization that enforces immutable releases on a repository makes
// them read as enforced by the owner, and GitHub refuses to turn them off.
func TestImmutableReleasesEnforcedByOrganization(t *testing.T) {
	ctx := context.Background()
	srv, _ := emulatortest.NewServer(t, emulator.Options{Seed: repoSeed()})
	gh, err := transport.NewClient(transport.Config{Credentials: transport.Credentials{Token: "demo-token"}, BaseURL: srv.URL}, testOptionsURL(srv.Client().Transport))
	if err != nil {
		t.Fatalf("NewClient(...): %v", err)
	}
	req, err := gh.NewRequest("PUT", "orgs/demo-org/settings/immutable-releases", map[string]string{"enforced_repositories": "all"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := gh.Do(ctx, req, nil); err != nil {
		t.Fatalf("enforcing immutable releases on demo-org: %v", err)
	}
	c := NewReleaseSecurityClient(gh)
	got, err := c.ImmutableReleases(ctx, "demo-org", "seeded")
	if want := (ImmutableReleases{Enabled: true, EnforcedByOwner: true}); err != nil || got != want {
		t.Errorf("ImmutableReleases(...) = %+v, %v; want %+v", got, err, want)
	}
	if err := c.SetImmutableReleases(ctx, "demo-org", "seeded", false); StatusCode(err) != http.StatusConflict {
		t.Errorf("SetImmutableReleases(false) = %v, want GitHub's 409", err)
	}
}

// An organization's enforcement of immutable releases is set, read, and
// its selected repositories listed.
func TestImmutableReleasesPolicy(t *testing.T) {
	ctx := context.Background()
	srv, _ := emulatortest.NewServer(t, emulator.Options{Seed: repoSeed()})
	gh, err := transport.NewClient(transport.Config{Credentials: transport.Credentials{Token: "demo-token"}, BaseURL: srv.URL}, testOptionsURL(srv.Client().Transport))
	if err != nil {
		t.Fatalf("NewClient(...): %v", err)
	}
	repo, err := NewReposClient(gh).Get(ctx, "demo-org", "seeded")
	if err != nil {
		t.Fatalf("Get(seeded): %v", err)
	}
	c := NewImmutableReleasesPolicyClient(gh)
	if got, err := c.ImmutableReleasesPolicy(ctx, "demo-org"); err != nil || got != "none" {
		t.Errorf("ImmutableReleasesPolicy(...) of a new organization = %q, %v; want none", got, err)
	}
	if err := c.SetImmutableReleasesPolicy(ctx, "demo-org", ImmutableReleasesPolicy{EnforcedRepositories: "selected", SelectedRepositoryIDs: &[]int64{repo.ID}}); err != nil {
		t.Fatalf("SetImmutableReleasesPolicy(selected): %v", err)
	}
	if got, err := c.ImmutableReleasesPolicy(ctx, "demo-org"); err != nil || got != "selected" {
		t.Errorf("ImmutableReleasesPolicy(...) = %q, %v; want selected", got, err)
	}
	listed, err := NewSelectedRepositoriesClient(gh).ListSelectedRepositories(ctx, "demo-org", Shared{ImmutableReleases: true}, "")
	if err != nil || len(listed) != 1 || listed[0].ID != repo.ID {
		t.Errorf("ListSelectedRepositories(immutable releases) = %+v, %v; want seeded", listed, err)
	}
	imm, err := NewReleaseSecurityClient(gh).ImmutableReleases(ctx, "demo-org", "seeded")
	if err != nil || !imm.EnforcedByOwner {
		t.Errorf("ImmutableReleases(seeded) = %+v, %v; want enforced by the organization", imm, err)
	}
}
