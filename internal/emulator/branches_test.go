package emulator_test

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

// branchSeed has an organization repository with several branches (main is
// the default), an empty one, and a third user.
func branchSeed() *emulator.Seed {
	s := emulator.DefaultSeed()
	s.Users = append(s.Users, emulator.SeedUser{Login: "member-user", Tokens: []string{"member-token"}})
	s.Orgs[0].Members = append(s.Orgs[0].Members, emulator.SeedMember{Login: "member-user", Role: emulator.RoleMember})
	s.Repos = []emulator.SeedRepo{
		{Owner: "demo-org", Name: "svc", Branches: []string{"main", "zeta", "alpha", "feature/b", "feature/a"}},
		{Owner: "demo-org", Name: "other", Branches: []string{"main"}},
		{Owner: "demo-org", Name: "void"},
	}
	return s
}

// headOf is the commit a branch of demo-org/<repo> points at.
func headOf(t *testing.T, srv *httptest.Server, repo, branch string) string {
	t.Helper()
	a := do(t, srv, call{method: "GET", path: "/repos/demo-org/" + repo + "/git/ref/heads/" + branch, token: "demo-token"})
	var ref struct {
		Object struct {
			SHA string `json:"sha"`
		} `json:"object"`
	}
	if err := json.Unmarshal(a.body, &ref); err != nil || ref.Object.SHA == "" {
		t.Fatalf("head of %s/%s: %d %s", repo, branch, a.status, a.body)
	}
	return ref.Object.SHA
}

// TestBranchesListInNameOrder: GitHub lists branches by name, a page at a
// time, whatever order they were created in.
func TestBranchesListInNameOrder(t *testing.T) {
	srv, _ := newServer(t, emulator.Options{Seed: branchSeed()})
	names := func(path string) []string {
		a := do(t, srv, call{method: "GET", path: path, token: "demo-token"})
		var items []struct {
			Name string `json:"name"`
		}
		if err := json.Unmarshal(a.body, &items); err != nil {
			t.Fatalf("%s: %v: %s", path, err, a.body)
		}
		var out []string
		for _, it := range items {
			out = append(out, it.Name)
		}
		return out
	}
	if got, want := strings.Join(names("/repos/demo-org/svc/branches"), ","), "alpha,feature/a,feature/b,main,zeta"; got != want {
		t.Errorf("branches = %s, want %s", got, want)
	}
	if got, want := strings.Join(names("/repos/demo-org/svc/branches?per_page=2&page=2"), ","), "feature/b,main"; got != want {
		t.Errorf("page 2 = %s, want %s", got, want)
	}
	if got := names("/repos/demo-org/svc/branches?per_page=2&page=4"); len(got) != 0 {
		t.Errorf("page past the end = %v, want none", got)
	}
}

// TestRefsAndCommits: a branch is created from a commit the repository has,
// now or before (a deleted branch's commit stays), never from another
// repository's; a ref can move to any of them.
func TestRefsAndCommits(t *testing.T) {
	srv, _ := newServer(t, emulator.Options{Seed: branchSeed()})
	zeta := headOf(t, srv, "svc", "zeta")
	foreign := headOf(t, srv, "other", "main")
	const refs = "/repos/demo-org/svc/git/refs"
	runWith(t, srv, []exchange{
		{"delete a branch", call{method: "DELETE", path: refs + "/heads/zeta", token: "demo-token"}, 204, "", ""},
		{"it is gone", call{method: "GET", path: "/repos/demo-org/svc/branches/zeta", token: "demo-token"}, 404, "Branch not found", ""},
		{"its commit is still there", call{method: "POST", path: refs, token: "demo-token", body: `{"ref":"refs/heads/zeta2","sha":"` + zeta + `"}`}, 201, zeta, ""},
		{"another repository's commit is not", call{method: "POST", path: refs, token: "demo-token", body: `{"ref":"refs/heads/x","sha":"` + foreign + `"}`}, 422, "Object does not exist", ""},
		{"a short commit id is not enough", call{method: "POST", path: refs, token: "demo-token", body: `{"ref":"refs/heads/x","sha":"` + zeta[:7] + `"}`}, 422, "Object does not exist", ""},
		{"move main to it", call{method: "PATCH", path: refs + "/heads/main", token: "demo-token", body: `{"sha":"` + zeta + `"}`}, 200, zeta, ""},
		{"main shows it", call{method: "GET", path: "/repos/demo-org/svc/branches/main", token: "demo-token"}, 200, `"sha":"` + zeta + `"`, ""},
		{"refs/ in the path is accepted", call{method: "GET", path: "/repos/demo-org/svc/git/ref/refs/heads/main", token: "demo-token"}, 200, `"ref":"refs/heads/main"`, ""},
		{"a branch name git refuses", call{method: "POST", path: refs, token: "demo-token", body: `{"ref":"refs/heads/-x","sha":"` + zeta + `"}`}, 422, "Reference name is invalid", ""},
		{"a lock file name", call{method: "POST", path: refs, token: "demo-token", body: `{"ref":"refs/heads/x.lock","sha":"` + zeta + `"}`}, 422, "Reference name is invalid", ""},
		{"neither a branch nor a tag", call{method: "POST", path: refs, token: "demo-token", body: `{"ref":"refs/notes/x","sha":"` + zeta + `"}`}, 422, "Reference name is invalid", ""},
		{"a tag may share the default branch's name", call{method: "POST", path: refs, token: "demo-token", body: `{"ref":"refs/tags/main","sha":"` + zeta + `"}`}, 201, "", ""},
		{"and be deleted", call{method: "DELETE", path: refs + "/tags/main", token: "demo-token"}, 204, "", ""},
		{"a reader cannot delete", call{method: "DELETE", path: refs + "/heads/alpha", token: "member-token"}, 403, "", ""},
		{"anyone reads a public repository's refs", call{method: "GET", path: "/repos/demo-org/svc/git/ref/heads/main", token: "other-token"}, 200, "", ""},
	})
}

// TestEmptyRepositoryGetsItsFirstBranch: an empty repository answers 409 to
// git operations and has no branches until one is pushed (here through the
// control surface); the first one becomes the default branch.
func TestEmptyRepositoryGetsItsFirstBranch(t *testing.T) {
	srv, _ := newServer(t, emulator.Options{Seed: branchSeed()})
	runWith(t, srv, []exchange{
		{"no ref", call{method: "GET", path: "/repos/demo-org/void/git/ref/heads/main", token: "demo-token"}, 409, "Git Repository is empty.", ""},
		{"no branches", call{method: "GET", path: "/repos/demo-org/void/branches", token: "demo-token"}, 200, "[]", ""},
		{"no protection either", call{method: "GET", path: "/repos/demo-org/void/branches/main/protection", token: "demo-token"}, 404, "Branch not found", ""},
		{"push a branch", call{method: "POST", path: "/_emulator/repos/demo-org/void/branches", body: `{"name":"trunk"}`}, 204, "", ""},
		{"now it has one", call{method: "GET", path: "/repos/demo-org/void/git/ref/heads/trunk", token: "demo-token"}, 200, `"ref":"refs/heads/trunk"`, ""},
		{"and it is the default", call{method: "GET", path: "/repos/demo-org/void", token: "demo-token"}, 200, `"default_branch":"trunk"`, ""},
	})
}

// TestRenameTheDefaultBranch: renaming the default branch needs admin
// rights and moves the default; a writer may rename other branches.
func TestRenameTheDefaultBranch(t *testing.T) {
	srv, _ := newServer(t, emulator.Options{Seed: branchSeed()})
	runWith(t, srv, []exchange{
		{"make the member a writer", call{method: "PUT", path: "/repos/demo-org/svc/collaborators/member-user", token: "demo-token", body: `{"permission":"push"}`}, 204, "", ""},
		{"a writer renames a branch", call{method: "POST", path: "/repos/demo-org/svc/branches/alpha/rename", token: "member-token", body: `{"new_name":"beta"}`}, 201, `"name":"beta"`, ""},
		{"but not the default branch", call{method: "POST", path: "/repos/demo-org/svc/branches/main/rename", token: "member-token", body: `{"new_name":"trunk"}`}, 403, "Must have admin rights to Repository.", ""},
		{"an admin does", call{method: "POST", path: "/repos/demo-org/svc/branches/main/rename", token: "demo-token", body: `{"new_name":"trunk"}`}, 201, `"name":"trunk"`, ""},
		{"the default moved", call{method: "GET", path: "/repos/demo-org/svc", token: "demo-token"}, 200, `"default_branch":"trunk"`, ""},
		{"the new default cannot be deleted", call{method: "DELETE", path: "/repos/demo-org/svc/git/refs/heads/trunk", token: "demo-token"}, 422, "Cannot delete the default branch", ""},
		{"the old name is free", call{method: "DELETE", path: "/repos/demo-org/svc/git/refs/heads/main", token: "demo-token"}, 422, "Reference does not exist", ""},
	})
}

// TestRenamedBranchRedirects: GitHub answers a read of a renamed branch's
// old name with a 301 to the branch, through further renames, while the
// branch exists and no other branch has taken the old name; it sends
// master to the default branch in any repository.
func TestRenamedBranchRedirects(t *testing.T) {
	srv, _ := newServer(t, emulator.Options{Seed: branchSeed()})
	alpha := headOf(t, srv, "svc", "alpha")
	runWith(t, srv, []exchange{
		{"rename alpha", call{method: "POST", path: "/repos/demo-org/svc/branches/alpha/rename", token: "demo-token", body: `{"new_name":"beta"}`}, 201, `"name":"beta"`, ""},
		{"alpha redirects to beta", call{method: "GET", path: "/repos/demo-org/svc/branches/alpha", token: "demo-token"}, 301, `/branches/beta"`, ""},
		{"rename beta", call{method: "POST", path: "/repos/demo-org/svc/branches/beta/rename", token: "demo-token", body: `{"new_name":"team/gamma"}`}, 201, `"name":"team/gamma"`, ""},
		{"alpha follows to team/gamma, escaped", call{method: "GET", path: "/repos/demo-org/svc/branches/alpha", token: "demo-token"}, 301, `/branches/team%2Fgamma"`, ""},
		{"and so does beta", call{method: "GET", path: "/repos/demo-org/svc/branches/beta", token: "demo-token"}, 301, `/branches/team%2Fgamma"`, ""},
		{"a new alpha is itself", call{method: "POST", path: "/repos/demo-org/svc/git/refs", token: "demo-token", body: `{"ref":"refs/heads/alpha","sha":"` + alpha + `"}`}, 201, "", ""},
		{"alpha is alpha again", call{method: "GET", path: "/repos/demo-org/svc/branches/alpha", token: "demo-token"}, 200, `"name":"alpha"`, ""},
		{"the renamed branch goes", call{method: "DELETE", path: "/repos/demo-org/svc/git/refs/heads/team/gamma", token: "demo-token"}, 204, "", ""},
		{"beta no longer redirects", call{method: "GET", path: "/repos/demo-org/svc/branches/beta", token: "demo-token"}, 404, "Branch not found", ""},
		{"master goes to the default branch", call{method: "GET", path: "/repos/demo-org/svc/branches/master", token: "demo-token"}, 301, `/branches/main"`, ""},
		{"an empty repository has no branch to go to", call{method: "GET", path: "/repos/demo-org/void/branches/master", token: "demo-token"}, 404, "Branch not found", ""},
		{"other missing names do not redirect", call{method: "GET", path: "/repos/demo-org/svc/branches/trunk", token: "demo-token"}, 404, "Branch not found", ""},
	})
}
