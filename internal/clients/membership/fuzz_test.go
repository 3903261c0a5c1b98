package membership

import (
	"context"
	"strings"
	"testing"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/internal/admission"
	"github.com/crossplane-github/provider-github/internal/clients/internal/fuzzemu"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// known are the users of the fuzz seed (lower case) and whether they are
// members of demo-org already.
var known = map[string]bool{"member-user": true, "quinn": false, "other-user": false}

// FuzzMembershipConverges gives any user a spec could name any role the
// API server admits, over a prior role, as the controller does, and
// requires the membership read back — active for a member, pending for
// anyone else — to show no drift, the observation to report it, and the
// removal to leave none. A user GitHub does not know is an end (404).
// demo-user, the organization's only owner, is left out: the controller
// refuses to demote or remove them (see its tests).
func FuzzMembershipConverges(f *testing.F) {
	schema, err := admission.Load("org.github.crossplane.io_memberships.yaml")
	if err != nil {
		f.Fatal(err)
	}
	seed := emulator.DefaultSeed()
	seed.Users = append(seed.Users, emulator.SeedUser{Login: "member-user"}, emulator.SeedUser{Login: "Quinn"})
	seed.Orgs[0].Members = append(seed.Orgs[0].Members, emulator.SeedMember{Login: "member-user", Role: emulator.RoleMember})
	emu := fuzzemu.New(f, seed)

	f.Add("member-user", "admin", true, uint8(0))
	f.Add("Member-User", "", false, uint8(0))
	f.Add("quinn", "admin", true, uint8(0))
	f.Add("QUINN", "member", true, uint8(2))
	f.Add("other-user", "member", true, uint8(1))
	f.Add("nobody", "member", true, uint8(0))
	f.Add("-bad", "member", true, uint8(0))
	f.Add("member-user", "owner", true, uint8(0))
	f.Fuzz(func(t *testing.T, user, role string, withRole bool, prior uint8) {
		spec := map[string]any{"user": user}
		if withRole {
			spec["role"] = role
		}
		p := admission.As[common.MembershipParameters](t, schema, spec)
		if p == nil || strings.EqualFold(p.User, "demo-user") {
			return
		}
		ctx := context.Background()
		api := github.NewMembershipsClient(emu.Begin(t))
		member, ok := known[strings.ToLower(p.User)]
		if prior%3 != 0 && ok {
			if _, err := api.SetMembership(ctx, "demo-org", p.User, []string{RoleMember, RoleAdmin}[prior%3-1]); err != nil {
				t.Fatalf("SetMembership(...) as the prior role: %v", err)
			}
		}
		_, err := api.SetMembership(ctx, "demo-org", p.User, Role(p))
		if !ok {
			if !github.IsNotFound(err) {
				t.Fatalf("SetMembership(%q): want 404 for a user GitHub does not know, got %v", p.User, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("SetMembership(%q, %q): %v", p.User, Role(p), err)
		}
		got, err := api.GetMembership(ctx, "demo-org", p.User)
		if err != nil {
			t.Fatalf("GetMembership(...): %v", err)
		}
		if d := Drift(p, got); d != nil {
			t.Fatalf("drift after setting the membership: %v", d)
		}
		wantState := github.MembershipPending
		if member {
			wantState = github.MembershipActive
		}
		if o := Observation("demo-org", got); ptr.Deref(o.State, "") != wantState || !strings.EqualFold(ptr.Deref(o.Login, ""), p.User) {
			t.Errorf("Observation(...) = %+v, want state %s for %s", o, wantState, p.User)
		}
		if err := api.RemoveMembership(ctx, "demo-org", p.User); err != nil {
			t.Fatalf("RemoveMembership(...): %v", err)
		}
		if _, err := api.GetMembership(ctx, "demo-org", p.User); !github.IsNotFound(err) {
			t.Fatalf("GetMembership(...) after the removal: want 404, got %v", err)
		}
	})
}
