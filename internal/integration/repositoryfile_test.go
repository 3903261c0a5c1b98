package integration

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	corev1 "k8s.io/api/core/v1"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// A file is written with a commit on the default branch, its path as the
// external name; it is not written again poll after poll (CRLF line
// endings included); a change on GitHub is undone, a file deleted on GitHub
// is written again, a change of the declared content is committed; and
// deleting the resource deletes the file with a commit.
func TestRepositoryFileLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFilesFixture(t)
		const path = "config/app settings.yaml"
		declared := []byte("replicas: 3\r\nname: site\r\n")
		r := f.repositoryFile(s, "app-settings", inlineFile(path, string(declared)))
		f.must(kube.Create(f.ctx, r))
		got := waitReady(f, r)

		if ext := meta.GetExternalName(got); ext != path {
			t.Errorf("external name %q, want the path %q", ext, path)
		}
		if msg := f.fileIs(filesRepo, path, "main", declared); msg != "" {
			t.Errorf("file on GitHub: %s", msg)
		}
		o := got.Observation()
		if ptr.Deref(o.Branch, "") != "main" || ptr.Deref(o.SHA, "") != blobSHA(declared) || ptr.Deref(o.Repository, "") != "demo-org/site" || ptr.Deref(o.Size, 0) != int64(len(declared)) {
			t.Errorf("status.atProvider %+v, want branch main, blob %s of %d bytes in demo-org/site", o, blobSHA(declared), len(declared))
		}
		if m := f.headMessage(filesRepo, "main"); m != "Create "+path {
			t.Errorf("head commit of main %q, want %q", m, "Create "+path)
		}
		filesQuiet(f, filesRepo, "created")

		sha, _, _ := f.ghFileOf(filesRepo, path, "main")
		f.ghPutFile(filesRepo, "main", path, sha, []byte("replicas: 3\nname: site\n"))
		f.eventually("file put back as declared", func() string { return f.fileIs(filesRepo, path, "main", declared) })
		filesQuiet(f, filesRepo, "drift corrected")

		sha, _, _ = f.ghFileOf(filesRepo, path, "main")
		f.ghMust(http.StatusOK, goodToken, http.MethodDelete, "/repos/demo-org/site/contents/"+path, `{"message":"gone","sha":"`+sha+`"}`)
		f.eventually("file written again", func() string { return f.fileIs(filesRepo, path, "main", declared) })

		changed := []byte("replicas: 5\r\nname: site\r\n")
		update(f, r, func(r repositoryFileObject) {
			r.Parameters().Content = ptr.To(string(changed))
			r.Parameters().Message = ptr.To("chore: scale site")
		})
		f.eventually("new content committed", func() string { return f.fileIs(filesRepo, path, "main", changed) })
		if m := f.headMessage(filesRepo, "main"); m != "chore: scale site" {
			t.Errorf("head commit of main %q, want the declared message", m)
		}
		filesQuiet(f, filesRepo, "content changed")

		f.must(kube.Delete(f.ctx, get(f, r)))
		f.eventually("file deleted on GitHub and the resource gone", func() string {
			if _, _, ok := f.ghFileOf(filesRepo, path, "main"); ok {
				return "file still on GitHub"
			}
			if err := kube.Get(f.ctx, s.key(f, "app-settings"), fresh(r)); !kerrors.IsNotFound(err) {
				return "RepositoryFile still there"
			}
			return ""
		})
		if m := f.headMessage(filesRepo, "main"); m != "Delete "+path {
			t.Errorf("head commit of main %q, want %q", m, "Delete "+path)
		}
	})
}

// Binary content from a ConfigMap's binaryData round-trips byte for byte on
// a declared branch; a change to the ConfigMap is committed on a later poll;
// a missing ConfigMap or key is a condition naming it, and clears once the
// ConfigMap has it.
func TestRepositoryFileFromConfigMap(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFilesFixture(t)
		cmName := strings.ToLower(s.name) + "-files"
		p := common.RepositoryFileParameters{
			RepositoryTarget: common.RepositoryTarget{Repository: ptr.To(filesRepo)},
			Path:             "assets/logo.bin",
			Branch:           ptr.To(common.BranchName("release")),
			ContentFrom:      &common.FileContentSource{ConfigMapKeyRef: common.ConfigMapKeySelector{Name: cmName, Key: "logo"}},
		}
		if !s.namespaced {
			p.ContentFrom.ConfigMapKeyRef.Namespace = ptr.To(f.ns)
		}
		r := f.repositoryFile(s, "logo", p)
		f.must(kube.Create(f.ctx, r))
		waitSyncError(f, r, "ConfigMap "+f.ns+"/"+cmName+" named by spec.forProvider.contentFrom.configMapKeyRef does not exist")

		cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: f.ns, Name: cmName}, Data: map[string]string{"readme": "x"}}
		f.must(kube.Create(f.ctx, cm))
		waitSyncError(f, r, `has no key "logo" in data or binaryData (its keys are readme)`)

		logo := []byte{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0x00, 0x00, 0xff, 0xfe, '\r', '\n'}
		cm.BinaryData = map[string][]byte{"logo": logo}
		f.must(kube.Update(f.ctx, cm))
		got := waitReady(f, r)
		if msg := f.fileIs(filesRepo, "assets/logo.bin", "release", logo); msg != "" {
			t.Errorf("file on release: %s", msg)
		}
		if _, _, ok := f.ghFileOf(filesRepo, "assets/logo.bin", "main"); ok {
			t.Error("the file is on main too: want it on the declared branch only")
		}
		if b := ptr.Deref(got.Observation().Branch, ""); b != "release" {
			t.Errorf("status.atProvider.branch %q, want release", b)
		}
		filesQuiet(f, filesRepo, "binary file created")

		logo2 := append(append([]byte{}, logo...), 0x00)
		f.must(kube.Get(f.ctx, client.ObjectKeyFromObject(cm), cm))
		cm.BinaryData["logo"] = logo2
		f.must(kube.Update(f.ctx, cm))
		f.eventually("ConfigMap change committed", func() string { return f.fileIs(filesRepo, "assets/logo.bin", "release", logo2) })
	})
}

// A file already at the path is not taken over: the resource says so and
// how, and the file is left as it is. With overwriteOnCreate it is
// replaced and managed.
func TestRepositoryFileExistingNotTakenOver(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFilesFixture(t)
		theirs := []byte("written by someone else\n")
		f.ghPutFile(filesRepo, "main", "CODEOWNERS", "", theirs)
		r := f.repositoryFile(s, "codeowners", inlineFile("CODEOWNERS", "* @demo-org/platform\n"))
		f.must(kube.Create(f.ctx, r))
		waitSyncError(f, r, "CODEOWNERS on branch main of demo-org/site already exists, and this RepositoryFile did not write it",
			"set spec.forProvider.overwriteOnCreate: true", `crossplane.io/external-name: "CODEOWNERS"`)
		if msg := f.fileIs(filesRepo, "CODEOWNERS", "main", theirs); msg != "" {
			t.Errorf("the existing file was changed: %s", msg)
		}

		update(f, r, func(r repositoryFileObject) { r.Parameters().OverwriteOnCreate = ptr.To(true) })
		waitReady(f, r)
		if msg := f.fileIs(filesRepo, "CODEOWNERS", "main", []byte("* @demo-org/platform\n")); msg != "" {
			t.Errorf("file on GitHub: %s", msg)
		}
		filesQuiet(f, filesRepo, "taken over")
	})
}

// A create interrupted after GitHub committed the file (the provider
// stopped before the path was saved as the external name) writes nothing
// again: the file with exactly the declared content is recognised.
func TestRepositoryFileInterruptedCreateRecovered(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFilesFixture(t)
		content := "interrupted\n"
		f.ghPutFile(filesRepo, "main", "notes.txt", "", []byte(content))
		writes := f.fileWrites(filesRepo)
		r := f.repositoryFile(s, "notes", inlineFile("notes.txt", content))
		// What the managed reconciler records before it calls Create.
		meta.SetExternalCreatePending(r, time.Now())
		f.must(kube.Create(f.ctx, r))
		got := waitReady(f, r)
		if ext := meta.GetExternalName(got); ext != "notes.txt" {
			t.Errorf("external name %q, want the path", ext)
		}
		if n := f.fileWrites(filesRepo) - writes; n != 0 {
			t.Errorf("%d writes to the file, want none", n)
		}
		f.waitEvent(got, "RecoveredInterruptedCreate")
	})
}

// A branch or a repository that does not exist ends in a condition that
// names it; deleting such a resource completes. In an empty repository
// (a Repository resource without autoInit) the first file creates the
// default branch.
func TestRepositoryFileMissingBranchRepositoryAndEmptyRepository(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFilesFixture(t)
		p := inlineFile("a.txt", "a\n")
		p.Branch = ptr.To(common.BranchName("nope"))
		nob := f.repositoryFile(s, "no-branch", p)
		f.must(kube.Create(f.ctx, nob))
		// A new resource waits a minute for the branch (it may be applied
		// with the Branch); the condition says so.
		waitSyncError(f, nob, `branch "nope" of demo-org/site does not exist yet: this resource waits for it to appear`)

		p = inlineFile("a.txt", "a\n")
		p.Repository = ptr.To("missing")
		nor := f.repositoryFile(s, "no-repo", p)
		f.must(kube.Create(f.ctx, nor))
		waitSyncError(f, nor, "cannot find repository demo-org/missing")

		for _, r := range []repositoryFileObject{nob, nor} {
			f.must(kube.Delete(f.ctx, get(f, r)))
			f.eventually(r.GetName()+" gone", func() string {
				if err := kube.Get(f.ctx, client.ObjectKeyFromObject(r), fresh(r)); !kerrors.IsNotFound(err) {
					return "still there"
				}
				return ""
			})
		}

		f.create(s, "blank", common.RepositoryParameters{Visibility: ptr.To("private")})
		first := f.repositoryFile(s, "first", common.RepositoryFileParameters{
			RepositoryTarget: common.RepositoryTarget{RepositoryRef: &xpv2.Reference{Name: s.key(f, "blank").Name}},
			Path:             "README.md", Content: ptr.To("# blank\n"),
		})
		f.must(kube.Create(f.ctx, first))
		got := waitReady(f, first)
		if b := ptr.Deref(got.Observation().Branch, ""); b != "main" {
			t.Errorf("status.atProvider.branch %q, want main", b)
		}
		if msg := f.fileIs("blank", "README.md", "main", []byte("# blank\n")); msg != "" {
			t.Errorf("README.md of the empty repository: %s", msg)
		}
	})
}

// Bad input is refused at admission, with what is allowed.
func TestRepositoryFileAdmission(t *testing.T) {
	cases := map[string]struct {
		change func(p *common.RepositoryFileParameters)
		want   string
	}{
		"LeadingSlash":  {change: func(p *common.RepositoryFileParameters) { p.Path = "/a.txt" }, want: "path is relative to the repository's root"},
		"TrailingSlash": {change: func(p *common.RepositoryFileParameters) { p.Path = "docs/" }, want: "path is relative to the repository's root"},
		"DoubleSlash":   {change: func(p *common.RepositoryFileParameters) { p.Path = "docs//a" }, want: "path is relative to the repository's root"},
		"DotDot":        {change: func(p *common.RepositoryFileParameters) { p.Path = "docs/../a" }, want: "no part of path can be '.' or '..'"},
		"Dot":           {change: func(p *common.RepositoryFileParameters) { p.Path = "./a" }, want: "no part of path can be '.' or '..'"},
		"GitDir":        {change: func(p *common.RepositoryFileParameters) { p.Path = ".GIT/config" }, want: "git does not allow a file or directory named .git"},
		"ControlChar":   {change: func(p *common.RepositoryFileParameters) { p.Path = "a\tb" }, want: "spec.forProvider.path in body should match"},
		"BothContents": {change: func(p *common.RepositoryFileParameters) {
			p.ContentFrom = &common.FileContentSource{ConfigMapKeyRef: common.ConfigMapKeySelector{Name: "cm", Key: "k"}}
		}, want: "set exactly one of content and contentFrom"},
		"NoContent": {change: func(p *common.RepositoryFileParameters) { p.Content = nil }, want: "set exactly one of content and contentFrom"},
		"TooLarge": {change: func(p *common.RepositoryFileParameters) {
			p.Content = ptr.To(strings.Repeat("x", common.MaxInlineContent+1))
		}, want: "Too long: may not be more than 1048576"},
		"BadBranch": {change: func(p *common.RepositoryFileParameters) { p.Branch = ptr.To(common.BranchName("refs/heads/main")) }, want: "without refs/heads/"},
		"BadEmail": {change: func(p *common.RepositoryFileParameters) {
			p.Committer = &common.FileCommitter{Name: "Bot", Email: "bot"}
		}, want: "spec.forProvider.committer.email in body should match"},
		"BadCMKey": {change: func(p *common.RepositoryFileParameters) {
			p.Content, p.ContentFrom = nil, &common.FileContentSource{ConfigMapKeyRef: common.ConfigMapKeySelector{Name: "cm", Key: "a/b"}}
		}, want: "configMapKeyRef.key in body should match"},
		"EmptyMessage": {change: func(p *common.RepositoryFileParameters) { p.Message = ptr.To("") }, want: "spec.forProvider.message in body should be at least 1 chars long"},
	}
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFilesFixture(t)
		for name, tc := range cases {
			t.Run(name, func(t *testing.T) {
				p := inlineFile("ok.txt", "ok\n")
				tc.change(&p)
				r := f.repositoryFile(s, "refused", p)
				err := kube.Create(f.ctx, r)
				if err == nil {
					_ = kube.Delete(f.ctx, r)
					t.Fatalf("want the API server to refuse %+v", p.Path)
				}
				if !strings.Contains(err.Error(), tc.want) {
					t.Errorf("want the refusal to say %q, got: %.500v", tc.want, err)
				}
			})
		}
	})
}

// The path, the branch and the repository of a RepositoryFile cannot
// change; its content and messages can.
func TestRepositoryFileImmutability(t *testing.T) {
	cases := map[string]struct {
		change func(p *common.RepositoryFileParameters)
		want   string // "" for accepted
	}{
		"Path":       {change: func(p *common.RepositoryFileParameters) { p.Path = "moved.txt" }, want: "path cannot be changed"},
		"SetBranch":  {change: func(p *common.RepositoryFileParameters) { p.Branch = ptr.To(common.BranchName("release")) }, want: "branch cannot be changed, set or unset"},
		"Repository": {change: func(p *common.RepositoryFileParameters) { p.Repository = ptr.To("elsewhere") }, want: "repository and owner cannot be changed"},
		"Content":    {change: func(p *common.RepositoryFileParameters) { p.Content = ptr.To("changed\n") }},
		"Message":    {change: func(p *common.RepositoryFileParameters) { p.DeleteMessage = ptr.To("bye") }},
	}
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFilesFixture(t)
		for name, tc := range cases {
			t.Run(name, func(t *testing.T) {
				r := f.repositoryFile(s, "fixed-"+strings.ToLower(name), inlineFile("fixed-"+strings.ToLower(name)+".txt", "x\n"))
				f.must(kube.Create(f.ctx, r))
				var err error
				for range 20 { // retry while the controller writes the object too
					r = get(f, r)
					tc.change(r.Parameters())
					if err = kube.Update(f.ctx, r); !kerrors.IsConflict(err) {
						break
					}
				}
				switch {
				case tc.want == "" && err != nil:
					t.Errorf("want the update accepted, got: %v", err)
				case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
					t.Errorf("want the update refused with %q, got: %v", tc.want, err)
				}
			})
		}
	})
}
