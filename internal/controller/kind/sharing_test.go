package kind

import (
	"context"
	"errors"
	"strings"
	"testing"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	gogithub "github.com/google/go-github/v37/github"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	orgmv1alpha1 "github.com/crossplane-github/provider-github/apis/org/m/v1alpha1"
	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	"github.com/crossplane-github/provider-github/internal/clients/sharing"
)

// repoWithID is the namespaced Repository ns/name of GitHub's repository
// fullName and id (not created: fullName ""), labelled so.
func repoWithID(ns, name, fullName string, id int64, labels map[string]string) client.Object {
	r := &repomv1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name, Labels: labels}}
	if fullName != "" {
		r.Status.AtProvider.FullName, r.Status.AtProvider.ID = ptr.To(fullName), ptr.To(id)
	}
	return r
}

func TestSelectedRepositories(t *testing.T) {
	team := map[string]string{"team": "payments"}
	refs := func(names ...string) []xpv2.Reference {
		var out []xpv2.Reference
		for _, n := range names {
			out = append(out, xpv2.Reference{Name: n})
		}
		return out
	}
	cases := map[string]struct {
		reason  string
		kube    []client.Object
		s       orgcommon.RepositorySharing
		want    []int64
		wantErr string
		gone    bool
	}{
		"NotSelected": {
			reason: "Another visibility than selected has no repositories, and reads nothing.",
			s:      orgcommon.RepositorySharing{Visibility: "all"},
		},
		"ReferencesAndSelector": {
			reason: "References and a selector of the resource's namespace give their ids, sorted, each once; a selected Repository not created yet is left out.",
			kube: []client.Object{
				repoWithID("ns", "api", "acme/api", 5, nil),
				repoWithID("ns", "web", "acme/web", 7, team),
				repoWithID("ns", "also-api", "acme/api", 5, team),
				repoWithID("ns", "new", "", 0, team),
				repoWithID("other", "elsewhere", "acme/elsewhere", 9, team),
			},
			s:    orgcommon.RepositorySharing{Visibility: "selected", SelectedRepositoryRefs: refs("api"), SelectedRepositorySelector: &xpv2.Selector{MatchLabels: team}},
			want: []int64{5, 7},
		},
		"ReferenceNotCreated": {
			reason:  "A referenced Repository not created on GitHub yet is waited for.",
			kube:    []client.Object{repoWithID("ns", "new", "", 0, nil)},
			s:       orgcommon.RepositorySharing{Visibility: "selected", SelectedRepositoryRefs: refs("new")},
			wantErr: "Repository ns/new named by spec.forProvider.selectedRepositoryRefs has not been created on GitHub yet",
		},
		"ReferenceMissing": {
			reason:  "A reference to a Repository that does not exist says so.",
			s:       orgcommon.RepositorySharing{Visibility: "selected", SelectedRepositoryRefs: refs("nope")},
			wantErr: "spec.forProvider.selectedRepositoryRefs names Repository ns/nope, which does not exist",
			gone:    true,
		},
		"ReferenceOfAnotherOwner": {
			reason:  "A referenced Repository of another owner than the organization is refused.",
			kube:    []client.Object{repoWithID("ns", "theirs", "someone/theirs", 11, nil)},
			s:       orgcommon.RepositorySharing{Visibility: "selected", SelectedRepositoryRefs: refs("theirs")},
			wantErr: "its repository someone/theirs is not one of organization acme",
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			mg := &orgmv1alpha1.OrganizationActionsVariable{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "v"}}
			c := Connection{Kube: kubeWith(t, tc.kube...)}
			got, err := c.SelectedRepositories(context.Background(), mg, "acme", &tc.s)
			if (err != nil) != (tc.wantErr != "") || (err != nil && !strings.Contains(err.Error(), tc.wantErr)) {
				t.Fatalf("\n%s\nSelectedRepositories(...): error %v, want one saying %q", tc.reason, err, tc.wantErr)
			}
			var g referenceGone
			if isGone := asGone(err, &g); isGone != tc.gone {
				t.Errorf("\n%s\nSelectedRepositories(...): error %v is a reference gone: %t, want %t", tc.reason, err, isGone, tc.gone)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("\n%s\nSelectedRepositories(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

// Sharing reads the list of repositories only when both the spec and
// GitHub say selected, and names what differs.
func TestSharingObserve(t *testing.T) {
	cases := map[string]struct {
		want       sharing.Want
		visibility string
		listed     []int64
		listErr    error
		wantDrift  []string
		wantLists  int
		wantErr    bool
		wantStatus orgcommon.RepositorySharingObservation
	}{
		"BothSelectedSame": {want: sharing.Want{Visibility: "selected", IDs: []int64{1, 2}}, visibility: "selected", listed: []int64{2, 1}, wantLists: 1,
			wantStatus: orgcommon.RepositorySharingObservation{Organization: ptr.To("acme"), Visibility: ptr.To("selected"), SelectedRepositoryIDs: []int64{1, 2}}},
		"BothSelectedOther": {want: sharing.Want{Visibility: "selected", IDs: []int64{1}}, visibility: "selected", listed: []int64{1, 3}, wantLists: 1,
			wantDrift:  []string{"selected repositories (on GitHub, not declared: [3]; declared, not on GitHub: [])"},
			wantStatus: orgcommon.RepositorySharingObservation{Organization: ptr.To("acme"), Visibility: ptr.To("selected"), SelectedRepositoryIDs: []int64{1, 3}}},
		"GitHubAll": {want: sharing.Want{Visibility: "selected", IDs: []int64{1}}, visibility: "all", wantDrift: []string{"visibility"},
			wantStatus: orgcommon.RepositorySharingObservation{Organization: ptr.To("acme"), Visibility: ptr.To("all")}},
		"DeclaredPrivate": {want: sharing.Want{Visibility: "private"}, visibility: "private",
			wantStatus: orgcommon.RepositorySharingObservation{Organization: ptr.To("acme"), Visibility: ptr.To("private")}},
		"ListFails": {want: sharing.Want{Visibility: "selected"}, visibility: "selected", listErr: errors.New("boom"), wantLists: 1, wantErr: true},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			lists := 0
			api := &fake.MockSelectedRepositoriesAPI{MockListSelectedRepositories: func(_ context.Context, org string, of github.Shared, name string) ([]github.SelectedRepository, error) {
				lists++
				if org != "acme" || !of.Variable || name != "REGION" {
					t.Errorf("ListSelectedRepositories(%s, %+v, %s): want acme's variable REGION", org, of, name)
				}
				var out []github.SelectedRepository
				for _, id := range tc.listed {
					out = append(out, github.SelectedRepository{ID: id})
				}
				return out, tc.listErr
			}}
			s := NewSharing(api, "acme", github.Shared{Variable: true}, tc.want)
			drift, err := s.Observe(context.Background(), "REGION", tc.visibility)
			if (err != nil) != tc.wantErr {
				t.Fatalf("Observe(...): error %v, want one: %t", err, tc.wantErr)
			}
			if lists != tc.wantLists {
				t.Errorf("Observe(...) listed %d times, want %d", lists, tc.wantLists)
			}
			if err != nil {
				return
			}
			if diff := cmp.Diff(tc.wantDrift, drift); diff != "" {
				t.Errorf("Observe(...): -want drift, +got:\n%s", diff)
			}
			if diff := cmp.Diff(tc.wantStatus, s.Observation(tc.visibility)); diff != "" {
				t.Errorf("Observation(...): -want, +got:\n%s", diff)
			}
		})
	}
}

// A resource being deleted resolves no repositories: those it names may
// be gone already, and it must still be deleted.
func TestSharingOfDeleted(t *testing.T) {
	now := metav1.Now()
	mg := &orgmv1alpha1.OrganizationActionsVariable{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "v", DeletionTimestamp: &now, Finalizers: []string{"f"}}}
	s := orgcommon.RepositorySharing{Visibility: "selected", SelectedRepositoryRefs: []xpv2.Reference{{Name: "gone"}}}
	c := Connection{Kube: kubeWith(t), GitHub: gogithub.NewClient(nil)}
	if _, err := c.Sharing(context.Background(), mg, "acme", github.Shared{Variable: true}, &s); err != nil {
		t.Errorf("Sharing(...) of a resource being deleted: %v, want no error", err)
	}
	mg.DeletionTimestamp = nil
	if _, err := c.Sharing(context.Background(), mg, "acme", github.Shared{Variable: true}, &s); err == nil {
		t.Error("Sharing(...) of a resource not being deleted, naming a Repository that does not exist: no error")
	}
}
