package pagessite

import (
	"context"
	"encoding/json"
	"testing"

	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/internal/clients/convergetest"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// FuzzPagesSiteConverges publishes the site a spec declares (JSON of
// PagesSiteParameters the CRD admits) through our client to the
// emulator's repository, sends the update that follows, issues the custom
// domain's certificate and sends the update after that, and requires the
// site to read back with no drift; then does the same with a second spec
// over it. GitHub refuses a branch the repository lacks and a private site
// (no emulated organization is on Enterprise Cloud): those refusals,
// worded, are the only acceptable ones.
func FuzzPagesSiteConverges(f *testing.F) {
	f.Add(`{"buildType":"legacy","source":{"branch":"main","path":"/docs"}}`, `{"buildType":"workflow","cname":"docs.example.com","httpsEnforced":true}`)
	f.Add(`{"buildType":"legacy","source":{"branch":"release/v1"},"cname":"Docs.Example.COM","httpsEnforced":false}`, `{"buildType":"legacy","source":{"branch":"main"},"cname":""}`)
	f.Add(`{"buildType":"workflow","public":true}`, `{"buildType":"workflow","public":false}`) // the second refused: no Enterprise Cloud
	f.Add(`{"buildType":"legacy","source":{"branch":"gh-pages"}}`, `{}`)                       // no such branch: refused
	f.Add(`{"buildType":"workflow","source":{"branch":"main"}}`, `{"buildType":"legacy"}`)     // both refused by the CRD
	f.Add(`{"buildType":"legacy","source":{"branch":"main"},"httpsEnforced":false}`, `{}`)     // refused by the CRD: github.io is https
	schema := convergetest.Schema(f, "repo.github.m.crossplane.io_pagessites.yaml")
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
		api := github.NewPagesClient(gh)
		issue := func() {
			if err := emu.State().IssuePagesCertificate(convergetest.Owner, convergetest.Repo); err != nil {
				t.Logf("IssuePagesCertificate: %v", err)
			}
		}
		_, err := api.CreatePages(ctx, convergetest.Owner, convergetest.Repo, Create(admitted))
		if convergetest.RefusedAsExpected(t, "CreatePages(...)", err, refusable(admitted)) {
			return
		}
		if !converge(ctx, t, api, admitted, issue) {
			return
		}
		if admitted = convergetest.Admit(t, schema, &next); admitted != nil {
			converge(ctx, t, api, admitted, issue)
		}
	})
}

// refusable tells whether GitHub may refuse p for a reason a user sees: a
// source branch the repository lacks, a private site.
func refusable(p *params) bool {
	missing := p.BuildType == Legacy && p.Source != nil && p.Source.Branch != convergetest.DefaultBranch && p.Source.Branch != convergetest.OtherBranch
	return missing || (p.Public != nil && !*p.Public)
}

// converge sends the updates the controller would (one, then one after the
// certificate is issued) and requires no drift and no wait after them;
// false when GitHub refused them as expected.
func converge(ctx context.Context, t *testing.T, api *github.PagesClient, p *params, issue func()) bool {
	t.Helper()
	for round := 0; round < 2; round++ {
		got, err := api.GetPages(ctx, convergetest.Owner, convergetest.Repo)
		if err != nil {
			t.Fatalf("GetPages(...): %v", err)
		}
		if r := Update(p, got); !r.Empty() {
			err := api.UpdatePages(ctx, convergetest.Owner, convergetest.Repo, r)
			if convergetest.RefusedAsExpected(t, "UpdatePages(...)", err, refusable(p)) {
				return false
			}
		}
		issue()
	}
	got, err := api.GetPages(ctx, convergetest.Owner, convergetest.Repo)
	if err != nil {
		t.Fatalf("GetPages(...): %v", err)
	}
	if d := Drift(p, got); len(d) != 0 {
		t.Fatalf("drift %v after the updates of %+v: GitHub has %+v", d, p, got)
	}
	if w := Waiting(p, got); w != "" {
		t.Fatalf("still %s after the certificate was issued", w)
	}
	if ptr.Deref(p.CNAME, "") == "" && !ptr.Deref(got.HTTPSEnforced, false) {
		t.Fatalf("a github.io site not served over https: %+v", got)
	}
	return true
}
