package importer

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestImportIssueLabels(t *testing.T) {
	s := newTestSession(t, "", "Repository", "IssueLabel")
	labels := gh.NewIssueLabelsClient(s.GitHub)
	if _, err := labels.CreateIssueLabel(context.Background(), "acme", "api", &gh.IssueLabelRequest{Name: "Needs triage", Color: ptr.To("FBCA04")}); err != nil {
		t.Fatal(err)
	}
	rs, err := issueLabelKind.Import(context.Background(), s, testRepo(t, s.GitHub, "api"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 10 {
		t.Fatalf("imported %d labels, want GitHub's nine and Needs triage", len(rs))
	}
	var got *Resource
	for i := range rs {
		if rs[i].Key == "Needs triage" {
			got = &rs[i]
		}
	}
	if got == nil {
		t.Fatalf("Needs triage was not imported: %+v", rs)
	}
	want := Resource{Kind: "IssueLabel", Group: "repo", Repository: "api", Key: "Needs triage", ExternalName: "Needs triage",
		ForProvider: common.IssueLabelParameters{RepositoryTarget: common.RepositoryTarget{RepositoryRef: ptr.To(xpv2Ref("api"))},
			Name: "Needs triage", Color: ptr.To("fbca04")}}
	if diff := cmp.Diff(want, *got); diff != "" {
		t.Errorf("the imported label: -want, +got:\n%s", diff)
	}
}
