package integration

import (
	"strings"
	"testing"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// A reviewer team without access to the repository is taken by GitHub and
// left out (the emulator does so by default). The Environment says which
// team, why and what to do in its Ready condition and status, and does not
// write the environment again on every poll; once the team has access and
// the spec changes, the team is asked for again and kept.
func TestEnvironmentReviewerTeamWithoutAccess(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newEnvironmentFixture(t)
		f.ghMust(201, goodToken, "POST", "/orgs/"+owner+"/teams", `{"name":"Outsiders","privacy":"closed"}`)
		p := production()
		p.Reviewers = append(p.Reviewers, common.EnvironmentReviewer{Type: "Team", TeamSlug: ptr.To("outsiders")})
		e := f.environment(s, "production", p)
		f.must(kube.Create(f.ctx, e))

		f.eventually("Ready names the team left out", func() string {
			got := fresh(e)
			if err := kube.Get(f.ctx, s.key(f, "production"), got); err != nil {
				return err.Error()
			}
			c := got.GetCondition(xpv2.TypeReady)
			for _, part := range []string{"team outsiders", "needs access to the repository", "TeamRepository"} {
				if c.Status != "True" || !strings.Contains(c.Message, part) {
					return "Ready: " + string(c.Status) + " " + c.Message
				}
			}
			if d := got.Observation().DroppedByGitHub; d == nil || len(d.Teams) != 1 || ptr.Deref(d.Teams[0].Slug, "") != "outsiders" {
				return "status.atProvider.droppedByGitHub does not name outsiders"
			}
			return ""
		})
		f.waitEvent(e, "DroppedByGitHub", "team outsiders")
		if g, _ := f.ghEnvironmentNamed("production"); strings.Contains(g.summary(), "outsiders") || !strings.Contains(g.summary(), "Team/release") {
			t.Errorf("environment on GitHub: %s, want release kept and outsiders left out", g.summary())
		}
		environmentsQuiet(f, "a reviewer team left out")

		f.grantTeam("outsiders")
		update(f, e, func(e environmentObject) { e.Parameters().WaitTimer = ptr.To[int64](20) })
		f.eventually("the team asked for again and kept", func() string {
			if g, _ := f.ghEnvironmentNamed("production"); !strings.Contains(g.summary(), "Team/outsiders") {
				return g.summary()
			}
			got := fresh(e)
			if err := kube.Get(f.ctx, s.key(f, "production"), got); err != nil {
				return err.Error()
			}
			if got.Observation().DroppedByGitHub != nil || got.GetCondition(xpv2.TypeReady).Message != "" {
				return "still reported as left out"
			}
			return ""
		})
		environmentsQuiet(f, "the team kept")
	})
}
