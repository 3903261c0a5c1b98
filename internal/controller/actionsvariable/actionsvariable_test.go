package actionsvariable

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// A scope is one of the ActionsVariable kinds, for the repository's
// variables or an environment's.
type scope struct {
	name     string
	env      string
	variable func(m ...mod) Object
	external func(api github.ActionsVariablesAPI, rec event.Recorder, found *github.ActionsVariable) kindtest.Client[Object]
}

func (s scope) ScopeName() string { return s.name }

var repo = kind.Repository{Owner: "demo-org", Name: "app"}

// scopeOf makes the scope of T, for the variables of the environment env
// ("" for the repository's), its name starting with prefix.
func scopeOf[T repoObject](s apis.Scope, newT func(namespace, name string) T) func(prefix, env string) scope {
	return func(prefix, env string) scope {
		return scope{
			name: prefix + string(s), env: env,
			variable: func(m ...mod) Object {
				v := newT("ns", "v")
				v.Parameters().Name = "region"
				v.Parameters().Value = "eu-west-1"
				for _, f := range m {
					f(v)
				}
				return v
			},
			external: func(api github.ActionsVariablesAPI, rec event.Recorder, found *github.ActionsVariable) kindtest.Client[Object] {
				e := repoExternal[T](api, repo, kind.Environment{Name: env}, rec)
				e.found = found
				return kindtest.Typed[Object, T]{E: e}
			},
		}
	}
}

var scopes = func() []scope {
	var ss []scope
	for _, in := range []struct{ prefix, env string }{{"", ""}, {"Environment", "production"}} {
		for _, of := range twins.EachActionsVariable(scopeOf, scopeOf) {
			ss = append(ss, of(in.prefix, in.env))
		}
	}
	return ss
}()

type mod func(Object)

func withExternalName(n string) mod { return func(o Object) { meta.SetExternalName(o, n) } }
func withPending(t time.Time) mod   { return func(o Object) { meta.SetExternalCreatePending(o, t) } }
func deleting() mod {
	return func(o Object) { now := metav1.Now(); o.SetDeletionTimestamp(&now) }
}

var createdAt = time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)

func variable(value string) *github.ActionsVariable {
	return &github.ActionsVariable{Name: "REGION", Value: value, CreatedAt: &createdAt, UpdatedAt: &createdAt}
}

// call is one request the fake GitHub was sent.
type call struct {
	Op, Env, Name string
	Req           *github.ActionsVariableRequest
}

type api struct {
	get       *github.ActionsVariable
	getErr    error
	createErr error
	updateErr error
	deleteErr error
}

func (a api) fake(t *testing.T, calls *[]call) *fake.MockActionsVariablesAPI {
	check := func(op, owner, name string) {
		if owner != repo.Owner || name != repo.Name {
			t.Errorf("%s(%s, %s): want demo-org/app", op, owner, name)
		}
	}
	return &fake.MockActionsVariablesAPI{
		MockGetVariable: func(_ context.Context, owner, name, env, v string) (*github.ActionsVariable, error) {
			check("GetVariable", owner, name)
			*calls = append(*calls, call{Op: "get", Env: env, Name: v})
			return a.get, a.getErr
		},
		MockCreateVariable: func(_ context.Context, owner, name, env string, r *github.ActionsVariableRequest) error {
			check("CreateVariable", owner, name)
			*calls = append(*calls, call{Op: "create", Env: env, Req: r})
			return a.createErr
		},
		MockUpdateVariable: func(_ context.Context, owner, name, env, v string, r *github.ActionsVariableRequest) error {
			check("UpdateVariable", owner, name)
			*calls = append(*calls, call{Op: "update", Env: env, Name: v, Req: r})
			return a.updateErr
		},
		MockDeleteVariable: func(_ context.Context, owner, name, env, v string) error {
			check("DeleteVariable", owner, name)
			*calls = append(*calls, call{Op: "delete", Env: env, Name: v})
			return a.deleteErr
		},
	}
}

func what(s scope, name string) string {
	if s.env == "" {
		return `Actions variable "` + name + `" of demo-org/app`
	}
	return `Actions variable "` + name + `" of environment "production" of demo-org/app`
}

func TestObserve(t *testing.T) {
	notFound := kindtest.GitHubErr(http.MethodGet, "/repos/demo-org/app/actions/variables/region", http.StatusNotFound, "Not Found")
	type want struct {
		o       managed.ExternalObservation
		err     func(s scope) error
		extName string
		events  []event.Reason
		value   *string
	}
	cases := map[string]struct {
		reason string
		api    api
		mg     []mod
		want   want
	}{
		"UpToDate": {
			reason: "GitHub's variable holds the declared value.",
			api:    api{get: variable("eu-west-1")}, mg: []mod{withExternalName("REGION")},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, extName: "REGION", value: ptr.To("eu-west-1")},
		},
		"Changed": {
			reason: "A value changed on GitHub is put back.",
			api:    api{get: variable("us-east-1")}, mg: []mod{withExternalName("REGION")},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "value"}, extName: "REGION", value: ptr.To("us-east-1")},
		},
		"Gone": {
			reason: "A variable GitHub no longer has does not exist, and says so in an event.",
			api:    api{getErr: notFound}, mg: []mod{withExternalName("REGION")},
			want: want{extName: "REGION", events: []event.Reason{kind.ReasonMissing}},
		},
		"NeverCreated": {
			api: api{getErr: notFound},
		},
		"SomeoneElses": {
			reason: "A variable of the name that this resource did not create is never taken over.",
			api:    api{get: variable("x")},
			want: want{err: func(s scope) error {
				return errors.Errorf(`%s already exists and this ActionsVariable did not create it: to manage it (its value becomes the declared one), set the annotation crossplane.io/external-name: "REGION"; or choose another name`, what(s, "REGION"))
			}},
		},
		"Recovered": {
			reason: "A create interrupted after GitHub made the variable finds it by name and creation time.",
			api:    api{get: variable("eu-west-1")}, mg: []mod{withPending(createdAt.Add(-time.Second))},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true}, extName: "REGION",
				events: []event.Reason{kind.ReasonRecovered}, value: ptr.To("eu-west-1")},
		},
		"DeletingNeverCreated": {
			reason: "Someone else's variable is not ours to delete.",
			api:    api{get: variable("x")}, mg: []mod{deleting()},
		},
		"OtherExternalName": {
			mg: []mod{withExternalName("OTHER")},
			want: want{extName: "OTHER", err: func(scope) error {
				return errors.New(`the crossplane.io/external-name annotation "OTHER" is not the variable's name "region" (spec.forProvider.name): set the annotation to the name, or remove it to create the variable`)
			}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				var calls []call
				rec := &kindtest.Recorder{}
				mg := s.variable(tc.mg...)
				got, err := s.external(tc.api.fake(t, &calls), rec, nil).Observe(context.Background(), mg)
				var wantErr error
				if tc.want.err != nil {
					wantErr = tc.want.err(s)
				}
				if diff := cmp.Diff(wantErr, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.o, got); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
				}
				if ext := meta.GetExternalName(mg); ext != tc.want.extName {
					t.Errorf("\n%s\nexternal name %q, want %q", tc.reason, ext, tc.want.extName)
				}
				if diff := cmp.Diff(tc.want.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nevents: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.value, mg.(repoObject).Observation().Value); diff != "" {
					t.Errorf("\n%s\nstatus value: -want, +got:\n%s", tc.reason, diff)
				}
				for _, c := range calls {
					if c.Env != s.env || c.Name != "region" {
						t.Errorf("GitHub call %+v, want variable region of environment %q", c, s.env)
					}
				}
			})
		})
	}
}

func TestCreateUpdateDelete(t *testing.T) {
	conflict := kindtest.GitHubErr(http.MethodPost, "/repos/demo-org/app/actions/variables", http.StatusConflict, "Already exists - Variable already exists")
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		var calls []call
		mg := s.variable()
		if _, err := s.external(api{}.fake(t, &calls), &kindtest.Recorder{}, nil).Create(context.Background(), mg); err != nil {
			t.Fatalf("Create(...): %v", err)
		}
		if ext := meta.GetExternalName(mg); ext != "REGION" {
			t.Errorf("external name %q, want REGION", ext)
		}
		_, err := s.external(api{createErr: conflict}.fake(t, &calls), &kindtest.Recorder{}, nil).Create(context.Background(), s.variable())
		want := errors.Errorf(`%s already exists and this ActionsVariable did not create it: to manage it (its value becomes the declared one), set the annotation crossplane.io/external-name: "REGION"; or choose another name`, what(s, "REGION"))
		if diff := cmp.Diff(want, err, test.EquateErrors()); diff != "" {
			t.Errorf("Create(taken): -want error, +got error:\n%s", diff)
		}
		if _, err := s.external(api{}.fake(t, &calls), &kindtest.Recorder{}, variable("x")).Update(context.Background(), s.variable()); err != nil {
			t.Fatalf("Update(...): %v", err)
		}
		gone := kindtest.GitHubErr(http.MethodDelete, "/repos/demo-org/app/actions/variables/REGION", http.StatusNotFound, "Not Found")
		if _, err := s.external(api{deleteErr: gone}.fake(t, &calls), &kindtest.Recorder{}, variable("x")).Delete(context.Background(), s.variable()); err != nil {
			t.Errorf("Delete(already gone): %v, want none", err)
		}
		wantCalls := []call{
			{Op: "create", Env: s.env, Req: &github.ActionsVariableRequest{Name: "region", Value: "eu-west-1"}},
			{Op: "create", Env: s.env, Req: &github.ActionsVariableRequest{Name: "region", Value: "eu-west-1"}},
			{Op: "update", Env: s.env, Name: "REGION", Req: &github.ActionsVariableRequest{Value: "eu-west-1"}},
			{Op: "delete", Env: s.env, Name: "REGION"},
		}
		if diff := cmp.Diff(wantCalls, calls); diff != "" {
			t.Errorf("GitHub calls: -want, +got:\n%s", diff)
		}
	})
}
