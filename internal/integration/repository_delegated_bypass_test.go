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
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// securityManagerRole is the id of GitHub's predefined organization role
// security_manager.
const securityManagerRole = 138

// bypassSummary is the delegated bypass of demo-org's repository name in
// the emulator: off, or on with its reviewers as TYPE:id:MODE, sorted.
func bypassSummary(f *fixture, name string) string {
	r := mustRepo(f, name)
	if r.SecretScanningDelegatedBypass != emulator.StatusEnabled {
		return "off"
	}
	var rs []string
	for _, v := range r.BypassReviewers {
		rs = append(rs, fmt.Sprintf("%s:%d:%s", v.Type, v.ID, v.Mode))
	}
	slices.Sort(rs)
	return "on " + strings.Join(rs, ",")
}

// Push protection's delegated bypass is turned on with its reviewers (a
// team by slug, an organization role by name), and put back when changed
// on GitHub (reviewers replaced, then turned off).
func TestRepositoryDelegatedBypass(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		var team struct {
			ID int64 `json:"id"`
		}
		f.must(json.Unmarshal(f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/orgs/"+owner+"/teams", `{"name":"Secret Reviewers"}`), &team))
		f.create(s, "bypassed", common.RepositoryParameters{Visibility: ptr.To("public"), SecurityAndAnalysis: &common.SecurityAndAnalysis{
			SecretScanning: ptr.To(true), SecretScanningPushProtection: ptr.To(true),
			SecretScanningDelegatedBypass: &common.DelegatedBypass{Enabled: true, Reviewers: []common.BypassReviewer{
				{Team: ptr.To("secret-reviewers")}, {Role: ptr.To("Security_Manager"), Mode: ptr.To("EXEMPT")}}},
		}})
		got := f.waitReady(s, "bypassed")
		want := fmt.Sprintf("on ROLE:%d:EXEMPT,TEAM:%d:ALWAYS", securityManagerRole, team.ID)
		if b := bypassSummary(f, "bypassed"); b != want {
			t.Fatalf("delegated bypass on GitHub: %s, want %s", b, want)
		}
		f.eventually("status shows it on with two reviewers", func() string {
			if o := get(f, got).Observation().SecretScanningDelegatedBypass; o == nil || !o.Enabled || len(o.Reviewers) != 2 {
				return fmt.Sprintf("status.atProvider.secretScanningDelegatedBypass = %+v", o)
			}
			return ""
		})

		path := "/repos/" + owner + "/bypassed"
		f.ghMust(http.StatusOK, goodToken, http.MethodPatch, path,
			fmt.Sprintf(`{"security_and_analysis":{"secret_scanning_delegated_bypass_options":{"reviewers":[{"reviewer_id":%d,"reviewer_type":"ROLE"}]}}}`, securityManagerRole))
		f.eventually("reviewers put back", func() string {
			if b := bypassSummary(f, "bypassed"); b != want {
				return b
			}
			return ""
		})
		f.ghMust(http.StatusOK, goodToken, http.MethodPatch, path, `{"security_and_analysis":{"secret_scanning_delegated_bypass":{"status":"disabled"}}}`)
		f.eventually("turned on again", func() string {
			if b := bypassSummary(f, "bypassed"); b != want {
				return b
			}
			return ""
		})

		// Settled: not written again poll after poll.
		patches := func() int {
			n := 0
			for _, q := range f.emu.Requests() {
				if q.Method == http.MethodPatch && strings.HasSuffix(q.Path, path) {
					n++
				}
			}
			return n
		}
		// Nor are its reviewers looked up again: their ids are kept while
		// the spec and GitHub's reviewers stay the same.
		lookups := func() int {
			n := 0
			for _, q := range f.emu.Requests() {
				if q.Method == http.MethodGet && (strings.Contains(q.Path, "/orgs/"+owner+"/teams/") || strings.HasSuffix(q.Path, "/orgs/"+owner+"/organization-roles")) {
					n++
				}
			}
			return n
		}
		before, looked := patches(), lookups()
		time.Sleep(3 * pollInterval)
		if n := patches() - before; n != 0 {
			t.Errorf("%d PATCHes of %s in 3 polls, want none (an update loop)", n, path)
		}
		if n := lookups() - looked; n != 0 {
			t.Errorf("%d team or role reads in 3 polls of a steady Repository, want none", n)
		}

		// Turned off in the spec: off on GitHub.
		update(f, got, func(r repoObject) {
			r.Parameters().SecurityAndAnalysis.SecretScanningDelegatedBypass = &common.DelegatedBypass{Enabled: false}
		})
		f.eventually("turned off", func() string {
			if b := bypassSummary(f, "bypassed"); b != "off" {
				return b
			}
			return ""
		})
	})
}

// A reviewer GitHub does not know is named in the Synced condition, with
// the roles the organization has; the repository, created all the same,
// still reports itself (external name, status) and is Ready=False naming
// the team, until the team exists. Delegated bypass declared for a user's
// repository, which GitHub does not offer, is named in the Ready message.
func TestRepositoryDelegatedBypassUnknownReviewer(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		sa := func(rv common.BypassReviewer) *common.SecurityAndAnalysis {
			return &common.SecurityAndAnalysis{SecretScanningPushProtection: ptr.To(true),
				SecretScanningDelegatedBypass: &common.DelegatedBypass{Enabled: true, Reviewers: []common.BypassReviewer{rv}}}
		}
		ghost := f.create(s, "ghost-team", common.RepositoryParameters{Visibility: ptr.To("public"), SecurityAndAnalysis: sa(common.BypassReviewer{Team: ptr.To("ghosts")})})
		norole := f.create(s, "no-role", common.RepositoryParameters{Visibility: ptr.To("public"), SecurityAndAnalysis: sa(common.BypassReviewer{Role: ptr.To("gatekeeper")})})
		mine := f.create(s, "bypass-mine", common.RepositoryParameters{Owner: ptr.To("demo-user"), Visibility: ptr.To("public"),
			SecurityAndAnalysis: &common.SecurityAndAnalysis{SecretScanningPushProtection: ptr.To(true), SecretScanningDelegatedBypass: &common.DelegatedBypass{Enabled: true}}})
		f.eventually("a user's repository says delegated bypass has no effect", func() string {
			if c := get(f, mine).GetCondition(xpv2.TypeReady); !strings.Contains(c.Message, "does not offer push protection's delegated bypass") {
				return "Ready: " + string(c.Status) + " " + c.Message
			}
			return ""
		})
		waitSyncError(f, ghost, `cannot find team "ghosts" of organization demo-org`, "secretScanningDelegatedBypass.reviewers[0]")
		waitSyncError(f, norole, `names role "gatekeeper", which organization demo-org does not have`, `"security_manager"`)
		f.eventually("the repository made with an unknown team reports itself", func() string {
			g := get(f, ghost)
			if meta.GetExternalName(g) != "ghost-team" {
				return fmt.Sprintf("external name %q", meta.GetExternalName(g))
			}
			if ptr.Deref(g.Observation().FullName, "") != owner+"/ghost-team" || g.Observation().ID == nil {
				return fmt.Sprintf("status.atProvider: fullName %v, id %v", g.Observation().FullName, g.Observation().ID)
			}
			if c := g.GetCondition(xpv2.TypeReady); c.Status != corev1.ConditionFalse || !strings.Contains(c.Message, `cannot find team "ghosts" of organization demo-org`) {
				return "Ready: " + string(c.Status) + " " + c.Message
			}
			return ""
		})
		var team struct {
			ID int64 `json:"id"`
		}
		f.must(json.Unmarshal(f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/orgs/"+owner+"/teams", `{"name":"ghosts"}`), &team))
		f.waitReady(s, "ghost-team")
		if b, want := bypassSummary(f, "ghost-team"), fmt.Sprintf("on TEAM:%d:ALWAYS", team.ID); b != want {
			t.Errorf("delegated bypass on GitHub once the team exists: %s, want %s", b, want)
		}
	})
}

// Bad delegated bypass input is refused at admission.
func TestRepositoryDelegatedBypassAdmission(t *testing.T) {
	cases := map[string]struct {
		sa   common.SecurityAndAnalysis
		want string
	}{
		"WithoutPushProtection": {sa: common.SecurityAndAnalysis{SecretScanningDelegatedBypass: &common.DelegatedBypass{Enabled: true}},
			want: "secretScanningDelegatedBypass needs push protection"},
		"PushProtectionOff": {sa: common.SecurityAndAnalysis{SecretScanningPushProtection: ptr.To(false), SecretScanningDelegatedBypass: &common.DelegatedBypass{Enabled: true}},
			want: "secretScanningDelegatedBypass needs push protection"},
		"TeamAndRole": {sa: common.SecurityAndAnalysis{SecretScanningPushProtection: ptr.To(true), SecretScanningDelegatedBypass: &common.DelegatedBypass{Enabled: true,
			Reviewers: []common.BypassReviewer{{Team: ptr.To("a"), Role: ptr.To("b")}}}}, want: "set exactly one of team"},
		"Neither": {sa: common.SecurityAndAnalysis{SecretScanningPushProtection: ptr.To(true), SecretScanningDelegatedBypass: &common.DelegatedBypass{Enabled: true,
			Reviewers: []common.BypassReviewer{{}}}}, want: "set exactly one of team"},
		"ReviewersWhileOff": {sa: common.SecurityAndAnalysis{SecretScanningDelegatedBypass: &common.DelegatedBypass{
			Reviewers: []common.BypassReviewer{{Team: ptr.To("a")}}}}, want: "reviewers review bypass requests only while delegated bypass is enabled"},
		"UnknownMode": {sa: common.SecurityAndAnalysis{SecretScanningPushProtection: ptr.To(true), SecretScanningDelegatedBypass: &common.DelegatedBypass{Enabled: true,
			Reviewers: []common.BypassReviewer{{Team: ptr.To("a"), Mode: ptr.To("SOMETIMES")}}}}, want: `supported values: "ALWAYS", "EXEMPT"`},
	}
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		for name, tc := range cases {
			sa := tc.sa
			err := kube.Create(f.ctx, f.repository(s, "refused-"+strings.ToLower(name), "github", common.RepositoryParameters{SecurityAndAnalysis: &sa}))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s: want the API server to refuse, saying %q; got %v", name, tc.want, err)
			}
		}
	})
}

// The cluster-scoped Repository example platform-docs, applied against
// the demo seed, turns delegated bypass on with the seeded team Security
// and the security managers as reviewers.
func TestRepositoryDelegatedBypassExample(t *testing.T) {
	seed, err := emulator.LoadSeedFile("../../hack/demo-seed.yaml")
	if err != nil {
		t.Fatal(err)
	}
	f := newFixtureWith(t, emulator.Options{Seed: seed})
	var s scope
	for _, sc := range scopes {
		if !sc.namespaced {
			s = sc
		}
	}
	var docs repoObject
	for _, mg := range examplesOf(t, s, "repository") {
		if r, ok := mg.(repoObject); ok && r.GetName() == "security-runbooks" {
			docs = r
		}
	}
	if docs == nil {
		t.Fatal("no cluster-scoped Repository example security-runbooks")
	}
	placeExample(f, s, docs)
	f.must(kube.Create(f.ctx, docs))
	got := waitReady(f, docs)
	name := strings.TrimPrefix(ptr.Deref(got.Observation().FullName, ""), owner+"/")
	f.eventually("delegated bypass on with two reviewers", func() string {
		if b := bypassSummary(f, name); !strings.HasPrefix(b, "on ") || strings.Count(b, ":ALWAYS") != 2 {
			return b
		}
		return ""
	})
}
