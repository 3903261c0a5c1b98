package codesecurityconfiguration

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// declared is a spec with every feature as its CRD defaults it.
func declared(m ...func(*common.CodeSecurityConfigurationParameters)) common.CodeSecurityConfigurationParameters {
	p := common.CodeSecurityConfigurationParameters{Name: "a", Description: "d", AdvancedSecurity: "disabled",
		DependencyGraph: "enabled", DependencyGraphAutosubmitAction: "disabled", DependabotAlerts: "disabled", DependabotSecurityUpdates: "disabled",
		CodeScanningDefaultSetup: "disabled", CodeScanningDelegatedAlertDismissal: "not_set", SecretScanning: "disabled",
		SecretScanningPushProtection: "disabled", SecretScanningDelegatedBypass: "disabled", SecretScanningValidityChecks: "disabled",
		SecretScanningNonProviderPatterns: "disabled", SecretScanningGenericSecrets: "disabled", SecretScanningDelegatedAlertDismissal: "disabled",
		PrivateVulnerabilityReporting: "disabled", Enforcement: "enforced", DefaultForNewRepos: "none"}
	for _, f := range m {
		f(&p)
	}
	return p
}

// answered is GitHub's configuration made from p's request.
func answered(p common.CodeSecurityConfigurationParameters, reviewers []github.BypassReviewer, m ...func(*github.CodeSecurityConfiguration)) github.CodeSecurityConfiguration {
	r := Request(&p, reviewers)
	got := github.CodeSecurityConfiguration{ID: 7, Name: r.Name, TargetType: TargetOrganization, CodeSecurityFeatures: r.CodeSecurityFeatures}
	for _, f := range m {
		f(&got)
	}
	return got
}

func TestDrift(t *testing.T) {
	bypass := func(p *common.CodeSecurityConfigurationParameters) {
		p.SecretScanningDelegatedBypass = Enabled
		p.SecretScanningDelegatedBypassOptions = &common.DelegatedBypassOptions{Reviewers: []common.BypassReviewer{
			{ReviewerType: "TEAM", TeamSlug: ptr.To("security")}, {ReviewerType: "ROLE", ReviewerID: ptr.To[int64](5)}}}
	}
	resolved := []github.BypassReviewer{{ReviewerID: 42, ReviewerType: "TEAM"}, {ReviewerID: 5, ReviewerType: "ROLE"}}
	cases := map[string]struct {
		reason    string
		p         common.CodeSecurityConfigurationParameters
		reviewers []github.BypassReviewer
		got       github.CodeSecurityConfiguration
		want      []string
	}{
		"UpToDate": {
			reason: "a configuration as declared has no drift",
			p:      declared(),
			got:    answered(declared(), nil),
		},
		"Description": {
			reason: "another description is drift",
			p:      declared(),
			got:    answered(declared(), nil, func(g *github.CodeSecurityConfiguration) { g.Description = "e" }),
			want:   []string{"description"},
		},
		"Renamed": {
			reason: "another name is drift: the update renames it back",
			p:      declared(),
			got:    answered(declared(), nil, func(g *github.CodeSecurityConfiguration) { g.Name = "b" }),
			want:   []string{"name"},
		},
		"Features": {
			reason: "a feature switched on GitHub is drift, each by its field",
			p:      declared(),
			got: answered(declared(), nil, func(g *github.CodeSecurityConfiguration) {
				g.SecretScanning, g.Enforcement, g.AdvancedSecurity = "enabled", "unenforced", "code_security"
			}),
			want: []string{"advancedSecurity", "secretScanning", "enforcement"},
		},
		"RunnerLabel": {
			reason: "another runner label is drift",
			p: declared(func(p *common.CodeSecurityConfigurationParameters) {
				p.CodeScanningDefaultSetup = Enabled
				p.CodeScanningDefaultSetupOptions = &common.CodeScanningDefaultSetupOptions{RunnerType: "labeled", RunnerLabel: ptr.To("x")}
			}),
			got: answered(declared(func(p *common.CodeSecurityConfigurationParameters) { p.CodeScanningDefaultSetup = Enabled }), nil,
				func(g *github.CodeSecurityConfiguration) {
					g.CodeScanningDefaultSetupOptions = &github.CodeScanningDefaultSetupOptions{RunnerType: ptr.To("labeled"), RunnerLabel: ptr.To("y")}
				}),
			want: []string{"codeScanningDefaultSetupOptions"},
		},
		"OptionsUnset": {
			reason: "options left unset are GitHub's to keep",
			p:      declared(func(p *common.CodeSecurityConfigurationParameters) { p.DependencyGraphAutosubmitAction = Enabled }),
			got: answered(declared(func(p *common.CodeSecurityConfigurationParameters) { p.DependencyGraphAutosubmitAction = Enabled }), nil,
				func(g *github.CodeSecurityConfiguration) {
					g.DependencyGraphAutosubmitActionOptions = &github.AutosubmitActionOptions{LabeledRunners: ptr.To(true)}
				}),
		},
		"ReviewersInAnotherOrder": {
			reason:    "the same reviewers in another order are no drift",
			p:         declared(bypass),
			reviewers: resolved,
			got:       answered(declared(bypass), []github.BypassReviewer{resolved[1], resolved[0]}),
		},
		"ReviewerRemoved": {
			reason:    "a reviewer removed on GitHub is drift",
			p:         declared(bypass),
			reviewers: resolved,
			got:       answered(declared(bypass), resolved[:1]),
			want:      []string{"secretScanningDelegatedBypassOptions"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Drift(&tc.p, tc.reviewers, &tc.got)); diff != "" {
				t.Errorf("%s\nDrift(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestReviewers(t *testing.T) {
	p := declared(func(p *common.CodeSecurityConfigurationParameters) {
		p.SecretScanningDelegatedBypassOptions = &common.DelegatedBypassOptions{Reviewers: []common.BypassReviewer{
			{ReviewerType: "TEAM", TeamSlug: ptr.To("security")}, {ReviewerType: "ROLE", ReviewerID: ptr.To[int64](5)}}}
	})
	want := []github.BypassReviewer{{ReviewerID: 42, ReviewerType: "TEAM"}, {ReviewerID: 5, ReviewerType: "ROLE"}}
	if diff := cmp.Diff(want, Reviewers(&p, map[int]int64{0: 42})); diff != "" {
		t.Errorf("Reviewers(...): -want, +got:\n%s", diff)
	}
	if got := Reviewers(ptr.To(declared()), nil); got != nil {
		t.Errorf("Reviewers without options = %v, want none", got)
	}
}

func TestObservation(t *testing.T) {
	got := answered(declared(), nil)
	a := github.CodeSecurityAttachment{Status: "attaching"}
	a.Repository.ID, a.Repository.Name = 3, "r"
	o := Observation("o", &got, "public", []github.CodeSecurityAttachment{a})
	want := common.CodeSecurityConfigurationObservation{Organization: ptr.To("o"), ID: ptr.To[int64](7), Name: ptr.To("a"),
		TargetType: ptr.To(TargetOrganization), DefaultForNewRepos: ptr.To("public"),
		Repositories: []common.AttachedRepository{{ID: 3, Name: "r", Status: "attaching"}}}
	if diff := cmp.Diff(want, o); diff != "" {
		t.Errorf("Observation(...): -want, +got:\n%s", diff)
	}
}

func TestDefaultFor(t *testing.T) {
	defaults := []github.CodeSecurityDefault{{DefaultForNewRepos: "public", Configuration: &github.CodeSecurityConfiguration{ID: 7}}}
	if got := DefaultFor(defaults, 7); got != "public" {
		t.Errorf("DefaultFor(7) = %q, want public", got)
	}
	if got := DefaultFor(defaults, 8); got != None {
		t.Errorf("DefaultFor(8) = %q, want none", got)
	}
}

func TestAttaching(t *testing.T) {
	at := func(id int64, name, status string) github.CodeSecurityAttachment {
		a := github.CodeSecurityAttachment{Status: status}
		a.Repository.ID, a.Repository.Name = id, name
		return a
	}
	selected := &common.CodeSecurityAttachment{Scope: Selected}
	cases := map[string]struct {
		reason    string
		a         *common.CodeSecurityAttachment
		want      []int64
		lastScope string
		attached  []github.CodeSecurityAttachment
		out       Attachment
	}{
		"Unset": {
			reason:   "without attachTo nothing is attached or detached",
			attached: []github.CodeSecurityAttachment{at(1, "a", "attached")},
		},
		"SelectedMissing": {
			reason: "a selected repository not attached is attached",
			a:      selected, want: []int64{1, 2},
			attached: []github.CodeSecurityAttachment{at(1, "a", "attached")},
			out:      Attachment{Attach: true, IDs: []int64{2}},
		},
		"SelectedExtra": {
			reason: "a repository attached but not selected is detached",
			a:      selected, want: []int64{1},
			attached: []github.CodeSecurityAttachment{at(1, "a", "attached"), at(3, "c", "attached")},
			out:      Attachment{Detach: []int64{3}},
		},
		"Pending": {
			reason: "a repository GitHub is still attaching is pending, by name",
			a:      selected, want: []int64{1},
			attached: []github.CodeSecurityAttachment{at(1, "a", "attaching")},
			out:      Attachment{Pending: []string{"a"}},
		},
		"ScopeOnce": {
			reason: "a scope other than selected is attached once",
			a:      &common.CodeSecurityAttachment{Scope: "public"}, lastScope: "public",
		},
		"ScopeChanged": {
			reason: "a scope other than the last attached is attached",
			a:      &common.CodeSecurityAttachment{Scope: "all"}, lastScope: "public",
			out: Attachment{Attach: true},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.out, Attaching(tc.a, tc.want, tc.lastScope, tc.attached)); diff != "" {
				t.Errorf("%s\nAttaching(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

// The imported spec of a configuration is GitHub's, with nothing to change.
func TestImported(t *testing.T) {
	for name, got := range map[string]github.CodeSecurityConfiguration{
		"Defaults": answered(declared(), nil),
		"WithOptions": answered(declared(func(p *common.CodeSecurityConfigurationParameters) {
			p.CodeScanningDefaultSetup, p.SecretScanningDelegatedBypass, p.DependencyGraphAutosubmitAction = Enabled, Enabled, Enabled
			p.CodeScanningDefaultSetupOptions = &common.CodeScanningDefaultSetupOptions{RunnerType: "labeled", RunnerLabel: ptr.To("x")}
			p.DependencyGraphAutosubmitActionOptions = &common.AutosubmitActionOptions{LabeledRunners: true}
			p.SecretScanningDelegatedBypassOptions = &common.DelegatedBypassOptions{Reviewers: []common.BypassReviewer{{ReviewerType: "ROLE", ReviewerID: ptr.To[int64](5)}}}
		}), []github.BypassReviewer{{ReviewerID: 5, ReviewerType: "ROLE"}}),
	} {
		t.Run(name, func(t *testing.T) {
			p := Imported(&got, "public")
			if p.Name != got.Name || p.DefaultForNewRepos != "public" {
				t.Errorf("Imported(%+v) = %+v", got, p)
			}
			if d := Drift(&p, Reviewers(&p, nil), &got); d != nil {
				t.Errorf("the imported spec drifts from GitHub's configuration in %v", d)
			}
		})
	}
}

// FindByName finds only the organization's own configurations: GitHub's
// built-in (global) one of the same name is never the declared one.
func TestFindByName(t *testing.T) {
	list := []github.CodeSecurityConfiguration{{ID: 17, Name: "GitHub recommended", TargetType: "global"}, {ID: 3, Name: "strict", TargetType: "organization"},
		{ID: 4, Name: "summary"}}
	cases := map[string]struct {
		name string
		want int64
	}{
		"Own":               {name: "strict", want: 3},
		"NoTargetType":      {name: "summary", want: 4},
		"GitHubsOwn":        {name: "GitHub recommended"},
		"NoneOfThatName":    {name: "other"},
		"CaseIsSignificant": {name: "STRICT"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			var got int64
			if c := FindByName(list, tc.name); c != nil {
				got = c.ID
			}
			if got != tc.want {
				t.Errorf("FindByName(%q) = id %d, want %d", tc.name, got, tc.want)
			}
		})
	}
}
