package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"text/template"

	"github.com/Masterminds/sprig/v3"
	"github.com/google/go-cmp/cmp"
	"sigs.k8s.io/yaml"
)

// TestExampleCompositionTemplate renders the function-go-templating step of
// examples/composition/composition.yaml (with sprig, as that function does)
// and checks that it composes the same protections and collaborators as
// this function, which make e2e runs in real Crossplane: the protections,
// collaborators, CODEOWNERS files, CI webhooks, Actions variables and
// secrets and production environment.
func TestExampleCompositionTemplate(t *testing.T) {
	raw, err := os.ReadFile("../../../examples/composition/composition.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var c struct {
		Spec struct {
			Pipeline []struct {
				Step  string `json:"step"`
				Input struct {
					Inline struct {
						Template string `json:"template"`
					} `json:"inline"`
				} `json:"input"`
			} `json:"pipeline"`
		} `json:"spec"`
	}
	if err := yaml.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	var src string
	for _, s := range c.Spec.Pipeline {
		if s.Input.Inline.Template != "" {
			src = s.Input.Inline.Template
		}
	}
	tpl, err := template.New("composition").Funcs(sprig.TxtFuncMap()).Parse(src)
	if err != nil {
		t.Fatalf("the example's template does not parse: %v", err)
	}
	for _, protection := range []string{"ruleset", "classic"} {
		t.Run(protection, func(t *testing.T) {
			spec := TeamRepos{Team: "payments", BranchProtection: protection, RequiredStatusCheck: "ci/test",
				Collaborators: []Collaborator{{Username: "Other-User", Permission: "triage"}},
				CIWebhook:     &CIWebhook{URL: "https://ci.example.com/hook"}, DeployToken: &DeployToken{},
				Members: []string{"Member-User", "dev-user"}, Maintainers: []string{"ops-user"}}
			spec.CIWebhook.SecretRef.Name = "ci"
			spec.DeployToken.SecretRef.Name, spec.DeployToken.SecretRef.Key = "payments-deploy", "value"
			team := ObservedTeam{Name: "payments-x7k2p", Organization: "demo-org", Slug: "payments"}
			in := map[string]any{"observed": map[string]any{
				"composite": map[string]any{"resource": map[string]any{"spec": map[string]any{
					"team": "payments", "branchProtection": protection, "requiredStatusCheck": "ci/test",
					"collaborators": []any{map[string]any{"username": "Other-User", "permission": "triage"}},
					"ciWebhook":     map[string]any{"url": "https://ci.example.com/hook", "secretRef": map[string]any{"name": "ci"}},
					"deployToken":   map[string]any{"secretRef": map[string]any{"name": "payments-deploy", "key": "value"}},
					"members":       []any{"Member-User", "dev-user"},
					"maintainers":   []any{"ops-user"},
				}}},
				"resources": map[string]any{"team": map[string]any{"resource": map[string]any{
					"metadata": map[string]any{"name": team.Name},
					"status":   map[string]any{"atProvider": map[string]any{"organization": team.Organization, "slug": team.Slug}},
				}}},
			}}
			var out strings.Builder
			if err := tpl.Execute(&out, in); err != nil {
				t.Fatal(err)
			}
			got := map[string]any{}
			for _, doc := range strings.Split(out.String(), "\n---\n") {
				if strings.TrimSpace(doc) == "" {
					continue
				}
				var o struct {
					APIVersion string `json:"apiVersion"`
					Kind       string `json:"kind"`
					Metadata   struct {
						Annotations map[string]string `json:"annotations"`
					} `json:"metadata"`
					Spec struct {
						ForProvider map[string]any `json:"forProvider"`
					} `json:"spec"`
				}
				if err := yaml.UnmarshalStrict([]byte(doc), &o); err != nil {
					t.Fatalf("the example's template renders bad YAML: %v\n%s", err, doc)
				}
				got[o.Metadata.Annotations["gotemplating.fn.crossplane.io/composition-resource-name"]] = map[string]any{"apiVersion": o.APIVersion, "kind": o.Kind, "forProvider": o.Spec.ForProvider}
			}
			want := map[string]any{}
			for name, o := range compose(spec, team) {
				if k := o.GetKind(); k != "Team" && k != "Repository" && k != "TeamRepository" {
					want[string(name)] = map[string]any{"apiVersion": o.GetAPIVersion(), "kind": k, "forProvider": o.Object["spec"].(map[string]any)["forProvider"]}
				}
			}
			for _, m := range []string{"member-member-user", "member-dev-user", "maintainer-ops-user"} {
				if _, ok := got[m]; !ok {
					t.Errorf("the example template composes no %s TeamMembership", m)
				}
			}
			if diff := cmp.Diff(asJSON(t, want), asJSON(t, got)); diff != "" {
				t.Errorf("example template (+) differs from the e2e function (-):\n%s", diff)
			}
		})
	}
}

// asJSON is v as JSON would carry it (numbers as float64).
func asJSON(t *testing.T, v any) any {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	return out
}
