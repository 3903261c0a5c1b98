package importer

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// The organization's custom properties are imported as they are defined,
// and a repository with the values GitHub reports of it (a required
// property's default included).
func TestImportCustomProperties(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t, "", "CustomProperty", "Repository")
	api := gh.NewCustomPropertiesClient(s.GitHub)
	if _, err := api.PutCustomProperty(ctx, "acme", "environment", &gh.CustomPropertyRequest{ValueType: "single_select", Required: ptr.To(true),
		DefaultValue: gh.StringValue("development"), AllowedValues: []string{"production", "development"}, Description: ptr.To("Where it runs")}); err != nil {
		t.Fatal(err)
	}
	if _, err := api.PutCustomProperty(ctx, "acme", "tags", &gh.CustomPropertyRequest{ValueType: "multi_select", AllowedValues: []string{"pci", "sox"},
		ValuesEditableBy: ptr.To("org_and_repo_actors")}); err != nil {
		t.Fatal(err)
	}
	if err := api.SetCustomPropertyValues(ctx, "acme", "api", []gh.CustomPropertyValue{{PropertyName: "tags", Value: gh.ListValue([]string{"sox"})}}); err != nil {
		t.Fatal(err)
	}

	rs, err := customPropertyKind.Import(ctx, s, nil)
	if err != nil {
		t.Fatal(err)
	}
	target := s.OrganizationTarget()
	want := []Resource{
		{Kind: "CustomProperty", Group: "org", Key: "environment", ExternalName: "environment", ForProvider: orgcommon.CustomPropertyParameters{
			OrganizationTarget: target, Name: "environment", ValueType: "single_select", Required: ptr.To(true), DefaultValue: ptr.To("development"),
			Description: ptr.To("Where it runs"), AllowedValues: []string{"production", "development"}}},
		{Kind: "CustomProperty", Group: "org", Key: "tags", ExternalName: "tags", ForProvider: orgcommon.CustomPropertyParameters{
			OrganizationTarget: target, Name: "tags", ValueType: "multi_select", AllowedValues: []string{"pci", "sox"}, ValuesEditableBy: ptr.To("org_and_repo_actors")}},
	}
	if diff := cmp.Diff(want, rs); diff != "" {
		t.Errorf("the imported properties: -want, +got:\n%s", diff)
	}

	repos, err := repositoryKind.Import(ctx, s, testRepo(t, s.GitHub, "api"))
	if err != nil || len(repos) != 1 {
		t.Fatalf("repositoryKind.Import(api) = %v, %v: want one Repository", repos, err)
	}
	p := repos[0].ForProvider.(common.RepositoryParameters)
	values := map[string]common.CustomPropertyValue{"environment": {Value: ptr.To("development")}, "tags": {Values: []string{"sox"}}}
	if diff := cmp.Diff(values, p.CustomProperties); diff != "" {
		t.Errorf("the imported Repository's customProperties: -want, +got:\n%s", diff)
	}
}
