package kind

import (
	"context"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// A BranchScoped resource is about one branch of its repository, named by
// its embedded BranchTarget.
type BranchScoped interface {
	RepositoryScoped
	BranchTarget() *common.BranchTarget
}

// A Branch is the branch of its repository a resource is about.
type Branch struct {
	Name string
	// Via is the Branch resource it was found through ("" when the
	// resource names the branch itself), for messages.
	Via string
}

// branchObject is a Branch resource of either scope.
type branchObject interface {
	resource.Managed
	Observation() *common.BranchObservation
}

// Branch returns the branch of repo that mg's BranchTarget names. A branch
// named by branchRef is read from that Branch resource's status on every
// call, so it follows the branch's name on GitHub; the Branch must be a
// branch of repo.
func (c Connection) Branch(ctx context.Context, mg BranchScoped, repo Repository) (Branch, error) {
	t := mg.BranchTarget()
	if t.Branch != nil {
		return refer(c, Branch{Name: string(*t.Branch)}), nil
	}
	if t.BranchRef == nil {
		if t.BranchSelector != nil {
			return Branch{}, errors.New("spec.forProvider.branchSelector matches no Branch yet: label a Branch to match it, or name one with branchRef")
		}
		return Branch{}, errors.New("no branch: set spec.forProvider.branch, branchRef or branchSelector")
	}
	const field = "spec.forProvider.branchRef"
	obj, what, err := c.referenced(ctx, mg, apis.Branch.Beside(mg), field, t.BranchRef.Name)
	if err != nil {
		return Branch{}, err
	}
	b, ok := obj.(branchObject)
	if !ok {
		return Branch{}, errors.Errorf("%T is not a Branch kind", obj)
	}
	o := b.Observation()
	name, in := ptr.Deref(o.Name, ""), ptr.Deref(o.Repository, "")
	if name == "" || in == "" {
		return Branch{}, notCreatedYet(what, field)
	}
	if want := repo.Owner + "/" + repo.Name; !strings.EqualFold(in, want) {
		return Branch{}, referenceElsewhere{errors.Errorf("%s names %s, a branch of %s, but this resource's repository is %s: name a Branch of %s, or the Branch's repository", field, what, in, want, want)}
	}
	return refer(c, Branch{Name: name, Via: what}), nil
}
