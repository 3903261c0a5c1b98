package organizationsettings

import (
	"context"
	"encoding/json"
	"testing"

	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/internal/clients/convergetest"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/internal/admission"
)

// FuzzOrganizationSettingsConverges writes the settings a spec declares
// (JSON of OrganizationSettingsParameters the CRD admits) through our
// client to the emulator's organization, and requires that it reads back
// with no drift, and none once late initialization filled in the rest;
// then writes a second spec over it and requires the same. GitHub refuses
// internal repositories outside Enterprise Cloud (no emulated organization
// is on it): that refusal, worded, is the only acceptable one.
func FuzzOrganizationSettingsConverges(f *testing.F) {
	f.Add(`{"billingEmail":"billing@example.com","company":"Demo Inc.","description":"We demo.","defaultRepositoryPermission":"write","webCommitSignoffRequired":true}`,
		`{"company":"","defaultRepositoryPermission":"none","membersCanCreateRepositories":false}`)
	f.Add(`{"membersCanCreatePublicRepositories":false,"membersCanCreatePrivateRepositories":true,"membersCanCreatePublicPages":false}`,
		`{"membersCanCreateRepositories":true,"membersCanCreatePages":true}`)
	f.Add(`{"membersCanCreateInternalRepositories":true}`, `{}`)                                    // not on Enterprise Cloud: refused
	f.Add(`{"membersCanCreateRepositories":true,"membersCanCreatePublicRepositories":false}`, `{}`) // both: refused by the CRD
	f.Add(`{"secretScanningPushProtectionCustomLinkEnabled":true,"secretScanningPushProtectionCustomLink":"https://example.com/blocked","dependencyGraphEnabledForNewRepositories":true}`,
		`{"secretScanningPushProtectionCustomLink":"","twitterUsername":"demo_org","email":"hello@example.com"}`)
	f.Add(`{"description":"☃ 𝄞 ünïcode","name":"Ünïcode","location":"日本"}`, `{"twitterUsername":"not a name"}`) // the second refused by the CRD
	schema := convergetest.Schema(f, "org.github.m.crossplane.io_organizationsettings.yaml")
	f.Fuzz(func(t *testing.T, spec, nextSpec string) {
		var p, next P
		if json.Unmarshal([]byte(spec), &p) != nil || json.Unmarshal([]byte(nextSpec), &next) != nil {
			return
		}
		admitted := convergetest.Admit(t, schema, &p)
		if admitted == nil {
			return
		}
		ctx := context.Background()
		gh, _ := convergetest.Start(t)
		api := github.NewOrganizationsClient(gh)
		if !write(ctx, t, schema, api, admitted) {
			return
		}
		if admitted = convergetest.Admit(t, schema, &next); admitted == nil {
			return
		}
		write(ctx, t, schema, api, admitted)
	})
}

// write sends p's settings and requires them to read back with no drift,
// before and after late initialization; false when GitHub refused them as
// expected.
func write(ctx context.Context, t *testing.T, schema *admission.Schema, api *github.OrganizationsClient, p *P) bool {
	t.Helper()
	_, err := api.EditOrganization(ctx, convergetest.Owner, Request(p))
	if convergetest.RefusedAsExpected(t, "EditOrganization(...)", err, ptr.Deref(p.MembersCanCreateInternalRepositories, false)) {
		return false
	}
	o, err := api.GetOrganization(ctx, convergetest.Owner)
	if err != nil {
		t.Fatalf("GetOrganization(...) after a write GitHub accepted: %v", err)
	}
	if d := Drift(p, o); len(d) != 0 {
		t.Fatalf("drift %v after the write: GitHub has %+v", d, o)
	}
	filled := *p
	LateInitialize(&filled, o)
	if d := Drift(&filled, o); len(d) != 0 {
		t.Fatalf("drift %v after late initialization", d)
	}
	if convergetest.Admit(t, schema, &filled) == nil {
		t.Fatalf("late initialization made a spec the CRD refuses: %+v", filled)
	}
	return true
}
