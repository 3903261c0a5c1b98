package github

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/clients/transport"
	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

// hooksFor starts a contract-checked emulator with repoSeed and returns our
// hooks API on it for demo-token, and the emulator.
func hooksFor(t *testing.T) (*HooksClient, *emulator.Server) {
	t.Helper()
	srv, emu := emulatortest.NewServer(t, emulator.Options{Seed: repoSeed()})
	gh, err := transport.NewClient(transport.Config{Credentials: transport.Credentials{Token: "demo-token"}, BaseURL: srv.URL}, testOptionsURL(srv.Client().Transport))
	if err != nil {
		t.Fatalf("NewClient(...): %v", err)
	}
	return NewHooksClient(gh), emu
}

// The client's requests and answers are GitHub's: a hook is created with
// its secret (which comes back masked), read, listed, updated (the secret
// sent again), refused as a duplicate, and deleted.
func TestHooksLifecycle(t *testing.T) {
	ctx := context.Background()
	c, emu := hooksFor(t)
	created, err := c.CreateHook(ctx, "demo-org", "seeded", &HookRequest{Active: true, Events: []string{"push", "issues"},
		Config: HookConfig{URL: "https://ci.example.com/a", ContentType: "json", InsecureSSL: "0", Secret: "first"}})
	if err != nil {
		t.Fatalf("CreateHook(...): %v", err)
	}
	if created.ID == 0 || created.CreatedAt == nil || created.Config.Secret != HookSecretMask || created.Name != "web" {
		t.Errorf("CreateHook(...) = %+v: want an id, a creation time, name web and the secret masked", created)
	}
	if s, _ := emu.State().HookSecret("demo-org", "seeded", created.ID); s != "first" {
		t.Errorf("secret kept by GitHub = %q, want the one sent", s)
	}
	got, err := c.GetHook(ctx, "demo-org", "seeded", created.ID)
	if err != nil || strings.Join(got.Events, ",") != "issues,push" || got.Config.InsecureSSL != "0" || got.Config.ContentType != "json" {
		t.Errorf("GetHook(...) = %+v, %v", got, err)
	}
	if _, err := c.UpdateHook(ctx, "demo-org", "seeded", created.ID, &HookRequest{Active: false, Events: []string{"*"},
		Config: HookConfig{URL: "https://ci.example.com/a", ContentType: "form", InsecureSSL: "1", Secret: "second"}}); err != nil {
		t.Fatalf("UpdateHook(...): %v", err)
	}
	if s, _ := emu.State().HookSecret("demo-org", "seeded", created.ID); s != "second" {
		t.Errorf("secret kept by GitHub after the update = %q, want the one sent", s)
	}
	_, err = c.CreateHook(ctx, "demo-org", "seeded", &HookRequest{Active: true, Events: []string{"push"}, Config: HookConfig{URL: "https://ci.example.com/a"}})
	if !IsUnprocessable(err) || !strings.Contains(err.Error(), "Hook already exists on this repository") {
		t.Errorf("CreateHook(duplicate): %v, want GitHub's 422", err)
	}
	list, err := c.ListHooks(ctx, "demo-org", "seeded")
	if err != nil || len(list) != 1 || list[0].Events[0] != "*" || list[0].Active {
		t.Errorf("ListHooks(...) = %+v, %v", list, err)
	}
	if err := c.DeleteHook(ctx, "demo-org", "seeded", created.ID); err != nil {
		t.Fatalf("DeleteHook(...): %v", err)
	}
	if _, err := c.GetHook(ctx, "demo-org", "seeded", created.ID); !IsNotFound(err) {
		t.Errorf("GetHook(deleted): %v, want a 404", err)
	}
}

// A config never prints its secret.
func TestHookConfigPrintsNoSecret(t *testing.T) {
	c := HookConfig{URL: "https://x.example.com", Secret: "hunter2"}
	for _, format := range []string{"%v", "%+v", "%#v", "%s"} {
		if s := fmt.Sprintf(format, c); strings.Contains(s, "hunter2") {
			t.Errorf("Sprintf(%q) = %q: shows the secret", format, s)
		}
		if s := fmt.Sprintf(format, &HookRequest{Config: c}); strings.Contains(s, "hunter2") {
			t.Errorf("Sprintf(%q) of a request = %q: shows the secret", format, s)
		}
	}
}
