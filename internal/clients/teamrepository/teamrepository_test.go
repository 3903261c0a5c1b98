package teamrepository

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestPermission(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      *string
		want   string
	}{
		"Unset":   {reason: "An unset permission is GitHub's default, push.", want: "push"},
		"Empty":   {reason: "An empty permission is GitHub's default, push.", p: ptr.To(""), want: "push"},
		"BuiltIn": {reason: "A built-in permission is taken as written.", p: ptr.To("maintain"), want: "maintain"},
		"Custom":  {reason: "A custom role is taken as written.", p: ptr.To("Deployer"), want: "Deployer"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := Permission(&common.TeamRepositoryParameters{Permission: tc.p}); got != tc.want {
				t.Errorf("\n%s\nPermission(...): got %q, want %q", tc.reason, got, tc.want)
			}
		})
	}
}

func TestRoleWords(t *testing.T) {
	cases := map[string]struct {
		permission, role string
		builtIn          bool
	}{
		"Pull":     {permission: "pull", role: "read", builtIn: true},
		"Triage":   {permission: "triage", role: "triage", builtIn: true},
		"Push":     {permission: "push", role: "write", builtIn: true},
		"Maintain": {permission: "maintain", role: "maintain", builtIn: true},
		"Admin":    {permission: "admin", role: "admin", builtIn: true},
		"Custom":   {permission: "deployer", role: "deployer"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := Role(tc.permission); got != tc.role {
				t.Errorf("Role(%q): got %q, want %q", tc.permission, got, tc.role)
			}
			if got := PermissionOf(tc.role); got != tc.permission {
				t.Errorf("PermissionOf(%q): got %q, want %q", tc.role, got, tc.permission)
			}
			if got := BuiltIn(tc.permission); got != tc.builtIn {
				t.Errorf("BuiltIn(%q): got %t, want %t", tc.permission, got, tc.builtIn)
			}
		})
	}
}

func TestUpToDate(t *testing.T) {
	flags := func(admin, maintain, push, triage, pull bool) *github.RepositoryPermissions {
		return &github.RepositoryPermissions{Admin: admin, Maintain: maintain, Push: push, Triage: triage, Pull: pull}
	}
	cases := map[string]struct {
		reason string
		want   string
		r      github.TeamRepo
		up     bool
	}{
		"PushIsWrite": {
			reason: "GitHub reports push as write: that is up to date, so a push grant is not made again on every poll.",
			want:   "push", r: github.TeamRepo{RoleName: "write"}, up: true,
		},
		"PullIsRead": {
			reason: "GitHub reports pull as read.",
			want:   "pull", r: github.TeamRepo{RoleName: "read"}, up: true,
		},
		"Same": {
			reason: "Maintain is maintain.",
			want:   "maintain", r: github.TeamRepo{RoleName: "maintain"}, up: true,
		},
		"Drifted": {
			reason: "A team raised to admin on GitHub is not up to date with push.",
			want:   "push", r: github.TeamRepo{RoleName: "admin"}, up: false,
		},
		"Lowered": {
			reason: "A team lowered to read on GitHub is not up to date with maintain.",
			want:   "maintain", r: github.TeamRepo{RoleName: "read"}, up: false,
		},
		"WriteIsNotMaintain": {
			reason: "Write flags are not maintain, though both let the team push.",
			want:   "maintain", r: github.TeamRepo{RoleName: "write", Permissions: flags(false, false, true, true, true)}, up: false,
		},
		"CustomAnyCase": {
			reason: "A custom role is matched without regard to case.",
			want:   "Deployer", r: github.TeamRepo{RoleName: "deployer"}, up: true,
		},
		"CustomOther": {
			reason: "A team given another role than the custom one is not up to date.",
			want:   "deployer", r: github.TeamRepo{RoleName: "write"}, up: false,
		},
		"NoRoleNameFlags": {
			reason: "Without role_name, the highest permission flag names the role.",
			want:   "push", r: github.TeamRepo{Permissions: flags(false, false, true, true, true)}, up: true,
		},
		"NoRoleNameFlagsDrifted": {
			reason: "Without role_name, flags of another role are drift.",
			want:   "push", r: github.TeamRepo{Permissions: flags(true, true, true, true, true)}, up: false,
		},
		"NoRoleNameCustom": {
			reason: "Without role_name a custom role cannot be told from its base role: taken as up to date, not granted on every poll.",
			want:   "deployer", r: github.TeamRepo{Permissions: flags(false, false, true, true, true)}, up: true,
		},
		"NothingReported": {
			reason: "An answer with neither role_name nor flags is not up to date with a built-in permission.",
			want:   "pull", r: github.TeamRepo{}, up: false,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := UpToDate(tc.want, &tc.r); got != tc.up {
				t.Errorf("\n%s\nUpToDate(%q, %+v): got %t, want %t", tc.reason, tc.want, tc.r, got, tc.up)
			}
		})
	}
}

func TestGrant(t *testing.T) {
	g := Grant{Organization: "Acme", TeamSlug: "platform", Owner: "acme", Repository: "api"}
	if got, want := g.ExternalName(), "platform/acme/api"; got != want {
		t.Errorf("ExternalName(): got %q, want %q", got, want)
	}
	if got, want := g.String(), "team Acme/platform on repository acme/api"; got != want {
		t.Errorf("String(): got %q, want %q", got, want)
	}
	if !g.SameOrganization() {
		t.Error("SameOrganization(): organization logins compare without regard to case, as GitHub compares them")
	}
	g.Organization = "other"
	if g.SameOrganization() {
		t.Error("SameOrganization(): a team of another organization is not the repository's")
	}
}

func TestObservation(t *testing.T) {
	cases := map[string]struct {
		reason string
		g      Grant
		r      github.TeamRepo
		want   common.TeamRepositoryObservation
	}{
		"ByReference": {
			reason: "A team found through a Team resource has its id recorded; the repository's id and full name come from GitHub's answer.",
			g:      Grant{Organization: "acme", TeamSlug: "platform", TeamID: 7, Owner: "acme", Repository: "api"},
			r:      github.TeamRepo{ID: 42, FullName: "acme/api", RoleName: "write"},
			want: common.TeamRepositoryObservation{Organization: ptr.To("acme"), TeamSlug: ptr.To("platform"), TeamID: ptr.To[int64](7),
				Repository: ptr.To("acme/api"), RepositoryID: ptr.To[int64](42), Permission: ptr.To("push"), RoleName: ptr.To("write")},
		},
		"BySlugCustomRole": {
			reason: "A team named by slug has no id to record; a custom role is recorded by name.",
			g:      Grant{Organization: "acme", TeamSlug: "platform", Owner: "acme", Repository: "api"},
			r:      github.TeamRepo{ID: 42, FullName: "acme/api", RoleName: "deployer"},
			want: common.TeamRepositoryObservation{Organization: ptr.To("acme"), TeamSlug: ptr.To("platform"),
				Repository: ptr.To("acme/api"), RepositoryID: ptr.To[int64](42), Permission: ptr.To("deployer"), RoleName: ptr.To("deployer")},
		},
		"SparseAnswer": {
			reason: "An answer without a repository or role keeps the names the grant was read under.",
			g:      Grant{Organization: "acme", TeamSlug: "platform", Owner: "acme", Repository: "api"},
			want: common.TeamRepositoryObservation{Organization: ptr.To("acme"), TeamSlug: ptr.To("platform"),
				Repository: ptr.To("acme/api")},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Observation(tc.g, &tc.r)); diff != "" {
				t.Errorf("\n%s\nObservation(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}
