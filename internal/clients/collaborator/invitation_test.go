package collaborator

import (
	"testing"
	"time"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var sent = time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)

func invitation(id int64, login, permissions string, expired bool) github.Invitation {
	return github.Invitation{ID: id, Invitee: &github.Account{Login: login}, Permissions: permissions, CreatedAt: sent, Expired: expired}
}

func TestFindInvitation(t *testing.T) {
	cases := map[string]struct {
		reason string
		list   []github.Invitation
		login  string
		want   int64 // 0 for none
	}{
		"None":         {reason: "No invitations, none found.", login: "other-user"},
		"Other":        {reason: "Another user's invitation is not the user's.", list: []github.Invitation{invitation(1, "third-user", "read", false)}, login: "other-user"},
		"Found":        {reason: "The user's invitation is found.", list: []github.Invitation{invitation(1, "third-user", "read", false), invitation(2, "other-user", "write", false)}, login: "other-user", want: 2},
		"Case":         {reason: "Logins match without regard to case.", list: []github.Invitation{invitation(3, "Other-User", "write", false)}, login: "other-USER", want: 3},
		"Expired":      {reason: "An expired invitation is found when it is the only one.", list: []github.Invitation{invitation(4, "other-user", "write", true)}, login: "other-user", want: 4},
		"PendingFirst": {reason: "A pending invitation is preferred to an expired one.", list: []github.Invitation{invitation(5, "other-user", "write", true), invitation(6, "other-user", "write", false)}, login: "other-user", want: 6},
		"EmailInvite":  {reason: "An invitation without invitee (sent to an email address) is nobody's.", list: []github.Invitation{{ID: 7}}, login: "other-user"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := FindInvitation(tc.list, tc.login)
			var id int64
			if got != nil {
				id = got.ID
			}
			if id != tc.want {
				t.Errorf("\n%s\nFindInvitation(...): got invitation %d, want %d", tc.reason, id, tc.want)
			}
		})
	}
}

func TestFindCollaborator(t *testing.T) {
	list := []github.Collaborator{{Login: "member-user", RoleName: "write"}, {Login: "Other-User", RoleName: "read"}}
	cases := map[string]struct {
		login string
		want  *github.Collaborator
	}{
		"Found":   {login: "member-user", want: &list[0]},
		"Case":    {login: "other-user", want: &list[1]},
		"Missing": {login: "third-user"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, FindCollaborator(list, tc.login)); diff != "" {
				t.Errorf("FindCollaborator(%q): -want, +got:\n%s", tc.login, diff)
			}
		})
	}
}

func TestInvitationUpToDate(t *testing.T) {
	cases := map[string]struct {
		reason     string
		permission string
		offered    string
		want       bool
	}{
		"PushIsWrite":  {reason: "An invitation offering write is one for push.", permission: "push", offered: "write", want: true},
		"PullIsRead":   {reason: "An invitation offering read is one for pull.", permission: "pull", offered: "read", want: true},
		"Changed":      {reason: "An invitation raised to admin is not one for push.", permission: "push", offered: "admin"},
		"Maintain":     {reason: "maintain is maintain.", permission: "maintain", offered: "maintain", want: true},
		"CustomBase":   {reason: "GitHub reports a custom role's invitation as its base role, which cannot be compared.", permission: "deployer", offered: "write", want: true},
		"CustomAdmin":  {reason: "No custom role grants admin: an invitation offering admin is not one for a custom role.", permission: "deployer", offered: "admin"},
		"OfferedWords": {reason: "GitHub's request words in an answer compare as its answer words.", permission: "push", offered: "push", want: true},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			inv := invitation(1, "other-user", tc.offered, false)
			if got := InvitationUpToDate(tc.permission, &inv); got != tc.want {
				t.Errorf("\n%s\nInvitationUpToDate(%q, %q) = %t, want %t", tc.reason, tc.permission, tc.offered, got, tc.want)
			}
		})
	}
}

func TestInvitationPermission(t *testing.T) {
	cases := map[string]struct {
		permission string
		word       string
		ok         bool
	}{
		"Pull":   {permission: "pull", word: "read", ok: true},
		"Push":   {permission: "push", word: "write", ok: true},
		"Triage": {permission: "triage", word: "triage", ok: true},
		"Admin":  {permission: "admin", word: "admin", ok: true},
		"Custom": {permission: "deployer"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			word, ok := InvitationPermission(tc.permission)
			if word != tc.word || ok != tc.ok {
				t.Errorf("InvitationPermission(%q) = %q, %t; want %q, %t", tc.permission, word, ok, tc.word, tc.ok)
			}
		})
	}
}

func TestPending(t *testing.T) {
	inv := invitation(9, "other-user", "write", false)
	want := xpv2.Condition{
		Type:    xpv2.TypeReady,
		Status:  corev1.ConditionFalse,
		Reason:  "InvitationPending",
		Message: "other-user has not accepted the invitation to demo-org/app sent 2026-03-04T05:06:07Z yet; GitHub lets an invitation expire after 7 days, and the provider then invites again",
	}
	got := Pending("other-user", "demo-org/app", &inv)
	if diff := cmp.Diff(want, got, cmpopts.IgnoreFields(xpv2.Condition{}, "LastTransitionTime")); diff != "" {
		t.Errorf("Pending(...): -want, +got:\n%s", diff)
	}
	// The condition must equal itself on the next poll, or every poll
	// would write the status.
	if again := Pending("other-user", "demo-org/app", &inv); !again.Equal(got) {
		t.Errorf("Pending(...) differs from one call to the next: %+v vs %+v", got, again)
	}
}

func TestObservation(t *testing.T) {
	inv := invitation(9, "Other-User", "write", false)
	inv.HTMLURL = "https://github.com/demo-org/app/invitations"
	kept := &v1alpha1.KeptPermission{Granted: "pull", Reported: "admin"}
	cases := map[string]struct {
		reason string
		o      Observed
		want   v1alpha1.CollaboratorObservation
	}{
		"Collaborator": {
			reason: "A collaborator's role, login and repository are observed.",
			o:      Observed{Repository: "demo-org/app", Login: "Member-User", Role: "write"},
			want:   v1alpha1.CollaboratorObservation{Repository: ptr.To("demo-org/app"), Login: ptr.To("Member-User"), Permission: ptr.To("write")},
		},
		"Kept": {
			reason: "A kept role is recorded.",
			o:      Observed{Repository: "demo-org/app", Login: "demo-user", Role: "admin", Kept: kept},
			want:   v1alpha1.CollaboratorObservation{Repository: ptr.To("demo-org/app"), Login: ptr.To("demo-user"), Permission: ptr.To("admin"), KeptPermission: kept},
		},
		"Invited": {
			reason: "A pending invitation is observed, with the invitee's login; the user has no role yet.",
			o:      Observed{Repository: "demo-org/app", Invitation: &inv},
			want: v1alpha1.CollaboratorObservation{Repository: ptr.To("demo-org/app"), Login: ptr.To("Other-User"),
				Invitation: &v1alpha1.InvitationObservation{ID: 9, Permission: "write", CreatedAt: ptr.To(metav1.NewTime(sent)), HTMLURL: ptr.To("https://github.com/demo-org/app/invitations")}},
		},
		"Nothing": {
			reason: "Nothing observed is an empty observation but for the repository.",
			o:      Observed{Repository: "demo-org/app"},
			want:   v1alpha1.CollaboratorObservation{Repository: ptr.To("demo-org/app")},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Observation(tc.o)); diff != "" {
				t.Errorf("\n%s\nObservation(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestExternalName(t *testing.T) {
	if got := ExternalName("Other-User"); got != "other-user" {
		t.Errorf("ExternalName(Other-User) = %q, want other-user", got)
	}
}
