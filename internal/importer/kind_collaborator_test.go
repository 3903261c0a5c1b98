package importer

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// collaboratorSeed is testSeed with members alice, dave and carol of acme
// and a user Bob outside it.
const collaboratorSeed = `
users:
  - {login: admin, tokens: [admin-token]}
  - {login: alice}
  - {login: dave}
  - {login: carol}
  - {login: Bob}
orgs:
  - login: acme
    members: [{login: admin, role: admin}, {login: alice}, {login: dave}, {login: carol}]
repos:
  - {owner: acme, name: api, branches: [main]}
`

func TestImportCollaborators(t *testing.T) {
	s := newTestSession(t, collaboratorSeed, "Repository", "Collaborator")
	api := gh.NewCollaboratorsClient(s.GitHub)
	ctx := context.Background()
	for user, permission := range map[string]string{"alice": "maintain", "dave": "push", "Bob": "pull"} {
		if _, err := api.AddCollaborator(ctx, "acme", "api", user, permission); err != nil {
			t.Fatalf("AddCollaborator(%s, %s): %v", user, permission, err)
		}
	}
	rs, err := collaboratorKind.Import(ctx, s, testRepo(t, s.GitHub, "api"))
	if err != nil {
		t.Fatal(err)
	}
	target := common.RepositoryTarget{RepositoryRef: ptr.To(xpv2Ref("api"))}
	// The admin and carol, members who are no direct collaborators, are
	// left out; Bob, outside the organization, is invited.
	want := []Resource{
		{Kind: "Collaborator", Group: "repo", Repository: "api", Key: "alice", ExternalName: "alice",
			ForProvider: common.CollaboratorParameters{RepositoryTarget: target, Username: "alice", Permission: ptr.To("maintain")}},
		{Kind: "Collaborator", Group: "repo", Repository: "api", Key: "dave", ExternalName: "dave",
			ForProvider: common.CollaboratorParameters{RepositoryTarget: target, Username: "dave"}},
		{Kind: "Collaborator", Group: "repo", Repository: "api", Key: "Bob", ExternalName: "bob",
			ForProvider: common.CollaboratorParameters{RepositoryTarget: target, Username: "Bob", Permission: ptr.To("pull")},
			Notes:       []string{"Invited: Bob has not accepted the invitation yet (GitHub reports the role an invitation offers; a custom role as its base role)."}},
	}
	if diff := cmp.Diff(want, rs); diff != "" {
		t.Errorf("the imported collaborators: -want, +got:\n%s", diff)
	}
}

// In an archived repository GitHub reports every collaborator as read:
// the import says so, as it cannot see the role granted.
func TestImportCollaboratorsArchived(t *testing.T) {
	s := newTestSession(t, collaboratorSeed, "Collaborator")
	ctx := context.Background()
	if _, err := gh.NewCollaboratorsClient(s.GitHub).AddCollaborator(ctx, "acme", "api", "alice", "maintain"); err != nil {
		t.Fatal(err)
	}
	if _, err := gh.NewReposClient(s.GitHub).Edit(ctx, "acme", "api", &gh.RepositoryRequest{Archived: ptr.To(true)}); err != nil {
		t.Fatal(err)
	}
	rs, err := collaboratorKind.Import(ctx, s, testRepo(t, s.GitHub, "api"))
	if err != nil {
		t.Fatal(err)
	}
	want := []Resource{{Kind: "Collaborator", Group: "repo", Repository: "api", Key: "alice", ExternalName: "alice",
		ForProvider: common.CollaboratorParameters{RepositoryTarget: common.RepositoryTarget{Owner: ptr.To("acme"), Repository: ptr.To("api")},
			Username: "alice", Permission: ptr.To("pull")},
		Notes: []string{"Archived repository: GitHub reports every collaborator's role as read, whatever was granted, and the provider leaves it; check the permission before you unarchive the repository, or the provider sets it."}}}
	if diff := cmp.Diff(want, rs); diff != "" {
		t.Errorf("the imported collaborators of an archived repository: -want, +got:\n%s", diff)
	}
}
