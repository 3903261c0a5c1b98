package importer

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

func TestRender(t *testing.T) {
	label := Resource{Kind: "IssueLabel", Group: "repo", Repository: "api", Key: "bug", ExternalName: "bug",
		ForProvider: common.IssueLabelParameters{Name: "bug", Color: ptr.To("d73a4a")}, Notes: []string{"A note."}}
	cases := map[string]struct {
		o    Options
		want string
	}{
		"observed, namespaced": {
			o: Options{Owner: "acme", Scope: Namespaced, Namespace: "github", Mode: Observe},
			want: `# IssueLabel bug of acme/api, imported from GitHub by github-import.
# A note.
apiVersion: repo.github.m.crossplane.io/v1alpha1
kind: IssueLabel
metadata:
  annotations:
    crossplane.io/external-name: bug
  name: api.issuelabel.bug
  namespace: github
spec:
  forProvider:
    color: d73a4a
    name: bug
  managementPolicies:
  - Observe
`,
		},
		"managed, namespaced: every policy but Delete": {
			o: Options{Owner: "acme", Scope: Namespaced, Namespace: "github", Mode: Manage, ProviderConfig: "acme", ProviderConfigKind: "ClusterProviderConfig"},
			want: `# IssueLabel bug of acme/api, imported from GitHub by github-import.
# A note.
apiVersion: repo.github.m.crossplane.io/v1alpha1
kind: IssueLabel
metadata:
  annotations:
    crossplane.io/external-name: bug
  name: api.issuelabel.bug
  namespace: github
spec:
  forProvider:
    color: d73a4a
    name: bug
  managementPolicies:
  - Observe
  - Create
  - Update
  - LateInitialize
  providerConfigRef:
    kind: ClusterProviderConfig
    name: acme
`,
		},
		"managed, cluster-scoped: orphaned on delete": {
			o: Options{Owner: "acme", Scope: Cluster, Namespace: "crossplane-system", Mode: Manage, ProviderConfig: "acme"},
			want: `# IssueLabel bug of acme/api, imported from GitHub by github-import.
# A note.
apiVersion: repo.github.crossplane.io/v1alpha1
kind: IssueLabel
metadata:
  annotations:
    crossplane.io/external-name: bug
  name: api.issuelabel.bug
spec:
  deletionPolicy: Orphan
  forProvider:
    color: d73a4a
    name: bug
  providerConfigRef:
    name: acme
`,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got, err := Render(label, tc.o)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, string(got)); diff != "" {
				t.Errorf("Render(): -want, +got:\n%s", diff)
			}
		})
	}
}
