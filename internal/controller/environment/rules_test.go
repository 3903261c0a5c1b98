package environment

import (
	"context"
	"strings"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
)

var (
	gateApp  = github.ProtectionRuleApp{ID: 43, Slug: "deploy-gate"}
	extraApp = github.ProtectionRuleApp{ID: 45, Slug: "extra"}
)

func withRules(r ...common.CustomProtectionRule) mod {
	return withParams(func(p *common.EnvironmentParameters) { p.CustomProtectionRules = &r })
}

// TestRules: the rules are read only when declared; a missing one is found
// among the apps the environment can use, and enabled by Update; one not
// declared is removed; an app the environment cannot use is named in the
// Ready condition and is not drift.
func TestRules(t *testing.T) {
	type want struct {
		diff        string
		observe     []call
		update      []call
		unavailable string
		events      []event.Reason
	}
	get := call{Op: "get", Name: "production"}
	policies := call{Op: "list-policies", Name: "production"}
	put := call{Op: "put", Name: "production", Req: &github.EnvironmentRequest{WaitTimer: 30,
		Reviewers: []github.ReviewerRequest{{Type: "User", ID: 101}}, DeploymentBranchPolicy: &github.DeploymentBranchPolicy{CustomBranchPolicies: true}}}
	cases := map[string]struct {
		reason string
		api    api
		mg     []mod
		want   want
	}{
		"Undeclared": {
			reason: "An environment that does not declare its rules spends no request on them, whatever GitHub has.",
			api:    api{get: answer(), policies: mainPolicy, rules: []github.ProtectionRule{{ID: 7, App: gateApp}}},
			want:   want{observe: []call{get, policies}},
		},
		"UpToDate": {
			reason: "The declared rules are there: one request, no drift.",
			api:    api{get: answer(), policies: mainPolicy, rules: []github.ProtectionRule{{ID: 7, Enabled: true, App: gateApp}}},
			mg:     []mod{withRules(common.CustomProtectionRule{AppSlug: ptr.To("Deploy-Gate")})},
			want:   want{observe: []call{get, policies, {Op: "list-rules", Name: "production"}}},
		},
		"MissingAndExtra": {
			reason: "A declared rule removed on GitHub is enabled again (its app found among the available ones); one added there is removed.",
			api: api{get: answer(), policies: mainPolicy, rules: []github.ProtectionRule{{ID: 8, App: extraApp}},
				apps: []github.ProtectionRuleApp{extraApp, gateApp}, accounts: map[string]*github.Account{"alice": {Login: "alice", ID: 101, Type: "User"}}},
			mg: []mod{withRules(common.CustomProtectionRule{AppID: ptr.To[int64](43)})},
			want: want{diff: "customProtectionRules",
				observe: []call{get, policies, {Op: "list-rules", Name: "production"}, {Op: "list-apps", Name: "production"}},
				update: []call{{Op: "get-user", Name: "alice"}, put,
					{Op: "create-rule", Name: "production", Req: int64(43)}, {Op: "delete-rule", Name: "production", Req: int64(8)}}},
		},
		"Unavailable": {
			reason: "An app the environment cannot use is named in the Ready condition, with those it can, and is not drift.",
			api:    api{get: answer(), policies: mainPolicy, apps: []github.ProtectionRuleApp{gateApp}},
			mg:     []mod{withRules(common.CustomProtectionRule{AppSlug: ptr.To("nope")})},
			want: want{observe: []call{get, policies, {Op: "list-rules", Name: "production"}, {Op: "list-apps", Name: "production"}},
				unavailable: `names app "nope", which environment "production" of demo-org/app cannot use`, events: []event.Reason{reasonUnavailableApp}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				var calls []call
				rec := &kindtest.Recorder{}
				mg := s.environment(append([]mod{withExternalName("production")}, tc.mg...)...)
				api := tc.api.fake(t, &calls)
				e := s.external(api, nil, rec, found{})
				o, err := e.Observe(context.Background(), mg)
				if err != nil {
					t.Fatalf("\n%s\nObserve(): %v", tc.reason, err)
				}
				if o.Diff != tc.want.diff {
					t.Errorf("\n%s\nObserve().Diff = %q, want %q", tc.reason, o.Diff, tc.want.diff)
				}
				if diff := cmp.Diff(tc.want.observe, calls); diff != "" {
					t.Errorf("\n%s\nObserve's GitHub calls: -want, +got:\n%s", tc.reason, diff)
				}
				c := mg.GetCondition(xpv2.TypeReady)
				if tc.want.unavailable != "" && (c.Status != corev1.ConditionFalse || !strings.Contains(c.Message, tc.want.unavailable) || !strings.Contains(c.Message, "deploy-gate (id 43)")) {
					t.Errorf("\n%s\nReady = %s %q, want False naming the app and those available", tc.reason, c.Status, c.Message)
				}
				if tc.want.unavailable == "" && c.Status != corev1.ConditionTrue {
					t.Errorf("\n%s\nReady = %s %q, want True", tc.reason, c.Status, c.Message)
				}
				if diff := cmp.Diff(tc.want.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nevents: -want, +got:\n%s", tc.reason, diff)
				}
				if tc.want.update == nil {
					return
				}
				calls = nil
				if _, err := e.Update(context.Background(), mg); err != nil {
					t.Fatalf("\n%s\nUpdate(): %v", tc.reason, err)
				}
				if diff := cmp.Diff(tc.want.update, calls); diff != "" {
					t.Errorf("\n%s\nUpdate's GitHub calls: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}
