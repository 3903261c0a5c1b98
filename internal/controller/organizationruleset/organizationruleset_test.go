package organizationruleset

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis"
	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	repocommon "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	ors "github.com/crossplane-github/provider-github/internal/clients/organizationruleset"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// A scope is one of the OrganizationRuleset kinds.
type scope struct {
	name     string
	object   func(m ...mod) Object
	external func(api github.OrgRulesetsAPI, rec event.Recorder) kindtest.Client[Object]
}

func (s scope) ScopeName() string { return s.name }

var in = kind.Organization{Login: "demo-org"}

// resolved is what connect finds of the spec: team platform is 42,
// repository svc 700.
var resolved = ors.Resolved{Teams: map[int]int64{0: 42}, RepositoryIDs: []int64{700}}

func scopeOf[T Object](s apis.Scope, newT func(namespace, name string) T) scope {
	return scope{
		name: string(s),
		object: func(m ...mod) Object {
			o := newT("ns", "x")
			p := o.Parameters()
			p.Name, p.Target, p.Enforcement = "bug", "branch", "active"
			p.BypassActors = []orgcommon.OrganizationRulesetBypassActor{{ActorType: "Team", TeamSlug: ptr.To("platform")}}
			p.Conditions = orgcommon.OrganizationRulesetConditions{RefName: &repocommon.RulesetRefName{Include: []string{"~DEFAULT_BRANCH"}},
				RepositoryID: &orgcommon.RulesetRepositoryID{Repositories: []string{"svc"}}}
			p.Rules = &repocommon.RulesetRules{Deletion: true}
			for _, f := range m {
				f(o)
			}
			return o
		},
		external: func(api github.OrgRulesetsAPI, rec event.Recorder) kindtest.Client[Object] {
			return kindtest.Typed[Object, T]{E: &external[T]{api: api, in: in, record: rec, resolved: resolved}}
		},
	}
}

var scopes = twins.EachOrganizationRuleset(scopeOf, scopeOf)

type mod func(Object)

func withExternalName(n string) mod { return func(o Object) { meta.SetExternalName(o, n) } }
func withLostCreate(t time.Time) mod {
	return func(o Object) {
		meta.SetExternalCreatePending(o, t)
		meta.SetExternalCreateFailed(o, t.Add(time.Second))
	}
}
func deleting() mod { return func(o Object) { now := metav1.Now(); o.SetDeletionTimestamp(&now) } }

var createdAt = time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)

// gh is a fake GitHub holding at most one organization ruleset, and one
// of another source listed beside it.
type gh struct {
	has   *github.Ruleset
	calls []string
	// taken: a create is refused as GitHub refuses a name in use.
	taken bool
}

func (g *gh) api() *fake.MockOrgRulesetsAPI {
	notFound := kindtest.GitHubErr(http.MethodGet, "/orgs/demo-org/rulesets/x", http.StatusNotFound, "Not Found")
	return &fake.MockOrgRulesetsAPI{
		MockListOrgRulesets: func(context.Context, string) ([]github.Ruleset, error) {
			g.calls = append(g.calls, "list")
			if g.has == nil {
				return nil, nil
			}
			return []github.Ruleset{*g.has}, nil
		},
		MockGetOrgRuleset: func(_ context.Context, _ string, id int64) (*github.Ruleset, error) {
			g.calls = append(g.calls, "get")
			if g.has == nil || g.has.ID != id {
				return nil, notFound
			}
			c := *g.has
			return &c, nil
		},
		MockCreateOrgRuleset: func(_ context.Context, _ string, r *github.RulesetRequest) (*github.Ruleset, error) {
			g.calls = append(g.calls, "create")
			if g.taken {
				return nil, kindtest.GitHubErr(http.MethodPost, "/orgs/demo-org/rulesets", http.StatusUnprocessableEntity, "Validation Failed: Name must be unique")
			}
			g.has = answered(r, createdAt)
			return g.has, nil
		},
		MockUpdateOrgRuleset: func(_ context.Context, _ string, id int64, r *github.RulesetRequest) (*github.Ruleset, error) {
			g.calls = append(g.calls, "update")
			g.has = answered(r, *g.has.CreatedAt)
			return g.has, nil
		},
		MockDeleteOrgRuleset: func(_ context.Context, _ string, id int64) error {
			g.calls = append(g.calls, "delete")
			g.has = nil
			return nil
		},
	}
}

// answered is the ruleset GitHub keeps of the request r, made at made.
func answered(r *github.RulesetRequest, made time.Time) *github.Ruleset {
	return &github.Ruleset{ID: 7, Name: r.Name, Target: r.Target, Enforcement: r.Enforcement, SourceType: "Organization", Source: "demo-org",
		BypassActors: r.BypassActors, Conditions: r.Conditions, Rules: r.Rules, CreatedAt: &made}
}

// existing is the declared ruleset on GitHub, made at made, changed by
// mods.
func existing(made time.Time, mods ...func(*github.Ruleset)) *github.Ruleset {
	o := scopes[0].object()
	r := answered(ors.Request(o.Parameters(), resolved, nil), made)
	for _, m := range mods {
		m(r)
	}
	return r
}

// otherRepos is a change on GitHub: the ruleset covers another repository.
func otherRepos(r *github.Ruleset) {
	r.Conditions = &github.RulesetConditions{RefName: r.Conditions.RefName, RepositoryID: &github.RulesetRepositoryID{RepositoryIDs: []int64{1}}}
}

const ext = "7"

func TestObserve(t *testing.T) {
	type want struct {
		o      managed.ExternalObservation
		err    bool
		ext    string
		events []event.Reason
	}
	cases := map[string]struct {
		reason string
		has    *github.Ruleset
		mg     []mod
		want   want
	}{
		"UpToDate": {
			reason: "GitHub's organization ruleset is as declared.",
			has:    existing(createdAt), mg: []mod{withExternalName(ext)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: ext},
		},
		"Changed": {
			reason: "Repositories changed on GitHub are put back.",
			has:    existing(createdAt, otherRepos), mg: []mod{withExternalName(ext)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "conditions.repositoryId"}, ext: ext},
		},
		"Gone": {
			reason: "A organization ruleset GitHub no longer has does not exist, and an event says so.",
			mg:     []mod{withExternalName(ext)},
			want:   want{ext: ext, events: []event.Reason{kind.ReasonMissing}},
		},
		"NeverCreated": {
			reason: "Before the create there is nothing.",
		},
		"SomeoneElses": {
			reason: "A organization ruleset this resource did not create is never taken over: without an external name it is not looked for.",
			has:    existing(createdAt),
			want:   want{},
		},
		"Recovered": {
			reason: "A lost create's exact result is recovered.",
			has:    existing(createdAt), mg: []mod{withLostCreate(createdAt.Add(-time.Second))},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true}, ext: ext,
				events: []event.Reason{kind.ReasonRecovered}},
		},
		"LookAlikeAfterALostCreate": {
			reason: "A organization ruleset that differs from what the lost create sent is someone else's.",
			has:    existing(createdAt, otherRepos), mg: []mod{withLostCreate(createdAt.Add(-time.Second))},
			want: want{},
		},
		"DeletingSomeoneElses": {
			reason: "Someone else's organization ruleset is not ours to delete.",
			has:    existing(createdAt), mg: []mod{deleting()},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				g := &gh{has: tc.has}
				rec := &kindtest.Recorder{}
				mg := s.object(tc.mg...)
				got, err := s.external(g.api(), rec).Observe(context.Background(), mg)
				if (err != nil) != tc.want.err {
					t.Errorf("\n%s\nObserve(...): error %v, want an error: %t", tc.reason, err, tc.want.err)
				}
				if diff := cmp.Diff(tc.want.o, got); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
				}
				if e := meta.GetExternalName(mg); e != tc.want.ext {
					t.Errorf("\n%s\nexternal name %q, want %q", tc.reason, e, tc.want.ext)
				}
				if diff := cmp.Diff(tc.want.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nevents: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

// Create makes the ruleset and names it; an update puts the declared
// repositories back, keeping a rule GitHub has that the spec does not
// model; a delete deletes it.
func TestCreateUpdateDelete(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		g := &gh{}
		mg := s.object()
		e := s.external(g.api(), &kindtest.Recorder{})
		if _, err := e.Create(context.Background(), mg); err != nil {
			t.Fatalf("Create(...): %v", err)
		}
		if got := meta.GetExternalName(mg); got != ext {
			t.Errorf("external name %q, want %q", got, ext)
		}
		if got := g.has.BypassActors; len(got) != 1 || ptr.Deref(got[0].ActorID, 0) != 42 {
			t.Errorf("bypass actors sent %+v, want team 42 (platform, resolved)", got)
		}
		otherRepos(g.has)
		g.has.Rules = append(g.has.Rules, github.RulesetRule{Type: "workflows", Parameters: json.RawMessage(`{"workflows":[]}`)})
		if o, err := e.Observe(context.Background(), mg); err != nil || o.ResourceUpToDate {
			t.Fatalf("Observe(...): %+v, %v: want drift", o, err)
		}
		if got := mg.Observation().KeptRules; !cmp.Equal(got, []string{"workflows"}) {
			t.Errorf("keptRules %v, want [workflows]", got)
		}
		if _, err := e.Update(context.Background(), mg); err != nil {
			t.Fatalf("Update(...): %v", err)
		}
		if got := g.has.Conditions.RepositoryID; got == nil || !cmp.Equal(got.RepositoryIDs, []int64{700}) {
			t.Errorf("repository ids after the update %+v, want the declared [700]", got)
		}
		if n := len(g.has.Rules); n != 2 || g.has.Rules[1].Type != "workflows" {
			t.Errorf("rules after the update %+v, want deletion and the kept workflows", g.has.Rules)
		}
		if o, err := e.Observe(context.Background(), mg); err != nil || !o.ResourceUpToDate {
			t.Fatalf("Observe(...) after the update: %+v, %v: want up to date", o, err)
		}
		if _, err := e.Delete(context.Background(), mg); err != nil || g.has != nil {
			t.Errorf("Delete(...): %v; GitHub has %+v, want nothing", err, g.has)
		}
	})
}

// A name the organization already has is refused with the id to adopt it
// by, never taken over.
func TestCreateNameTaken(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		g := &gh{has: existing(createdAt, otherRepos), taken: true}
		g.has.ID = 99
		mg := s.object()
		_, err := s.external(g.api(), &kindtest.Recorder{}).Create(context.Background(), mg)
		if err == nil || !strings.Contains(err.Error(), `crossplane.io/external-name: "99"`) {
			t.Errorf("Create(...): %v, want the refusal naming the annotation and id 99", err)
		}
		if e := meta.GetExternalName(mg); e != "" {
			t.Errorf("external name %q, want none", e)
		}
	})
}
