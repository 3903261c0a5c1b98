package collaborator

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestImported(t *testing.T) {
	cases := map[string]struct {
		login, role string
		// invitation: the role is a pending invitation's, not a
		// collaborator's.
		invitation bool
		want       v1alpha1.CollaboratorParameters
	}{
		"write is push, the default": {
			login: "Alice", role: "write",
			want: v1alpha1.CollaboratorParameters{Username: "Alice"},
		},
		"read is pull": {
			login: "alice", role: "read",
			want: v1alpha1.CollaboratorParameters{Username: "alice", Permission: ptr.To("pull")},
		},
		"maintain": {
			login: "alice", role: "maintain",
			want: v1alpha1.CollaboratorParameters{Username: "alice", Permission: ptr.To("maintain")},
		},
		"a custom role, as GitHub spells it": {
			login: "alice", role: "Security Engineer",
			want: v1alpha1.CollaboratorParameters{Username: "alice", Permission: ptr.To("Security Engineer")},
		},
		"an invitation to triage": {
			login: "bob", role: "triage", invitation: true,
			want: v1alpha1.CollaboratorParameters{Username: "bob", Permission: ptr.To("triage")},
		},
		"an invitation to write": {
			login: "bob", role: "write", invitation: true,
			want: v1alpha1.CollaboratorParameters{Username: "bob"},
		},
		"an invitation to admin": {
			login: "bob", role: "admin", invitation: true,
			want: v1alpha1.CollaboratorParameters{Username: "bob", Permission: ptr.To("admin")},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := Imported(tc.login, tc.role)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Imported(): -want, +got:\n%s", diff)
			}
			// The controller's verdict on the imported spec: up to date.
			permission := Permission(&got)
			if tc.invitation {
				inv := &github.Invitation{Invitee: &github.Account{Login: tc.login}, Permissions: tc.role}
				if !InvitationUpToDate(permission, inv) {
					t.Errorf("InvitationUpToDate(%q, invitation to %q) = false, want true", permission, tc.role)
				}
				return
			}
			if ok, kept := UpToDate(permission, ReportedRole(&github.CollaboratorPermission{RoleName: tc.role}), nil); !ok || kept != nil {
				t.Errorf("UpToDate(%q, role %q) = %t, %+v; want up to date, nothing kept", permission, tc.role, ok, kept)
			}
		})
	}
}

func TestImportedPermission(t *testing.T) {
	for role, want := range map[string]string{"read": "pull", "WRITE": "push", "triage": "triage", "admin": "admin", "none": "", "": "", "Deployer": "Deployer"} {
		if got := ImportedPermission(role); got != want {
			t.Errorf("ImportedPermission(%q) = %q, want %q", role, got, want)
		}
	}
}
