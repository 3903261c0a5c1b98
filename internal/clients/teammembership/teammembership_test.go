package teammembership

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestDrift(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      common.TeamMembershipParameters
		got    github.TeamMembership
		want   []string
	}{
		"DefaultMember": {reason: "An unset role is member.", got: github.TeamMembership{State: "active", Role: "member"}},
		"Maintainer":    {reason: "The declared role matches.", p: common.TeamMembershipParameters{Role: ptr.To("maintainer")}, got: github.TeamMembership{State: "pending", Role: "maintainer"}},
		"Changed": {reason: "A maintainer made a member on GitHub is drift.", p: common.TeamMembershipParameters{Role: ptr.To("maintainer")}, got: github.TeamMembership{State: "active", Role: "member"},
			want: []string{"role: want maintainer, GitHub reports member"}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Drift(&tc.p, &tc.got)); diff != "" {
				t.Errorf("\n%s\nDrift(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestImportedHasNoDrift(t *testing.T) {
	for _, role := range []string{"member", "maintainer"} {
		p := Imported("Pat", role)
		if d := Drift(&p, &github.TeamMembership{State: "active", Role: role}); d != nil {
			t.Errorf("Imported(%q) drifts: %v", role, d)
		}
	}
}

func TestObservation(t *testing.T) {
	cases := map[string]struct {
		team Team
		want common.TeamMembershipObservation
	}{
		"BySlug": {team: Team{Organization: "demo-org", Slug: "crew"},
			want: common.TeamMembershipObservation{Organization: ptr.To("demo-org"), TeamSlug: ptr.To("crew"), State: ptr.To("active"), Role: ptr.To("member")}},
		"ByResource": {team: Team{Organization: "demo-org", Slug: "crew", ID: 7},
			want: common.TeamMembershipObservation{Organization: ptr.To("demo-org"), TeamSlug: ptr.To("crew"), TeamID: ptr.To(int64(7)), State: ptr.To("active"), Role: ptr.To("member")}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Observation(tc.team, &github.TeamMembership{State: "active", Role: "member"})); diff != "" {
				t.Errorf("Observation(...): -want, +got:\n%s", diff)
			}
		})
	}
}

func TestPendingSaysWhoAccepts(t *testing.T) {
	c := Pending("Pat", Team{Organization: "demo-org", Slug: "crew"})
	if c.Reason != ReasonInvitationPending || !strings.Contains(c.Message, "waiting for Pat to accept the invitation to join demo-org") || !strings.Contains(c.Message, "team crew") {
		t.Errorf("Pending(...) = %+v", c)
	}
}
