package kind

import (
	"context"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
)

// nsBranchChild stands for a namespaced branch-scoped kind (a branch's
// protection).
type nsBranchChild struct {
	*nsChild
	branch common.BranchTarget
}

func (c *nsBranchChild) BranchTarget() *common.BranchTarget { return &c.branch }

func branchChild(t common.BranchTarget) *nsBranchChild {
	return &nsBranchChild{nsChild: namespacedChild("dev", false, common.RepositoryTarget{Repository: ptr.To("api")}), branch: t}
}

// createdBranch is a namespaced Branch resource (cluster-scoped when ns is
// ""); name "" means not yet created on GitHub.
func createdBranch(ns, resource, repository, name string, labels map[string]string) client.Object {
	if ns == "" {
		b := &repov1alpha1.Branch{ObjectMeta: metav1.ObjectMeta{Name: resource, Labels: labels}}
		if name != "" {
			b.Status.AtProvider.Name, b.Status.AtProvider.Repository = ptr.To(name), ptr.To(repository)
		}
		return b
	}
	b := &repomv1alpha1.Branch{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: resource, Labels: labels}}
	if name != "" {
		b.Status.AtProvider.Name, b.Status.AtProvider.Repository = ptr.To(name), ptr.To(repository)
	}
	return b
}

func TestConnectionBranch(t *testing.T) {
	repo := Repository{Owner: "acme", Name: "api"}
	cases := map[string]struct {
		reason  string
		kube    []client.Object
		mg      BranchScoped
		want    Branch
		wantErr error
	}{
		"ByName": {
			reason: "A branch named by name is that branch of the repository.",
			mg:     branchChild(common.BranchTarget{Branch: ptr.To[common.BranchName]("release/v1")}),
			want:   Branch{Name: "release/v1"},
		},
		"ByReferenceFollowsStatus": {
			reason: "A referenced Branch is read from its status in the resource's own namespace: the branch's current name; its repository is compared without regard to case.",
			kube:   []client.Object{createdBranch("dev", "release", "Acme/API", "release-2", nil), createdBranch("other", "release", "acme/api", "wrong", nil)},
			mg:     branchChild(common.BranchTarget{BranchRef: &xpv2.Reference{Name: "release"}}),
			want:   Branch{Name: "release-2", Via: "Branch dev/release"},
		},
		"ReferenceOfAnotherRepository": {
			reason:  "A referenced Branch of another repository is refused with both repositories named.",
			kube:    []client.Object{createdBranch("dev", "release", "acme/web", "release", nil)},
			mg:      branchChild(common.BranchTarget{BranchRef: &xpv2.Reference{Name: "release"}}),
			wantErr: referenceElsewhere{errors.New("spec.forProvider.branchRef names Branch dev/release, a branch of acme/web, but this resource's repository is acme/api: name a Branch of acme/api, or the Branch's repository")},
		},
		"ReferenceNotCreated": {
			reason:  "A referenced Branch not yet on GitHub is waited for, and the condition says so.",
			kube:    []client.Object{createdBranch("dev", "release", "", "", nil)},
			mg:      branchChild(common.BranchTarget{BranchRef: &xpv2.Reference{Name: "release"}}),
			wantErr: referenceNotCreated{errors.New("Branch dev/release named by spec.forProvider.branchRef has not been created on GitHub yet: this resource waits until it is Ready")},
		},
		"ReferenceMissing": {
			reason:  "A reference to a Branch that does not exist says so, as a reference that is gone.",
			mg:      branchChild(common.BranchTarget{BranchRef: &xpv2.Reference{Name: "release"}}),
			wantErr: referenceGone{errors.New("spec.forProvider.branchRef names Branch dev/release, which does not exist: create it, or fix the reference")},
		},
		"SelectorUnresolved": {
			reason:  "A selector that chose nothing yet says so.",
			mg:      branchChild(common.BranchTarget{BranchSelector: &xpv2.Selector{MatchLabels: map[string]string{"a": "b"}}}),
			wantErr: errors.New("spec.forProvider.branchSelector matches no Branch yet: label a Branch to match it, or name one with branchRef"),
		},
		"Nothing": {
			reason:  "A resource that names no branch says what to set.",
			mg:      branchChild(common.BranchTarget{}),
			wantErr: errors.New("no branch: set spec.forProvider.branch, branchRef or branchSelector"),
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			c := Connection{Kube: kubeWith(t, tc.kube...)}
			got, err := c.Branch(context.Background(), tc.mg, repo)
			if diff := cmp.Diff(tc.wantErr, err, test.EquateErrors()); diff != "" {
				t.Errorf("\n%s\nBranch(...): -want error, +got error:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("\n%s\nBranch(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

// A cluster-scoped resource refers to a cluster-scoped Branch.
func TestClusterBranch(t *testing.T) {
	c := Connection{Kube: kubeWith(t, createdBranch("", "release", "acme/api", "release", nil), createdBranch("x", "release", "acme/api", "wrong", nil))}
	mg := &clusterBranchChild{clusterChild: newClusterChild(common.RepositoryTarget{Repository: ptr.To("api")}),
		branch: common.BranchTarget{BranchRef: &xpv2.Reference{Name: "release"}}}
	got, err := c.Branch(context.Background(), mg, Repository{Owner: "acme", Name: "api"})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(Branch{Name: "release", Via: "Branch release"}, got); diff != "" {
		t.Errorf("-want, +got:\n%s", diff)
	}
}

type clusterBranchChild struct {
	*clusterChild
	branch common.BranchTarget
}

func (c *clusterBranchChild) BranchTarget() *common.BranchTarget { return &c.branch }

// A branch selector chooses a Branch of the resource's scope and records it
// in branchRef, with the repository's choice, in one update.
func TestSelectBranch(t *testing.T) {
	labels := map[string]string{"branch": "a"}
	sel := &xpv2.Selector{MatchLabels: labels}
	updates := 0
	kube := interceptor.NewClient(kubeWith(t,
		createdBranch("dev", "release", "acme/api", "release", labels),
		createdBranch("other", "x", "acme/api", "x", labels),
		func() client.Object { r := createdRepo("dev", "api", "acme/api"); r.SetLabels(labels); return r }(),
	), interceptor.Funcs{
		Update: func(context.Context, client.WithWatch, client.Object, ...client.UpdateOption) error {
			updates++
			return nil
		},
	})
	mg := &nsBranchChild{nsChild: namespacedChild("dev", false, common.RepositoryTarget{RepositorySelector: sel}), branch: common.BranchTarget{BranchSelector: sel}}
	r := selectingResolver{kube: kube, next: managed.ReferenceResolverFn(func(context.Context, resource.Managed) error { return nil })}
	if err := r.ResolveReferences(context.Background(), mg); err != nil {
		t.Fatalf("ResolveReferences(...): %v", err)
	}
	got := []*xpv2.Reference{mg.RepositoryTarget().RepositoryRef, mg.BranchTarget().BranchRef}
	if diff := cmp.Diff([]*xpv2.Reference{{Name: "api"}, {Name: "release"}}, got); diff != "" {
		t.Errorf("references: -want, +got:\n%s", diff)
	}
	if updates != 1 {
		t.Errorf("updates: got %d, want 1", updates)
	}
}

// A resource being deleted whose Branch resource names another repository
// created nothing: its deletion completes.
func TestDeletingWithBranchElsewhere(t *testing.T) {
	mg := branchChild(common.BranchTarget{BranchRef: &xpv2.Reference{Name: "release"}})
	meta.SetExternalName(mg, "release")
	now := metav1.Now()
	mg.SetDeletionTimestamp(&now)
	ext, err := forRepository[*nsBranchChild](mg, nil, referenceElsewhere{errors.New("elsewhere")}, event.NewNopRecorder(), "Webhook", nil)
	if err != nil {
		t.Fatalf("forRepository(...): %v", err)
	}
	o, err := ext.Observe(context.Background(), mg)
	if err != nil || o.ResourceExists {
		t.Errorf("Observe(...) = %+v, %v; want it gone", o, err)
	}
}
