package github

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/crossplane-github/provider-github/internal/clients/transport"
	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

// TestTeamRepos grants, reads, lists, changes and removes a team's permission on
// the emulator, which checks every exchange against GitHub's description.
func TestTeamRepos(t *testing.T) {
	ctx := context.Background()
	seed := emulator.DefaultSeed()
	seed.Teams = []emulator.SeedTeam{{Org: "demo-org", Name: "Platform"}}
	seed.Repos = []emulator.SeedRepo{{Owner: "demo-org", Name: "app"}}
	srv, emu := emulatortest.NewServer(t, emulator.Options{Seed: seed})
	if err := emu.State().AddRepositoryRole("demo-org", "deployer", "write"); err != nil {
		t.Fatal(err)
	}
	gh, err := transport.NewClient(transport.Config{Credentials: transport.Credentials{Token: "demo-token"}, BaseURL: srv.URL}, testOptionsURL(srv.Client().Transport))
	if err != nil {
		t.Fatal(err)
	}
	api := NewTeamReposClient(gh)

	if _, err := api.GetTeamRepo(ctx, "demo-org", "platform", "demo-org", "app"); !IsNotFound(err) {
		t.Fatalf("GetTeamRepo before a grant: got %v, want a 404", err)
	}
	steps := []struct {
		permission string
		want       TeamRepo
	}{
		{"push", TeamRepo{RoleName: "write", Permissions: &RepositoryPermissions{Push: true, Triage: true, Pull: true}}},
		{"pull", TeamRepo{RoleName: "read", Permissions: &RepositoryPermissions{Pull: true}}},
		{"maintain", TeamRepo{RoleName: "maintain", Permissions: &RepositoryPermissions{Maintain: true, Push: true, Triage: true, Pull: true}}},
		{"deployer", TeamRepo{RoleName: "deployer", Permissions: &RepositoryPermissions{Push: true, Triage: true, Pull: true}}},
	}
	for _, s := range steps {
		if err := api.AddTeamRepo(ctx, "demo-org", "platform", "demo-org", "app", s.permission); err != nil {
			t.Fatalf("AddTeamRepo(%s): %v", s.permission, err)
		}
		got, err := api.GetTeamRepo(ctx, "demo-org", "platform", "demo-org", "app")
		if err != nil {
			t.Fatalf("GetTeamRepo after granting %s: %v", s.permission, err)
		}
		if got.FullName != "demo-org/app" || got.ID == 0 || got.Owner.Login != "demo-org" {
			t.Errorf("GetTeamRepo after granting %s: repository %d %q owned by %q, want demo-org/app", s.permission, got.ID, got.FullName, got.Owner.Login)
		}
		if diff := cmp.Diff(s.want, TeamRepo{RoleName: got.RoleName, Permissions: got.Permissions}); diff != "" {
			t.Errorf("GetTeamRepo after granting %s: -want, +got:\n%s", s.permission, diff)
		}
	}
	if err := api.AddTeamRepo(ctx, "demo-org", "platform", "demo-org", "app", "owner"); !IsUnprocessable(err) {
		t.Errorf("AddTeamRepo(owner): got %v, want a 422", err)
	}
	if err := api.AddTeamRepo(ctx, "demo-org", "nobody", "demo-org", "app", "push"); !IsNotFound(err) {
		t.Errorf("AddTeamRepo for an unknown team: got %v, want a 404", err)
	}
	list, err := api.ListTeamRepos(ctx, "demo-org", "platform")
	if err != nil {
		t.Fatalf("ListTeamRepos: %v", err)
	}
	if len(list) != 1 || list[0].FullName != "demo-org/app" || list[0].RoleName != "deployer" {
		t.Errorf("ListTeamRepos: got %+v, want demo-org/app with role deployer", list)
	}
	if err := api.RemoveTeamRepo(ctx, "demo-org", "platform", "demo-org", "app"); err != nil {
		t.Fatalf("RemoveTeamRepo: %v", err)
	}
	if _, err := api.GetTeamRepo(ctx, "demo-org", "platform", "demo-org", "app"); !IsNotFound(err) {
		t.Errorf("GetTeamRepo after the removal: got %v, want a 404", err)
	}
}
