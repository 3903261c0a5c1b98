package importtest

import (
	"context"
	"net/url"
	"testing"

	"github.com/google/go-github/v37/github"

	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

// Fill's every request is one GitHub's description allows (the test
// server checks each), and it makes what it says.
func TestFill(t *testing.T) {
	o := Org{Owner: "demo-org", Repos: 4, Rich: 2, Member: "member-user", Outsider: "outside-user", DropDefaultLabels: true}
	seed := emulator.DefaultSeed()
	o.Users(seed)
	srv, emu := emulatortest.NewServer(t, emulator.Options{Seed: seed})
	client := github.NewClient(emulatortest.Client(srv, "demo-token"))
	client.BaseURL, _ = url.Parse(srv.URL + "/")
	made, err := Fill(context.Background(), client, o)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"Team": 3, "Repository": 4, "IssueLabel": 20, "Branch": 2, "TeamRepository": 4, "Collaborator": 4, "BranchProtection": 4,
		"Ruleset": 2, "Webhook": 4, "DeployKey": 2, "RepositoryFile": 2, "Environment": 4, "ActionsVariable": 4, "ActionsSecret": 4, "DependabotSecret": 2,
		"OrganizationRoleAssignment": 2, "CustomProperty": 2, "OrganizationWebhook": 1, "OrganizationSettings": 1,
		"AutolinkReference": 2, "OrganizationRuleset": 1, "ActionsPermissions": 2, "ActionsOIDCSubjectClaim": 2, "PagesSite": 2, "CodeScanningDefaultSetup": 2,
		"CodeSecurityConfiguration": 1, "RepositoryInteractionLimit": 1}
	for k, n := range want {
		if made[k] != n {
			t.Errorf("made %d %s, want %d", made[k], k, n)
		}
	}
	made, err = LimitOrganization(context.Background(), client, o)
	if err != nil {
		t.Fatal(err)
	}
	if made["OrganizationInteractionLimit"] != 1 {
		t.Errorf("LimitOrganization made %v, want one OrganizationInteractionLimit", made)
	}
	if len(emu.Requests()) == 0 {
		t.Error("the emulator saw no request")
	}
}
