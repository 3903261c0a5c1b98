package kind

import (
	"context"
	"testing"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"

	"github.com/crossplane-github/provider-github/apis"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
)

// Siblings lists the named kinds of both scopes, each with the repository
// it targets: observed, named in its spec (without an owner: "/name"), or
// through the Repository its reference names; other kinds are not listed.
func TestSiblings(t *testing.T) {
	observed := &repomv1alpha1.Collaborator{ObjectMeta: metav1.ObjectMeta{Namespace: "a", Name: "observed", UID: "1"}}
	observed.Parameters().Repository = ptr.To("old-name")
	observed.Observation().Repository = ptr.To("demo-org/app")
	named := &repomv1alpha1.Collaborator{ObjectMeta: metav1.ObjectMeta{Namespace: "a", Name: "named", UID: "2"}}
	named.Parameters().Repository = ptr.To("App")
	referring := &repov1alpha1.TeamRepository{ObjectMeta: metav1.ObjectMeta{Name: "referring", UID: "3"}}
	referring.Parameters().RepositoryRef = &xpv2.Reference{Name: "app-repo"}
	repo := &repov1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Name: "app-repo", UID: "4"}}
	repo.Observation().FullName = ptr.To("demo-org/app")
	other := &repomv1alpha1.IssueLabel{ObjectMeta: metav1.ObjectMeta{Namespace: "a", Name: "label", UID: "5"}}
	other.Parameters().RepositoryTarget = common.RepositoryTarget{Repository: ptr.To("app")}

	s := runtime.NewScheme()
	if err := apis.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	kube := fake.NewClientBuilder().WithScheme(s).WithObjects(observed, named, referring, repo, other).Build()
	got, err := Siblings(context.Background(), kube, "to test", apis.Collaborator, apis.TeamRepository)
	if err != nil {
		t.Fatalf("Siblings(...): %v", err)
	}
	want := map[string]string{"Collaborator a/observed": "demo-org/app", "Collaborator a/named": "/App", "TeamRepository referring": "demo-org/app"}
	if len(got) != len(want) {
		t.Fatalf("Siblings(...) = %d siblings, want %d: %+v", len(got), len(want), got)
	}
	for _, sib := range got {
		if r, ok := want[sib.Name()]; !ok || r != sib.Repo {
			t.Errorf("sibling %s targets %q, want %q", sib.Name(), sib.Repo, r)
		}
		if !sib.Targets("Demo-Org/app") {
			t.Errorf("sibling %s does not target demo-org/app (a spec without owner targets every owner's)", sib.Name())
		}
		if sib.Targets("someone/app") && sib.Repo != "/App" {
			t.Errorf("sibling %s targets another owner's app", sib.Name())
		}
	}
}
