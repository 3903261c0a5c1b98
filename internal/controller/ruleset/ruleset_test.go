package ruleset

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	gogithub "github.com/google/go-github/v37/github"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	rs "github.com/crossplane-github/provider-github/internal/clients/ruleset"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
)

const rulesetPath = "/repos/demo-org/app/rulesets"

// call is one request the fake GitHub was sent.
type call struct {
	Op  string
	ID  int64
	Req *github.RulesetRequest
}

// api builds the fake GitHub of a case from the answers it gives. A
// method whose answer the case does not give fails the test when called.
type api struct {
	get       *github.Ruleset
	getErr    error
	list      []github.Ruleset
	listErr   error
	create    *github.Ruleset
	createErr error
	updateErr error
	deleteErr error
}

func (a api) fake(t *testing.T, calls *[]call) *fake.MockRulesetsAPI {
	t.Helper()
	check := func(op, owner, repoName string) {
		if owner != repo.Owner || repoName != repo.Name {
			t.Errorf("%s(%s, %s): want demo-org/app", op, owner, repoName)
		}
	}
	return &fake.MockRulesetsAPI{
		MockGetRuleset: func(_ context.Context, owner, repoName string, id int64) (*github.Ruleset, error) {
			check("GetRuleset", owner, repoName)
			*calls = append(*calls, call{Op: "get", ID: id})
			if a.get == nil && a.getErr == nil {
				t.Errorf("GetRuleset(%d) called: the case does not expect it", id)
			}
			return a.get, a.getErr
		},
		MockListRulesets: func(_ context.Context, owner, repoName string) ([]github.Ruleset, error) {
			check("ListRulesets", owner, repoName)
			*calls = append(*calls, call{Op: "list"})
			if a.list == nil && a.listErr == nil {
				t.Error("ListRulesets called: the case does not expect it")
			}
			return a.list, a.listErr
		},
		MockCreateRuleset: func(_ context.Context, owner, repoName string, r *github.RulesetRequest) (*github.Ruleset, error) {
			check("CreateRuleset", owner, repoName)
			*calls = append(*calls, call{Op: "create", Req: r})
			return a.create, a.createErr
		},
		MockUpdateRuleset: func(_ context.Context, owner, repoName string, id int64, r *github.RulesetRequest) (*github.Ruleset, error) {
			check("UpdateRuleset", owner, repoName)
			*calls = append(*calls, call{Op: "update", ID: id, Req: r})
			return &github.Ruleset{ID: id}, a.updateErr
		},
		MockDeleteRuleset: func(_ context.Context, owner, repoName string, id int64) error {
			check("DeleteRuleset", owner, repoName)
			*calls = append(*calls, call{Op: "delete", ID: id})
			return a.deleteErr
		},
	}
}

// asJSON compares raw JSON parameters by value.
var asJSON = cmp.Transformer("json", func(m json.RawMessage) any {
	var v any
	if len(m) == 0 || json.Unmarshal(m, &v) != nil {
		return string(m)
	}
	return v
})

func TestObserve(t *testing.T) {
	pending := createdAt.Add(-2 * time.Second)
	type want struct {
		o       managed.ExternalObservation
		err     error
		obs     common.RulesetObservation
		ready   bool
		extName string
		calls   []call
		events  []event.Reason
	}
	observed := rs.Observation("demo-org/app", answer(4100001), params())
	cases := map[string]struct {
		reason string
		api    api
		mg     []mod
		want   want
	}{
		"NeverCreated": {
			reason: "Without an external name or a create under way there is no ruleset to read: nothing is asked of GitHub.",
			want:   want{o: managed.ExternalObservation{ResourceExists: false}},
		},
		"UpToDate": {
			reason: "GitHub's answer, its defaults filled in, is the declared ruleset: up to date and Available.",
			api:    api{get: answer(4100001)},
			mg:     []mod{withExternalName("4100001")},
			want: want{
				o:   managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true},
				obs: observed, ready: true, extName: "4100001",
				calls: []call{{Op: "get", ID: 4100001}},
			},
		},
		"Drift": {
			reason: "A ruleset changed on GitHub is not up to date; the diff names the fields.",
			api: api{get: answer(4100001, func(r *github.Ruleset) {
				r.Enforcement, r.Name = "disabled", "renamed"
				r.Rules = r.Rules[:1]
			})},
			mg: []mod{withExternalName("4100001")},
			want: want{
				o: managed.ExternalObservation{ResourceExists: true, Diff: "name, enforcement, rules.requiredStatusChecks"},
				obs: func() common.RulesetObservation {
					o := observed
					o.RuleTypes = []string{"pull_request"}
					return o
				}(),
				ready: true, extName: "4100001",
				calls: []call{{Op: "get", ID: 4100001}},
			},
		},
		"Gone": {
			reason: "A ruleset deleted on GitHub does not exist: it is created again, with a warning.",
			api:    api{getErr: ghErr(http.MethodGet, rulesetPath+"/4100001", http.StatusNotFound, "Not Found")},
			mg:     []mod{withExternalName("4100001")},
			want: want{
				o: managed.ExternalObservation{ResourceExists: false}, extName: "4100001",
				calls:  []call{{Op: "get", ID: 4100001}},
				events: []event.Reason{kind.ReasonMissing},
			},
		},
		"GoneWhileDeleting": {
			reason: "A ruleset already gone when the resource is deleted is simply gone.",
			api:    api{getErr: ghErr(http.MethodGet, rulesetPath+"/4100001", http.StatusNotFound, "Not Found")},
			mg:     []mod{withExternalName("4100001"), deleting()},
			want: want{
				o: managed.ExternalObservation{ResourceExists: false}, extName: "4100001",
				calls: []call{{Op: "get", ID: 4100001}},
			},
		},
		"ReadFails": {
			reason: "Any answer but a 404 is an error, worded with what was attempted.",
			api:    api{getErr: ghErr(http.MethodGet, rulesetPath+"/4100001", http.StatusBadGateway, "Bad Gateway")},
			mg:     []mod{withExternalName("4100001")},
			want: want{
				err:     errors.Wrap(ghErr(http.MethodGet, rulesetPath+"/4100001", http.StatusBadGateway, "Bad Gateway"), "cannot read ruleset 4100001 of demo-org/app"),
				extName: "4100001", calls: []call{{Op: "get", ID: 4100001}},
			},
		},
		"ExternalNameNotAnID": {
			reason: "An external name that is not a ruleset id says how to fix it.",
			mg:     []mod{withExternalName("protect-main")},
			want: want{
				err:     errors.New(`the crossplane.io/external-name annotation "protect-main" is not a ruleset id: set it to the number at the end of the ruleset's address on GitHub (…/rules/<id>), or remove it to create the ruleset`),
				extName: "protect-main",
			},
		},
		"ExternalNameNotAnIDWhileDeleting": {
			reason: "A resource being deleted whose external name names no ruleset has nothing to delete.",
			mg:     []mod{withExternalName("protect-main"), deleting()},
			want:   want{o: managed.ExternalObservation{ResourceExists: false}, extName: "protect-main"},
		},
		"InterruptedCreateRecovered": {
			reason: "A create whose record was lost is found by name (without regard to case) and creation time; the external name is set and saved.",
			api: api{
				list: []github.Ruleset{{ID: 7, Name: "tags", CreatedAt: &createdAt}, {ID: 4100001, Name: "Protect-Main", CreatedAt: &createdAt}},
				get:  answer(4100001),
			},
			mg: []mod{withPending(pending)},
			want: want{
				o:   managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true},
				obs: observed, ready: true, extName: "4100001",
				calls:  []call{{Op: "list"}, {Op: "get", ID: 4100001}},
				events: []event.Reason{kind.ReasonRecovered},
			},
		},
		"LookAlikeWithOtherSettings": {
			reason: "A ruleset of the same name created during the create, but not the one this resource declares, is not taken over either.",
			api: api{
				list: []github.Ruleset{{ID: 4100001, Name: "protect-main", CreatedAt: &createdAt}},
				get:  answer(4100001, func(r *github.Ruleset) { r.Enforcement = "disabled" }),
			},
			mg:   []mod{withPending(pending)},
			want: want{o: managed.ExternalObservation{ResourceExists: false}, calls: []call{{Op: "list"}, {Op: "get", ID: 4100001}}},
		},
		"RecoveryReadFails": {
			api: api{
				list:   []github.Ruleset{{ID: 4100001, Name: "protect-main", CreatedAt: &createdAt}},
				getErr: ghErr(http.MethodGet, rulesetPath+"/4100001", http.StatusInternalServerError, "boom"),
			},
			mg: []mod{withPending(pending)},
			want: want{
				err:   errors.Wrap(ghErr(http.MethodGet, rulesetPath+"/4100001", http.StatusInternalServerError, "boom"), "cannot read ruleset 4100001 of demo-org/app to tell whether an interrupted create made it"),
				calls: []call{{Op: "list"}, {Op: "get", ID: 4100001}},
			},
		},
		"LookAlikeNotAdopted": {
			reason: "A ruleset of the same name that GitHub created before this resource's create started is someone else's: it is not taken over, whatever its settings.",
			api:    api{list: []github.Ruleset{{ID: 4100001, Name: "protect-main", CreatedAt: ptr.To(pending.Add(-time.Minute))}}},
			mg:     []mod{withPending(pending)},
			want:   want{o: managed.ExternalObservation{ResourceExists: false}, calls: []call{{Op: "list"}}},
		},
		"NoRulesetOfThatName": {
			reason: "A create under way that GitHub did not complete left nothing: the create is made again.",
			api:    api{list: []github.Ruleset{{ID: 7, Name: "tags", CreatedAt: &createdAt}}},
			mg:     []mod{withPending(pending)},
			want:   want{o: managed.ExternalObservation{ResourceExists: false}, calls: []call{{Op: "list"}}},
		},
		"RecoveryWithoutRepository": {
			reason: "Without the repository there is no ruleset of ours; Create says what is missing.",
			api:    api{listErr: ghErr(http.MethodGet, rulesetPath, http.StatusNotFound, "Not Found")},
			mg:     []mod{withPending(pending)},
			want:   want{o: managed.ExternalObservation{ResourceExists: false}, calls: []call{{Op: "list"}}},
		},
		"RecoveryListFails": {
			api: api{listErr: ghErr(http.MethodGet, rulesetPath, http.StatusInternalServerError, "boom")},
			mg:  []mod{withPending(pending)},
			want: want{
				err:   errors.Wrap(ghErr(http.MethodGet, rulesetPath, http.StatusInternalServerError, "boom"), "cannot list the rulesets of demo-org/app to look for one an interrupted create made"),
				calls: []call{{Op: "list"}},
			},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				var calls []call
				rec := &kindtest.Recorder{}
				mg := s.ruleset(tc.mg...)
				e := s.external(tc.api.fake(t, &calls), rec, found{})
				got, err := e.Observe(context.Background(), mg)
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.o, got); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.obs, *mg.Observation()); diff != "" {
					t.Errorf("\n%s\nstatus.atProvider: -want, +got:\n%s", tc.reason, diff)
				}
				if ready := mg.GetCondition(xpv2.TypeReady).Reason == xpv2.ReasonAvailable; ready != tc.want.ready {
					t.Errorf("\n%s\nAvailable: %t, want %t", tc.reason, ready, tc.want.ready)
				}
				if ext := meta.GetExternalName(mg); ext != tc.want.extName {
					t.Errorf("\n%s\nexternal name %q, want %q", tc.reason, ext, tc.want.extName)
				}
				if diff := cmp.Diff(tc.want.calls, calls); diff != "" {
					t.Errorf("\n%s\nGitHub calls: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nevents: -want, +got:\n%s", tc.reason, diff)
				}
				if tc.want.o.ResourceExists && e.found().observed == nil {
					t.Errorf("\n%s\nObserve left no ruleset for Update and Delete", tc.reason)
				}
			})
		})
	}
}

func TestCreate(t *testing.T) {
	taken := ghErr(http.MethodPost, rulesetPath, http.StatusUnprocessableEntity, "Validation Failed", "Name must be unique")
	type want struct {
		err     error
		extName string
		calls   []call
	}
	cases := map[string]struct {
		reason string
		api    api
		found  found
		want   want
	}{
		"Created": {
			reason: "The declared ruleset is created; the id GitHub assigns is the external name.",
			api:    api{create: answer(4100002)},
			want: want{
				extName: "4100002",
				calls:   []call{{Op: "create", Req: rs.Request(params(), nil)}},
			},
		},
		"NameTaken": {
			reason: "A ruleset of the same name is not taken over: the error says its id and how to adopt it.",
			api:    api{createErr: taken, list: []github.Ruleset{{ID: 4100001, Name: "Protect-Main"}}},
			want: want{
				err:   errors.New(`demo-org/app already has a ruleset called "Protect-Main" (id 4100001), which this Ruleset did not create: to manage it, set the annotation crossplane.io/external-name: "4100001"; or choose another name`),
				calls: []call{{Op: "create", Req: rs.Request(params(), nil)}, {Op: "list"}},
			},
		},
		"NameTakenListedByObserve": {
			reason: "The rulesets Observe listed are not listed again.",
			api:    api{createErr: taken},
			found:  found{listed: []github.Ruleset{{ID: 4100001, Name: "protect-main"}}},
			want: want{
				err:   errors.New(`demo-org/app already has a ruleset called "protect-main" (id 4100001), which this Ruleset did not create: to manage it, set the annotation crossplane.io/external-name: "4100001"; or choose another name`),
				calls: []call{{Op: "create", Req: rs.Request(params(), nil)}},
			},
		},
		"NameTakenSinceObserveListed": {
			reason: "A ruleset created since Observe listed the repository's is found by listing again.",
			api:    api{createErr: taken, list: []github.Ruleset{{ID: 4100009, Name: "protect-main"}}},
			found:  found{listed: []github.Ruleset{{ID: 7, Name: "tags"}}},
			want: want{
				err:   errors.New(`demo-org/app already has a ruleset called "protect-main" (id 4100009), which this Ruleset did not create: to manage it, set the annotation crossplane.io/external-name: "4100009"; or choose another name`),
				calls: []call{{Op: "create", Req: rs.Request(params(), nil)}, {Op: "list"}},
			},
		},
		"NameTakenNotFound": {
			reason: "When the list does not show the ruleset, the error still says how to adopt it.",
			api:    api{createErr: taken, listErr: errors.New("boom")},
			want: want{
				err:   errors.New(`demo-org/app already has a ruleset called "protect-main" (GitHub compares ruleset names without regard to case), which this Ruleset did not create: to manage it, set the annotation crossplane.io/external-name to its id (the number at the end of its address on GitHub, …/rules/<id>); or choose another name`),
				calls: []call{{Op: "create", Req: rs.Request(params(), nil)}, {Op: "list"}},
			},
		},
		"NoRepository": {
			reason: "A repository GitHub does not show is named.",
			api:    api{createErr: ghErr(http.MethodPost, rulesetPath, http.StatusNotFound, "Not Found")},
			want: want{
				err:   errors.Wrap(ghErr(http.MethodPost, rulesetPath, http.StatusNotFound, "Not Found"), `cannot create ruleset "protect-main": cannot find repository demo-org/app`),
				calls: []call{{Op: "create", Req: rs.Request(params(), nil)}},
			},
		},
		"Refused": {
			reason: "Another refusal is GitHub's sentence, with what was attempted.",
			api:    api{createErr: ghErr(http.MethodPost, rulesetPath, http.StatusUnprocessableEntity, "Validation Failed", "Invalid actor: Team 99")},
			want: want{
				err:   errors.Wrap(ghErr(http.MethodPost, rulesetPath, http.StatusUnprocessableEntity, "Validation Failed", "Invalid actor: Team 99"), `cannot create ruleset "protect-main" in demo-org/app`),
				calls: []call{{Op: "create", Req: rs.Request(params(), nil)}},
			},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				var calls []call
				mg := s.ruleset()
				_, err := s.external(tc.api.fake(t, &calls), &kindtest.Recorder{}, tc.found).Create(context.Background(), mg)
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nCreate(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if ext := meta.GetExternalName(mg); ext != tc.want.extName {
					t.Errorf("\n%s\nexternal name %q, want %q", tc.reason, ext, tc.want.extName)
				}
				if diff := cmp.Diff(tc.want.calls, calls, asJSON); diff != "" {
					t.Errorf("\n%s\nGitHub calls: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

func TestUpdate(t *testing.T) {
	kept := answer(4100001, func(r *github.Ruleset) {
		r.Name = "renamed-on-github"
		r.Rules = append(r.Rules, github.RulesetRule{Type: "workflows", Parameters: []byte(`{"workflows":[]}`)})
	})
	type want struct {
		err   error
		calls []call
	}
	cases := map[string]struct {
		reason string
		api    api
		found  found
		want   want
	}{
		"Replaced": {
			reason: "The ruleset is replaced with the declared one, renamed back, with the rules the spec does not model kept.",
			found:  found{observed: kept},
			want:   want{calls: []call{{Op: "update", ID: 4100001, Req: rs.Request(params(), kept)}}},
		},
		"NameTaken": {
			reason: "Renaming to a name another ruleset has says so.",
			api:    api{updateErr: ghErr(http.MethodPut, rulesetPath+"/4100001", http.StatusUnprocessableEntity, "Validation Failed", "Name must be unique")},
			found:  found{observed: kept},
			want: want{
				err:   errors.New(`cannot rename ruleset 4100001 of demo-org/app from "renamed-on-github" to "protect-main": another ruleset of the repository has that name (GitHub compares ruleset names without regard to case); rename or delete that one, or choose another name`),
				calls: []call{{Op: "update", ID: 4100001, Req: rs.Request(params(), kept)}},
			},
		},
		"Refused": {
			api:   api{updateErr: ghErr(http.MethodPut, rulesetPath+"/4100001", http.StatusForbidden, "Must have admin rights to Repository.")},
			found: found{observed: answer(4100001)},
			want: want{
				err:   errors.Wrap(ghErr(http.MethodPut, rulesetPath+"/4100001", http.StatusForbidden, "Must have admin rights to Repository."), `cannot update ruleset "protect-main" (id 4100001) of demo-org/app`),
				calls: []call{{Op: "update", ID: 4100001, Req: rs.Request(params(), answer(4100001))}},
			},
		},
		"NotObserved": {
			want: want{err: errors.New("cannot update a ruleset that was not observed first")},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				var calls []call
				_, err := s.external(tc.api.fake(t, &calls), &kindtest.Recorder{}, tc.found).Update(context.Background(), s.ruleset(withExternalName("4100001")))
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nUpdate(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.calls, calls, asJSON); diff != "" {
					t.Errorf("\n%s\nGitHub calls: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
	t.Run("KeepsRulesNotModelled", func(t *testing.T) {
		q := rs.Request(params(), kept)
		if n := len(q.Rules); n != 3 || q.Rules[2].Type != "workflows" {
			t.Errorf("Request(...): rules %+v, want the spec's two and GitHub's workflows rule", q.Rules)
		}
	})
}

func TestDelete(t *testing.T) {
	cases := map[string]struct {
		reason string
		api    api
		found  found
		want   error
		calls  []call
	}{
		"Deleted": {
			found: found{observed: answer(4100001)},
			calls: []call{{Op: "delete", ID: 4100001}},
		},
		"AlreadyGone": {
			reason: "A ruleset already gone counts as deleted.",
			api:    api{deleteErr: ghErr(http.MethodDelete, rulesetPath+"/4100001", http.StatusNotFound, "Not Found")},
			found:  found{observed: answer(4100001)},
			calls:  []call{{Op: "delete", ID: 4100001}},
		},
		"Refused": {
			api:   api{deleteErr: ghErr(http.MethodDelete, rulesetPath+"/4100001", http.StatusForbidden, "Forbidden")},
			found: found{observed: answer(4100001)},
			want:  errors.Wrap(ghErr(http.MethodDelete, rulesetPath+"/4100001", http.StatusForbidden, "Forbidden"), `cannot delete ruleset "protect-main" (id 4100001) of demo-org/app`),
			calls: []call{{Op: "delete", ID: 4100001}},
		},
		"NotObserved": {
			want: errors.New("cannot delete a ruleset that was not observed first"),
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				var calls []call
				mg := s.ruleset(withExternalName("4100001"), deleting())
				_, err := s.external(tc.api.fake(t, &calls), &kindtest.Recorder{}, tc.found).Delete(context.Background(), mg)
				if diff := cmp.Diff(tc.want, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nDelete(...): -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.calls, calls); diff != "" {
					t.Errorf("\n%s\nGitHub calls: -want, +got:\n%s", tc.reason, diff)
				}
				if mg.GetCondition(xpv2.TypeReady).Reason != xpv2.ReasonDeleting {
					t.Errorf("\n%s\nReady reason %q, want Deleting", tc.reason, mg.GetCondition(xpv2.TypeReady).Reason)
				}
			})
		})
	}
}

func TestConnect(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		mg := s.ruleset(func(r Object) { r.Parameters().Owner = ptr.To("acme") })
		gh := gogithub.NewClient(nil)
		got, err := s.connect(mg, kind.Connection{GitHub: gh, DefaultOwner: "demo-org", Record: event.NewNopRecorder()})
		if err != nil {
			t.Fatalf("connect(...): %v", err)
		}
		if want := (kind.Repository{Owner: "acme", Name: "app"}); got != want {
			t.Errorf("connect(...): repository %+v, want %+v", got, want)
		}
		mg = s.ruleset(func(r Object) { r.Parameters().Repository = nil })
		if _, err := s.connect(mg, kind.Connection{GitHub: gh}); err == nil {
			t.Error("connect(...) without a repository: want an error")
		}
	})
}
