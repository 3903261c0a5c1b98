package organizationinteractionlimit

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
		p      common.OrganizationInteractionLimitParameters
		got    github.OrganizationInteractionLimit
		want   []string
	}{
		"UpToDate": {
			reason: "a interaction limit as declared has no drift",
			p:      common.OrganizationInteractionLimitParameters{Enabled: ptr.To(true)},
			got:    github.OrganizationInteractionLimit{Enabled: true},
		},
		"Enabled": {
			reason: "another value of a declared field is drift",
			p:      common.OrganizationInteractionLimitParameters{Enabled: ptr.To(true)},
			got:    github.OrganizationInteractionLimit{Enabled: false},
			want:   []string{"enabled"},
		},
		"EnabledUnset": {
			reason: "a field left unset is GitHub's to keep",
			got:    github.OrganizationInteractionLimit{Enabled: true},
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
	for _, enabled := range []bool{true, false} {
		p := common.OrganizationInteractionLimitParameters{Enabled: ptr.To(enabled)}
		r := Request(&p)
		got := github.OrganizationInteractionLimit{Enabled: ptr.Deref(r.Enabled, !enabled)}
		if d := Drift(&p, &got); d != nil {
			t.Errorf("a interaction limit written with Request(p) drifts from p in %v", d)
		}
		o := Observation("o/r", &got)
		if ptr.Deref(o.Organization, "") != "o/r" || o.Enabled == nil || *o.Enabled != enabled {
			t.Errorf("Observation(...): %+v", o)
		}
	}
	if r := Request(&common.OrganizationInteractionLimitParameters{}); r.Enabled != nil {
		t.Errorf("Request of nothing declared sends enabled %v: GitHub's value would be overwritten", *r.Enabled)
	}
}

// The imported spec of a interaction limit is GitHub's, with nothing to change.
func TestImported(t *testing.T) {
	for _, enabled := range []bool{true, false} {
		got := github.OrganizationInteractionLimit{Enabled: enabled}
		p := Imported(&got)
		if p.Enabled == nil || *p.Enabled != enabled {
			t.Errorf("Imported(%+v) = %+v", got, p)
		}
		if d := Drift(&p, &got); d != nil {
			t.Errorf("the imported spec drifts from GitHub's interaction limit in %v", d)
		}
	}
}
