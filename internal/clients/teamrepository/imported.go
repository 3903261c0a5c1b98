package teamrepository

import (
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Imported is the spec of a TeamRepository resource for the team's
// permission GitHub reports in r (an entry of the team's repositories), as
// it is (the team and the repository are the importer's to name): the
// permission in the spec's words (pull for read, push for write, a custom
// role by its name), left out when it is push, the spec's default.
func Imported(r *github.TeamRepo) common.TeamRepositoryParameters {
	var p common.TeamRepositoryParameters
	if w := PermissionOf(ReportedRole(r)); w != "" && w != DefaultPermission {
		p.Permission = ptr.To(w)
	}
	return p
}
