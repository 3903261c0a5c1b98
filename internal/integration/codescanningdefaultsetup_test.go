package integration

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	corev1 "k8s.io/api/core/v1"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// codeScanningRepo is the repository whose code scanning default setup
// the CodeScanningDefaultSetup tests configure.
const codeScanningRepo = "codescanning-home"

// codeScanningFull is its full name, the external name of their resources.
const codeScanningFull = owner + "/" + codeScanningRepo

// codeScanningPath is the API path of the default setup.
const codeScanningPath = "/repos/" + codeScanningFull + "/code-scanning/default-setup"

// newCodeScanningDefaultSetup builds, without creating it, a
// CodeScanningDefaultSetup of scope s called name: configured, with the
// extended query suite.
func (f *fixture) newCodeScanningDefaultSetup(s scope, name string) twins.CodeScanningDefaultSetupObject {
	f.t.Helper()
	o := twins.CodeScanningDefaultSetup.In(s.of)
	*o.Parameters() = common.CodeScanningDefaultSetupParameters{RepositoryTarget: common.RepositoryTarget{Repository: ptr.To(codeScanningRepo)},
		State: "configured", QuerySuite: ptr.To("extended")}
	return place(f, s, o, name, "github")
}

// codeScanningRepository creates the tests' repository, whose code GitHub
// finds languages in.
func (f *fixture) codeScanningRepository(languages ...string) {
	f.t.Helper()
	f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/orgs/"+owner+"/repos", fmt.Sprintf(`{"name":%q,"auto_init":true}`, codeScanningRepo))
	f.must(f.emu.State().SetCodeScanningLanguages(owner, codeScanningRepo, languages))
}

// ghCodeScanning is GitHub's default setup of the tests' repository.
type ghCodeScanning struct {
	State       string   `json:"state"`
	QuerySuite  string   `json:"query_suite"`
	ThreatModel string   `json:"threat_model"`
	Languages   []string `json:"languages"`
	RunnerType  *string  `json:"runner_type"`
	RunnerLabel *string  `json:"runner_label"`
}

func (f *fixture) ghCodeScanning() ghCodeScanning {
	f.t.Helper()
	status, b := f.gh(goodToken, http.MethodGet, codeScanningPath, "")
	if status != http.StatusOK {
		f.t.Fatalf("GET %s: status %d: %s", codeScanningPath, status, b)
	}
	var out ghCodeScanning
	f.must(json.Unmarshal(b, &out))
	return out
}

// codeScanningWrites counts the writes of the tests' default setup.
func (f *fixture) codeScanningWrites() int {
	n := 0
	for _, r := range f.emu.Requests() {
		if r.Method != http.MethodGet && strings.HasSuffix(r.Path, "/"+codeScanningRepo+"/code-scanning/default-setup") {
			n++
		}
	}
	return n
}

// codeScanningSetupTime sets how long the emulator's runs take.
func (f *fixture) codeScanningSetupTime(d time.Duration) {
	cfg := f.emu.Config()
	cfg.CodeScanningSetupTime = emulator.Duration(d)
	f.emu.SetConfig(cfg)
}

// waitConfiguring waits until o is not Ready with the reason Configuring,
// Synced: waiting is not failing.
func waitConfiguring(f *fixture, o twins.CodeScanningDefaultSetupObject) {
	f.t.Helper()
	f.eventually("Configuring", func() string {
		got := get(f, o)
		c := got.GetCondition(xpv2.TypeReady)
		if c.Status != corev1.ConditionFalse || c.Reason != "Configuring" || !strings.Contains(c.Message, "/actions/runs/") {
			return fmt.Sprintf("Ready=%s %s: %s", c.Status, c.Reason, c.Message)
		}
		if c := got.GetCondition(xpv2.TypeSynced); c.Status != corev1.ConditionTrue {
			return fmt.Sprintf("Synced=%s %s: waiting is not failing", c.Status, c.Message)
		}
		return ""
	})
}

// The default setup is configured as declared, with the repository's full
// name as the external name: Configuring (not Ready, not failed, no
// warning) while GitHub's run applies it, then Ready; an idle setup
// writes nothing; deleting the resource turns the setup off.
func TestCodeScanningDefaultSetupLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		// GitHub's run takes its time: the test says when it ends.
		f.codeScanningSetupTime(time.Hour)
		f.codeScanningRepository("go", "python")
		o := f.newCodeScanningDefaultSetup(s, "setup")
		f.must(kube.Create(f.ctx, o))
		waitConfiguring(f, o)
		if got := f.ghCodeScanning(); got.State != "not-configured" {
			t.Errorf("GitHub's setup %+v before the run ended, want it not configured yet", got)
		}
		if ext := meta.GetExternalName(get(f, o)); ext != codeScanningFull {
			t.Errorf("external name %q, want the repository's full name %q", ext, codeScanningFull)
		}
		for _, e := range f.events(get(f, o)) {
			if e.Type == corev1.EventTypeWarning {
				t.Errorf("a warning while configuring: %s: %s", e.Reason, e.Message)
			}
		}
		f.must(f.emu.State().ApplyCodeScanningDefaultSetup(owner, codeScanningRepo))
		got := waitReady(f, o)
		if gh := f.ghCodeScanning(); gh.State != "configured" || gh.QuerySuite != "extended" || !slices.Equal(gh.Languages, []string{"go", "python"}) {
			t.Errorf("GitHub's setup %+v, want configured, extended, the languages GitHub detects", gh)
		}
		if obs := got.Observation(); ptr.Deref(obs.State, "") != "configured" || !slices.Equal(obs.Languages, []string{"go", "python"}) ||
			ptr.Deref(obs.Schedule, "") != "weekly" || ptr.Deref(obs.UpdatedAt, "") == "" || obs.RunID != nil {
			t.Errorf("status.atProvider %+v", obs)
		}
		idleQuiet(t, f, "configured", f.codeScanningWrites)

		f.must(kube.Delete(f.ctx, get(f, o)))
		f.eventually("the CodeScanningDefaultSetup gone", func() string {
			if err := kube.Get(f.ctx, s.key(f, "setup"), fresh(o)); !kerrors.IsNotFound(err) {
				return "CodeScanningDefaultSetup still there"
			}
			return ""
		})
		if gh := f.ghCodeScanning(); gh.State != "not-configured" {
			t.Errorf("after the delete GitHub's setup is %+v: want it off", gh)
		}
	})
}

// Every declared field changed on GitHub is put back: the setup turned
// off, the query suite, the threat model, the languages, the runners.
func TestCodeScanningDefaultSetupDrift(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.codeScanningSetupTime(time.Second)
		f.codeScanningRepository("go", "python", "ruby")
		o := f.newCodeScanningDefaultSetup(s, "setup")
		p := o.Parameters()
		p.ThreatModel, p.Languages = ptr.To("remote_and_local"), []string{"python", "go"}
		p.RunnerType, p.RunnerLabel = ptr.To("labeled"), ptr.To("code-scanning")
		f.must(kube.Create(f.ctx, o))
		declared := func(what string) {
			f.eventually(what, func() string {
				gh := f.ghCodeScanning()
				if gh.State != "configured" || gh.QuerySuite != "extended" || gh.ThreatModel != "remote_and_local" ||
					!slices.Equal(gh.Languages, []string{"go", "python"}) || ptr.Deref(gh.RunnerType, "") != "labeled" || ptr.Deref(gh.RunnerLabel, "") != "code-scanning" {
					return fmt.Sprintf("GitHub's setup %+v", gh)
				}
				return ""
			})
		}
		declared("the setup as declared")
		waitReady(f, o)
		for _, change := range []string{`{"state":"not-configured"}`, `{"query_suite":"default"}`, `{"threat_model":"remote"}`,
			`{"languages":["ruby"]}`, `{"runner_type":"standard","runner_label":null}`} {
			status, b := f.gh(goodToken, http.MethodPatch, codeScanningPath, change)
			if status != http.StatusOK && status != http.StatusAccepted {
				t.Fatalf("PATCH %s: %d %s", change, status, b)
			}
			_ = f.emu.State().ApplyCodeScanningDefaultSetup(owner, codeScanningRepo)
			declared("put back after " + change)
		}
		waitReady(f, o)
		idleQuiet(t, f, "drift corrected", f.codeScanningWrites)
	})
}

// A language the repository has no code in is refused by GitHub: the
// condition names it and the repository's languages, and the setup is not
// sent again and again; the language declared once the code has it, the
// setup is configured.
func TestCodeScanningDefaultSetupUnknownLanguage(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.codeScanningSetupTime(time.Second)
		f.codeScanningRepository("go", "python")
		o := f.newCodeScanningDefaultSetup(s, "setup")
		o.Parameters().Languages = []string{"go", "ruby"}
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f, o, "cannot analyze ruby", "in this repository: go, python", "spec.forProvider.languages")
		if ext := meta.GetExternalName(get(f, o)); ext != "" {
			t.Errorf("external name %q, want none: GitHub refused the setup", ext)
		}
		// Backed off: a few tries in seconds, not one per reconcile loop.
		before := f.codeScanningWrites()
		time.Sleep(3 * time.Second)
		if n := f.codeScanningWrites() - before; n > 3 {
			t.Errorf("%d refused setups sent in 3 s: want the reconciler to back off", n)
		}
		f.must(f.emu.State().SetCodeScanningLanguages(owner, codeScanningRepo, []string{"go", "python", "ruby"}))
		f.must(refusedUpdate(f, o, func(g twins.CodeScanningDefaultSetupObject) { g.SetLabels(map[string]string{"retry": "now"}) }))
		waitReady(f, o)
		if gh := f.ghCodeScanning(); !slices.Equal(gh.Languages, []string{"go", "ruby"}) {
			t.Errorf("GitHub's setup %+v, want go and ruby analysed", gh)
		}
	})
}

// A second CodeScanningDefaultSetup of the repository is refused, naming
// the first, which keeps the setup.
func TestCodeScanningDefaultSetupSecond(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.codeScanningSetupTime(time.Second)
		f.codeScanningRepository("go")
		first := f.newCodeScanningDefaultSetup(s, "first")
		f.must(kube.Create(f.ctx, first))
		waitReady(f, first)
		afterCreationSecond(get(f, first))

		second := f.newCodeScanningDefaultSetup(otherScope(s), "second")
		second.Parameters().QuerySuite = ptr.To("default")
		f.must(kube.Create(f.ctx, second))
		name := "CodeScanningDefaultSetup " + first.GetName()
		if s.namespaced {
			name = "CodeScanningDefaultSetup " + f.ns + "/" + first.GetName()
		}
		waitSyncError(f, second, "repository "+codeScanningFull+" is already claimed by "+name+", which is older")
		if gh := f.ghCodeScanning(); gh.QuerySuite != "extended" {
			t.Errorf("the second one changed GitHub's setup: %+v", gh)
		}
	})
}

// Bad input is refused at admission, with what is allowed.
func TestCodeScanningDefaultSetupAdmission(t *testing.T) {
	cases := map[string]struct {
		p    func(p *common.CodeScanningDefaultSetupParameters)
		want string
	}{
		"LabelWithoutLabeled": {p: func(p *common.CodeScanningDefaultSetupParameters) { p.RunnerLabel = ptr.To("big") },
			want: "runnerLabel goes with runnerType: labeled, and only with it"},
		"LabelOnStandard": {p: func(p *common.CodeScanningDefaultSetupParameters) {
			p.RunnerType, p.RunnerLabel = ptr.To("standard"), ptr.To("big")
		}, want: "runnerLabel goes with runnerType: labeled"},
		"LabeledWithoutLabel": {p: func(p *common.CodeScanningDefaultSetupParameters) { p.RunnerType = ptr.To("labeled") },
			want: "set both (labeled runners with this label)"},
		"OffWithFields": {p: func(p *common.CodeScanningDefaultSetupParameters) { p.State = "not-configured" },
			want: "a not-configured default setup has nothing else to declare"},
		"State":      {p: func(p *common.CodeScanningDefaultSetupParameters) { p.State = "on" }, want: `supported values: "configured", "not-configured"`},
		"QuerySuite": {p: func(p *common.CodeScanningDefaultSetupParameters) { p.QuerySuite = ptr.To("all") }, want: `supported values: "default", "extended"`},
		"Language":   {p: func(p *common.CodeScanningDefaultSetupParameters) { p.Languages = []string{"cobol"} }, want: `"javascript-typescript"`},
		"LanguageTwice": {p: func(p *common.CodeScanningDefaultSetupParameters) { p.Languages = []string{"go", "go"} },
			want: "Duplicate value"},
		"ThreatModel": {p: func(p *common.CodeScanningDefaultSetupParameters) { p.ThreatModel = ptr.To("local") },
			want: `supported values: "remote", "remote_and_local"`},
	}
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		for name, tc := range cases {
			t.Run(name, func(t *testing.T) {
				o := f.newCodeScanningDefaultSetup(s, "refused")
				tc.p(o.Parameters())
				err := kube.Create(f.ctx, o)
				if err == nil {
					_ = kube.Delete(f.ctx, o)
					t.Fatalf("want the API server to refuse %+v", o.Parameters())
				}
				if !strings.Contains(err.Error(), tc.want) {
					t.Errorf("refused with %v, want a message holding %q", err, tc.want)
				}
			})
		}
	})
}

// The CodeScanningDefaultSetup examples of both scopes, applied against
// one emulator with the demo seed, as make demo and make e2e do, become
// Ready once GitHub's runs (the emulator's default few seconds) applied
// their setups.
func TestCodeScanningDefaultSetupExamples(t *testing.T) {
	seed, err := emulator.LoadSeedFile("../../hack/demo-seed.yaml")
	if err != nil {
		t.Fatal(err)
	}
	f := newFixtureWith(t, emulator.Options{Seed: seed})
	var setups []twins.CodeScanningDefaultSetupObject
	for _, s := range scopes {
		for _, mg := range examplesOf(t, s, "codescanningdefaultsetup") {
			placeExample(f, s, mg)
			f.must(kube.Create(f.ctx, mg))
			if c, ok := mg.(twins.CodeScanningDefaultSetupObject); ok {
				setups = append(setups, c)
			}
		}
	}
	if len(setups) < 2 {
		t.Fatalf("%d CodeScanningDefaultSetup examples, want some of each scope", len(setups))
	}
	for _, c := range setups {
		got := waitReady(f, c)
		if obs := got.Observation(); ptr.Deref(obs.State, "") != "configured" {
			t.Errorf("%s: status.atProvider %+v, want configured", c.GetName(), obs)
		}
		for _, e := range f.events(got) {
			if e.Type == corev1.EventTypeWarning {
				t.Errorf("%s: a warning during a clean create: %s: %s", c.GetName(), e.Reason, e.Message)
			}
		}
	}
}
