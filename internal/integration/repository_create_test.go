package integration

import (
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

func TestCreatePlain(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.create(s, "plain", common.RepositoryParameters{
			Description:      ptr.To("made by the provider"),
			Visibility:       ptr.To("private"),
			HasWiki:          ptr.To(false),
			AllowAutoMerge:   ptr.To(true),
			HasDiscussions:   ptr.To(true),
			AutoInit:         ptr.To(true),
			Topics:           []string{"crossplane", "github"},
			MergeCommitTitle: ptr.To("PR_TITLE"), MergeCommitMessage: ptr.To("PR_BODY"),
		})
		r := f.waitReady(s, "plain")

		gh, ok := f.ghRepo("plain")
		if !ok {
			t.Fatal("the repository does not exist in the emulator")
		}
		if ptr.Deref(gh.Description, "") != "made by the provider" || gh.Visibility != "private" || gh.HasWiki || !gh.AllowAutoMerge || !gh.HasDiscussions {
			t.Errorf("GitHub's repository does not have the declared settings: %+v", gh)
		}
		if gh.MergeCommitTitle != "PR_TITLE" || gh.MergeCommitMessage != "PR_BODY" {
			t.Errorf("merge commit defaults: want PR_TITLE/PR_BODY, got %s/%s", gh.MergeCommitTitle, gh.MergeCommitMessage)
		}
		if len(gh.Topics) != 2 {
			t.Errorf("topics: want 2, got %v", gh.Topics)
		}
		if got := meta.GetExternalName(r); got != "plain" {
			t.Errorf("external name: want plain, got %q", got)
		}
		obs := r.Observation()
		if ptr.Deref(obs.ID, 0) != gh.ID || ptr.Deref(obs.FullName, "") != "demo-org/plain" || ptr.Deref(obs.Visibility, "") != "private" || obs.HTMLURL == nil {
			t.Errorf("status.atProvider does not describe the repository: %+v", obs)
		}
		// Late initialization filled what the spec left unset.
		p := r.Parameters()
		if ptr.Deref(p.Owner, "") != owner || ptr.Deref(p.Name, "") != "plain" || p.HasIssues == nil || p.DefaultBranch == nil || p.AllowSquashMerge == nil {
			t.Errorf("late initialization: want owner, name and unset settings filled from GitHub, got %+v", p)
		}
	})
}

func TestCreateFromTemplate(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.must(f.emu.State().Apply(&emulator.Seed{Repos: []emulator.SeedRepo{
			{Owner: owner, Name: "tpl", IsTemplate: true, Branches: []string{"main", "dev"}},
		}}))
		f.create(s, "from-tpl", common.RepositoryParameters{
			Template:    &common.TemplateSource{Owner: owner, Repository: "tpl", IncludeAllBranches: ptr.To(true)},
			Description: ptr.To("generated"),
			HasWiki:     ptr.To(false),
		})
		r := f.waitReady(s, "from-tpl")
		if got := ptr.Deref(r.Observation().TemplateRepository, ""); got != "demo-org/tpl" {
			t.Errorf("status.atProvider.templateRepository: want demo-org/tpl, got %q", got)
		}
		gh, ok := f.ghRepo("from-tpl")
		if !ok || gh.HasWiki || len(gh.Branches) != 2 {
			t.Errorf("generated repository: want settings applied after generation and both branches, got %+v", gh)
		}
	})
}

func TestCreateFork(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.must(f.emu.State().Apply(&emulator.Seed{Repos: []emulator.SeedRepo{
			{Owner: "demo-user", Name: "upstream", Branches: []string{"main", "feature"}},
		}}))
		f.create(s, "my-fork", common.RepositoryParameters{
			Fork:      &common.ForkSource{Owner: "demo-user", Repository: "upstream", DefaultBranchOnly: ptr.To(true)},
			HasIssues: ptr.To(false),
		})
		r := f.waitReady(s, "my-fork")
		obs := r.Observation()
		if !ptr.Deref(obs.Fork, false) || ptr.Deref(obs.Parent, "") != "demo-user/upstream" {
			t.Errorf("status.atProvider: want a fork of demo-user/upstream, got fork=%v parent=%v", obs.Fork, obs.Parent)
		}
		gh, ok := f.ghRepo("my-fork")
		if !ok || gh.HasIssues || len(gh.Branches) != 1 {
			t.Errorf("fork: want issues off and only the default branch, got %+v", gh)
		}
	})
}
