package codescanningdefaultsetup

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

type params = common.CodeScanningDefaultSetupParameters

// configured is GitHub's setup of a repository configured with the
// defaults, its Go and Python analysed.
func configured(mods ...func(*github.CodeScanningDefaultSetup)) *github.CodeScanningDefaultSetup {
	g := &github.CodeScanningDefaultSetup{State: StateConfigured, QuerySuite: "default", ThreatModel: "remote",
		Languages: []string{"python", "go"}, RunnerType: ptr.To("standard"), Schedule: ptr.To("weekly"), UpdatedAt: ptr.To("2026-11-27T10:00:00Z")}
	for _, m := range mods {
		m(g)
	}
	return g
}

func TestDrift(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      params
		got    *github.CodeScanningDefaultSetup
		want   []string
	}{
		"UpToDate": {
			reason: "a setup as declared has no drift; the order of languages does not count",
			p: params{State: StateConfigured, QuerySuite: ptr.To("default"), ThreatModel: ptr.To("remote"),
				Languages: []string{"go", "python"}, RunnerType: ptr.To("standard")},
			got: configured(),
		},
		"Unset": {
			reason: "fields left unset are GitHub's to keep",
			p:      params{State: StateConfigured},
			got:    configured(func(g *github.CodeScanningDefaultSetup) { g.QuerySuite, g.RunnerType = "extended", ptr.To("labeled") }),
		},
		"State": {
			reason: "a configured setup found off is drift of the state only",
			p:      params{State: StateConfigured, QuerySuite: ptr.To("extended")},
			got:    &github.CodeScanningDefaultSetup{State: StateNotConfigured, QuerySuite: "default", Languages: []string{}},
			want:   []string{"state"},
		},
		"Off": {
			reason: "a setup declared off and found configured is drift",
			p:      params{State: StateNotConfigured},
			got:    configured(),
			want:   []string{"state"},
		},
		"OffAsDeclared": {
			reason: "a setup declared off and found off has no drift, whatever GitHub keeps of the last one",
			p:      params{State: StateNotConfigured},
			got:    &github.CodeScanningDefaultSetup{State: StateNotConfigured, QuerySuite: "extended"},
		},
		"Fields": {
			reason: "every declared field GitHub has otherwise is drift",
			p: params{State: StateConfigured, QuerySuite: ptr.To("extended"), ThreatModel: ptr.To("remote_and_local"),
				Languages: []string{"go"}, RunnerType: ptr.To("labeled"), RunnerLabel: ptr.To("code-scanning")},
			got:  configured(),
			want: []string{"querySuite", "threatModel", "languages", "runnerType", "runnerLabel"},
		},
		"RunnersNeverChosen": {
			reason: "runners GitHub never chose are its standard ones",
			p:      params{State: StateConfigured, RunnerType: ptr.To("standard")},
			got:    configured(func(g *github.CodeScanningDefaultSetup) { g.RunnerType = nil }),
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Drift(&tc.p, tc.got)); diff != "" {
				t.Errorf("%s\nDrift(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestRequest(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      params
		want   *github.CodeScanningDefaultSetupRequest
	}{
		"Minimal": {
			reason: "only the state: the rest is GitHub's, the languages those it detects",
			p:      params{State: StateConfigured},
			want:   &github.CodeScanningDefaultSetupRequest{State: StateConfigured},
		},
		"Everything": {
			reason: "every declared field, the languages sorted",
			p: params{State: StateConfigured, QuerySuite: ptr.To("extended"), ThreatModel: ptr.To("remote_and_local"),
				Languages: []string{"python", "go"}, RunnerType: ptr.To("labeled"), RunnerLabel: ptr.To("big")},
			want: &github.CodeScanningDefaultSetupRequest{State: StateConfigured, QuerySuite: ptr.To("extended"), ThreatModel: ptr.To("remote_and_local"),
				Languages: []string{"go", "python"}, RunnerType: ptr.To("labeled"), RunnerLabel: ptr.To("big")},
		},
		"Off": {
			reason: "a setup declared off sends the state only",
			p:      params{State: StateNotConfigured},
			want:   Off(),
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Request(&tc.p)); diff != "" {
				t.Errorf("%s\nRequest(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestObservation(t *testing.T) {
	got := configured(func(g *github.CodeScanningDefaultSetup) {
		g.RunnerType, g.RunnerLabel = ptr.To("labeled"), ptr.To("big")
	})
	want := common.CodeScanningDefaultSetupObservation{Repository: ptr.To("o/r"), Host: ptr.To("api.github.com"), State: ptr.To(StateConfigured),
		QuerySuite: ptr.To("default"), ThreatModel: ptr.To("remote"), Languages: []string{"go", "python"}, RunnerType: ptr.To("labeled"),
		RunnerLabel: ptr.To("big"), Schedule: ptr.To("weekly"), UpdatedAt: ptr.To("2026-11-27T10:00:00Z")}
	if diff := cmp.Diff(want, Observation("o/r", "api.github.com", got)); diff != "" {
		t.Errorf("Observation(...): -want, +got:\n%s", diff)
	}
}

// The imported spec of a default setup is GitHub's, with nothing to change.
func TestImported(t *testing.T) {
	for name, got := range map[string]*github.CodeScanningDefaultSetup{
		"Default": configured(),
		"Labeled": configured(func(g *github.CodeScanningDefaultSetup) {
			g.RunnerType, g.RunnerLabel = ptr.To("labeled"), ptr.To("big")
		}),
		"NoRunnerChosen": configured(func(g *github.CodeScanningDefaultSetup) { g.RunnerType, g.ThreatModel = nil, "" }),
		"Off":            {State: StateNotConfigured, QuerySuite: "default", Languages: []string{}},
	} {
		t.Run(name, func(t *testing.T) {
			p := Imported(got)
			if d := Drift(&p, got); d != nil {
				t.Errorf("the imported spec %+v drifts from GitHub's setup in %v", p, d)
			}
			if got.State == StateConfigured && len(p.Languages) == 0 {
				t.Errorf("the imported spec names no languages: GitHub would pick them, not the spec")
			}
		})
	}
}
