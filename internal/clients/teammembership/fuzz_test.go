package teammembership

import (
	"context"
	"strings"
	"testing"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/internal/admission"
	"github.com/crossplane-github/provider-github/internal/clients/internal/fuzzemu"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// known are the users of the fuzz seed (lower case) and whether they are
// members of demo-org already (anyone else is invited to it).
var known = map[string]bool{"demo-user": true, "member-user": true, "quinn": false}

// FuzzTeamMembershipConverges puts any user a spec could name in team
// crew with any role the API server admits, over a prior role, as the
// controller does, and requires the membership read back — active for a
// member of the organization, pending for anyone else — to show no drift,
// and the removal to leave none. A user or a team GitHub does not know is
// an end (404).
func FuzzTeamMembershipConverges(f *testing.F) {
	schema, err := admission.Load("org.github.crossplane.io_teammemberships.yaml")
	if err != nil {
		f.Fatal(err)
	}
	seed := emulator.DefaultSeed()
	seed.Users = append(seed.Users, emulator.SeedUser{Login: "member-user"}, emulator.SeedUser{Login: "Quinn"})
	seed.Orgs[0].Members = append(seed.Orgs[0].Members, emulator.SeedMember{Login: "member-user", Role: emulator.RoleMember})
	seed.Teams = append(seed.Teams, emulator.SeedTeam{Org: "demo-org", Name: "crew"})
	emu := fuzzemu.New(f, seed)

	f.Add("crew", "member-user", "maintainer", true, uint8(0))
	f.Add("crew", "Member-User", "", false, uint8(1))
	f.Add("crew", "quinn", "member", true, uint8(2))
	f.Add("crew", "demo-user", "member", true, uint8(0))
	f.Add("crew", "nobody", "member", true, uint8(0))
	f.Add("nope", "member-user", "member", true, uint8(0))
	f.Add("crew", "member-user", "admin", true, uint8(0))
	f.Fuzz(func(t *testing.T, slug, user, role string, withRole bool, prior uint8) {
		spec := map[string]any{"teamSlug": slug, "user": user}
		if withRole {
			spec["role"] = role
		}
		p := admission.As[common.TeamMembershipParameters](t, schema, spec)
		if p == nil {
			return
		}
		ctx := context.Background()
		api := github.NewTeamMembershipsClient(emu.Begin(t))
		member, ok := known[strings.ToLower(p.User)]
		team := *p.TeamSlug
		if prior%3 != 0 && ok && team == "crew" {
			if _, err := api.SetTeamMembership(ctx, "demo-org", team, p.User, []string{RoleMember, RoleMaintainer}[prior%3-1]); err != nil {
				t.Fatalf("SetTeamMembership(...) as the prior role: %v", err)
			}
		}
		_, err := api.SetTeamMembership(ctx, "demo-org", team, p.User, Role(p))
		if !ok || team != "crew" {
			if !github.IsNotFound(err) {
				t.Fatalf("SetTeamMembership(%q, %q): want 404 for a user or team GitHub does not know, got %v", team, p.User, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("SetTeamMembership(%q, %q): %v", p.User, Role(p), err)
		}
		got, err := api.GetTeamMembership(ctx, "demo-org", team, p.User)
		if err != nil {
			t.Fatalf("GetTeamMembership(...): %v", err)
		}
		if d := Drift(p, got); d != nil {
			t.Fatalf("drift after setting the membership: %v", d)
		}
		if want := map[bool]string{true: github.MembershipActive, false: github.MembershipPending}[member]; got.State != want {
			t.Errorf("state %q, want %q for %s", got.State, want, p.User)
		}
		if err := api.RemoveTeamMembership(ctx, "demo-org", team, p.User); err != nil {
			t.Fatalf("RemoveTeamMembership(...): %v", err)
		}
		if _, err := api.GetTeamMembership(ctx, "demo-org", team, p.User); !github.IsNotFound(err) {
			t.Fatalf("GetTeamMembership(...) after the removal: want 404, got %v", err)
		}
	})
}
