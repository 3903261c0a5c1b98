package kind

import (
	"testing"

	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
)

// orgScoped is a resource of an organization-level kind.
type orgScoped struct {
	repomv1alpha1.Repository // any managed resource
	target                   orgcommon.OrganizationTarget
}

func (o *orgScoped) OrganizationTarget() *orgcommon.OrganizationTarget { return &o.target }

func TestConnectionOrganization(t *testing.T) {
	cases := map[string]struct {
		named, defaultOwner string
		want                string
		err                 bool
	}{
		"Named":         {named: "acme", defaultOwner: "other", want: "acme"},
		"ByDefault":     {defaultOwner: "acme", want: "acme"},
		"NeitherNorErr": {err: true},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			mg := &orgScoped{}
			if tc.named != "" {
				mg.target.Organization = ptr.To(tc.named)
			}
			got, err := Connection{DefaultOwner: tc.defaultOwner}.Organization(mg)
			if (err != nil) != tc.err || got.Login != tc.want {
				t.Errorf("Organization(...): %+v, %v; want %q, an error %t", got, err, tc.want, tc.err)
			}
		})
	}
}

func TestPlaces(t *testing.T) {
	for _, tc := range []struct {
		p                   Place
		full, noun, namedBy string
	}{
		{p: Organization{Login: "acme"}, full: "acme", noun: "organization"},
		{p: Repository{Owner: "acme", Name: "api", Via: "Repository ns/api"}, full: "acme/api", noun: "repository", namedBy: " (named by Repository ns/api)"},
	} {
		if tc.p.FullName() != tc.full || tc.p.Noun() != tc.noun || tc.p.NamedBy() != tc.namedBy {
			t.Errorf("%+v: %q %q %q, want %q %q %q", tc.p, tc.p.FullName(), tc.p.Noun(), tc.p.NamedBy(), tc.full, tc.noun, tc.namedBy)
		}
	}
}
