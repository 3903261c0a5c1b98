package actionspermissions

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/crossplane-github/provider-github/internal/clients/convergetest"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// FuzzActionsPermissionsConverges writes the Actions permissions a spec
// declares (JSON of ActionsPermissionsParameters the CRD admits) through
// our client to the emulator's public repository, endpoint by endpoint as
// the controller does (each whose declared fields drifted, the first
// before the selected actions), and requires that they read back with no
// drift; then writes a second spec over them and requires the same. GitHub
// refuses an access level and how forks' pull requests' workflows run for
// a public repository, and a retention beyond its 90 days: those refusals,
// worded, are the only acceptable ones.
func FuzzActionsPermissionsConverges(f *testing.F) {
	f.Add(`{"enabled":true,"allowedActions":"selected","shaPinningRequired":true,"selectedActions":{"githubOwnedAllowed":false,"verifiedAllowed":true,"patternsAllowed":["monalisa/*","octo/cat@v2"]}}`,
		`{"allowedActions":"local_only","defaultWorkflowPermissions":"write","canApprovePullRequestReviews":true}`)
	f.Add(`{"enabled":false}`, `{"enabled":true,"allowedActions":"all"}`)
	f.Add(`{"artifactAndLogRetentionDays":30,"forkPullRequestContributorApproval":"all_external_contributors"}`, `{"artifactAndLogRetentionDays":91}`) // the second refused: public
	f.Add(`{"privateForkPullRequestWorkflows":{"runWorkflowsFromForkPullRequests":true}}`, `{}`)                                                       // refused: public
	f.Add(`{"accessLevel":"organization"}`, `{}`)                                                                                                      // refused: public
	f.Add(`{"selectedActions":{"verifiedAllowed":true}}`, `{"allowedActions":"selected","selectedActions":{"patternsAllowed":[]}}`)                    // the first refused by the CRD
	f.Add(`{"enabled":false,"allowedActions":"all"}`, `{"artifactAndLogRetentionDays":401}`)                                                           // both refused by the CRD
	schema := convergetest.Schema(f, "repo.github.m.crossplane.io_actionspermissions.yaml")
	f.Fuzz(func(t *testing.T, spec, nextSpec string) {
		var p, next P
		if json.Unmarshal([]byte(spec), &p) != nil || json.Unmarshal([]byte(nextSpec), &next) != nil {
			return
		}
		admitted := convergetest.Admit(t, schema, &p)
		if admitted == nil {
			return
		}
		ctx := context.Background()
		gh, _ := convergetest.Start(t)
		api := github.NewActionsPermissionsClient(gh)
		if !converge(ctx, t, api, admitted) {
			return
		}
		if admitted = convergetest.Admit(t, schema, &next); admitted == nil {
			return
		}
		converge(ctx, t, api, admitted)
	})
}

// converge writes p as the controller does and requires it to read back
// with no drift; false when GitHub refused it as expected.
func converge(ctx context.Context, t *testing.T, api *github.ActionsPermissionsClient, p *P) bool {
	t.Helper()
	o, r := convergetest.Owner, convergetest.Repo
	s := read(ctx, t, api, p)
	if req := PermissionsRequest(p, s.Permissions); req != nil {
		if err := api.PutActionsPermissions(ctx, o, r, req); err != nil {
			t.Fatalf("PutActionsPermissions(%+v): %v", req, err)
		}
		if p.SelectedActions != nil && s.Selected == nil {
			s = read(ctx, t, api, p)
		}
	}
	if req := SelectedRequest(p, s.Selected); req != nil {
		if err := api.PutActionsSelectedActions(ctx, o, r, req); err != nil {
			t.Fatalf("PutActionsSelectedActions(%+v): %v", req, err)
		}
	}
	if req := AccessRequest(p, s.Access); req != nil {
		err := api.PutActionsAccess(ctx, o, r, req)
		if convergetest.RefusedAsExpected(t, "PutActionsAccess(...)", err, true) {
			return false // the repository is public
		}
	}
	if req := WorkflowRequest(p, s.Workflow); req != nil {
		if err := api.PutActionsWorkflowPermissions(ctx, o, r, req); err != nil {
			t.Fatalf("PutActionsWorkflowPermissions(%+v): %v", req, err)
		}
	}
	if req := RetentionRequest(p, s.Retention); req != nil {
		err := api.PutActionsRetention(ctx, o, r, req)
		if convergetest.RefusedAsExpected(t, "PutActionsRetention(...)", err, req.Days > s.Retention.MaximumAllowedDays) {
			return false
		}
	}
	if req := ForkApprovalRequest(p, s.ForkApproval); req != nil {
		if err := api.PutActionsForkApproval(ctx, o, r, req); err != nil {
			t.Fatalf("PutActionsForkApproval(%+v): %v", req, err)
		}
	}
	if req := PrivateForkWorkflowsRequest(p, s.PrivateForkWorkflows); req != nil {
		err := api.PutActionsPrivateForkWorkflows(ctx, o, r, req)
		if convergetest.RefusedAsExpected(t, "PutActionsPrivateForkWorkflows(...)", err, true) {
			return false // the repository is public
		}
	}
	after := read(ctx, t, api, p)
	if d := Drift(p, after); len(d) != 0 {
		t.Fatalf("drift %v after the writes: GitHub has %+v", d, after)
	}
	return true
}

// read reads the endpoints p needs, as the controller does.
func read(ctx context.Context, t *testing.T, api *github.ActionsPermissionsClient, p *P) *State {
	t.Helper()
	o, r := convergetest.Owner, convergetest.Repo
	perms, err := api.GetActionsPermissions(ctx, o, r)
	if err != nil {
		t.Fatalf("GetActionsPermissions(...): %v", err)
	}
	s := &State{Permissions: perms}
	need := ToRead(p, perms)
	check := func(what string, err error) {
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	if need.Selected {
		s.Selected, err = api.GetActionsSelectedActions(ctx, o, r)
		check("GetActionsSelectedActions(...)", err)
	}
	if need.Access {
		s.Access, err = api.GetActionsAccess(ctx, o, r)
		check("GetActionsAccess(...)", err)
	}
	if need.Workflow {
		s.Workflow, err = api.GetActionsWorkflowPermissions(ctx, o, r)
		check("GetActionsWorkflowPermissions(...)", err)
	}
	if need.Retention {
		s.Retention, err = api.GetActionsRetention(ctx, o, r)
		check("GetActionsRetention(...)", err)
	}
	if need.ForkApproval {
		s.ForkApproval, err = api.GetActionsForkApproval(ctx, o, r)
		check("GetActionsForkApproval(...)", err)
	}
	if need.PrivateForkWorkflows {
		s.PrivateForkWorkflows, err = api.GetActionsPrivateForkWorkflows(ctx, o, r)
		check("GetActionsPrivateForkWorkflows(...)", err)
	}
	return s
}
