package issuelabels

import (
	"context"
	"testing"
	"unicode/utf8"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/convergetest"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// FuzzIssueLabelsConverges declares a set of two labels the CRD admits, on
// a repository that has GitHub's nine default labels and one made by hand
// (whose name may be a declared one in another case), sends the plan Diff
// makes through our client to the emulator, and requires that the labels
// then read back converged: no plan left, in authoritative mode no label
// but the declared ones, in additive mode the hand-made one still there.
// A spec that names one label twice in a way only GitHub folds is refused
// by Duplicate before anything is sent; GitHub refusing a write (422) is
// an acceptable end only when our client words it, and only for a reason
// the spec shows.
func FuzzIssueLabelsConverges(f *testing.F) {
	f.Add("Needs triage", "fbca04", "Not looked at yet", "bug", "D73A4A", "", "NEEDS TRIAGE", byte(0))
	f.Add("Bug", "b60205", "", "wontfix", "ffffff", "Not now", "other", byte(1))
	f.Add("🔍 look", "000000", "☃", "look", "111111", "x", "🔍 LOOK", byte(0))
	f.Add("a", "#00000", "", "b", "000000", "", "", byte(0))     // not a color: refused by the schema
	f.Add("dup", "000000", "", "DUP", "000000", "", "", byte(1)) // one label twice: refused by the schema
	f.Add("Ä", "000000", "", "ä", "000000", "", "", byte(0))     // one label twice, to GitHub: refused by Duplicate
	f.Add(" ", "000000", "", "b", "000000", "", "", byte(0))     // blank: refused by the schema
	f.Add("documentation", "0075ca", "Improvements or additions to documentation", "question", "d876e3", "", "Question", byte(1))
	schema := convergetest.Schema(f, "repo.github.m.crossplane.io_issuelabelsets.yaml")
	f.Fuzz(func(t *testing.T, n1, c1, d1, n2, c2, d2, byHand string, mode byte) {
		p := &common.IssueLabelsParameters{RepositoryTarget: convergetest.Target(), Labels: []common.IssueLabelsLabel{
			{Name: n1, Color: c1, Description: ptr.To(d1)}, {Name: n2, Color: c2, Description: ptr.To(d2)},
		}}
		if mode%2 == 1 {
			p.Mode = common.IssueLabelsAdditive
		}
		if p = convergetest.Admit(t, schema, p); p == nil || Duplicate(p) != nil {
			return
		}
		ctx := context.Background()
		gh, _ := convergetest.Start(t)
		api := github.NewIssueLabelsClient(gh)
		const owner, repo = convergetest.Owner, convergetest.Repo
		made := false
		if !utf8.ValidString(byHand) {
			byHand = "" // JSON would send another name than the one looked for after
		}
		if byHand != "" {
			_, err := api.CreateIssueLabel(ctx, owner, repo, &github.IssueLabelRequest{Name: byHand, Color: ptr.To("123456")})
			// A name GitHub refuses (blank, or a default label's) makes
			// no label: the set is tried on the defaults alone.
			made = !convergetest.Refused(t, "CreateIssueLabel(by hand)", err)
		}
		got, err := api.ListIssueLabels(ctx, owner, repo)
		if err != nil {
			t.Fatalf("ListIssueLabels(...): %v", err)
		}
		plan := Diff(p, got)
		for _, u := range plan.Update {
			_, err := api.UpdateIssueLabel(ctx, owner, repo, u.Name, &u.Request)
			if convergetest.RefusedAsExpected(t, "UpdateIssueLabel("+u.Name+")", err, false) {
				return
			}
		}
		for i := range plan.Create {
			_, err := api.CreateIssueLabel(ctx, owner, repo, &plan.Create[i])
			if convergetest.RefusedAsExpected(t, "CreateIssueLabel("+plan.Create[i].Name+")", err, false) {
				return
			}
		}
		for _, name := range plan.Delete {
			if err := api.DeleteIssueLabel(ctx, owner, repo, name); err != nil {
				t.Fatalf("DeleteIssueLabel(%q): %v", name, err)
			}
		}
		if got, err = api.ListIssueLabels(ctx, owner, repo); err != nil {
			t.Fatalf("ListIssueLabels(...) after the plan: %v", err)
		}
		if left := Diff(p, got); !left.Empty() {
			t.Fatalf("after the plan %v, still to do: %v (GitHub has %+v)", plan.Drift(), left.Drift(), got)
		}
		for _, l := range p.Labels {
			g := find(got, l.Name)
			if g == nil || g.Name != l.Name {
				t.Fatalf("declared label %q: GitHub has %+v", l.Name, g)
			}
		}
		switch {
		case !Additive(p) && len(got) != len(p.Labels):
			t.Fatalf("authoritative: GitHub has %d labels, want the %d declared: %+v", len(got), len(p.Labels), got)
		case Additive(p) && made && find(got, byHand) == nil:
			t.Fatalf("additive: the label %q made by hand is gone: %+v", byHand, got)
		case Additive(p) && len(got) < 9:
			t.Fatalf("additive: GitHub has %d labels, fewer than its nine defaults: %+v", len(got), got)
		}
	})
}
