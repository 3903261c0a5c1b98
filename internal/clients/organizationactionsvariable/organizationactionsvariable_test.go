package organizationactionsvariable

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/sharing"
)

func TestDrift(t *testing.T) {
	cases := map[string]struct {
		reason string
		value  string
		got    string
		want   []string
	}{
		"UpToDate":   {reason: "a variable of the declared value has no drift", value: "eu-west-1", got: "eu-west-1"},
		"Value":      {reason: "another value is drift", value: "eu-west-1", got: "us-east-1", want: []string{"value"}},
		"NotTrimmed": {reason: "a value is compared exactly", value: "eu-west-1\n", got: "eu-west-1", want: []string{"value"}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			p := common.OrganizationActionsVariableParameters{Name: "REGION", Value: tc.value}
			if diff := cmp.Diff(tc.want, Drift(&p, &github.OrganizationActionsVariable{Name: "REGION", Value: tc.got})); diff != "" {
				t.Errorf("%s\nDrift(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestRequest(t *testing.T) {
	p := common.OrganizationActionsVariableParameters{Name: "region", Value: "eu-west-1", RepositorySharing: common.RepositorySharing{Visibility: "selected"}}
	want := sharing.Want{Visibility: "selected", IDs: []int64{4}}
	cases := map[string]struct {
		withName bool
		want     *github.OrganizationActionsVariableRequest
	}{
		"Create": {withName: true, want: &github.OrganizationActionsVariableRequest{Name: "region", Value: ptr.To("eu-west-1"),
			Sharing: github.Sharing{Visibility: "selected", SelectedRepositoryIDs: &[]int64{4}}}},
		"Update": {want: &github.OrganizationActionsVariableRequest{Value: ptr.To("eu-west-1"),
			Sharing: github.Sharing{Visibility: "selected", SelectedRepositoryIDs: &[]int64{4}}}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Request(&p, want, tc.withName)); diff != "" {
				t.Errorf("Request(...): -want, +got:\n%s", diff)
			}
		})
	}
}

func TestObservation(t *testing.T) {
	created := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	v := &github.OrganizationActionsVariable{Name: "REGION", Value: "eu-west-1", Visibility: "selected", CreatedAt: &created, UpdatedAt: &created}
	want := common.OrganizationActionsVariableObservation{
		RepositorySharingObservation: common.RepositorySharingObservation{Organization: ptr.To("demo-org"), Visibility: ptr.To("selected"), SelectedRepositoryIDs: []int64{4}},
		Name:                         ptr.To("REGION"), Value: ptr.To("eu-west-1"),
		CreatedAt: ptr.To(metav1.NewTime(created)), UpdatedAt: ptr.To(metav1.NewTime(created)),
	}
	if diff := cmp.Diff(want, Observation("demo-org", v, sharing.Got{Visibility: "selected", IDs: []int64{4}, Read: true})); diff != "" {
		t.Errorf("Observation(...): -want, +got:\n%s", diff)
	}
}

// An imported variable is the spec of what GitHub has: Drift finds
// nothing in it, and its repositories are named.
func TestImported(t *testing.T) {
	v := &github.OrganizationActionsVariable{Name: "REGION", Value: "eu-west-1\n", Visibility: "selected"}
	p := Imported(v, []github.SelectedRepository{{ID: 2, Name: "web"}, {ID: 1, Name: "api"}})
	want := common.OrganizationActionsVariableParameters{Name: "REGION", Value: "eu-west-1\n",
		RepositorySharing: common.RepositorySharing{Visibility: "selected", SelectedRepositories: []string{"api", "web"}}}
	if diff := cmp.Diff(want, p); diff != "" {
		t.Errorf("Imported(...): -want, +got:\n%s", diff)
	}
	if d := Drift(&p, v); d != nil {
		t.Errorf("Drift(Imported(v), v) = %v, want none", d)
	}
}
