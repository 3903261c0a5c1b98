package main

import (
	"context"
	"fmt"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/logging"
	fnv1 "github.com/crossplane/function-sdk-go/proto/v1"
	"github.com/crossplane/function-sdk-go/resource"
	"github.com/google/go-cmp/cmp"
)

func TestRunFunction(t *testing.T) {
	xr := `{"apiVersion":"platform.example.org/v1alpha1","kind":"XTeamRepos","metadata":{"name":"payments","namespace":"default"},
		"spec":{"team":"payments","visibility":"private","topics":["payments","go"],"archiveOnDelete":true,
		"teamPermission":"maintain","collaborators":[{"username":"Other-User","permission":"triage"}]}}`
	readyRepo := `{"apiVersion":"repo.github.m.crossplane.io/v1alpha1","kind":"Repository","metadata":{"name":"payments-abcde"},
		"status":{"conditions":[{"type":"Ready","status":"True","reason":"Available","lastTransitionTime":"2026-01-01T00:00:00Z"}]}}`
	unspecified := fnv1.Ready_READY_UNSPECIFIED

	cases := map[string]struct {
		reason    string
		req       *fnv1.RunFunctionRequest
		wantReady map[string]fnv1.Ready
		wantFatal bool
	}{
		"NewTeam": {
			reason: "The team, every role's Repository, the team's access and each collaborator's access to it; none Ready yet.",
			req:    &fnv1.RunFunctionRequest{Observed: &fnv1.State{Composite: &fnv1.Resource{Resource: resource.MustStructJSON(xr)}}},
			wantReady: map[string]fnv1.Ready{
				"team":    unspecified,
				"service": unspecified, "service-team": unspecified, "service-ruleset": unspecified, "service-collaborator-other-user": unspecified, "service-team-variable": unspecified,
				"docs": unspecified, "docs-team": unspecified, "docs-ruleset": unspecified, "docs-collaborator-other-user": unspecified, "docs-team-variable": unspecified,
				"infra": unspecified, "infra-team": unspecified, "infra-ruleset": unspecified, "infra-collaborator-other-user": unspecified, "infra-team-variable": unspecified,
			},
		},
		"ServiceReady": {
			reason: "A resource the provider reports Ready is marked ready.",
			req: &fnv1.RunFunctionRequest{Observed: &fnv1.State{
				Composite: &fnv1.Resource{Resource: resource.MustStructJSON(xr)},
				Resources: map[string]*fnv1.Resource{"service": {Resource: resource.MustStructJSON(readyRepo)}},
			}},
			wantReady: map[string]fnv1.Ready{
				"team":    unspecified,
				"service": fnv1.Ready_READY_TRUE, "service-team": unspecified, "service-ruleset": unspecified, "service-collaborator-other-user": unspecified, "service-team-variable": unspecified,
				"docs": unspecified, "docs-team": unspecified, "docs-ruleset": unspecified, "docs-collaborator-other-user": unspecified, "docs-team-variable": unspecified,
				"infra": unspecified, "infra-team": unspecified, "infra-ruleset": unspecified, "infra-collaborator-other-user": unspecified, "infra-team-variable": unspecified,
			},
		},
		"NoTeam": {
			reason:    "An XR without a team is a fatal error.",
			req:       &fnv1.RunFunctionRequest{Observed: &fnv1.State{Composite: &fnv1.Resource{Resource: resource.MustStructJSON(`{"apiVersion":"platform.example.org/v1alpha1","kind":"XTeamRepos","metadata":{"name":"x"},"spec":{}}`)}}},
			wantFatal: true,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			rsp, err := (&Function{log: logging.NewNopLogger()}).RunFunction(context.Background(), tc.req)
			if err != nil {
				t.Fatal(err)
			}
			fatal := len(rsp.GetResults()) > 0 && rsp.GetResults()[0].GetSeverity() == fnv1.Severity_SEVERITY_FATAL
			if fatal != tc.wantFatal {
				t.Fatalf("\n%s\nfatal = %t, want %t: %v", tc.reason, fatal, tc.wantFatal, rsp.GetResults())
			}
			got := map[string]fnv1.Ready{}
			for n, r := range rsp.GetDesired().GetResources() {
				got[n] = r.GetReady()
			}
			if diff := cmp.Diff(tc.wantReady, got); !tc.wantFatal && diff != "" {
				t.Errorf("\n%s\nready: -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestCompose(t *testing.T) {
	selectRole := func(role string) map[string]any {
		return map[string]any{"matchControllerRef": true, "matchLabels": map[string]any{labelRole: role}}
	}
	cases := map[string]struct {
		protection  string
		wantName    string
		wantKind    string
		wantProtect func(role string) map[string]any
	}{
		"Ruleset": {
			wantName: "ruleset", wantKind: "Ruleset",
			wantProtect: func(role string) map[string]any {
				return map[string]any{
					"repositorySelector": selectRole(role), "name": "protect-default-branch", "target": "branch", "enforcement": "active",
					"bypassActors": []any{map[string]any{"actorType": "OrganizationAdmin", "bypassMode": "always"}},
					"conditions":   map[string]any{"refName": map[string]any{"include": []any{"~DEFAULT_BRANCH"}}},
					"rules": map[string]any{"deletion": true, "nonFastForward": true,
						"pullRequest":          map[string]any{"requiredApprovingReviewCount": int64(1)},
						"requiredStatusChecks": map[string]any{"requiredStatusChecks": []any{map[string]any{"context": "ci/test"}}}},
				}
			},
		},
		"Classic": {
			protection: "classic", wantName: "protection", wantKind: "BranchProtection",
			wantProtect: func(role string) map[string]any {
				return map[string]any{
					"repositorySelector": selectRole(role), "branch": "main",
					"requiredStatusChecks":       map[string]any{"strict": true, "contexts": []any{"ci/test"}},
					"requiredPullRequestReviews": map[string]any{"requiredApprovingReviewCount": int64(1), "dismissStaleReviews": true},
				}
			},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			spec := TeamRepos{Team: "payments", Visibility: "private", Topics: []string{"go"}, ArchiveOnDelete: true,
				Collaborators: []Collaborator{{Username: "Other-User"}}, BranchProtection: tc.protection, RequiredStatusCheck: "ci/test",
				CIWebhook: &CIWebhook{URL: "https://ci.example.com/hook"}, DeployToken: &DeployToken{}}
			spec.CIWebhook.SecretRef.Name = "ci"
			spec.DeployToken.SecretRef.Name = "payments-deploy"
			team := ObservedTeam{Name: "payments-x7k2p", Organization: "demo-org", Slug: "payments"}
			got := map[string]any{}
			for n, o := range compose(spec, team) {
				got[string(n)] = map[string]any{"kind": o.GetKind(), "labels": o.GetLabels(), "forProvider": o.Object["spec"].(map[string]any)["forProvider"]}
			}
			want := map[string]any{
				"team": map[string]any{"kind": "Team", "labels": map[string]string(nil), "forProvider": map[string]any{
					"name": "payments", "description": "Team payments", "privacy": "closed"}},
			}
			for _, r := range Roles {
				want[r.Role] = map[string]any{"kind": "Repository", "labels": map[string]string{labelRole: r.Role}, "forProvider": map[string]any{
					"name": "payments-" + r.Role, "description": fmt.Sprintf(r.Description, "payments"), "visibility": "private", "topics": []any{"go"}, "hasWiki": false,
					"allowMergeCommit": false, "allowSquashMerge": true, "deleteBranchOnMerge": true, "archiveOnDelete": true, "autoInit": true}}
				want[r.Role+"-team"] = map[string]any{"kind": "TeamRepository", "labels": map[string]string(nil), "forProvider": map[string]any{
					"repositorySelector": selectRole(r.Role), "teamSelector": map[string]any{"matchControllerRef": true}, "permission": "push"}}
				want[r.Role+"-collaborator-other-user"] = map[string]any{"kind": "Collaborator", "labels": map[string]string(nil), "forProvider": map[string]any{
					"repositorySelector": selectRole(r.Role), "username": "Other-User", "permission": "pull"}}
				want[r.Role+"-"+tc.wantName] = map[string]any{"kind": tc.wantKind, "labels": map[string]string(nil), "forProvider": tc.wantProtect(r.Role)}
				want[r.Role+"-codeowners"] = map[string]any{"kind": "RepositoryFile", "labels": map[string]string(nil), "forProvider": map[string]any{
					"repositorySelector": selectRole(r.Role), "path": ".github/CODEOWNERS", "content": "* @demo-org/payments\n",
					"message": "Assign the repository to team payments"}}
				want[r.Role+"-ci-webhook"] = map[string]any{"kind": "Webhook", "labels": map[string]string(nil), "forProvider": map[string]any{
					"repositorySelector": selectRole(r.Role), "url": "https://ci.example.com/hook", "contentType": "json",
					"events": []any{"push", "pull_request"}, "secretRef": map[string]any{"name": "ci", "key": "secret"}}}
				want[r.Role+"-team-variable"] = map[string]any{"kind": "ActionsVariable", "labels": map[string]string(nil), "forProvider": map[string]any{
					"repositorySelector": selectRole(r.Role), "name": "TEAM", "value": "payments"}}
				want[r.Role+"-deploy-token"] = map[string]any{"kind": "ActionsSecret", "labels": map[string]string(nil), "forProvider": map[string]any{
					"repositorySelector": selectRole(r.Role), "name": "DEPLOY_TOKEN", "valueSecretRef": map[string]any{"name": "payments-deploy", "key": "token"}}}
			}
			want["service-production"] = map[string]any{"kind": "Environment", "labels": map[string]string(nil), "forProvider": map[string]any{
				"repositorySelector": selectRole("service"), "name": "production",
				"reviewers":              []any{map[string]any{"type": "Team", "teamRef": map[string]any{"name": "payments-x7k2p"}}},
				"deploymentBranchPolicy": map[string]any{"customBranchPolicies": []any{map[string]any{"name": "main"}}}}}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("compose: -want, +got:\n%s", diff)
			}
		})
	}
}
