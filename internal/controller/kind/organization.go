package kind

import (
	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
)

// A Place is where a kind's objects live on GitHub, as messages name it: a
// Repository or an Organization.
type Place interface {
	// FullName is the repository's owner/name, or the organization's login.
	FullName() string
	// NamedBy ends a message about the place with the resource it was
	// found through; "" when the resource names it itself.
	NamedBy() string
	// Noun is "repository" or "organization".
	Noun() string
}

// Noun is "repository".
func (Repository) Noun() string { return "repository" }

// An OrganizationScoped resource belongs to one GitHub organization, named
// by its embedded OrganizationTarget.
type OrganizationScoped interface {
	resource.Managed
	OrganizationTarget() *orgcommon.OrganizationTarget
}

// An Organization is the GitHub organization an organization-level
// resource belongs to.
type Organization struct{ Login string }

// FullName is the organization's login.
func (o Organization) FullName() string { return o.Login }

// NamedBy is "": a resource names its organization itself.
func (Organization) NamedBy() string { return "" }

// Noun is "organization".
func (Organization) Noun() string { return "organization" }

// Organization returns the GitHub organization mg belongs to: the one it
// names, else the provider configuration's owner.
func (c Connection) Organization(mg OrganizationScoped) (Organization, error) {
	login := ptr.Deref(mg.OrganizationTarget().Organization, c.DefaultOwner)
	if login == "" {
		return Organization{}, errors.New("no organization: set spec.forProvider.organization, or spec.owner of the provider configuration")
	}
	return Organization{Login: login}, nil
}
