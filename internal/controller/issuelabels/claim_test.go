package issuelabels

import (
	"context"
	"strings"
	"testing"
	"time"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"

	"github.com/crossplane-github/provider-github/apis"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
)

var epoch = time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)

func objMeta(ns, name string, age int) metav1.ObjectMeta {
	uid := name
	if ns != "" {
		uid = ns + "/" + name
	}
	return metav1.ObjectMeta{Namespace: ns, Name: name, UID: types.UID(uid), CreationTimestamp: metav1.NewTime(epoch.Add(time.Duration(age) * time.Second))}
}

// nsSet is a namespaced IssueLabels created at second age, of repository
// repo of demo-org, declaring labels, in mode.
func nsSet(ns, name string, age int, repo, mode string, labels ...string) *repomv1alpha1.IssueLabels {
	o := &repomv1alpha1.IssueLabels{ObjectMeta: objMeta(ns, name, age)}
	o.Parameters().RepositoryTarget = common.RepositoryTarget{Repository: ptr.To(repo)}
	o.Parameters().Mode = mode
	for _, l := range labels {
		o.Parameters().Labels = append(o.Parameters().Labels, common.IssueLabelsLabel{Name: l, Color: "000000"})
	}
	return o
}

// clSet is nsSet's cluster-scoped twin, observed in repository full.
func clSet(name string, age int, full string) *repov1alpha1.IssueLabels {
	o := &repov1alpha1.IssueLabels{ObjectMeta: objMeta("", name, age)}
	o.Parameters().RepositoryTarget = common.RepositoryTarget{RepositoryRef: &xpv2.Reference{Name: "somewhere"}}
	o.Observation().Repository = ptr.To(full)
	return o
}

// nsLabel is a namespaced IssueLabel of label in repository repo, owned
// by owner ("": the provider configuration's).
func nsLabel(ns, name, owner, repo, label string) *repomv1alpha1.IssueLabel {
	o := &repomv1alpha1.IssueLabel{ObjectMeta: objMeta(ns, name, 1)}
	o.Parameters().RepositoryTarget = common.RepositoryTarget{Repository: ptr.To(repo)}
	if owner != "" {
		o.Parameters().Owner = ptr.To(owner)
	}
	o.Parameters().Name = label
	return o
}

// clLabel is a cluster-scoped IssueLabel of label, in the repository its
// repositoryRef names: the Repository resource ref.
func clLabel(name, ref, label string) *repov1alpha1.IssueLabel {
	o := &repov1alpha1.IssueLabel{ObjectMeta: objMeta("", name, 1)}
	o.Parameters().RepositoryTarget = common.RepositoryTarget{RepositoryRef: &xpv2.Reference{Name: ref}}
	o.Parameters().Name = label
	return o
}

// clRepo is a cluster-scoped Repository resource created on GitHub as full
// ("": not yet).
func clRepo(name, full string) *repov1alpha1.Repository {
	o := &repov1alpha1.Repository{ObjectMeta: objMeta("", name, 0)}
	if full != "" {
		o.Observation().FullName = ptr.To(full)
	}
	return o
}

func observing[T interface {
	client.Object
	SetManagementPolicies(xpv2.ManagementPolicies)
}](o T) T {
	o.SetManagementPolicies(xpv2.ManagementPolicies{xpv2.ManagementActionObserve})
	return o
}

func beingDeleted[T client.Object](o T) T {
	o.SetFinalizers([]string{"finalizer.managedresource.crossplane.io"})
	now := metav1.Now()
	o.SetDeletionTimestamp(&now)
	return o
}

func TestSharedWith(t *testing.T) {
	const full = "demo-org/app"
	auth, add := common.IssueLabelsAuthoritative, common.IssueLabelsAdditive
	cases := map[string]struct {
		reason string
		mg     Object
		others []client.Object
		want   string // "" for none; else what the error says
	}{
		"Alone": {
			reason: "The only resource declaring labels of a repository may set them.",
			mg:     nsSet("a", "mine", 10, "app", auth, "bug"),
		},
		"YoungerSet": {
			reason: "A younger IssueLabels of the repository does not stop an older one.",
			mg:     nsSet("a", "mine", 10, "app", auth, "bug"),
			others: []client.Object{nsSet("b", "late", 20, "app", auth)},
		},
		"OlderSetAcrossScopes": {
			reason: "An older cluster-scoped IssueLabels that observed the repository keeps it, whatever the case of its name.",
			mg:     nsSet("a", "mine", 10, "app", add, "bug"),
			others: []client.Object{clSet("first", 5, "Demo-Org/App")},
			want:   "the labels of repository demo-org/app are already declared by IssueLabels first, which is older",
		},
		"SameSecondByName": {
			reason: "Created in the same second, the one whose namespace/name sorts first is older.",
			mg:     nsSet("b", "mine", 10, "app", auth),
			others: []client.Object{nsSet("a", "other", 10, "app", auth)},
			want:   "already declared by IssueLabels a/other",
		},
		"OtherRepository": {
			reason: "An older IssueLabels of another repository is no matter.",
			mg:     nsSet("a", "mine", 10, "app", auth),
			others: []client.Object{clSet("first", 5, "demo-org/web"), nsSet("b", "x", 5, "web", auth)},
		},
		"OtherOwner": {
			reason: "A repository of the same name of another owner is another repository.",
			mg:     nsSet("a", "mine", 10, "app", auth),
			others: []client.Object{clSet("first", 5, "someone/app")},
		},
		"OlderSetUnknown": {
			reason: "An IssueLabels whose repository is not known yet (its Repository is not created) declares none yet.",
			mg:     nsSet("a", "mine", 10, "app", auth),
			others: []client.Object{func() client.Object {
				o := clSet("first", 5, "")
				o.Observation().Repository = nil
				return o
			}()},
		},
		"AuthoritativeBesideIssueLabels": {
			reason: "An authoritative set would delete any IssueLabel's label, or fight it: every one of the repository is named, sorted.",
			mg:     nsSet("a", "mine", 10, "app", auth, "bug"),
			others: []client.Object{nsLabel("b", "triage", "", "app", "triage"), nsLabel("a", "docs", "demo-org", "App", "docs"), nsLabel("a", "elsewhere", "", "web", "x")},
			want:   "repository demo-org/app has labels managed by IssueLabel a/docs, IssueLabel b/triage: this authoritative IssueLabels would delete them",
		},
		"AuthoritativeBesideIssueLabelByReference": {
			reason: "An IssueLabel is found through the Repository its repositoryRef names.",
			mg:     nsSet("a", "mine", 10, "app", auth),
			others: []client.Object{clLabel("ref", "app-repo", "x"), clRepo("app-repo", "demo-org/app")},
			want:   "managed by IssueLabel ref",
		},
		"IssueLabelOfARepositoryNotCreated": {
			reason: "An IssueLabel whose Repository is not created yet has no label anywhere yet.",
			mg:     nsSet("a", "mine", 10, "app", auth),
			others: []client.Object{clLabel("ref", "app-repo", "x"), clRepo("app-repo", "")},
		},
		"AuthoritativeBesideAnotherOwnersIssueLabel": {
			reason: "An IssueLabel of a repository of the same name of another owner is no matter.",
			mg:     nsSet("a", "mine", 10, "app", auth),
			others: []client.Object{nsLabel("b", "triage", "someone", "app", "triage")},
		},
		"AdditiveBesideOtherIssueLabels": {
			reason: "An additive set leaves the labels it does not declare alone: IssueLabels of other labels are fine.",
			mg:     nsSet("a", "mine", 10, "app", add, "bug"),
			others: []client.Object{nsLabel("b", "triage", "", "app", "triage")},
		},
		"AdditiveBesideIssueLabelOfItsLabel": {
			reason: "An additive set refuses a label an IssueLabel declares too, compared without regard to case.",
			mg:     nsSet("a", "mine", 10, "app", add, "bug", "Triage"),
			others: []client.Object{nsLabel("b", "triage", "", "app", "triage"), nsLabel("b", "docs", "", "app", "docs")},
			want:   `labels "triage" of repository demo-org/app are declared by IssueLabel b/triage too`,
		},
		"SiblingsThatOnlyObserve": {
			reason: "Resources that only observe never write: they are no matter.",
			mg:     nsSet("a", "mine", 10, "app", auth),
			others: []client.Object{observing(nsLabel("b", "triage", "", "app", "triage")), observing(clSet("first", 5, full))},
		},
		"OnlyObserving": {
			reason: "An IssueLabels that only observes is never refused: it writes nothing.",
			mg:     observing(nsSet("a", "mine", 10, "app", auth)),
			others: []client.Object{nsLabel("b", "triage", "", "app", "triage"), clSet("first", 5, full)},
		},
		"SiblingsBeingDeleted": {
			reason: "Resources being deleted are no matter.",
			mg:     nsSet("a", "mine", 10, "app", auth),
			others: []client.Object{beingDeleted(nsLabel("b", "triage", "", "app", "triage")), beingDeleted(clSet("first", 5, full))},
		},
	}
	s := runtime.NewScheme()
	if err := apis.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kube := fake.NewClientBuilder().WithScheme(s).WithObjects(append(tc.others, tc.mg)...).Build()
			err := sharedWith(context.Background(), kube, tc.mg, full)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("\n%s\nsharedWith(...) = %v, want none", tc.reason, err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("\n%s\nsharedWith(...) = %v, want an error saying %q", tc.reason, err, tc.want)
			}
		})
	}
}
