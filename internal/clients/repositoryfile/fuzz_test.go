package repositoryfile

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/convergetest"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// FuzzFileConverges writes the file a spec declares through our client on
// the emulator, as the controller does (a create without a sha, an update
// over GitHub's sha), and requires that GitHub's blob id is the one of the
// declared bytes, after one update at most; then changes the content and
// requires the same; then deletes the file. GitHub refusing a spec the CRD
// admits (422) is an acceptable end, when our client words it.
func FuzzFileConverges(f *testing.F) {
	f.Add("config/app.yaml", byte(1), []byte("replicas: 3\n"), false, "Configure the app", "Deploy Bot", "bot@example.com", []byte("replicas: 4\n")) // full
	f.Add("README.md", byte(0), []byte("x"), false, "", "", "", []byte("x"))                                                                         // minimal, same content again
	f.Add("docs/ünïcødé ☃/𝄞 file.md", byte(2), []byte("héllo ☃\r\n"), false, "☃", "Jöhn", "j@ö.example", []byte{})                                   // unicode path, other branch, emptied
	f.Add("bin/blob.dat", byte(0), []byte{0, 0xff, 0xfe, 0x80, '\n'}, true, "", "", "", []byte{0xc3, 0x28})                                          // binary content
	f.Add("empty", byte(0), []byte{}, false, "", "", "", []byte("now something"))                                                                    // an empty file
	f.Add(strings.Repeat("d/", 300)+"f", byte(0), bytes.Repeat([]byte("abc\n"), 50000), false, "", "", "", []byte("small"))                          // deep path, 200 kB
	f.Add("a b/c%2Fd?e#f&g=h+i", byte(0), []byte("odd path"), false, "", "", "", []byte("odd"))                                                      // URL characters in the path
	f.Add("...", byte(0), []byte("dots"), false, "", "", "", []byte("dots"))                                                                         // three dots is a name
	f.Add(".github/workflows/ci.yml", byte(1), []byte("on: push\n"), false, "", "", "", []byte("on: pull_request\n"))                                // a dot directory
	f.Add("a/../b", byte(0), []byte("x"), false, "", "", "", []byte("x"))                                                                            // refused by the schema
	f.Add(".GIT/config", byte(0), []byte("x"), false, "", "", "", []byte("x"))                                                                       // refused by the schema
	f.Add("trailing. ", byte(0), []byte(" "), false, strings.Repeat("m", 1000), "n", "a@b", []byte("\t"))
	schema := convergetest.Schema(f, "repo.github.m.crossplane.io_repositoryfiles.yaml")
	f.Fuzz(func(t *testing.T, path string, branch byte, content []byte, binary bool, message, committerName, committerEmail string, next []byte) {
		p := &common.RepositoryFileParameters{RepositoryTarget: convergetest.Target(), Path: path}
		switch branch % 3 {
		case 1:
			p.Branch = ptr.To(common.BranchName(convergetest.DefaultBranch))
		case 2:
			p.Branch = ptr.To(common.BranchName(convergetest.OtherBranch))
		}
		if binary {
			// binaryData of a ConfigMap: any bytes, as they are.
			p.ContentFrom = &common.FileContentSource{ConfigMapKeyRef: common.ConfigMapKeySelector{Name: "files", Key: "content"}}
		} else {
			p.Content = ptr.To(string(content))
		}
		if message != "" {
			p.Message = ptr.To(message)
		}
		if committerName != "" || committerEmail != "" {
			p.Committer = &common.FileCommitter{Name: committerName, Email: committerEmail}
		}
		if p = convergetest.Admit(t, schema, p); p == nil || len(content) > MaxFileSize {
			return
		}
		if !binary {
			content = []byte(*p.Content)
		}
		path = p.Path
		ctx := context.Background()
		gh, _ := convergetest.Start(t)
		c := &fileCase{t: t, ctx: ctx, api: github.NewContentsClient(gh), p: p}
		c.branch = string(ptr.Deref(p.Branch, ""))
		if c.branch == "" {
			// The default branch, as the controller finds it.
			r, err := github.NewReposClient(gh).Get(ctx, convergetest.Owner, convergetest.Repo)
			if err != nil {
				t.Fatalf("Get(repository): %v", err)
			}
			c.branch = r.DefaultBranch
		}
		if _, err := c.api.GetFile(ctx, convergetest.Owner, convergetest.Repo, path, c.branch); !github.IsNotFound(err) {
			t.Fatalf("GetFile(%q) before the create = %v, want a 404", path, err)
		}
		if c.put("", content) {
			return
		}
		sha := c.converge(content)

		if !binary {
			spec := p.DeepCopy()
			spec.Content = ptr.To(string(next))
			if p = convergetest.Admit(t, schema, spec); p == nil {
				return
			}
			next = []byte(*p.Content)
			c.p = p
		}
		if UpToDate(sha, next) != bytes.Equal(content, next) {
			t.Fatalf("UpToDate(blob of %q, %q) = %t", content, next, !bytes.Equal(content, next))
		}
		if !bytes.Equal(content, next) {
			if c.put(sha, next) {
				return
			}
			sha = c.converge(next)
		}

		_, err := c.api.DeleteFile(ctx, convergetest.Owner, convergetest.Repo, path, Delete(p, c.branch, sha))
		if err != nil {
			t.Fatalf("DeleteFile(%q): %v", path, err)
		}
		if _, err := c.api.GetFile(ctx, convergetest.Owner, convergetest.Repo, path, c.branch); !github.IsNotFound(err) {
			t.Fatalf("GetFile(%q) after the delete = %v, want a 404", path, err)
		}
	})
}

type fileCase struct {
	t      *testing.T
	ctx    context.Context
	api    *github.ContentsClient
	p      *common.RepositoryFileParameters
	branch string
}

// put writes content over the blob sha ("" for a create). GitHub has no
// reason to refuse an admitted file.
func (c *fileCase) put(sha string, content []byte) bool {
	c.t.Helper()
	out, err := c.api.PutFile(c.ctx, convergetest.Owner, convergetest.Repo, c.p.Path, Write(c.p, c.branch, sha, content))
	if convergetest.RefusedAsExpected(c.t, "PutFile(...)", err, false) {
		return true
	}
	if out.Content == nil || !UpToDate(out.Content.SHA, content) {
		c.t.Fatalf("PutFile(%q) answered %+v: want the blob of the content sent, %s", c.p.Path, out.Content, BlobSHA(content))
	}
	return false
}

// converge requires GitHub's file to be content's blob, after one update
// at most, and its observation to show it; it returns the blob id.
func (c *fileCase) converge(content []byte) string {
	c.t.Helper()
	t := c.t
	get := func() *github.FileContent {
		f, err := c.api.GetFile(c.ctx, convergetest.Owner, convergetest.Repo, c.p.Path, c.branch)
		if err != nil {
			t.Fatalf("GetFile(%q, %q) after a write GitHub accepted: %v", c.p.Path, c.branch, err)
		}
		return f
	}
	f := get()
	if !UpToDate(f.SHA, content) {
		if c.put(f.SHA, content) {
			t.Fatalf("GitHub has blob %s, the content is %s, and GitHub refuses the update", f.SHA, BlobSHA(content))
		}
		if f = get(); !UpToDate(f.SHA, content) {
			t.Fatalf("GitHub has blob %s after the update, the content is %s", f.SHA, BlobSHA(content))
		}
	}
	o := Observation(convergetest.Owner+"/"+convergetest.Repo, c.branch, c.p, f)
	if ptr.Deref(o.Size, -1) != int64(len(content)) || ptr.Deref(o.Path, "") != c.p.Path || ptr.Deref(o.Branch, "") != c.branch || ptr.Deref(o.SHA, "") != f.SHA {
		t.Fatalf("Observation(...) = %+v: want path %q, branch %q, %d bytes", o, c.p.Path, c.branch, len(content))
	}
	if f.Path != c.p.Path {
		t.Fatalf("GetFile(%q) answered the file at %q", c.p.Path, f.Path)
	}
	return f.SHA
}
