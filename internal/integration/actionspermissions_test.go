package integration

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// actionsPermissionsRepo is the repository whose Actions permissions the
// ActionsPermissions tests set.
const actionsPermissionsRepo = "actionspermissions-home"

// actionsPermissionsFull is its full name, the external name of their
// ActionsPermissions.
const actionsPermissionsFull = owner + "/" + actionsPermissionsRepo

// actionsPermissionsPath is the API path of the Actions permissions.
const actionsPermissionsPath = "/repos/" + actionsPermissionsFull + "/actions/permissions"

// newActionsPermissions builds, without creating it, an ActionsPermissions
// of scope s called name for the test repository, declaring p.
func (f *fixture) newActionsPermissions(s scope, name string, p common.ActionsPermissionsParameters) twins.ActionsPermissionsObject {
	f.t.Helper()
	o := twins.ActionsPermissions.In(s.of)
	p.RepositoryTarget = common.RepositoryTarget{Repository: ptr.To(actionsPermissionsRepo)}
	*o.Parameters() = p
	return place(f, s, o, name, "github")
}

// createActionsRepo creates the test repository, private or public.
func (f *fixture) createActionsRepo(private bool) {
	f.t.Helper()
	f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/orgs/"+owner+"/repos", fmt.Sprintf(`{"name":%q,"private":%t}`, actionsPermissionsRepo, private))
}

// ghActions is GitHub's Actions permissions of the test repository: every
// endpoint's answer, merged into one object (the selected actions only
// while they apply).
func (f *fixture) ghActions() map[string]any {
	f.t.Helper()
	out := map[string]any{}
	for _, sub := range []string{"", "/selected-actions", "/access", "/workflow", "/artifact-and-log-retention", "/fork-pr-contributor-approval",
		"/fork-pr-workflows-private-repos"} {
		status, b := f.gh(goodToken, http.MethodGet, actionsPermissionsPath+sub, "")
		if sub == "/selected-actions" && status == http.StatusConflict {
			continue
		}
		if status != http.StatusOK {
			f.t.Fatalf("GET %s%s: status %d: %s", actionsPermissionsPath, sub, status, b)
		}
		f.must(json.Unmarshal(b, &out))
	}
	return out
}

// actionsDiffers says how GitHub's Actions permissions differ from want
// (GitHub's field names), "" when they do not.
func (f *fixture) actionsDiffers(want map[string]any) string {
	f.t.Helper()
	got := f.ghActions()
	var d []string
	for k, v := range want {
		if fmt.Sprint(got[k]) != fmt.Sprint(v) {
			d = append(d, fmt.Sprintf("%s %v, want %v", k, got[k], v))
		}
	}
	return strings.Join(d, "; ")
}

// actionsWrites counts the writes of the test repository's Actions
// permissions the emulator saw.
func (f *fixture) actionsWrites() int {
	n := 0
	for _, r := range f.emu.Requests() {
		// The path as the emulator records it, after the API's prefix.
		if r.Method == http.MethodPut && strings.Contains(r.Path, actionsPermissionsPath) {
			n++
		}
	}
	return n
}

// actionsQuiet fails when the permissions are written while idle (an
// update loop) or idle polls keep costing rate-limit points (see idleQuiet).
func actionsQuiet(t *testing.T, f *fixture, what string) {
	t.Helper()
	idleQuiet(t, f, what, f.actionsWrites)
}

// declaredActions is a spec that sets every field, and GitHub's fields as it
// declares them.
func declaredActions() (common.ActionsPermissionsParameters, map[string]any) {
	p := common.ActionsPermissionsParameters{
		Enabled: ptr.To(true), AllowedActions: ptr.To("selected"), SHAPinningRequired: ptr.To(true),
		SelectedActions: &common.ActionsSelectedActions{GitHubOwnedAllowed: ptr.To(false), VerifiedAllowed: ptr.To(true),
			PatternsAllowed: &[]string{"monalisa/*", "octo-org/deploy@v2"}},
		AccessLevel: ptr.To("organization"), DefaultWorkflowPermissions: ptr.To("write"), CanApprovePullRequestReviews: ptr.To(true),
		ArtifactAndLogRetentionDays: ptr.To[int64](30), ForkPullRequestContributorApproval: ptr.To("all_external_contributors"),
		PrivateForkPullRequestWorkflows: &common.ActionsPrivateForkPullRequestWorkflows{RunWorkflowsFromForkPullRequests: ptr.To(true),
			SendWriteTokensToWorkflows: ptr.To(false), SendSecretsAndVariables: ptr.To(false), RequireApprovalForForkPullRequestWorkflows: ptr.To(true)},
	}
	want := map[string]any{
		"enabled": true, "allowed_actions": "selected", "sha_pinning_required": true,
		"github_owned_allowed": false, "verified_allowed": true, "patterns_allowed": []any{"monalisa/*", "octo-org/deploy@v2"},
		"access_level": "organization", "default_workflow_permissions": "write", "can_approve_pull_request_reviews": true,
		"days": 30, "approval_policy": "all_external_contributors",
		"run_workflows_from_fork_pull_requests": true, "send_write_tokens_to_workflows": false, "send_secrets_and_variables": false,
		"require_approval_for_fork_pr_workflows": true,
	}
	return p, want
}

// Every declared field is written, endpoint by endpoint, and the
// repository's full name becomes the external name; every field changed on
// GitHub is put back; an idle resource writes nothing and costs no
// rate-limit points; deleting it leaves the permissions as they are, and
// says so.
func TestActionsPermissionsLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.createActionsRepo(true)
		p, want := declaredActions()
		o := f.newActionsPermissions(s, "setting", p)
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		if ext := meta.GetExternalName(got); ext != actionsPermissionsFull {
			t.Errorf("external name %q, want the repository's full name %q", ext, actionsPermissionsFull)
		}
		if d := f.actionsDiffers(want); d != "" {
			t.Errorf("GitHub's Actions permissions differ: %s", d)
		}
		f.eventually("status shows GitHub's permissions", func() string {
			obs := get(f, o).Observation()
			if ptr.Deref(obs.Repository, "") != actionsPermissionsFull || ptr.Deref(obs.AllowedActions, "") != "selected" ||
				obs.SelectedActions == nil || !obs.SelectedActions.VerifiedAllowed || ptr.Deref(obs.ArtifactAndLogRetentionDays, 0) != 30 ||
				ptr.Deref(obs.MaximumArtifactAndLogRetentionDays, 0) != 400 || ptr.Deref(obs.AccessLevel, "") != "organization" ||
				obs.PrivateForkPullRequestWorkflows == nil || !obs.PrivateForkPullRequestWorkflows.RequireApprovalForForkPullRequestWorkflows {
				return fmt.Sprintf("status.atProvider %+v", obs)
			}
			return ""
		})
		actionsQuiet(t, f, "written")

		// Every declared field set back to a new repository's on GitHub.
		before := f.actionsWrites()
		for _, w := range []struct{ sub, body string }{
			{"/selected-actions", `{"github_owned_allowed":true,"verified_allowed":false,"patterns_allowed":[]}`},
			{"", `{"enabled":true,"allowed_actions":"all","sha_pinning_required":false}`},
			{"/access", `{"access_level":"none"}`},
			{"/workflow", `{"default_workflow_permissions":"read","can_approve_pull_request_reviews":false}`},
			{"/artifact-and-log-retention", `{"days":90}`},
			{"/fork-pr-contributor-approval", `{"approval_policy":"first_time_contributors_new_to_github"}`},
			{"/fork-pr-workflows-private-repos", `{"run_workflows_from_fork_pull_requests":false,"require_approval_for_fork_pr_workflows":false}`},
		} {
			f.ghMust(http.StatusNoContent, goodToken, http.MethodPut, actionsPermissionsPath+w.sub, w.body)
		}
		f.eventually("every declared field put back", func() string { return f.actionsDiffers(want) })
		if n := f.actionsWrites() - before; n < 14 {
			t.Errorf("%d writes of the Actions permissions seen, want the seven changes and seven corrections", n)
		}
		actionsQuiet(t, f, "drift corrected")

		writes := f.actionsWrites()
		f.must(kube.Delete(f.ctx, get(f, o)))
		f.eventually("the ActionsPermissions gone", func() string {
			if err := kube.Get(f.ctx, s.key(f, "setting"), fresh(o)); !kerrors.IsNotFound(err) {
				return "ActionsPermissions still there"
			}
			return ""
		})
		if n := f.actionsWrites() - writes; n != 0 {
			t.Errorf("%d writes of the Actions permissions on delete, want none", n)
		}
		if d := f.actionsDiffers(want); d != "" {
			t.Errorf("deleting changed GitHub's Actions permissions: %s", d)
		}
		f.waitEvent(o, "LeftActionsPermissionsAsTheyAre", "leaves the Actions permissions of repository "+actionsPermissionsFull+" as they are")
	})
}

// Only the declared fields are managed: the others are GitHub's to keep,
// and their endpoints are not written.
func TestActionsPermissionsUndeclaredKept(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.createActionsRepo(false)
		f.ghMust(http.StatusNoContent, goodToken, http.MethodPut, actionsPermissionsPath+"/workflow", `{"default_workflow_permissions":"write"}`)
		o := f.newActionsPermissions(s, "retention", common.ActionsPermissionsParameters{ArtifactAndLogRetentionDays: ptr.To[int64](7)})
		f.must(kube.Create(f.ctx, o))
		waitReady(f, o)
		if d := f.actionsDiffers(map[string]any{"days": 7, "default_workflow_permissions": "write", "allowed_actions": "all"}); d != "" {
			t.Errorf("GitHub's Actions permissions: %s", d)
		}
		for _, r := range f.emu.Requests() {
			if r.Method == http.MethodPut && strings.Contains(r.Path, actionsPermissionsPath) && !strings.HasSuffix(r.Path, "/artifact-and-log-retention") &&
				!strings.HasSuffix(r.Path, "/workflow") {
				t.Errorf("PUT %s: only the retention is declared", r.Path)
			}
		}
		actionsQuiet(t, f, "written")
	})
}

// A second ActionsPermissions of the repository, of either scope, is
// refused with a condition naming the first, and writes nothing; once the
// first is gone, it takes over at its next try (a refused resource tries
// again after the reconciler's backoff, at most a minute).
func TestActionsPermissionsSecondIsRefused(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.createActionsRepo(false)
		first := f.newActionsPermissions(s, "first", common.ActionsPermissionsParameters{DefaultWorkflowPermissions: ptr.To("write")})
		f.must(kube.Create(f.ctx, first))
		waitReady(f, first)

		second := f.newActionsPermissions(otherScope(s), "second", common.ActionsPermissionsParameters{DefaultWorkflowPermissions: ptr.To("read"),
			CanApprovePullRequestReviews: ptr.To(true)})
		f.must(kube.Create(f.ctx, second))
		name := "ActionsPermissions " + first.GetName()
		if s.namespaced {
			name = "ActionsPermissions " + f.ns + "/" + first.GetName()
		}
		waitSyncError(f, second, "repository "+actionsPermissionsFull+" is already claimed by "+name+", which is older")
		actionsQuiet(t, f, "second refused")
		if d := f.actionsDiffers(map[string]any{"default_workflow_permissions": "write", "can_approve_pull_request_reviews": false}); d != "" {
			t.Errorf("the refused second wrote: %s", d)
		}

		f.must(kube.Delete(f.ctx, get(f, first)))
		f.within(time.Minute+patience, "the second takes over", func() string {
			return f.actionsDiffers(map[string]any{"default_workflow_permissions": "read", "can_approve_pull_request_reviews": true})
		})
		waitReady(f, second)
	})
}

// GitHub refuses an access level and how forks' pull requests' workflows
// run for a public repository, and a retention beyond its 90 days: the
// conditions say what to change.
func TestActionsPermissionsRefusedForPublic(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.createActionsRepo(false)
		o := f.newActionsPermissions(s, "access", common.ActionsPermissionsParameters{AccessLevel: ptr.To("organization")})
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f, o, "GitHub refused accessLevel organization for repository "+actionsPermissionsFull, "make the repository private, or remove accessLevel")
		f.must(kube.Delete(f.ctx, get(f, o)))

		w := f.newActionsPermissions(s, "fork-workflows", common.ActionsPermissionsParameters{
			PrivateForkPullRequestWorkflows: &common.ActionsPrivateForkPullRequestWorkflows{RunWorkflowsFromForkPullRequests: ptr.To(true)}})
		f.must(kube.Create(f.ctx, w))
		waitSyncError(f, w, "GitHub refused privateForkPullRequestWorkflows for repository "+actionsPermissionsFull,
			"make the repository private, or remove privateForkPullRequestWorkflows")
		f.must(kube.Delete(f.ctx, get(f, w)))

		r := f.newActionsPermissions(s, "retention", common.ActionsPermissionsParameters{ArtifactAndLogRetentionDays: ptr.To[int64](120)})
		f.must(kube.Create(f.ctx, r))
		waitSyncError(f, r, "GitHub refused 120 days of artifact and log retention for repository "+actionsPermissionsFull, "at most 90 days")
	})
}

// A repository GitHub does not have is an error that says so, not
// permissions to write.
func TestActionsPermissionsNoSuchRepository(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		o := f.newActionsPermissions(s, "nowhere", common.ActionsPermissionsParameters{Enabled: ptr.To(true)})
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f, o, "cannot find repository ")
		if ext := meta.GetExternalName(get(f, o)); ext != "" {
			t.Errorf("external name %q, want none: nothing was written", ext)
		}
	})
}

// Bad input is refused at admission, with what is allowed.
func TestActionsPermissionsAdmission(t *testing.T) {
	cases := map[string]struct {
		p    common.ActionsPermissionsParameters
		want string
	}{
		"AllowedActions":  {p: common.ActionsPermissionsParameters{AllowedActions: ptr.To("some")}, want: `supported values: "all", "local_only", "selected"`},
		"AccessLevel":     {p: common.ActionsPermissionsParameters{AccessLevel: ptr.To("everyone")}, want: `supported values: "none", "user", "organization"`},
		"WorkflowToken":   {p: common.ActionsPermissionsParameters{DefaultWorkflowPermissions: ptr.To("admin")}, want: `supported values: "read", "write"`},
		"ForkApproval":    {p: common.ActionsPermissionsParameters{ForkPullRequestContributorApproval: ptr.To("nobody")}, want: `"first_time_contributors_new_to_github"`},
		"RetentionTooLow": {p: common.ActionsPermissionsParameters{ArtifactAndLogRetentionDays: ptr.To[int64](0)}, want: "spec.forProvider.artifactAndLogRetentionDays"},
		"RetentionTooLong": {p: common.ActionsPermissionsParameters{ArtifactAndLogRetentionDays: ptr.To[int64](401)},
			want: "spec.forProvider.artifactAndLogRetentionDays"},
		"SelectedWithoutSelected": {p: common.ActionsPermissionsParameters{AllowedActions: ptr.To("all"),
			SelectedActions: &common.ActionsSelectedActions{VerifiedAllowed: ptr.To(true)}}, want: "selectedActions applies only with allowedActions: selected"},
		"SelectedUndeclared": {p: common.ActionsPermissionsParameters{SelectedActions: &common.ActionsSelectedActions{VerifiedAllowed: ptr.To(true)}},
			want: "selectedActions applies only with allowedActions: selected"},
		"PolicyWhileDisabled": {p: common.ActionsPermissionsParameters{Enabled: ptr.To(false), AllowedActions: ptr.To("local_only")},
			want: "apply only while Actions is enabled"},
		"EmptyForkWorkflows": {p: common.ActionsPermissionsParameters{
			PrivateForkPullRequestWorkflows: &common.ActionsPrivateForkPullRequestWorkflows{}}, want: "spec.forProvider.privateForkPullRequestWorkflows"},
		"EmptyPattern": {p: common.ActionsPermissionsParameters{AllowedActions: ptr.To("selected"),
			SelectedActions: &common.ActionsSelectedActions{PatternsAllowed: &[]string{""}}}, want: "spec.forProvider.selectedActions.patternsAllowed"},
	}
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		for name, tc := range cases {
			t.Run(name, func(t *testing.T) {
				o := f.newActionsPermissions(s, "refused", tc.p)
				err := kube.Create(f.ctx, o)
				if err == nil {
					_ = kube.Delete(f.ctx, o)
					t.Fatalf("want the API server to refuse %+v", tc.p)
				}
				if !strings.Contains(err.Error(), tc.want) {
					t.Errorf("want the refusal to say %q, got: %v", tc.want, err)
				}
			})
		}
		t.Run("RepositoryChanged", func(t *testing.T) {
			o := f.newActionsPermissions(s, "moved", common.ActionsPermissionsParameters{Enabled: ptr.To(true)})
			f.must(kube.Create(f.ctx, o))
			err := refusedUpdate(f, o, func(o twins.ActionsPermissionsObject) { o.Parameters().Repository = ptr.To("elsewhere") })
			if err == nil || !strings.Contains(err.Error(), "repository and owner cannot be changed") {
				t.Errorf("changing the repository: %v, want a refusal", err)
			}
		})
	})
}
