package issuelabel

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestDrift(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      common.IssueLabelParameters
		got    github.IssueLabel
		want   []string
	}{
		"UpToDate": {
			reason: "a label as declared has no drift",
			p:      common.IssueLabelParameters{Name: "a", Description: ptr.To("d")},
			got:    github.IssueLabel{Name: "a", Description: ptr.To("d")},
		},
		"Description": {
			reason: "another description is drift",
			p:      common.IssueLabelParameters{Name: "a", Description: ptr.To("d")},
			got:    github.IssueLabel{Name: "a", Description: ptr.To("e")},
			want:   []string{"description"},
		},
		"Color": {
			reason: "another color is drift",
			p:      common.IssueLabelParameters{Name: "a", Color: ptr.To("d73a4a")},
			got:    github.IssueLabel{Name: "a", Color: "ededed"},
			want:   []string{"color"},
		},
		"ColorCase": {
			reason: "GitHub keeps colors in lower case: a color declared in upper case is the same",
			p:      common.IssueLabelParameters{Name: "a", Color: ptr.To("D73A4A")},
			got:    github.IssueLabel{Name: "a", Color: "d73a4a"},
		},
		"ColorUnset": {
			reason: "a color left unset is GitHub's to keep",
			p:      common.IssueLabelParameters{Name: "a"},
			got:    github.IssueLabel{Name: "a", Color: "ededed"},
		},
		"DescriptionUnset": {
			reason: "a description left unset is GitHub's to keep",
			p:      common.IssueLabelParameters{Name: "a"},
			got:    github.IssueLabel{Name: "a", Description: ptr.To("e")},
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
	p := common.IssueLabelParameters{Name: "a", Color: ptr.To("d73a4a"), Description: ptr.To("d")}
	r := Request(&p, true)
	got := github.IssueLabel{ID: 9, Name: r.Name, Color: *r.Color, Description: r.Description}
	if d := Drift(&p, &got); d != nil {
		t.Errorf("a label made from Request(p) drifts from p in %v", d)
	}
	o := Observation("o/r", &got)
	if ptr.Deref(o.Repository, "") != "o/r" || ptr.Deref(o.Name, "") != "a" || ptr.Deref(o.Description, "") != "d" || ptr.Deref(o.Color, "") != "d73a4a" || ptr.Deref(o.ID, 0) != 9 {
		t.Errorf("Observation(...): %+v", o)
	}
}

func TestRequest(t *testing.T) {
	p := common.IssueLabelParameters{Name: "a", Color: ptr.To("d73a4a")}
	if r := Request(&p, false); r.Name != "" || ptr.Deref(r.Color, "") != "d73a4a" || r.Description != nil {
		t.Errorf("Request(p, false) = %+v: want the color, no name (the path names the label) and no description (unset: GitHub's)", r)
	}
}
