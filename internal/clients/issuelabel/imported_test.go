package issuelabel

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestImported(t *testing.T) {
	cases := map[string]struct {
		got  *github.IssueLabel
		want common.IssueLabelParameters
	}{
		"with a description": {
			got:  &github.IssueLabel{Name: "bug", Color: "d73a4a", Description: ptr.To("Something isn't working"), Default: true},
			want: common.IssueLabelParameters{Name: "bug", Color: ptr.To("d73a4a"), Description: ptr.To("Something isn't working")},
		},
		"without": {
			got:  &github.IssueLabel{Name: "Needs triage 🔍", Color: "ededed"},
			want: common.IssueLabelParameters{Name: "Needs triage 🔍", Color: ptr.To("ededed")},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := Imported(tc.got)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Imported(): -want, +got:\n%s", diff)
			}
			if d := Drift(&got, tc.got); len(d) > 0 {
				t.Errorf("Drift(Imported()) = %v, want none", d)
			}
		})
	}
}
