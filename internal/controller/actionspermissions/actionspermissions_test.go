package actionspermissions

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/google/go-cmp/cmp"
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

// A scope is one of the ActionsPermissions kinds.
type scope struct {
	name     string
	object   func(m ...mod) Object
	external func(api github.ActionsPermissionsAPI, rec event.Recorder, claim error) kindtest.Client[Object]
}

func (s scope) ScopeName() string { return s.name }

var in = kind.Repository{Owner: "demo-org", Name: "app"}

// full is the external name of an ActionsPermissions of in.
var full = in.FullName()

func scopeOf[T Object](s apis.Scope, newT func(namespace, name string) T) scope {
	return scope{
		name: string(s),
		object: func(m ...mod) Object {
			o := newT("ns", "x")
			o.Parameters().Enabled = ptr.To(true)
			for _, f := range m {
				f(o)
			}
			return o
		},
		external: func(api github.ActionsPermissionsAPI, rec event.Recorder, claim error) kindtest.Client[Object] {
			return kindtest.Typed[Object, T]{E: &external[T]{api: api, in: in, record: rec,
				claimed: func(context.Context, T) error { return claim }}}
		},
	}
}

var scopes = twins.EachActionsPermissions(scopeOf, scopeOf)

type mod func(Object)

func withExternalName(n string) mod { return func(o Object) { meta.SetExternalName(o, n) } }
func deleting() mod                 { return func(o Object) { now := metav1.Now(); o.SetDeletionTimestamp(&now) } }
func with(f func(p *common.ActionsPermissionsParameters)) mod {
	return func(o Object) { f(o.Parameters()) }
}

// gh is a fake GitHub holding the Actions permissions of in, answering as
// GitHub does: the selected actions only while allowed_actions is
// selected, no access level for a public repository, no retention beyond
// the repository's longest.
type gh struct {
	missing  bool  // GitHub has no such repository
	err      error // when set, GitHub answers every request with it
	public   bool
	perms    github.ActionsPermissions
	selected github.ActionsSelectedActions
	access   string
	workflow github.ActionsWorkflowPermissions
	days     int64
	fork     string
	forkRuns github.ActionsPrivateForkWorkflows
	conflict bool // the organization's policy forbids changing the workflow permissions
	calls    []string
}

// newGH is a private repository with GitHub's defaults.
func newGH() *gh {
	return &gh{perms: github.ActionsPermissions{Enabled: true, AllowedActions: "all"},
		selected: github.ActionsSelectedActions{GitHubOwnedAllowed: true, PatternsAllowed: []string{}},
		access:   "none", workflow: github.ActionsWorkflowPermissions{DefaultWorkflowPermissions: "read"}, days: 90,
		fork: "first_time_contributors_new_to_github"}
}

func (g *gh) maxDays() int64 {
	if g.public {
		return 90
	}
	return 400
}

func (g *gh) api() *fake.MockActionsPermissionsAPI {
	const path = "/repos/demo-org/app/actions/permissions"
	answer := func(call string) error {
		g.calls = append(g.calls, call)
		switch {
		case g.err != nil:
			return g.err
		case g.missing:
			return kindtest.GitHubErr(http.MethodGet, path, http.StatusNotFound, "Not Found")
		}
		return nil
	}
	notSelected := func() error {
		if g.perms.AllowedActions != "selected" {
			return kindtest.GitHubErr(http.MethodGet, path+"/selected-actions", http.StatusConflict, "not selected")
		}
		return nil
	}
	return &fake.MockActionsPermissionsAPI{
		MockGetActionsPermissions: func(context.Context, string, string) (*github.ActionsPermissions, error) {
			if err := answer("get"); err != nil {
				return nil, err
			}
			if !g.perms.Enabled {
				return &github.ActionsPermissions{}, nil
			}
			got := g.perms
			return &got, nil
		},
		MockPutActionsPermissions: func(_ context.Context, _, _ string, r *github.ActionsPermissionsRequest) error {
			if err := answer("put"); err != nil {
				return err
			}
			g.perms.Enabled = r.Enabled
			if r.AllowedActions != nil {
				g.perms.AllowedActions = *r.AllowedActions
			}
			if r.SHAPinningRequired != nil {
				g.perms.SHAPinningRequired = *r.SHAPinningRequired
			}
			return nil
		},
		MockGetActionsSelectedActions: func(context.Context, string, string) (*github.ActionsSelectedActions, error) {
			if err := answer("get selected"); err != nil {
				return nil, err
			}
			if err := notSelected(); err != nil {
				return nil, err
			}
			got := g.selected
			return &got, nil
		},
		MockPutActionsSelectedActions: func(_ context.Context, _, _ string, r *github.ActionsSelectedActions) error {
			if err := answer("put selected"); err != nil {
				return err
			}
			if err := notSelected(); err != nil {
				return err
			}
			g.selected = *r
			return nil
		},
		MockGetActionsAccess: func(context.Context, string, string) (*github.ActionsAccess, error) {
			if err := answer("get access"); err != nil {
				return nil, err
			}
			return &github.ActionsAccess{AccessLevel: g.access}, nil
		},
		MockPutActionsAccess: func(_ context.Context, _, _ string, r *github.ActionsAccess) error {
			if err := answer("put access"); err != nil {
				return err
			}
			if g.public {
				return kindtest.GitHubErr(http.MethodPut, path+"/access", http.StatusUnprocessableEntity, "Validation Failed")
			}
			g.access = r.AccessLevel
			return nil
		},
		MockGetActionsWorkflowPermissions: func(context.Context, string, string) (*github.ActionsWorkflowPermissions, error) {
			if err := answer("get workflow"); err != nil {
				return nil, err
			}
			got := g.workflow
			return &got, nil
		},
		MockPutActionsWorkflowPermissions: func(_ context.Context, _, _ string, r *github.ActionsWorkflowPermissionsRequest) error {
			if err := answer("put workflow"); err != nil {
				return err
			}
			if g.conflict {
				return kindtest.GitHubErr(http.MethodPut, path+"/workflow", http.StatusConflict, "Conflict")
			}
			if r.DefaultWorkflowPermissions != nil {
				g.workflow.DefaultWorkflowPermissions = *r.DefaultWorkflowPermissions
			}
			if r.CanApprovePullRequestReviews != nil {
				g.workflow.CanApprovePullRequestReviews = *r.CanApprovePullRequestReviews
			}
			return nil
		},
		MockGetActionsRetention: func(context.Context, string, string) (*github.ActionsRetention, error) {
			if err := answer("get retention"); err != nil {
				return nil, err
			}
			return &github.ActionsRetention{Days: g.days, MaximumAllowedDays: g.maxDays()}, nil
		},
		MockPutActionsRetention: func(_ context.Context, _, _ string, r *github.ActionsRetention) error {
			if err := answer("put retention"); err != nil {
				return err
			}
			if r.Days < 1 || r.Days > g.maxDays() {
				return kindtest.GitHubErr(http.MethodPut, path+"/artifact-and-log-retention", http.StatusUnprocessableEntity, "Validation Failed")
			}
			g.days = r.Days
			return nil
		},
		MockGetActionsForkApproval: func(context.Context, string, string) (*github.ActionsForkApproval, error) {
			if err := answer("get fork"); err != nil {
				return nil, err
			}
			return &github.ActionsForkApproval{ApprovalPolicy: g.fork}, nil
		},
		MockPutActionsForkApproval: func(_ context.Context, _, _ string, r *github.ActionsForkApproval) error {
			if err := answer("put fork"); err != nil {
				return err
			}
			g.fork = r.ApprovalPolicy
			return nil
		},
		MockGetActionsPrivateForkWorkflows: func(context.Context, string, string) (*github.ActionsPrivateForkWorkflows, error) {
			if err := answer("get fork workflows"); err != nil {
				return nil, err
			}
			got := g.forkRuns
			return &got, nil
		},
		MockPutActionsPrivateForkWorkflows: func(_ context.Context, _, _ string, r *github.ActionsPrivateForkWorkflows) error {
			if err := answer("put fork workflows"); err != nil {
				return err
			}
			if g.public {
				return kindtest.GitHubErr(http.MethodPut, path+"/fork-pr-workflows-private-repos", http.StatusUnprocessableEntity, "Validation Failed")
			}
			g.forkRuns = *r
			return nil
		},
	}
}

func TestObserve(t *testing.T) {
	type want struct {
		o       managed.ExternalObservation
		err     string // a part of the error; none when ""
		ext     string
		enabled *bool // status.atProvider.enabled
		calls   []string
		events  []event.Reason
	}
	cases := map[string]struct {
		reason string
		gh     func(g *gh)
		claim  error
		mg     []mod
		want   want
	}{
		"NotWrittenYet": {
			reason: "GitHub's Actions permissions are not the resource's until it has written them: it does not exist yet, and GitHub's values are shown.",
			gh:     func(g *gh) { g.perms.Enabled = false },
			want:   want{enabled: ptr.To(false), calls: []string{"get"}},
		},
		"UpToDate": {
			reason: "Written permissions as declared exist and are up to date; only the endpoints of declared fields are read.",
			mg:     []mod{withExternalName(full)},
			want:   want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: full, enabled: ptr.To(true), calls: []string{"get"}},
		},
		"Changed": {
			reason: "A declared field changed on GitHub is put back.",
			gh:     func(g *gh) { g.perms.Enabled = false },
			mg:     []mod{withExternalName(full)},
			want:   want{o: managed.ExternalObservation{ResourceExists: true, Diff: "enabled"}, ext: full, enabled: ptr.To(false), calls: []string{"get"}},
		},
		"EveryEndpointDeclared": {
			reason: "Each endpoint a declared field belongs to is read, and each drifted field named.",
			gh:     func(g *gh) { g.perms.AllowedActions = "selected"; g.selected.VerifiedAllowed = true },
			mg: []mod{withExternalName(full), with(func(p *common.ActionsPermissionsParameters) {
				p.AllowedActions = ptr.To("selected")
				p.SelectedActions = &common.ActionsSelectedActions{VerifiedAllowed: ptr.To(false)}
				p.AccessLevel = ptr.To("organization")
				p.CanApprovePullRequestReviews = ptr.To(false)
				p.ArtifactAndLogRetentionDays = ptr.To[int64](30)
				p.ForkPullRequestContributorApproval = ptr.To("all_external_contributors")
				p.PrivateForkPullRequestWorkflows = &common.ActionsPrivateForkPullRequestWorkflows{SendSecretsAndVariables: ptr.To(true)}
			})},
			want: want{o: managed.ExternalObservation{ResourceExists: true,
				Diff: "selectedActions.verifiedAllowed, accessLevel, artifactAndLogRetentionDays, forkPullRequestContributorApproval, privateForkPullRequestWorkflows.sendSecretsAndVariables"},
				ext: full, enabled: ptr.To(true),
				calls: []string{"get", "get selected", "get access", "get workflow", "get retention", "get fork", "get fork workflows"}},
		},
		"SelectedNotYetReadable": {
			reason: "Declared selected actions cannot be read before allowed_actions is selected: they differ, and are not read.",
			mg: []mod{withExternalName(full), with(func(p *common.ActionsPermissionsParameters) {
				p.AllowedActions = ptr.To("selected")
				p.SelectedActions = &common.ActionsSelectedActions{VerifiedAllowed: ptr.To(true)}
			})},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "allowedActions, selectedActions"}, ext: full, enabled: ptr.To(true), calls: []string{"get"}},
		},
		"DisabledHidesPolicy": {
			reason: "While Actions is disabled GitHub shows no policy: with enabled left out, a declared policy is not compared.",
			gh:     func(g *gh) { g.perms.Enabled = false },
			mg: []mod{withExternalName(full), with(func(p *common.ActionsPermissionsParameters) {
				p.Enabled = nil
				p.AllowedActions = ptr.To("local_only")
			})},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: full, enabled: ptr.To(false), calls: []string{"get"}},
		},
		"Renamed": {
			reason: "The external name follows the repository under its new name, and is saved at once.",
			mg:     []mod{withExternalName("demo-org/before")},
			want:   want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true}, ext: full, enabled: ptr.To(true), calls: []string{"get"}},
		},
		"NoSuchPlace": {
			reason: "GitHub's 404 means the repository is missing, which the error says.",
			gh:     func(g *gh) { g.missing = true },
			mg:     []mod{withExternalName(full)},
			want:   want{err: "cannot read the Actions permissions of repository " + full + ": cannot find repository " + full, ext: full, calls: []string{"get"}},
		},
		"Failed": {
			reason: "Any other error is returned, saying what failed.",
			gh: func(g *gh) {
				g.err = kindtest.GitHubErr(http.MethodGet, "/repos/demo-org/app/actions/permissions/workflow", http.StatusBadGateway, "Bad Gateway")
			},
			mg:   []mod{with(func(p *common.ActionsPermissionsParameters) { p.DefaultWorkflowPermissions = ptr.To("write") })},
			want: want{err: "cannot read the Actions permissions of repository " + full, calls: []string{"get"}},
		},
		"Claimed": {
			reason: "A repository an older ActionsPermissions claims is neither read nor written; the error names the other.",
			claim:  errors.New("repository demo-org/app is already claimed by ActionsPermissions ns/first"),
			want:   want{err: "already claimed by ActionsPermissions ns/first"},
		},
		"Deleting": {
			reason: "A resource being deleted leaves the permissions as they are, reads nothing, and says so in an event.",
			mg:     []mod{withExternalName(full), deleting()},
			want:   want{ext: full, events: []event.Reason{ReasonLeftAsIs}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				g := newGH()
				if tc.gh != nil {
					tc.gh(g)
				}
				rec := &kindtest.Recorder{}
				mg := s.object(tc.mg...)
				got, err := s.external(g.api(), rec, tc.claim).Observe(context.Background(), mg)
				switch {
				case tc.want.err == "" && err != nil:
					t.Errorf("\n%s\nObserve(...): %v, want no error", tc.reason, err)
				case tc.want.err != "" && (err == nil || !strings.Contains(err.Error(), tc.want.err)):
					t.Errorf("\n%s\nObserve(...): error %v, want one holding %q", tc.reason, err, tc.want.err)
				}
				if diff := cmp.Diff(tc.want.o, got); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
				}
				if e := meta.GetExternalName(mg); e != tc.want.ext {
					t.Errorf("\n%s\nexternal name %q, want %q", tc.reason, e, tc.want.ext)
				}
				if diff := cmp.Diff(tc.want.enabled, mg.Observation().Enabled); diff != "" {
					t.Errorf("\n%s\nstatus.atProvider.enabled: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.calls, g.calls); diff != "" {
					t.Errorf("\n%s\nrequests: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nevents: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

// TestWrite: an update writes each endpoint whose declared fields drifted,
// and only those; GitHub's refusals say what to change.
func TestWrite(t *testing.T) {
	cases := map[string]struct {
		reason string
		gh     func(g *gh)
		spec   func(p *common.ActionsPermissionsParameters)
		calls  []string // after Observe's reads
		check  func(t *testing.T, g *gh)
		err    string
	}{
		"OnlyDrifted": {
			reason: "Of two declared endpoints, only the one that drifted is written.",
			spec: func(p *common.ActionsPermissionsParameters) {
				p.DefaultWorkflowPermissions = ptr.To("write")
				p.ArtifactAndLogRetentionDays = ptr.To[int64](90)
			},
			calls: []string{"put workflow"},
			check: func(t *testing.T, g *gh) {
				if g.workflow.DefaultWorkflowPermissions != "write" {
					t.Errorf("workflow permissions %q, want write", g.workflow.DefaultWorkflowPermissions)
				}
			},
		},
		"SelectThenSelectedActions": {
			reason: "allowed_actions is selected first; then the selected actions are read and written, merged with GitHub's.",
			spec: func(p *common.ActionsPermissionsParameters) {
				p.AllowedActions = ptr.To("selected")
				p.SelectedActions = &common.ActionsSelectedActions{PatternsAllowed: &[]string{"monalisa/*"}}
			},
			calls: []string{"put", "get selected", "put selected"},
			check: func(t *testing.T, g *gh) {
				want := github.ActionsSelectedActions{GitHubOwnedAllowed: true, PatternsAllowed: []string{"monalisa/*"}}
				if diff := cmp.Diff(want, g.selected); diff != "" {
					t.Errorf("selected actions: -want, +got:\n%s", diff)
				}
			},
		},
		"EnabledKeptWhenUndeclared": {
			reason: "GitHub requires enabled: a spec that leaves it out sends GitHub's.",
			spec: func(p *common.ActionsPermissionsParameters) {
				p.Enabled = nil
				p.SHAPinningRequired = ptr.To(true)
			},
			calls: []string{"put"},
			check: func(t *testing.T, g *gh) {
				if !g.perms.Enabled || !g.perms.SHAPinningRequired || g.perms.AllowedActions != "all" {
					t.Errorf("permissions %+v, want enabled, all actions, pinned", g.perms)
				}
			},
		},
		"AccessOfPublic": {
			reason: "GitHub refuses an access level for a public repository: the error says what to do.",
			gh:     func(g *gh) { g.public = true },
			spec:   func(p *common.ActionsPermissionsParameters) { p.AccessLevel = ptr.To("organization") },
			calls:  []string{"put access"},
			err:    "applies to private and internal repositories only",
		},
		"PrivateForkWorkflowsMerged": {
			reason: "How forks' workflows run is sent whole: the undeclared fields as GitHub has them.",
			gh: func(g *gh) {
				g.forkRuns = github.ActionsPrivateForkWorkflows{RunWorkflows: true, SendWriteTokens: true}
			},
			spec: func(p *common.ActionsPermissionsParameters) {
				p.PrivateForkPullRequestWorkflows = &common.ActionsPrivateForkPullRequestWorkflows{RequireApprovalForForkPullRequestWorkflows: ptr.To(true)}
			},
			calls: []string{"put fork workflows"},
			check: func(t *testing.T, g *gh) {
				want := github.ActionsPrivateForkWorkflows{RunWorkflows: true, SendWriteTokens: true, RequireApprovalFirst: true}
				if g.forkRuns != want {
					t.Errorf("fork workflows %+v, want %+v", g.forkRuns, want)
				}
			},
		},
		"PrivateForkWorkflowsOfPublic": {
			reason: "GitHub refuses how forks' workflows run for a public repository: the error says what to do.",
			gh:     func(g *gh) { g.public = true },
			spec: func(p *common.ActionsPermissionsParameters) {
				p.PrivateForkPullRequestWorkflows = &common.ActionsPrivateForkPullRequestWorkflows{RunWorkflowsFromForkPullRequests: ptr.To(true)}
			},
			calls: []string{"put fork workflows"},
			err:   "make the repository private, or remove privateForkPullRequestWorkflows",
		},
		"WorkflowForbidden": {
			reason: "GitHub's 409 for the workflow permissions is the organization's policy, which the error names.",
			gh:     func(g *gh) { g.conflict = true },
			spec:   func(p *common.ActionsPermissionsParameters) { p.DefaultWorkflowPermissions = ptr.To("write") },
			calls:  []string{"put workflow"},
			err:    "the organization's policy prevents changing them",
		},
		"RetentionTooLong": {
			reason: "GitHub refuses a retention beyond the repository's longest: the error names it.",
			gh:     func(g *gh) { g.public = true },
			spec:   func(p *common.ActionsPermissionsParameters) { p.ArtifactAndLogRetentionDays = ptr.To[int64](200) },
			calls:  []string{"put retention"},
			err:    "GitHub refused 200 days of artifact and log retention for repository demo-org/app: it allows at most 90 days",
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				g := newGH()
				if tc.gh != nil {
					tc.gh(g)
				}
				mg := s.object(withExternalName(full), with(tc.spec))
				e := s.external(g.api(), &kindtest.Recorder{}, nil)
				if _, err := e.Observe(context.Background(), mg); err != nil {
					t.Fatalf("Observe(...): %v", err)
				}
				read := len(g.calls)
				_, err := e.Update(context.Background(), mg)
				switch {
				case tc.err == "" && err != nil:
					t.Errorf("\n%s\nUpdate(...): %v, want no error", tc.reason, err)
				case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
					t.Errorf("\n%s\nUpdate(...): error %v, want one holding %q", tc.reason, err, tc.err)
				}
				if diff := cmp.Diff(tc.calls, g.calls[read:]); diff != "" {
					t.Errorf("\n%s\nrequests of Update: -want, +got:\n%s", tc.reason, diff)
				}
				if tc.check != nil {
					tc.check(t, g)
				}
				if tc.err != "" {
					return
				}
				g.calls = nil
				if o, err := e.Observe(context.Background(), mg); err != nil || !o.ResourceUpToDate {
					t.Errorf("\n%s\nObserve(...) after Update: %+v, %v: want up to date", tc.reason, o, err)
				}
			})
		})
	}
}

// Create writes the declared fields and names the repository; an update puts
// a changed field back; a delete leaves GitHub's permissions as they are.
func TestCreateUpdateDelete(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		g := newGH()
		g.perms.Enabled = false
		mg := s.object()
		rec := &kindtest.Recorder{}
		e := s.external(g.api(), rec, nil)
		if _, err := e.Observe(context.Background(), mg); err != nil {
			t.Fatalf("Observe(...): %v", err)
		}
		if _, err := e.Create(context.Background(), mg); err != nil {
			t.Fatalf("Create(...): %v", err)
		}
		if got := meta.GetExternalName(mg); got != full {
			t.Errorf("external name %q, want the repository's full name %q", got, full)
		}
		if !g.perms.Enabled {
			t.Error("after Create Actions is not enabled, as declared")
		}
		g.perms.Enabled = false
		if o, err := e.Observe(context.Background(), mg); err != nil || !o.ResourceExists || o.ResourceUpToDate {
			t.Fatalf("Observe(...): %+v, %v: want drift", o, err)
		}
		if _, err := e.Update(context.Background(), mg); err != nil {
			t.Fatalf("Update(...): %v", err)
		}
		if !g.perms.Enabled {
			t.Error("after Update Actions is not enabled, as declared")
		}
		deleting()(mg)
		calls := len(g.calls)
		if o, err := e.Observe(context.Background(), mg); err != nil || o.ResourceExists {
			t.Errorf("Observe(...) of a resource being deleted: %+v, %v: want nothing to delete", o, err)
		}
		if _, err := e.Delete(context.Background(), mg); err != nil {
			t.Errorf("Delete(...): %v", err)
		}
		if len(g.calls) != calls || !g.perms.Enabled {
			t.Errorf("deleting sent %v and left GitHub's permissions %+v: want them left as they are, without a request", g.calls[calls:], g.perms)
		}
		if diff := cmp.Diff([]event.Reason{ReasonLeftAsIs}, rec.Reasons()); diff != "" {
			t.Errorf("events: -want, +got:\n%s", diff)
		}
	})
}

// A create in a repository GitHub does not have says so, and names nothing.
func TestCreateNoSuchPlace(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		g := newGH()
		g.missing = true
		mg := s.object()
		_, err := s.external(g.api(), &kindtest.Recorder{}, nil).Create(context.Background(), mg)
		if want := "cannot read the Actions permissions of repository " + full + ": cannot find repository " + full; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Create(...): %v, want an error holding %q", err, want)
		}
		if e := meta.GetExternalName(mg); e != "" {
			t.Errorf("external name %q after a failed create, want none", e)
		}
	})
}
