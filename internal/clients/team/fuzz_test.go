package team

import (
	"context"
	"encoding/json"
	"testing"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/internal/admission"
	"github.com/crossplane-github/provider-github/internal/clients/internal/fuzzemu"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// parentID is the id of demo-org's closed team "parent" in the fuzz seed.
const parentID = 100

// FuzzTeamConverges creates the team of any spec the API server admits
// (the parent named by id: a reference is resolved to one) in the
// emulator's organization, with the mapping's request, and requires the
// team read back to show no drift, after the create or else after one
// update; late initialisation to add none and to leave a spec the API
// server admits; and the slug GitHub chose to be the one Slug predicts.
// GitHub refuses exactly a name taken and a parent it does not take,
// worded.
func FuzzTeamConverges(f *testing.F) {
	schema, emu := setUp(f)

	f.Add(`{"organization":"demo-org","name":"Platform Team","description":"Runs the platform","privacy":"closed","notificationSetting":"notifications_disabled","parentTeamId":100}`)
	f.Add(`{"name":"x"}`)
	f.Add(`{"name":"  spaced  out  ","description":""}`)
	f.Add(`{"name":"Ünïcode & Co.","privacy":"secret"}`)
	f.Add(`{"name":"parent"}`)                    // taken
	f.Add(`{"name":"PARENT!"}`)                   // its slug is taken
	f.Add(`{"name":"child","parentTeamId":101}`)  // a secret parent
	f.Add(`{"name":"orphan","parentTeamId":999}`) // no such parent
	f.Add(`{"name":"a--b__c","notificationSetting":"notifications_enabled"}`)
	f.Add(`{"name":"-"}`) // refused at admission
	f.Fuzz(func(t *testing.T, spec string) {
		p := &common.TeamParameters{}
		if json.Unmarshal([]byte(spec), p) != nil {
			return
		}
		p.ParentTeamRef, p.ParentTeamSelector = nil, nil
		if p = admit(t, schema, p); p == nil {
			return
		}
		converge(t, schema, emu, nil, p)
	})
}

// setUp loads the Team schema and starts an emulator whose demo-org has a
// closed team (parentID) and a secret one (parentID+1).
func setUp(f *testing.F) (*admission.Schema, *fuzzemu.Emulator) {
	schema, err := admission.Load("org.github.crossplane.io_teams.yaml")
	if err != nil {
		f.Fatal(err)
	}
	seed := emulator.DefaultSeed()
	seed.Teams = append(seed.Teams,
		emulator.SeedTeam{ID: parentID, Org: "demo-org", Name: "parent", Privacy: "closed"},
		emulator.SeedTeam{ID: parentID + 1, Org: "demo-org", Name: "Secret Team", Privacy: "secret"})
	return schema, fuzzemu.New(f, seed)
}

// admit is spec, in demo-org, as the API server keeps it, or nil when the
// API server refuses it.
func admit(t *testing.T, schema *admission.Schema, spec *common.TeamParameters) *common.TeamParameters {
	t.Helper()
	spec.Organization = ptr.To("demo-org")
	return admission.As[common.TeamParameters](t, schema, spec)
}

// refused is true when GitHub refuses to create the team of p, or to make
// the prior team it: its slug is another team's, or its parent is not the
// closed team parentID (another team, a secret one, or none).
func refused(p *common.TeamParameters) bool {
	slug := Slug(Name(p))
	return slug == "parent" || slug == "secret-team" || p.ParentTeamID != nil && *p.ParentTeamID != parentID
}

// converge creates the team of p, or, when prior is not nil, the team of
// prior and then updates it to p as Update does, and requires it to
// converge (see FuzzTeamConverges).
func converge(t *testing.T, schema *admission.Schema, emu *fuzzemu.Emulator, prior, p *common.TeamParameters) {
	t.Helper()
	org := Organization(p, "demo-org")
	parent := Parent{ID: p.ParentTeamID}
	ctx := context.Background()
	api := github.NewTeamsClient(emu.Begin(t))

	var created *github.Team
	var err error
	if prior != nil {
		if created, err = api.CreateTeam(ctx, org, CreateRequest(prior, Parent{ID: prior.ParentTeamID})); err != nil {
			t.Fatalf("CreateTeam(prior): %v", err)
		}
		old, rerr := api.GetTeam(ctx, org, created.Slug)
		if rerr != nil {
			t.Fatalf("GetTeam(prior): %v", rerr)
		}
		created = old
		if q := UpdateRequest(p, parent, old); q != nil {
			created, err = api.EditTeam(ctx, org, old.Slug, q)
		}
	} else {
		created, err = api.CreateTeam(ctx, org, CreateRequest(p, parent))
	}
	if refused(p) {
		fuzzemu.RequireRefusal(t, "creating or updating the team", err)
		return
	}
	if err != nil {
		t.Fatalf("creating or updating the team: %v", err)
	}
	if created.Slug != Slug(Name(p)) {
		t.Errorf("Slug(%q) = %q, GitHub chose %q", Name(p), Slug(Name(p)), created.Slug)
	}
	got, err := api.GetTeam(ctx, org, created.Slug)
	if err != nil {
		t.Fatalf("GetTeam(%q) after creating it: %v", created.Slug, err)
	}
	if d := Drift(p, parent, got); len(d) > 0 {
		t.Logf("drift after the create: %v", d)
		q := UpdateRequest(p, parent, got)
		if q == nil {
			t.Fatalf("Drift(...) = %v, yet UpdateRequest(...) has nothing to send", d)
		}
		out, err := api.EditTeam(ctx, org, got.Slug, q)
		if err != nil {
			t.Fatalf("EditTeam(...) of a team just created from the same spec: %v", err)
		}
		if got, err = api.GetTeam(ctx, org, out.Slug); err != nil {
			t.Fatalf("GetTeam(%q) after updating it: %v", out.Slug, err)
		}
		if d := Drift(p, parent, got); len(d) > 0 {
			t.Fatalf("drift after the create (or the update from a prior team) and an update: %v\nGitHub has %+v", d, got)
		}
	}
	if q := UpdateRequest(p, parent, got); q != nil {
		t.Errorf("UpdateRequest(...) without drift: want nil, got %+v", q)
	}

	li := p.DeepCopy()
	if LateInitialize(li, org, got) {
		if d := Drift(li, parent, got); len(d) > 0 {
			t.Fatalf("late initialisation added drift: %v", d)
		}
		if _, errs := schema.Admit(li); len(errs) > 0 {
			t.Fatalf("late initialisation made a spec the API server refuses: %v", errs)
		}
		if LateInitialize(li, org, got) {
			t.Error("LateInitialize(twice): want unchanged the second time")
		}
	}
	o := Observation(got, org)
	if ptr.Deref(o.Slug, "") != got.Slug || ptr.Deref(o.Name, "") != Name(p) || ptr.Deref(o.ParentTeamID, 0) != ptr.Deref(p.ParentTeamID, 0) {
		t.Errorf("Observation(...): want slug %q, name %q, parent %v, got %+v", got.Slug, Name(p), p.ParentTeamID, o)
	}
}

// FuzzTeamFieldsConverge fills a team's name and description with fuzzed
// text, unescaped by JSON, and its privacy, notification setting and parent
// with the choices' bits (the top one updates a prior team to it instead
// of creating it), and requires the admitted ones to converge as
// FuzzTeamConverges does.
func FuzzTeamFieldsConverge(f *testing.F) {
	schema, emu := setUp(f)
	f.Add("Platform Team", "Runs the platform", uint8(0xff))
	f.Add("x", "", uint8(0))
	f.Add("\tTabs\tand\nnewlines\n", "line one\nline two", uint8(0x15))
	f.Add("日本語 team 1", "ünïcode", uint8(0x2a))
	f.Add("Prior Team", "", uint8(0x80))        // the prior team to the top level
	f.Add("renamed", "new", uint8(0x80|0x7f))   // the prior team renamed, under the secret team
	f.Add("parent", "", uint8(0x80))            // renamed onto a taken name
	f.Add("PRIOR team!", "x", uint8(0x80|0x2b)) // same slug, other name
	f.Fuzz(func(t *testing.T, name, description string, choices uint8) {
		bit := func(i int) bool { return choices&(1<<i) != 0 }
		p := &common.TeamParameters{Name: name}
		if bit(0) {
			p.Description = ptr.To(description)
		}
		if bit(1) {
			p.Privacy = ptr.To([]string{"secret", "closed"}[choices>>2&1])
		}
		if bit(3) {
			p.NotificationSetting = ptr.To([]string{"notifications_enabled", "notifications_disabled"}[choices>>4&1])
		}
		if bit(5) {
			p.ParentTeamID = ptr.To[int64](parentID + int64(choices>>6&1))
		}
		if p = admit(t, schema, p); p == nil {
			return
		}
		var prior *common.TeamParameters
		if bit(7) {
			prior = &common.TeamParameters{Organization: ptr.To("demo-org"), Name: "Prior Team", Description: ptr.To("old"),
				Privacy: ptr.To("closed"), NotificationSetting: ptr.To("notifications_disabled"), ParentTeamID: ptr.To[int64](parentID)}
		}
		converge(t, schema, emu, prior, p)
	})
}
