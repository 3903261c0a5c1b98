package branch

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	kclient "sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/crossplane-github/provider-github/apis"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// mockAPI is githubAPI made of the fakes of its areas, whose methods it
// promotes. A call to a method whose function field is nil panics, so a
// test states every call it expects.
type mockAPI struct {
	fake.MockReposAPI
	fake.MockBranchesAPI
	fake.MockGitRefsAPI
}

var _ githubAPI = (*mockAPI)(nil)

// Commits of the cases.
const (
	shaMain    = "1111111111111111111111111111111111111111"
	shaDevelop = "2222222222222222222222222222222222222222"
	shaRelease = "3333333333333333333333333333333333333333"
	shaOld     = "4444444444444444444444444444444444444444"
)

// A scope is one of the Branch kinds that share external[T]. It builds a
// Branch of its kind, and an external client for that kind taking any
// Object, so that one table of cases runs in both scopes.
type scope struct {
	name     string
	branch   func(m ...mod) Object
	external func(api githubAPI, status statusWriter, rec event.Recorder, found ...func(*found)) client
	// connect is connect of this scope's kind; it returns the repository
	// the external client was made for.
	connect func(mg Object, c kind.Connection) (kind.Repository, error)
}

func (s scope) ScopeName() string { return s.name }

// found is what Observe left for Create, Update and Delete.
type found struct {
	repository *github.Repository
	renamed    *github.Branch
}

// client is external[T] taking any Object, with what its Observe found.
type client interface {
	kindtest.Client[Object]
	found() found
}

// typed is e as a client.
type typed[T Object] struct {
	kindtest.Typed[Object, T]
	e *external[T]
}

func (c typed[T]) found() found { return found{repository: c.e.repository, renamed: c.e.renamed} }

// repo is the repository of every case: demo-org/app.
var repo = kind.Repository{Owner: "demo-org", Name: "app"}

// appRepository is GitHub's demo-org/app, whose default branch is main.
func appRepository() *github.Repository {
	return &github.Repository{Name: "app", FullName: "demo-org/app", Owner: github.Account{Login: "demo-org"}, DefaultBranch: "main"}
}

func scopeOf[T Object](s apis.Scope, newT func(namespace, name string) T) scope {
	return scope{
		name: string(s),
		branch: func(m ...mod) Object {
			b := newT("ns", "b")
			b.Parameters().Name = "release"
			b.Parameters().Repository = &repo.Name
			for _, f := range m {
				f(b)
			}
			return b
		},
		external: func(api githubAPI, status statusWriter, rec event.Recorder, fs ...func(*found)) client {
			var f found
			for _, fn := range fs {
				fn(&f)
			}
			e := &external[T]{api: api, repo: repo, record: rec, status: status, repository: f.repository, renamed: f.renamed}
			return typed[T]{kindtest.Typed[Object, T]{E: e}, e}
		},
		connect: func(mg Object, c kind.Connection) (kind.Repository, error) {
			e, err := connect(context.Background(), mg.(T), c)
			if err != nil {
				return kind.Repository{}, err
			}
			return e.(*external[T]).repo, nil
		},
	}
}

var scopes = twins.EachBranch(scopeOf, scopeOf)

// A mod changes a Branch of either scope.
type mod func(Object)

func withExternalName(n string) mod { return func(b Object) { meta.SetExternalName(b, n) } }
func withSourceBranch(n string) mod {
	return func(b Object) { s := common.BranchName(n); b.Parameters().SourceBranch = &s }
}
func withSourceSha(sha string) mod { return func(b Object) { b.Parameters().SourceSha = &sha } }
func withObservation(o common.BranchObservation) mod {
	return func(b Object) { *b.Observation() = o }
}
func deleting() mod {
	return func(b Object) { now := metav1.Now(); b.SetDeletionTimestamp(&now) }
}

// createPending marks a create under way whose result was never recorded.
func createPending() mod {
	return func(b Object) { meta.SetExternalCreatePending(b, time.Now()) }
}

// createFailed marks a create that GitHub refused.
func createFailed() mod {
	return func(b Object) {
		meta.SetExternalCreatePending(b, time.Now().Add(-time.Minute))
		meta.SetExternalCreateFailed(b, time.Now())
	}
}

// ghErr is what the client returns when GitHub answers status, with
// message, to a request.
func ghErr(method, path string, status int, message string) error {
	if message == "" {
		message = http.StatusText(status)
	}
	return kindtest.GitHubErr(method, path, status, message)
}

// world is the fake GitHub of a case: demo-org/app with branches, and the
// errors it answers. It records the writes made to it.
type world struct {
	repoErr    error
	branches   map[string]string // name to head commit
	protected  map[string]bool
	redirects  map[string]string // a missing name GitHub sends to a branch
	getErr     error
	refErr     error
	createErrs []error // answered to the creates, in turn
	renameErr  error
	deleteErr  error
	statusErr  error // answered to a status write

	writes []string
}

// statusWriter is the API server's status subresource of the case: it
// records the commit a status write records.
func (w *world) statusWriter() statusWriter {
	return statusWriterFn(func(_ context.Context, obj kclient.Object, _ ...kclient.SubResourceUpdateOption) error {
		w.writes = append(w.writes, "record start at "+ptr.Deref(obj.(Object).Observation().Sha, ""))
		return w.statusErr
	})
}

// statusWriterFn is a statusWriter of a function.
type statusWriterFn func(ctx context.Context, obj kclient.Object, opts ...kclient.SubResourceUpdateOption) error

func (f statusWriterFn) Update(ctx context.Context, obj kclient.Object, opts ...kclient.SubResourceUpdateOption) error {
	return f(ctx, obj, opts...)
}

func (w *world) branch(name string) *github.Branch {
	sha, ok := w.branches[name]
	if !ok {
		return nil
	}
	return &github.Branch{Name: name, Commit: github.BranchCommit{SHA: sha}, Protected: w.protected[name]}
}

func (w *world) fake(t *testing.T) *mockAPI {
	t.Helper()
	checkRepo := func(call, owner, name string) {
		if owner != "demo-org" || name != "app" {
			t.Errorf("%s(%s, %s): want demo-org/app", call, owner, name)
		}
	}
	return &mockAPI{
		MockReposAPI: fake.MockReposAPI{
			MockGet: func(_ context.Context, owner, name string) (*github.Repository, error) {
				checkRepo("Get", owner, name)
				if w.repoErr != nil {
					return &github.Repository{}, w.repoErr
				}
				return appRepository(), nil
			},
		},
		MockBranchesAPI: fake.MockBranchesAPI{
			MockGetBranch: func(_ context.Context, owner, name, branch string) (*github.Branch, error) {
				checkRepo("GetBranch", owner, name)
				if w.getErr != nil {
					return &github.Branch{}, w.getErr
				}
				if b := w.branch(branch); b != nil {
					return b, nil
				}
				if b := w.branch(w.redirects[branch]); b != nil {
					// The HTTP client follows GitHub's 301.
					return b, nil
				}
				return &github.Branch{}, ghErr(http.MethodGet, "/repos/demo-org/app/branches/"+branch, http.StatusNotFound, "Branch not found")
			},
			MockRenameBranch: func(_ context.Context, owner, name, branch, newName string) (*github.Branch, error) {
				checkRepo("RenameBranch", owner, name)
				w.writes = append(w.writes, fmt.Sprintf("rename %s to %s", branch, newName))
				if w.renameErr != nil {
					return &github.Branch{}, w.renameErr
				}
				w.branches[newName] = w.branches[branch]
				delete(w.branches, branch)
				return w.branch(newName), nil
			},
		},
		MockGitRefsAPI: fake.MockGitRefsAPI{
			MockGetRef: func(_ context.Context, owner, name, ref string) (*github.Reference, error) {
				checkRepo("GetRef", owner, name)
				if w.refErr != nil {
					return &github.Reference{}, w.refErr
				}
				if b := w.branch(strings.TrimPrefix(ref, "heads/")); b != nil {
					return &github.Reference{Ref: "refs/" + ref, Object: github.ReferenceObject{Type: "commit", SHA: b.Commit.SHA}}, nil
				}
				return &github.Reference{}, ghErr(http.MethodGet, "/repos/demo-org/app/git/ref/"+ref, http.StatusNotFound, "")
			},
			MockCreateRef: func(_ context.Context, owner, name string, req *github.ReferenceRequest) (*github.Reference, error) {
				checkRepo("CreateRef", owner, name)
				w.writes = append(w.writes, fmt.Sprintf("create %s at %s", req.Ref, req.SHA))
				if len(w.createErrs) > 0 {
					err := w.createErrs[0]
					w.createErrs = w.createErrs[1:]
					if err != nil {
						return &github.Reference{}, err
					}
				}
				w.branches[strings.TrimPrefix(req.Ref, "refs/heads/")] = req.SHA
				return &github.Reference{Ref: req.Ref, Object: github.ReferenceObject{Type: "commit", SHA: req.SHA}}, nil
			},
			MockDeleteRef: func(_ context.Context, owner, name, ref string) error {
				checkRepo("DeleteRef", owner, name)
				w.writes = append(w.writes, "delete "+ref)
				if w.deleteErr == nil {
					delete(w.branches, strings.TrimPrefix(ref, "heads/"))
				}
				return w.deleteErr
			},
		},
	}
}
