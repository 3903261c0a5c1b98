package branchprotection

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/internal/admission"
	"github.com/crossplane-github/provider-github/internal/clients/internal/fuzzemu"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// protectionSeed has demo-org/seeded, whose main the tests protect, users
// with push access (demo-user, alice: organization owners) and without
// (bob), and a team without access to it (platform).
func protectionSeed() *emulator.Seed {
	s := emulator.DefaultSeed()
	s.Users = append(s.Users, emulator.SeedUser{Login: "alice"}, emulator.SeedUser{Login: "bob"})
	s.Orgs[0].Members = append(s.Orgs[0].Members, emulator.SeedMember{Login: "alice", Role: emulator.RoleAdmin}, emulator.SeedMember{Login: "bob", Role: "member"})
	s.Teams = append(s.Teams, emulator.SeedTeam{Org: "demo-org", Name: "platform", Members: []emulator.SeedTeamMember{{Login: "bob"}}})
	s.Repos = append(s.Repos, emulator.SeedRepo{Owner: "demo-org", Name: "seeded", Branches: []string{"main"}})
	return s
}

// unknownActor is true when p names a user, team or app the seed does not
// have (protectionSeed has no app).
func unknownActor(p *v1alpha1.BranchProtectionParameters) bool {
	users := map[string]bool{"demo-user": true, "other-user": true, "alice": true, "bob": true}
	unknown := func(a *v1alpha1.BranchActors) bool {
		if a == nil {
			return false
		}
		for _, u := range a.Users {
			if !users[strings.ToLower(u)] {
				return true
			}
		}
		for _, team := range a.Teams {
			if team != "platform" {
				return true
			}
		}
		return len(a.Apps) > 0
	}
	rv := p.RequiredPullRequestReviews
	return unknown(p.Restrictions) || rv != nil && (unknown(rv.DismissalRestrictions) || unknown(rv.BypassPullRequestAllowances))
}

// protect sends req, sets the required signatures as p says, and reads
// the protection back as Observe does. It reports GitHub's refusal of req.
func protect(t *testing.T, api *github.BranchProtectionClient, p *v1alpha1.BranchProtectionParameters, req *github.ProtectionRequest) (*github.Protection, *v1alpha1.DroppedActors, error) {
	t.Helper()
	ctx := context.Background()
	got, err := api.UpdateProtection(ctx, "demo-org", "seeded", "main", req)
	if err != nil {
		return nil, nil, err
	}
	if got.RequiredSignatures == nil {
		on, err := api.RequiredSignatures(ctx, "demo-org", "seeded", "main")
		if err != nil {
			t.Fatalf("RequiredSignatures(...): %v", err)
		}
		got.RequiredSignatures = &github.Enabled{Enabled: on}
	}
	if SignaturesDiffer(p, got) {
		if err := api.SetRequiredSignatures(ctx, "demo-org", "seeded", "main", !got.RequiredSignatures.On()); err != nil {
			t.Fatalf("SetRequiredSignatures(...): %v", err)
		}
	}
	dropped := Prune(Dropped(req, got, time.Now()), p)
	read, err := api.GetProtection(ctx, "demo-org", "seeded", "main")
	if err != nil {
		t.Fatalf("GetProtection(...) after protecting: %v", err)
	}
	if read.RequiredSignatures == nil {
		on, err := api.RequiredSignatures(ctx, "demo-org", "seeded", "main")
		if err != nil {
			t.Fatalf("RequiredSignatures(...): %v", err)
		}
		read.RequiredSignatures = &github.Enabled{Enabled: on}
	}
	return read, dropped, nil
}

// FuzzProtectionConverges protects a branch of the emulator as any spec the
// API server admits (its defaults applied) says, with the mapping's request, and checks that the
// protection read back shows no drift (those GitHub drops for lack of push
// access aside, as recorded), after the create or else after one update,
// that late initialisation adds none, and that the observation reports what
// GitHub has. GitHub refuses exactly the specs naming a user, team or app
// it does not know, worded.
func FuzzProtectionConverges(f *testing.F) {
	schema, emu := setUp(f)
	full, _ := json.Marshal(fullSpec())
	f.Add(string(full))
	f.Add(`{}`)
	f.Add(`{"requiredStatusChecks":{"strict":true,"contexts":["ci/build","lint"]},"enforceAdmins":true,"requiredSignatures":true}`)
	f.Add(`{"requiredStatusChecks":{"checks":[{"context":"build"},{"context":"build","appId":-1},{"context":"lint","appId":15368}]}}`)
	f.Add(`{"requiredStatusChecks":{"contexts":[]}}`)
	f.Add(`{"requiredPullRequestReviews":{}}`)
	f.Add(`{"requiredPullRequestReviews":{"requiredApprovingReviewCount":0,"dismissalRestrictions":{},"bypassPullRequestAllowances":{"users":[]}}}`)
	f.Add(`{"requiredPullRequestReviews":{"requiredApprovingReviewCount":6,"dismissalRestrictions":{"users":["Alice","bob"],"teams":["platform"]},"bypassPullRequestAllowances":{"users":["demo-user"]}}}`)
	f.Add(`{"restrictions":{}}`)
	f.Add(`{"restrictions":{"users":["ALICE","demo-user","bob"],"teams":["platform"]},"lockBranch":true,"allowForkSyncing":true}`)
	f.Add(`{"restrictions":{"users":["nobody-here"]}}`)
	f.Add(`{"requiredPullRequestReviews":{"requiredApprovingReviewCount":7}}`)
	f.Fuzz(func(t *testing.T, spec string) {
		p := &v1alpha1.BranchProtectionParameters{}
		if json.Unmarshal([]byte(spec), p) != nil {
			return
		}
		if p = admit(t, schema, p); p == nil {
			return
		}
		converge(t, schema, emu, nil, p)
	})
}

// setUp loads the BranchProtection schema and starts an emulator with
// protectionSeed.
func setUp(f *testing.F) (*admission.Schema, *fuzzemu.Emulator) {
	schema, err := admission.Load("repo.github.crossplane.io_branchprotections.yaml")
	if err != nil {
		f.Fatal(err)
	}
	return schema, fuzzemu.New(f, protectionSeed())
}

// admit is spec, for branch main of demo-org/seeded, as the API server
// keeps it, its defaults applied, or nil when the API server refuses it.
func admit(t *testing.T, schema *admission.Schema, spec *v1alpha1.BranchProtectionParameters) *v1alpha1.BranchProtectionParameters {
	t.Helper()
	spec.RepositoryTarget = v1alpha1.RepositoryTarget{Repository: ptr.To("seeded")}
	spec.BranchTarget = v1alpha1.BranchTarget{Branch: ptr.To[v1alpha1.BranchName]("main")}
	return admission.As[v1alpha1.BranchProtectionParameters](t, schema, spec)
}

// converge protects main as p says, or as prior says and then, as Update
// does, as p says, when prior is not nil, and requires it to converge (see
// FuzzProtectionConverges).
func converge(t *testing.T, schema *admission.Schema, emu *fuzzemu.Emulator, prior, p *v1alpha1.BranchProtectionParameters) {
	t.Helper()
	api := github.NewBranchProtectionClient(emu.Begin(t))

	var current *github.Protection
	if prior != nil {
		var err error
		if current, _, err = protect(t, api, prior, Request(prior, nil)); err != nil {
			t.Fatalf("UpdateProtection(prior): %v", err)
		}
	}
	req := Request(p, current)
	got, dropped, err := protect(t, api, p, req)
	if unknownActor(p) {
		// GitHub refuses names it cannot resolve, and only those.
		fuzzemu.RequireRefusal(t, "UpdateProtection", err)
		return
	}
	if err != nil {
		t.Fatalf("UpdateProtection(...): %v", err)
	}
	if d := Drift(p, dropped, got); len(d) > 0 {
		// Observe would report the drift, and Update send this once.
		t.Logf("drift after the first write: %v", d)
		if got, dropped, err = protect(t, api, p, Request(p, got)); err != nil {
			t.Fatalf("UpdateProtection(update), after the first write was accepted: %v", err)
		}
		if d := Drift(p, dropped, got); len(d) > 0 {
			t.Fatalf("drift after the first write and an update: %s\nrequest %+v", strings.Join(d, "; "), Request(p, got))
		}
	}

	li := p.DeepCopy()
	if LateInitialize(li, got) {
		if d := Drift(li, dropped, got); len(d) > 0 {
			t.Fatalf("late initialisation added drift: %v\nspec before %+v\nafter %+v", d, p.RequiredStatusChecks, li.RequiredStatusChecks)
		}
		if _, errs := schema.Admit(li); len(errs) > 0 {
			t.Fatalf("late initialisation made a spec the API server refuses: %v\n%+v", errs, li.RequiredStatusChecks)
		}
		if LateInitialize(li, got) {
			t.Fatal("LateInitialize(twice): want unchanged the second time")
		}
	}

	o := Observation("demo-org/seeded", "main", got, dropped)
	for name, pair := range map[string][2]*bool{
		"enforceAdmins":                  {p.EnforceAdmins, o.EnforceAdmins},
		"requiredLinearHistory":          {p.RequiredLinearHistory, o.RequiredLinearHistory},
		"allowForcePushes":               {p.AllowForcePushes, o.AllowForcePushes},
		"allowDeletions":                 {p.AllowDeletions, o.AllowDeletions},
		"blockCreations":                 {p.BlockCreations, o.BlockCreations},
		"lockBranch":                     {p.LockBranch, o.LockBranch},
		"allowForkSyncing":               {p.AllowForkSyncing, o.AllowForkSyncing},
		"requiredSignatures":             {p.RequiredSignatures, o.RequiredSignatures},
		"requiredConversationResolution": {p.RequiredConversationResolution, o.RequiredConversationResolution},
	} {
		want := pair[0] != nil && *pair[0]
		if pair[1] == nil || *pair[1] != want {
			t.Errorf("Observation(...).%s: want %t, got %v", name, want, pair[1])
		}
	}
	if (p.RequiredPullRequestReviews == nil) != (o.RequiredPullRequestReviews == nil) || (p.RequiredStatusChecks == nil) != (o.RequiredStatusChecks == nil) {
		t.Errorf("Observation(...): reviews or status checks reported other than asked: %+v", o)
	}
}

// FuzzProtectionFieldsConverge fills a protection with fuzzed values (the
// bits choose the switches, the lists and whom they name among users and
// teams with and without push access; text adds names and status checks,
// split at commas; n fills the review count and app ids), keeps those the
// API server admits, and requires them to converge as
// FuzzProtectionConverges does.
func FuzzProtectionFieldsConverge(f *testing.F) {
	schema, emu := setUp(f)
	f.Add(uint32(0), "", int64(0))
	f.Add(^uint32(0), "ci-build,lint", int64(1))
	f.Add(^uint32(0)&^(1<<7), "ci/build,lint", int64(1))
	f.Add(uint32(0x5555_5555), "Alice,bob", int64(-1))
	f.Add(uint32(0xaaaa_aaaa), "platform,nobody", int64(15368))
	f.Add(uint32(0x0f0f_0f0f), "a,a,b", int64(6))
	f.Add(uint32(0), "", int64(1<<40))                  // from the prior protection: none of it
	f.Add(^uint32(0)&^(1<<7), "ci/build", int64(1<<40)) // from the prior protection: all of it anew
	f.Add(uint32(1<<25), "", int64(1<<40|3))            // reviews without the prior's actors
	f.Fuzz(func(t *testing.T, bits uint32, text string, n int64) {
		bit := func(i int) bool { return bits&(1<<i) != 0 }
		list := strings.Split(text, ",")
		pool := []string{"demo-user", "alice", "ALICE", "bob", "other-user"}
		actors := func(from int) *v1alpha1.BranchActors {
			if !bit(from) {
				return nil
			}
			a := &v1alpha1.BranchActors{}
			for i, u := range pool {
				if bit((from + 1 + i) % 32) {
					a.Users = append(a.Users, u)
				}
			}
			if bit((from + 6) % 32) {
				a.Teams = append(a.Teams, "platform")
			}
			if bit((from + 7) % 32) {
				a.Users = append(a.Users, list...)
			}
			return a
		}
		p := &v1alpha1.BranchProtectionParameters{Restrictions: actors(0)}
		for i, dst := range []**bool{&p.EnforceAdmins, &p.RequiredLinearHistory, &p.AllowForcePushes, &p.AllowDeletions, &p.BlockCreations,
			&p.RequiredConversationResolution, &p.LockBranch, &p.AllowForkSyncing, &p.RequiredSignatures} {
			if bit(8 + i) {
				*dst = ptr.To(bit(17 + i%4))
			}
		}
		if bit(21) {
			c := &v1alpha1.RequiredStatusChecks{Strict: ptr.To(bit(22))}
			if bit(23) {
				for i, ctx := range list {
					check := v1alpha1.StatusCheck{Context: ctx}
					if i == 0 && bit(24) {
						check.AppID = ptr.To(n)
					}
					c.Checks = append(c.Checks, check)
				}
			} else {
				c.Contexts = list
			}
			p.RequiredStatusChecks = c
		}
		if bit(25) {
			p.RequiredPullRequestReviews = &v1alpha1.RequiredPullRequestReviews{
				DismissStaleReviews: ptr.To(bit(26)), RequireCodeOwnerReviews: ptr.To(bit(27)), RequireLastPushApproval: ptr.To(bit(28)),
				DismissalRestrictions: actors(29), BypassPullRequestAllowances: actors(3),
			}
			if bit(30) {
				p.RequiredPullRequestReviews.RequiredApprovingReviewCount = ptr.To(n % 7)
			}
		}
		if p = admit(t, schema, p); p == nil {
			return
		}
		var prior *v1alpha1.BranchProtectionParameters
		if n&(1<<40) != 0 {
			prior = priorSpec()
		}
		converge(t, schema, emu, prior, p)
	})
}

// priorSpec is the protection FuzzProtectionFieldsConverge replaces with
// the fuzzed one when bit 40 of n is set: every setting on, and actors
// GitHub keeps and drops in each list.
func priorSpec() *v1alpha1.BranchProtectionParameters {
	p := fullSpec()
	p.RequiredStatusChecks.Contexts = nil
	p.RequiredStatusChecks.Checks = []v1alpha1.StatusCheck{{Context: "build", AppID: ptr.To[int64](15368)}, {Context: "lint"}}
	p.Restrictions = &v1alpha1.BranchActors{Users: []string{"demo-user", "alice", "bob"}, Teams: []string{"platform"}}
	p.RequiredPullRequestReviews.DismissalRestrictions = &v1alpha1.BranchActors{Users: []string{"alice"}, Teams: []string{"platform"}}
	p.RequiredPullRequestReviews.BypassPullRequestAllowances = &v1alpha1.BranchActors{Users: []string{"demo-user", "bob"}}
	return p
}
