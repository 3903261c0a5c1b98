package importer

import (
	"context"
	"strconv"
	"strings"
	"testing"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// An organization's code security configuration is imported with every
// feature, its default for new repositories and its attached repositories
// (by reference where their Repository is imported, by name where not).
// GitHub's built-in one (GitHub recommended, target type global), which
// every organization's list shows, is left out.
func TestImportCodeSecurityConfigurations(t *testing.T) {
	ctx := context.Background()
	s, emu := newTestSessionOn(t, orgRulesetSeed, "Repository", "CodeSecurityConfiguration")
	api, lib := repoIDOf(t, emu, "api"), repoIDOf(t, emu, "lib")
	s.repoNames = map[int64]string{api: "api", lib: "lib"}
	c := gh.NewCodeSecurityConfigurationsClient(s.GitHub)
	created, err := c.CreateCodeSecurityConfiguration(ctx, "acme", &gh.CodeSecurityConfigurationRequest{Name: "strict",
		CodeSecurityFeatures: gh.CodeSecurityFeatures{Description: "Everything on", SecretScanning: "enabled"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.SetCodeSecurityDefault(ctx, "acme", created.ID, "public"); err != nil {
		t.Fatal(err)
	}
	if err := c.AttachCodeSecurityConfiguration(ctx, "acme", created.ID, "selected", []int64{api, lib}); err != nil {
		t.Fatal(err)
	}
	rs, err := codeSecurityConfigurationKind.Import(ctx, s, nil)
	if err != nil {
		t.Fatal(err)
	}
	id := strconv.FormatInt(created.ID, 10)
	want := []Resource{{Kind: "CodeSecurityConfiguration", Group: "org", Key: id, ExternalName: id,
		Notes: []string{`Code security configuration "strict".`},
		ForProvider: orgcommon.CodeSecurityConfigurationParameters{OrganizationTarget: orgcommon.OrganizationTarget{Organization: ptr.To("acme")},
			Name: "strict", Description: "Everything on", AdvancedSecurity: "disabled",
			DependencyGraph: "enabled", DependencyGraphAutosubmitAction: "disabled", DependabotAlerts: "disabled", DependabotSecurityUpdates: "disabled",
			CodeScanningDefaultSetup: "disabled", CodeScanningDelegatedAlertDismissal: "not_set", SecretScanning: "enabled",
			SecretScanningPushProtection: "disabled", SecretScanningDelegatedBypass: "disabled", SecretScanningValidityChecks: "disabled",
			SecretScanningNonProviderPatterns: "disabled", SecretScanningGenericSecrets: "disabled", SecretScanningDelegatedAlertDismissal: "disabled",
			PrivateVulnerabilityReporting: "disabled", Enforcement: "enforced", DefaultForNewRepos: "public",
			AttachTo: &orgcommon.CodeSecurityAttachment{Scope: "selected", Repositories: []string{"lib"}, RepositoryRefs: []xpv2.Reference{xpv2Ref("api")}}}}}
	if diff := cmp.Diff(want, rs); diff != "" {
		t.Errorf("the imported configurations: -want, +got:\n%s", diff)
	}
}

// Bypass reviewers, which GitHub reports by id, are imported as a person
// declares them: a team by slug, a role by name; an id neither names stays
// an id. Teams and roles are listed once for every configuration.
func TestImportCodeSecurityConfigurationReviewers(t *testing.T) {
	ctx := context.Background()
	s, emu := newTestSessionOn(t, orgRulesetSeed, "CodeSecurityConfiguration")
	c := gh.NewCodeSecurityConfigurationsClient(s.GitHub)
	for _, name := range []string{"first", "second"} {
		if _, err := c.CreateCodeSecurityConfiguration(ctx, "acme", &gh.CodeSecurityConfigurationRequest{Name: name,
			CodeSecurityFeatures: gh.CodeSecurityFeatures{Description: "Reviewed bypasses", SecretScanning: "enabled", SecretScanningPushProtection: "enabled",
				SecretScanningDelegatedBypass: "enabled", SecretScanningDelegatedBypassOptions: &gh.DelegatedBypassOptions{Reviewers: []gh.BypassReviewer{
					{ReviewerID: 42, ReviewerType: "TEAM"}, {ReviewerID: 138, ReviewerType: "ROLE"}, {ReviewerID: 777, ReviewerType: "TEAM"}}}}}); err != nil {
			t.Fatal(err)
		}
	}
	before := len(emu.Requests())
	rs, err := codeSecurityConfigurationKind.Import(ctx, s, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 2 {
		t.Fatalf("imported %d configurations, want 2", len(rs))
	}
	want := []orgcommon.BypassReviewer{{ReviewerType: "TEAM", TeamSlug: ptr.To("platform")}, {ReviewerType: "ROLE", RoleName: ptr.To("security_manager")},
		{ReviewerType: "TEAM", ReviewerID: ptr.To[int64](777)}}
	for _, r := range rs {
		p := r.ForProvider.(orgcommon.CodeSecurityConfigurationParameters)
		if diff := cmp.Diff(&orgcommon.DelegatedBypassOptions{Reviewers: want}, p.SecretScanningDelegatedBypassOptions); diff != "" {
			t.Errorf("%s: the imported reviewers: -want, +got:\n%s", p.Name, diff)
		}
	}
	lists := map[string]int{}
	for _, q := range emu.Requests()[before:] {
		path, _, _ := strings.Cut(strings.TrimPrefix(q.Path, "/api/v3"), "?")
		if path == "/orgs/acme/teams" || path == "/orgs/acme/organization-roles" {
			lists[path]++
		}
	}
	if len(lists) != 2 || lists["/orgs/acme/teams"] != 1 || lists["/orgs/acme/organization-roles"] != 1 {
		t.Errorf("the teams and roles were listed %v times, want once each", lists)
	}
}
