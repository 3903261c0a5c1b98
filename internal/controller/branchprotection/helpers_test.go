package branchprotection

import (
	"net/http"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

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
	fake.MockBranchProtectionAPI
	fake.MockReposAPI
}

var _ githubAPI = (*mockAPI)(nil)

// A scope is one of the BranchProtection kinds that share external[T]. It
// builds a BranchProtection of its kind, and an external client for that
// kind taking any Object, so that one table of cases runs in both scopes.
type scope struct {
	name       string
	protection func(m ...mod) Object
	external   func(api githubAPI, rec event.Recorder, branch kind.Branch, observed *github.Protection) client
}

func (s scope) ScopeName() string { return s.name }

// client is external[T] taking any Object, with the protection its Observe found.
type client interface {
	kindtest.Client[Object]
	observed() *github.Protection
}

// typed is e as a client.
type typed[T Object] struct {
	kindtest.Typed[Object, T]
	e *external[T]
}

func (c typed[T]) observed() *github.Protection { return c.e.observed }

// repo is the repository of every case: demo-org/app.
var repo = kind.Repository{Owner: "demo-org", Name: "app"}

// now is the time of every case.
var now = time.Date(2026, 6, 7, 8, 9, 10, 0, time.UTC)

func scopeOf[T Object](s apis.Scope, newT func(namespace, name string) T) scope {
	return scope{
		name: string(s),
		protection: func(m ...mod) Object {
			p := newT("ns", "p")
			p.Parameters().Repository = &repo.Name
			p.Parameters().Branch = ptr.To[common.BranchName]("main")
			for _, f := range m {
				f(p)
			}
			return p
		},
		external: func(api githubAPI, rec event.Recorder, branch kind.Branch, observed *github.Protection) client {
			e := &external[T]{api: api, repo: repo, branch: branch, record: rec, now: func() time.Time { return now }, observed: observed}
			return typed[T]{kindtest.Typed[Object, T]{E: e}, e}
		},
	}
}

var scopes = twins.EachBranchProtection(scopeOf, scopeOf)

// A mod changes a BranchProtection of either scope.
type mod func(Object)

func withExternalName(n string) mod { return func(p Object) { meta.SetExternalName(p, n) } }
func withSpec(fn func(p *common.BranchProtectionParameters)) mod {
	return func(o Object) { fn(o.Parameters()) }
}
func withDropped(d *common.DroppedActors) mod {
	return func(o Object) { o.Observation().DroppedByGitHub = d }
}
func withCreatePending() mod {
	return func(o Object) { meta.SetExternalCreatePending(o, now.Add(-time.Minute)) }
}
func deleting() mod {
	return func(o Object) { t := metav1.Now(); o.SetDeletionTimestamp(&t) }
}

// ghErr is what the client returns when GitHub answers status with msg.
func ghErr(status int, msg string) error {
	return kindtest.GitHubErr(http.MethodGet, "/repos/demo-org/app/branches/main/protection", status, msg)
}

var (
	on  = &github.Enabled{Enabled: true}
	off = &github.Enabled{}
)

// offAnswer is GitHub's answer for a protection with everything off.
func offAnswer() *github.Protection {
	return &github.Protection{
		EnforceAdmins: off, RequiredLinearHistory: off, AllowForcePushes: off, AllowDeletions: off, BlockCreations: off,
		RequiredConversationResolution: off, LockBranch: off, AllowForkSyncing: off, RequiredSignatures: off,
	}
}

// answer is offAnswer changed by fn.
func answer(fn func(g *github.Protection)) *github.Protection {
	g := offAnswer()
	fn(g)
	return g
}
