package branchprotection

import (
	"context"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"

	"github.com/crossplane-github/provider-github/apis"
	namespaced "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// connect finds the branch through the Branch resource; a resource being
// deleted after its Branch resource still removes the protection of the
// branch its external name records.
func TestConnectBranch(t *testing.T) {
	s := runtime.NewScheme()
	if err := apis.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	branch := &namespaced.Branch{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "release"}}
	branch.Status.AtProvider.Name, branch.Status.AtProvider.Repository = ptr.To("release-1"), ptr.To("demo-org/app")
	c := kind.Connection{Kube: fake.NewClientBuilder().WithScheme(s).WithObjects(branch).Build(), DefaultOwner: "demo-org"}
	protection := func(ref string, ext string, deleted bool) *namespaced.BranchProtection {
		p := &namespaced.BranchProtection{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "p"}}
		p.Spec.ForProvider.Repository = ptr.To("app")
		p.Spec.ForProvider.BranchRef = &xpv2.Reference{Name: ref}
		if ext != "" {
			meta.SetExternalName(p, ext)
		}
		if deleted {
			now := metav1.Now()
			p.SetDeletionTimestamp(&now)
		}
		return p
	}
	cases := map[string]struct {
		reason  string
		mg      *namespaced.BranchProtection
		want    kind.Branch
		wantErr bool
	}{
		"FromBranchResource": {
			reason: "The branch is the one the Branch resource reports.",
			mg:     protection("release", "", false), want: kind.Branch{Name: "release-1", Via: "Branch ns/release"},
		},
		"BranchResourceGone": {
			reason: "A Branch resource that does not exist is an error.",
			mg:     protection("gone", "release", false), wantErr: true,
		},
		"DeletedAfterBranchResource": {
			reason: "Deleted after its Branch resource: the branch the external name records.",
			mg:     protection("gone", "release-1", true), want: kind.Branch{Name: "release-1"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			ext, err := connect(context.Background(), tc.mg, c)
			if (err != nil) != tc.wantErr {
				t.Fatalf("\n%s\nconnect(...): error %v, want error %t", tc.reason, err, tc.wantErr)
			}
			if err != nil {
				return
			}
			got := ext.(*external[*namespaced.BranchProtection]).branch
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("\n%s\nconnect(...): branch -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}
