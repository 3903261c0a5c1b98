package importer

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// An IssueLabels declares every label of the repository, GitHub's default
// ones included, as they are: authoritative, named by the repository.
func TestImportIssueLabelsSet(t *testing.T) {
	s := newTestSession(t, "", "Repository", "IssueLabels")
	labels := gh.NewIssueLabelsClient(s.GitHub)
	if _, err := labels.CreateIssueLabel(context.Background(), "acme", "api", &gh.IssueLabelRequest{Name: "Needs triage", Color: ptr.To("FBCA04")}); err != nil {
		t.Fatal(err)
	}
	rs, err := issueLabelsKind.Import(context.Background(), s, testRepo(t, s.GitHub, "api"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 1 {
		t.Fatalf("imported %d resources, want one IssueLabels: %+v", len(rs), rs)
	}
	got := rs[0]
	p, ok := got.ForProvider.(common.IssueLabelsParameters)
	if !ok {
		t.Fatalf("forProvider is a %T", got.ForProvider)
	}
	if got.Kind != "IssueLabels" || got.Repository != "api" || got.ExternalName != "acme/api" || Name(got) != "api.issuelabels" {
		t.Errorf("resource %s %s (%s), external name %q, want IssueLabels api.issuelabels of api named acme/api", got.Kind, Name(got), got.Repository, got.ExternalName)
	}
	if p.Mode != common.IssueLabelsAuthoritative || len(p.Labels) != 10 {
		t.Errorf("mode %q with %d labels, want authoritative with GitHub's nine and Needs triage", p.Mode, len(p.Labels))
	}
	want := common.IssueLabelsLabel{Name: "Needs triage", Color: "fbca04"}
	if diff := cmp.Diff(want, p.Labels[len(p.Labels)-1]); diff != "" {
		t.Errorf("the imported label: -want, +got:\n%s", diff)
	}
	if diff := cmp.Diff(common.RepositoryTarget{RepositoryRef: ptr.To(xpv2Ref("api"))}, p.RepositoryTarget); diff != "" {
		t.Errorf("the repository: -want, +got:\n%s", diff)
	}
}

// github-import writes an IssueLabel per label unless --sets asks for an
// IssueLabels per repository instead; --kinds IssueLabels needs --sets.
func TestIssueLabelsOnlyWithSets(t *testing.T) {
	wanted := func(o Options) []string {
		var names []string
		for _, k := range Kinds {
			if (k.Name == "IssueLabel" || k.Name == "IssueLabels") && o.wantsKind(k, Kinds) {
				names = append(names, k.Name)
			}
		}
		return names
	}
	if got := wanted(Options{}); !cmp.Equal(got, []string{"IssueLabel"}) {
		t.Errorf("by default %v are imported, want IssueLabel alone", got)
	}
	if got := wanted(Options{Sets: true}); !cmp.Equal(got, []string{"IssueLabels"}) {
		t.Errorf("with --sets %v are imported, want IssueLabels alone", got)
	}
	o := Options{Owner: "acme", Scope: Cluster, Mode: Observe, Concurrency: 1, Kinds: []string{"issuelabels"}}
	if err := o.Validate(Kinds); err == nil || !strings.Contains(err.Error(), "IssueLabels is imported with --sets") {
		t.Errorf("--kinds IssueLabels without --sets: %v, want an error saying to add --sets", err)
	}
	o.Sets = true
	if err := o.Validate(Kinds); err != nil {
		t.Errorf("--kinds IssueLabels --sets: %v", err)
	}
}
