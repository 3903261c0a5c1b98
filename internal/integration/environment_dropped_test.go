package integration

import (
	"strings"
	"testing"
	"time"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/dropped"
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
		// Within dropped.Settling of its creation the team is asked for on
		// every poll (its access may be on its way); after it, not again.
		time.Sleep(time.Until(get(f, e).GetCreationTimestamp().Add(dropped.Settling + 2*time.Second)))
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

// Resources applied together (a Composition, kubectl apply -f of a folder)
// grant a reviewer team its access while the Environment is written:
// GitHub leaves the team out of the first write, and the Environment asks
// for it again on the next polls, without a warning, until it is kept.
func TestEnvironmentReviewerTeamGrantedJustAfter(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newEnvironmentFixture(t)
		f.ghMust(201, goodToken, "POST", "/orgs/"+owner+"/teams", `{"name":"Outsiders","privacy":"closed"}`)
		p := production()
		p.Reviewers = append(p.Reviewers, common.EnvironmentReviewer{Type: "Team", TeamSlug: ptr.To("outsiders")})
		e := f.environment(s, "production", p)
		f.must(kube.Create(f.ctx, e))
		f.waitEvent(e, "DroppedByGitHub", "team outsiders")
		f.grantTeam("outsiders")
		f.eventually("the team kept without a change of the spec", func() string {
			if g, _ := f.ghEnvironmentNamed("production"); !strings.Contains(g.summary(), "Team/outsiders") {
				return g.summary()
			}
			if got := get(f, e); got.Observation().DroppedByGitHub != nil || got.GetCondition(xpv2.TypeReady).Message != "" {
				return "still reported as left out"
			}
			return ""
		})
		for _, ev := range f.events(e) {
			if ev.Type == "Warning" {
				t.Errorf("warning %s: %s", ev.Reason, ev.Message)
			}
		}
	})
}
