package emulator

import (
	"fmt"
	"strings"
)

// Reviewer types and modes of secret scanning delegated bypass.
const (
	BypassTeam   = "TEAM"
	BypassRole   = "ROLE"
	BypassAlways = "ALWAYS"
	BypassExempt = "EXEMPT"
)

// BypassReviewer is one reviewer of push protection bypass requests: a
// team or an organization role, by id.
type BypassReviewer struct {
	ID   int64  `json:"id"`
	Type string `json:"type"`
	Mode string `json:"mode"`
}

// bypassReviewerJSON is GitHub's reviewer of
// secret_scanning_delegated_bypass_options.
type bypassReviewerJSON struct {
	ReviewerID   int64  `json:"reviewer_id"`
	ReviewerType string `json:"reviewer_type"`
	Mode         string `json:"mode"`
}

type bypassOptionsJSON struct {
	Reviewers []bypassReviewerJSON `json:"reviewers"`
}

// delegatedBypass is r's delegated bypass status: disabled unless set.
func (r *Repo) delegatedBypass() string {
	if r.SecretScanningDelegatedBypass == "" {
		return StatusDisabled
	}
	return r.SecretScanningDelegatedBypass
}

// validateBypass checks the delegated bypass of settings s against r (as
// it is before the change) and its owner: an organization's repository
// only, with push protection on after the change, and reviewers that are
// the organization's teams and roles. It returns the 422 message, "" when
// valid.
func (w *world) validateBypass(s *repoSettings, r *Repo, owner *Account) string {
	push := r.SecretScanningPushProtection
	if v, ok := s.Security["secret_scanning_push_protection"]; ok {
		push = v
	}
	bypass := r.delegatedBypass()
	if push != StatusEnabled {
		// Push protection turned off turns delegated bypass off.
		bypass = StatusDisabled
	}
	if v, ok := s.Security["secret_scanning_delegated_bypass"]; ok {
		bypass = v
		if v == StatusEnabled && !owner.IsOrg() {
			return "Secret scanning delegated bypass is only available for repositories owned by an organization."
		}
		if v == StatusEnabled && push != StatusEnabled {
			return "Secret scanning delegated bypass requires secret scanning push protection. Enable push protection first."
		}
	}
	if s.BypassReviewers == nil || bypass != StatusEnabled {
		// Reviewers are honored only while delegated bypass is enabled.
		return ""
	}
	for _, rv := range *s.BypassReviewers {
		switch rv.Type {
		case BypassTeam:
			if t := w.teams[rv.ID]; t == nil || !strings.EqualFold(t.Org, owner.Login) {
				return fmt.Sprintf("Bypass reviewer TEAM %d is not a team of %s.", rv.ID, owner.Login)
			}
		case BypassRole:
			if orgRoleByID(owner, rv.ID) == nil {
				return fmt.Sprintf("Bypass reviewer ROLE %d is not a role of %s.", rv.ID, owner.Login)
			}
		}
	}
	return ""
}

// applyBypass writes the delegated bypass of s into r. The reviewers are
// honored only while delegated bypass is enabled; push protection turned
// off turns it off.
func applyBypass(s *repoSettings, r *Repo) {
	if v, ok := s.Security["secret_scanning_delegated_bypass"]; ok {
		r.SecretScanningDelegatedBypass = v
	}
	if r.SecretScanningPushProtection != StatusEnabled {
		r.SecretScanningDelegatedBypass = StatusDisabled
	}
	if s.BypassReviewers != nil && r.delegatedBypass() == StatusEnabled {
		r.BypassReviewers = append([]BypassReviewer(nil), *s.BypassReviewers...)
	}
}

// renderBypassOptions are r's reviewers as GitHub shows them while
// delegated bypass is enabled (nil otherwise); a team deleted since is
// left out.
func (w *world) renderBypassOptions(r *Repo) *bypassOptionsJSON {
	if r.delegatedBypass() != StatusEnabled {
		return nil
	}
	out := &bypassOptionsJSON{Reviewers: []bypassReviewerJSON{}}
	for _, rv := range r.BypassReviewers {
		if rv.Type == BypassTeam && w.teams[rv.ID] == nil {
			continue
		}
		out.Reviewers = append(out.Reviewers, bypassReviewerJSON{ReviewerID: rv.ID, ReviewerType: rv.Type, Mode: rv.Mode})
	}
	return out
}
