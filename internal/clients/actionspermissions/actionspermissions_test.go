package actionspermissions

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// newRepo is GitHub's Actions permissions of a new repository, every
// endpoint read.
func newRepo() *State {
	return &State{
		Permissions:  &github.ActionsPermissions{Enabled: true, AllowedActions: "all"},
		Access:       &github.ActionsAccess{AccessLevel: "none"},
		Workflow:     &github.ActionsWorkflowPermissions{DefaultWorkflowPermissions: "read"},
		Retention:    &github.ActionsRetention{Days: 90, MaximumAllowedDays: 400},
		ForkApproval: &github.ActionsForkApproval{ApprovalPolicy: "first_time_contributors_new_to_github"},

		PrivateForkWorkflows: &github.ActionsPrivateForkWorkflows{},
	}
}

func state(f func(s *State)) *State {
	s := newRepo()
	f(s)
	return s
}

func TestToRead(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      P
		got    github.ActionsPermissions
		want   Reads
	}{
		"NothingElse": {
			reason: "Declaring only the first endpoint's fields reads no other.",
			p:      P{Enabled: ptr.To(true), AllowedActions: ptr.To("all")},
			got:    github.ActionsPermissions{Enabled: true, AllowedActions: "all"},
		},
		"SelectedOnGitHub": {
			reason: "The selected actions are read while GitHub's allowed_actions is selected, declared or not.",
			got:    github.ActionsPermissions{Enabled: true, AllowedActions: "selected"},
			want:   Reads{Selected: true},
		},
		"SelectedNotYet": {
			reason: "Declared selected actions are not read before GitHub's allowed_actions is selected: GitHub refuses to.",
			p:      P{AllowedActions: ptr.To("selected"), SelectedActions: &common.ActionsSelectedActions{VerifiedAllowed: ptr.To(true)}},
			got:    github.ActionsPermissions{Enabled: true, AllowedActions: "all"},
		},
		"Disabled": {
			reason: "While Actions is disabled GitHub shows no policy, and no selected actions are read.",
			got:    github.ActionsPermissions{Enabled: false, AllowedActions: "selected"},
		},
		"EveryOther": {
			reason: "Each declared field reads its endpoint.",
			p: P{AccessLevel: ptr.To("user"), CanApprovePullRequestReviews: ptr.To(true), ArtifactAndLogRetentionDays: ptr.To[int64](5),
				ForkPullRequestContributorApproval: ptr.To("first_time_contributors"),
				PrivateForkPullRequestWorkflows:    &common.ActionsPrivateForkPullRequestWorkflows{SendSecretsAndVariables: ptr.To(false)}},
			got:  github.ActionsPermissions{Enabled: true, AllowedActions: "all"},
			want: Reads{Access: true, Workflow: true, Retention: true, ForkApproval: true, PrivateForkWorkflows: true},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, ToRead(&tc.p, &tc.got)); diff != "" {
				t.Errorf("%s\nToRead(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestDrift(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      P
		s      *State
		want   []string
	}{
		"UpToDate": {
			reason: "Permissions as declared have no drift.",
			p: P{Enabled: ptr.To(true), AllowedActions: ptr.To("all"), AccessLevel: ptr.To("none"), DefaultWorkflowPermissions: ptr.To("read"),
				ArtifactAndLogRetentionDays: ptr.To[int64](90), ForkPullRequestContributorApproval: ptr.To("first_time_contributors_new_to_github")},
			s: newRepo(),
		},
		"Unset": {
			reason: "Fields left unset are GitHub's to keep.",
			s: state(func(s *State) {
				s.Permissions.SHAPinningRequired = true
				s.Workflow.CanApprovePullRequestReviews = true
			}),
		},
		"EveryField": {
			reason: "Each declared field GitHub has otherwise is drift, named by its spec field.",
			p: P{Enabled: ptr.To(true), AllowedActions: ptr.To("local_only"), SHAPinningRequired: ptr.To(true), AccessLevel: ptr.To("user"),
				DefaultWorkflowPermissions: ptr.To("write"), CanApprovePullRequestReviews: ptr.To(true), ArtifactAndLogRetentionDays: ptr.To[int64](10),
				ForkPullRequestContributorApproval: ptr.To("all_external_contributors"),
				PrivateForkPullRequestWorkflows: &common.ActionsPrivateForkPullRequestWorkflows{RunWorkflowsFromForkPullRequests: ptr.To(true),
					SendWriteTokensToWorkflows: ptr.To(true), SendSecretsAndVariables: ptr.To(true), RequireApprovalForForkPullRequestWorkflows: ptr.To(true)}},
			s: newRepo(),
			want: []string{"allowedActions", "shaPinningRequired", "accessLevel", "defaultWorkflowPermissions", "canApprovePullRequestReviews",
				"artifactAndLogRetentionDays", "forkPullRequestContributorApproval",
				"privateForkPullRequestWorkflows.runWorkflowsFromForkPullRequests", "privateForkPullRequestWorkflows.sendWriteTokensToWorkflows",
				"privateForkPullRequestWorkflows.sendSecretsAndVariables", "privateForkPullRequestWorkflows.requireApprovalForForkPullRequestWorkflows"},
		},
		"PrivateForkWorkflowsUnsetKept": {
			reason: "Of how forks' workflows run, the fields left unset are GitHub's to keep.",
			p:      P{PrivateForkPullRequestWorkflows: &common.ActionsPrivateForkPullRequestWorkflows{RunWorkflowsFromForkPullRequests: ptr.To(true)}},
			s: state(func(s *State) {
				s.PrivateForkWorkflows = &github.ActionsPrivateForkWorkflows{RunWorkflows: true, SendSecretsAndVars: true}
			}),
		},
		"PrivateForkWorkflowsUnread": {
			reason: "Declared fork workflow settings that were not read are drift.",
			p:      P{PrivateForkPullRequestWorkflows: &common.ActionsPrivateForkPullRequestWorkflows{RunWorkflowsFromForkPullRequests: ptr.To(false)}},
			s:      state(func(s *State) { s.PrivateForkWorkflows = nil }),
			want:   []string{"privateForkPullRequestWorkflows"},
		},
		"Disabled": {
			reason: "Actions disabled where the spec enables it is drift of enabled; its policy is not compared until GitHub shows it.",
			p:      P{Enabled: ptr.To(true), AllowedActions: ptr.To("local_only")},
			s:      state(func(s *State) { s.Permissions = &github.ActionsPermissions{} }),
			want:   []string{"enabled"},
		},
		"SelectedPatternsAsSet": {
			reason: "Patterns are compared without regard to order; the other selected fields one by one.",
			p: P{AllowedActions: ptr.To("selected"), SelectedActions: &common.ActionsSelectedActions{GitHubOwnedAllowed: ptr.To(false),
				PatternsAllowed: &[]string{"b/*", "a/*"}}},
			s: state(func(s *State) {
				s.Permissions.AllowedActions = "selected"
				s.Selected = &github.ActionsSelectedActions{GitHubOwnedAllowed: true, PatternsAllowed: []string{"a/*", "b/*"}}
			}),
			want: []string{"selectedActions.githubOwnedAllowed"},
		},
		"NoPatterns": {
			reason: "An empty list of patterns declares none: GitHub's patterns are drift.",
			p:      P{AllowedActions: ptr.To("selected"), SelectedActions: &common.ActionsSelectedActions{PatternsAllowed: &[]string{}}},
			s: state(func(s *State) {
				s.Permissions.AllowedActions = "selected"
				s.Selected = &github.ActionsSelectedActions{GitHubOwnedAllowed: true, PatternsAllowed: []string{"a/*"}}
			}),
			want: []string{"selectedActions.patternsAllowed"},
		},
		"SelectedUnread": {
			reason: "Declared selected actions that could not be read yet are drift.",
			p:      P{AllowedActions: ptr.To("selected"), SelectedActions: &common.ActionsSelectedActions{VerifiedAllowed: ptr.To(true)}},
			s:      newRepo(),
			want:   []string{"allowedActions", "selectedActions"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Drift(&tc.p, tc.s)); diff != "" {
				t.Errorf("%s\nDrift(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestRequests(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      P
		s      *State
		want   any
		got    func(p *P, s *State) any
	}{
		"PermissionsInSync": {
			reason: "No drift, no write.",
			p:      P{Enabled: ptr.To(true)},
			s:      newRepo(),
			want:   (*github.ActionsPermissionsRequest)(nil),
			got:    func(p *P, s *State) any { return PermissionsRequest(p, s.Permissions) },
		},
		"PermissionsKeepEnabled": {
			reason: "GitHub requires enabled: GitHub's is sent when the spec leaves it out, with the declared policy.",
			p:      P{AllowedActions: ptr.To("local_only")},
			s:      newRepo(),
			want:   &github.ActionsPermissionsRequest{Enabled: true, AllowedActions: ptr.To("local_only")},
			got:    func(p *P, s *State) any { return PermissionsRequest(p, s.Permissions) },
		},
		"PermissionsDisable": {
			reason: "Disabling Actions sends enabled alone.",
			p:      P{Enabled: ptr.To(false)},
			s:      newRepo(),
			want:   &github.ActionsPermissionsRequest{Enabled: false},
			got:    func(p *P, s *State) any { return PermissionsRequest(p, s.Permissions) },
		},
		"SelectedMerged": {
			reason: "The selected actions are sent whole: the undeclared fields as GitHub has them.",
			p:      P{SelectedActions: &common.ActionsSelectedActions{VerifiedAllowed: ptr.To(true)}},
			s: state(func(s *State) {
				s.Selected = &github.ActionsSelectedActions{GitHubOwnedAllowed: true, PatternsAllowed: []string{"a/*"}}
			}),
			want: &github.ActionsSelectedActions{GitHubOwnedAllowed: true, VerifiedAllowed: true, PatternsAllowed: []string{"a/*"}},
			got:  func(p *P, s *State) any { return SelectedRequest(p, s.Selected) },
		},
		"SelectedUnread": {
			reason: "Selected actions not read yet are not written: they are read first.",
			p:      P{SelectedActions: &common.ActionsSelectedActions{VerifiedAllowed: ptr.To(true)}},
			s:      newRepo(),
			want:   (*github.ActionsSelectedActions)(nil),
			got:    func(p *P, s *State) any { return SelectedRequest(p, s.Selected) },
		},
		"Access": {
			reason: "A drifted access level is written.",
			p:      P{AccessLevel: ptr.To("organization")},
			s:      newRepo(),
			want:   &github.ActionsAccess{AccessLevel: "organization"},
			got:    func(p *P, s *State) any { return AccessRequest(p, s.Access) },
		},
		"WorkflowDeclaredOnly": {
			reason: "The workflow permissions send the declared fields only.",
			p:      P{CanApprovePullRequestReviews: ptr.To(true)},
			s:      newRepo(),
			want:   &github.ActionsWorkflowPermissionsRequest{CanApprovePullRequestReviews: ptr.To(true)},
			got:    func(p *P, s *State) any { return WorkflowRequest(p, s.Workflow) },
		},
		"RetentionInSync": {
			reason: "A retention as declared is not written.",
			p:      P{ArtifactAndLogRetentionDays: ptr.To[int64](90)},
			s:      newRepo(),
			want:   (*github.ActionsRetention)(nil),
			got:    func(p *P, s *State) any { return RetentionRequest(p, s.Retention) },
		},
		"Retention": {
			reason: "A drifted retention is written.",
			p:      P{ArtifactAndLogRetentionDays: ptr.To[int64](14)},
			s:      newRepo(),
			want:   &github.ActionsRetention{Days: 14},
			got:    func(p *P, s *State) any { return RetentionRequest(p, s.Retention) },
		},
		"ForkApproval": {
			reason: "A drifted approval policy is written.",
			p:      P{ForkPullRequestContributorApproval: ptr.To("first_time_contributors")},
			s:      newRepo(),
			want:   &github.ActionsForkApproval{ApprovalPolicy: "first_time_contributors"},
			got:    func(p *P, s *State) any { return ForkApprovalRequest(p, s.ForkApproval) },
		},
		"PrivateForkWorkflowsInSync": {
			reason: "Fork workflow settings as declared are not written.",
			p:      P{PrivateForkPullRequestWorkflows: &common.ActionsPrivateForkPullRequestWorkflows{SendWriteTokensToWorkflows: ptr.To(false)}},
			s:      newRepo(),
			want:   (*github.ActionsPrivateForkWorkflows)(nil),
			got:    func(p *P, s *State) any { return PrivateForkWorkflowsRequest(p, s.PrivateForkWorkflows) },
		},
		"PrivateForkWorkflowsMerged": {
			reason: "Fork workflow settings are sent whole (GitHub requires run_workflows_from_fork_pull_requests): the undeclared fields as GitHub has them.",
			p:      P{PrivateForkPullRequestWorkflows: &common.ActionsPrivateForkPullRequestWorkflows{RequireApprovalForForkPullRequestWorkflows: ptr.To(true)}},
			s: state(func(s *State) {
				s.PrivateForkWorkflows = &github.ActionsPrivateForkWorkflows{RunWorkflows: true, SendWriteTokens: true}
			}),
			want: &github.ActionsPrivateForkWorkflows{RunWorkflows: true, SendWriteTokens: true, RequireApprovalFirst: true},
			got:  func(p *P, s *State) any { return PrivateForkWorkflowsRequest(p, s.PrivateForkWorkflows) },
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, tc.got(&tc.p, tc.s)); diff != "" {
				t.Errorf("%s\n-want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestObservation(t *testing.T) {
	s := state(func(s *State) {
		s.Permissions = &github.ActionsPermissions{Enabled: true, AllowedActions: "selected", SHAPinningRequired: true}
		s.Selected = &github.ActionsSelectedActions{VerifiedAllowed: true, PatternsAllowed: []string{"a/*"}}
		s.Access = nil
	})
	want := common.ActionsPermissionsObservation{Repository: ptr.To("o/r"), Enabled: ptr.To(true), AllowedActions: ptr.To("selected"),
		SHAPinningRequired: ptr.To(true), SelectedActions: &common.ActionsSelectedActionsObservation{VerifiedAllowed: true, PatternsAllowed: []string{"a/*"}},
		DefaultWorkflowPermissions: ptr.To("read"), CanApprovePullRequestReviews: ptr.To(false), ArtifactAndLogRetentionDays: ptr.To[int64](90),
		MaximumArtifactAndLogRetentionDays: ptr.To[int64](400), ForkPullRequestContributorApproval: ptr.To("first_time_contributors_new_to_github"),
		PrivateForkPullRequestWorkflows: &common.ActionsPrivateForkPullRequestWorkflowsObservation{}}
	if diff := cmp.Diff(want, Observation("o/r", s)); diff != "" {
		t.Errorf("Observation(...): -want, +got:\n%s", diff)
	}
	disabled := Observation("o/r", &State{Permissions: &github.ActionsPermissions{}})
	if diff := cmp.Diff(common.ActionsPermissionsObservation{Repository: ptr.To("o/r"), Enabled: ptr.To(false)}, disabled); diff != "" {
		t.Errorf("Observation(...) of disabled Actions: -want, +got:\n%s", diff)
	}
}

func TestImported(t *testing.T) {
	cases := map[string]struct {
		reason string
		s      *State
		want   P
	}{
		"NewRepository": {
			reason: "A new repository's permissions import as nothing.",
			s:      newRepo(),
		},
		"Disabled": {
			reason: "Disabled Actions imports as enabled: false alone.",
			s:      state(func(s *State) { s.Permissions = &github.ActionsPermissions{} }),
			want:   P{Enabled: ptr.To(false)},
		},
		"Everything": {
			reason: "Every field that differs from a new repository's is imported; the selected actions whole.",
			s: &State{
				Permissions:  &github.ActionsPermissions{Enabled: true, AllowedActions: "selected", SHAPinningRequired: true},
				Selected:     &github.ActionsSelectedActions{GitHubOwnedAllowed: true, PatternsAllowed: []string{"a/*"}},
				Access:       &github.ActionsAccess{AccessLevel: "organization"},
				Workflow:     &github.ActionsWorkflowPermissions{DefaultWorkflowPermissions: "write", CanApprovePullRequestReviews: true},
				Retention:    &github.ActionsRetention{Days: 30, MaximumAllowedDays: 400},
				ForkApproval: &github.ActionsForkApproval{ApprovalPolicy: "all_external_contributors"},

				PrivateForkWorkflows: &github.ActionsPrivateForkWorkflows{RunWorkflows: true, RequireApprovalFirst: true},
			},
			want: P{AllowedActions: ptr.To("selected"), SHAPinningRequired: ptr.To(true),
				SelectedActions: &common.ActionsSelectedActions{GitHubOwnedAllowed: ptr.To(true), VerifiedAllowed: ptr.To(false), PatternsAllowed: &[]string{"a/*"}},
				AccessLevel:     ptr.To("organization"), DefaultWorkflowPermissions: ptr.To("write"), CanApprovePullRequestReviews: ptr.To(true),
				ArtifactAndLogRetentionDays: ptr.To[int64](30), ForkPullRequestContributorApproval: ptr.To("all_external_contributors"),
				PrivateForkPullRequestWorkflows: &common.ActionsPrivateForkPullRequestWorkflows{RunWorkflowsFromForkPullRequests: ptr.To(true),
					RequireApprovalForForkPullRequestWorkflows: ptr.To(true)}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := Imported(tc.s)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s\nImported(...): -want, +got:\n%s", tc.reason, diff)
			}
			if d := Drift(&got, tc.s); len(d) != 0 {
				t.Errorf("%s\nDrift(Imported(s), s) = %v, want none: an imported resource would write", tc.reason, d)
			}
			if Empty(&got) != (name == "NewRepository") {
				t.Errorf("%s\nEmpty(Imported(s)) = %t", tc.reason, Empty(&got))
			}
		})
	}
}
