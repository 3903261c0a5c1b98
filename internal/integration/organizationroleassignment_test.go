package integration

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	repocommon "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// securityManagerRoleID is the emulator's id of the security manager role.
const securityManagerRoleID = 138

// newRoleAssignment builds, without creating it, an
// OrganizationRoleAssignment of scope s called name giving role to the
// holder p names.
func (f *fixture) newRoleAssignment(s scope, name, role string, p common.OrganizationRoleAssignmentParameters) twins.OrganizationRoleAssignmentObject {
	f.t.Helper()
	o := twins.OrganizationRoleAssignment.In(s.of)
	p.Role = role
	*o.Parameters() = p
	return place(f, s, o, name, "github")
}

// slugHolder and userHolder are the holders of a role a spec names.
func roleTeamSlug(slug string) common.OrganizationRoleAssignmentParameters {
	return common.OrganizationRoleAssignmentParameters{OptionalTeamTarget: repocommon.OptionalTeamTarget{TeamSlug: ptr.To(slug)}}
}

func roleUser(login string) common.OrganizationRoleAssignmentParameters {
	return common.OrganizationRoleAssignmentParameters{User: ptr.To(login)}
}

// roleHolders reads who holds the role of id on GitHub: "teams" or
// "users", by lower-case slug or login, with how they hold it.
func (f *fixture) roleHolders(id int64, of string) map[string]string {
	f.t.Helper()
	b := f.ghMust(http.StatusOK, goodToken, http.MethodGet, fmt.Sprintf("/orgs/%s/organization-roles/%d/%s?per_page=100", owner, id, of), "")
	var list []struct {
		Slug       string `json:"slug"`
		Login      string `json:"login"`
		Assignment string `json:"assignment"`
	}
	f.must(json.Unmarshal(b, &list))
	out := map[string]string{}
	for _, h := range list {
		out[strings.ToLower(h.Slug+h.Login)] = h.Assignment
	}
	return out
}

// A team named by slug is given the security manager role; an assignment
// taken away on GitHub is made again; deleting the resource takes the role
// away.
func TestOrganizationRoleAssignmentLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newPeopleFixture(t)
		o := f.newRoleAssignment(s, "crew-security", "security_manager", roleTeamSlug("crew"))
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		if h := f.roleHolders(securityManagerRoleID, "teams"); h["crew"] != "direct" {
			t.Errorf("GitHub's holders of security_manager %v, want crew direct", h)
		}
		if obs := got.Observation(); ptr.Deref(obs.TeamSlug, "") != "crew" || ptr.Deref(obs.RoleID, 0) != securityManagerRoleID || ptr.Deref(obs.Assignment, "") != "direct" || ptr.Deref(obs.Organization, "") != owner {
			t.Errorf("status.atProvider %+v", obs)
		}
		if ext := got.GetAnnotations()["crossplane.io/external-name"]; ext != "team/crew/security_manager" {
			t.Errorf("external name %q, want team/crew/security_manager", ext)
		}

		path := fmt.Sprintf("/orgs/%s/organization-roles/teams/crew/%d", owner, securityManagerRoleID)
		f.ghMust(http.StatusNoContent, goodToken, http.MethodDelete, path, "")
		f.eventually("the assignment made again", func() string {
			if h := f.roleHolders(securityManagerRoleID, "teams"); h["crew"] != "direct" {
				return fmt.Sprintf("GitHub's holders %v", h)
			}
			return ""
		})

		f.must(kube.Delete(f.ctx, get(f, o)))
		waitGone(f, o)
		if h := f.roleHolders(securityManagerRoleID, "teams"); len(h) != 0 {
			t.Errorf("GitHub's holders %v after the delete, want none", h)
		}
	})
}

// A Team resource names the team, and a member who holds the role through
// that team is given it directly too: mixed, with an event; deleting the
// user's assignment leaves what the team gives them.
func TestOrganizationRoleAssignmentTeamRefAndUser(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newPeopleFixture(t)
		team := f.createTeam(s, "squad", common.TeamParameters{Name: "Squad", Privacy: ptr.To("closed")})
		waitReady(f, team)
		f.ghMust(http.StatusOK, goodToken, http.MethodPut, "/orgs/"+owner+"/teams/squad/memberships/member-user", `{"role":"member"}`)
		byRef := f.newRoleAssignment(s, "squad-read", "all_repo_read", common.OrganizationRoleAssignmentParameters{
			OptionalTeamTarget: repocommon.OptionalTeamTarget{TeamRef: &xpv2.Reference{Name: team.GetName()}}})
		f.must(kube.Create(f.ctx, byRef))
		got := waitReady(f, byRef)
		if obs := got.Observation(); ptr.Deref(obs.TeamID, 0) == 0 || ptr.Deref(obs.TeamSlug, "") != "squad" {
			t.Errorf("status.atProvider %+v, want squad with its id", obs)
		}
		const allRepoRead = 8132
		f.eventually("member-user holds all_repo_read through squad", func() string {
			if h := f.roleHolders(allRepoRead, "users"); h["member-user"] != "indirect" {
				return fmt.Sprintf("GitHub's holders %v", h)
			}
			return ""
		})

		user := f.newRoleAssignment(s, "member-read", "all_repo_read", roleUser("Member-User"))
		f.must(kube.Create(f.ctx, user))
		f.waitEvent(user, "AssignedDirectly", "user Member-User held role all_repo_read only through team squad; it now holds it directly too")
		got2 := waitReady(f, user)
		if obs := got2.Observation(); ptr.Deref(obs.Assignment, "") != "mixed" || ptr.Deref(obs.User, "") != "member-user" {
			t.Errorf("status.atProvider %+v, want member-user mixed", obs)
		}
		f.must(kube.Delete(f.ctx, get(f, user)))
		waitGone(f, user)
		if h := f.roleHolders(allRepoRead, "users"); h["member-user"] != "indirect" {
			t.Errorf("GitHub's holders %v after the delete, want member-user indirect through squad", h)
		}
	})
}

// An assignment that exists is taken over, with an event.
func TestOrganizationRoleAssignmentAdoptsExisting(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newPeopleFixture(t)
		f.ghMust(http.StatusNoContent, goodToken, http.MethodPut, fmt.Sprintf("/orgs/%s/organization-roles/users/member-user/%d", owner, securityManagerRoleID), "")
		o := f.newRoleAssignment(s, "member-security", "security_manager", roleUser("member-user"))
		f.must(kube.Create(f.ctx, o))
		f.waitEvent(o, "AdoptedExistingAssignment", "role security_manager of organization demo-org held by user member-user")
		waitReady(f, o)
	})
}

// A custom role of the organization is found by its name; a role,
// team or user the organization lacks, and a user who is not a member,
// are each a condition that says what to do.
func TestOrganizationRoleAssignmentErrors(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newPeopleFixture(t)
		id, err := f.emu.State().AddOrganizationRole(owner, "Auditor", "", "", []string{"read_audit_logs"})
		f.must(err)
		custom := f.newRoleAssignment(s, "crew-auditor", "Auditor", roleTeamSlug("crew"))
		f.must(kube.Create(f.ctx, custom))
		waitReady(f, custom)
		if h := f.roleHolders(id, "teams"); h["crew"] != "direct" {
			t.Errorf("GitHub's holders of Auditor %v, want crew direct", h)
		}

		o := f.newRoleAssignment(s, "owner", "owner", roleTeamSlug("crew"))
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f, o, `organization demo-org has no role "owner"`, "its roles are Auditor, all_repo_admin, all_repo_maintain, all_repo_read, all_repo_triage, all_repo_write, security_manager")
		o = f.newRoleAssignment(s, "quinn", "all_repo_read", roleUser("quinn"))
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f, o, "make quinn a member first (a Membership resource invites them)")
		o = f.newRoleAssignment(s, "nobody", "all_repo_read", roleUser("nobody-here"))
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f, o, "GitHub knows no user nobody-here: check spec.forProvider.user")
		o = f.newRoleAssignment(s, "noteam", "all_repo_read", roleTeamSlug("nope"))
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f, o, "GitHub finds no team nope in demo-org")
	})
}

// Steady state costs nothing: once Ready, an OrganizationRoleAssignment's
// polls are answered 304 (the holders) or not sent at all (the roles
// list, fresh for minutes), which GitHub does not charge.
func TestOrganizationRoleAssignmentIdleIsFree(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newPeopleFixture(t)
		o := f.newRoleAssignment(s, "idle", "security_manager", roleTeamSlug("crew"))
		f.must(kube.Create(f.ctx, o))
		waitReady(f, o)
		const get = "GET /orgs/{org}/organization-roles/{role_id}/teams"
		before := f.emu.Stats()
		f.eventually("three polls answered 304", func() string {
			if n := f.emu.Stats().Endpoints[get][http.StatusNotModified] - before.Endpoints[get][http.StatusNotModified]; n < 3 {
				return fmt.Sprintf("%d so far", n)
			}
			return ""
		})
		after := f.emu.Stats()
		if used := after.RateLimitPoints["demo-user"] - before.RateLimitPoints["demo-user"]; used != 0 {
			t.Errorf("an idle OrganizationRoleAssignment used %d rate-limit points, want 0; requests since Ready: %v", used, after.Endpoints)
		}
	})
}

// Bad manifests are refused at admission, saying what is allowed.
func TestOrganizationRoleAssignmentAdmission(t *testing.T) {
	both := roleTeamSlug("crew")
	both.User = ptr.To("pat")
	cases := map[string]struct {
		p    common.OrganizationRoleAssignmentParameters
		role string
		want string
	}{
		"NoHolder":    {role: "security_manager", want: "set exactly one holder of the role: user, teamSlug, or teamRef (or teamSelector)"},
		"TwoHolders":  {p: both, role: "security_manager", want: "set exactly one holder of the role"},
		"NoRole":      {p: roleTeamSlug("crew"), want: "spec.forProvider.role"},
		"BadUser":     {p: roleUser("-pat"), role: "all_repo_read", want: "spec.forProvider.user"},
		"BadTeamSlug": {p: roleTeamSlug("Crew"), role: "all_repo_read", want: "spec.forProvider.teamSlug"},
		"SlugAndRef": {p: common.OrganizationRoleAssignmentParameters{OptionalTeamTarget: repocommon.OptionalTeamTarget{TeamSlug: ptr.To("crew"), TeamRef: &xpv2.Reference{Name: "crew"}}},
			role: "all_repo_read", want: "set exactly one holder of the role"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newFixture(t)
				o := twins.OrganizationRoleAssignment.In(s.of)
				*o.Parameters() = tc.p
				o.Parameters().Role = tc.role
				err := kube.Create(f.ctx, place(f, s, o, "refused", "github"))
				if err == nil {
					t.Fatalf("want the API server to refuse %+v", tc.p)
				}
				if !strings.Contains(err.Error(), tc.want) {
					t.Errorf("want the refusal to say %q, got: %v", tc.want, err)
				}
			})
		})
	}
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		o := twins.OrganizationRoleAssignment.In(s.of)
		*o.Parameters() = roleUser("pat")
		o.Parameters().Role = "all_repo_read"
		o.SetManagementPolicies(xpv2.ManagementPolicies{xpv2.ManagementActionObserve})
		o = place(f, s, o, "changed", "github")
		f.must(kube.Create(f.ctx, o))
		for _, tc := range []struct {
			change func(twins.OrganizationRoleAssignmentObject)
			want   string
		}{
			{func(o twins.OrganizationRoleAssignmentObject) { o.Parameters().User = ptr.To("quinn") }, "user cannot be changed: create another OrganizationRoleAssignment for another user"},
			{func(o twins.OrganizationRoleAssignmentObject) { o.Parameters().Role = "all_repo_write" }, "role cannot be changed: create another OrganizationRoleAssignment for another role"},
			{func(o twins.OrganizationRoleAssignmentObject) {
				o.Parameters().User = nil
				o.Parameters().TeamSlug = ptr.To("crew")
			}, "the holder cannot change between a user and a team"},
		} {
			f.eventually("the change refused", func() string {
				c := get(f, o)
				tc.change(c)
				err := kube.Update(f.ctx, c)
				if kerrors.IsConflict(err) {
					return err.Error()
				}
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("changing: %v, want the refusal to say %q", err, tc.want)
				}
				return ""
			})
		}
	})
}

// The OrganizationRoleAssignment examples of both scopes, applied with the
// Team examples against one emulator with the demo seed (as make demo and
// make e2e do), become Ready.
func TestOrganizationRoleAssignmentExamples(t *testing.T) {
	seed, err := emulator.LoadSeedFile("../../hack/demo-seed.yaml")
	if err != nil {
		t.Fatal(err)
	}
	f := newFixtureWith(t, emulator.Options{Seed: seed})
	n := 0
	for _, s := range scopes {
		for _, dir := range []string{"team", "organizationroleassignment"} {
			for _, mg := range examplesOf(t, s, dir) {
				placeExample(f, s, mg)
				f.must(kube.Create(f.ctx, mg))
			}
		}
	}
	for _, s := range scopes {
		for _, mg := range examplesOf(t, s, "organizationroleassignment") {
			placeExample(f, s, mg)
			waitReady(f, mg)
			n++
		}
	}
	if n < 3 {
		t.Fatalf("%d OrganizationRoleAssignment examples, want some of each scope", n)
	}
}

// A teamSelector chooses a Team of the same scope by its labels and
// records it in teamRef; the assignment follows the Team through a
// rename, and its external name says the new slug.
func TestOrganizationRoleAssignmentTeamSelectorAndRename(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newPeopleFixture(t)
		labels := map[string]string{"unit": f.ns} // unique: cluster-scoped Teams of other tests are listed too
		f.createTeam(s, "auditors", common.TeamParameters{Name: "Auditors", Privacy: ptr.To("closed")}, func(r teamObject) { r.SetLabels(labels) })
		team := waitReady(f, f.team(s, "auditors"))
		o := f.newRoleAssignment(s, "auditors-read", "all_repo_read", common.OrganizationRoleAssignmentParameters{
			OptionalTeamTarget: repocommon.OptionalTeamTarget{TeamSelector: &xpv2.Selector{MatchLabels: labels}}})
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		if ref := got.Parameters().TeamRef; ref == nil || ref.Name != team.GetName() {
			t.Errorf("spec.forProvider.teamRef: want the chosen Team %s, got %+v", team.GetName(), ref)
		}
		const allRepoRead = 8132
		if h := f.roleHolders(allRepoRead, "teams"); h["auditors"] != "direct" {
			t.Errorf("GitHub's holders of all_repo_read %v, want auditors direct", h)
		}

		f.eventually("the Team renamed", func() string {
			c := get(f, team)
			c.Parameters().Name = "Security Auditors"
			if err := kube.Update(f.ctx, c); err != nil {
				return err.Error()
			}
			return ""
		})
		f.eventually("the external name following the rename", func() string {
			c := get(f, o)
			if ext := c.GetAnnotations()["crossplane.io/external-name"]; ext != "team/security-auditors/all_repo_read" {
				return "external name " + ext
			}
			if slug := ptr.Deref(c.Observation().TeamSlug, ""); slug != "security-auditors" {
				return "status.atProvider.teamSlug " + slug
			}
			return ""
		})
		if h := f.roleHolders(allRepoRead, "teams"); len(h) != 1 || h["security-auditors"] != "direct" {
			t.Errorf("GitHub's holders of all_repo_read %v, want the renamed team only, direct", h)
		}
	})
}
