package membership

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestDrift(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      common.MembershipParameters
		got    github.Membership
		want   []string
	}{
		"DefaultMember": {reason: "An unset role is member.", p: common.MembershipParameters{User: "pat"}, got: github.Membership{State: "active", Role: "member"}},
		"Admin":         {reason: "The declared role matches.", p: common.MembershipParameters{User: "pat", Role: ptr.To("admin")}, got: github.Membership{State: "active", Role: "admin"}},
		"Demoted": {reason: "An owner demoted on GitHub is drift.", p: common.MembershipParameters{User: "pat", Role: ptr.To("admin")}, got: github.Membership{State: "active", Role: "member"},
			want: []string{"role: want admin, GitHub reports member"}},
		"PendingOffer": {reason: "A pending invitation offering another role is drift.", p: common.MembershipParameters{User: "pat"}, got: github.Membership{State: "pending", Role: "admin"},
			want: []string{"role: want member, GitHub reports admin"}},
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
	for _, role := range []string{"member", "admin"} {
		p := Imported("Pat", role)
		if d := Drift(&p, &github.Membership{State: "active", Role: role, User: github.Account{Login: "Pat"}}); d != nil {
			t.Errorf("Imported(%q) drifts: %v", role, d)
		}
	}
}

func TestObservation(t *testing.T) {
	got := Observation("demo-org", &github.Membership{State: "pending", Role: "admin", User: github.Account{Login: "Pat"}})
	want := common.MembershipObservation{Organization: ptr.To("demo-org"), Login: ptr.To("Pat"), State: ptr.To("pending"), Role: ptr.To("admin")}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Observation(...): -want, +got:\n%s", diff)
	}
}

func TestLastOwner(t *testing.T) {
	cases := map[string]struct {
		admins []github.Account
		user   string
		want   bool
	}{
		"Only":        {admins: []github.Account{{Login: "Pat"}}, user: "pat", want: true},
		"AnotherOnly": {admins: []github.Account{{Login: "quinn"}}, user: "pat"},
		"Two":         {admins: []github.Account{{Login: "pat"}, {Login: "quinn"}}, user: "pat"},
		"None":        {user: "pat"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := LastOwner(tc.admins, tc.user); got != tc.want {
				t.Errorf("LastOwner(%v, %q) = %v, want %v", tc.admins, tc.user, got, tc.want)
			}
		})
	}
}

func TestWhyGone(t *testing.T) {
	at := func(h int) *time.Time { v := time.Date(2026, 5, 1, h, 0, 0, 0, time.UTC); return &v }
	failed := func(login, reason string, h int) github.FailedInvitation {
		return github.FailedInvitation{Login: ptr.To(login), FailedReason: ptr.To(reason), FailedAt: at(h)}
	}
	cases := map[string]struct {
		list []github.FailedInvitation
		want string
	}{
		"Withdrawn": {list: []github.FailedInvitation{failed("quinn", "Invitation expired. User did not accept this invite for 7 days", 1)}, want: "the invitation was withdrawn on GitHub"},
		"Expired":   {list: []github.FailedInvitation{failed("PAT", "Invitation expired. User did not accept this invite for 7 days", 1)}, want: "the invitation expired"},
		"LatestWins": {list: []github.FailedInvitation{failed("pat", "Invitation declined by user", 3), failed("pat", "Invitation expired. User did not accept this invite for 7 days", 1)},
			want: "the invitation was declined"},
		"Other": {list: []github.FailedInvitation{failed("pat", "SAML required", 1)}, want: "the invitation failed: SAML required"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := WhyGone(tc.list, "pat"); got != tc.want {
				t.Errorf("WhyGone(...) = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestPendingSaysWhoAccepts(t *testing.T) {
	c := Pending("Pat", "demo-org")
	if c.Reason != ReasonInvitationPending || !strings.Contains(c.Message, "waiting for Pat to accept the invitation to join demo-org") {
		t.Errorf("Pending(...) = %+v", c)
	}
}
