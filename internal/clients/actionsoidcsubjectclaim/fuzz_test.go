package actionsoidcsubjectclaim

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/crossplane-github/provider-github/internal/clients/convergetest"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// FuzzActionsOIDCSubjectClaimConverges writes the template a spec declares
// (JSON of ActionsOIDCSubjectClaimParameters the CRD admits) through our
// client to the emulator's repository, and requires that it reads back
// with no drift; then writes a second spec over it, and then GitHub's
// default (what a delete puts back), and requires the same. The CRD admits
// only claim keys GitHub takes, so GitHub has no reason to refuse one.
func FuzzActionsOIDCSubjectClaimConverges(f *testing.F) {
	f.Add(`{"includeClaimKeys":["repo","context","job_workflow_ref"]}`, `{"useDefault":true}`)
	f.Add(`{"useDefault":true}`, `{"includeClaimKeys":["repository_owner_id","environment"]}`)
	f.Add(`{"includeClaimKeys":["repo","repo"]}`, `{}`)                                 // a key twice: refused by the CRD
	f.Add(`{"includeClaimKeys":["job-workflow"]}`, `{"useDefault":false}`)              // both refused by the CRD
	f.Add(`{"useDefault":true,"includeClaimKeys":["repo"]}`, `{"includeClaimKeys":[]}`) // both refused by the CRD
	schema := convergetest.Schema(f, "repo.github.m.crossplane.io_actionsoidcsubjectclaims.yaml")
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
		gh, _ := convergetest.Start(t)
		api := github.NewActionsOIDCSubjectClaimClient(gh)
		write(ctx, t, api, admitted)
		if admitted = convergetest.Admit(t, schema, &next); admitted != nil {
			write(ctx, t, api, admitted)
		}
		if err := api.PutActionsOIDCSubjectClaim(ctx, convergetest.Owner, convergetest.Repo, Default()); err != nil {
			t.Fatalf("PutActionsOIDCSubjectClaim(default): %v", err)
		}
		got, err := api.GetActionsOIDCSubjectClaim(ctx, convergetest.Owner, convergetest.Repo)
		if err != nil || !IsDefault(got) {
			t.Fatalf("after the default was put back GitHub has %+v, %v", got, err)
		}
	})
}

// write sends p's template and requires it to read back with no drift.
func write(ctx context.Context, t *testing.T, api *github.ActionsOIDCSubjectClaimClient, p *params) {
	t.Helper()
	err := api.PutActionsOIDCSubjectClaim(ctx, convergetest.Owner, convergetest.Repo, Request(p))
	if convergetest.RefusedAsExpected(t, "PutActionsOIDCSubjectClaim(...)", err, false) {
		return
	}
	got, err := api.GetActionsOIDCSubjectClaim(ctx, convergetest.Owner, convergetest.Repo)
	if err != nil {
		t.Fatalf("GetActionsOIDCSubjectClaim(...) after a write GitHub accepted: %v", err)
	}
	if d := Drift(p, got); len(d) != 0 {
		t.Fatalf("drift %v after the write of %+v: GitHub has %+v", d, p, got)
	}
}
