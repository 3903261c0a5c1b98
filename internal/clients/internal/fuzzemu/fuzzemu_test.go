package fuzzemu

import (
	"context"
	"testing"

	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

func TestBeginResets(t *testing.T) {
	seed := emulator.DefaultSeed()
	seed.Repos = append(seed.Repos, emulator.SeedRepo{Owner: "demo-org", Name: "seeded", Branches: []string{"main"}})
	emu := New(t, seed)
	ctx := context.Background()

	t.Run("First", func(t *testing.T) {
		api := github.NewGitRefsClient(emu.Begin(t))
		main, err := api.GetRef(ctx, "demo-org", "seeded", "heads/main")
		if err != nil {
			t.Fatalf("GetRef(main): %v", err)
		}
		if _, err := api.CreateRef(ctx, "demo-org", "seeded", &github.ReferenceRequest{Ref: "refs/heads/x", SHA: main.Object.SHA}); err != nil {
			t.Fatalf("CreateRef(x): %v", err)
		}
		_, err = api.CreateRef(ctx, "demo-org", "seeded", &github.ReferenceRequest{Ref: "refs/heads/x", SHA: main.Object.SHA})
		if !Refused(err) {
			t.Fatalf("CreateRef(x) again: want GitHub's refusal, got %v", err)
		}
	})
	t.Run("Second", func(t *testing.T) {
		api := github.NewGitRefsClient(emu.Begin(t))
		if _, err := api.GetRef(ctx, "demo-org", "seeded", "heads/x"); !github.IsNotFound(err) {
			t.Errorf("GetRef(x) in the next input: want 404 (the seed state again), got %v", err)
		}
	})
}
