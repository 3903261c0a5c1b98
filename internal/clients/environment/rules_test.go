package environment

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var (
	gate  = github.ProtectionRuleApp{ID: 43, Slug: "deploy-gate"}
	scan  = github.ProtectionRuleApp{ID: 44, Slug: "Sec-Scan"}
	other = github.ProtectionRuleApp{ID: 45, Slug: "other"}
)

func rule(id int64, a github.ProtectionRuleApp) github.ProtectionRule {
	return github.ProtectionRule{ID: id, Enabled: true, App: a}
}

func bySlug(s string) common.CustomProtectionRule {
	return common.CustomProtectionRule{AppSlug: ptr.To(s)}
}
func byID(id int64) common.CustomProtectionRule {
	return common.CustomProtectionRule{AppID: ptr.To(id)}
}

func withRules(r ...common.CustomProtectionRule) *common.EnvironmentParameters {
	if r == nil {
		r = []common.CustomProtectionRule{}
	}
	return &common.EnvironmentParameters{Name: "production", CustomProtectionRules: &r}
}

func TestRuleChanges(t *testing.T) {
	cases := map[string]struct {
		p           *common.EnvironmentParameters
		got         []github.ProtectionRule
		wantMissing []common.CustomProtectionRule
		wantRemove  []github.ProtectionRule
	}{
		"not declared: nothing, whatever GitHub has": {
			p:   &common.EnvironmentParameters{Name: "production"},
			got: []github.ProtectionRule{rule(1, gate)},
		},
		"declared and there, by slug without regard to case and by id": {
			p:   withRules(bySlug("DEPLOY-GATE"), byID(44)),
			got: []github.ProtectionRule{rule(1, scan), rule(2, gate)},
		},
		"a declared rule removed on GitHub is missing": {
			p:           withRules(bySlug("deploy-gate"), byID(44)),
			got:         []github.ProtectionRule{rule(1, scan)},
			wantMissing: []common.CustomProtectionRule{bySlug("deploy-gate")},
		},
		"a rule added on GitHub is removed": {
			p:          withRules(bySlug("deploy-gate")),
			got:        []github.ProtectionRule{rule(1, gate), rule(2, other)},
			wantRemove: []github.ProtectionRule{rule(2, other)},
		},
		"[] removes every rule": {
			p:          withRules(),
			got:        []github.ProtectionRule{rule(1, gate), rule(2, other)},
			wantRemove: []github.ProtectionRule{rule(1, gate), rule(2, other)},
		},
		"an app twice on GitHub: the second is removed": {
			p:          withRules(byID(43)),
			got:        []github.ProtectionRule{rule(1, gate), rule(2, gate)},
			wantRemove: []github.ProtectionRule{rule(2, gate)},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			missing, remove := RuleChanges(tc.p, tc.got)
			if diff := cmp.Diff(tc.wantMissing, missing, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("missing: -want, +got:\n%s", diff)
			}
			if diff := cmp.Diff(tc.wantRemove, remove, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("remove: -want, +got:\n%s", diff)
			}
		})
	}
}

func TestResolveApps(t *testing.T) {
	cases := map[string]struct {
		missing         []common.CustomProtectionRule
		apps            []github.ProtectionRuleApp
		wantEnable      []github.ProtectionRuleApp
		wantUnavailable []string
	}{
		"by slug and by id": {
			missing:    []common.CustomProtectionRule{bySlug("sec-scan"), byID(43)},
			apps:       []github.ProtectionRuleApp{gate, scan},
			wantEnable: []github.ProtectionRuleApp{scan, gate},
		},
		"an app the environment cannot use": {
			missing:         []common.CustomProtectionRule{bySlug("nope"), byID(99), byID(43)},
			apps:            []github.ProtectionRuleApp{gate},
			wantEnable:      []github.ProtectionRuleApp{gate},
			wantUnavailable: []string{`app "nope"`, "app id 99"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			enable, unavailable := ResolveApps(tc.missing, tc.apps)
			if diff := cmp.Diff(tc.wantEnable, enable, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("enable: -want, +got:\n%s", diff)
			}
			if diff := cmp.Diff(tc.wantUnavailable, unavailable, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("unavailable: -want, +got:\n%s", diff)
			}
		})
	}
}

func TestRulesDrift(t *testing.T) {
	if d := RulesDrift(nil, nil); d != nil {
		t.Errorf("RulesDrift(nothing to do) = %v, want none", d)
	}
	if d := RulesDrift([]github.ProtectionRuleApp{gate}, nil); !cmp.Equal(d, []string{"customProtectionRules"}) {
		t.Errorf("RulesDrift(one to enable) = %v", d)
	}
	if d := RulesDrift(nil, []github.ProtectionRule{rule(1, gate)}); !cmp.Equal(d, []string{"customProtectionRules"}) {
		t.Errorf("RulesDrift(one to remove) = %v", d)
	}
}

func TestUnavailableMessage(t *testing.T) {
	if m := UnavailableMessage(nil, []github.ProtectionRuleApp{gate}, "demo-org/app", "production"); m != "" {
		t.Errorf("UnavailableMessage(none) = %q, want empty", m)
	}
	m := UnavailableMessage([]string{`app "nope"`}, []github.ProtectionRuleApp{gate, scan}, "demo-org/app", "production")
	for _, want := range []string{`app "nope"`, `environment "production" of demo-org/app`, "deploy-gate (id 43), Sec-Scan (id 44)", "Install the app"} {
		if !strings.Contains(m, want) {
			t.Errorf("UnavailableMessage() = %q, want it to contain %q", m, want)
		}
	}
	if m := UnavailableMessage([]string{"app id 9"}, nil, "o/r", "e"); !strings.Contains(m, "can use: none") {
		t.Errorf("UnavailableMessage(no apps) = %q, want it to say none", m)
	}
}

func TestImportedRules(t *testing.T) {
	if got := ImportedRules(nil); got != nil {
		t.Errorf("ImportedRules(none) = %v, want nil (not declared)", *got)
	}
	got := ImportedRules([]github.ProtectionRule{rule(1, gate), rule(2, github.ProtectionRuleApp{ID: 7}), rule(3, gate)})
	want := []common.CustomProtectionRule{bySlug("deploy-gate"), byID(7)}
	if diff := cmp.Diff(want, *got); diff != "" {
		t.Errorf("ImportedRules(): -want, +got:\n%s", diff)
	}
	// An imported spec finds no drift in the rules it was made from.
	rules := []github.ProtectionRule{rule(1, gate), rule(2, scan)}
	p := &common.EnvironmentParameters{Name: "production", CustomProtectionRules: ImportedRules(rules)}
	if missing, remove := RuleChanges(p, rules); len(missing)+len(remove) > 0 {
		t.Errorf("RuleChanges(imported) = %v, %v, want none", missing, remove)
	}
}

func TestRulesObservation(t *testing.T) {
	got := RulesObservation([]github.ProtectionRule{rule(1, gate)})
	want := []common.CustomProtectionRuleObservation{{ID: 1, AppID: 43, AppSlug: "deploy-gate", Enabled: true}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("RulesObservation(): -want, +got:\n%s", diff)
	}
}
