package github

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	"github.com/google/go-cmp/cmp"

	"github.com/crossplane-github/provider-github/internal/clients/transport"
	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

// teamsOn starts a contract-checked emulator with seed and returns our teams
// API on it for token.
func teamsOn(t *testing.T, seed *emulator.Seed, token string) *TeamsClient {
	t.Helper()
	srv, _ := emulatortest.NewServer(t, emulator.Options{Seed: seed})
	gh, err := transport.NewClient(transport.Config{Credentials: transport.Credentials{Token: token}, BaseURL: srv.URL}, testOptionsURL(srv.Client().Transport))
	if err != nil {
		t.Fatalf("NewClient(...): %v", err)
	}
	return NewTeamsClient(gh)
}

func teamSeed(teams ...emulator.SeedTeam) *emulator.Seed {
	s := emulator.DefaultSeed()
	s.Teams = teams
	return s
}

func TestTeamRequestJSON(t *testing.T) {
	cases := map[string]struct {
		reason string
		req    TeamRequest
		want   string
	}{
		"Empty":    {reason: "nothing set, nothing sent", want: `{}`},
		"Parent":   {reason: "a parent travels as its id", req: TeamRequest{Name: ptrTo("x"), ParentTeamID: ptrTo(int64(3))}, want: `{"name":"x","parent_team_id":3}`},
		"TopLevel": {reason: "the top level travels as null", req: TeamRequest{TopLevel: true}, want: `{"parent_team_id":null}`},
		"ParentWins": {reason: "a parent id is a parent, whatever TopLevel says",
			req: TeamRequest{ParentTeamID: ptrTo(int64(3)), TopLevel: true}, want: `{"parent_team_id":3}`},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			raw, err := tc.req.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, string(raw)); diff != "" {
				t.Errorf("\n%s\nMarshalJSON(): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

// TestTeamsLifecycle drives one team through every call of the API, as the
// Team controller does.
func TestTeamsLifecycle(t *testing.T) {
	ctx := context.Background()
	api := teamsOn(t, teamSeed(emulator.SeedTeam{Org: "demo-org", Name: "Platform", Privacy: "closed"}), "demo-token")

	parent, err := api.GetTeam(ctx, "Demo-Org", "PLATFORM")
	if err != nil {
		t.Fatalf("GetTeam of a seeded team, in another case: %v", err)
	}
	if parent.Slug != "platform" || parent.Organization == nil || parent.Organization.Login != "demo-org" || parent.CreatedAt == nil {
		t.Errorf("GetTeam(...) = %+v, want slug platform with its organization and creation time", parent)
	}

	created, err := api.CreateTeam(ctx, "demo-org", &TeamRequest{Name: ptrTo("SRE On Call"), Description: ptrTo("pager"),
		NotificationSetting: ptrTo("notifications_disabled"), ParentTeamID: &parent.ID})
	if err != nil {
		t.Fatalf("CreateTeam(...): %v", err)
	}
	want := Team{ID: created.ID, Name: "SRE On Call", Slug: "sre-on-call", Description: ptrTo("pager"), Privacy: "closed",
		NotificationSetting: "notifications_disabled", Parent: &TeamParent{ID: parent.ID, Slug: "platform", Name: "Platform"}}
	got := *created
	got.NodeID, got.HTMLURL, got.Organization, got.CreatedAt = "", "", nil, nil
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("CreateTeam(...): -want, +got:\n%s", diff)
	}

	_, err = api.CreateTeam(ctx, "demo-org", &TeamRequest{Name: ptrTo("sre on call")})
	if !IsUnprocessable(err) || !strings.Contains(err.Error(), "Name must be unique for this org") {
		t.Errorf("CreateTeam(...) of a taken name: want a 422 saying the name must be unique, got %v", err)
	}

	moved, err := api.EditTeam(ctx, "demo-org", "sre-on-call", &TeamRequest{Name: ptrTo("SRE"), TopLevel: true, Privacy: ptrTo("secret")})
	if err != nil {
		t.Fatalf("EditTeam(...): %v", err)
	}
	if moved.ID != created.ID || moved.Slug != "sre" || moved.Parent != nil || moved.Privacy != "secret" {
		t.Errorf("EditTeam(...) = %+v, want the same team renamed to slug sre, at the top level, secret", moved)
	}
	if _, err := api.GetTeam(ctx, "demo-org", "sre-on-call"); !IsNotFound(err) {
		t.Errorf("GetTeam(...) of the old slug: want 404, got %v", err)
	}

	if err := api.DeleteTeam(ctx, "demo-org", "sre"); err != nil {
		t.Fatalf("DeleteTeam(...): %v", err)
	}
	if err := api.DeleteTeam(ctx, "demo-org", "sre"); !IsNotFound(err) {
		t.Errorf("DeleteTeam(...) of a deleted team: want 404, got %v", err)
	}
}

func TestListTeams(t *testing.T) {
	ctx := context.Background()
	var many []emulator.SeedTeam
	for i := range 2*teamsPerPage + 5 {
		many = append(many, emulator.SeedTeam{Org: "demo-org", Name: fmt.Sprintf("team-%03d", i)})
	}
	cases := map[string]struct {
		reason string
		seed   *emulator.Seed
		org    string
		want   int
		err    error
	}{
		"Pages": {
			reason: "every page is read: more teams than one page holds",
			seed:   teamSeed(many...), org: "demo-org", want: len(many),
		},
		"None": {
			reason: "an organization without teams lists none",
			seed:   teamSeed(), org: "demo-org",
		},
		"NoSuchOrg": {
			reason: "an organization that does not exist is a 404",
			seed:   teamSeed(), org: "no-such-org",
			err: &Error{Status: http.StatusNotFound, msg: "GitHub answered 404 Not Found: it does not exist, or the credentials cannot see it"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got, err := teamsOn(t, tc.seed, "demo-token").ListTeams(ctx, tc.org)
			if diff := cmp.Diff(tc.err, err, test.EquateErrors()); diff != "" {
				t.Fatalf("\n%s\nListTeams(...): -want error, +got error:\n%s", tc.reason, diff)
			}
			if len(got) != tc.want {
				t.Fatalf("\n%s\nListTeams(...): want %d teams, got %d", tc.reason, tc.want, len(got))
			}
			seen := map[int64]bool{}
			for _, team := range got {
				if seen[team.ID] || team.Slug == "" {
					t.Fatalf("\n%s\nListTeams(...): team %+v listed twice or without a slug", tc.reason, team)
				}
				seen[team.ID] = true
			}
		})
	}
}
