// Package codesecurityconfiguration maps CodeSecurityConfiguration resources
// to an organization's code security configurations on GitHub and back: the
// request, the observation, drift, the default for new repositories and the
// attached repositories.
package codesecurityconfiguration

import (
	"fmt"
	"slices"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Enums of GitHub's description.
const (
	Enabled  = "enabled"
	Selected = "selected"
	// None is no default for new repositories.
	None = "none"
	// TargetOrganization is the target type of an organization's own
	// configuration; GitHub's built-in ones are global.
	TargetOrganization = "organization"
)

// Pending are the attachment statuses GitHub has not finished.
var Pending = []string{"attaching", "updating"}

// Own tells whether got is the organization's own configuration, not one
// of GitHub's built-in (global) ones or an enterprise's, which the
// organization cannot change or delete.
func Own(got *github.CodeSecurityConfiguration) bool {
	return got.TargetType == "" || got.TargetType == TargetOrganization
}

// FindByName is the organization's own configuration (Own) of list with the
// declared name; nil when there is none.
func FindByName(list []github.CodeSecurityConfiguration, name string) *github.CodeSecurityConfiguration {
	for i := range list {
		if list[i].Name == name && Own(&list[i]) {
			return &list[i]
		}
	}
	return nil
}

// Reviewers are the declared bypass reviewers with ids resolved: teams by
// slug, roles by name; the resolution of reviewer i is resolved[i].
func Reviewers(p *common.CodeSecurityConfigurationParameters, resolved map[int]int64) []github.BypassReviewer {
	o := p.SecretScanningDelegatedBypassOptions
	if o == nil {
		return nil
	}
	out := make([]github.BypassReviewer, 0, len(o.Reviewers))
	for i, r := range o.Reviewers {
		id := ptr.Deref(r.ReviewerID, resolved[i])
		out = append(out, github.BypassReviewer{ReviewerID: id, ReviewerType: r.ReviewerType})
	}
	return out
}

// Request is the body that creates or updates the declared configuration,
// reviewers being the resolved bypass reviewers (Reviewers).
func Request(p *common.CodeSecurityConfigurationParameters, reviewers []github.BypassReviewer) *github.CodeSecurityConfigurationRequest {
	f := github.CodeSecurityFeatures{
		Description:                           p.Description,
		AdvancedSecurity:                      p.AdvancedSecurity,
		DependencyGraph:                       p.DependencyGraph,
		DependencyGraphAutosubmitAction:       p.DependencyGraphAutosubmitAction,
		DependabotAlerts:                      p.DependabotAlerts,
		DependabotSecurityUpdates:             p.DependabotSecurityUpdates,
		CodeScanningDefaultSetup:              p.CodeScanningDefaultSetup,
		CodeScanningDelegatedAlertDismissal:   p.CodeScanningDelegatedAlertDismissal,
		SecretScanning:                        p.SecretScanning,
		SecretScanningPushProtection:          p.SecretScanningPushProtection,
		SecretScanningDelegatedBypass:         p.SecretScanningDelegatedBypass,
		SecretScanningValidityChecks:          p.SecretScanningValidityChecks,
		SecretScanningNonProviderPatterns:     p.SecretScanningNonProviderPatterns,
		SecretScanningGenericSecrets:          p.SecretScanningGenericSecrets,
		SecretScanningDelegatedAlertDismissal: p.SecretScanningDelegatedAlertDismissal,
		PrivateVulnerabilityReporting:         p.PrivateVulnerabilityReporting,
		Enforcement:                           p.Enforcement,
	}
	if o := p.DependencyGraphAutosubmitActionOptions; o != nil {
		f.DependencyGraphAutosubmitActionOptions = &github.AutosubmitActionOptions{LabeledRunners: ptr.To(o.LabeledRunners)}
	}
	if o := p.CodeScanningDefaultSetupOptions; o != nil {
		f.CodeScanningDefaultSetupOptions = &github.CodeScanningDefaultSetupOptions{RunnerType: ptr.To(o.RunnerType), RunnerLabel: o.RunnerLabel}
	}
	if p.SecretScanningDelegatedBypassOptions != nil {
		f.SecretScanningDelegatedBypassOptions = &github.DelegatedBypassOptions{Reviewers: reviewers}
	}
	return &github.CodeSecurityConfigurationRequest{Name: p.Name, CodeSecurityFeatures: f}
}

// Observation is the status.atProvider of GitHub's configuration got in the
// organization in (its login), with the new repositories it is the default
// for and its attached repositories.
func Observation(in string, got *github.CodeSecurityConfiguration, defaultFor string, attached []github.CodeSecurityAttachment) common.CodeSecurityConfigurationObservation {
	o := common.CodeSecurityConfigurationObservation{Organization: ptr.To(in), ID: ptr.To(got.ID), Name: ptr.To(got.Name),
		TargetType: ptr.To(got.TargetType), DefaultForNewRepos: ptr.To(defaultFor)}
	if got.HTMLURL != "" {
		o.HTMLURL = ptr.To(got.HTMLURL)
	}
	if got.CreatedAt != nil {
		o.CreatedAt = ptr.To(metav1.NewTime(*got.CreatedAt))
	}
	for _, a := range attached {
		o.Repositories = append(o.Repositories, common.AttachedRepository{ID: a.Repository.ID, Name: a.Repository.Name, Status: a.Status})
	}
	return o
}

// DefaultFor is which new repositories the configuration id is the default
// for, among GitHub's defaults: none when it is no default.
func DefaultFor(defaults []github.CodeSecurityDefault, id int64) string {
	for _, d := range defaults {
		if d.Configuration != nil && d.Configuration.ID == id {
			return d.DefaultForNewRepos
		}
	}
	return None
}

// Drift lists, by spec field, where GitHub's configuration differs from the
// declared one, reviewers being the resolved bypass reviewers. Options left
// unset are not compared.
func Drift(p *common.CodeSecurityConfigurationParameters, reviewers []github.BypassReviewer, got *github.CodeSecurityConfiguration) []string {
	var d []string
	diff := func(field, want, have string) {
		if want != have {
			d = append(d, field)
		}
	}
	g := got.CodeSecurityFeatures
	diff("name", p.Name, got.Name)
	diff("description", p.Description, g.Description)
	diff("advancedSecurity", p.AdvancedSecurity, g.AdvancedSecurity)
	diff("dependencyGraph", p.DependencyGraph, g.DependencyGraph)
	diff("dependencyGraphAutosubmitAction", p.DependencyGraphAutosubmitAction, g.DependencyGraphAutosubmitAction)
	diff("dependabotAlerts", p.DependabotAlerts, g.DependabotAlerts)
	diff("dependabotSecurityUpdates", p.DependabotSecurityUpdates, g.DependabotSecurityUpdates)
	diff("codeScanningDefaultSetup", p.CodeScanningDefaultSetup, g.CodeScanningDefaultSetup)
	diff("codeScanningDelegatedAlertDismissal", p.CodeScanningDelegatedAlertDismissal, g.CodeScanningDelegatedAlertDismissal)
	diff("secretScanning", p.SecretScanning, g.SecretScanning)
	diff("secretScanningPushProtection", p.SecretScanningPushProtection, g.SecretScanningPushProtection)
	diff("secretScanningDelegatedBypass", p.SecretScanningDelegatedBypass, g.SecretScanningDelegatedBypass)
	diff("secretScanningValidityChecks", p.SecretScanningValidityChecks, g.SecretScanningValidityChecks)
	diff("secretScanningNonProviderPatterns", p.SecretScanningNonProviderPatterns, g.SecretScanningNonProviderPatterns)
	diff("secretScanningGenericSecrets", p.SecretScanningGenericSecrets, g.SecretScanningGenericSecrets)
	diff("secretScanningDelegatedAlertDismissal", p.SecretScanningDelegatedAlertDismissal, g.SecretScanningDelegatedAlertDismissal)
	diff("privateVulnerabilityReporting", p.PrivateVulnerabilityReporting, g.PrivateVulnerabilityReporting)
	diff("enforcement", p.Enforcement, g.Enforcement)
	if o := p.DependencyGraphAutosubmitActionOptions; o != nil {
		have := g.DependencyGraphAutosubmitActionOptions
		if have == nil || ptr.Deref(have.LabeledRunners, false) != o.LabeledRunners {
			d = append(d, "dependencyGraphAutosubmitActionOptions")
		}
	}
	if o := p.CodeScanningDefaultSetupOptions; o != nil {
		have := ptr.Deref(g.CodeScanningDefaultSetupOptions, github.CodeScanningDefaultSetupOptions{})
		if ptr.Deref(have.RunnerType, "") != o.RunnerType || (o.RunnerLabel != nil && ptr.Deref(have.RunnerLabel, "") != *o.RunnerLabel) {
			d = append(d, "codeScanningDefaultSetupOptions")
		}
	}
	if p.SecretScanningDelegatedBypassOptions != nil {
		var have []github.BypassReviewer
		if g.SecretScanningDelegatedBypassOptions != nil {
			have = g.SecretScanningDelegatedBypassOptions.Reviewers
		}
		if !sameReviewers(reviewers, have) {
			d = append(d, "secretScanningDelegatedBypassOptions")
		}
	}
	return d
}

// sameReviewers reports whether a and b hold the same reviewers, in any
// order.
func sameReviewers(a, b []github.BypassReviewer) bool {
	key := func(l []github.BypassReviewer) []string {
		out := make([]string, 0, len(l))
		for _, r := range l {
			out = append(out, fmt.Sprintf("%s/%d", r.ReviewerType, r.ReviewerID))
		}
		slices.Sort(out)
		return slices.Compact(out)
	}
	return slices.Equal(key(a), key(b))
}

// Attachment is what the provider must do about the declared attachment:
// attach the configuration (with the scope, and for selected the ids to
// attach), detach repositories that selected does not name, and whether
// GitHub is still attaching some.
type Attachment struct {
	Attach  bool
	IDs     []int64
	Detach  []int64
	Pending []string
}

// Attaching compares the declared attachment, want being the resolved ids
// of selected, with the repositories attached on GitHub. For a scope other
// than selected the provider attaches once, when the scope last attached
// (lastScope, from the status) differs: GitHub resolves such a scope when
// it attaches, and repositories created afterwards are defaultForNewRepos'
// business.
func Attaching(a *common.CodeSecurityAttachment, want []int64, lastScope string, attached []github.CodeSecurityAttachment) Attachment {
	var out Attachment
	if a == nil {
		return out
	}
	have := map[int64]bool{}
	for _, x := range attached {
		have[x.Repository.ID] = true
		if slices.Contains(Pending, x.Status) {
			out.Pending = append(out.Pending, x.Repository.Name)
		}
	}
	if a.Scope != Selected {
		out.Attach = lastScope != a.Scope
		return out
	}
	for _, id := range want {
		if !have[id] {
			out.Attach = true
			out.IDs = append(out.IDs, id)
		}
	}
	for _, x := range attached {
		if !slices.Contains(want, x.Repository.ID) {
			out.Detach = append(out.Detach, x.Repository.ID)
		}
	}
	return out
}

// Imported is the spec of a CodeSecurityConfiguration resource for GitHub's
// configuration got, the default for new repositories defaultFor, as it is
// (its organization and attached repositories are the importer's to name).
// Drift finds nothing in it, reviewers given by id.
func Imported(got *github.CodeSecurityConfiguration, defaultFor string) common.CodeSecurityConfigurationParameters {
	g := got.CodeSecurityFeatures
	p := common.CodeSecurityConfigurationParameters{
		Name: got.Name, Description: g.Description, AdvancedSecurity: g.AdvancedSecurity,
		DependencyGraph: g.DependencyGraph, DependencyGraphAutosubmitAction: g.DependencyGraphAutosubmitAction,
		DependabotAlerts: g.DependabotAlerts, DependabotSecurityUpdates: g.DependabotSecurityUpdates,
		CodeScanningDefaultSetup: g.CodeScanningDefaultSetup, CodeScanningDelegatedAlertDismissal: g.CodeScanningDelegatedAlertDismissal,
		SecretScanning: g.SecretScanning, SecretScanningPushProtection: g.SecretScanningPushProtection,
		SecretScanningDelegatedBypass: g.SecretScanningDelegatedBypass, SecretScanningValidityChecks: g.SecretScanningValidityChecks,
		SecretScanningNonProviderPatterns: g.SecretScanningNonProviderPatterns, SecretScanningGenericSecrets: g.SecretScanningGenericSecrets,
		SecretScanningDelegatedAlertDismissal: g.SecretScanningDelegatedAlertDismissal,
		PrivateVulnerabilityReporting:         g.PrivateVulnerabilityReporting, Enforcement: g.Enforcement,
		DefaultForNewRepos: defaultFor,
	}
	if o := g.DependencyGraphAutosubmitActionOptions; o != nil && o.LabeledRunners != nil && g.DependencyGraphAutosubmitAction == Enabled {
		p.DependencyGraphAutosubmitActionOptions = &common.AutosubmitActionOptions{LabeledRunners: *o.LabeledRunners}
	}
	if o := g.CodeScanningDefaultSetupOptions; o != nil && o.RunnerType != nil && g.CodeScanningDefaultSetup == Enabled {
		p.CodeScanningDefaultSetupOptions = &common.CodeScanningDefaultSetupOptions{RunnerType: *o.RunnerType}
		if *o.RunnerType == "labeled" {
			p.CodeScanningDefaultSetupOptions.RunnerLabel = o.RunnerLabel
		}
	}
	if o := g.SecretScanningDelegatedBypassOptions; o != nil && g.SecretScanningDelegatedBypass == Enabled {
		rs := make([]common.BypassReviewer, 0, len(o.Reviewers))
		for _, r := range o.Reviewers {
			rs = append(rs, common.BypassReviewer{ReviewerType: r.ReviewerType, ReviewerID: ptr.To(r.ReviewerID)})
		}
		p.SecretScanningDelegatedBypassOptions = &common.DelegatedBypassOptions{Reviewers: rs}
	}
	return p
}
