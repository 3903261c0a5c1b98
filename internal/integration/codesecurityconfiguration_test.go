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
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	repocommon "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// codeSecurityConfigurations is where the CodeSecurityConfiguration tests
// find their configurations on GitHub.
const codeSecurityConfigurations = "/orgs/" + owner + "/code-security/configurations"

// newCodeSecurityConfiguration builds, without creating it, a
// CodeSecurityConfiguration of scope s called name for the configuration
// named label, with secret scanning enabled and every other feature left to
// its default.
func (f *fixture) newCodeSecurityConfiguration(s scope, name, label string, mods ...func(*common.CodeSecurityConfigurationParameters)) twins.CodeSecurityConfigurationObject {
	f.t.Helper()
	o := twins.CodeSecurityConfiguration.In(s.of)
	p := o.Parameters()
	p.OrganizationTarget = common.OrganizationTarget{Organization: ptr.To(owner)}
	p.Name, p.Description, p.SecretScanning = label, "Secrets found early", "enabled"
	for _, m := range mods {
		m(p)
	}
	return place(f, s, o, name, "github")
}

// ghCodeSecurityConfiguration is GitHub's configuration of id; ok false
// when there is none.
type ghCodeSecurityConfiguration struct {
	Name           string `json:"name"`
	Description    string `json:"description"`
	SecretScanning string `json:"secret_scanning"`
	Enforcement    string `json:"enforcement"`
}

func (f *fixture) ghCodeSecurityConfiguration(id string) (ghCodeSecurityConfiguration, bool) {
	f.t.Helper()
	var out ghCodeSecurityConfiguration
	status, b := f.gh(goodToken, http.MethodGet, codeSecurityConfigurations+"/"+id, "")
	if status == http.StatusNotFound {
		return out, false
	}
	if status != http.StatusOK {
		f.t.Fatalf("GET configuration %s: status %d: %s", id, status, b)
	}
	f.must(json.Unmarshal(b, &out))
	return out, true
}

// ghAttached are the repositories attached to configuration id on GitHub,
// as name=status, sorted.
func (f *fixture) ghAttached(id string) []string {
	f.t.Helper()
	var items []struct {
		Status     string `json:"status"`
		Repository struct {
			Name string `json:"name"`
		} `json:"repository"`
	}
	f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, codeSecurityConfigurations+"/"+id+"/repositories", ""), &items))
	out := make([]string, 0, len(items))
	for _, it := range items {
		out = append(out, it.Repository.Name+"="+it.Status)
	}
	slices.Sort(out)
	return out
}

// ghDefaultFor is which new repositories configuration id is the default
// for on GitHub; "none" when it is no default.
func (f *fixture) ghDefaultFor(id string) string {
	f.t.Helper()
	var defaults []struct {
		DefaultForNewRepos string `json:"default_for_new_repos"`
		Configuration      struct {
			ID int64 `json:"id"`
		} `json:"configuration"`
	}
	f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, codeSecurityConfigurations+"/defaults", ""), &defaults))
	for _, d := range defaults {
		if fmt.Sprint(d.Configuration.ID) == id {
			return d.DefaultForNewRepos
		}
	}
	return "none"
}

// A configuration is created as declared, with its id as the external name,
// made the default for new public repositories and attached to the
// repositories it selects — a Repository resource by reference, a
// repository by name — and Ready once GitHub has attached them. Whatever is
// changed on GitHub is put back: a setting, its name, its default, and a
// repository attached there that it does not select is detached.
// Deleting the resource deletes the configuration.
func TestCodeSecurityConfigurationLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/orgs/"+owner+"/repos", `{"name":"by-name"}`)
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/orgs/"+owner+"/repos", `{"name":"unlisted"}`)
		waitReady(f, f.create(s, "by-ref", repocommon.RepositoryParameters{Visibility: ptr.To("private")}))
		o := f.newCodeSecurityConfiguration(s, "strict", "strict", func(p *common.CodeSecurityConfigurationParameters) {
			p.DefaultForNewRepos = "public"
			p.AttachTo = &common.CodeSecurityAttachment{Scope: "selected", Repositories: []string{"by-name"},
				RepositoryRefs: []xpv2.Reference{{Name: s.key(f, "by-ref").Name}}}
		})
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		id := meta.GetExternalName(got)
		if c, ok := f.ghCodeSecurityConfiguration(id); !ok || c.Name != "strict" || c.SecretScanning != "enabled" || c.Enforcement != "enforced" {
			t.Errorf("GitHub's configuration %s: %+v (exists %t), want it as declared", id, c, ok)
		}
		if d := f.ghDefaultFor(id); d != "public" {
			t.Errorf("GitHub's default for new repositories %q, want public", d)
		}
		if a := f.ghAttached(id); !slices.Equal(a, []string{"by-name=attached", "by-ref=attached"}) {
			t.Errorf("GitHub's attached repositories %v, want by-name and by-ref, attached", a)
		}
		if obs := got.Observation(); ptr.Deref(obs.Organization, "") != owner || ptr.Deref(obs.DefaultForNewRepos, "") != "public" || len(obs.Repositories) != 2 {
			t.Errorf("status.atProvider %+v", obs)
		}

		f.ghMust(http.StatusOK, goodToken, http.MethodPatch, codeSecurityConfigurations+"/"+id, `{"name":"renamed","secret_scanning":"disabled","enforcement":"unenforced"}`)
		f.ghMust(http.StatusOK, goodToken, http.MethodPut, codeSecurityConfigurations+"/"+id+"/defaults", `{"default_for_new_repos":"none"}`)
		f.ghMust(http.StatusAccepted, goodToken, http.MethodPost, codeSecurityConfigurations+"/"+id+"/attach",
			fmt.Sprintf(`{"scope":"selected","selected_repository_ids":[%d]}`, f.repoID("unlisted")))
		f.must(f.emu.State().FinishCodeSecurityAttachments(owner))
		f.eventually("the configuration, its default and its repositories put back", func() string {
			if c, _ := f.ghCodeSecurityConfiguration(id); c.Name != "strict" || c.SecretScanning != "enabled" || c.Enforcement != "enforced" {
				return fmt.Sprintf("GitHub's configuration %+v", c)
			}
			if d := f.ghDefaultFor(id); d != "public" {
				return "default for " + d
			}
			if a := f.ghAttached(id); !slices.Equal(a, []string{"by-name=attached", "by-ref=attached"}) {
				return fmt.Sprintf("attached %v", a)
			}
			return ""
		})

		f.must(kube.Delete(f.ctx, get(f, o)))
		f.eventually("the configuration deleted on GitHub and the resource gone", func() string {
			if _, ok := f.ghCodeSecurityConfiguration(id); ok {
				return "GitHub still has configuration " + id
			}
			if err := kube.Get(f.ctx, s.key(f, "strict"), fresh(o)); !kerrors.IsNotFound(err) {
				return "CodeSecurityConfiguration still there"
			}
			return ""
		})
	})
}

// A configuration of a name the organization already has is not taken
// over: a condition says how to, and the annotation does it. A repository
// the spec names that GitHub does not have is a condition that names it.
func TestCodeSecurityConfigurationErrors(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		var taken struct {
			ID int64 `json:"id"`
		}
		f.must(json.Unmarshal(f.ghMust(http.StatusCreated, goodToken, http.MethodPost, codeSecurityConfigurations, `{"name":"taken","description":"someone else's"}`), &taken))
		o := f.newCodeSecurityConfiguration(s, "taken", "taken")
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f, o, `code security configuration "taken" of demo-org already exists and this CodeSecurityConfiguration did not create it`,
			"set the annotation crossplane.io/external-name to its id")
		if c, _ := f.ghCodeSecurityConfiguration(fmt.Sprint(taken.ID)); c.Description != "someone else's" || c.SecretScanning != "disabled" {
			t.Errorf("the configuration that was there: %+v, want it untouched", c)
		}
		update(f, o, func(o twins.CodeSecurityConfigurationObject) { meta.SetExternalName(o, fmt.Sprint(taken.ID)) })
		waitReady(f, o)
		if c, _ := f.ghCodeSecurityConfiguration(fmt.Sprint(taken.ID)); c.Description != "Secrets found early" || c.SecretScanning != "enabled" {
			t.Errorf("the adopted configuration: %+v, want it as declared", c)
		}

		missing := f.newCodeSecurityConfiguration(s, "missing", "missing", func(p *common.CodeSecurityConfigurationParameters) {
			p.AttachTo = &common.CodeSecurityAttachment{Scope: "selected", Repositories: []string{"nowhere"}}
		})
		f.must(kube.Create(f.ctx, missing))
		waitSyncError(f, missing, `spec.forProvider.attachTo.repositories names repository "nowhere", which organization demo-org does not have`)

		for _, x := range []twins.CodeSecurityConfigurationObject{o, missing} {
			f.must(kube.Delete(f.ctx, get(f, x)))
		}
		f.eventually("every resource gone", func() string {
			for _, name := range []string{"taken", "missing"} {
				if err := kube.Get(f.ctx, s.key(f, name), fresh(o)); !kerrors.IsNotFound(err) {
					return name + " still there"
				}
			}
			return ""
		})
	})
}

// A bypass reviewer named by role is sent as the role's id, whatever the
// case of its name; a role the organization does not have is a condition
// that names the roles it has, and nothing is created.
func TestCodeSecurityConfigurationRoleReviewer(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		var roles struct {
			Roles []struct {
				ID   int64  `json:"id"`
				Name string `json:"name"`
			} `json:"roles"`
		}
		f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, "/orgs/"+owner+"/organization-roles", ""), &roles))
		var roleID int64
		for _, r := range roles.Roles {
			if r.Name == "security_manager" {
				roleID = r.ID
			}
		}
		if roleID == 0 {
			t.Fatalf("the organization has no security_manager role: %+v", roles)
		}
		reviewedBy := func(role string) func(*common.CodeSecurityConfigurationParameters) {
			return func(p *common.CodeSecurityConfigurationParameters) {
				p.SecretScanningPushProtection, p.SecretScanningDelegatedBypass = "enabled", "enabled"
				p.SecretScanningDelegatedBypassOptions = &common.DelegatedBypassOptions{Reviewers: []common.BypassReviewer{{ReviewerType: "ROLE", RoleName: ptr.To(role)}}}
			}
		}
		o := f.newCodeSecurityConfiguration(s, "by-role", "by-role", reviewedBy("Security_Manager"))
		f.must(kube.Create(f.ctx, o))
		id := meta.GetExternalName(waitReady(f, o))
		var got struct {
			Options struct {
				Reviewers []struct {
					ID   int64  `json:"reviewer_id"`
					Type string `json:"reviewer_type"`
				} `json:"reviewers"`
			} `json:"secret_scanning_delegated_bypass_options"`
		}
		f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, codeSecurityConfigurations+"/"+id, ""), &got))
		if r := got.Options.Reviewers; len(r) != 1 || r[0].ID != roleID || r[0].Type != "ROLE" {
			t.Errorf("GitHub's bypass reviewers %+v, want role %d", r, roleID)
		}

		unknown := f.newCodeSecurityConfiguration(s, "by-no-role", "by-no-role", reviewedBy("gatekeeper"))
		f.must(kube.Create(f.ctx, unknown))
		waitSyncError(f, unknown, `spec.forProvider.secretScanningDelegatedBypassOptions.reviewers[0].roleName names role "gatekeeper", which organization demo-org does not have`, `"security_manager"`)
		if meta.GetExternalName(get(f, unknown)) != "" {
			t.Errorf("a configuration with an unknown role reviewer was created")
		}

		for _, x := range []twins.CodeSecurityConfigurationObject{o, unknown} {
			f.must(kube.Delete(f.ctx, get(f, x)))
		}
		f.eventually("every resource gone", func() string {
			for _, name := range []string{"by-role", "by-no-role"} {
				if err := kube.Get(f.ctx, s.key(f, name), fresh(o)); !kerrors.IsNotFound(err) {
					return name + " still there"
				}
			}
			return ""
		})
	})
}

// Bad input is refused at admission, with what is allowed.
func TestCodeSecurityConfigurationAdmission(t *testing.T) {
	cases := map[string]struct {
		change func(p *common.CodeSecurityConfigurationParameters)
		want   string
	}{
		"UnknownState": {change: func(p *common.CodeSecurityConfigurationParameters) { p.DependabotAlerts = "on" },
			want: `supported values: "enabled", "disabled", "not_set"`},
		"UnknownEnforcement": {change: func(p *common.CodeSecurityConfigurationParameters) { p.Enforcement = "strict" },
			want: `supported values: "enforced", "unenforced"`},
		"UnknownDefault": {change: func(p *common.CodeSecurityConfigurationParameters) { p.DefaultForNewRepos = "private" },
			want: `supported values: "all", "none", "private_and_internal", "public"`},
		"NoDescription": {change: func(p *common.CodeSecurityConfigurationParameters) { p.Description = "" },
			want: "spec.forProvider.description"},
		"RunnerWithoutDefaultSetup": {change: func(p *common.CodeSecurityConfigurationParameters) {
			p.CodeScanningDefaultSetupOptions = &common.CodeScanningDefaultSetupOptions{RunnerType: "standard"}
		}, want: "codeScanningDefaultSetupOptions go only with codeScanningDefaultSetup: enabled"},
		"ReviewersWithoutBypass": {change: func(p *common.CodeSecurityConfigurationParameters) {
			p.SecretScanningDelegatedBypassOptions = &common.DelegatedBypassOptions{Reviewers: []common.BypassReviewer{{ReviewerType: "ROLE", ReviewerID: ptr.To[int64](1)}}}
		}, want: "secretScanningDelegatedBypassOptions go only with secretScanningDelegatedBypass: enabled"},
		"SlugOfARole": {change: func(p *common.CodeSecurityConfigurationParameters) {
			p.SecretScanningDelegatedBypass = "enabled"
			p.SecretScanningDelegatedBypassOptions = &common.DelegatedBypassOptions{Reviewers: []common.BypassReviewer{{ReviewerType: "ROLE", TeamSlug: ptr.To("sec")}}}
		}, want: "teamSlug goes only with reviewerType: TEAM"},
		"RoleNameOfATeam": {change: func(p *common.CodeSecurityConfigurationParameters) {
			p.SecretScanningDelegatedBypass = "enabled"
			p.SecretScanningDelegatedBypassOptions = &common.DelegatedBypassOptions{Reviewers: []common.BypassReviewer{{ReviewerType: "TEAM", RoleName: ptr.To("security_manager")}}}
		}, want: "roleName goes only with reviewerType: ROLE"},
		"TwoNames": {change: func(p *common.CodeSecurityConfigurationParameters) {
			p.SecretScanningDelegatedBypass = "enabled"
			p.SecretScanningDelegatedBypassOptions = &common.DelegatedBypassOptions{Reviewers: []common.BypassReviewer{{ReviewerType: "ROLE", RoleName: ptr.To("security_manager"), ReviewerID: ptr.To[int64](138)}}}
		}, want: "name the reviewer with exactly one of teamSlug (a team of the organization), roleName (an organization role) or reviewerID"},
		"NoName": {change: func(p *common.CodeSecurityConfigurationParameters) {
			p.SecretScanningDelegatedBypass = "enabled"
			p.SecretScanningDelegatedBypassOptions = &common.DelegatedBypassOptions{Reviewers: []common.BypassReviewer{{ReviewerType: "ROLE"}}}
		}, want: "name the reviewer with exactly one of teamSlug"},
		"LabelOfStandardRunners": {change: func(p *common.CodeSecurityConfigurationParameters) {
			p.CodeScanningDefaultSetup = "enabled"
			p.CodeScanningDefaultSetupOptions = &common.CodeScanningDefaultSetupOptions{RunnerType: "standard", RunnerLabel: ptr.To("x")}
		}, want: "runnerLabel goes only with runnerType: labeled"},
		"SelectedWithoutRepositories": {change: func(p *common.CodeSecurityConfigurationParameters) {
			p.AttachTo = &common.CodeSecurityAttachment{Scope: "selected"}
		}, want: "scope: selected needs repositories, repositoryRefs or repositorySelector"},
		"RepositoriesWithAll": {change: func(p *common.CodeSecurityConfigurationParameters) {
			p.AttachTo = &common.CodeSecurityAttachment{Scope: "all", Repositories: []string{"a"}}
		}, want: "repositories, repositoryRefs and repositorySelector go only with scope: selected"},
		"UnknownScope": {change: func(p *common.CodeSecurityConfigurationParameters) {
			p.AttachTo = &common.CodeSecurityAttachment{Scope: "private"}
		}, want: `supported values: "all", "all_without_configurations", "public", "private_or_internal", "selected"`},
	}
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		for name, tc := range cases {
			t.Run(name, func(t *testing.T) {
				o := f.newCodeSecurityConfiguration(s, "refused", "refused", tc.change)
				err := kube.Create(f.ctx, o)
				if err == nil {
					_ = kube.Delete(f.ctx, o)
					t.Fatalf("want the API server to refuse %+v", o.Parameters())
				}
				if !strings.Contains(err.Error(), tc.want) {
					t.Errorf("want the refusal to say %q, got: %v", tc.want, err)
				}
			})
		}
	})
}

// A scope other than selected is GitHub's to resolve when it attaches: the
// configuration is attached once to the repositories of the scope (public
// here, not the private one), becomes Ready, and is not attached again.
func TestCodeSecurityConfigurationScope(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/orgs/"+owner+"/repos", `{"name":"open","visibility":"public"}`)
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/orgs/"+owner+"/repos", `{"name":"closed","visibility":"private"}`)
		o := f.newCodeSecurityConfiguration(s, "public", "public", func(p *common.CodeSecurityConfigurationParameters) {
			p.AttachTo = &common.CodeSecurityAttachment{Scope: "public"}
		})
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		id := meta.GetExternalName(got)
		if a := f.ghAttached(id); !slices.Equal(a, []string{"open=attached"}) {
			t.Errorf("GitHub's attached repositories %v, want open only", a)
		}
		if sc := ptr.Deref(got.Observation().AttachedScope, ""); sc != "public" {
			t.Errorf("status.atProvider.attachedScope %q, want public", sc)
		}
		before := len(f.emu.Requests())
		time.Sleep(3 * pollInterval)
		for _, req := range f.emu.Requests()[before:] {
			if strings.HasSuffix(req.Path, "/attach") {
				t.Errorf("attached again: %s %s", req.Method, req.Path)
			}
		}
	})
}
