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

// collaboratorSetSeed is testSeed with a member of acme (bob), a user
// outside it (octocat) and a team (core).
const collaboratorSetSeed = `
users:
  - {login: admin, tokens: [admin-token]}
  - {login: bob}
  - {login: octocat, tokens: [octocat-token]}
orgs:
  - login: acme
    members: [{login: admin, role: admin}, {login: bob, role: member}]
teams:
  - {org: acme, name: core, privacy: closed}
repos:
  - {owner: acme, name: api, branches: [main, release]}
`

// A CollaboratorSet lists the repository's direct collaborators, its
// pending invitees and its teams, each with its permission (push, the
// default, unset): named by the repository.
func TestImportCollaboratorSet(t *testing.T) {
	s := newTestSession(t, collaboratorSetSeed, "Repository", "CollaboratorSet")
	ctx := context.Background()
	collaborators := gh.NewCollaboratorsClient(s.GitHub)
	if _, err := collaborators.AddCollaborator(ctx, "acme", "api", "bob", "maintain"); err != nil {
		t.Fatal(err)
	}
	if _, err := collaborators.AddCollaborator(ctx, "acme", "api", "octocat", "push"); err != nil {
		t.Fatal(err)
	}
	if err := gh.NewTeamReposClient(s.GitHub).AddTeamRepo(ctx, "acme", "core", "acme", "api", "pull"); err != nil {
		t.Fatal(err)
	}
	rs, err := collaboratorSetKind.Import(ctx, s, testRepo(t, s.GitHub, "api"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 1 {
		t.Fatalf("imported %d resources, want one CollaboratorSet: %+v", len(rs), rs)
	}
	got := rs[0]
	p, ok := got.ForProvider.(common.CollaboratorSetParameters)
	if !ok {
		t.Fatalf("forProvider is a %T", got.ForProvider)
	}
	if got.Kind != "CollaboratorSet" || got.Repository != "api" || got.ExternalName != "acme/api" {
		t.Errorf("resource %s %s (%s), external name %q, want CollaboratorSet of api named acme/api", got.Kind, Name(got), got.Repository, got.ExternalName)
	}
	want := common.CollaboratorSetParameters{
		RepositoryTarget: common.RepositoryTarget{RepositoryRef: ptr.To(xpv2Ref("api"))},
		Users:            []common.CollaboratorSetUser{{Username: "bob", Permission: ptr.To("maintain")}, {Username: "octocat"}},
		Teams:            []common.CollaboratorSetTeam{{Slug: "core", Permission: ptr.To("pull")}},
	}
	if diff := cmp.Diff(want, p); diff != "" {
		t.Errorf("the imported set: -want, +got:\n%s", diff)
	}
}

// github-import writes Collaborator and TeamRepository resources unless
// --sets asks for a CollaboratorSet per repository instead; --kinds
// CollaboratorSet needs --sets.
func TestCollaboratorSetOnlyWithSets(t *testing.T) {
	wanted := func(o Options) []string {
		var names []string
		for _, k := range Kinds {
			if (k.Name == "Collaborator" || k.Name == "TeamRepository" || k.Name == "CollaboratorSet") && o.wantsKind(k, Kinds) {
				names = append(names, k.Name)
			}
		}
		return names
	}
	if got := wanted(Options{}); !cmp.Equal(got, []string{"TeamRepository", "Collaborator"}) {
		t.Errorf("by default %v are imported, want TeamRepository and Collaborator", got)
	}
	if got := wanted(Options{Sets: true}); !cmp.Equal(got, []string{"CollaboratorSet"}) {
		t.Errorf("with --sets %v are imported, want CollaboratorSet alone", got)
	}
	o := Options{Owner: "acme", Scope: Cluster, Mode: Observe, Concurrency: 1, Kinds: []string{"collaboratorset"}}
	if err := o.Validate(Kinds); err == nil || !strings.Contains(err.Error(), "CollaboratorSet is imported with --sets (instead of Collaborator and TeamRepository)") {
		t.Errorf("--kinds CollaboratorSet without --sets: %v, want an error saying to add --sets", err)
	}
	o.Sets = true
	if err := o.Validate(Kinds); err != nil {
		t.Errorf("--kinds CollaboratorSet --sets: %v", err)
	}
}
