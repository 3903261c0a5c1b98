package actionsoidcsubjectclaim

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

// claiming sets o, created at second age, to name repository repo ("" by
// a reference) and, when observed, to have been observed with it.
func claiming(o Object, age int, owner, repo string, observed bool) {
	o.SetUID(types.UID(o.GetNamespace() + "/" + o.GetName()))
	o.SetCreationTimestamp(metav1.NewTime(epoch.Add(time.Duration(age) * time.Second)))
	t := o.RepositoryTarget()
	switch repo {
	case "":
		t.RepositoryRef = &xpv2.Reference{Name: "app"}
	default:
		t.Repository = ptr.To(repo)
		if owner != "" {
			t.Owner = ptr.To(owner)
		}
	}
	if observed {
		o.Observation().Repository, o.Observation().Host = ptr.To(owner+"/"+repo), ptr.To("api.github.com")
	}
}

func namespaced(ns, name string, age int, owner, repo string, observed bool) *repomv1alpha1.ActionsOIDCSubjectClaim {
	o := &repomv1alpha1.ActionsOIDCSubjectClaim{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name}}
	claiming(o, age, owner, repo, observed)
	return o
}

func cluster(name string, age int, owner, repo string, observed bool) *repov1alpha1.ActionsOIDCSubjectClaim {
	o := &repov1alpha1.ActionsOIDCSubjectClaim{ObjectMeta: metav1.ObjectMeta{Name: name}}
	claiming(o, age, owner, repo, observed)
	return o
}

// repository is the namespaced Repository resource ns/name, created on
// GitHub as full (owner/name; "" not yet).
func repository(ns, name, full string) *repomv1alpha1.Repository {
	r := &repomv1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name}}
	if full != "" {
		r.Status.AtProvider.FullName = ptr.To(full)
	}
	return r
}

func TestClaimedBy(t *testing.T) {
	const repo, defaultOwner = "demo-org/app", "demo-org"
	cases := map[string]struct {
		reason string
		mg     Object
		others []client.Object
		want   string // "" for no claim; else what the error says
	}{
		"Alone": {
			reason: "The only ActionsOIDCSubjectClaim of a repository claims it.",
			mg:     namespaced("a", "mine", 10, "demo-org", "app", false),
		},
		"Younger": {
			reason: "A younger one of the same repository does not stop an older one.",
			mg:     namespaced("a", "mine", 10, "demo-org", "app", false),
			others: []client.Object{namespaced("b", "late", 20, "demo-org", "app", true)},
		},
		"OlderAcrossScopes": {
			reason: "An older cluster-scoped one of the repository claims it first, whatever the case of its name.",
			mg:     namespaced("a", "mine", 10, "demo-org", "app", false),
			others: []client.Object{cluster("first", 5, "Demo-Org", "App", true)},
			want:   "repository demo-org/app is already claimed by ActionsOIDCSubjectClaim first, which is older",
		},
		"OlderBySpecWithDefaultOwner": {
			reason: "An older one never observed claims the repository its spec names, with the default owner.",
			mg:     cluster("mine", 10, "demo-org", "app", false),
			others: []client.Object{namespaced("b", "first", 5, "", "app", false)},
			want:   "already claimed by ActionsOIDCSubjectClaim b/first",
		},
		"SameSecondByName": {
			reason: "Created in the same second, the one whose namespace/name sorts first is older.",
			mg:     namespaced("b", "mine", 10, "demo-org", "app", false),
			others: []client.Object{namespaced("a", "other", 10, "demo-org", "app", true)},
			want:   "already claimed by ActionsOIDCSubjectClaim a/other",
		},
		"OtherRepository": {
			reason: "An older one of another repository claims nothing of this one.",
			mg:     namespaced("a", "mine", 10, "demo-org", "app", false),
			others: []client.Object{cluster("first", 5, "demo-org", "web", true)},
		},
		"OlderOnAnotherHost": {
			reason: "An older one of a repository of the same name on another GitHub (a GitHub Enterprise Server) claims nothing of this one.",
			mg:     namespaced("a", "mine", 10, "demo-org", "app", false),
			others: []client.Object{func() client.Object {
				o := cluster("first", 5, "demo-org", "app", true)
				o.Observation().Host = ptr.To("github.example.com")
				return o
			}()},
		},
		"OlderUnknown": {
			reason: "An older one that names its repository by a reference to a Repository not created on GitHub yet, and was never observed, may claim it: wait for it.",
			mg:     namespaced("a", "mine", 10, "demo-org", "app", false),
			others: []client.Object{namespaced("b", "first", 5, "", "", false), repository("b", "app", "")},
			want:   "cannot tell yet whether ActionsOIDCSubjectClaim b/first, which is older, claims repository demo-org/app",
		},
		"OlderByReferenceToAnother": {
			reason: "An older one never observed whose Repository resource has another repository on GitHub claims nothing of this one.",
			mg:     namespaced("a", "mine", 10, "demo-org", "app", false),
			others: []client.Object{namespaced("b", "first", 5, "", "", false), repository("b", "app", "demo-org/web")},
		},
		"OlderByReferenceToThis": {
			reason: "An older one never observed whose Repository resource has this repository on GitHub claims it.",
			mg:     namespaced("a", "mine", 10, "demo-org", "app", false),
			others: []client.Object{namespaced("b", "first", 5, "", "", false), repository("b", "app", "demo-org/app")},
			want:   "already claimed by ActionsOIDCSubjectClaim b/first",
		},
		"OlderByReferenceToNothing": {
			reason: "An older one whose repositoryRef names no Repository resource cannot write: it claims nothing.",
			mg:     namespaced("a", "mine", 10, "demo-org", "app", false),
			others: []client.Object{namespaced("b", "first", 5, "", "", false)},
		},
		"OlderOnlyObserves": {
			reason: "One that only observes never writes: it claims nothing.",
			mg:     namespaced("a", "mine", 10, "demo-org", "app", false),
			others: []client.Object{func() client.Object {
				o := namespaced("b", "imported", 5, "demo-org", "app", true)
				o.SetManagementPolicies(xpv2.ManagementPolicies{xpv2.ManagementActionObserve})
				return o
			}()},
		},
		"OlderBeingDeletedWritten": {
			reason: "One that is being deleted and wrote the template claims the repository until it is gone: its delete puts the default back.",
			mg:     namespaced("a", "mine", 10, "demo-org", "app", false),
			others: []client.Object{func() client.Object {
				o := namespaced("b", "first", 5, "demo-org", "app", true)
				meta.SetExternalName(o, "demo-org/app")
				o.SetFinalizers([]string{"finalizer.managedresource.crossplane.io"})
				now := metav1.Now()
				o.SetDeletionTimestamp(&now)
				return o
			}()},
			want: "already claimed by ActionsOIDCSubjectClaim b/first",
		},
		"OlderBeingDeleted": {
			reason: "One that is being deleted and never wrote the template claims nothing.",
			mg:     namespaced("a", "mine", 10, "demo-org", "app", false),
			others: []client.Object{func() client.Object {
				o := namespaced("b", "first", 5, "demo-org", "app", true)
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
			err := kind.Connection{Kube: kube, DefaultOwner: defaultOwner}.ClaimedBy(context.Background(), claimKind, tc.mg, repo, "api.github.com")
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("\n%s\nClaimedBy(...) = %v, want no claim", tc.reason, err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("\n%s\nClaimedBy(...) = %v, want an error saying %q", tc.reason, err, tc.want)
			}
		})
	}
}
