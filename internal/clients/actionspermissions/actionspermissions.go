// Package actionspermissions maps ActionsPermissions resources to the
// GitHub Actions permissions of a repository and back: which of GitHub's
// endpoints to read, the PUT body of each whose declared fields drifted,
// the observation, drift, and a spec of what a repository has.
//
// GitHub keeps the permissions at seven endpoints; each is read only when the
// spec declares one of its fields (the first, whether Actions runs and which
// actions may, always), and written only when one of its declared fields
// differs. A field left unset is GitHub's to keep: it is never compared.
package actionspermissions

import (
	"slices"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// P is the declared Actions permissions.
type P = common.ActionsPermissionsParameters

// GitHub's values for a new repository, which Imported leaves out.
const (
	defaultAllowedActions     = "all"
	defaultAccessLevel        = "none"
	defaultWorkflowPermission = "read"
	defaultRetentionDays      = 90
	defaultForkApproval       = "first_time_contributors_new_to_github"
	selected                  = "selected"
)

// State is a repository's Actions permissions as read from GitHub:
// Permissions always; each other endpoint nil when it was not read.
type State struct {
	Permissions  *github.ActionsPermissions
	Selected     *github.ActionsSelectedActions
	Access       *github.ActionsAccess
	Workflow     *github.ActionsWorkflowPermissions
	Retention    *github.ActionsRetention
	ForkApproval *github.ActionsForkApproval
	// PrivateForkWorkflows is how the workflows of forks' pull requests
	// run in a private repository.
	PrivateForkWorkflows *github.ActionsPrivateForkWorkflows
}

// Reads says which endpoints besides the first to read for p, given GitHub's
// permissions got.
type Reads struct {
	// Selected: the spec declares selectedActions and GitHub's
	// allowed_actions is selected (before, GitHub refuses to read them,
	// and they are read once it is), or the spec declares none and GitHub's
	// is selected (for the status).
	Selected     bool
	Access       bool
	Workflow     bool
	Retention    bool
	ForkApproval bool
	// PrivateForkWorkflows: the spec declares privateForkPullRequestWorkflows.
	PrivateForkWorkflows bool
}

// ToRead is which endpoints to read for p, given GitHub's permissions got.
func ToRead(p *P, got *github.ActionsPermissions) Reads {
	return Reads{
		Selected:     got.Enabled && got.AllowedActions == selected,
		Access:       p.AccessLevel != nil,
		Workflow:     p.DefaultWorkflowPermissions != nil || p.CanApprovePullRequestReviews != nil,
		Retention:    p.ArtifactAndLogRetentionDays != nil,
		ForkApproval: p.ForkPullRequestContributorApproval != nil,

		PrivateForkWorkflows: p.PrivateForkPullRequestWorkflows != nil,
	}
}

// Drift lists, by spec field, where GitHub's Actions permissions s differ
// from p.
func Drift(p *P, s *State) []string {
	var d []string
	d = append(d, permissionsDrift(p, s.Permissions)...)
	d = append(d, selectedDrift(p, s)...)
	if p.AccessLevel != nil && (s.Access == nil || *p.AccessLevel != s.Access.AccessLevel) {
		d = append(d, "accessLevel")
	}
	d = append(d, workflowDrift(p, s.Workflow)...)
	if p.ArtifactAndLogRetentionDays != nil && (s.Retention == nil || *p.ArtifactAndLogRetentionDays != s.Retention.Days) {
		d = append(d, "artifactAndLogRetentionDays")
	}
	if p.ForkPullRequestContributorApproval != nil && (s.ForkApproval == nil || *p.ForkPullRequestContributorApproval != s.ForkApproval.ApprovalPolicy) {
		d = append(d, "forkPullRequestContributorApproval")
	}
	return append(d, privateForkDrift(p, s.PrivateForkWorkflows)...)
}

// privateForkDrift compares the declared fields of how forks' pull
// requests' workflows run; unread, they differ.
func privateForkDrift(p *P, got *github.ActionsPrivateForkWorkflows) []string {
	want := p.PrivateForkPullRequestWorkflows
	if want == nil {
		return nil
	}
	if got == nil {
		return []string{"privateForkPullRequestWorkflows"}
	}
	var d []string
	for _, f := range []struct {
		name string
		want *bool
		got  bool
	}{
		{"runWorkflowsFromForkPullRequests", want.RunWorkflowsFromForkPullRequests, got.RunWorkflows},
		{"sendWriteTokensToWorkflows", want.SendWriteTokensToWorkflows, got.SendWriteTokens},
		{"sendSecretsAndVariables", want.SendSecretsAndVariables, got.SendSecretsAndVars},
		{"requireApprovalForForkPullRequestWorkflows", want.RequireApprovalForForkPullRequestWorkflows, got.RequireApprovalFirst},
	} {
		if f.want != nil && *f.want != f.got {
			d = append(d, "privateForkPullRequestWorkflows."+f.name)
		}
	}
	return d
}

// permissionsDrift compares the fields of the first endpoint. While
// Actions is disabled GitHub shows no policy: then only enabled is
// compared (enabling it writes the declared policy too).
func permissionsDrift(p *P, got *github.ActionsPermissions) []string {
	var d []string
	if p.Enabled != nil && *p.Enabled != got.Enabled {
		d = append(d, "enabled")
	}
	if !got.Enabled {
		return d
	}
	if p.AllowedActions != nil && *p.AllowedActions != got.AllowedActions {
		d = append(d, "allowedActions")
	}
	if p.SHAPinningRequired != nil && *p.SHAPinningRequired != got.SHAPinningRequired {
		d = append(d, "shaPinningRequired")
	}
	return d
}

// selectedDrift compares the declared selected actions; unread (GitHub's
// allowed_actions is not selected yet), they differ.
func selectedDrift(p *P, s *State) []string {
	want := p.SelectedActions
	if want == nil || !s.Permissions.Enabled {
		return nil
	}
	if s.Selected == nil {
		return []string{"selectedActions"}
	}
	var d []string
	if want.GitHubOwnedAllowed != nil && *want.GitHubOwnedAllowed != s.Selected.GitHubOwnedAllowed {
		d = append(d, "selectedActions.githubOwnedAllowed")
	}
	if want.VerifiedAllowed != nil && *want.VerifiedAllowed != s.Selected.VerifiedAllowed {
		d = append(d, "selectedActions.verifiedAllowed")
	}
	if want.PatternsAllowed != nil && !samePatterns(*want.PatternsAllowed, s.Selected.PatternsAllowed) {
		d = append(d, "selectedActions.patternsAllowed")
	}
	return d
}

// samePatterns compares two lists of patterns without regard to order or
// repetition.
func samePatterns(a, b []string) bool {
	sa, sb := slices.Clone(a), slices.Clone(b)
	slices.Sort(sa)
	slices.Sort(sb)
	return slices.Equal(slices.Compact(sa), slices.Compact(sb))
}

func workflowDrift(p *P, got *github.ActionsWorkflowPermissions) []string {
	var d []string
	if p.DefaultWorkflowPermissions != nil && (got == nil || *p.DefaultWorkflowPermissions != got.DefaultWorkflowPermissions) {
		d = append(d, "defaultWorkflowPermissions")
	}
	if p.CanApprovePullRequestReviews != nil && (got == nil || *p.CanApprovePullRequestReviews != got.CanApprovePullRequestReviews) {
		d = append(d, "canApprovePullRequestReviews")
	}
	return d
}

// PermissionsRequest is the PUT of the first endpoint when its declared
// fields drifted, else nil: enabled, which GitHub requires (GitHub's when
// the spec leaves it out), and the declared policy while Actions stays
// enabled.
func PermissionsRequest(p *P, got *github.ActionsPermissions) *github.ActionsPermissionsRequest {
	if len(permissionsDrift(p, got)) == 0 {
		return nil
	}
	r := &github.ActionsPermissionsRequest{Enabled: ptr.Deref(p.Enabled, got.Enabled)}
	if r.Enabled {
		r.AllowedActions, r.SHAPinningRequired = p.AllowedActions, p.SHAPinningRequired
	}
	return r
}

// SelectedRequest is the PUT of the selected actions when their declared
// fields differ from got (read once GitHub's allowed_actions is selected),
// else nil. It sends all three fields, the undeclared ones as GitHub has
// them, so that it means the same whether GitHub merges or replaces.
func SelectedRequest(p *P, got *github.ActionsSelectedActions) *github.ActionsSelectedActions {
	want := p.SelectedActions
	if want == nil || got == nil || len(selectedDrift(p, &State{Permissions: &github.ActionsPermissions{Enabled: true}, Selected: got})) == 0 {
		return nil
	}
	r := &github.ActionsSelectedActions{
		GitHubOwnedAllowed: ptr.Deref(want.GitHubOwnedAllowed, got.GitHubOwnedAllowed),
		VerifiedAllowed:    ptr.Deref(want.VerifiedAllowed, got.VerifiedAllowed),
		PatternsAllowed:    append([]string{}, got.PatternsAllowed...),
	}
	if want.PatternsAllowed != nil {
		r.PatternsAllowed = append([]string{}, *want.PatternsAllowed...)
	}
	return r
}

// AccessRequest is the PUT of the access level when it drifted, else nil.
func AccessRequest(p *P, got *github.ActionsAccess) *github.ActionsAccess {
	if p.AccessLevel == nil || (got != nil && got.AccessLevel == *p.AccessLevel) {
		return nil
	}
	return &github.ActionsAccess{AccessLevel: *p.AccessLevel}
}

// WorkflowRequest is the PUT of the workflow token's permissions when a
// declared one drifted, else nil; it sends the declared fields only.
func WorkflowRequest(p *P, got *github.ActionsWorkflowPermissions) *github.ActionsWorkflowPermissionsRequest {
	if len(workflowDrift(p, got)) == 0 {
		return nil
	}
	return &github.ActionsWorkflowPermissionsRequest{DefaultWorkflowPermissions: p.DefaultWorkflowPermissions,
		CanApprovePullRequestReviews: p.CanApprovePullRequestReviews}
}

// RetentionRequest is the PUT of the retention when it drifted, else nil.
func RetentionRequest(p *P, got *github.ActionsRetention) *github.ActionsRetention {
	if p.ArtifactAndLogRetentionDays == nil || (got != nil && got.Days == *p.ArtifactAndLogRetentionDays) {
		return nil
	}
	return &github.ActionsRetention{Days: *p.ArtifactAndLogRetentionDays}
}

// ForkApprovalRequest is the PUT of the fork approval policy when it
// drifted, else nil.
func ForkApprovalRequest(p *P, got *github.ActionsForkApproval) *github.ActionsForkApproval {
	if p.ForkPullRequestContributorApproval == nil || (got != nil && got.ApprovalPolicy == *p.ForkPullRequestContributorApproval) {
		return nil
	}
	return &github.ActionsForkApproval{ApprovalPolicy: *p.ForkPullRequestContributorApproval}
}

// PrivateForkWorkflowsRequest is the PUT of how forks' pull requests'
// workflows run when a declared field differs from got, else nil. It sends
// all four fields (GitHub requires the first), the undeclared ones as
// GitHub has them; got nil reads as a new repository's (none run).
func PrivateForkWorkflowsRequest(p *P, got *github.ActionsPrivateForkWorkflows) *github.ActionsPrivateForkWorkflows {
	want := p.PrivateForkPullRequestWorkflows
	if len(privateForkDrift(p, got)) == 0 {
		return nil
	}
	if got == nil {
		got = &github.ActionsPrivateForkWorkflows{}
	}
	return &github.ActionsPrivateForkWorkflows{
		RunWorkflows:         ptr.Deref(want.RunWorkflowsFromForkPullRequests, got.RunWorkflows),
		SendWriteTokens:      ptr.Deref(want.SendWriteTokensToWorkflows, got.SendWriteTokens),
		SendSecretsAndVars:   ptr.Deref(want.SendSecretsAndVariables, got.SendSecretsAndVars),
		RequireApprovalFirst: ptr.Deref(want.RequireApprovalForForkPullRequestWorkflows, got.RequireApprovalFirst),
	}
}

// Observation is the status.atProvider of the Actions permissions s of the
// repository in (owner/name): what was read.
func Observation(in string, s *State) common.ActionsPermissionsObservation {
	o := common.ActionsPermissionsObservation{Repository: ptr.To(in), Enabled: ptr.To(s.Permissions.Enabled)}
	if s.Permissions.Enabled {
		o.AllowedActions = ptr.To(s.Permissions.AllowedActions)
		o.SHAPinningRequired = ptr.To(s.Permissions.SHAPinningRequired)
	}
	if s.Selected != nil {
		o.SelectedActions = &common.ActionsSelectedActionsObservation{GitHubOwnedAllowed: s.Selected.GitHubOwnedAllowed,
			VerifiedAllowed: s.Selected.VerifiedAllowed, PatternsAllowed: slices.Clone(s.Selected.PatternsAllowed)}
	}
	if s.Access != nil {
		o.AccessLevel = ptr.To(s.Access.AccessLevel)
	}
	if s.Workflow != nil {
		o.DefaultWorkflowPermissions = ptr.To(s.Workflow.DefaultWorkflowPermissions)
		o.CanApprovePullRequestReviews = ptr.To(s.Workflow.CanApprovePullRequestReviews)
	}
	if s.Retention != nil {
		o.ArtifactAndLogRetentionDays = ptr.To(s.Retention.Days)
		if s.Retention.MaximumAllowedDays > 0 {
			o.MaximumArtifactAndLogRetentionDays = ptr.To(s.Retention.MaximumAllowedDays)
		}
	}
	if s.ForkApproval != nil {
		o.ForkPullRequestContributorApproval = ptr.To(s.ForkApproval.ApprovalPolicy)
	}
	if f := s.PrivateForkWorkflows; f != nil {
		o.PrivateForkPullRequestWorkflows = &common.ActionsPrivateForkPullRequestWorkflowsObservation{
			RunWorkflowsFromForkPullRequests: f.RunWorkflows, SendWriteTokensToWorkflows: f.SendWriteTokens,
			SendSecretsAndVariables: f.SendSecretsAndVars, RequireApprovalForForkPullRequestWorkflows: f.RequireApprovalFirst}
	}
	return o
}

// Imported is the spec of an ActionsPermissions resource for a repository's
// Actions permissions s, as they are, leaving out what GitHub gives a new
// repository (its repository is the importer's to name): the zero spec when
// nothing differs. s must hold every endpoint but Access and
// PrivateForkWorkflows, which only a private or internal repository has
// read. Drift finds nothing in it.
func Imported(s *State) P {
	var p P
	if !s.Permissions.Enabled {
		p.Enabled = ptr.To(false)
	} else {
		if s.Permissions.AllowedActions != defaultAllowedActions && s.Permissions.AllowedActions != "" {
			p.AllowedActions = ptr.To(s.Permissions.AllowedActions)
		}
		if s.Permissions.SHAPinningRequired {
			p.SHAPinningRequired = ptr.To(true)
		}
		if s.Permissions.AllowedActions == selected && s.Selected != nil {
			p.SelectedActions = &common.ActionsSelectedActions{GitHubOwnedAllowed: ptr.To(s.Selected.GitHubOwnedAllowed),
				VerifiedAllowed: ptr.To(s.Selected.VerifiedAllowed), PatternsAllowed: ptr.To(append([]string{}, s.Selected.PatternsAllowed...))}
		}
	}
	if s.Access != nil && s.Access.AccessLevel != defaultAccessLevel {
		p.AccessLevel = ptr.To(s.Access.AccessLevel)
	}
	if s.Workflow != nil {
		if s.Workflow.DefaultWorkflowPermissions != defaultWorkflowPermission {
			p.DefaultWorkflowPermissions = ptr.To(s.Workflow.DefaultWorkflowPermissions)
		}
		if s.Workflow.CanApprovePullRequestReviews {
			p.CanApprovePullRequestReviews = ptr.To(true)
		}
	}
	if s.Retention != nil && s.Retention.Days != defaultRetentionDays {
		p.ArtifactAndLogRetentionDays = ptr.To(s.Retention.Days)
	}
	if s.ForkApproval != nil && s.ForkApproval.ApprovalPolicy != defaultForkApproval {
		p.ForkPullRequestContributorApproval = ptr.To(s.ForkApproval.ApprovalPolicy)
	}
	if f := s.PrivateForkWorkflows; f != nil && *f != (github.ActionsPrivateForkWorkflows{}) {
		w := &common.ActionsPrivateForkPullRequestWorkflows{}
		for _, b := range []struct {
			dst **bool
			got bool
		}{{&w.RunWorkflowsFromForkPullRequests, f.RunWorkflows}, {&w.SendWriteTokensToWorkflows, f.SendWriteTokens},
			{&w.SendSecretsAndVariables, f.SendSecretsAndVars}, {&w.RequireApprovalForForkPullRequestWorkflows, f.RequireApprovalFirst}} {
			if b.got {
				*b.dst = ptr.To(true)
			}
		}
		p.PrivateForkPullRequestWorkflows = w
	}
	return p
}

// Empty tells whether p declares no Actions permission (its repository
// aside): the repository's are a new repository's.
func Empty(p *P) bool {
	return p.Enabled == nil && p.AllowedActions == nil && p.SHAPinningRequired == nil && p.SelectedActions == nil &&
		p.AccessLevel == nil && p.DefaultWorkflowPermissions == nil && p.CanApprovePullRequestReviews == nil &&
		p.ArtifactAndLogRetentionDays == nil && p.ForkPullRequestContributorApproval == nil && p.PrivateForkPullRequestWorkflows == nil
}
