package collaboratorset

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

// nsSet is a namespaced CollaboratorSet created at second age, of
// repository repo of the provider configuration's owner.
func nsSet(ns, name string, age int, repo string) *repomv1alpha1.CollaboratorSet {
	o := &repomv1alpha1.CollaboratorSet{ObjectMeta: objMeta(ns, name, age)}
	o.Parameters().RepositoryTarget = common.RepositoryTarget{Repository: ptr.To(repo)}
	return o
}

// clSet is a cluster-scoped CollaboratorSet observed in repository full.
func clSet(name string, age int, full string) *repov1alpha1.CollaboratorSet {
	o := &repov1alpha1.CollaboratorSet{ObjectMeta: objMeta("", name, age)}
	o.Parameters().RepositoryTarget = common.RepositoryTarget{RepositoryRef: &xpv2.Reference{Name: "somewhere"}}
	o.Observation().Repository = ptr.To(full)
	return o
}

// nsCollaborator is a namespaced Collaborator in repository repo, owned
// by owner ("": the provider configuration's).
func nsCollaborator(ns, name, owner, repo string) *repomv1alpha1.Collaborator {
	o := &repomv1alpha1.Collaborator{ObjectMeta: objMeta(ns, name, 1)}
	o.Parameters().RepositoryTarget = common.RepositoryTarget{Repository: ptr.To(repo)}
	if owner != "" {
		o.Parameters().Owner = ptr.To(owner)
	}
	o.Parameters().Username = name
	return o
}

// clTeamRepository is a cluster-scoped TeamRepository in the repository
// its repositoryRef names: the Repository resource ref.
func clTeamRepository(name, ref string) *repov1alpha1.TeamRepository {
	o := &repov1alpha1.TeamRepository{ObjectMeta: objMeta("", name, 1)}
	o.Parameters().RepositoryTarget = common.RepositoryTarget{RepositoryRef: &xpv2.Reference{Name: ref}}
	o.Parameters().TeamSlug = ptr.To("core")
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
	cases := map[string]struct {
		reason string
		mg     Object
		others []client.Object
		want   string // "" for none; else what the error says
	}{
		"Alone": {
			reason: "The only resource giving access to a repository may set it.",
			mg:     nsSet("a", "mine", 10, "app"),
		},
		"YoungerSet": {
			reason: "A younger CollaboratorSet of the repository does not stop an older one.",
			mg:     nsSet("a", "mine", 10, "app"),
			others: []client.Object{nsSet("b", "late", 20, "app")},
		},
		"OlderSetAcrossScopes": {
			reason: "An older cluster-scoped CollaboratorSet that observed the repository keeps it, whatever the case of its name.",
			mg:     nsSet("a", "mine", 10, "app"),
			others: []client.Object{clSet("first", 5, "Demo-Org/App")},
			want:   "the access to repository demo-org/app is already declared by CollaboratorSet first, which is older",
		},
		"OtherRepository": {
			reason: "Resources of another repository, or of another owner's repository of the same name, are no matter.",
			mg:     nsSet("a", "mine", 10, "app"),
			others: []client.Object{clSet("first", 5, "demo-org/web"), nsCollaborator("b", "bob", "someone", "app"), nsCollaborator("b", "carol", "", "web")},
		},
		"BesideCollaboratorsAndTeamRepositories": {
			reason: "A set would remove any Collaborator's user or TeamRepository's team, or fight it: every one of the repository is named, sorted, across scopes and through references.",
			mg:     nsSet("a", "mine", 10, "app"),
			others: []client.Object{nsCollaborator("b", "bob", "", "app"), nsCollaborator("a", "alice", "demo-org", "App"), clTeamRepository("core-app", "app-repo"), clRepo("app-repo", "demo-org/app")},
			want:   "repository demo-org/app has access managed by Collaborator a/alice, Collaborator b/bob, TeamRepository core-app: this CollaboratorSet would remove those users and teams",
		},
		"TeamRepositoryOfARepositoryNotCreated": {
			reason: "A TeamRepository whose Repository is not created yet gives no access anywhere yet.",
			mg:     nsSet("a", "mine", 10, "app"),
			others: []client.Object{clTeamRepository("core-app", "app-repo"), clRepo("app-repo", "")},
		},
		"SiblingsThatOnlyObserve": {
			reason: "Resources that only observe never write: they are no matter.",
			mg:     nsSet("a", "mine", 10, "app"),
			others: []client.Object{observing(nsCollaborator("b", "bob", "", "app")), observing(clSet("first", 5, full))},
		},
		"OnlyObserving": {
			reason: "A CollaboratorSet that only observes is never refused: it writes nothing.",
			mg:     observing(nsSet("a", "mine", 10, "app")),
			others: []client.Object{nsCollaborator("b", "bob", "", "app"), clSet("first", 5, full)},
		},
		"SiblingsBeingDeleted": {
			reason: "Resources being deleted are no matter.",
			mg:     nsSet("a", "mine", 10, "app"),
			others: []client.Object{beingDeleted(nsCollaborator("b", "bob", "", "app")), beingDeleted(clSet("first", 5, full))},
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
