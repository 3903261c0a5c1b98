package emulator

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// repoSettings are the writable repository settings of create and update
// requests; nil means "not sent".
type repoSettings struct {
	Name                      *string
	Description               *string
	DescriptionSet            bool
	Homepage                  *string
	HomepageSet               bool
	Private                   *bool
	Visibility                *string
	HasIssues                 *bool
	HasProjects               *bool
	HasWiki                   *bool
	HasDiscussions            *bool
	HasDownloads              *bool
	IsTemplate                *bool
	Archived                  *bool
	DefaultBranch             *string
	AllowSquashMerge          *bool
	AllowMergeCommit          *bool
	AllowRebaseMerge          *bool
	AllowAutoMerge            *bool
	DeleteBranchOnMerge       *bool
	AllowUpdateBranch         *bool
	AllowForking              *bool
	WebCommitSignoffRequired  *bool
	UseSquashPRTitleAsDefault *bool
	SquashMergeCommitTitle    *string
	SquashMergeCommitMessage  *string
	MergeCommitTitle          *string
	MergeCommitMessage        *string
	Security                  map[string]string // feature -> enabled/disabled
	// BypassReviewers are security_and_analysis.
	// secret_scanning_delegated_bypass_options.reviewers; nil when the
	// request leaves them out (they stay as they are).
	BypassReviewers *[]BypassReviewer

	// Create only.
	AutoInit          *bool
	GitignoreTemplate *string
	LicenseTemplate   *string
	TeamID            *int64
}

// securityFeatures are the security_and_analysis features the emulator keeps.
var securityFeatures = []string{"advanced_security", "secret_scanning", "secret_scanning_push_protection", "dependabot_security_updates", "secret_scanning_delegated_bypass"}

// readSettings decodes settings; on a type error it has answered and reports
// false.
func readSettings(c *reqCtx, m map[string]json.RawMessage) (*repoSettings, bool) {
	f := &fields{c: c, m: m}
	s := &repoSettings{}
	s.Name = f.str("name")
	s.Description, s.DescriptionSet = f.nullable("description")
	s.Homepage, s.HomepageSet = f.nullable("homepage")
	s.Private = f.boolean("private")
	s.Visibility = f.str("visibility")
	s.HasIssues = f.boolean("has_issues")
	s.HasProjects = f.boolean("has_projects")
	s.HasWiki = f.boolean("has_wiki")
	s.HasDiscussions = f.boolean("has_discussions")
	s.HasDownloads = f.boolean("has_downloads")
	s.IsTemplate = f.boolean("is_template")
	s.Archived = f.boolean("archived")
	s.DefaultBranch = f.str("default_branch")
	s.AllowSquashMerge = f.boolean("allow_squash_merge")
	s.AllowMergeCommit = f.boolean("allow_merge_commit")
	s.AllowRebaseMerge = f.boolean("allow_rebase_merge")
	s.AllowAutoMerge = f.boolean("allow_auto_merge")
	s.DeleteBranchOnMerge = f.boolean("delete_branch_on_merge")
	s.AllowUpdateBranch = f.boolean("allow_update_branch")
	s.AllowForking = f.boolean("allow_forking")
	s.WebCommitSignoffRequired = f.boolean("web_commit_signoff_required")
	s.UseSquashPRTitleAsDefault = f.boolean("use_squash_pr_title_as_default")
	s.SquashMergeCommitTitle = f.str("squash_merge_commit_title")
	s.SquashMergeCommitMessage = f.str("squash_merge_commit_message")
	s.MergeCommitTitle = f.str("merge_commit_title")
	s.MergeCommitMessage = f.str("merge_commit_message")
	s.AutoInit = f.boolean("auto_init")
	s.GitignoreTemplate = f.str("gitignore_template")
	s.LicenseTemplate = f.str("license_template")
	s.TeamID = f.integer("team_id")
	if sa, ok := f.object("security_and_analysis"); ok {
		s.Security = map[string]string{}
		for _, feat := range securityFeatures {
			raw, ok := sa[feat]
			if !ok || f.failed {
				continue
			}
			var v struct {
				Status string `json:"status"`
			}
			if err := json.Unmarshal(raw, &v); err != nil {
				f.wrong("security_and_analysis/"+feat, raw, "object")
				break
			}
			if v.Status != StatusEnabled && v.Status != StatusDisabled {
				f.failed = true
				c.json(http.StatusUnprocessableEntity, basicError{
					Message:          fmt.Sprintf("Invalid request.\n\n%q is not a valid value for security_and_analysis.%s.status. Valid values are: enabled, disabled.", v.Status, feat),
					DocumentationURL: c.doc, Status: "422",
				})
				break
			}
			s.Security[feat] = v.Status
		}
		if raw, ok := sa["secret_scanning_delegated_bypass_options"]; ok && !f.failed {
			s.BypassReviewers = readBypassReviewers(c, f, raw)
		}
	}
	return s, !f.failed
}

// readBypassReviewers reads secret_scanning_delegated_bypass_options: its
// reviewers, each a TEAM or ROLE by id with a mode (ALWAYS unless given).
// It returns nil when the options leave the reviewers out, and answers
// 422 itself (f.failed) for a malformed reviewer.
func readBypassReviewers(c *reqCtx, f *fields, raw json.RawMessage) *[]BypassReviewer {
	var opts struct {
		Reviewers *[]struct {
			ID   *int64  `json:"reviewer_id"`
			Type *string `json:"reviewer_type"`
			Mode *string `json:"mode"`
		} `json:"reviewers"`
	}
	fail := func(msg string) *[]BypassReviewer {
		f.failed = true
		c.json(http.StatusUnprocessableEntity, basicError{Message: "Invalid request.\n\n" + msg, DocumentationURL: c.doc, Status: "422"})
		return nil
	}
	if err := json.Unmarshal(raw, &opts); err != nil {
		return fail("security_and_analysis.secret_scanning_delegated_bypass_options must be an object with reviewers, each with an integer reviewer_id and a reviewer_type.")
	}
	if opts.Reviewers == nil {
		return nil
	}
	out := []BypassReviewer{}
	for _, r := range *opts.Reviewers {
		if r.ID == nil || r.Type == nil {
			return fail(`"reviewer_id" and "reviewer_type" are required for each reviewer.`)
		}
		if *r.Type != BypassTeam && *r.Type != BypassRole {
			return fail(fmt.Sprintf("%q is not a valid value for reviewer_type. Valid values are: TEAM, ROLE.", *r.Type))
		}
		mode := BypassAlways
		if r.Mode != nil {
			if *r.Mode != BypassAlways && *r.Mode != BypassExempt {
				return fail(fmt.Sprintf("%q is not a valid value for mode. Valid values are: ALWAYS, EXEMPT.", *r.Mode))
			}
			mode = *r.Mode
		}
		out = append(out, BypassReviewer{ID: *r.ID, Type: *r.Type, Mode: mode})
	}
	return &out
}

func enumError(field, value string, allowed ...string) string {
	return fmt.Sprintf("%s must be one of %s, not %q", field, strings.Join(allowed, ", "), value)
}

func oneOf(v *string, allowed ...string) bool {
	if v == nil {
		return true
	}
	for _, a := range allowed {
		if *v == a {
			return true
		}
	}
	return false
}

// validateSettings checks settings against the repository they will apply to
// (r is the repository as it would be before the change, already holding its
// owner). It returns the 422 message and errors, or "" when valid.
func (w *world) validateSettings(s *repoSettings, r *Repo, owner *Account) (string, []fieldError) {
	invalid := func(field, msg string) (string, []fieldError) {
		return "Validation Failed", []fieldError{{Resource: "Repository", Code: "custom", Field: field, Message: msg}}
	}
	if s.Visibility != nil {
		switch *s.Visibility {
		case VisibilityPublic, VisibilityPrivate:
		case VisibilityInternal:
			if !owner.IsOrg() {
				return invalid("visibility", "visibility can only be internal for repositories owned by organizations")
			}
		default:
			return invalid("visibility", enumError("visibility", *s.Visibility, "public", "private", "internal"))
		}
	}
	checks := []struct {
		field   string
		v       *string
		allowed []string
	}{
		{"squash_merge_commit_title", s.SquashMergeCommitTitle, []string{"PR_TITLE", "COMMIT_OR_PR_TITLE"}},
		{"squash_merge_commit_message", s.SquashMergeCommitMessage, []string{"PR_BODY", "COMMIT_MESSAGES", "BLANK"}},
		{"merge_commit_title", s.MergeCommitTitle, []string{"PR_TITLE", "MERGE_MESSAGE"}},
		{"merge_commit_message", s.MergeCommitMessage, []string{"PR_BODY", "PR_TITLE", "BLANK"}},
	}
	for _, ch := range checks {
		if !oneOf(ch.v, ch.allowed...) {
			return invalid(ch.field, enumError(ch.field, *ch.v, ch.allowed...))
		}
	}
	pick := func(p *bool, cur bool) bool {
		if p != nil {
			return *p
		}
		return cur
	}
	if !pick(s.AllowSquashMerge, r.AllowSquashMerge) && !pick(s.AllowMergeCommit, r.AllowMergeCommit) && !pick(s.AllowRebaseMerge, r.AllowRebaseMerge) {
		return "Validation Failed", []fieldError{{Resource: "Repository", Code: "custom", Message: "Sorry, you need to allow at least one merge strategy. (no_merge_method)"}}
	}
	if s.DefaultBranch != nil && *s.DefaultBranch != r.DefaultBranch && !r.HasBranch(*s.DefaultBranch) {
		return "Validation Failed", []fieldError{{Resource: "Repository", Code: "invalid", Field: "default_branch", Message: fmt.Sprintf("The branch %s was not found. Please push that ref first or create it via the Git Data API.", *s.DefaultBranch)}}
	}
	if s.LicenseTemplate != nil && *s.LicenseTemplate != "" {
		if _, ok := knownLicenses[strings.ToLower(*s.LicenseTemplate)]; !ok {
			return invalid("license_template", "license_template is an unknown license")
		}
	}
	if len(s.Security) > 0 {
		vis := r.Visibility
		if s.Visibility != nil {
			vis = *s.Visibility
		} else if s.Private != nil {
			vis = map[bool]string{true: VisibilityPrivate, false: VisibilityPublic}[*s.Private]
		}
		ghasEligible := owner.IsOrg() && vis != VisibilityPublic
		ghas := r.AdvancedSecurity
		if v, ok := s.Security["advanced_security"]; ok {
			if v == StatusEnabled && !ghasEligible {
				return invalid("security_and_analysis", "Advanced security can only be enabled for private or internal repositories owned by an organization.")
			}
			ghas = v
		}
		for _, feat := range []string{"secret_scanning", "secret_scanning_push_protection"} {
			if s.Security[feat] == StatusEnabled && vis != VisibilityPublic && ghas != StatusEnabled {
				return invalid("security_and_analysis", "Secret scanning is not available for this repository. Enable GitHub Advanced Security first.")
			}
		}
	}
	if len(s.Security) > 0 || s.BypassReviewers != nil {
		if msg := w.validateBypass(s, r, owner); msg != "" {
			return invalid("security_and_analysis", msg)
		}
	}
	return "", nil
}

// applySettings writes validated settings into the repository (not name,
// which the caller handles because it needs the index).
func applySettings(s *repoSettings, r *Repo) {
	setB := func(dst *bool, p *bool) {
		if p != nil {
			*dst = *p
		}
	}
	setS := func(dst *string, p *string) {
		if p != nil {
			*dst = *p
		}
	}
	if s.DescriptionSet {
		r.Description = s.Description
	}
	if s.HomepageSet {
		r.Homepage = s.Homepage
	}
	if s.Private != nil {
		if *s.Private {
			r.Visibility = VisibilityPrivate
		} else {
			r.Visibility = VisibilityPublic
		}
	}
	setS(&r.Visibility, s.Visibility)
	setB(&r.HasIssues, s.HasIssues)
	setB(&r.HasProjects, s.HasProjects)
	setB(&r.HasWiki, s.HasWiki)
	setB(&r.HasDiscussions, s.HasDiscussions)
	setB(&r.HasDownloads, s.HasDownloads)
	setB(&r.IsTemplate, s.IsTemplate)
	setB(&r.Archived, s.Archived)
	setS(&r.DefaultBranch, s.DefaultBranch)
	setB(&r.AllowSquashMerge, s.AllowSquashMerge)
	setB(&r.AllowMergeCommit, s.AllowMergeCommit)
	setB(&r.AllowRebaseMerge, s.AllowRebaseMerge)
	setB(&r.AllowAutoMerge, s.AllowAutoMerge)
	setB(&r.DeleteBranchOnMerge, s.DeleteBranchOnMerge)
	setB(&r.AllowUpdateBranch, s.AllowUpdateBranch)
	setB(&r.AllowForking, s.AllowForking)
	setB(&r.WebCommitSignoffRequired, s.WebCommitSignoffRequired)
	setB(&r.UseSquashPRTitleAsDefault, s.UseSquashPRTitleAsDefault)
	setS(&r.SquashMergeCommitTitle, s.SquashMergeCommitTitle)
	setS(&r.SquashMergeCommitMessage, s.SquashMergeCommitMessage)
	setS(&r.MergeCommitTitle, s.MergeCommitTitle)
	setS(&r.MergeCommitMessage, s.MergeCommitMessage)
	if v, ok := s.Security["advanced_security"]; ok {
		r.AdvancedSecurity = v
		if v == StatusDisabled && r.Private() {
			r.SecretScanning = StatusDisabled
			r.SecretScanningPushProtection = StatusDisabled
		}
	}
	if v, ok := s.Security["secret_scanning"]; ok {
		r.SecretScanning = v
	}
	if v, ok := s.Security["secret_scanning_push_protection"]; ok {
		r.SecretScanningPushProtection = v
	}
	if v, ok := s.Security["dependabot_security_updates"]; ok {
		r.DependabotSecurityUpdates = v
	}
	applyBypass(s, r)
}
