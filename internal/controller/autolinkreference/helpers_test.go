package autolinkreference

import (
	"context"
	"net/http"
	"sort"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	gogithub "github.com/google/go-github/v37/github"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/crossplane-github/provider-github/apis"
	mapping "github.com/crossplane-github/provider-github/internal/clients/autolinkreference"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

const (
	prefix = "TICKET-"
	tmpl   = "https://jira.example.com/browse/TICKET-<num>"
)

// A scope is one of the AutolinkReference kinds.
type scope struct {
	name     string
	object   func(m ...mod) Object
	external func(api github.AutolinksAPI, rec event.Recorder, kube client.Client) kindtest.Client[Object]
}

func (s scope) ScopeName() string { return s.name }

var in = kind.Repository{Owner: "demo-org", Name: "app"}

func scopeOf[T Object](s apis.Scope, newT func(namespace, name string) T) scope {
	return scope{
		name: string(s),
		object: func(m ...mod) Object {
			o := newT("ns", "x")
			o.Parameters().KeyPrefix = prefix
			o.Parameters().URLTemplate = tmpl
			o.Parameters().IsAlphanumeric = ptr.To(true)
			for _, f := range m {
				f(o)
			}
			return o
		},
		external: func(api github.AutolinksAPI, rec event.Recorder, kube client.Client) kindtest.Client[Object] {
			return kindtest.Typed[Object, T]{E: &external[T]{api: api, in: in, recorder: rec, kube: kube}}
		},
	}
}

var scopes = twins.EachAutolinkReference(scopeOf, scopeOf)

type mod func(Object)

func withExternalName(n string) mod { return func(o Object) { meta.SetExternalName(o, n) } }
func withTemplate(t string) mod     { return func(o Object) { o.Parameters().URLTemplate = t } }
func withPrefix(p string) mod       { return func(o Object) { o.Parameters().KeyPrefix = p } }
func withReplacing(v string) mod {
	return func(o Object) { meta.AddAnnotations(o, map[string]string{AnnotationReplacing: v}) }
}
func withLostCreate() mod {
	return func(o Object) {
		meta.SetExternalCreatePending(o, createdAt)
		meta.SetExternalCreateFailed(o, createdAt.Add(1e9))
	}
}
func deleting() mod { return func(o Object) { now := metav1.Now(); o.SetDeletionTimestamp(&now) } }

var createdAt = metav1.Date(2026, 5, 1, 12, 0, 0, 0, metav1.Now().Location()).Time

// gh is a fake repository's autolinks, which refuses overlapping prefixes
// as GitHub does.
type gh struct {
	has   map[int64]github.Autolink
	next  int64
	calls []string
}

func newGH(as ...github.Autolink) *gh {
	g := &gh{has: map[int64]github.Autolink{}, next: 10}
	for _, a := range as {
		g.has[a.ID] = a
	}
	return g
}

func (g *gh) list() []github.Autolink {
	var l []github.Autolink
	for _, a := range g.has {
		l = append(l, a)
	}
	sort.Slice(l, func(i, j int) bool { return l[i].ID < l[j].ID })
	return l
}

func notFound() error {
	return kindtest.GitHubErr(http.MethodGet, "/repos/demo-org/app/autolinks/1", http.StatusNotFound, "Not Found")
}

func (g *gh) api() *fake.MockAutolinksAPI {
	return &fake.MockAutolinksAPI{
		MockListAutolinks: func(context.Context, string, string) ([]github.Autolink, error) {
			g.calls = append(g.calls, "list")
			return g.list(), nil
		},
		MockGetAutolink: func(_ context.Context, _, _ string, id int64) (*github.Autolink, error) {
			g.calls = append(g.calls, "get")
			a, ok := g.has[id]
			if !ok {
				return nil, notFound()
			}
			return &a, nil
		},
		MockCreateAutolink: func(_ context.Context, _, _ string, r *github.AutolinkRequest) (*github.Autolink, error) {
			g.calls = append(g.calls, "create")
			if mapping.Overlapping(g.list(), r.KeyPrefix, 0) != nil {
				return nil, kindtest.GitHubErr(http.MethodPost, "/repos/demo-org/app/autolinks", http.StatusUnprocessableEntity, "Validation Failed",
					gogithubError("KeyLink", "key_prefix", "already_exists"))
			}
			a := github.Autolink{ID: g.next, KeyPrefix: r.KeyPrefix, URLTemplate: r.URLTemplate, IsAlphanumeric: ptr.Deref(r.IsAlphanumeric, true)}
			g.next++
			g.has[a.ID] = a
			return &a, nil
		},
		MockDeleteAutolink: func(_ context.Context, _, _ string, id int64) error {
			g.calls = append(g.calls, "delete")
			if _, ok := g.has[id]; !ok {
				return notFound()
			}
			delete(g.has, id)
			return nil
		},
	}
}

// kube is a fake API server that keeps what Update saves of a resource.
type kube struct {
	saved   []map[string]string // the annotations of each save
	failure error
}

func (k *kube) client() client.Client {
	return &test.MockClient{MockUpdate: func(_ context.Context, obj client.Object, _ ...client.UpdateOption) error {
		if k.failure != nil {
			return k.failure
		}
		a := map[string]string{}
		for key, v := range obj.GetAnnotations() {
			a[key] = v
		}
		k.saved = append(k.saved, a)
		return nil
	}}
}

// gogithubError is an entry of GitHub's 422 errors.
func gogithubError(resource, field, code string) gogithub.Error {
	return gogithub.Error{Resource: resource, Field: field, Code: code}
}
