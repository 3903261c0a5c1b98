package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScaffoldRenders fills every template for both shapes: each Go file
// formats (render runs gofmt on it), and what differs between the shapes
// is there.
func TestScaffoldRenders(t *testing.T) {
	for name, tc := range map[string]struct {
		s    scaffold
		want map[string]string // a file's path suffix, and text it must hold
	}{
		"NamedByTheUser": {
			s: scaffold{Kind: "IssueLabel", Pkg: "issuelabel", Var: "issueLabel", Group: "repo", Noun: "label", Nouns: "labels", Path: "/labels", Param: "name", Module: "example.com/p"},
			want: map[string]string{
				"internal/controller/issuelabel/issuelabel.go":      "kind.ByName[github.IssueLabel]",
				"internal/clients/github/issue_labels.go":           `"/repos/{owner}/{repo}/labels/{name}"`,
				"internal/emulator/repos_issue_labels.go":           "byName(true,",
				"apis/repo/common/v1alpha1/issuelabel_types.go":     `self == oldSelf`,
				"internal/emulator/contract_issue_labels_test.go":   `path: items + "/nothing"`,
				"examples/issuelabel/cluster/issuelabel.yaml":       "apiVersion: repo.github.crossplane.io/v1alpha1",
				"examples/issuelabel/namespaced/issuelabel.yaml":    "apiVersion: repo.github.m.crossplane.io/v1alpha1",
				"docs/kinds/issuelabel.md":                          "# IssueLabel",
				"internal/integration/issuelabel_test.go":           "func TestIssueLabelExisting",
				"internal/controller/issuelabel/issuelabel_test.go": "twins.EachIssueLabel(scopeOf, scopeOf)",
				"internal/importer/kind_issuelabel.go":              "Key: got.Name, ExternalName: got.Name",
				"internal/clients/issuelabel/issuelabel.go":         "func Imported(got *github.IssueLabel) common.IssueLabelParameters {",
			},
		},
		"AnOrganizations": {
			s: scaffold{Kind: "OrgNote", Pkg: "orgnote", Var: "orgNote", Group: "org", Noun: "note", Nouns: "notes", Path: "/notes", Param: "note_id", ByID: true, Org: true, FirstID: 5, Module: "example.com/p"},
			want: map[string]string{
				"internal/controller/orgnote/setup.go":         "c.Organization(mg)",
				"internal/controller/orgnote/orgnote.go":       "e.api.GetOrgNote(ctx, e.in.Login, id)",
				"internal/clients/github/org_notes.go":         `"/orgs/{org}/notes/{note_id}"`,
				"apis/org/common/v1alpha1/orgnote_types.go":    "OrganizationTarget `json:\",inline\"`",
				"internal/emulator/orgs_org_notes.go":          "onOrg(",
				"internal/integration/orgnote_test.go":         "common.OrganizationTarget{Organization: ptr.To(owner)}",
				"internal/controller/orgnote/orgnote_test.go":  `kind.Organization{Login: "demo-org"}`,
				"internal/emulator/contract_org_notes_test.go": `"/orgs/demo-org/notes"`,
				"examples/orgnote/namespaced/orgnote.yaml":     "apiVersion: org.github.m.crossplane.io/v1alpha1",
				"internal/importer/kind_orgnote.go":            "p.OrganizationTarget = s.OrganizationTarget()",
			},
		},
		"ARepositorysSetting": {
			s: scaffold{Kind: "WidgetSetting", Pkg: "widgetsetting", Var: "widgetSetting", Group: "repo", Noun: "widget setting", Nouns: "widget settings",
				Path: "/widget-settings", Setting: true, Module: "example.com/p"},
			want: map[string]string{
				"apis/repo/common/v1alpha1/widgetsetting_types.go":        "Enabled *bool `json:\"enabled,omitempty\"`",
				"internal/clients/github/widget_setting.go":               `Method: http.MethodPut, Template: "/repos/{owner}/{repo}/widget-settings"`,
				"internal/clients/github/fake/widget_setting.go":          "MockPutWidgetSetting func(ctx context.Context, owner, repo string, r *github.WidgetSettingRequest) error",
				"internal/clients/widgetsetting/widgetsetting.go":         "p.Enabled != nil && *p.Enabled != got.Enabled",
				"internal/controller/widgetsetting/widgetsetting.go":      "meta.SetExternalName(mg, e.in.FullName())",
				"internal/controller/widgetsetting/setup.go":              "in: in}, nil",
				"internal/controller/widgetsetting/widgetsetting_test.go": "twins.EachWidgetSetting(scopeOf, scopeOf)",
				"internal/emulator/repos_widget_setting.go":               `widgetSetting.onRepo(t, settingMount[repoOp]{path: "/widget-settings"`,
				"internal/emulator/contract_widget_setting_test.go":       `"Repository was archived so is read-only."`,
				"internal/integration/widgetsetting_test.go":              `const widgetSettingPath = "/repos/" + widgetSettingFull + "/widget-settings"`,
				"examples/widgetsetting/namespaced/widgetsetting.yaml":    "    enabled: true",
				"docs/kinds/widgetsetting.md":                             "leaves GitHub's widget setting as it is",
				"internal/importer/kind_widgetsetting.go":                 "ExternalName: repo.FullName()",
			},
		},
		"AnOrganizationsSetting": {
			s: scaffold{Kind: "OrgSwitch", Pkg: "orgswitch", Var: "orgSwitch", Group: "org", Noun: "switch", Nouns: "switchs", Path: "/switch", Setting: true, Org: true, Module: "example.com/p"},
			want: map[string]string{
				"apis/org/common/v1alpha1/orgswitch_types.go":   "OrganizationTarget `json:\",inline\"`",
				"internal/clients/github/org_switch.go":         `Method: http.MethodGet, Template: "/orgs/{org}/switch"`,
				"internal/controller/orgswitch/orgswitch.go":    "e.api.GetOrgSwitch(ctx, e.in.Login)",
				"internal/controller/orgswitch/setup.go":        "c.Organization(mg)",
				"internal/emulator/orgs_org_switch.go":          `orgSwitch.onOrg(t, settingMount[orgOp]{path: "/switch"`,
				"internal/emulator/contract_org_switch_test.go": `"You must be an organization owner."`,
				"internal/integration/orgswitch_test.go":        "func TestOrgSwitchNoSuchOrganization(",
				"examples/orgswitch/cluster/orgswitch.yaml":     "apiVersion: org.github.crossplane.io/v1alpha1",
				"internal/importer/kind_orgswitch.go":           "Key: s.Options.Owner, ExternalName: s.Options.Owner",
			},
		},
		"NumberedByGitHub": {
			s: scaffold{Kind: "Autolink", Pkg: "autolink", Var: "autolink", Group: "repo", Noun: "autolink", Nouns: "autolinks", Path: "/autolinks", Param: "autolink_id", ByID: true, FirstID: 5, Module: "example.com/p"},
			want: map[string]string{
				"internal/controller/autolink/autolink.go": "kind.ByID[github.Autolink]",
				"internal/clients/github/autolinks.go":     `"/repos/{owner}/{repo}/autolinks/{autolink_id}"`,
				"internal/emulator/repos_autolinks.go":     "byID(5,",
				"internal/clients/autolink/autolink.go":    "func FindByName(",
				"internal/importer/kind_autolink.go":       "id := externalID(got.ID)",
			},
		},
	} {
		t.Run(name, func(t *testing.T) {
			files, err := tc.s.render()
			if err != nil {
				t.Fatal(err)
			}
			if len(files) != len(tc.s.files()) {
				t.Errorf("%d files rendered, want %d", len(files), len(tc.s.files()))
			}
			for path, text := range tc.want {
				if got, ok := files[path]; !ok || !strings.Contains(string(got), text) {
					t.Errorf("%s (written %t) does not hold %q", path, ok, text)
				}
			}
			for path, b := range files {
				if strings.Contains(string(b), "[[") || strings.Contains(string(b), "<no value>") {
					t.Errorf("%s holds an unfilled template action", path)
				}
				if strings.HasPrefix(string(b), "\n") {
					t.Errorf("%s starts with an empty line", path)
				}
				// A setting is never created: every owner has it.
				if tc.s.Setting && strings.Contains(string(b), "Create"+tc.s.Kind) {
					t.Errorf("%s of a setting creates one", path)
				}
			}
		})
	}
}

// TestScaffoldRegisters adds a kind to the provider's list of kinds and to
// the README's table, and refuses a file it cannot place the kind in.
func TestScaffoldRegisters(t *testing.T) {
	dir := t.TempDir()
	setup := filepath.Join(dir, "setup.go")
	readme := filepath.Join(dir, "README.md")
	write := func(name, text string) {
		if err := os.WriteFile(name, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(setup, "package controller\n\nimport (\n\t\"example.com/p/internal/controller/kind\"\n\t\"example.com/p/internal/controller/team\"\n)\n\nvar kinds = [][]kind.Setup{\n\tteam.Setups,\n}\n")
	write(readme, "# p\n\n| kind | group | what |\n|---|---|---|\n| [`Team`](docs/kinds/team.md) | `org` | a team |\n\n## Next\n")
	s := scaffold{Kind: "IssueLabel", Pkg: "issuelabel", Group: "repo", Noun: "label", Module: "example.com/p"}
	if err := register(setup, s); err != nil {
		t.Fatal(err)
	}
	if err := listInReadme(readme, s); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(setup)
	for _, want := range []string{"\t\"example.com/p/internal/controller/issuelabel\"\n", "\tteam.Setups,\n\tissuelabel.Setups,\n}"} {
		if !strings.Contains(string(got), want) {
			t.Errorf("setup.go:\n%s\nwant it to hold %q", got, want)
		}
	}
	got, _ = os.ReadFile(readme)
	if want := "| a team |\n| [`IssueLabel`](docs/kinds/issuelabel.md) |"; !strings.Contains(string(got), want) {
		t.Errorf("README.md:\n%s\nwant the row after the last kind's", got)
	}
	kinds := filepath.Join(dir, "kinds.go")
	write(kinds, "package importer\n\nvar Kinds = []Kind{\n\tteamKind,\n}\n")
	s.Var = "issueLabel"
	if err := registerImporter(kinds, s); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(kinds); !strings.Contains(string(got), "\tteamKind,\n\tissueLabelKind,\n}") {
		t.Errorf("kinds.go:\n%s\nwant issueLabelKind after teamKind", got)
	}
	write(setup, "package controller\n")
	if err := register(setup, s); err == nil || !strings.Contains(err.Error(), "by hand") {
		t.Errorf("register in a file without a list of kinds: %v, want an error saying to add it by hand", err)
	}
}

// TestScaffoldRefusesSettingByID: a setting is named by its repository or
// organization, so -setting with -id is refused before anything is written.
func TestScaffoldRefusesSettingByID(t *testing.T) {
	dir := t.TempDir()
	err := runNew([]string{"-root", dir, "-setting", "-id", "WidgetSetting"})
	if err == nil || !strings.Contains(err.Error(), "-setting and -id do not go together") {
		t.Errorf("runNew(-setting -id): %v, want the flags refused", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("runNew(-setting -id) wrote %d entries, want none", len(entries))
	}
}
