package main

import (
	"context"
	"os"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/logging"
	fnv1 "github.com/crossplane/function-sdk-go/proto/v1"
	"github.com/crossplane/function-sdk-go/resource"
	"github.com/google/go-cmp/cmp"
	"google.golang.org/protobuf/types/known/structpb"
	"sigs.k8s.io/yaml"
)

// orgBaselineSteps reads the pipeline of examples/composition/orgbaseline:
// each step's function and input, as Crossplane sends them.
func orgBaselineSteps(t *testing.T) []struct {
	Function string
	Input    *structpb.Struct
} {
	t.Helper()
	raw, err := os.ReadFile("../../../examples/composition/orgbaseline/composition.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var c struct {
		Spec struct {
			Pipeline []struct {
				FunctionRef struct {
					Name string `json:"name"`
				} `json:"functionRef"`
				Input map[string]any `json:"input"`
			} `json:"pipeline"`
		} `json:"spec"`
	}
	if err := yaml.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	var steps []struct {
		Function string
		Input    *structpb.Struct
	}
	for _, s := range c.Spec.Pipeline {
		var in *structpb.Struct
		if s.Input != nil {
			if in, err = structpb.NewStruct(s.Input); err != nil {
				t.Fatal(err)
			}
		}
		steps = append(steps, struct {
			Function string
			Input    *structpb.Struct
		}{s.FunctionRef.Name, in})
	}
	return steps
}

// runPipeline runs the example's steps through this function, as the e2e
// Composition does (its function references pointing here), handing each
// step's desired resources to the next.
func runPipeline(t *testing.T, xr string, observed map[string]*fnv1.Resource) *fnv1.RunFunctionResponse {
	t.Helper()
	f := &Function{log: logging.NewNopLogger()}
	var desired *fnv1.State
	var rsp *fnv1.RunFunctionResponse
	for _, s := range orgBaselineSteps(t) {
		req := &fnv1.RunFunctionRequest{Input: s.Input, Desired: desired,
			Observed: &fnv1.State{Composite: &fnv1.Resource{Resource: resource.MustStructJSON(xr)}, Resources: observed}}
		var err error
		if rsp, err = f.RunFunction(context.Background(), req); err != nil {
			t.Fatal(err)
		}
		for _, r := range rsp.GetResults() {
			if r.GetSeverity() == fnv1.Severity_SEVERITY_FATAL {
				t.Fatalf("step %s: %s", s.Function, r.GetMessage())
			}
		}
		desired = rsp.GetDesired()
	}
	return rsp
}

// The example Composition's template composes the organisation's settings,
// the tier property, the production ruleset, the audit webhook, the
// security team and its role, from the XR's spec; a resource the provider
// reports Ready is marked ready.
func TestOrgBaselineTemplate(t *testing.T) {
	xr := `{"apiVersion":"platform.example.org/v1alpha1","kind":"XOrgBaseline","metadata":{"name":"acme","namespace":"default"},
		"spec":{"organization":"acme","billingEmail":"billing@acme.example","defaultRepositoryPermission":"none",
		"membersCanCreatePublicRepositories":false,"webCommitSignoffRequired":true,
		"production":{"requiredApprovals":0,"requiredStatusCheck":"ci/test"},
		"auditWebhook":{"url":"https://audit.example.com/hook","secretRef":{"name":"audit"}},"securityTeam":"sec"}}`
	readyTeam := resource.MustStructJSON(`{"apiVersion":"org.github.m.crossplane.io/v1alpha1","kind":"Team","metadata":{"name":"acme-x7k2p"},
		"status":{"conditions":[{"type":"Ready","status":"True","reason":"Available","lastTransitionTime":"2026-01-01T00:00:00Z"}]}}`)
	rsp := runPipeline(t, xr, map[string]*fnv1.Resource{"security-team": {Resource: readyTeam}})

	got := map[string]any{}
	ready := map[string]fnv1.Ready{}
	for name, r := range rsp.GetDesired().GetResources() {
		o := r.GetResource().AsMap()
		if ann, ok := o["metadata"].(map[string]any)["annotations"]; ok {
			t.Errorf("%s keeps the template's annotations: %v", name, ann)
		}
		got[name] = map[string]any{"kind": o["kind"], "forProvider": o["spec"].(map[string]any)["forProvider"]}
		ready[name] = r.GetReady()
	}
	want := map[string]any{
		"settings": map[string]any{"kind": "OrganizationSettings", "forProvider": map[string]any{
			"organization": "acme", "billingEmail": "billing@acme.example", "defaultRepositoryPermission": "none",
			"membersCanCreatePublicRepositories": false, "webCommitSignoffRequired": true,
			"dependencyGraphEnabledForNewRepositories": true, "dependabotAlertsEnabledForNewRepositories": true,
			"secretScanningEnabledForNewRepositories": true, "secretScanningPushProtectionEnabledForNewRepositories": true}},
		"tier": map[string]any{"kind": "CustomProperty", "forProvider": map[string]any{
			"organization": "acme", "name": "tier", "valueType": "single_select", "allowedValues": []any{"production", "staging", "development"},
			"description": "How critical the repository is; the production tier's default branch is protected.", "valuesEditableBy": "org_actors"}},
		"production-ruleset": map[string]any{"kind": "OrganizationRuleset", "forProvider": map[string]any{
			"organization": "acme", "name": "protect-production-default-branch", "target": "branch", "enforcement": "active",
			"conditions": map[string]any{"refName": map[string]any{"include": []any{"~DEFAULT_BRANCH"}},
				"repositoryProperty": map[string]any{"include": []any{map[string]any{"name": "tier", "propertyValues": []any{"production"}}}}},
			"rules": map[string]any{"deletion": true, "nonFastForward": true, "pullRequest": map[string]any{"requiredApprovingReviewCount": float64(0)},
				"requiredStatusChecks": map[string]any{"requiredStatusChecks": []any{map[string]any{"context": "ci/test"}}}}}},
		"audit-webhook": map[string]any{"kind": "OrganizationWebhook", "forProvider": map[string]any{
			"organization": "acme", "url": "https://audit.example.com/hook", "contentType": "json",
			"events":    []any{"member", "membership", "organization", "repository", "team"},
			"secretRef": map[string]any{"name": "audit", "key": "secret"}}},
		"security-team": map[string]any{"kind": "Team", "forProvider": map[string]any{
			"organization": "acme", "name": "sec", "description": "Security managers of acme", "privacy": "closed"}},
		"security-managers": map[string]any{"kind": "OrganizationRoleAssignment", "forProvider": map[string]any{
			"organization": "acme", "role": "security_manager", "teamSelector": map[string]any{"matchControllerRef": true}}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("composed (-want +got):\n%s", diff)
	}
	for name, r := range ready {
		if w := name == "security-team"; (r == fnv1.Ready_READY_TRUE) != w {
			t.Errorf("%s ready: %v, want ready %v", name, r, w)
		}
	}

	noWebhook := `{"apiVersion":"platform.example.org/v1alpha1","kind":"XOrgBaseline","metadata":{"name":"acme","namespace":"default"},
		"spec":{"organization":"acme","billingEmail":"billing@acme.example"}}`
	res := runPipeline(t, noWebhook, nil).GetDesired().GetResources()
	if _, ok := res["audit-webhook"]; ok || len(res) != 5 {
		t.Errorf("without spec.auditWebhook: %d resources (want 5, no audit-webhook)", len(res))
	}
	rules := res["production-ruleset"].GetResource().AsMap()["spec"].(map[string]any)["forProvider"].(map[string]any)["rules"].(map[string]any)
	if n := rules["pullRequest"].(map[string]any)["requiredApprovingReviewCount"]; n != float64(1) {
		t.Errorf("approvals without spec.production: %v, want 1", n)
	}
}

// A template document without its resource name, or two of one name, is
// an error the XR reports, not a resource composed under a made-up name.
func TestRenderTemplateErrors(t *testing.T) {
	req := &fnv1.RunFunctionRequest{Observed: &fnv1.State{Composite: &fnv1.Resource{Resource: resource.MustStructJSON(`{"kind":"X"}`)}}}
	for name, src := range map[string]string{
		"NoName":  "apiVersion: v1\nkind: ConfigMap\n",
		"TwoOfA":  "kind: A\nmetadata: {annotations: {gotemplating.fn.crossplane.io/composition-resource-name: a}}\n---\nkind: B\nmetadata: {annotations: {gotemplating.fn.crossplane.io/composition-resource-name: a}}\n",
		"BadYAML": "kind: [\n",
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := renderTemplate(src, req, nil); err == nil {
				t.Error("no error")
			}
		})
	}
}
