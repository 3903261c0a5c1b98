package integration

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// A full protection is created as declared; GitHub drops those without
// push access, which the resource reports and does not fight over; the
// apps GitHub chose for checks are recorded in the spec; nothing is
// written again poll after poll; deleting the resource removes the
// protection, required signatures included.
func TestBranchProtectionLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newProtectionFixture(t)
		p := f.protection(s, "main", "main", common.BranchProtectionParameters{
			RequiredStatusChecks: &common.RequiredStatusChecks{Strict: ptr.To(true), Checks: []common.StatusCheck{
				{Context: "ci/build"}, {Context: "ci/lint", AppID: ptr.To[int64](4701)}, {Context: "deploy", AppID: ptr.To[int64](-1)},
			}},
			EnforceAdmins: ptr.To(true),
			RequiredPullRequestReviews: &common.RequiredPullRequestReviews{
				DismissStaleReviews: ptr.To(true), RequireCodeOwnerReviews: ptr.To(true), RequiredApprovingReviewCount: ptr.To[int64](2),
				RequireLastPushApproval:     ptr.To(true),
				DismissalRestrictions:       &common.BranchActors{Users: []string{"Member-User"}, Teams: []string{"platform"}},
				BypassPullRequestAllowances: &common.BranchActors{Apps: []string{"pusher", "looker"}},
			},
			Restrictions:                   &common.BranchActors{Users: []string{"member-user", "other-user", "Demo-User"}, Teams: []string{"platform", "idle"}, Apps: []string{"pusher"}},
			RequiredLinearHistory:          ptr.To(true),
			RequiredConversationResolution: ptr.To(true),
			BlockCreations:                 ptr.To(true),
			RequiredSignatures:             ptr.To(true),
		})
		f.must(kube.Create(f.ctx, p))
		var got protectionObject
		f.eventually("Ready, with those GitHub dropped recorded", func() string {
			got = get(f, p)
			ready := got.GetCondition(xpv2.TypeReady)
			if ready.Reason != xpv2.ReasonAvailable || got.Observation().DroppedByGitHub == nil {
				return fmt.Sprintf("Ready=%s (%s), droppedByGitHub %+v", ready.Status, ready.Message, got.Observation().DroppedByGitHub)
			}
			return ""
		})

		gh := f.ghProtectionOf("main")
		if gh == nil {
			t.Fatal("main is not protected on GitHub")
		}
		if rs := gh.RequiredStatusChecks; rs == nil || !rs.Strict || len(rs.Checks) != 3 {
			t.Errorf("required status checks on GitHub: %+v, want strict with 3 checks", rs)
		}
		if rv := gh.RequiredPullRequestReviews; rv == nil || rv.RequiredApprovingReviewCount != 2 || !rv.DismissStaleReviews || !rv.RequireCodeOwnerReviews || !rv.RequireLastPushApproval {
			t.Errorf("required reviews on GitHub: %+v", rv)
		} else {
			if got, want := rv.DismissalRestrictions.names(), "users: member-user; teams: platform; apps: "; got != want {
				t.Errorf("dismissal restrictions on GitHub: %s, want %s", got, want)
			}
			if got, want := rv.BypassPullRequestAllowances.names(), "users: ; teams: ; apps: pusher"; got != want {
				t.Errorf("bypass allowances on GitHub: %s, want %s", got, want)
			}
		}
		if got, want := gh.Restrictions.names(), "users: demo-user,member-user; teams: platform; apps: pusher"; got != want {
			t.Errorf("restrictions on GitHub: %s, want %s", got, want)
		}
		if !gh.EnforceAdmins.Enabled || !gh.RequiredLinearHistory.Enabled || !gh.RequiredConversationResolution.Enabled || !gh.BlockCreations.Enabled ||
			!gh.RequiredSignatures.Enabled || gh.AllowForcePushes.Enabled || gh.LockBranch.Enabled {
			t.Errorf("switches on GitHub: %+v", gh)
		}

		d := got.Observation().DroppedByGitHub
		if d.Restrictions == nil || !slices.Equal(d.Restrictions.Users, []string{"other-user"}) || !slices.Equal(d.Restrictions.Teams, []string{"idle"}) ||
			d.BypassPullRequestAllowances == nil || !slices.Equal(d.BypassPullRequestAllowances.Apps, []string{"looker"}) || d.DismissalRestrictions != nil {
			t.Errorf("status.atProvider.droppedByGitHub: %+v", d)
		}
		if msg := got.GetCondition(xpv2.TypeReady).Message; !strings.Contains(msg, "users other-user; teams idle") || !strings.Contains(msg, "apps looker") {
			t.Errorf("Ready message %q: want it to name other-user, idle and looker", msg)
		}
		if ext := got.GetAnnotations()["crossplane.io/external-name"]; ext != "main" {
			t.Errorf("external name %q, want main", ext)
		}
		if b := ptr.Deref(got.Observation().Branch, ""); b != "main" {
			t.Errorf("status.atProvider.branch %q, want main", b)
		}
		f.eventually("the app GitHub chose for ci/build recorded in the spec", func() string {
			c := get(f, p).Parameters().RequiredStatusChecks.Checks
			if len(c) != 3 || ptr.Deref(c[0].AppID, 0) != -1 {
				return fmt.Sprintf("checks: %+v", c)
			}
			return ""
		})
		f.waitEvent(got, "DroppedByGitHub", "other-user")
		quietProtection(f, "full protection with dropped actors")

		f.must(kube.Delete(f.ctx, got))
		f.eventually("protection removed on GitHub and resource gone", func() string {
			if f.ghProtectionOf("main") != nil {
				return "main still protected"
			}
			if err := kube.Get(f.ctx, s.key(f, "main"), fresh(p)); !kerrors.IsNotFound(err) {
				return "BranchProtection still there"
			}
			return ""
		})
		status, _ := f.gh(goodToken, http.MethodGet, "/repos/demo-org/svc/branches/main/protection/required_signatures", "")
		if status != http.StatusNotFound {
			t.Errorf("required signatures after delete: %d, want 404 (gone with the protection)", status)
		}
	})
}

// Changes made on GitHub, to several fields at once and to required
// signatures, are put back; a protection removed on GitHub is made again.
func TestBranchProtectionDriftCorrected(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newProtectionFixture(t)
		p := f.protection(s, "drifty", "main", common.BranchProtectionParameters{
			RequiredStatusChecks:       &common.RequiredStatusChecks{Strict: ptr.To(true), Contexts: []string{"ci"}},
			EnforceAdmins:              ptr.To(true),
			RequiredPullRequestReviews: &common.RequiredPullRequestReviews{},
			RequiredLinearHistory:      ptr.To(true),
			RequiredSignatures:         ptr.To(true),
		})
		f.must(kube.Create(f.ctx, p))
		waitReady(f, p)
		quietProtection(f, "simple protection")

		asDeclared := func() string {
			gh := f.ghProtectionOf("main")
			switch {
			case gh == nil:
				return "not protected"
			case gh.RequiredStatusChecks == nil || !gh.RequiredStatusChecks.Strict || !slices.Equal(gh.RequiredStatusChecks.Contexts, []string{"ci"}):
				return fmt.Sprintf("status checks %+v", gh.RequiredStatusChecks)
			case gh.RequiredPullRequestReviews == nil || gh.RequiredPullRequestReviews.RequiredApprovingReviewCount != 1:
				return fmt.Sprintf("reviews %+v", gh.RequiredPullRequestReviews)
			case gh.Restrictions != nil:
				return "restrictions " + gh.Restrictions.names()
			case !gh.EnforceAdmins.Enabled || !gh.RequiredLinearHistory.Enabled || gh.AllowForcePushes.Enabled || !gh.RequiredSignatures.Enabled:
				return fmt.Sprintf("switches %+v", gh)
			}
			return ""
		}
		if msg := asDeclared(); msg != "" {
			t.Fatalf("protection as created: %s", msg)
		}

		f.ghMust(http.StatusOK, goodToken, http.MethodPut, "/repos/demo-org/svc/branches/main/protection",
			`{"required_status_checks":{"strict":false,"contexts":["ci","extra"]},"enforce_admins":false,"required_pull_request_reviews":null,
			  "restrictions":{"users":["member-user"],"teams":[]},"allow_force_pushes":true}`)
		f.ghMust(http.StatusNoContent, goodToken, http.MethodDelete, "/repos/demo-org/svc/branches/main/protection/required_signatures", "")
		f.eventually("the protection as declared again", asDeclared)
		quietProtection(f, "drift corrected")

		f.ghMust(http.StatusNoContent, goodToken, http.MethodDelete, "/repos/demo-org/svc/branches/main/protection", "")
		f.eventually("protected again", asDeclared)
		f.waitEvent(p, "ProtectionRemovedOutside")
	})
}
