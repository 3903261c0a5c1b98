package issuelabels

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func label(name, color, description string) common.IssueLabelsLabel {
	l := common.IssueLabelsLabel{Name: name, Color: color}
	if description != "" {
		l.Description = ptr.To(description)
	}
	return l
}

func ghLabel(name, color, description string) github.IssueLabel {
	l := github.IssueLabel{Name: name, Color: color}
	if description != "" {
		l.Description = ptr.To(description)
	}
	return l
}

func set(mode string, labels ...common.IssueLabelsLabel) *common.IssueLabelsParameters {
	return &common.IssueLabelsParameters{Mode: mode, Labels: labels}
}

func TestDiff(t *testing.T) {
	defaults := []github.IssueLabel{ghLabel("bug", "d73a4a", "Something isn't working"), ghLabel("wontfix", "ffffff", "This will not be worked on")}
	cases := map[string]struct {
		reason string
		p      *common.IssueLabelsParameters
		got    []github.IssueLabel
		want   Plan
		drift  []string
	}{
		"UpToDate": {
			reason: "GitHub's labels are the declared ones: nothing to do.",
			p:      set(common.IssueLabelsAuthoritative, label("bug", "d73a4a", "Something isn't working"), label("wontfix", "ffffff", "This will not be worked on")),
			got:    defaults,
		},
		"ColorCase": {
			reason: "GitHub keeps colors in lower case: one declared in upper case is the same.",
			p:      set(common.IssueLabelsAuthoritative, label("bug", "D73A4A", "Something isn't working"), label("wontfix", "FFFFFF", "This will not be worked on")),
			got:    defaults,
		},
		"AuthoritativeDeletesUndeclared": {
			reason: "In authoritative mode a label the set does not declare is deleted, a default one included.",
			p:      set(common.IssueLabelsAuthoritative, label("bug", "d73a4a", "Something isn't working")),
			got:    defaults,
			want:   Plan{Delete: []string{"wontfix"}},
			drift:  []string{"delete wontfix"},
		},
		"DefaultModeIsAuthoritative": {
			reason: "A mode left empty (the API server defaults it) is authoritative.",
			p:      set("", label("bug", "d73a4a", "Something isn't working")),
			got:    defaults,
			want:   Plan{Delete: []string{"wontfix"}},
			drift:  []string{"delete wontfix"},
		},
		"EmptyAuthoritativeDeletesAll": {
			reason: "An authoritative set of no label deletes every label.",
			p:      set(common.IssueLabelsAuthoritative),
			got:    defaults,
			want:   Plan{Delete: []string{"bug", "wontfix"}},
			drift:  []string{"delete bug", "delete wontfix"},
		},
		"AdditiveKeepsUndeclared": {
			reason: "In additive mode a label the set does not declare is left alone.",
			p:      set(common.IssueLabelsAdditive, label("triage", "fbca04", "")),
			got:    defaults,
			want:   Plan{Create: []github.IssueLabelRequest{{Name: "triage", Color: ptr.To("fbca04")}}},
			drift:  []string{"create triage"},
		},
		"Create": {
			reason: "A declared label GitHub lacks is created with its name, color and description.",
			p: set(common.IssueLabelsAuthoritative, label("bug", "d73a4a", "Something isn't working"), label("wontfix", "ffffff", "This will not be worked on"),
				label("Needs triage 🔍", "fbca04", "Not looked at yet")),
			got:   defaults,
			want:  Plan{Create: []github.IssueLabelRequest{{Name: "Needs triage 🔍", Color: ptr.To("fbca04"), Description: ptr.To("Not looked at yet")}}},
			drift: []string{"create Needs triage 🔍"},
		},
		"Update": {
			reason: "A label that differs is updated in what differs only.",
			p:      set(common.IssueLabelsAdditive, label("bug", "b60205", "Something isn't working"), label("wontfix", "ffffff", "Not now")),
			got:    defaults,
			want: Plan{Update: []Update{
				{Name: "bug", Request: github.IssueLabelRequest{Color: ptr.To("b60205")}},
				{Name: "wontfix", Request: github.IssueLabelRequest{Description: ptr.To("Not now")}},
			}},
			drift: []string{"update bug (color)", "update wontfix (description)"},
		},
		"DescriptionCleared": {
			reason: "A label declared without description has none: GitHub's is cleared.",
			p:      set(common.IssueLabelsAdditive, label("bug", "d73a4a", "")),
			got:    defaults,
			want:   Plan{Update: []Update{{Name: "bug", Request: github.IssueLabelRequest{Description: ptr.To("")}}}},
			drift:  []string{"update bug (description)"},
		},
		"EmptyDescriptionIsNone": {
			reason: "An empty description and none are the same.",
			p:      set(common.IssueLabelsAdditive, common.IssueLabelsLabel{Name: "plain", Color: "ededed", Description: ptr.To("")}),
			got:    []github.IssueLabel{{Name: "plain", Color: "ededed", Description: ptr.To("")}},
		},
		"RenameByCase": {
			reason: "A declared name that differs from GitHub's only in case renames the label (it keeps its issues): never a delete and a create.",
			p:      set(common.IssueLabelsAuthoritative, label("Bug", "d73a4a", "Something isn't working"), label("WONTFIX", "000000", "This will not be worked on")),
			got:    defaults,
			want: Plan{Update: []Update{
				{Name: "bug", Request: github.IssueLabelRequest{NewName: "Bug"}},
				{Name: "wontfix", Request: github.IssueLabelRequest{NewName: "WONTFIX", Color: ptr.To("000000")}},
			}},
			drift: []string{"rename bug to Bug", "rename wontfix to WONTFIX (color)"},
		},
		"AnotherNameIsAnotherLabel": {
			reason: "A name that differs in more than case is another label: authoritative, the old one is deleted and the new one created.",
			p:      set(common.IssueLabelsAuthoritative, label("bugs", "d73a4a", "Something isn't working"), label("wontfix", "ffffff", "This will not be worked on")),
			got:    defaults,
			want: Plan{Create: []github.IssueLabelRequest{{Name: "bugs", Color: ptr.To("d73a4a"), Description: ptr.To("Something isn't working")}},
				Delete: []string{"bug"}},
			drift: []string{"create bugs", "delete bug"},
		},
		"NoLabelsYet": {
			reason: "A repository without labels gets every declared one.",
			p:      set(common.IssueLabelsAuthoritative, label("a", "000000", ""), label("b", "111111", "B")),
			want: Plan{Create: []github.IssueLabelRequest{{Name: "a", Color: ptr.To("000000")},
				{Name: "b", Color: ptr.To("111111"), Description: ptr.To("B")}}},
			drift: []string{"create a", "create b"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := Diff(tc.p, tc.got)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("\n%s\nDiff(...): -want, +got:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.drift, got.Drift()); diff != "" {
				t.Errorf("\n%s\nDrift(): -want, +got:\n%s", tc.reason, diff)
			}
			if got.Empty() != (tc.drift == nil) {
				t.Errorf("\n%s\nEmpty() = %t with drift %v", tc.reason, got.Empty(), tc.drift)
			}
		})
	}
}

func TestDuplicate(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      *common.IssueLabelsParameters
		want   string // a part of the error; none when ""
	}{
		"Distinct":  {reason: "Names GitHub tells apart are fine.", p: set("", label("bug", "000000", ""), label("bugs", "000000", ""))},
		"ASCIICase": {reason: "Names that differ in case are one label.", p: set("", label("bug", "000000", ""), label("BUG", "000000", "")), want: `declares "bug" and "BUG"`},
		"UnicodeCase": {reason: "GitHub folds more than ASCII letters, which the admission rule does not.",
			p: set("", label("Überprüfen", "000000", ""), label("überprüfen", "000000", "")), want: `declares "Überprüfen" and "überprüfen"`},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			err := Duplicate(tc.p)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("\n%s\nDuplicate(...): %v, want none", tc.reason, err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("\n%s\nDuplicate(...): %v, want an error holding %q", tc.reason, err, tc.want)
			}
		})
	}
}

func TestObservation(t *testing.T) {
	p := set(common.IssueLabelsAdditive, label("Bug", "d73a4a", ""))
	got := Observation("o/r", p, []github.IssueLabel{ghLabel("bug", "d73a4a", "Broken"), ghLabel("wontfix", "ffffff", "")})
	want := common.IssueLabelsObservation{Repository: ptr.To("o/r"), Labels: []common.IssueLabelsObservedLabel{
		{Name: "bug", Color: "d73a4a", Description: ptr.To("Broken"), Declared: true},
		{Name: "wontfix", Color: "ffffff"},
	}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Observation(...): -want, +got:\n%s", diff)
	}
}

func TestImported(t *testing.T) {
	got := []github.IssueLabel{ghLabel("bug", "d73a4a", "Something isn't working"), {Name: "plain", Color: "ededed", Description: ptr.To("")}}
	p := Imported(got)
	want := common.IssueLabelsParameters{Mode: common.IssueLabelsAuthoritative, Labels: []common.IssueLabelsLabel{
		label("bug", "d73a4a", "Something isn't working"), {Name: "plain", Color: "ededed"},
	}}
	if diff := cmp.Diff(want, p); diff != "" {
		t.Errorf("Imported(...): -want, +got:\n%s", diff)
	}
	if plan := Diff(&p, got); !plan.Empty() {
		t.Errorf("Diff(Imported(got), got) = %v, want nothing to do: an imported set writes nothing", plan.Drift())
	}
	if err := Duplicate(&p); err != nil {
		t.Errorf("Duplicate(Imported(...)): %v", err)
	}
}
