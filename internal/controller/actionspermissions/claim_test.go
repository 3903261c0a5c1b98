package actionspermissions

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"

	"github.com/crossplane-github/provider-github/apis"
	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

var epoch = time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)

// namespaced is a namespaced ActionsPermissions created at second age,
// naming repository name in its spec ("" names it by reference) and
// observed claiming observed ("" never observed).
func namespaced(ns, name string, age int, repo, observed string) *repomv1alpha1.ActionsPermissions {
	o := &repomv1alpha1.ActionsPermissions{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name, UID: types.UID(ns + "/" + name),
		CreationTimestamp: metav1.NewTime(epoch.Add(time.Duration(age) * time.Second))}}
	if repo != "" {
		o.Parameters().Repository = ptr.To(repo)
	}
	if observed != "" {
		o.Observation().Repository = ptr.To(observed)
	}
	return o
}

// cluster is namespaced's cluster-scoped twin.
func cluster(name string, age int, repo, observed string) *repov1alpha1.ActionsPermissions {
	o := &repov1alpha1.ActionsPermissions{ObjectMeta: metav1.ObjectMeta{Name: name, UID: types.UID(name),
		CreationTimestamp: metav1.NewTime(epoch.Add(time.Duration(age) * time.Second))}}
	if repo != "" {
		o.Parameters().Repository = ptr.To(repo)
	}
	if observed != "" {
		o.Observation().Repository = ptr.To(observed)
	}
	return o
}

func TestClaimedBy(t *testing.T) {
	const repo = "demo-org/app"
	cases := map[string]struct {
		reason string
		mg     Object
		others []client.Object
		want   string // "" for no claim; else what the error says
	}{
		"Alone": {
			reason: "The only ActionsPermissions of a repository claims it.",
			mg:     namespaced("a", "mine", 10, "app", ""),
		},
		"Younger": {
			reason: "A younger one of the same repository does not stop an older one.",
			mg:     namespaced("a", "mine", 10, "app", ""),
			others: []client.Object{namespaced("b", "late", 20, "app", repo)},
		},
		"OlderAcrossScopes": {
			reason: "An older cluster-scoped one of the repository claims it first, whatever the case of its name.",
			mg:     namespaced("a", "mine", 10, "app", ""),
			others: []client.Object{cluster("first", 5, "", "Demo-Org/App")},
			want:   "repository demo-org/app is already claimed by ActionsPermissions first, which is older",
		},
		"SameSecondByName": {
			reason: "Created in the same second, the one whose namespace/name sorts first is older.",
			mg:     namespaced("b", "mine", 10, "app", ""),
			others: []client.Object{namespaced("a", "other", 10, "app", repo)},
			want:   "already claimed by ActionsPermissions a/other",
		},
		"OtherHost": {
			reason: "An older one of a repository of the same name on another GitHub host claims nothing of this one.",
			mg:     namespaced("a", "mine", 10, "app", ""),
			others: []client.Object{func() client.Object {
				o := cluster("first", 5, "app", repo)
				o.Observation().Host = ptr.To("github.example.com")
				return o
			}()},
		},
		"SameHost": {
			reason: "An older one of the repository on the same host claims it.",
			mg:     namespaced("a", "mine", 10, "app", ""),
			others: []client.Object{func() client.Object {
				o := cluster("first", 5, "app", repo)
				o.Observation().Host = ptr.To("api.github.com")
				return o
			}()},
			want: "repository demo-org/app is already claimed by ActionsPermissions first, which is older",
		},
		"SameSecondHolder": {
			reason: "Created in the same second, one that already holds the repository (it has its external name) is older, whatever the names.",
			mg:     cluster("a-mine", 10, "app", ""),
			others: []client.Object{func() client.Object {
				o := namespaced("z", "holder", 10, "app", repo)
				meta.SetExternalName(o, repo)
				return o
			}()},
			want: "already claimed by ActionsPermissions z/holder",
		},
		"SameSecondNotHolder": {
			reason: "Created in the same second, one that does not hold the repository yet is younger than the holder, whatever the names.",
			mg: func() Object {
				o := namespaced("z", "holder", 10, "app", "")
				meta.SetExternalName(o, repo)
				return o
			}(),
			others: []client.Object{cluster("a-other", 10, "app", repo)},
		},
		"OtherRepository": {
			reason: "An older one of another repository claims nothing of this one.",
			mg:     namespaced("a", "mine", 10, "app", ""),
			others: []client.Object{cluster("first", 5, "api", "demo-org/api")},
		},
		"OlderUnobservedSameName": {
			reason: "An older one naming the repository, not observed yet, claims it (its owner the provider configuration's).",
			mg:     namespaced("a", "mine", 10, "app", ""),
			others: []client.Object{namespaced("b", "first", 5, "app", "")},
			want:   "repository demo-org/app is already claimed by ActionsPermissions b/first, which is older",
		},
		"OlderUnobservedByReference": {
			reason: "An older one naming by reference a Repository resource that does not exist can write nothing: it claims nothing.",
			mg:     namespaced("a", "mine", 10, "app", ""),
			others: []client.Object{func() client.Object {
				o := namespaced("b", "first", 5, "", "")
				o.RepositoryTarget().RepositoryRef = &xpv2.Reference{Name: "missing"}
				return o
			}()},
		},
		"OlderOnlyObserves": {
			reason: "One that only observes never writes: it claims nothing.",
			mg:     namespaced("a", "mine", 10, "app", ""),
			others: []client.Object{func() client.Object {
				o := namespaced("b", "imported", 5, "app", repo)
				o.SetManagementPolicies(xpv2.ManagementPolicies{xpv2.ManagementActionObserve})
				return o
			}()},
		},
		"OnlyObserving": {
			reason: "One that only observes is never refused: it writes nothing.",
			mg: func() Object {
				o := namespaced("a", "mine", 10, "app", "")
				o.SetManagementPolicies(xpv2.ManagementPolicies{xpv2.ManagementActionObserve})
				return o
			}(),
			others: []client.Object{cluster("first", 5, "app", repo)},
		},
		"OlderBeingDeleted": {
			reason: "One that is being deleted claims nothing.",
			mg:     namespaced("a", "mine", 10, "app", ""),
			others: []client.Object{func() client.Object {
				o := namespaced("b", "first", 5, "app", repo)
				o.SetFinalizers([]string{"finalizer.managedresource.crossplane.io"})
				now := metav1.Now()
				o.SetDeletionTimestamp(&now)
				return o
			}()},
		},
	}
	s := runtime.NewScheme()
	if err := apis.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kube := fake.NewClientBuilder().WithScheme(s).WithObjects(append(tc.others, tc.mg)...).Build()
			err := kind.Connection{Kube: kube, DefaultOwner: "demo-org"}.ClaimedBy(context.Background(), claimKind, tc.mg, repo, "api.github.com")
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("\n%s\nClaimedBy(...) = %v, want no claim", tc.reason, err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("\n%s\nClaimedBy(...) = %v, want an error saying %q", tc.reason, err, tc.want)
			}
		})
	}
}
