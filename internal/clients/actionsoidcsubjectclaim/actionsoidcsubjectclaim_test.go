package actionsoidcsubjectclaim

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

type params = common.ActionsOIDCSubjectClaimParameters

func TestRequest(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      params
		want   *github.ActionsOIDCSubjectClaimRequest
	}{
		"Default": {
			reason: "useDefault asks for GitHub's default subject",
			p:      params{UseDefault: ptr.To(true)},
			want:   &github.ActionsOIDCSubjectClaimRequest{UseDefault: true},
		},
		"Keys": {
			reason: "claim keys are sent in their order, with use_default false",
			p:      params{IncludeClaimKeys: []string{"repo", "context", "job_workflow_ref"}},
			want:   &github.ActionsOIDCSubjectClaimRequest{IncludeClaimKeys: []string{"repo", "context", "job_workflow_ref"}},
		},
		"Nothing": {
			reason: "a spec with neither (admission refuses it) asks for the default, never an empty template",
			want:   &github.ActionsOIDCSubjectClaimRequest{UseDefault: true},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Request(&tc.p)); diff != "" {
				t.Errorf("%s\nRequest(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestDrift(t *testing.T) {
	keys := []string{"repo", "context"}
	cases := map[string]struct {
		reason string
		p      params
		got    github.ActionsOIDCSubjectClaim
		want   []string
	}{
		"DefaultAsDeclared": {
			reason: "GitHub's default declared and found has no drift",
			p:      params{UseDefault: ptr.To(true)},
			got:    github.ActionsOIDCSubjectClaim{UseDefault: true},
		},
		"DefaultCustomized": {
			reason: "keys set on GitHub where the default is declared are drift",
			p:      params{UseDefault: ptr.To(true)},
			got:    github.ActionsOIDCSubjectClaim{IncludeClaimKeys: keys},
			want:   []string{"useDefault"},
		},
		"DefaultFollowsOrganization": {
			reason: "a repository that follows its organization's template is not GitHub's default",
			p:      params{UseDefault: ptr.To(true)},
			got:    github.ActionsOIDCSubjectClaim{},
			want:   []string{"useDefault"},
		},
		"KeysAsDeclared": {
			reason: "the declared keys in their order have no drift",
			p:      params{IncludeClaimKeys: keys},
			got:    github.ActionsOIDCSubjectClaim{IncludeClaimKeys: []string{"repo", "context"}},
		},
		"KeysReordered": {
			reason: "the subject is the claims in order: another order is drift",
			p:      params{IncludeClaimKeys: keys},
			got:    github.ActionsOIDCSubjectClaim{IncludeClaimKeys: []string{"context", "repo"}},
			want:   []string{"includeClaimKeys"},
		},
		"KeysOther": {
			reason: "another key is drift",
			p:      params{IncludeClaimKeys: keys},
			got:    github.ActionsOIDCSubjectClaim{IncludeClaimKeys: []string{"repo", "context", "actor"}},
			want:   []string{"includeClaimKeys"},
		},
		"KeysButDefault": {
			reason: "GitHub's default found where keys are declared is drift, even if GitHub kept keys beside it",
			p:      params{IncludeClaimKeys: keys},
			got:    github.ActionsOIDCSubjectClaim{UseDefault: true, IncludeClaimKeys: keys},
			want:   []string{"includeClaimKeys"},
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

func TestObservation(t *testing.T) {
	cases := map[string]struct {
		got  github.ActionsOIDCSubjectClaim
		want common.ActionsOIDCSubjectClaimObservation
	}{
		"Default": {
			got:  github.ActionsOIDCSubjectClaim{UseDefault: true},
			want: common.ActionsOIDCSubjectClaimObservation{Repository: ptr.To("o/r"), Host: ptr.To("api.github.com"), UseDefault: ptr.To(true)},
		},
		"Keys": {
			got:  github.ActionsOIDCSubjectClaim{IncludeClaimKeys: []string{"repo", "actor"}},
			want: common.ActionsOIDCSubjectClaimObservation{Repository: ptr.To("o/r"), Host: ptr.To("api.github.com"), UseDefault: ptr.To(false), IncludeClaimKeys: []string{"repo", "actor"}},
		},
		"KeysIgnoredBesideTheDefault": {
			got:  github.ActionsOIDCSubjectClaim{UseDefault: true, IncludeClaimKeys: []string{"repo"}},
			want: common.ActionsOIDCSubjectClaimObservation{Repository: ptr.To("o/r"), Host: ptr.To("api.github.com"), UseDefault: ptr.To(true)},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Observation("o/r", "api.github.com", &tc.got)); diff != "" {
				t.Errorf("Observation(...): -want, +got:\n%s", diff)
			}
		})
	}
}

// The imported spec of a template is GitHub's, with nothing to change;
// one that follows the organization's template, which a spec cannot say,
// is imported as GitHub's default and then differs.
func TestImported(t *testing.T) {
	cases := map[string]struct {
		got   github.ActionsOIDCSubjectClaim
		want  params
		drift []string
	}{
		"Default":      {got: github.ActionsOIDCSubjectClaim{UseDefault: true}, want: params{UseDefault: ptr.To(true)}},
		"Keys":         {got: github.ActionsOIDCSubjectClaim{IncludeClaimKeys: []string{"repo", "context"}}, want: params{IncludeClaimKeys: []string{"repo", "context"}}},
		"Organization": {got: github.ActionsOIDCSubjectClaim{}, want: params{UseDefault: ptr.To(true)}, drift: []string{"useDefault"}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			p := Imported(&tc.got)
			if diff := cmp.Diff(tc.want, p); diff != "" {
				t.Errorf("Imported(...): -want, +got:\n%s", diff)
			}
			if diff := cmp.Diff(tc.drift, Drift(&p, &tc.got)); diff != "" {
				t.Errorf("Drift(Imported(...)): -want, +got:\n%s", diff)
			}
		})
	}
}
