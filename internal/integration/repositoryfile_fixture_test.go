package integration

import (
	"bytes"
	"crypto/sha1"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// repositoryFileObject is a RepositoryFile of either scope.
type repositoryFileObject = twins.RepositoryFileObject

var repositoryFiles = twins.RepositoryFile

// filesRepo is the seeded repository the files of these tests go to: its
// main branch (the default) and release, both without files.
const filesRepo = "site"

// newFilesFixture is a fixture whose emulator also has demo-org/site.
func newFilesFixture(t *testing.T) *fixture {
	t.Helper()
	seed := emulator.DefaultSeed()
	seed.Repos = append(seed.Repos, emulator.SeedRepo{Owner: owner, Name: filesRepo, Visibility: "private", Branches: []string{"main", "release"}})
	return newFixtureWith(t, emulator.Options{Seed: seed})
}

// repositoryFile builds, without creating it, a RepositoryFile of scope s
// called name, with the parameters p.
func (f *fixture) repositoryFile(s scope, name string, p common.RepositoryFileParameters) repositoryFileObject {
	f.t.Helper()
	r := repositoryFiles.In(s.of)
	*r.Parameters() = p
	return place(f, s, r, name, "github")
}

// inlineFile is a file of demo-org/site at path with content.
func inlineFile(path, content string) common.RepositoryFileParameters {
	return common.RepositoryFileParameters{
		RepositoryTarget: common.RepositoryTarget{Repository: ptr.To(filesRepo)},
		Path:             path,
		Content:          ptr.To(content),
	}
}

// blobSHA is git hash-object of content, computed here rather than by the
// code under test.
func blobSHA(content []byte) string {
	sum := sha1.Sum(append([]byte(fmt.Sprintf("blob %d\x00", len(content))), content...))
	return hex.EncodeToString(sum[:])
}

// ghFile is a file as the emulator answers it.
type ghFile struct {
	SHA     string `json:"sha"`
	Content string `json:"content"`
}

// ghFileOf reads path of demo-org/<repo> at ref: its blob sha and bytes; ok
// is false when there is none.
func (f *fixture) ghFileOf(repo, path, ref string) (sha string, content []byte, ok bool) {
	f.t.Helper()
	status, b := f.gh(goodToken, http.MethodGet, "/repos/"+owner+"/"+repo+"/contents/"+path+"?ref="+ref, "")
	if status == http.StatusNotFound {
		return "", nil, false
	}
	if status != http.StatusOK {
		f.t.Fatalf("GET %s of %s at %s: %d %s", path, repo, ref, status, b)
	}
	var out ghFile
	f.must(json.Unmarshal(b, &out))
	content, err := base64.StdEncoding.DecodeString(strings.ReplaceAll(out.Content, "\n", ""))
	f.must(err)
	return out.SHA, content, true
}

// ghPutFile writes path of demo-org/<repo> on branch as another tool
// would, over the blob sha when it is not "".
func (f *fixture) ghPutFile(repo, branch, path, sha string, content []byte) {
	f.t.Helper()
	body := fmt.Sprintf(`{"message":"by hand","content":%q,"branch":%q`, base64.StdEncoding.EncodeToString(content), branch)
	if sha != "" {
		body += fmt.Sprintf(`,"sha":%q`, sha)
	}
	status, b := f.gh(goodToken, http.MethodPut, "/repos/"+owner+"/"+repo+"/contents/"+path, body+"}")
	if status != http.StatusOK && status != http.StatusCreated {
		f.t.Fatalf("PUT %s of %s: %d %s", path, repo, status, b)
	}
}

// headMessage is the message of the head commit of branch of demo-org/<repo>.
func (f *fixture) headMessage(repo, branch string) string {
	f.t.Helper()
	var out struct {
		Commit struct {
			Commit struct {
				Message string `json:"message"`
			} `json:"commit"`
		} `json:"commit"`
	}
	f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, "/repos/"+owner+"/"+repo+"/branches/"+branch, ""), &out))
	return out.Commit.Commit.Message
}

// fileWrites counts the emulator's answered writes (PUT, DELETE) to the
// contents of demo-org/<repo>, whoever sent them.
func (f *fixture) fileWrites(repo string) int {
	n := 0
	for _, r := range f.emu.Requests() {
		if r.Method != http.MethodGet && strings.Contains(r.Path, "/repos/"+owner+"/"+repo+"/contents/") {
			n++
		}
	}
	return n
}

// filesQuiet waits a few poll intervals and fails when anyone wrote to the
// contents of demo-org/<repo> meanwhile: a file GitHub accepted must not be
// written again.
func filesQuiet(f *fixture, repo, what string) {
	f.t.Helper()
	before := f.fileWrites(repo)
	time.Sleep(3 * pollInterval)
	if n := f.fileWrites(repo) - before; n != 0 {
		f.t.Errorf("%s: %d writes to the contents of %s in 3 polls, want none (an update loop)", what, n, repo)
	}
}

// fileIs says how path of demo-org/<repo> at ref differs from want, ""
// when it has exactly those bytes.
func (f *fixture) fileIs(repo, path, ref string, want []byte) string {
	sha, got, ok := f.ghFileOf(repo, path, ref)
	switch {
	case !ok:
		return "no file " + path + " at " + ref
	case sha != blobSHA(want):
		return fmt.Sprintf("blob %s, want %s", sha, blobSHA(want))
	case !bytes.Equal(got, want):
		return fmt.Sprintf("content %q, want %q", got, want)
	}
	return ""
}
