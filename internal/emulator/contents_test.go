package emulator_test

import (
	"bytes"
	"crypto/sha1"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/http/httptest"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

// gitBlobSHA is git hash-object of content.
func gitBlobSHA(content []byte) string {
	sum := sha1.Sum(append([]byte(fmt.Sprintf("blob %d\x00", len(content))), content...))
	return hex.EncodeToString(sum[:])
}

// putFile writes content to path of demo-org/<repo> on branch ("" for the
// default one), replacing the blob sha when it is not "".
func putFile(t *testing.T, srv *httptest.Server, repo, branch, path, sha string, content []byte) answer {
	t.Helper()
	body := fmt.Sprintf(`{"message":"write %s","content":%q`, path, base64.StdEncoding.EncodeToString(content))
	if branch != "" {
		body += fmt.Sprintf(`,"branch":%q`, branch)
	}
	if sha != "" {
		body += fmt.Sprintf(`,"sha":%q`, sha)
	}
	return do(t, srv, call{method: "PUT", path: "/repos/demo-org/" + repo + "/contents/" + path, token: "demo-token", body: body + "}"})
}

// fileSHA is the blob sha of path at ref, or "" when there is none.
func fileSHA(t *testing.T, srv *httptest.Server, repo, path, ref string) string {
	t.Helper()
	a := do(t, srv, call{method: "GET", path: "/repos/demo-org/" + repo + "/contents/" + path + "?ref=" + ref, token: "demo-token"})
	if a.status == 404 {
		return ""
	}
	sha, _ := a.json(t)["sha"].(string)
	return sha
}

// TestContentsFollowBranches: a branch made from a commit has its files,
// and a write on one branch leaves the others as they were.
func TestContentsFollowBranches(t *testing.T) {
	srv, _ := newServer(t, emulator.Options{Seed: branchSeed()})
	if a := putFile(t, srv, "other", "", "a.txt", "", []byte("one")); a.status != 201 {
		t.Fatalf("create: %d %s", a.status, a.body)
	}
	head := headOf(t, srv, "other", "main")
	if a := do(t, srv, call{method: "POST", path: "/repos/demo-org/other/git/refs", token: "demo-token",
		body: `{"ref":"refs/heads/dev","sha":"` + head + `"}`}); a.status != 201 {
		t.Fatalf("branch: %d %s", a.status, a.body)
	}
	if got, want := fileSHA(t, srv, "other", "a.txt", "dev"), gitBlobSHA([]byte("one")); got != want {
		t.Errorf("a.txt on dev = %s, want %s", got, want)
	}
	if a := putFile(t, srv, "other", "dev", "a.txt", gitBlobSHA([]byte("one")), []byte("two")); a.status != 200 {
		t.Fatalf("update on dev: %d %s", a.status, a.body)
	}
	if got, want := fileSHA(t, srv, "other", "a.txt", "main"), gitBlobSHA([]byte("one")); got != want {
		t.Errorf("a.txt on main = %s, want %s (unchanged)", got, want)
	}
	if got, want := fileSHA(t, srv, "other", "a.txt", head), gitBlobSHA([]byte("one")); got != want {
		t.Errorf("a.txt at commit %s = %s, want %s", head, got, want)
	}
	if got := headOf(t, srv, "other", "main"); got != head {
		t.Errorf("main moved to %s by a write on dev", got)
	}
}

// TestContentsLargeFile: a file over 1 MB is written (its request body is
// over the usual limit) and read with its sha but without its content, as
// GitHub answers it.
func TestContentsLargeFile(t *testing.T) {
	srv, _ := newServer(t, emulator.Options{Seed: branchSeed()})
	big := bytes.Repeat([]byte("0123456789abcdef"), (3<<20)/16)
	if a := putFile(t, srv, "other", "", "big.bin", "", big); a.status != 201 {
		t.Fatalf("create: %d %.300s", a.status, a.body)
	}
	a := do(t, srv, call{method: "GET", path: "/repos/demo-org/other/contents/big.bin", token: "demo-token"})
	m := a.json(t)
	if m["sha"] != gitBlobSHA(big) || m["encoding"] != "none" || m["content"] != "" || m["size"] != float64(len(big)) {
		t.Errorf("big.bin = sha %v, encoding %v, size %v, content %.20q; want sha %s, encoding none, size %d, no content",
			m["sha"], m["encoding"], m["size"], m["content"], gitBlobSHA(big), len(big))
	}
}

// TestContentsMoveWithTheRepository: files stay with a renamed repository,
// a template's files go to the repositories generated from it, and a
// fork has the files of its source.
func TestContentsMoveWithTheRepository(t *testing.T) {
	srv, emu := newServer(t, emulator.Options{Seed: branchSeed()})
	if a := do(t, srv, call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token",
		body: `{"name":"tmpl","auto_init":true,"is_template":true,"description":"A template"}`}); a.status != 201 {
		t.Fatalf("create: %d %s", a.status, a.body)
	}
	readme := []byte("# tmpl\nA template")
	if got := fileSHA(t, srv, "tmpl", "README.md", "main"); got != gitBlobSHA(readme) {
		t.Errorf("README.md = %s, want the blob of %q", got, readme)
	}
	if a := putFile(t, srv, "tmpl", "", "ci/build.yaml", "", []byte("steps: []\n")); a.status != 201 {
		t.Fatalf("write: %d %s", a.status, a.body)
	}
	if err := emu.State().Rename("demo-org", "tmpl", "tmpl2"); err != nil {
		t.Fatal(err)
	}
	want := gitBlobSHA([]byte("steps: []\n"))
	if got := fileSHA(t, srv, "tmpl2", "ci/build.yaml", "main"); got != want {
		t.Errorf("after the rename: ci/build.yaml = %q, want %s", got, want)
	}
	if a := do(t, srv, call{method: "POST", path: "/repos/demo-org/tmpl2/generate", token: "demo-token",
		body: `{"owner":"demo-org","name":"made"}`}); a.status != 201 {
		t.Fatalf("generate: %d %s", a.status, a.body)
	}
	if got := fileSHA(t, srv, "made", "ci/build.yaml", "main"); got != want {
		t.Errorf("generated: ci/build.yaml = %q, want %s", got, want)
	}
	if headOf(t, srv, "made", "main") == headOf(t, srv, "tmpl2", "main") {
		t.Error("a generated repository starts from a new commit, not the template's")
	}
	if a := do(t, srv, call{method: "POST", path: "/repos/demo-org/tmpl2/forks", token: "demo-token",
		body: `{"organization":"demo-org","name":"forked"}`}); a.status != 202 {
		t.Fatalf("fork: %d %s", a.status, a.body)
	}
	if got := fileSHA(t, srv, "forked", "ci/build.yaml", "main"); got != want {
		t.Errorf("fork: ci/build.yaml = %q, want %s", got, want)
	}
}
