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

// An EnvironmentScoped resource belongs to its repository, or to one
// deployment environment of it, named by its embedded EnvironmentTarget.
type EnvironmentScoped interface {
	RepositoryScoped
	EnvironmentTarget() *common.EnvironmentTarget
}

// An Environment is the deployment environment a resource belongs to.
type Environment struct {
	// Name is the environment's name; "" when the resource belongs to
	// the repository itself.
	Name string
	// Via is the Environment resource it was found through ("" when the
	// resource names the environment itself), for messages.
	Via string
}

// environmentObject is an Environment resource of either scope.
type environmentObject interface {
	resource.Managed
	Observation() *common.EnvironmentObservation
}

// Environment returns the deployment environment of repo that mg's
// EnvironmentTarget names, or an Environment with no name when it names
// none (mg belongs to the repository itself). An environment named by
// environmentRef is read from that Environment resource's status on every
// call; the Environment must be an environment of repo.
func (c Connection) Environment(ctx context.Context, mg EnvironmentScoped, repo Repository) (Environment, error) {
	t := mg.EnvironmentTarget()
	if t.Environment != nil {
		return refer(c, Environment{Name: *t.Environment}), nil
	}
	if t.EnvironmentRef == nil {
		if t.EnvironmentSelector != nil {
			return Environment{}, errors.New("spec.forProvider.environmentSelector matches no Environment yet: label an Environment to match it, or name one with environmentRef")
		}
		return Environment{}, nil
	}
	const field = "spec.forProvider.environmentRef"
	obj, what, err := c.referenced(ctx, mg, apis.Environment.Beside(mg), field, t.EnvironmentRef.Name)
	if err != nil {
		return Environment{}, err
	}
	e, ok := obj.(environmentObject)
	if !ok {
		return Environment{}, errors.Errorf("%T is not an Environment kind", obj)
	}
	o := e.Observation()
	name, in := ptr.Deref(o.Name, ""), ptr.Deref(o.Repository, "")
	if name == "" || in == "" {
		return Environment{}, notCreatedYet(what, field)
	}
	if want := repo.Owner + "/" + repo.Name; !strings.EqualFold(in, want) {
		return Environment{}, referenceElsewhere{errors.Errorf("%s names %s, an environment of %s, but this resource's repository is %s: name an Environment of %s, or the Environment's repository", field, what, in, want, want)}
	}
	return refer(c, Environment{Name: name, Via: what}), nil
}
