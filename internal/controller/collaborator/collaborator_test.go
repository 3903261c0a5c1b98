package collaborator

import (
	"context"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	gogithub "github.com/google/go-github/v37/github"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	collab "github.com/crossplane-github/provider-github/internal/clients/collaborator"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
)

const permPath = "/repos/demo-org/app/collaborators/other-user/permission"

// api builds the fake GitHub of a case from the answers it gives.
type api struct {
	permission  *github.CollaboratorPermission
	permErr     error
	collab      *bool // IsCollaborator's answer; nil: must not be asked
	invitations []github.Invitation
	invErr      error
	direct      []github.Collaborator
	directErr   error
	account     *github.Account
	accountErr  error
}

func (a api) fake(t *testing.T) *mockAPI {
	t.Helper()
	return &mockAPI{
		MockCollaboratorsAPI: fake.MockCollaboratorsAPI{
			MockGetPermission: func(_ context.Context, owner, repo, user string) (*github.CollaboratorPermission, error) {
				if owner != "demo-org" || repo != "app" {
					t.Errorf("GetPermission(%s, %s, %s): want demo-org/app", owner, repo, user)
				}
				if a.permErr != nil {
					return &github.CollaboratorPermission{}, a.permErr
				}
				return a.permission, nil
			},
			MockIsCollaborator: func(context.Context, string, string, string) (bool, error) {
				if a.collab == nil {
					t.Error("IsCollaborator(...) called: a role above read needs no check")
					return false, nil
				}
				return *a.collab, nil
			},
			MockListDirectCollaborators: func(context.Context, string, string) ([]github.Collaborator, error) {
				return a.direct, a.directErr
			},
		},
		MockInvitationsAPI: fake.MockInvitationsAPI{
			MockListInvitations: func(context.Context, string, string) ([]github.Invitation, error) {
				return a.invitations, a.invErr
			},
		},
		MockUsersAPI: fake.MockUsersAPI{
			MockGetAccount: func(context.Context, string) (*github.Account, error) { return a.account, a.accountErr },
		},
	}
}

func TestObserve(t *testing.T) {
	kept := &common.KeptPermission{Granted: "pull", Reported: "admin"}
	type want struct {
		o       managed.ExternalObservation
		err     error
		obs     common.CollaboratorObservation
		ready   xpv2.ConditionReason
		extName string
		found   found
	}
	cases := map[string]struct {
		reason string
		api    api
		mg     []mod
		want   want
	}{
		"Collaborator": {
			reason: "A collaborator with the declared role (push is write) is up to date and Ready; the external name is set from the username.",
			api:    api{permission: permissionAnswer("other-user", "write", "write")},
			mg:     []mod{withUser("Other-User")},
			want: want{
				o:     managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true},
				obs:   common.CollaboratorObservation{Repository: ptr.To("demo-org/app"), Login: ptr.To("other-user"), Permission: ptr.To("write")},
				ready: xpv2.ReasonAvailable, extName: "other-user",
			},
		},
		"PermissionDrift": {
			reason: "A collaborator whose role was changed on GitHub is not up to date.",
			api:    api{permission: permissionAnswer("other-user", "admin", "admin")},
			mg:     []mod{withExternalName("other-user"), withPermission("maintain")},
			want: want{
				o:     managed.ExternalObservation{ResourceExists: true, Diff: "permission: want maintain, GitHub reports admin"},
				obs:   common.CollaboratorObservation{Repository: ptr.To("demo-org/app"), Login: ptr.To("other-user"), Permission: ptr.To("admin")},
				ready: xpv2.ReasonAvailable, extName: "other-user",
			},
		},
		"CustomRoleCase": {
			reason: "GitHub reports a custom role's name as it was defined; it matches without regard to case.",
			api:    api{permission: permissionAnswer("other-user", "deployer", "write")},
			mg:     []mod{withExternalName("other-user"), withPermission("Deployer")},
			want: want{
				o:     managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true},
				obs:   common.CollaboratorObservation{Repository: ptr.To("demo-org/app"), Login: ptr.To("other-user"), Permission: ptr.To("deployer")},
				ready: xpv2.ReasonAvailable, extName: "other-user",
			},
		},
		"OwnerRoleKept": {
			reason: "An organization owner's admin role that GitHub kept after granting pull is up to date: no grant on every poll.",
			api:    api{permission: permissionAnswer("other-user", "admin", "admin")},
			mg:     []mod{withExternalName("other-user"), withPermission("pull"), withObservation(common.CollaboratorObservation{KeptPermission: kept})},
			want: want{
				o:     managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true},
				obs:   common.CollaboratorObservation{Repository: ptr.To("demo-org/app"), Login: ptr.To("other-user"), Permission: ptr.To("admin"), KeptPermission: kept},
				ready: xpv2.ReasonAvailable, extName: "other-user",
			},
		},
		"ReadCollaborator": {
			reason: "A read role may be anyone's on a public repository: GitHub's collaborator check says this one is a collaborator.",
			api:    api{permission: permissionAnswer("other-user", "read", "read"), collab: ptr.To(true)},
			mg:     []mod{withExternalName("other-user"), withPermission("pull")},
			want: want{
				o:     managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true},
				obs:   common.CollaboratorObservation{Repository: ptr.To("demo-org/app"), Login: ptr.To("other-user"), Permission: ptr.To("read")},
				ready: xpv2.ReasonAvailable, extName: "other-user",
			},
		},
		"PublicReaderInvited": {
			reason: "A public repository's reader who is no collaborator but has a pending invitation: Ready=False, InvitationPending.",
			api:    api{permission: permissionAnswer("other-user", "read", "read"), collab: ptr.To(false), invitations: []github.Invitation{*invitation(7, "read", false)}},
			mg:     []mod{withExternalName("other-user"), withPermission("pull")},
			want: want{
				o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true},
				obs: common.CollaboratorObservation{Repository: ptr.To("demo-org/app"), Login: ptr.To("other-user"),
					Invitation: &common.InvitationObservation{ID: 7, Permission: "read", CreatedAt: ptr.To(metav1.NewTime(sentAt)), HTMLURL: ptr.To("https://github.com/demo-org/app/invitations")}},
				ready: collab.ReasonInvitationPending, extName: "other-user", found: found{invitation: invitation(7, "read", false)},
			},
		},
		"InvitationDrift": {
			reason: "A pending invitation whose permission was changed on GitHub is not up to date.",
			api:    api{permission: permissionAnswer("other-user", "none", "none"), invitations: []github.Invitation{*invitation(7, "admin", false)}},
			mg:     []mod{withExternalName("other-user")},
			want: want{
				o: managed.ExternalObservation{ResourceExists: true, Diff: "invitation: want push, it offers admin"},
				obs: common.CollaboratorObservation{Repository: ptr.To("demo-org/app"), Login: ptr.To("other-user"),
					Invitation: &common.InvitationObservation{ID: 7, Permission: "admin", CreatedAt: ptr.To(metav1.NewTime(sentAt)), HTMLURL: ptr.To("https://github.com/demo-org/app/invitations")}},
				ready: collab.ReasonInvitationPending, extName: "other-user", found: found{invitation: invitation(7, "admin", false)},
			},
		},
		"NotInvited": {
			reason: "A user without access or invitation does not exist yet: Create invites.",
			api:    api{permission: permissionAnswer("other-user", "none", "none")},
			mg:     []mod{withExternalName("other-user")},
			want: want{
				o:       managed.ExternalObservation{ResourceExists: false},
				obs:     common.CollaboratorObservation{Repository: ptr.To("demo-org/app"), Login: ptr.To("other-user")},
				extName: "other-user",
			},
		},
		"InvitationExpired": {
			reason: "An expired invitation does not count: Create withdraws it and invites again.",
			api:    api{permission: permissionAnswer("other-user", "none", "none"), invitations: []github.Invitation{*invitation(7, "write", true)}},
			mg:     []mod{withExternalName("other-user")},
			want: want{
				o:       managed.ExternalObservation{ResourceExists: false},
				obs:     common.CollaboratorObservation{Repository: ptr.To("demo-org/app"), Login: ptr.To("other-user")},
				extName: "other-user", found: found{invitation: invitation(7, "write", true), reinvite: "the invitation sent 2026-03-04T05:06:07Z expired"},
			},
		},
		"InvitationDeclined": {
			reason: "An invitation that was pending and is gone was declined or withdrawn: Create invites again.",
			api:    api{permission: permissionAnswer("other-user", "none", "none")},
			mg:     []mod{withExternalName("other-user"), withObservation(common.CollaboratorObservation{Invitation: &common.InvitationObservation{ID: 7}})},
			want: want{
				o:       managed.ExternalObservation{ResourceExists: false},
				obs:     common.CollaboratorObservation{Repository: ptr.To("demo-org/app"), Login: ptr.To("other-user")},
				extName: "other-user", found: found{reinvite: "the invitation 7 was declined or withdrawn"},
			},
		},
		"UnknownUser": {
			reason: "GitHub answers 404 for a user it does not know: the error names the user.",
			api:    api{permErr: ghErrOn("GET", permPath, 404), accountErr: ghErrOn("GET", "/users/other-user", 404)},
			mg:     []mod{withExternalName("other-user")},
			want:   want{err: errors.New("GitHub knows no user other-user: check spec.forProvider.username"), extName: "other-user"},
		},
		"Organization": {
			reason: "An organization cannot be a collaborator.",
			api:    api{permErr: ghErrOn("GET", permPath, 404), account: &github.Account{Login: "other-user", Type: "Organization"}},
			want:   want{err: errors.New("other-user is an organization, not a user: only users can be collaborators")},
		},
		"UnknownRepository": {
			reason: "A 404 for a user GitHub knows is the repository's: the error names it.",
			api:    api{permErr: ghErrOn("GET", permPath, 404), account: &github.Account{Login: "other-user", Type: "User"}},
			want:   want{err: errors.Wrap(ghErrOn("GET", permPath, 404), "cannot find repository demo-org/app")},
		},
		"ServerError": {
			reason: "Only a 404 means absent: a 500 is an error, and must not lead to an invitation.",
			api:    api{permErr: ghErrOn("GET", permPath, 500)},
			want:   want{err: errors.Wrap(ghErrOn("GET", permPath, 500), "cannot read the permission of other-user on demo-org/app")},
		},
		"InvitationsUnreadable": {
			reason: "An error reading the invitations is an error, not absence.",
			api:    api{permission: permissionAnswer("other-user", "none", "none"), invErr: ghErrOn("GET", "/repos/demo-org/app/invitations", 403)},
			want: want{err: errors.Wrap(ghErrOn("GET", "/repos/demo-org/app/invitations", 403), "cannot read the invitations of demo-org/app"),
				extName: "other-user"},
		},
		"ExternalNameOfAnotherUser": {
			reason: "The external name and the username must name the same user (in any case).",
			mg:     []mod{withExternalName("third-user")},
			want: want{err: errors.New(`spec.forProvider.username "other-user" and the crossplane.io/external-name annotation "third-user" name different users: make them equal, or remove the annotation`),
				extName: "third-user"},
		},
		"RepositoryOwner": {
			reason: "The owner of a repository cannot be its collaborator.",
			mg:     []mod{withUser("Demo-Org")},
			want:   want{err: errors.New("Demo-Org owns demo-org/app: the owner of a repository cannot be its collaborator")},
		},
		"DeletingDirect": {
			reason: "A resource being deleted exists while the user is a direct collaborator.",
			api:    api{direct: []github.Collaborator{{Login: "Other-User"}}},
			mg:     []mod{withExternalName("other-user"), deleting()},
			want:   want{o: managed.ExternalObservation{ResourceExists: true}, extName: "other-user", found: found{direct: true}},
		},
		"DeletingInvited": {
			reason: "A resource being deleted exists while the user has an invitation, expired or not.",
			api:    api{invitations: []github.Invitation{*invitation(7, "write", true)}},
			mg:     []mod{withExternalName("other-user"), deleting()},
			want:   want{o: managed.ExternalObservation{ResourceExists: true}, extName: "other-user", found: found{invitation: invitation(7, "write", true)}},
		},
		"DeletingInheritedOnly": {
			reason: "A user holding access only through the organization has nothing of this resource's to delete.",
			api:    api{direct: []github.Collaborator{{Login: "member-user"}}},
			mg:     []mod{withExternalName("other-user"), deleting()},
			want:   want{o: managed.ExternalObservation{ResourceExists: false}, extName: "other-user"},
		},
		"DeletingRepositoryGone": {
			reason: "A repository that is gone has no collaborators left to remove.",
			api:    api{directErr: ghErrOn("GET", "/repos/demo-org/app/collaborators", 404)},
			mg:     []mod{withExternalName("other-user"), deleting()},
			want:   want{o: managed.ExternalObservation{ResourceExists: false}, extName: "other-user"},
		},
		"DeletingOwner": {
			reason: "Deleting a resource naming the repository's owner does not get stuck.",
			mg:     []mod{withUser("demo-org"), deleting()},
			want:   want{o: managed.ExternalObservation{ResourceExists: false}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				mg := s.collaborator(tc.mg...)
				e := s.external(tc.api.fake(t), event.NewNopRecorder())
				got, err := e.Observe(context.Background(), mg)
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Fatalf("\n%s\nObserve(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.o, got); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
				}
				if err != nil || meta.WasDeleted(mg) {
					return
				}
				if diff := cmp.Diff(tc.want.obs, *mg.Observation()); diff != "" {
					t.Errorf("\n%s\nObserve(...): status.atProvider: -want, +got:\n%s", tc.reason, diff)
				}
				if got := mg.GetCondition(xpv2.TypeReady).Reason; got != tc.want.ready && (tc.want.ready != "" || got != "") {
					t.Errorf("\n%s\nObserve(...): Ready reason %q, want %q", tc.reason, got, tc.want.ready)
				}
				if got := meta.GetExternalName(mg); got != tc.want.extName {
					t.Errorf("\n%s\nObserve(...): external name %q, want %q", tc.reason, got, tc.want.extName)
				}
				if diff := cmp.Diff(tc.want.found, e.found(), cmp.AllowUnexported(found{})); diff != "" {
					t.Errorf("\n%s\nObserve(...): found for the next step: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

// The InvitationPending condition names the user and when the invitation
// was sent, and is the same on every poll.
func TestObservePendingCondition(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		a := api{permission: permissionAnswer("other-user", "none", "none"), invitations: []github.Invitation{*invitation(7, "write", false)}}
		mg := s.collaborator(withExternalName("other-user"))
		for range 2 {
			if _, err := s.external(a.fake(t), event.NewNopRecorder()).Observe(context.Background(), mg); err != nil {
				t.Fatal(err)
			}
		}
		want := xpv2.Condition{Type: xpv2.TypeReady, Status: "False", Reason: collab.ReasonInvitationPending,
			Message: "other-user has not accepted the invitation to demo-org/app sent 2026-03-04T05:06:07Z yet; GitHub lets an invitation expire after 7 days, and the provider then invites again"}
		if diff := cmp.Diff(want, mg.GetCondition(xpv2.TypeReady), cmpopts.IgnoreFields(xpv2.Condition{}, "LastTransitionTime")); diff != "" {
			t.Errorf("Observe(...): Ready: -want, +got:\n%s", diff)
		}
	})
}

func TestCreate(t *testing.T) {
	const putPath = "/repos/demo-org/app/collaborators/other-user"
	type call struct{ method, arg string }
	type want struct {
		err     error
		calls   []call
		events  []event.Event
		extName string
	}
	cases := map[string]struct {
		reason  string
		found   found
		add     func() (*github.Invitation, error)
		del     error
		account *github.Account
		mg      []mod
		want    want
	}{
		"AddedAtOnce": {
			reason: "A member of the organization is added at once: no invitation, no event of ours.",
			add:    func() (*github.Invitation, error) { return nil, nil },
			mg:     []mod{withUser("Other-User"), withPermission("maintain")},
			want:   want{calls: []call{{"add", "maintain"}}, extName: "other-user"},
		},
		"Invited": {
			reason: "Anyone else is invited, and an event says the resource is Ready once they accept.",
			add:    func() (*github.Invitation, error) { return invitation(7, "write", false), nil },
			want: want{calls: []call{{"add", "push"}}, extName: "other-user",
				events: []event.Event{event.Normal(reasonInvited, "Invited other-user to demo-org/app with permission push (invitation 7): the resource is Ready once other-user accepts")}},
		},
		"ExpiredWithdrawnFirst": {
			reason: "An expired invitation is withdrawn before the user is invited again, and the event says why.",
			found:  found{invitation: invitation(6, "write", true), reinvite: "the invitation sent 2026-03-04T05:06:07Z expired"},
			add:    func() (*github.Invitation, error) { return invitation(7, "write", false), nil },
			want: want{calls: []call{{"delete-invitation", "6"}, {"add", "push"}}, extName: "other-user",
				events: []event.Event{event.Normal(reasonInvitedAgain, "Invited other-user to demo-org/app with permission push (invitation 7): the resource is Ready once other-user accepts; invited again because the invitation sent 2026-03-04T05:06:07Z expired")}},
		},
		"ExpiredAlreadyGone": {
			reason: "An expired invitation that is gone by now is no obstacle.",
			found:  found{invitation: invitation(6, "write", true)},
			del:    ghErrOn("DELETE", "/repos/demo-org/app/invitations/6", 404),
			add:    func() (*github.Invitation, error) { return nil, nil },
			want:   want{calls: []call{{"delete-invitation", "6"}, {"add", "push"}}, extName: "other-user"},
		},
		"UnknownUser": {
			reason: "A user GitHub does not know is named in the error.",
			add:    func() (*github.Invitation, error) { return nil, ghErrOn("PUT", putPath, 404) },
			want:   want{calls: []call{{"add", "push"}}, err: errors.New("GitHub knows no user other-user: check spec.forProvider.username")},
		},
		"Refused": {
			reason: "GitHub's refusal is returned with what was attempted.",
			add:    func() (*github.Invitation, error) { return nil, ghErrOn("PUT", putPath, 422) },
			mg:     []mod{withPermission("auditor")},
			want: want{calls: []call{{"add", "auditor"}},
				err: errors.Wrap(ghErrOn("PUT", putPath, 422), "cannot add other-user as a collaborator of demo-org/app with permission auditor")},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				var calls []call
				a := &mockAPI{
					MockCollaboratorsAPI: fake.MockCollaboratorsAPI{MockAddCollaborator: func(_ context.Context, _, _, _, p string) (*github.Invitation, error) {
						calls = append(calls, call{"add", p})
						return tc.add()
					}},
					MockInvitationsAPI: fake.MockInvitationsAPI{MockDeleteInvitation: func(_ context.Context, _, _ string, id int64) error {
						calls = append(calls, call{"delete-invitation", fmtID(id)})
						return tc.del
					}},
					MockUsersAPI: fake.MockUsersAPI{MockGetAccount: func(context.Context, string) (*github.Account, error) {
						return nil, ghErrOn("GET", "/users/other-user", 404)
					}},
				}
				rec := &kindtest.Recorder{}
				mg := s.collaborator(tc.mg...)
				_, err := s.external(a, rec, func(f *found) { *f = tc.found }).Create(context.Background(), mg)
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nCreate(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.calls, calls, cmp.AllowUnexported(call{})); diff != "" {
					t.Errorf("\n%s\nCreate(...): calls to GitHub: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.events, rec.Events); diff != "" {
					t.Errorf("\n%s\nCreate(...): events: -want, +got:\n%s", tc.reason, diff)
				}
				if got := meta.GetExternalName(mg); got != tc.want.extName {
					t.Errorf("\n%s\nCreate(...): external name %q, want %q", tc.reason, got, tc.want.extName)
				}
			})
		})
	}
}

func TestUpdate(t *testing.T) {
	type call struct{ method, arg string }
	type want struct {
		err    error
		calls  []call
		obs    common.CollaboratorObservation
		events int
	}
	cases := map[string]struct {
		reason    string
		found     found
		mg        []mod
		add       *github.Invitation
		readBack  *github.CollaboratorPermission
		updateErr error
		want      want
	}{
		"CollaboratorPermission": {
			reason:   "A collaborator gets the declared permission; GitHub reporting it, nothing is kept.",
			mg:       []mod{withPermission("maintain")},
			readBack: permissionAnswer("other-user", "maintain", "write"),
			want:     want{calls: []call{{"add", "maintain"}, {"read-back", ""}}},
		},
		"OwnerKeepsAdmin": {
			reason:   "GitHub keeps an organization owner's admin role over pull: recorded, with an event, so the next poll does not grant it again.",
			mg:       []mod{withPermission("pull")},
			readBack: permissionAnswer("other-user", "admin", "admin"),
			want: want{calls: []call{{"add", "pull"}, {"read-back", ""}}, events: 1,
				obs: common.CollaboratorObservation{Permission: ptr.To("admin"), KeptPermission: &common.KeptPermission{Granted: "pull", Reported: "admin"}}},
		},
		"NoLongerCollaborator": {
			reason: "A user removed since Observe is invited instead; nothing to read back.",
			add:    invitation(8, "write", false),
			want:   want{calls: []call{{"add", "push"}}, events: 1},
		},
		"InvitationBuiltIn": {
			reason: "A pending invitation gets a built-in permission through an invitation update, in GitHub's answer words.",
			found:  found{invitation: invitation(7, "admin", false)},
			want:   want{calls: []call{{"update-invitation", "7 write"}}},
		},
		"InvitationCustomRole": {
			reason: "An invitation update takes no custom role: a new add request gives the pending invitation the role.",
			found:  found{invitation: invitation(7, "admin", false)},
			mg:     []mod{withPermission("deployer")},
			add:    invitation(7, "write", false),
			want:   want{calls: []call{{"add", "deployer"}}},
		},
		"InvitationGone": {
			reason:    "An invitation accepted or declined since Observe is no error: the next Observe sees to it.",
			found:     found{invitation: invitation(7, "admin", false)},
			updateErr: ghErrOn("PATCH", "/repos/demo-org/app/invitations/7", 404),
			want:      want{calls: []call{{"update-invitation", "7 write"}}},
		},
		"InvitationRefused": {
			reason:    "Another refusal is an error saying what was attempted.",
			found:     found{invitation: invitation(7, "admin", false)},
			updateErr: ghErrOn("PATCH", "/repos/demo-org/app/invitations/7", 403),
			want: want{calls: []call{{"update-invitation", "7 write"}},
				err: errors.Wrap(ghErrOn("PATCH", "/repos/demo-org/app/invitations/7", 403), "cannot change the invitation of other-user to demo-org/app to permission push")},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				var calls []call
				a := &mockAPI{
					MockCollaboratorsAPI: fake.MockCollaboratorsAPI{
						MockAddCollaborator: func(_ context.Context, _, _, _, p string) (*github.Invitation, error) {
							calls = append(calls, call{"add", p})
							return tc.add, nil
						},
						MockGetPermission: func(context.Context, string, string, string) (*github.CollaboratorPermission, error) {
							calls = append(calls, call{"read-back", ""})
							return tc.readBack, nil
						},
					},
					MockInvitationsAPI: fake.MockInvitationsAPI{MockUpdateInvitation: func(_ context.Context, _, _ string, id int64, p string) (*github.Invitation, error) {
						calls = append(calls, call{"update-invitation", fmtID(id) + " " + p})
						return &github.Invitation{}, tc.updateErr
					}},
				}
				rec := &kindtest.Recorder{}
				mg := s.collaborator(tc.mg...)
				_, err := s.external(a, rec, func(f *found) { *f = tc.found }).Update(context.Background(), mg)
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nUpdate(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.calls, calls, cmp.AllowUnexported(call{})); diff != "" {
					t.Errorf("\n%s\nUpdate(...): calls to GitHub: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.obs, *mg.Observation()); diff != "" {
					t.Errorf("\n%s\nUpdate(...): status.atProvider: -want, +got:\n%s", tc.reason, diff)
				}
				if len(rec.Events) != tc.want.events {
					t.Errorf("\n%s\nUpdate(...): %d events, want %d: %+v", tc.reason, len(rec.Events), tc.want.events, rec.Events)
				}
			})
		})
	}
}

func TestDelete(t *testing.T) {
	type call struct{ method, arg string }
	cases := map[string]struct {
		reason string
		found  found
		err    error
		want   []call
		errOut error
	}{
		"Direct": {
			reason: "A direct collaborator is removed.",
			found:  found{direct: true},
			want:   []call{{"remove", "other-user"}},
		},
		"DirectGone": {
			reason: "A collaborator already gone counts as removed.",
			found:  found{direct: true},
			err:    ghErrOn("DELETE", "/repos/demo-org/app/collaborators/other-user", 404),
			want:   []call{{"remove", "other-user"}},
		},
		"DirectRefused": {
			reason: "Another refusal is an error.",
			found:  found{direct: true},
			err:    ghErrOn("DELETE", "/repos/demo-org/app/collaborators/other-user", 403),
			want:   []call{{"remove", "other-user"}},
			errOut: errors.Wrap(ghErrOn("DELETE", "/repos/demo-org/app/collaborators/other-user", 403), "cannot remove other-user as a collaborator of demo-org/app"),
		},
		"Invitation": {
			reason: "A pending invitation is withdrawn.",
			found:  found{invitation: invitation(7, "write", false)},
			want:   []call{{"delete-invitation", "7"}},
		},
		"InvitationGone": {
			reason: "An invitation already gone counts as withdrawn.",
			found:  found{invitation: invitation(7, "write", false)},
			err:    ghErrOn("DELETE", "/repos/demo-org/app/invitations/7", 404),
			want:   []call{{"delete-invitation", "7"}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				var calls []call
				a := &mockAPI{
					MockCollaboratorsAPI: fake.MockCollaboratorsAPI{MockRemoveCollaborator: func(_ context.Context, _, _, u string) error {
						calls = append(calls, call{"remove", u})
						return tc.err
					}},
					MockInvitationsAPI: fake.MockInvitationsAPI{MockDeleteInvitation: func(_ context.Context, _, _ string, id int64) error {
						calls = append(calls, call{"delete-invitation", fmtID(id)})
						return tc.err
					}},
				}
				mg := s.collaborator(withExternalName("other-user"), deleting())
				_, err := s.external(a, event.NewNopRecorder(), func(f *found) { *f = tc.found }).Delete(context.Background(), mg)
				if diff := cmp.Diff(tc.errOut, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nDelete(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want, calls, cmp.AllowUnexported(call{})); diff != "" {
					t.Errorf("\n%s\nDelete(...): calls to GitHub: -want, +got:\n%s", tc.reason, diff)
				}
				if got := mg.GetCondition(xpv2.TypeReady).Reason; got != xpv2.ReasonDeleting {
					t.Errorf("\n%s\nDelete(...): Ready reason %q, want Deleting", tc.reason, got)
				}
			})
		})
	}
}

func TestConnect(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		mg := s.collaborator(func(c Object) { c.Parameters().Owner = ptr.To("acme") })
		gh := gogithub.NewClient(nil)
		ext, err := s.connect(mg, kind.Connection{GitHub: gh, DefaultOwner: "demo-org", Record: event.NewNopRecorder()})
		if err != nil {
			t.Fatalf("connect(...): %v", err)
		}
		if want := (kind.Repository{Owner: "acme", Name: "app"}); ext != want {
			t.Errorf("connect(...): repository %+v, want %+v", ext, want)
		}
		mg = s.collaborator(func(c Object) { c.Parameters().Repository = nil })
		if _, err := s.connect(mg, kind.Connection{GitHub: gh}); err == nil {
			t.Error("connect(...) without a repository: want an error")
		}
	})
}
