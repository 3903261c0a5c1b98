package branch

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/internal/admission"
	"github.com/crossplane-github/provider-github/internal/clients/internal/fuzzemu"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// seededBranches are the branches of demo-org/seeded in the fuzz seed.
var seededBranches = []string{"main", "dev", "feature/login"}

// refusalOf is GitHub's message refusing to create the branch name in
// demo-org/seeded, or "" when it creates it: with a fuzzed sourceSha
// (atSha) the repository has no such commit; another branch may have the
// name, or be named like one of its directories, or lie under it.
func refusalOf(name string, atSha bool) string {
	if atSha {
		return github.MessageObjectMissing
	}
	for _, b := range seededBranches {
		switch {
		case b == name:
			return github.MessageReferenceExists
		case strings.HasPrefix(b, name+"/"), strings.HasPrefix(name, b+"/"):
			return github.MessageReferenceUpdateFailed
		}
	}
	return ""
}

// Source choices of FuzzBranchConverges.
const (
	fromDefault = iota
	fromBranch
	fromSha
	fromDevHead
)

// FuzzBranchConverges creates any branch the API server admits, from any
// source, in a repository of the emulator, with the mapping's requests, and
// checks that GitHub then has the branch under its name at the commit it
// was created at, as the observation reports it, and that deleting it
// leaves nothing under the name. GitHub refuses a create exactly when it
// should (a name taken or clashing, a commit the repository lacks), worded;
// a source branch it does not have is an end too.
func FuzzBranchConverges(f *testing.F) {
	schema, err := admission.Load("repo.github.crossplane.io_branches.yaml")
	if err != nil {
		f.Fatal(err)
	}
	seed := emulator.DefaultSeed()
	seed.Repos = append(seed.Repos, emulator.SeedRepo{Owner: "demo-org", Name: "seeded", Branches: seededBranches})
	emu := fuzzemu.New(f, seed)

	f.Add("release", "", uint8(fromDefault))                     // minimal
	f.Add("feature/login-2", "dev", uint8(fromBranch))           // full: from a branch
	f.Add("hotfix", "", uint8(fromDevHead))                      // full: from a commit
	f.Add("dev", "", uint8(fromDefault))                         // taken
	f.Add("from-nowhere", "nope", uint8(fromBranch))             // no such source
	f.Add("at-nothing", strings.Repeat("a", 40), uint8(fromSha)) // no such commit
	f.Add("ü/ß%20#x&y=z", "feature/login", uint8(fromBranch))    // escaping
	f.Add("a/b/c/d.e", "main", uint8(fromBranch))                // deep
	f.Add("master", "", uint8(fromDefault))                      // GitHub's alias of the default branch
	f.Add("dev/sub", "", uint8(fromDefault))                     // under an existing branch: git refuses it
	f.Add("feature", "", uint8(fromDefault))                     // above an existing branch: git refuses it
	f.Add(strings.Repeat("x", 255), "", uint8(fromDefault))      // longest
	f.Add("x+y;z,w'\"!$()", "", uint8(fromDefault))              // punctuation git allows
	f.Add("@", "", uint8(fromDefault))                           // refused at admission
	f.Fuzz(func(t *testing.T, name, source string, from uint8) {
		spec := map[string]any{"repository": "seeded", "name": name}
		switch from % 4 {
		case fromBranch:
			spec["sourceBranch"] = source
		case fromSha:
			spec["sourceSha"] = source
		}
		p := admission.As[v1alpha1.BranchParameters](t, schema, spec)
		if p == nil {
			return
		}
		name = string(p.Name) // as JSON carried it: UTF-8
		ctx := context.Background()
		gh := emu.Begin(t)
		api := struct {
			*github.ReposClient
			*github.BranchesClient
			*github.GitRefsClient
		}{github.NewReposClient(gh), github.NewBranchesClient(gh), github.NewGitRefsClient(gh)}
		repo, err := api.Get(ctx, "demo-org", "seeded")
		if err != nil {
			t.Fatalf("Get(repository): %v", err)
		}
		if from%4 == fromDevHead {
			dev, err := api.GetRef(ctx, "demo-org", "seeded", Ref("dev"))
			if err != nil {
				t.Fatalf("GetRef(dev): %v", err)
			}
			p.SourceSha = ptr.To(dev.Object.SHA)
		}

		src := SourceOf(p, repo.DefaultBranch)
		sha := src.SHA
		if sha == "" {
			head, err := api.GetRef(ctx, "demo-org", "seeded", Ref(src.Branch))
			if github.IsNotFound(err) && !src.Default {
				return // no such source branch: an end the controller words
			}
			if err != nil {
				t.Fatalf("GetRef(%q): %v", Ref(src.Branch), err)
			}
			sha = head.Object.SHA
		}
		_, err = api.CreateRef(ctx, "demo-org", "seeded", CreateRequest(name, sha))
		if refusal := refusalOf(name, from%4 == fromSha); refusal != "" || err != nil {
			// GitHub refuses exactly: a commit it does not have, a name
			// taken, a name git cannot keep beside another.
			fuzzemu.RequireRefusal(t, "CreateRef", err)
			if !github.HasMessage(err, refusal) {
				t.Fatalf("CreateRef(%q): want GitHub's refusal %q, got %v", name, refusal, err)
			}
			return
		}

		b, err := api.GetBranch(ctx, "demo-org", "seeded", name)
		if err != nil {
			t.Fatalf("GetBranch(%q) after creating it: %v", name, err)
		}
		want := v1alpha1.BranchObservation{Name: ptr.To(name), Repository: ptr.To("demo-org/seeded"), Sha: ptr.To(sha), Protected: ptr.To(false), Default: ptr.To(false)}
		if diff := cmp.Diff(want, Observation("demo-org/seeded", b, repo.DefaultBranch)); diff != "" {
			t.Fatalf("Observation(after create): -want, +got:\n%s", diff)
		}
		ref, err := api.GetRef(ctx, "demo-org", "seeded", Ref(name))
		if err != nil || ref.Ref != "refs/"+Ref(name) || ref.Object.SHA != sha {
			t.Fatalf("GetRef(%q) after creating it: %+v, %v", Ref(name), ref, err)
		}

		if err := api.DeleteRef(ctx, "demo-org", "seeded", Ref(name)); err != nil {
			t.Fatalf("DeleteRef(%q): %v", Ref(name), err)
		}
		// Gone: a 404, or GitHub's redirect of master to the default
		// branch, which the controller tells from the branch by its name.
		if b, err := api.GetBranch(ctx, "demo-org", "seeded", name); !github.IsNotFound(err) && (err != nil || b.Name == name) {
			t.Fatalf("GetBranch(%q) after deleting it: want 404 or another branch, got %+v, %v", name, b, err)
		}
	})
}
