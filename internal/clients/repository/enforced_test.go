package repository

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestEnforcement(t *testing.T) {
	const ss, pp = "securityAndAnalysis.secretScanning", "securityAndAnalysis.secretScanningPushProtection"
	p := &common.RepositoryParameters{SecurityAndAnalysis: &common.SecurityAndAnalysis{SecretScanning: ptr.To(false), SecretScanningPushProtection: ptr.To(true)}}
	cfg := func(status, enforcement string, f func(*github.CodeSecurityConfiguration)) *github.RepoCodeSecurityConfiguration {
		c := &github.CodeSecurityConfiguration{ID: 7, Name: "strict", CodeSecurityFeatures: github.CodeSecurityFeatures{
			SecretScanning: "enabled", SecretScanningPushProtection: "not_set", Enforcement: enforcement}}
		if f != nil {
			f(c)
		}
		return &github.RepoCodeSecurityConfiguration{Status: status, Configuration: c}
	}
	cases := map[string]struct {
		reason   string
		a        *github.RepoCodeSecurityConfiguration
		drifting []string
		want     *common.SecurityEnforcement
	}{
		"None":       {reason: "no configuration holds nothing", drifting: []string{ss}},
		"Unenforced": {reason: "an unenforced configuration holds nothing", a: cfg("attached", "unenforced", nil), drifting: []string{ss}},
		"Detached":   {reason: "a detached configuration holds nothing", a: cfg("detached", "enforced", nil), drifting: []string{ss}},
		"Holds": {reason: "an enforced configuration holds the drifting feature it sets otherwise", a: cfg("attached", "enforced", nil), drifting: []string{ss, pp},
			want: &common.SecurityEnforcement{Name: "strict", ID: 7, Fields: []string{ss}}},
		"Attaching": {reason: "an attachment under way already holds", a: cfg("attaching", "enforced", nil), drifting: []string{ss},
			want: &common.SecurityEnforcement{Name: "strict", ID: 7, Fields: []string{ss}}},
		"NotSetHoldsNothing": {reason: "a feature the configuration leaves not_set is the repository's", a: cfg("attached", "enforced", nil), drifting: []string{pp}},
		"SameValue": {reason: "a configuration setting the declared value does not hold it (the write is allowed)",
			a: cfg("attached", "enforced", func(c *github.CodeSecurityConfiguration) { c.SecretScanning = "disabled" }), drifting: []string{ss}},
		"NotDrifting": {reason: "only drifting fields are held", a: cfg("attached", "enforced", nil), drifting: []string{pp}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Enforcement(p, tc.a, tc.drifting)); diff != "" {
				t.Errorf("\n%s\nEnforcement(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestHeldAndFeatureDrift(t *testing.T) {
	d := []string{"hasWiki", "securityAndAnalysis.secretScanning", "securityAndAnalysis.secretScanningDelegatedBypass", "securityAndAnalysis.advancedSecurity"}
	if diff := cmp.Diff([]string{"securityAndAnalysis.advancedSecurity", "securityAndAnalysis.secretScanning"}, SecurityFeatureDrift(d)); diff != "" {
		t.Errorf("SecurityFeatureDrift(...): the features, not delegated bypass: -want, +got:\n%s", diff)
	}
	e := &common.SecurityEnforcement{Fields: []string{"securityAndAnalysis.secretScanning"}}
	want := []string{"hasWiki", "securityAndAnalysis.secretScanningDelegatedBypass", "securityAndAnalysis.advancedSecurity"}
	if diff := cmp.Diff(want, Held(d, e)); diff != "" {
		t.Errorf("Held(...): -want, +got:\n%s", diff)
	}
	if diff := cmp.Diff(d, Held(d, nil)); diff != "" {
		t.Errorf("Held(..., nil) changed the drift: -want, +got:\n%s", diff)
	}
	if len(d) != 4 {
		t.Errorf("Held(...) changed its argument: %v", d)
	}
}
