package sharing

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestRequest(t *testing.T) {
	cases := map[string]struct {
		w    Want
		want github.Sharing
	}{
		"All":                {w: Want{Visibility: "all"}, want: github.Sharing{Visibility: "all"}},
		"SelectedSomeIDs":    {w: Want{Visibility: "selected", IDs: []int64{1, 2}}, want: github.Sharing{Visibility: "selected", SelectedRepositoryIDs: &[]int64{1, 2}}},
		"SelectedNoneIsSent": {w: Want{Visibility: "selected"}, want: github.Sharing{Visibility: "selected", SelectedRepositoryIDs: &[]int64{}}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Request(tc.w)); diff != "" {
				t.Errorf("Request(...): -want, +got:\n%s", diff)
			}
		})
	}
}

func TestDrift(t *testing.T) {
	cases := map[string]struct {
		w    Want
		g    Got
		want []string
	}{
		"SameVisibility":       {w: Want{Visibility: "private"}, g: Got{Visibility: "private"}, want: nil},
		"OtherVisibility":      {w: Want{Visibility: "selected", IDs: []int64{1}}, g: Got{Visibility: "all"}, want: []string{"visibility"}},
		"SameRepositories":     {w: Want{Visibility: "selected", IDs: []int64{1, 2}}, g: Got{Visibility: "selected", IDs: []int64{1, 2}, Read: true}, want: nil},
		"ListNotRead":          {w: Want{Visibility: "selected", IDs: []int64{1, 2}}, g: Got{Visibility: "selected"}, want: nil},
		"RepositoryAddedThere": {w: Want{Visibility: "selected", IDs: []int64{1}}, g: Got{Visibility: "selected", IDs: []int64{1, 3}, Read: true}, want: []string{"selected repositories (on GitHub, not declared: [3]; declared, not on GitHub: [])"}},
		"RepositoryRemovedThere": {w: Want{Visibility: "selected", IDs: []int64{1, 2}}, g: Got{Visibility: "selected", IDs: []int64{1}, Read: true},
			want: []string{"selected repositories (on GitHub, not declared: []; declared, not on GitHub: [2])"}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Drift(tc.w, tc.g)); diff != "" {
				t.Errorf("Drift(...): -want, +got:\n%s", diff)
			}
		})
	}
}

func TestNeedsList(t *testing.T) {
	cases := map[string]struct {
		w    Want
		got  string
		want bool
	}{
		"BothSelected":      {w: Want{Visibility: "selected"}, got: "selected", want: true},
		"DeclaredAll":       {w: Want{Visibility: "all"}, got: "selected", want: false},
		"GitHubNotSelected": {w: Want{Visibility: "selected"}, got: "private", want: false},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := NeedsList(tc.w, tc.got); got != tc.want {
				t.Errorf("NeedsList(...) = %t, want %t", got, tc.want)
			}
		})
	}
}

func TestIDsObservationImported(t *testing.T) {
	repos := []github.SelectedRepository{{ID: 7, Name: "web"}, {ID: 3, Name: "api"}, {ID: 7, Name: "web"}}
	if diff := cmp.Diff([]int64{3, 7}, IDs(repos)); diff != "" {
		t.Errorf("IDs(...): -want, +got:\n%s", diff)
	}
	wantObs := orgcommon.RepositorySharingObservation{Organization: ptr.To("demo-org"), Visibility: ptr.To("selected"), SelectedRepositoryIDs: []int64{3, 7}}
	if diff := cmp.Diff(wantObs, Observation("demo-org", Got{Visibility: "selected", IDs: []int64{3, 7}, Read: true})); diff != "" {
		t.Errorf("Observation(...): -want, +got:\n%s", diff)
	}
	wantSpec := orgcommon.RepositorySharing{Visibility: "selected", SelectedRepositories: []string{"api", "web"}}
	if diff := cmp.Diff(wantSpec, Imported("selected", repos)); diff != "" {
		t.Errorf("Imported(...): -want, +got:\n%s", diff)
	}
	if diff := cmp.Diff(orgcommon.RepositorySharing{Visibility: "all"}, Imported("all", repos)); diff != "" {
		t.Errorf("Imported(all): -want, +got:\n%s", diff)
	}
}
