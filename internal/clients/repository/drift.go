package repository

import (
	"slices"
	"strings"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Actual is what GitHub reports of a repository.
type Actual struct {
	Repo *github.Repository
	// VulnerabilityAlerts is nil when it was not read (the spec leaves it unset).
	VulnerabilityAlerts *bool
	// PrivateVulnerabilityReporting is nil when it was not read (the spec
	// leaves it unset).
	PrivateVulnerabilityReporting *bool
	// ImmutableReleases is nil when it was not read (the spec leaves it
	// unset).
	ImmutableReleases *github.ImmutableReleases
	// BypassReviewers are the reviewers of the declared delegated bypass,
	// resolved to ids (nil when it lists none).
	BypassReviewers []github.BypassReviewer
	// TeamSlugs and RoleNames name the organization's teams and roles by
	// id, for Imported to name the reviewers of delegated bypass as a
	// person declares them; nil outside an import.
	TeamSlugs, RoleNames map[int64]string
}

// Drift lists, by spec field name, what differs between the desired
// repository (p, called name) and GitHub's. Settings the spec leaves unset and
// settings GitHub does not report to this caller are not compared. A
// repository that is and should stay archived is read-only on GitHub, so only
// its archived state is compared.
func Drift(p *common.RepositoryParameters, name string, a Actual) []string {
	r := a.Repo
	var d []string
	if r.Name != name {
		d = append(d, "name")
	}
	if p.Archived != nil && *p.Archived != r.Archived {
		d = append(d, "archived")
	}
	if r.Archived && ptr.Deref(p.Archived, true) {
		return d
	}
	for _, s := range stringSettings {
		if differs(*s.spec(p), s.actual(r)) {
			d = append(d, s.field)
		}
	}
	for _, s := range boolSettings {
		if differs(*s.spec(p), s.actual(r)) {
			d = append(d, s.field)
		}
	}
	if !TopicsUpToDate(p.Topics, r.Topics) {
		d = append(d, "topics")
	}
	if p.VulnerabilityAlerts != nil && a.VulnerabilityAlerts != nil && *p.VulnerabilityAlerts != *a.VulnerabilityAlerts {
		d = append(d, "vulnerabilityAlerts")
	}
	if p.PrivateVulnerabilityReporting != nil && a.PrivateVulnerabilityReporting != nil && *p.PrivateVulnerabilityReporting != *a.PrivateVulnerabilityReporting {
		d = append(d, "privateVulnerabilityReporting")
	}
	if ImmutableReleasesDrift(p.ImmutableReleases, a.ImmutableReleases) {
		d = append(d, "immutableReleases")
	}
	if p.SecurityAndAnalysis != nil && r.SecurityAndAnalysis != nil {
		for _, f := range features {
			if differs(*f.spec(p.SecurityAndAnalysis), featureEnabled(*f.status(r.SecurityAndAnalysis))) {
				d = append(d, "securityAndAnalysis."+f.field)
			}
		}
	}
	if BypassDrift(DelegatedBypass(p), a.BypassReviewers, r.SecurityAndAnalysis) {
		d = append(d, bypassField)
	}
	return append(d, PropertiesDrift(p.CustomProperties, r.CustomProperties)...)
}

// CreateDrift lists, by spec field name, what differs between GitHub's
// repository r and what the create of p asked for: the settings a plain
// create sends, the template a repository is generated from and the
// description and visibility it is generated with, or the repository a
// fork is made of. The name is GitHub's key, found by it already.
func CreateDrift(p *common.RepositoryParameters, r *github.Repository) []string {
	var d []string
	switch {
	case p.Fork != nil:
		if !r.Fork || r.Parent == nil || !strings.EqualFold(r.Parent.FullName, p.Fork.Owner+"/"+p.Fork.Repository) {
			d = append(d, "fork")
		}
	case p.Template != nil:
		if r.TemplateRepository == nil || !strings.EqualFold(r.TemplateRepository.FullName, p.Template.Owner+"/"+p.Template.Repository) {
			d = append(d, "template")
		}
		q := TemplateRequest(p, r.Owner.Login, r.Name)
		if q.Description != nil && *q.Description != ptr.Deref(r.Description, "") {
			d = append(d, "description")
		}
		if q.Private != nil && *q.Private != r.Private {
			d = append(d, "visibility")
		}
	default:
		q := CreateRequest(p, r.Name)
		for _, s := range stringSettings {
			if differs(*s.req(q), s.actual(r)) {
				d = append(d, s.field)
			}
		}
		for _, s := range boolSettings {
			if differs(*s.req(q), s.actual(r)) {
				d = append(d, s.field)
			}
		}
	}
	return d
}

// SettingsRequest is the update that brings GitHub's repository to the
// desired settings, leaving out name, archived state, topics and security
// features (each has its own step). It is nil when no setting differs.
func SettingsRequest(p *common.RepositoryParameters, r *github.Repository) *github.RepositoryRequest {
	q := &github.RepositoryRequest{}
	changed := false
	for _, s := range stringSettings {
		want, got := *s.spec(p), s.actual(r)
		if want != nil && (got == nil || *want != *got) {
			*s.req(q) = ptr.To(*want)
			changed = true
		}
	}
	for _, s := range boolSettings {
		want, got := *s.spec(p), s.actual(r)
		if want != nil && (got == nil || *want != *got) {
			*s.req(q) = ptr.To(*want)
			changed = true
		}
	}
	if q.Visibility != nil {
		q.Private = ptr.To(*q.Visibility != "public")
	}
	if !changed {
		return nil
	}
	return q
}

// SecurityRequest is the update that brings the repository's security
// features to the spec, or nil when none differs. It is a step of its own,
// after SettingsRequest: which features GitHub offers depends on settings
// such as visibility, so it is computed from the repository as the settings
// update left it, and a feature GitHub refuses does not hold back the other
// settings. Features GitHub does not report to the caller are not sent.
//
// Fields in held (an enforced code security configuration holds them) are
// not sent.
func SecurityRequest(p *common.RepositoryParameters, r *github.Repository, held ...string) *github.RepositoryRequest {
	if p.SecurityAndAnalysis == nil || r.SecurityAndAnalysis == nil {
		return nil
	}
	sa := &github.SecurityAndAnalysis{}
	for _, f := range features {
		if slices.Contains(held, securityPrefix+f.field) {
			continue
		}
		if want := *f.spec(p.SecurityAndAnalysis); differs(want, featureEnabled(*f.status(r.SecurityAndAnalysis))) {
			*f.status(sa) = featureStatus(*want)
		}
	}
	if *sa == (github.SecurityAndAnalysis{}) {
		return nil
	}
	return &github.RepositoryRequest{SecurityAndAnalysis: sa}
}

// LateInitialize fills the settings the spec leaves unset with GitHub's
// values, and pins owner and name, so that later drift is noticed and
// corrected. It reports whether it changed p.
func LateInitialize(p *common.RepositoryParameters, owner, name string, r *github.Repository) bool {
	changed := false
	setString := func(dst **string, v *string) {
		if *dst == nil && v != nil {
			*dst = ptr.To(*v)
			changed = true
		}
	}
	setBool := func(dst **bool, v *bool) {
		if *dst == nil && v != nil {
			*dst = ptr.To(*v)
			changed = true
		}
	}
	setString(&p.Owner, nonEmpty(owner))
	setString(&p.Name, nonEmpty(name))
	for _, s := range stringSettings {
		setString(s.spec(p), s.actual(r))
	}
	for _, s := range boolSettings {
		setBool(s.spec(p), s.actual(r))
	}
	setBool(&p.Archived, ptr.To(r.Archived))
	if p.Topics == nil && len(r.Topics) > 0 {
		p.Topics = slices.Clone(r.Topics)
		changed = true
	}
	if r.SecurityAndAnalysis != nil {
		sa := p.SecurityAndAnalysis
		if sa == nil {
			sa = &common.SecurityAndAnalysis{}
		}
		for _, f := range features {
			setBool(f.spec(sa), featureEnabled(*f.status(r.SecurityAndAnalysis)))
		}
		if *sa != (common.SecurityAndAnalysis{}) {
			p.SecurityAndAnalysis = sa
		}
	}
	return changed
}

// differs tells whether a setting both the spec and GitHub give (neither
// nil) has different values.
func differs[V comparable](want, got *V) bool {
	return want != nil && got != nil && *want != *got
}

// ImmutableReleasesDrift tells whether the repository's immutable releases
// (a, nil when not read) differ from the declared want (nil when
// undeclared). Releases the organization keeps immutable while want is
// false do not differ: that is the organization's to decide, and the
// observation reports it.
func ImmutableReleasesDrift(want *bool, a *github.ImmutableReleases) bool {
	if want == nil || a == nil || *want == a.Enabled {
		return false
	}
	return *want || !a.EnforcedByOwner
}
