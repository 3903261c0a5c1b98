package actionsvariable

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestRequest(t *testing.T) {
	p := &common.ActionsVariableParameters{Name: "region", Value: "eu-west-1\n"}
	cases := map[string]struct {
		withName bool
		want     *github.ActionsVariableRequest
	}{
		"Create": {withName: true, want: &github.ActionsVariableRequest{Name: "region", Value: "eu-west-1\n"}},
		"Update": {want: &github.ActionsVariableRequest{Value: "eu-west-1\n"}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Request(p, tc.withName)); diff != "" {
				t.Errorf("Request(...): -want, +got:\n%s", diff)
			}
		})
	}
}

func TestObservation(t *testing.T) {
	at := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
	cases := map[string]struct {
		repo, env string
		v         *github.ActionsVariable
		want      common.ActionsVariableObservation
	}{
		"Repository": {
			repo: "demo-org/app", v: &github.ActionsVariable{Name: "REGION", Value: "eu", CreatedAt: &at, UpdatedAt: &at},
			want: common.ActionsVariableObservation{Repository: ptr.To("demo-org/app"), Name: ptr.To("REGION"), Value: ptr.To("eu"),
				CreatedAt: ptr.To(metav1.NewTime(at)), UpdatedAt: ptr.To(metav1.NewTime(at))},
		},
		"Environment": {
			repo: "demo-org/app", env: "production", v: &github.ActionsVariable{Name: "URL", Value: ""},
			want: common.ActionsVariableObservation{Repository: ptr.To("demo-org/app"), Environment: ptr.To("production"), Name: ptr.To("URL"), Value: ptr.To("")},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Observation(tc.repo, tc.env, tc.v)); diff != "" {
				t.Errorf("Observation(...): -want, +got:\n%s", diff)
			}
		})
	}
}

func TestUpToDate(t *testing.T) {
	cases := map[string]struct {
		declared, got string
		want          bool
	}{
		"Same":            {declared: "eu-west-1", got: "eu-west-1", want: true},
		"Changed":         {declared: "eu-west-1", got: "us-east-1"},
		"TrailingNewline": {declared: "a\n", got: "a"},
		"CaseMatters":     {declared: "Prod", got: "prod"},
		"MultiLineSame":   {declared: "a\nb\n", got: "a\nb\n", want: true},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			p := &common.ActionsVariableParameters{Value: tc.declared}
			if got := UpToDate(p, &github.ActionsVariable{Value: tc.got}); got != tc.want {
				t.Errorf("UpToDate(%q, %q) = %t, want %t", tc.declared, tc.got, got, tc.want)
			}
		})
	}
	if !SameName("region", "REGION") || SameName("REGION", "REGIONS") {
		t.Error("SameName must compare without regard to case, and only that")
	}
}
