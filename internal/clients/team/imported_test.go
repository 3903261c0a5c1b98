package team

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestImported(t *testing.T) {
	cases := map[string]struct {
		t    *github.Team
		want common.TeamParameters
	}{
		"a new top-level team": {
			t:    &github.Team{Name: "Platform", Slug: "platform", Privacy: "secret", NotificationSetting: "notifications_enabled", Description: ptr.To("")},
			want: common.TeamParameters{Organization: ptr.To("acme"), Name: "Platform"},
		},
		"a closed top-level team without notifications": {
			t: &github.Team{Name: "Platform", Slug: "platform", Privacy: "closed", NotificationSetting: "notifications_disabled", Description: ptr.To("Runs it")},
			want: common.TeamParameters{Organization: ptr.To("acme"), Name: "Platform", Description: ptr.To("Runs it"),
				Privacy: ptr.To("closed"), NotificationSetting: ptr.To("notifications_disabled")},
		},
		"a nested team, closed as nested teams are": {
			t:    &github.Team{Name: "SRE", Slug: "sre", Privacy: "closed", NotificationSetting: "notifications_enabled", Parent: &github.TeamParent{ID: 7, Slug: "platform"}},
			want: common.TeamParameters{Organization: ptr.To("acme"), Name: "SRE"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := Imported(tc.t, "acme")
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Imported(): -want, +got:\n%s", diff)
			}
			var parent Parent
			if tc.t.Parent != nil {
				parent.ID = ptr.To(tc.t.Parent.ID)
			}
			if d := Drift(&got, parent, tc.t); len(d) > 0 {
				t.Errorf("Drift(Imported()) = %v, want none", d)
			}
		})
	}
}
