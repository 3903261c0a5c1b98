package codescanningdefaultsetup

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/crossplane-github/provider-github/internal/clients/convergetest"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// detected are the CodeQL languages the fuzz repository's code has.
var detected = []string{"go", "javascript-typescript", "python"}

// FuzzCodeScanningDefaultSetupConverges writes the setup a spec declares
// (JSON of CodeScanningDefaultSetupParameters the CRD admits) through our
// client to the emulator's repository, lets GitHub's run apply it, and
// requires that it reads back with no drift; then a second spec over it,
// and then the setup turned off (what a delete does). GitHub refuses a
// spec only for languages the repository has no code in, a reason a user
// sees.
func FuzzCodeScanningDefaultSetupConverges(f *testing.F) {
	f.Add(`{"state":"configured"}`, `{"state":"not-configured"}`)
	f.Add(`{"state":"configured","querySuite":"extended","languages":["python","go"]}`, `{"state":"configured","runnerType":"labeled","runnerLabel":"big"}`)
	f.Add(`{"state":"configured","languages":["ruby"]}`, `{"state":"configured","threatModel":"remote_and_local","runnerType":"standard"}`) // ruby: refused by GitHub
	f.Add(`{"state":"configured","runnerLabel":"big"}`, `{"state":"not-configured","querySuite":"extended"}`)                               // both refused by the CRD
	schema := convergetest.Schema(f, "repo.github.m.crossplane.io_codescanningdefaultsetups.yaml")
	f.Fuzz(func(t *testing.T, spec, nextSpec string) {
		var p, next params
		if json.Unmarshal([]byte(spec), &p) != nil || json.Unmarshal([]byte(nextSpec), &next) != nil {
			return
		}
		p.RepositoryTarget, next.RepositoryTarget = convergetest.Target(), convergetest.Target()
		admitted := convergetest.Admit(t, schema, &p)
		if admitted == nil {
			return
		}
		ctx := context.Background()
		gh, emu := convergetest.Start(t)
		if err := emu.State().SetCodeScanningLanguages(convergetest.Owner, convergetest.Repo, detected); err != nil {
			t.Fatal(err)
		}
		api := github.NewCodeScanningDefaultSetupClient(gh)
		write(ctx, t, emu, api, admitted)
		if admitted = convergetest.Admit(t, schema, &next); admitted != nil {
			write(ctx, t, emu, api, admitted)
		}
		if _, err := api.UpdateCodeScanningDefaultSetup(ctx, convergetest.Owner, convergetest.Repo, Off()); err != nil {
			t.Fatalf("UpdateCodeScanningDefaultSetup(off): %v", err)
		}
		got, err := api.GetCodeScanningDefaultSetup(ctx, convergetest.Owner, convergetest.Repo)
		if err != nil || IsConfigured(got) {
			t.Fatalf("after the setup was turned off GitHub has %+v, %v", got, err)
		}
	})
}

// write sends p's setup, lets its run apply it, and requires it to read
// back with no drift.
func write(ctx context.Context, t *testing.T, emu *emulator.Server, api *github.CodeScanningDefaultSetupClient, p *params) {
	t.Helper()
	unknown := slices.ContainsFunc(p.Languages, func(l string) bool { return !slices.Contains(detected, l) })
	run, err := api.UpdateCodeScanningDefaultSetup(ctx, convergetest.Owner, convergetest.Repo, Request(p))
	if convergetest.RefusedAsExpected(t, "UpdateCodeScanningDefaultSetup(...)", err, unknown && p.State == StateConfigured) {
		return
	}
	if err != nil {
		t.Fatalf("UpdateCodeScanningDefaultSetup(...): %v", err)
	}
	if run.ID != 0 {
		if err := emu.State().ApplyCodeScanningDefaultSetup(convergetest.Owner, convergetest.Repo); err != nil {
			t.Fatalf("ApplyCodeScanningDefaultSetup: %v", err)
		}
	}
	got, err := api.GetCodeScanningDefaultSetup(ctx, convergetest.Owner, convergetest.Repo)
	if err != nil {
		t.Fatalf("GetCodeScanningDefaultSetup(...) after a write GitHub accepted: %v", err)
	}
	if d := Drift(p, got); len(d) != 0 {
		t.Fatalf("drift %v after the write of %+v: GitHub has %+v", d, p, got)
	}
}
