package integration

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// branchObject is a Branch of either scope.
type branchObject = twins.BranchObject

var branches = twins.Branch

// The repositories of the branch tests: branchRepo has the branches main
// (its default) and develop; emptyRepo has no commits.
const (
	branchRepo = "app"
	emptyRepo  = "empty"
)

// newBranchFixture is a fixture whose emulator also has demo-org's
// repositories branchRepo and emptyRepo.
func newBranchFixture(t *testing.T) *fixture {
	t.Helper()
	seed := emulator.DefaultSeed()
	seed.Repos = append(seed.Repos,
		emulator.SeedRepo{Owner: owner, Name: branchRepo, Branches: []string{"main", "develop"}},
		emulator.SeedRepo{Owner: owner, Name: emptyRepo},
	)
	return newFixtureWith(t, emulator.Options{Seed: seed})
}

// branch builds, without creating it, a Branch of scope s called name, in
// branchRepo, with the parameters p (its repository, if p names none).
func (f *fixture) branch(s scope, name string, p common.BranchParameters) branchObject {
	f.t.Helper()
	if p.Repository == nil && p.RepositoryRef == nil && p.RepositorySelector == nil {
		p.Repository = ptr.To(branchRepo)
	}
	b := branches.In(s.of)
	*b.Parameters() = p
	return place(f, s, b, name, "github")
}

// createBranch creates the Branch branch builds.
func (f *fixture) createBranch(s scope, name string, p common.BranchParameters) branchObject {
	f.t.Helper()
	b := f.branch(s, name, p)
	f.must(kube.Create(f.ctx, b))
	return b
}

// heads are the branches of demo-org/<repo> on GitHub: name to head commit.
func (f *fixture) heads(repo string) map[string]string {
	f.t.Helper()
	r, ok := f.emu.State().RepoByName(owner, repo)
	if !ok {
		f.t.Fatalf("no repository %s/%s", owner, repo)
	}
	out := map[string]string{}
	for _, b := range r.Branches {
		out[b.Name] = b.SHA
	}
	return out
}

// refPath is the REST path of the git reference of branch in branchRepo.
func refPath(branch string) string {
	return "/repos/" + owner + "/" + branchRepo + "/git/refs/heads/" + url.PathEscape(branch)
}

// createRef creates branch in branchRepo at sha as a person would, outside
// Kubernetes.
func (f *fixture) createRef(branch, sha string) {
	f.t.Helper()
	body, _ := json.Marshal(map[string]string{"ref": "refs/heads/" + branch, "sha": sha})
	f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/repos/"+owner+"/"+branchRepo+"/git/refs", string(body))
}

// commit moves branch of branchRepo to a new commit, as a push would.
func (f *fixture) commit(branch string) string {
	f.t.Helper()
	scratch := "scratch-" + strings.ReplaceAll(branch, "/", "-")
	f.must(f.emu.State().AddBranch(owner, branchRepo, scratch))
	sha := f.heads(branchRepo)[scratch]
	body, _ := json.Marshal(map[string]any{"sha": sha, "force": true})
	f.ghMust(http.StatusOK, goodToken, http.MethodPatch, refPath(branch), string(body))
	f.ghMust(http.StatusNoContent, goodToken, http.MethodDelete, refPath(scratch), "")
	return sha
}

// branchWrites counts the emulator's answered writes to branchRepo's
// branches and git references, whoever sent them.
func (f *fixture) branchWrites() int {
	n := 0
	base := "/repos/" + owner + "/" + branchRepo + "/"
	for _, r := range f.emu.Requests() {
		if r.Method != http.MethodGet && (strings.HasPrefix(r.Path, base+"git/") || strings.HasPrefix(r.Path, base+"branches/")) {
			n++
		}
	}
	return n
}

// quiet checks that the provider writes nothing to branchRepo's branches
// over a few polls.
func (f *fixture) quiet(what string) {
	f.t.Helper()
	before := f.branchWrites()
	time.Sleep(3 * pollInterval)
	if n := f.branchWrites() - before; n != 0 {
		f.t.Errorf("%s: %d writes to GitHub's branches over three polls, want none", what, n)
	}
}

// waitGone waits for the Branch b to be deleted.
func (f *fixture) waitGone(b branchObject) {
	f.t.Helper()
	f.eventually(b.GetName()+" gone", func() string {
		if err := kube.Get(f.ctx, client.ObjectKeyFromObject(b), fresh(b)); !kerrors.IsNotFound(err) {
			return "Branch still there"
		}
		return ""
	})
}
