package repository

import (
	"encoding/json"
	"testing"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/convergetest"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// FuzzRepositoryConverges creates the repository of any spec the CRD
// admits through our client on the emulator, as the controller does
// (create, then the settings, security, topics and alerts steps of an
// update, archiving last), and requires that it reads back converged:
// no drift, and a late initialization that adds none. A refusal is an
// acceptable end only when it is GitHub's, worded, and GitHub has a reason
// a user could see.
func FuzzRepositoryConverges(f *testing.F) {
	schema := convergetest.Schema(f, "repo.github.m.crossplane.io_repositories.yaml")
	f.Add(`{}`)
	f.Add(`{"description":"a repo","homepage":"https://example.com","visibility":"private","hasIssues":false,"hasWiki":false,"hasProjects":false,"topics":["go","k8s"]}`)
	f.Add(`{"autoInit":true,"gitignoreTemplate":"Go","licenseTemplate":"mit","defaultBranch":"main","deleteBranchOnMerge":true,"allowAutoMerge":true}`)
	f.Add(`{"allowSquashMerge":true,"squashMergeCommitTitle":"COMMIT_OR_PR_TITLE","squashMergeCommitMessage":"COMMIT_MESSAGES","allowMergeCommit":false,"allowRebaseMerge":false}`)
	f.Add(`{"mergeCommitTitle":"PR_TITLE","mergeCommitMessage":"PR_BODY","isTemplate":true,"hasDiscussions":true}`)
	f.Add(`{"archived":true,"description":"frozen"}`)
	f.Add(`{"vulnerabilityAlerts":true,"securityAndAnalysis":{"secretScanning":true,"secretScanningPushProtection":true}}`)
	f.Add(`{"visibility":"public","privateVulnerabilityReporting":true,"immutableReleases":true}`)
	f.Add(`{"privateVulnerabilityReporting":false,"immutableReleases":false,"archived":true}`)
	f.Add(`{"visibility":"internal","description":"ünïcödé ✓ \u0000 <b>"}`)
	f.Add(`{"topics":[]}`)
	f.Add(`{"customProperties":{"environment":{"value":"production"},"tags":{"values":["pci","sox"]},"team":{"value":"payments"}}}`)
	f.Add(`{"customProperties":{"environment":{"value":"qa"},"nope":{"value":"x"}}}`) // refused by GitHub: not allowed, not defined
	f.Fuzz(func(t *testing.T, spec string) {
		in := &common.RepositoryParameters{}
		if json.Unmarshal([]byte(spec), in) != nil {
			return
		}
		// Where the repository comes from and who owns it are the
		// controller's concern; this is about its settings.
		in.Name, in.Owner, in.Template, in.Fork, in.TeamID = ptr.To("fuzzed"), ptr.To(convergetest.Owner), nil, nil, nil
		p := convergetest.Admit(t, schema, in)
		if p == nil || ptr.Deref(p.Visibility, "") == "internal" {
			// internal is for organizations of an enterprise account;
			// api.github.com's description, the emulator's contract,
			// has public and private only.
			return
		}
		gh, _ := convergetest.Start(t)
		api := struct {
			*github.ReposClient
			*github.TopicsClient
			*github.VulnerabilityAlertsClient
			*github.CustomPropertiesClient
			*github.ReleaseSecurityClient
		}{github.NewReposClient(gh), github.NewTopicsClient(gh), github.NewVulnerabilityAlertsClient(gh), github.NewCustomPropertiesClient(gh),
			github.NewReleaseSecurityClient(gh)}
		ctx := t.Context()
		defineFuzzProperties(t, api.CustomPropertiesClient)

		r, err := api.Create(ctx, convergetest.Owner, CreateRequest(p, "fuzzed"))
		if convergetest.Refused(t, "create", err) {
			return
		}
		if q := SettingsRequest(p, r); q != nil {
			if r, err = api.Edit(ctx, r.Owner.Login, r.Name, q); convergetest.Refused(t, "settings", err) {
				return
			}
		}
		if q := SecurityRequest(p, r); q != nil {
			if r, err = api.Edit(ctx, r.Owner.Login, r.Name, q); convergetest.Refused(t, "security features", err) {
				return
			}
		}
		if !TopicsUpToDate(p.Topics, r.Topics) {
			if err := api.ReplaceTopics(ctx, r.Owner.Login, r.Name, p.Topics); convergetest.Refused(t, "topics", err) {
				return
			}
		}
		if p.VulnerabilityAlerts != nil {
			if err := api.SetVulnerabilityAlerts(ctx, r.Owner.Login, r.Name, *p.VulnerabilityAlerts); convergetest.Refused(t, "alerts", err) {
				return
			}
		}
		if p.PrivateVulnerabilityReporting != nil {
			if err := api.SetPrivateVulnerabilityReporting(ctx, r.Owner.Login, r.Name, *p.PrivateVulnerabilityReporting); convergetest.Refused(t, "private vulnerability reporting", err) {
				return
			}
		}
		if p.ImmutableReleases != nil {
			if err := api.SetImmutableReleases(ctx, r.Owner.Login, r.Name, *p.ImmutableReleases); convergetest.Refused(t, "immutable releases", err) {
				return
			}
		}
		q, err := PropertiesRequest(p.CustomProperties, r.CustomProperties)
		if err != nil {
			t.Fatalf("spec %s: custom properties the CRD admitted: %v", spec, err)
		}
		if len(q) > 0 {
			if err := api.SetCustomPropertyValues(ctx, r.Owner.Login, r.Name, q); convergetest.Refused(t, "custom properties", err) {
				return
			}
		}
		if ptr.Deref(p.Archived, false) {
			if _, err := api.Edit(ctx, r.Owner.Login, r.Name, &github.RepositoryRequest{Archived: ptr.To(true)}); convergetest.Refused(t, "archive", err) {
				return
			}
		}

		got, err := api.Get(ctx, convergetest.Owner, "fuzzed")
		if err != nil {
			t.Fatalf("reading the repository back: %v", err)
		}
		a := Actual{Repo: got}
		if p.VulnerabilityAlerts != nil {
			on, err := api.VulnerabilityAlerts(ctx, got.Owner.Login, got.Name)
			if err != nil {
				t.Fatalf("reading the vulnerability alerts back: %v", err)
			}
			a.VulnerabilityAlerts = &on
		}
		if p.PrivateVulnerabilityReporting != nil {
			on, err := api.PrivateVulnerabilityReporting(ctx, got.Owner.Login, got.Name)
			if err != nil {
				t.Fatalf("reading private vulnerability reporting back: %v", err)
			}
			a.PrivateVulnerabilityReporting = &on
		}
		if p.ImmutableReleases != nil {
			imm, err := api.ImmutableReleases(ctx, got.Owner.Login, got.Name)
			if err != nil {
				t.Fatalf("reading immutable releases back: %v", err)
			}
			a.ImmutableReleases = &imm
		}
		if d := Drift(p, "fuzzed", a); len(d) > 0 {
			t.Fatalf("spec %s: drift after the create and its update: %v", spec, d)
		}
		li := p.DeepCopy()
		LateInitialize(li, convergetest.Owner, "fuzzed", got)
		if d := Drift(li, "fuzzed", a); len(d) > 0 {
			t.Fatalf("spec %s: late initialization added drift: %v", spec, d)
		}
		if o := Observation(got); ptr.Deref(o.FullName, "") != convergetest.Owner+"/fuzzed" {
			t.Fatalf("observation names %v, want %s/fuzzed", o.FullName, convergetest.Owner)
		}
	})
}

// defineFuzzProperties gives the fuzz organization custom properties of
// every type for a fuzzed spec to set.
func defineFuzzProperties(t *testing.T, api *github.CustomPropertiesClient) {
	t.Helper()
	for name, r := range map[string]*github.CustomPropertyRequest{
		"environment": {ValueType: "single_select", AllowedValues: []string{"production", "development"}},
		"tags":        {ValueType: "multi_select", AllowedValues: []string{"pci", "sox", "gdpr"}},
		"team":        {ValueType: "string"},
		"flag":        {ValueType: "true_false"},
		"docs":        {ValueType: "url"},
	} {
		if _, err := api.PutCustomProperty(t.Context(), convergetest.Owner, name, r); err != nil {
			t.Fatalf("defining custom property %s: %v", name, err)
		}
	}
}
