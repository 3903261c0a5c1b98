package integration

import (
	"net/http"
	"strings"
	"testing"
	"time"

	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

// Two RepositoryFiles of one branch (different paths) written at the same
// moment both land: GitHub (the emulator, by default) refuses the commit
// of the second with 409 "is at <sha> but expected <sha>", because the
// first landed on the branch after it read the head, and the provider sends
// it again within the same reconcile. So no create, update or delete is
// reported as failed. The same holds for an update of both and a delete of
// both.
func TestRepositoryFilesOnOneBranchAtOnce(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFilesFixture(t)
		// A commit time long enough that two reconciles started together
		// always meet, on a busy machine too.
		cfg := f.emu.Config()
		cfg.ContentsCommitTime = emulator.Duration(time.Second)
		f.emu.SetConfig(cfg)

		a := f.repositoryFile(s, "race-a", inlineFile("race/a.txt", "a\n"))
		b := f.repositoryFile(s, "race-b", inlineFile("race/b.txt", "b\n"))
		f.must(kube.Create(f.ctx, a))
		f.must(kube.Create(f.ctx, b))
		waitReady(f, a)
		waitReady(f, b)
		for path, want := range map[string]string{"race/a.txt": "a\n", "race/b.txt": "b\n"} {
			if msg := f.fileIs(filesRepo, path, "main", []byte(want)); msg != "" {
				t.Errorf("%s on GitHub: %s", path, msg)
			}
		}
		conflicts := f.movedRefusals(filesRepo)
		if conflicts == 0 {
			t.Fatalf("the two creates did not meet (no 409 from the emulator): the test proves nothing; requests: %v", f.emu.Requests())
		}
		noFailure(f, "CreatedExternalResource", "CannotCreateExternalResource", a, b)

		update(f, a, func(r repositoryFileObject) { r.Parameters().Content = ptr.To("a2\n") })
		update(f, b, func(r repositoryFileObject) { r.Parameters().Content = ptr.To("b2\n") })
		f.eventually("both updates committed", func() string {
			if msg := f.fileIs(filesRepo, "race/a.txt", "main", []byte("a2\n")); msg != "" {
				return msg
			}
			return f.fileIs(filesRepo, "race/b.txt", "main", []byte("b2\n"))
		})
		noFailure(f, "UpdatedExternalResource", "CannotUpdateExternalResource", a, b)

		f.must(kube.Delete(f.ctx, get(f, a)))
		f.must(kube.Delete(f.ctx, get(f, b)))
		f.eventually("both files deleted and the resources gone", func() string {
			for _, r := range []repositoryFileObject{a, b} {
				if _, _, ok := f.ghFileOf(filesRepo, r.Parameters().Path, "main"); ok {
					return r.Parameters().Path + " still on GitHub"
				}
				if err := kube.Get(f.ctx, s.key(f, r.GetName()), fresh(r)); !kerrors.IsNotFound(err) {
					return r.GetName() + " still there"
				}
			}
			return ""
		})
		t.Logf("409s the provider met and sent again: %d", f.movedRefusals(filesRepo))
	})
}

// movedRefusals counts the emulator's 409 answers to writes of the
// contents of demo-org/<repo>.
func (f *fixture) movedRefusals(repo string) int {
	n := 0
	for _, r := range f.emu.Requests() {
		if r.Method != http.MethodGet && r.Status == http.StatusConflict && strings.Contains(r.Path, "/repos/"+owner+"/"+repo+"/contents/") {
			n++
		}
	}
	return n
}

// noFailure waits for the event reason done about each of objs, then fails
// when any has an event failed (recorded before done, if at all).
func noFailure(f *fixture, done, failed string, objs ...repositoryFileObject) {
	f.t.Helper()
	for _, o := range objs {
		f.waitEvent(o, done)
	}
	for _, o := range objs {
		for _, e := range f.events(o) {
			if e.Reason == failed {
				f.t.Errorf("%s: %s event %q: a write refused because the branch moved must be sent again, not reported", o.GetName(), failed, e.Message)
			}
		}
	}
}
