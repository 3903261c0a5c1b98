package teamrepository

import (
	"context"
	"strings"
	"testing"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/internal/admission"
	"github.com/crossplane-github/provider-github/internal/clients/internal/fuzzemu"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// seeded are the slugs of the teams of the fuzz seed.
var seeded = map[string]bool{"platform": true, "parent": true, "child": true}

// FuzzTeamRepositoryConverges grants any team slug a user could declare
// any permission the API server admits on a repository of the emulator, as
// the controller does (over a prior permission, when prior says so), and
// requires the permission read back to be up to date, after the grant or
// else after one update, the observation to name it in the spec's words,
// and the removal to leave no permission. A team GitHub does not know, or
// a permission it does not take, is an end, worded.
func FuzzTeamRepositoryConverges(f *testing.F) {
	schema, err := admission.Load("repo.github.crossplane.io_teamrepositories.yaml")
	if err != nil {
		f.Fatal(err)
	}
	seed := emulator.DefaultSeed()
	seed.Teams = append(seed.Teams,
		emulator.SeedTeam{Org: "demo-org", Name: "Platform"},
		emulator.SeedTeam{Org: "demo-org", Name: "parent", Privacy: "closed"},
		emulator.SeedTeam{Org: "demo-org", Name: "child", Parent: "parent"})
	seed.Repos = append(seed.Repos, emulator.SeedRepo{Owner: "demo-org", Name: "seeded", Branches: []string{"main"}})
	emu := fuzzemu.New(f, seed)

	f.Add("platform", "maintain", true, uint8(0)) // full
	f.Add("platform", "", false, uint8(0))        // minimal: push
	f.Add("child", "admin", true, uint8(0))
	f.Add("platform", "pull", true, uint8(0))
	f.Add("platform", "Reviewer", true, uint8(0)) // a custom role
	f.Add("platform", "reviewer", true, uint8(0))
	f.Add("platform", "no such role", true, uint8(0))
	f.Add("nobody", "push", true, uint8(0))    // no such team
	f.Add("platform", "Push", true, uint8(0))  // refused at admission
	f.Add("platform", "pull", true, uint8(5))  // lowered from admin
	f.Add("child", "reviewer", true, uint8(1)) // from pull to a custom role
	f.Add("platform", "", false, uint8(6))     // from a custom role to push
	f.Add("parent", "no such role", true, uint8(3))
	f.Fuzz(func(t *testing.T, slug, permission string, withPermission bool, prior uint8) {
		spec := map[string]any{"repository": "seeded", "teamSlug": slug}
		if withPermission {
			spec["permission"] = permission
		}
		p := admission.As[common.TeamRepositoryParameters](t, schema, spec)
		if p == nil {
			return
		}
		ctx := context.Background()
		api := github.NewTeamReposClient(emu.Begin(t))
		if err := emu.Server().State().AddRepositoryRole("demo-org", "reviewer", "triage"); err != nil {
			t.Fatal(err)
		}
		g := Grant{Organization: "demo-org", TeamSlug: ptr.Deref(p.TeamSlug, ""), Owner: "demo-org", Repository: "seeded"}
		want := Permission(p)

		if prior%7 != 0 {
			// A prior permission, which Observe finds and Update changes.
			was := []string{"pull", "triage", "push", "maintain", "admin", "reviewer"}[prior%7-1]
			if err := api.AddTeamRepo(ctx, g.Organization, g.TeamSlug, g.Owner, g.Repository, was); err != nil {
				if github.IsNotFound(err) && !seeded[g.TeamSlug] {
					return
				}
				t.Fatalf("AddTeamRepo(%q) as the prior permission: %v", was, err)
			}
		}
		err := api.AddTeamRepo(ctx, g.Organization, g.TeamSlug, g.Owner, g.Repository, want)
		switch {
		case !seeded[g.TeamSlug]:
			// No such team: the controller says so.
			if !github.IsNotFound(err) {
				t.Fatalf("AddTeamRepo(%q): want 404 for a team GitHub does not have, got %v", g.TeamSlug, err)
			}
			return
		case !BuiltIn(want) && !strings.EqualFold(want, "reviewer"):
			// A role the organization does not have.
			fuzzemu.RequireRefusal(t, "AddTeamRepo", err)
			return
		case err != nil:
			t.Fatalf("AddTeamRepo(%q, %q): %v", g.TeamSlug, want, err)
		}
		r, err := api.GetTeamRepo(ctx, g.Organization, g.TeamSlug, g.Owner, g.Repository)
		if err != nil {
			t.Fatalf("GetTeamRepo(...) after granting %q: %v", want, err)
		}
		if !UpToDate(want, r) {
			t.Logf("not up to date after the grant: role %q", ReportedRole(r))
			if err := api.AddTeamRepo(ctx, g.Organization, g.TeamSlug, g.Owner, g.Repository, want); err != nil {
				t.Fatalf("AddTeamRepo(...) as an update: %v", err)
			}
			if r, err = api.GetTeamRepo(ctx, g.Organization, g.TeamSlug, g.Owner, g.Repository); err != nil {
				t.Fatalf("GetTeamRepo(...) after the update: %v", err)
			}
			if !UpToDate(want, r) {
				t.Fatalf("permission %q: not up to date after the grant and an update: GitHub reports role %q", want, ReportedRole(r))
			}
		}

		o := Observation(g, r)
		if ptr.Deref(o.Repository, "") != "demo-org/seeded" || ptr.Deref(o.TeamSlug, "") != g.TeamSlug {
			t.Errorf("Observation(...): want %s on demo-org/seeded, got %+v", g.TeamSlug, o)
		}
		if BuiltIn(want) && ptr.Deref(o.Permission, "") != want {
			t.Errorf("Observation(...).Permission: want %q, got %v (role %v)", want, o.Permission, o.RoleName)
		}

		if err := api.RemoveTeamRepo(ctx, g.Organization, g.TeamSlug, g.Owner, g.Repository); err != nil {
			t.Fatalf("RemoveTeamRepo(...): %v", err)
		}
		if _, err := api.GetTeamRepo(ctx, g.Organization, g.TeamSlug, g.Owner, g.Repository); !github.IsNotFound(err) {
			t.Fatalf("GetTeamRepo(...) after removing the permission: want 404, got %v", err)
		}
	})
}
