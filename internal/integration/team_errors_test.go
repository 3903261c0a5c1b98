package integration

import (
	"net/http"
	"strings"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
)

func TestTeamAdoptionNeedsTheExternalNameAnnotation(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		theirs := f.createTeamOnGitHub(`{"name":"Existing","description":"theirs"}`)
		f.createTeam(s, "existing", orgcommon.TeamParameters{Name: "existing", Description: ptr.To("mine")})
		waitSyncError(f, f.team(s, "existing"), `cannot create team "existing" in demo-org`, "already exists and this Team did not create it",
			"crossplane.io/external-name: existing")
		if gh := f.mustTeam("existing"); ptr.Deref(gh.Description, "") != "theirs" || gh.Name != "Existing" {
			t.Fatalf("the team was changed before the user asked to manage it: %+v", gh)
		}
		if n := len(f.ghTeams()); n != 1 {
			t.Fatalf("want the one existing team, got %d", n)
		}

		update(f, f.team(s, "existing"), func(r teamObject) { meta.SetExternalName(r, "existing") })
		f.eventually("adopted and brought to the spec", func() string {
			gh := f.mustTeam("existing")
			if ptr.Deref(gh.Description, "") != "mine" || gh.Name != "existing" || gh.ID != theirs.ID {
				return "not brought to the spec yet"
			}
			return ""
		})
		if r := waitReady(f, f.team(s, "existing")); ptr.Deref(r.Observation().ID, 0) != theirs.ID {
			t.Errorf("status.atProvider.id: want the adopted team's %d, got %v", theirs.ID, r.Observation().ID)
		}
	})
}

func TestTeamUnknownOrganizationIsNamed(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.createTeam(s, "lost", orgcommon.TeamParameters{Name: "Lost", Organization: ptr.To("no-such-org")})
		waitSyncError(f, f.team(s, "lost"), "organization no-such-org does not exist, is not an organization, or the credentials cannot see it")
		// A Team that was never created goes away at once.
		f.must(kube.Delete(f.ctx, get(f, f.team(s, "lost"))))
		f.eventually("Team gone", func() string {
			if err := kube.Get(f.ctx, s.key(f, "lost"), f.team(s, "lost")); !kerrors.IsNotFound(err) {
				return "still there"
			}
			return ""
		})
	})
}

func TestTeamParentMustBeClosed(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.createTeam(s, "secretive", orgcommon.TeamParameters{Name: "Secretive", Privacy: ptr.To("secret")})
		f.createTeam(s, "nested", orgcommon.TeamParameters{Name: "Nested", ParentTeamRef: &xpv2.Reference{Name: s.key(f, "secretive").Name}})
		waitReady(f, f.team(s, "secretive"))
		waitSyncError(f, f.team(s, "nested"), `cannot create team "Nested" in demo-org`, "a parent team must be a closed (not secret) team of demo-org")

		update(f, f.team(s, "secretive"), func(r teamObject) { r.Parameters().Privacy = ptr.To("closed") })
		r := waitReady(f, f.team(s, "nested"))
		if ptr.Deref(r.Observation().ParentTeamSlug, "") != "secretive" {
			t.Errorf("status.atProvider.parentTeamSlug: want secretive, got %v", r.Observation().ParentTeamSlug)
		}
	})
}

func TestTeamParentNotReadyIsWaitedFor(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.createTeam(s, "early", orgcommon.TeamParameters{Name: "Early", ParentTeamRef: &xpv2.Reference{Name: s.key(f, "later").Name}})
		waitSyncError(f, f.team(s, "early"), "spec.forProvider.parentTeamRef names Team", "which does not exist")
		if n := len(f.ghTeams()); n != 0 {
			t.Fatalf("nothing may be created before its parent, got %d teams", n)
		}
		f.createTeam(s, "later", orgcommon.TeamParameters{Name: "Later", Privacy: ptr.To("closed")})
		waitReady(f, f.team(s, "later"))
		waitReady(f, f.team(s, "early"))
	})
}

// These cases are refused by the API server at admission, before any
// controller sees them, with a message that says what is allowed.
func TestTeamAdmissionRefusesWhatGitHubWould(t *testing.T) {
	cases := map[string]struct {
		p    orgcommon.TeamParameters
		want string
	}{
		"PrivacyUnknown":      {p: orgcommon.TeamParameters{Name: "x", Privacy: ptr.To("visible")}, want: `supported values: "secret", "closed"`},
		"NotificationUnknown": {p: orgcommon.TeamParameters{Name: "x", NotificationSetting: ptr.To("on")}, want: `supported values: "notifications_enabled", "notifications_disabled"`},
		"SecretWithParent": {p: orgcommon.TeamParameters{Name: "x", Privacy: ptr.To("secret"), ParentTeamID: ptr.To(int64(1))},
			want: "a team with a parent team must be closed"},
		"IDAndRef": {p: orgcommon.TeamParameters{Name: "x", ParentTeamID: ptr.To(int64(1)), ParentTeamRef: &xpv2.Reference{Name: "p"}},
			want: "set parentTeamId, or parentTeamRef or parentTeamSelector, not both"},
		"IDAndSelector": {p: orgcommon.TeamParameters{Name: "x", ParentTeamID: ptr.To(int64(1)), ParentTeamSelector: &xpv2.Selector{}},
			want: "set parentTeamId, or parentTeamRef or parentTeamSelector, not both"},
		"NameWithoutLetters": {p: orgcommon.TeamParameters{Name: "!!!"}, want: "name needs at least one letter or digit"},
		"NameMissing":        {p: orgcommon.TeamParameters{}, want: "spec.forProvider.name"},
		"OrganizationInvalid": {p: orgcommon.TeamParameters{Name: "x", Organization: ptr.To("-bad-")},
			want: "spec.forProvider.organization"},
		"ParentIDZero": {p: orgcommon.TeamParameters{Name: "x", ParentTeamID: ptr.To(int64(0))}, want: "spec.forProvider.parentTeamId"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newFixture(t)
				err := kube.Create(f.ctx, f.newTeam(s, "refused", "github", tc.p))
				if err == nil {
					t.Fatalf("want the API server to refuse %+v", tc.p)
				}
				if !strings.Contains(err.Error(), tc.want) {
					t.Errorf("want the refusal to say %q, got: %v", tc.want, err)
				}
			})
		})
	}
}

func TestTeamUpdatesRefusedAtAdmission(t *testing.T) {
	cases := map[string]struct {
		change func(p *orgcommon.TeamParameters)
		want   string
	}{
		"ChangeRefused":  {change: func(p *orgcommon.TeamParameters) { p.Organization = ptr.To("someone-else") }, want: "organization cannot be changed"},
		"RemoveRefused":  {change: func(p *orgcommon.TeamParameters) { p.Organization = nil }, want: "organization cannot be removed once set"},
		"SecretToParent": {change: func(p *orgcommon.TeamParameters) { p.ParentTeamID = ptr.To(int64(5)) }, want: "a team with a parent team must be closed"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newFixture(t)
				f.must(kube.Create(f.ctx, f.newTeam(s, "fixed", "github", orgcommon.TeamParameters{Name: "Fixed", Organization: ptr.To(owner), Privacy: ptr.To("secret")})))
				var err error
				for range 20 { // retry while the controller writes the object too
					r := get(f, f.team(s, "fixed"))
					tc.change(r.Parameters())
					if err = kube.Update(f.ctx, r); !kerrors.IsConflict(err) {
						break
					}
				}
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("want the update refused with %q, got: %v", tc.want, err)
				}
			})
		})
	}
}

// GitHub's refusal to let a member create teams is explained with the
// permission it takes.
func TestTeamForbiddenIsExplained(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.secret("outsider", map[string][]byte{"token": []byte("other-token")})
		f.providerConfigs("outsider", "outsider", "token")
		f.must(kube.Create(f.ctx, f.newTeam(s, "forbidden", "outsider", orgcommon.TeamParameters{Name: "Forbidden"})))
		waitSyncError(f, f.team(s, "forbidden"), `cannot create team "Forbidden" in demo-org`, "403", "Members: write")
		if status, _ := f.github(http.MethodGet, "/orgs/"+owner+"/teams/forbidden", ""); status != http.StatusNotFound {
			t.Errorf("want no team created, got status %d", status)
		}
	})
}
