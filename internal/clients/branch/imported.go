package branch

import (
	"github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Imported is the spec of a Branch resource for GitHub's branch b, as it
// is (its repository is the importer's to name): its name only. Where a
// branch started (sourceBranch, sourceSha) is only read when the provider
// creates it, and its head moves with the commits pushed to it: once the
// branch exists, its name is all the controller compares, so the spec
// asks for no write.
func Imported(b *github.Branch) v1alpha1.BranchParameters {
	return v1alpha1.BranchParameters{Name: v1alpha1.BranchName(b.Name)}
}
