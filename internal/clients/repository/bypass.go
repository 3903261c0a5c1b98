package repository

import (
	"cmp"
	"slices"
	"strings"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Reviewer types and modes of delegated bypass, as GitHub names them.
const (
	BypassTeam   = "TEAM"
	BypassRole   = "ROLE"
	BypassAlways = "ALWAYS"
)

// bypassField is the spec field of delegated bypass.
const bypassField = "securityAndAnalysis.secretScanningDelegatedBypass"

// DelegatedBypass is the delegated bypass p declares, nil when none.
func DelegatedBypass(p *common.RepositoryParameters) *common.DelegatedBypass {
	if p.SecurityAndAnalysis == nil {
		return nil
	}
	return p.SecurityAndAnalysis.SecretScanningDelegatedBypass
}

// BypassReviewer is the declared reviewer d with its id (a team's or a
// role's, looked up by the caller), as GitHub takes it.
func BypassReviewer(d common.BypassReviewer, id int64) github.BypassReviewer {
	typ := BypassTeam
	if d.Role != nil {
		typ = BypassRole
	}
	return github.BypassReviewer{ReviewerID: id, ReviewerType: typ, Mode: ptr.Deref(d.Mode, BypassAlways)}
}

// BypassDrift tells whether GitHub's delegated bypass (in sa) differs from
// want with its reviewers resolved to ids (want, resolved nil when
// undeclared): its status, and while enabled the reviewers as a set, when
// want lists them. Not compared when undeclared, or when GitHub does not
// report it (a user's repository, a caller who is not an admin).
func BypassDrift(want *common.DelegatedBypass, resolved []github.BypassReviewer, sa *github.SecurityAndAnalysis) bool {
	if want == nil || sa == nil || sa.SecretScanningDelegatedBypass == nil {
		return false
	}
	if featureEnabled(sa.SecretScanningDelegatedBypass) == nil || *featureEnabled(sa.SecretScanningDelegatedBypass) != want.Enabled {
		return true
	}
	if !want.Enabled || len(want.Reviewers) == 0 {
		return false
	}
	var got []github.BypassReviewer
	if o := sa.SecretScanningDelegatedBypassOptions; o != nil {
		got = o.Reviewers
	}
	return !SameBypassReviewers(resolved, got)
}

// SameBypassReviewers tells whether two lists of reviewers are the same,
// as sets of type, id and mode (a reviewer without a mode is ALWAYS,
// GitHub's default).
func SameBypassReviewers(a, b []github.BypassReviewer) bool {
	key := func(list []github.BypassReviewer) []github.BypassReviewer {
		out := make([]github.BypassReviewer, 0, len(list))
		for _, r := range list {
			if r.Mode == "" {
				r.Mode = BypassAlways
			}
			if !slices.Contains(out, r) {
				out = append(out, r)
			}
		}
		slices.SortFunc(out, func(x, y github.BypassReviewer) int {
			return cmp.Or(strings.Compare(x.ReviewerType, y.ReviewerType), cmp.Compare(x.ReviewerID, y.ReviewerID), strings.Compare(x.Mode, y.Mode))
		})
		return out
	}
	return slices.Equal(key(a), key(b))
}

// BypassRequest is the update that makes GitHub's delegated bypass want,
// with its reviewers resolved (sent only when want enables it and lists
// them: GitHub keeps the reviewers a request leaves out).
func BypassRequest(want *common.DelegatedBypass, resolved []github.BypassReviewer) *github.RepositoryRequest {
	sa := &github.SecurityAndAnalysis{SecretScanningDelegatedBypass: featureStatus(want.Enabled)}
	if want.Enabled && len(want.Reviewers) > 0 {
		sa.SecretScanningDelegatedBypassOptions = &github.DelegatedBypassOptions{Reviewers: resolved}
	}
	return &github.RepositoryRequest{SecurityAndAnalysis: sa}
}

// BypassObservation is GitHub's delegated bypass (in sa) as the status
// shows it; nil when GitHub does not report it.
func BypassObservation(sa *github.SecurityAndAnalysis) *common.DelegatedBypassObservation {
	if sa == nil || sa.SecretScanningDelegatedBypass == nil {
		return nil
	}
	o := &common.DelegatedBypassObservation{Enabled: ptr.Deref(featureEnabled(sa.SecretScanningDelegatedBypass), false)}
	if opts := sa.SecretScanningDelegatedBypassOptions; opts != nil {
		for _, r := range opts.Reviewers {
			mode := r.Mode
			if mode == "" {
				mode = BypassAlways
			}
			o.Reviewers = append(o.Reviewers, common.BypassReviewerObservation{ID: r.ReviewerID, Type: r.ReviewerType, Mode: mode})
		}
	}
	return o
}

// BypassNotOffered says, when p enables delegated bypass and GitHub shows
// r's security features without it (a user's repository: GitHub offers it
// for an organization's), that the declaration has no effect; "" otherwise.
func BypassNotOffered(p *common.RepositoryParameters, r *github.Repository) string {
	want := DelegatedBypass(p)
	if want == nil || !want.Enabled || r.SecurityAndAnalysis == nil || r.SecurityAndAnalysis.SecretScanningDelegatedBypass != nil {
		return ""
	}
	return "GitHub does not offer push protection's delegated bypass for " + r.FullName +
		" (it does for an organization's repositories): spec.forProvider.securityAndAnalysis.secretScanningDelegatedBypass has no effect; remove it"
}
