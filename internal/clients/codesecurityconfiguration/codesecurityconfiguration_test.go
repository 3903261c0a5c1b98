package codesecurityconfiguration

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestDrift(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      common.CodeSecurityConfigurationParameters
		got    github.CodeSecurityConfiguration
		want   []string
	}{
		"UpToDate": {
			reason: "a configuration as declared has no drift",
			p:      common.CodeSecurityConfigurationParameters{Name: "a", Description: ptr.To("d")},
			got:    github.CodeSecurityConfiguration{Name: "a", Description: ptr.To("d")},
		},
		"Description": {
			reason: "another description is drift",
			p:      common.CodeSecurityConfigurationParameters{Name: "a", Description: ptr.To("d")},
			got:    github.CodeSecurityConfiguration{Name: "a", Description: ptr.To("e")},
			want:   []string{"description"},
		},
		"DescriptionUnset": {
			reason: "a description left unset is GitHub's to keep",
			p:      common.CodeSecurityConfigurationParameters{Name: "a"},
			got:    github.CodeSecurityConfiguration{Name: "a", Description: ptr.To("e")},
		},
		"Name": {
			reason: "another name is drift",
			p:      common.CodeSecurityConfigurationParameters{Name: "a"},
			got:    github.CodeSecurityConfiguration{Name: "b"},
			want:   []string{"name"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Drift(&tc.p, &tc.got)); diff != "" {
				t.Errorf("%s\nDrift(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestRequestObservationRoundTrip(t *testing.T) {
	p := common.CodeSecurityConfigurationParameters{Name: "a", Description: ptr.To("d")}
	r := Request(&p)
	got := github.CodeSecurityConfiguration{Name: r.Name, Description: r.Description}
	if d := Drift(&p, &got); d != nil {
		t.Errorf("a configuration made from Request(p) drifts from p in %v", d)
	}
	o := Observation("o/r", &got)
	if ptr.Deref(o.Organization, "") != "o/r" || ptr.Deref(o.Name, "") != "a" || ptr.Deref(o.Description, "") != "d" {
		t.Errorf("Observation(...): %+v", o)
	}
}

// The imported spec of a configuration is GitHub's, with nothing to change.
func TestImported(t *testing.T) {
	for name, got := range map[string]github.CodeSecurityConfiguration{
		"WithDescription":    {Name: "a", Description: ptr.To("d")},
		"WithoutDescription": {Name: "a"},
	} {
		t.Run(name, func(t *testing.T) {
			p := Imported(&got)
			if p.Name != got.Name || ptr.Deref(p.Description, "") != ptr.Deref(got.Description, "") {
				t.Errorf("Imported(%+v) = %+v", got, p)
			}
			if d := Drift(&p, &got); d != nil {
				t.Errorf("the imported spec drifts from GitHub's configuration in %v", d)
			}
		})
	}
}
