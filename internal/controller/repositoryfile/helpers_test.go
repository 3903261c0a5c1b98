package repositoryfile

import (
	"context"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	kubefake "sigs.k8s.io/controller-runtime/pkg/client/fake"

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
	fake.MockContentsAPI
	fake.MockCodeownersAPI
}

var _ githubAPI = (*mockAPI)(nil)

// A scope is one of the RepositoryFile kinds that share external[T]. It
// builds a RepositoryFile of its kind, and an external client for that kind
// taking any Object, so that one table of cases runs in both scopes.
type scope struct {
	name string
	// ns is the namespace of its RepositoryFiles ("" for the cluster
	// scope), where their ConfigMaps are by default.
	ns       string
	file     func(m ...mod) Object
	external func(api githubAPI, kube client.Reader, rec event.Recorder, f found) extClient
}

func (s scope) ScopeName() string { return s.name }

// found is what Observe left for Create, Update and Delete.
type found struct {
	branch   string
	content  []byte
	observed *github.FileContent
}

// extClient is external[T] taking any Object, with what its Observe found.
type extClient interface {
	kindtest.Client[Object]
	found() found
	checkCodeowners(ctx context.Context, mg Object) error
}

type typed[T Object] struct {
	kindtest.Typed[Object, T]
	e *external[T]
}

func (c typed[T]) checkCodeowners(ctx context.Context, mg Object) error {
	return c.e.checkCodeowners(ctx, mg.(T), mg.Parameters().Path)
}

func (c typed[T]) found() found {
	return found{branch: c.e.branch, content: c.e.content, observed: c.e.observed}
}

// repo is the repository of every case: demo-org/app.
var repo = kind.Repository{Owner: "demo-org", Name: "app"}

const path = "config/app.yaml"

func scopeOf[T Object](s apis.Scope, newT func(namespace, name string) T) scope {
	return scope{
		name: string(s), ns: newT("ns", "f").GetNamespace(),
		file: func(m ...mod) Object {
			r := newT("ns", "f")
			*r.Parameters() = *params()
			for _, f := range m {
				f(r)
			}
			return r
		},
		external: func(api githubAPI, kube client.Reader, rec event.Recorder, f found) extClient {
			e := &external[T]{api: api, configMaps: kube, repo: repo, record: rec, branch: f.branch, content: f.content, observed: f.observed,
				wait: func(context.Context, time.Duration) error { return nil }}
			return typed[T]{kindtest.Typed[Object, T]{E: e}, e}
		},
	}
}

var scopes = twins.EachRepositoryFile(scopeOf, scopeOf)

// content is the declared content of every case unless changed; its blob
// id is git hash-object's.
const (
	content    = "replicas: 3\r\n"
	contentSHA = "f2e4c96d5ca980443b9613a1e7d4ab76068e66d9"
	otherSHA   = "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"
	htmlURL    = "https://github.com/demo-org/app/blob/main/config/app.yaml"
)

// params are the parameters of every case unless changed: inline content
// on the default branch.
func params() *common.RepositoryFileParameters {
	return &common.RepositoryFileParameters{
		RepositoryTarget:  common.RepositoryTarget{Repository: &repo.Name},
		Path:              path,
		Content:           ptr.To(content),
		OverwriteOnCreate: ptr.To(false),
	}
}

// A mod changes a RepositoryFile of either scope.
type mod func(Object)

func withExternalName(n string) mod { return func(r Object) { meta.SetExternalName(r, n) } }
func withPending() mod {
	return func(r Object) { meta.SetExternalCreatePending(r, time.Now()) }
}
func withParams(f func(*common.RepositoryFileParameters)) mod {
	return func(r Object) { f(r.Parameters()) }
}
func deleting() mod {
	return func(r Object) { now := metav1.Now(); r.SetDeletionTimestamp(&now) }
}

// file is the declared file as GitHub answers it, with blob sha.
func file(sha string) *github.FileContent {
	return &github.FileContent{Type: "file", Name: "app.yaml", Path: path, SHA: sha, Size: int64(len(content)), HTMLURL: htmlURL}
}

// kubeWith is a Kubernetes reader holding objs.
func kubeWith(t *testing.T, objs ...client.Object) client.Reader {
	t.Helper()
	s := runtime.NewScheme()
	if err := corev1.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	return kubefake.NewClientBuilder().WithScheme(s).WithObjects(objs...).Build()
}

// call is one request the fake GitHub was sent.
type call struct {
	Op     string
	Branch string
	Write  *github.FileWrite
}

// api builds the fake GitHub of a case from the answers it gives. A call
// the case does not expect fails the test.
type api struct {
	repo      *github.Repository
	repoErr   error
	get       *github.FileContent
	getErr    error
	put       *github.FileCommit
	putErr    error
	deleteErr error
	// putErrs and deleteErrs, while any are left, answer the writes in
	// turn (before putErr and deleteErr).
	putErrs    []error
	deleteErrs []error
}

func (a api) fake(t *testing.T, calls *[]call) *mockAPI {
	t.Helper()
	check := func(op, owner, name string) {
		if owner != repo.Owner || name != repo.Name {
			t.Errorf("%s(%s, %s): want demo-org/app", op, owner, name)
		}
	}
	checkPath := func(op, p string) {
		if p != path {
			t.Errorf("%s(%s): want %s", op, p, path)
		}
	}
	return &mockAPI{
		MockReposAPI: fake.MockReposAPI{MockGet: func(_ context.Context, owner, name string) (*github.Repository, error) {
			check("Get", owner, name)
			*calls = append(*calls, call{Op: "repo"})
			if a.repo == nil && a.repoErr == nil {
				t.Error("Get(repository) called: the case does not expect it")
				return &github.Repository{}, nil
			}
			return a.repo, a.repoErr
		}},
		MockContentsAPI: fake.MockContentsAPI{
			MockGetFile: func(_ context.Context, owner, name, p, ref string) (*github.FileContent, error) {
				check("GetFile", owner, name)
				checkPath("GetFile", p)
				*calls = append(*calls, call{Op: "get", Branch: ref})
				if a.get == nil && a.getErr == nil {
					t.Error("GetFile called: the case does not expect it")
				}
				return a.get, a.getErr
			},
			MockPutFile: func(_ context.Context, owner, name, p string, w *github.FileWrite) (*github.FileCommit, error) {
				check("PutFile", owner, name)
				checkPath("PutFile", p)
				*calls = append(*calls, call{Op: "put", Branch: w.Branch, Write: w})
				if len(a.putErrs) > 0 {
					err := a.putErrs[0]
					a.putErrs = a.putErrs[1:]
					if err != nil {
						return nil, err
					}
				}
				if a.put == nil && a.putErr == nil {
					t.Error("PutFile called: the case does not expect it")
				}
				return a.put, a.putErr
			},
			MockDeleteFile: func(_ context.Context, owner, name, p string, w *github.FileWrite) (*github.FileCommit, error) {
				check("DeleteFile", owner, name)
				checkPath("DeleteFile", p)
				*calls = append(*calls, call{Op: "delete", Branch: w.Branch, Write: w})
				if len(a.deleteErrs) > 0 {
					err := a.deleteErrs[0]
					a.deleteErrs = a.deleteErrs[1:]
					return &github.FileCommit{}, err
				}
				return &github.FileCommit{}, a.deleteErr
			},
		},
	}
}
