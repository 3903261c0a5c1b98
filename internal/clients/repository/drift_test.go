package repository

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Each continuously reconciled setting: the spec field (by JSON name), a
// value that differs from ghRepo()'s, and the GitHub request key it must be
// sent as. Written out by hand, independent of the mapping tables.
var settingCases = []struct {
	field   string
	value   any
	ghKey   string
	ghValue any
}{
	{"description", "new", "description", "new"},
	{"homepage", "https://example.com", "homepage", "https://example.com"},
	{"visibility", "private", "visibility", "private"},
	{"defaultBranch", "develop", "default_branch", "develop"},
	{"hasIssues", false, "has_issues", false},
	{"hasProjects", false, "has_projects", false},
	{"hasWiki", false, "has_wiki", false},
	{"hasDiscussions", true, "has_discussions", true},
	{"isTemplate", true, "is_template", true},
	{"allowSquashMerge", false, "allow_squash_merge", false},
	{"allowMergeCommit", false, "allow_merge_commit", false},
	{"allowRebaseMerge", false, "allow_rebase_merge", false},
	{"allowAutoMerge", true, "allow_auto_merge", true},
	{"allowUpdateBranch", true, "allow_update_branch", true},
	{"deleteBranchOnMerge", true, "delete_branch_on_merge", true},
	{"squashMergeCommitTitle", "PR_TITLE", "squash_merge_commit_title", "PR_TITLE"},
	{"squashMergeCommitMessage", "PR_BODY", "squash_merge_commit_message", "PR_BODY"},
	{"mergeCommitTitle", "PR_TITLE", "merge_commit_title", "PR_TITLE"},
	{"mergeCommitMessage", "BLANK", "merge_commit_message", "BLANK"},
	{"allowForking", false, "allow_forking", false},
	{"webCommitSignoffRequired", true, "web_commit_signoff_required", true},
}

// setSpec sets the spec field with the given JSON name through JSON, so the
// test does not depend on the mapping's accessors.
func setSpec(t *testing.T, p *common.RepositoryParameters, field string, v any) {
	t.Helper()
	b, err := json.Marshal(map[string]any{field: v})
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, p); err != nil {
		t.Fatal(err)
	}
}

func TestEverySettingDriftsAndIsSentUnderGitHubsKey(t *testing.T) {
	for _, sc := range settingCases {
		t.Run(sc.field, func(t *testing.T) {
			p := params()
			setSpec(t, p, sc.field, sc.value)
			r := ghRepo()

			d := Drift(p, "x", Actual{Repo: r})
			if diff := cmp.Diff([]string{sc.field}, d); diff != "" {
				t.Errorf("Drift(...): -want, +got:\n%s", diff)
			}
			q := SettingsRequest(p, r)
			if q == nil {
				t.Fatalf("SettingsRequest(...): want a request that sets %s, got nil", sc.ghKey)
			}
			var body map[string]any
			b, _ := json.Marshal(q)
			_ = json.Unmarshal(b, &body)
			if got := body[sc.ghKey]; !reflect.DeepEqual(got, sc.ghValue) {
				t.Errorf("SettingsRequest(...)[%q]: want %v, got %v (body %s)", sc.ghKey, sc.ghValue, got, b)
			}
			extra := 1
			if sc.ghKey == "visibility" {
				extra = 2 // private travels with visibility
			}
			if len(body) != extra {
				t.Errorf("SettingsRequest(...): want only %s sent, got %s", sc.ghKey, b)
			}

			// Once GitHub has the value, nothing drifts any more.
			_ = json.Unmarshal(b, r)
			if d := Drift(p, "x", Actual{Repo: r}); len(d) != 0 {
				t.Errorf("Drift(after applying the request): want none, got %v", d)
			}
			if q := SettingsRequest(p, r); q != nil {
				t.Errorf("SettingsRequest(after applying): want nil, got %+v", q)
			}
		})
	}
}

func TestDrift(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      *common.RepositoryParameters
		name   string
		a      Actual
		want   []string
	}{
		"UnsetSpecNeverDrifts": {
			reason: "settings the spec leaves unset are not compared",
			p:      params(), name: "x", a: Actual{Repo: ghRepo()},
		},
		"Renamed": {
			reason: "a repository found under another name must be renamed back",
			p:      params(), name: "x", a: Actual{Repo: ghRepo(func(r *github.Repository) { r.Name = "y" })},
			want: []string{"name"},
		},
		"NullDescriptionIsEmpty": {
			reason: "GitHub reports an empty description as null",
			p:      params(func(p *common.RepositoryParameters) { p.Description = ptr.To("") }),
			name:   "x", a: Actual{Repo: ghRepo()},
		},
		"ArchivedStaysArchived": {
			reason: "an archived repository that should stay archived is read-only: other settings are not compared",
			p: params(func(p *common.RepositoryParameters) {
				p.Archived = ptr.To(true)
				p.HasWiki = ptr.To(false)
			}),
			name: "x", a: Actual{Repo: ghRepo(func(r *github.Repository) { r.Archived = true })},
		},
		"ArchivedShouldNotBe": {
			reason: "archived differs, and settings behind it are compared too",
			p: params(func(p *common.RepositoryParameters) {
				p.Archived = ptr.To(false)
				p.HasWiki = ptr.To(false)
			}),
			name: "x", a: Actual{Repo: ghRepo(func(r *github.Repository) { r.Archived = true })},
			want: []string{"archived", "hasWiki"},
		},
		"Topics": {
			reason: "topics compare as sets",
			p:      params(func(p *common.RepositoryParameters) { p.Topics = []string{"b", "a"} }),
			name:   "x", a: Actual{Repo: ghRepo(func(r *github.Repository) { r.Topics = []string{"a"} })},
			want: []string{"topics"},
		},
		"VulnerabilityAlerts": {
			reason: "vulnerability alerts compare when read",
			p:      params(func(p *common.RepositoryParameters) { p.VulnerabilityAlerts = ptr.To(true) }),
			name:   "x", a: Actual{Repo: ghRepo(), VulnerabilityAlerts: ptr.To(false)},
			want: []string{"vulnerabilityAlerts"},
		},
		"PrivateVulnerabilityReporting": {
			reason: "private vulnerability reporting compares when read",
			p:      params(func(p *common.RepositoryParameters) { p.PrivateVulnerabilityReporting = ptr.To(true) }),
			name:   "x", a: Actual{Repo: ghRepo(), PrivateVulnerabilityReporting: ptr.To(false)},
			want: []string{"privateVulnerabilityReporting"},
		},
		"PrivateVulnerabilityReportingNotRead": {
			reason: "private vulnerability reporting that was not read does not differ",
			p:      params(func(p *common.RepositoryParameters) { p.PrivateVulnerabilityReporting = ptr.To(true) }),
			name:   "x", a: Actual{Repo: ghRepo()},
		},
		"ImmutableReleasesOff": {
			reason: "immutable releases declared on and found off differ",
			p:      params(func(p *common.RepositoryParameters) { p.ImmutableReleases = ptr.To(true) }),
			name:   "x", a: Actual{Repo: ghRepo(), ImmutableReleases: &github.ImmutableReleases{}},
			want: []string{"immutableReleases"},
		},
		"ImmutableReleasesOn": {
			reason: "immutable releases declared off and turned on by the repository differ",
			p:      params(func(p *common.RepositoryParameters) { p.ImmutableReleases = ptr.To(false) }),
			name:   "x", a: Actual{Repo: ghRepo(), ImmutableReleases: &github.ImmutableReleases{Enabled: true}},
			want: []string{"immutableReleases"},
		},
		"ImmutableReleasesEnforcedByTheOrganization": {
			reason: "immutable releases declared off that the organization enforces are the organization's: no drift to fight over",
			p:      params(func(p *common.RepositoryParameters) { p.ImmutableReleases = ptr.To(false) }),
			name:   "x", a: Actual{Repo: ghRepo(), ImmutableReleases: &github.ImmutableReleases{Enabled: true, EnforcedByOwner: true}},
		},
		"ImmutableReleasesOnAsDeclared": {
			reason: "immutable releases declared on and enforced by the organization are on: no drift",
			p:      params(func(p *common.RepositoryParameters) { p.ImmutableReleases = ptr.To(true) }),
			name:   "x", a: Actual{Repo: ghRepo(), ImmutableReleases: &github.ImmutableReleases{Enabled: true, EnforcedByOwner: true}},
		},
		"SecurityFeature": {
			reason: "a reported security feature is compared; an unreported one is not",
			p: params(func(p *common.RepositoryParameters) {
				p.SecurityAndAnalysis = &common.SecurityAndAnalysis{SecretScanning: ptr.To(true), AdvancedSecurity: ptr.To(true)}
			}),
			name: "x", a: Actual{Repo: ghRepo(func(r *github.Repository) {
				r.SecurityAndAnalysis = &github.SecurityAndAnalysis{SecretScanning: &github.FeatureStatus{Status: "disabled"}}
			})},
			want: []string{"securityAndAnalysis.secretScanning"},
		},
		"SecurityNotReported": {
			reason: "GitHub shows security_and_analysis only to admins: nothing to compare",
			p: params(func(p *common.RepositoryParameters) {
				p.SecurityAndAnalysis = &common.SecurityAndAnalysis{SecretScanning: ptr.To(true)}
			}),
			name: "x", a: Actual{Repo: ghRepo()},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Drift(tc.p, tc.name, tc.a)); diff != "" {
				t.Errorf("\n%s\nDrift(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestSettingsRequestSecurity(t *testing.T) {
	p := params(func(p *common.RepositoryParameters) {
		p.SecurityAndAnalysis = &common.SecurityAndAnalysis{SecretScanning: ptr.To(true), SecretScanningPushProtection: ptr.To(false)}
	})
	r := ghRepo(func(r *github.Repository) {
		r.SecurityAndAnalysis = &github.SecurityAndAnalysis{
			SecretScanning:               &github.FeatureStatus{Status: "disabled"},
			SecretScanningPushProtection: &github.FeatureStatus{Status: "disabled"},
		}
	})
	want := &github.RepositoryRequest{SecurityAndAnalysis: &github.SecurityAndAnalysis{SecretScanning: &github.FeatureStatus{Status: "enabled"}}}
	if diff := cmp.Diff(want, SecurityRequest(p, r)); diff != "" {
		t.Errorf("SecurityRequest(...): only the differing feature is sent: -want, +got:\n%s", diff)
	}
	if q := SettingsRequest(p, r); q != nil {
		t.Errorf("SettingsRequest(...): security features travel in their own request, got %+v", q)
	}
	if q := SecurityRequest(p, ghRepo()); q != nil {
		t.Errorf("SecurityRequest(...): features GitHub does not report are not sent, got %+v", q)
	}
}

func TestLateInitialize(t *testing.T) {
	r := ghRepo(func(r *github.Repository) {
		r.Description = ptr.To("from github")
		r.Topics = []string{"go"}
		r.SecurityAndAnalysis = &github.SecurityAndAnalysis{SecretScanning: &github.FeatureStatus{Status: "enabled"}}
	})
	p := params(func(p *common.RepositoryParameters) { p.HasWiki = ptr.To(false) })

	if !LateInitialize(p, "demo-org", "x", r) {
		t.Fatal("LateInitialize(...): want changed, got unchanged")
	}
	want := params(func(p *common.RepositoryParameters) {
		p.Owner, p.Name = ptr.To("demo-org"), ptr.To("x")
		p.Description, p.Homepage, p.Visibility, p.DefaultBranch = ptr.To("from github"), ptr.To(""), ptr.To("public"), ptr.To("main")
		p.HasIssues, p.HasProjects, p.HasWiki, p.HasDiscussions, p.IsTemplate = ptr.To(true), ptr.To(true), ptr.To(false), ptr.To(false), ptr.To(false)
		p.AllowSquashMerge, p.AllowMergeCommit, p.AllowRebaseMerge = ptr.To(true), ptr.To(true), ptr.To(true)
		p.AllowAutoMerge, p.AllowUpdateBranch, p.DeleteBranchOnMerge = ptr.To(false), ptr.To(false), ptr.To(false)
		p.SquashMergeCommitTitle, p.SquashMergeCommitMessage = ptr.To("COMMIT_OR_PR_TITLE"), ptr.To("COMMIT_MESSAGES")
		p.MergeCommitTitle, p.MergeCommitMessage = ptr.To("MERGE_MESSAGE"), ptr.To("PR_TITLE")
		p.AllowForking, p.WebCommitSignoffRequired, p.Archived = ptr.To(true), ptr.To(false), ptr.To(false)
		p.Topics = []string{"go"}
		p.SecurityAndAnalysis = &common.SecurityAndAnalysis{SecretScanning: ptr.To(true)}
	})
	if diff := cmp.Diff(want, p); diff != "" {
		t.Errorf("LateInitialize(...): unset fields take GitHub's values, set ones stay: -want, +got:\n%s", diff)
	}
	if LateInitialize(p, "demo-org", "x", r) {
		t.Error("LateInitialize(twice): want unchanged the second time")
	}
	if d := Drift(p, "x", Actual{Repo: r}); len(d) != 1 || d[0] != "hasWiki" {
		t.Errorf("Drift(after late init): want only the user's own hasWiki, got %v", d)
	}
}

func TestLateInitializeLeavesUnreportedAlone(t *testing.T) {
	r := ghRepo(func(r *github.Repository) {
		r.AllowAutoMerge, r.MergeCommitTitle = nil, nil
	})
	p := params()
	LateInitialize(p, "o", "x", r)
	if p.AllowAutoMerge != nil || p.MergeCommitTitle != nil || p.SecurityAndAnalysis != nil || p.Topics != nil || p.VulnerabilityAlerts != nil {
		t.Errorf("LateInitialize(...): fields GitHub did not report must stay unset, got %+v", p)
	}
}

// FuzzSettingsConverge checks, for any desired settings and any state GitHub
// reports, that applying SettingsRequest leaves no settings drift and that
// late initialization never introduces drift.
func FuzzSettingsConverge(f *testing.F) {
	f.Add(`{"description":"a","hasWiki":false,"visibility":"private"}`, `{"name":"x","has_wiki":true,"visibility":"public"}`)
	f.Add(`{"allowAutoMerge":true,"securityAndAnalysis":{"secretScanning":true}}`, `{"name":"x","security_and_analysis":{"secret_scanning":{"status":"disabled"}}}`)
	f.Add(`{}`, `{"name":"x","archived":true}`)
	f.Fuzz(func(t *testing.T, spec, actual string) {
		p := &common.RepositoryParameters{}
		r := &github.Repository{}
		if json.Unmarshal([]byte(spec), p) != nil || json.Unmarshal([]byte(actual), r) != nil {
			return
		}
		r.Name = "x"
		p.Archived, r.Archived = nil, false
		p.Topics, p.VulnerabilityAlerts = nil, nil

		li := p.DeepCopy()
		LateInitialize(li, "o", "x", r)
		before := Drift(p, "x", Actual{Repo: r})
		after := Drift(li, "x", Actual{Repo: r})
		if len(after) > len(before) {
			t.Fatalf("late initialization added drift: before %v, after %v", before, after)
		}

		// Apply both update steps as GitHub would (encoding/json merges
		// nested objects into what is there, as GitHub merges features).
		for _, q := range []*github.RepositoryRequest{SettingsRequest(p, r), nil} {
			if q == nil {
				q = SecurityRequest(p, r)
			}
			if q == nil {
				continue
			}
			b, err := json.Marshal(q)
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(b, r); err != nil {
				t.Fatal(err)
			}
		}
		if d := Drift(p, "x", Actual{Repo: r}); len(d) != 0 {
			t.Fatalf("after applying the update steps, still drift %v", strings.Join(d, ","))
		}
	})
}

func TestCreateDrift(t *testing.T) {
	gh := func(m ...func(*github.Repository)) *github.Repository {
		r := &github.Repository{Name: "svc", Owner: github.Account{Login: "org"}, Visibility: "private", Private: true,
			Description: ptr.To("the service"), HasWiki: true, AllowSquashMerge: ptr.To(true)}
		for _, f := range m {
			f(r)
		}
		return r
	}
	plain := &common.RepositoryParameters{Visibility: ptr.To("private"), Description: ptr.To("the service"), HasWiki: ptr.To(true),
		AllowSquashMerge: ptr.To(true), Topics: []string{"later"}, DefaultBranch: ptr.To("trunk")}
	cases := map[string]struct {
		reason string
		p      *common.RepositoryParameters
		r      *github.Repository
		want   []string
	}{
		"PlainAsAsked": {reason: "a repository with every setting the create sent is its result; topics and the default branch come later",
			p: plain, r: gh()},
		"PlainOtherDescription": {reason: "a description the create did not send is someone else's repository",
			p: plain, r: gh(func(r *github.Repository) { r.Description = ptr.To("not yours") }), want: []string{"description"}},
		"PlainOtherVisibilityAndMerge": {reason: "every setting the create sent is compared",
			p: plain, r: gh(func(r *github.Repository) {
				r.Visibility, r.Private, r.AllowSquashMerge = "public", false, ptr.To(false)
			}),
			want: []string{"visibility", "allowSquashMerge"}},
		"Template": {reason: "a repository generated from the spec's template with its description and visibility is the create's result",
			p: &common.RepositoryParameters{Template: &common.TemplateSource{Owner: "org", Repository: "tmpl"}, Visibility: ptr.To("private"), Description: ptr.To("the service")},
			r: gh(func(r *github.Repository) { r.TemplateRepository = &github.RepositoryRef{FullName: "org/tmpl"} })},
		"NotFromTheTemplate": {reason: "a repository not generated from the spec's template is someone else's",
			p: &common.RepositoryParameters{Template: &common.TemplateSource{Owner: "org", Repository: "tmpl"}},
			r: gh(), want: []string{"template"}},
		"Fork": {reason: "a fork of the spec's source is the create's result",
			p: &common.RepositoryParameters{Fork: &common.ForkSource{Owner: "up", Repository: "lib"}},
			r: gh(func(r *github.Repository) { r.Fork, r.Parent = true, &github.RepositoryRef{FullName: "up/lib"} })},
		"NotAFork": {reason: "a repository that is no fork of the spec's source is someone else's",
			p: &common.RepositoryParameters{Fork: &common.ForkSource{Owner: "up", Repository: "lib"}},
			r: gh(), want: []string{"fork"}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, CreateDrift(tc.p, tc.r)); diff != "" {
				t.Errorf("\n%s\nCreateDrift(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}
