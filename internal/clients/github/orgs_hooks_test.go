package github

import (
	"context"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/clients/transport"
	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

// orgHooksFor starts a contract-checked emulator with repoSeed and returns
// our organization webhooks API on it for token, and the emulator.
func orgHooksFor(t *testing.T, token string) (*OrganizationHooksClient, *emulator.Server) {
	t.Helper()
	srv, emu := emulatortest.NewServer(t, emulator.Options{Seed: repoSeed()})
	gh, err := transport.NewClient(transport.Config{Credentials: transport.Credentials{Token: token}, BaseURL: srv.URL}, testOptionsURL(srv.Client().Transport))
	if err != nil {
		t.Fatalf("NewClient(...): %v", err)
	}
	return NewOrganizationHooksClient(gh), emu
}

// The client's requests and answers are GitHub's: an organization's hook
// is created with its secret (which comes back masked), read, listed,
// updated (the secret sent again), refused as a duplicate, and deleted.
func TestOrgHooksLifecycle(t *testing.T) {
	ctx := context.Background()
	c, emu := orgHooksFor(t, "demo-token")
	created, err := c.CreateOrgHook(ctx, "demo-org", &HookRequest{Active: true, Events: []string{"organization", "push"},
		Config: HookConfig{URL: "https://audit.example.com/a", ContentType: "json", InsecureSSL: "0", Secret: "first"}})
	if err != nil {
		t.Fatalf("CreateOrgHook(...): %v", err)
	}
	if created.ID == 0 || created.CreatedAt == nil || created.Config.Secret != HookSecretMask || created.Name != "web" || created.Type != "Organization" {
		t.Errorf("CreateOrgHook(...) = %+v: want an id, a creation time, name web, type Organization and the secret masked", created)
	}
	if s, _ := emu.State().OrgHookSecret("demo-org", created.ID); s != "first" {
		t.Errorf("secret kept by GitHub = %q, want the one sent", s)
	}
	got, err := c.GetOrgHook(ctx, "demo-org", created.ID)
	if err != nil || strings.Join(got.Events, ",") != "organization,push" || got.Config.InsecureSSL != "0" || got.Config.ContentType != "json" {
		t.Errorf("GetOrgHook(...) = %+v, %v", got, err)
	}
	if _, err := c.UpdateOrgHook(ctx, "demo-org", created.ID, &HookRequest{Active: false, Events: []string{"*"},
		Config: HookConfig{URL: "https://audit.example.com/a", ContentType: "form", InsecureSSL: "1", Secret: "second"}}); err != nil {
		t.Fatalf("UpdateOrgHook(...): %v", err)
	}
	if s, _ := emu.State().OrgHookSecret("demo-org", created.ID); s != "second" {
		t.Errorf("secret kept by GitHub after the update = %q, want the one sent", s)
	}
	_, err = c.CreateOrgHook(ctx, "demo-org", &HookRequest{Active: true, Events: []string{"team"}, Config: HookConfig{URL: "https://audit.example.com/a"}})
	if !IsUnprocessable(err) || !strings.Contains(err.Error(), "Hook already exists on this organization") {
		t.Errorf("CreateOrgHook(duplicate): %v, want GitHub's 422", err)
	}
	list, err := c.ListOrgHooks(ctx, "demo-org")
	if err != nil || len(list) != 1 || list[0].Events[0] != "*" || list[0].Active {
		t.Errorf("ListOrgHooks(...) = %+v, %v", list, err)
	}
	if err := c.DeleteOrgHook(ctx, "demo-org", created.ID); err != nil {
		t.Fatalf("DeleteOrgHook(...): %v", err)
	}
	if _, err := c.GetOrgHook(ctx, "demo-org", created.ID); !IsNotFound(err) {
		t.Errorf("GetOrgHook(deleted): %v, want a 404", err)
	}
}

// Someone who is not an owner of the organization finds no webhooks: 404.
func TestOrgHooksHiddenFromOthers(t *testing.T) {
	c, _ := orgHooksFor(t, "other-token")
	if _, err := c.ListOrgHooks(context.Background(), "demo-org"); !IsNotFound(err) {
		t.Errorf("ListOrgHooks(...) by another user: %v, want a 404", err)
	}
}
