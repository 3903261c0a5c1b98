package organizationactionsvariable

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	av "github.com/crossplane-github/provider-github/internal/clients/actionsvariable"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/sharing"
)

func TestObservation(t *testing.T) {
	created := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	v := &github.ActionsVariable{Name: "REGION", Value: "eu-west-1", Visibility: "selected", CreatedAt: &created, UpdatedAt: &created}
	s := common.RepositorySharingObservation{Organization: ptr.To("demo-org"), Visibility: ptr.To("selected"), SelectedRepositoryIDs: []int64{4}}
	want := common.OrganizationActionsVariableObservation{RepositorySharingObservation: s, Name: ptr.To("REGION"), Value: ptr.To("eu-west-1"),
		CreatedAt: ptr.To(metav1.NewTime(created)), UpdatedAt: ptr.To(metav1.NewTime(created))}
	if diff := cmp.Diff(want, Observation(v, s)); diff != "" {
		t.Errorf("Observation(...): -want, +got:\n%s", diff)
	}
}

// An imported variable is the spec of what GitHub has: nothing drifts,
// its value and its repositories (named) alike.
func TestImported(t *testing.T) {
	v := &github.ActionsVariable{Name: "REGION", Value: "eu-west-1\n", Visibility: "selected"}
	repos := []github.SelectedRepository{{ID: 2, Name: "web"}, {ID: 1, Name: "api"}}
	p := Imported(v, repos)
	want := common.OrganizationActionsVariableParameters{Name: "REGION", Value: "eu-west-1\n",
		RepositorySharing: common.RepositorySharing{Visibility: "selected", SelectedRepositories: []string{"api", "web"}}}
	if diff := cmp.Diff(want, p); diff != "" {
		t.Errorf("Imported(...): -want, +got:\n%s", diff)
	}
	if d := av.ValueDrift(p.Value, v); d != nil {
		t.Errorf("value drift of Imported(v) from v: %v", d)
	}
	if d := sharing.Drift(sharing.Want{Visibility: p.Visibility, IDs: []int64{1, 2}}, sharing.Got{Visibility: v.Visibility, IDs: sharing.IDs(repos), Read: true}); d != nil {
		t.Errorf("sharing drift of Imported(v) from v: %v", d)
	}
}
