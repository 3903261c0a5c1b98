package repository

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
)

// TestObserveEnforcedByConfiguration: the repository's code security
// configuration is read only when a declared security feature drifts, and
// an enforced one holding it makes the repository up to date (so quiet: its
// verdict is confirmed by conditional reads).
func TestObserveEnforcedByConfiguration(t *testing.T) {
	strict := &github.RepoCodeSecurityConfiguration{Status: "attached", Configuration: &github.CodeSecurityConfiguration{ID: 7, Name: "strict",
		CodeSecurityFeatures: github.CodeSecurityFeatures{SecretScanning: "enabled", Enforcement: "enforced"}}}
	unenforced := &github.RepoCodeSecurityConfiguration{Status: "attached", Configuration: &github.CodeSecurityConfiguration{ID: 8, Name: "loose",
		CodeSecurityFeatures: github.CodeSecurityFeatures{SecretScanning: "enabled", Enforcement: "unenforced"}}}
	held := &common.SecurityEnforcement{Name: "strict", ID: 7, Fields: []string{"securityAndAnalysis.secretScanning"}}
	cases := map[string]struct {
		reason   string
		githubOn bool                                  // GitHub's secret scanning
		recorded *common.SecurityEnforcement           // from an earlier observation
		config   *github.RepoCodeSecurityConfiguration // nil: no read expected
		noConfig bool                                  // a read answered 204
		upToDate bool
		enforced *common.SecurityEnforcement
	}{
		"NoDriftNoRead": {
			reason:   "a repository whose features are as declared spends no request on its configuration",
			upToDate: true,
		},
		"EnforcedHolds": {
			reason:   "drift in a feature an enforced configuration sets is not corrected, and the configuration is reported",
			githubOn: true, config: strict, upToDate: true, enforced: held,
		},
		"UnenforcedDoesNotHold": {
			reason:   "an unenforced configuration leaves the repository's admins free: the drift is corrected",
			githubOn: true, config: unenforced,
		},
		"NoConfiguration": {
			reason:   "a repository without a configuration is corrected",
			githubOn: true, noConfig: true,
		},
		"RecordedButNoLongerEnforced": {
			reason:   "an enforcement recorded earlier is not trusted: the configuration is read again when the repository is observed, and one no longer enforced lets the drift be corrected",
			githubOn: true, recorded: held, config: unenforced,
		},
		"RecordedNoDriftNoRead": {
			reason:   "the features as declared again (the configuration changed): no read, and the record is dropped",
			recorded: held, upToDate: true,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				status := "disabled"
				if tc.githubOn {
					status = "enabled"
				}
				r := ghRepo(func(r *github.Repository) {
					r.SecurityAndAnalysis = &github.SecurityAndAnalysis{SecretScanning: &github.FeatureStatus{Status: status}}
				})
				reads := 0
				api := &mockAPI{MockReposAPI: fake.MockReposAPI{MockGet: func(context.Context, string, string) (*github.Repository, error) { return r, nil }}}
				if tc.config != nil || tc.noConfig {
					api.MockRepoCodeSecurityConfiguration = func(_ context.Context, owner, name string) (*github.RepoCodeSecurityConfiguration, error) {
						reads++
						return tc.config, nil
					}
				}
				mg := s.repository(withExternalName("x"), withID(1), withParams(func(p *common.RepositoryParameters) {
					p.SecurityAndAnalysis = &common.SecurityAndAnalysis{SecretScanning: ptr.To(false)}
				}))
				mg.Observation().SecurityEnforcedBy = tc.recorded
				o, err := s.external(api, "org", nil).Observe(context.Background(), mg)
				if err != nil {
					t.Fatalf("\n%s\nObserve(...): %v", tc.reason, err)
				}
				if o.ResourceUpToDate != tc.upToDate {
					t.Errorf("\n%s\nObserve(...): up to date %v, want %v (diff %q)", tc.reason, o.ResourceUpToDate, tc.upToDate, o.Diff)
				}
				if want := map[bool]int{true: 1}[tc.config != nil || tc.noConfig]; reads != want {
					t.Errorf("\n%s\nObserve(...): %d reads of the configuration, want %d", tc.reason, reads, want)
				}
				if diff := cmp.Diff(tc.enforced, mg.Observation().SecurityEnforcedBy); diff != "" {
					t.Errorf("\n%s\nstatus.atProvider.securityEnforcedBy: -want, +got:\n%s", tc.reason, diff)
				}
				msg := mg.GetCondition("Ready").Message
				if tc.enforced != nil && !strings.Contains(msg, `"strict"`) {
					t.Errorf("\n%s\nthe Ready condition's message names no configuration: %q", tc.reason, msg)
				}
				if tc.enforced == nil && msg != "" {
					t.Errorf("\n%s\nthe Ready condition's message: %q, want none", tc.reason, msg)
				}
			})
		})
	}
}

// TestUpdateLeavesEnforcedFeatures: features an enforced configuration holds
// are not written; the others are.
func TestUpdateLeavesEnforcedFeatures(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		r := ghRepo(func(r *github.Repository) {
			r.SecurityAndAnalysis = &github.SecurityAndAnalysis{SecretScanning: &github.FeatureStatus{Status: "enabled"},
				DependabotSecurityUpdates: &github.FeatureStatus{Status: "disabled"}}
		})
		var sent []*github.SecurityAndAnalysis
		api := &mockAPI{MockReposAPI: fake.MockReposAPI{MockEdit: func(_ context.Context, _, _ string, q *github.RepositoryRequest) (*github.Repository, error) {
			sent = append(sent, q.SecurityAndAnalysis)
			return r, nil
		}}}
		mg := s.repository(withExternalName("x"), withParams(func(p *common.RepositoryParameters) {
			p.SecurityAndAnalysis = &common.SecurityAndAnalysis{SecretScanning: ptr.To(false), DependabotSecurityUpdates: ptr.To(true)}
		}))
		e := &external[Object]{api: api, defaultOwner: "org", observed: r,
			enforced: &common.SecurityEnforcement{Name: "strict", ID: 7, Fields: []string{"securityAndAnalysis.secretScanning"}}}
		if _, err := e.Update(context.Background(), mg); err != nil {
			t.Fatal(err)
		}
		want := []*github.SecurityAndAnalysis{{DependabotSecurityUpdates: &github.FeatureStatus{Status: "enabled"}}}
		if diff := cmp.Diff(want, sent); diff != "" {
			t.Errorf("Update(...): only the feature the configuration does not hold is written: -want, +got:\n%s", diff)
		}
	})
}
