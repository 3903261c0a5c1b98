package codesecurityconfiguration

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/internal/admission"
	"github.com/crossplane-github/provider-github/internal/clients/internal/fuzzemu"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// FuzzCodeSecurityConfigurationConverges creates, in an organization of the
// emulator, the configuration of any spec the API server admits (its
// defaults applied), with the mapping's request and its bypass reviewers
// resolved as the controller resolves them (team platform by slug is 7),
// and requires the configuration read back to show no drift, after the
// create or else after one update. The default for new repositories and
// the attachment are left out: they are other calls.
func FuzzCodeSecurityConfigurationConverges(f *testing.F) {
	schema, err := admission.Load("org.github.crossplane.io_codesecurityconfigurations.yaml")
	if err != nil {
		f.Fatal(err)
	}
	seed := emulator.DefaultSeed()
	seed.Teams = append(seed.Teams, emulator.SeedTeam{ID: 7, Org: "demo-org", Name: "platform"})
	emu := fuzzemu.New(f, seed)
	full, _ := json.Marshal(&orgcommon.CodeSecurityConfigurationParameters{Name: "strict", Description: "everything",
		AdvancedSecurity: "secret_protection", DependencyGraphAutosubmitAction: "enabled",
		DependencyGraphAutosubmitActionOptions: &orgcommon.AutosubmitActionOptions{LabeledRunners: true},
		CodeScanningDefaultSetup:               "enabled",
		CodeScanningDefaultSetupOptions:        &orgcommon.CodeScanningDefaultSetupOptions{RunnerType: "labeled", RunnerLabel: ptr.To("scan")},
		SecretScanning:                         "enabled", SecretScanningDelegatedBypass: "enabled",
		SecretScanningDelegatedBypassOptions: &orgcommon.DelegatedBypassOptions{Reviewers: []orgcommon.BypassReviewer{
			{ReviewerType: "TEAM", TeamSlug: ptr.To("platform")}, {ReviewerType: "ROLE", ReviewerID: ptr.To[int64](5)}}},
		Enforcement: "unenforced", PrivateVulnerabilityReporting: "not_set"})
	f.Add(string(full))
	f.Add(`{"name":"x","description":"y"}`)
	f.Add(`{"name":"x","description":"y","codeScanningDefaultSetup":"enabled","codeScanningDefaultSetupOptions":{"runnerType":"standard"}}`)
	f.Add(`{"name":"x","description":"y","secretScanningDelegatedBypass":"enabled","secretScanningDelegatedBypassOptions":{"reviewers":[]}}`)
	f.Fuzz(func(t *testing.T, spec string) {
		p := &orgcommon.CodeSecurityConfigurationParameters{}
		if json.Unmarshal([]byte(spec), p) != nil {
			return
		}
		p.Organization = ptr.To("demo-org")
		if p = admission.As[orgcommon.CodeSecurityConfigurationParameters](t, schema, p); p == nil {
			return
		}
		teams := map[int]int64{}
		if o := p.SecretScanningDelegatedBypassOptions; o != nil {
			for i, r := range o.Reviewers {
				if r.TeamSlug != nil {
					if *r.TeamSlug != "platform" {
						return // the controller reports an unknown team instead of writing
					}
					teams[i] = 7
				}
			}
		}
		converge(t, github.NewCodeSecurityConfigurationsClient(emu.Begin(t)), p, Reviewers(p, teams))
	})
}

// converge creates the configuration of p in demo-org and requires it to
// converge (see FuzzCodeSecurityConfigurationConverges).
func converge(t *testing.T, api *github.CodeSecurityConfigurationsClient, p *orgcommon.CodeSecurityConfigurationParameters, reviewers []github.BypassReviewer) {
	t.Helper()
	ctx := context.Background()
	created, err := api.CreateCodeSecurityConfiguration(ctx, "demo-org", Request(p, reviewers))
	if err != nil {
		fuzzemu.RequireRefusal(t, "creating the configuration", err)
		return
	}
	defer func() {
		if err := api.DeleteCodeSecurityConfiguration(ctx, "demo-org", created.ID); err != nil {
			t.Errorf("deleting configuration %d: %v", created.ID, err)
		}
	}()
	got, err := api.GetCodeSecurityConfiguration(ctx, "demo-org", created.ID)
	if err != nil {
		t.Fatalf("GetCodeSecurityConfiguration(%d) after creating it: %v", created.ID, err)
	}
	if d := Drift(p, reviewers, got); len(d) > 0 {
		t.Logf("drift after the create: %v", d)
		if _, err := api.UpdateCodeSecurityConfiguration(ctx, "demo-org", got.ID, Request(p, reviewers)); err != nil {
			t.Fatalf("UpdateCodeSecurityConfiguration(...) of a configuration just created from the same spec: %v", err)
		}
		if got, err = api.GetCodeSecurityConfiguration(ctx, "demo-org", created.ID); err != nil {
			t.Fatalf("GetCodeSecurityConfiguration(%d) after updating it: %v", created.ID, err)
		}
		if d := Drift(p, reviewers, got); len(d) > 0 {
			b, _ := json.Marshal(got)
			t.Fatalf("drift after the create and an update: %s\nGitHub has %s", strings.Join(d, ", "), b)
		}
	}
	if o := Observation("demo-org", got, None, nil); ptr.Deref(o.ID, 0) != created.ID {
		t.Errorf("Observation(...): id %v, want %d", o.ID, created.ID)
	}
}
