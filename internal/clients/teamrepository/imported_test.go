package teamrepository

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestImported(t *testing.T) {
	cases := map[string]struct {
		r    github.TeamRepo
		want common.TeamRepositoryParameters
	}{
		"write is push, the default": {
			r:    github.TeamRepo{FullName: "acme/api", RoleName: "write", Permissions: &github.RepositoryPermissions{Push: true, Triage: true, Pull: true}},
			want: common.TeamRepositoryParameters{},
		},
		"read is pull": {
			r:    github.TeamRepo{FullName: "acme/api", RoleName: "read"},
			want: common.TeamRepositoryParameters{Permission: ptr.To("pull")},
		},
		"maintain": {
			r:    github.TeamRepo{FullName: "acme/api", RoleName: "maintain"},
			want: common.TeamRepositoryParameters{Permission: ptr.To("maintain")},
		},
		"a custom role, as GitHub spells it": {
			r:    github.TeamRepo{FullName: "acme/api", RoleName: "Deployer", Permissions: &github.RepositoryPermissions{Push: true, Triage: true, Pull: true}},
			want: common.TeamRepositoryParameters{Permission: ptr.To("Deployer")},
		},
		"no role_name: the highest flag": {
			r:    github.TeamRepo{FullName: "acme/api", Permissions: &github.RepositoryPermissions{Admin: true, Maintain: true, Push: true, Triage: true, Pull: true}},
			want: common.TeamRepositoryParameters{Permission: ptr.To("admin")},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := Imported(&tc.r)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Imported(): -want, +got:\n%s", diff)
			}
			if want := Permission(&got); !UpToDate(want, &tc.r) {
				t.Errorf("UpToDate(%q, role %q) = false, want true", want, ReportedRole(&tc.r))
			}
		})
	}
}
