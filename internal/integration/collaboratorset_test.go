package integration

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	corev1 "k8s.io/api/core/v1"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/collaboratorset"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// collabSetFixture is a fixture with a repository of its own for the
// CollaboratorSet tests, and two teams, core and extra. Its emulator knows
// member-user and ops-user, members of demo-org, and other-user, outside
// it. The repository's name holds the scope's and the test's: a
// CollaboratorSet refuses to share its repository with the Collaborator,
// TeamRepository and CollaboratorSet resources of every namespace and
// both scopes, those of tests running beside it included.
type collabSetFixture struct {
	*fixture
	repo string
}

func newCollabSetFixture(t *testing.T, s scope, test string) *collabSetFixture {
	t.Helper()
	seed := emulator.DefaultSeed()
	seed.Users = append(seed.Users, emulator.SeedUser{Login: "member-user", Tokens: []string{"member-token"}}, emulator.SeedUser{Login: "ops-user"})
	seed.Orgs[0].Members = append(seed.Orgs[0].Members, emulator.SeedMember{Login: "member-user", Role: emulator.RoleMember}, emulator.SeedMember{Login: "ops-user", Role: emulator.RoleMember})
	f := &collabSetFixture{fixture: newFixtureWith(t, emulator.Options{Seed: seed}), repo: "collabset-" + test + "-" + strings.ToLower(s.name)}
	f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/orgs/"+owner+"/repos", fmt.Sprintf(`{"name":%q,"private":true}`, f.repo))
	for _, team := range []string{"core", "extra"} {
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/orgs/"+owner+"/teams", fmt.Sprintf(`{"name":%q,"privacy":"closed"}`, team))
	}
	return f
}

func (f *collabSetFixture) full() string { return owner + "/" + f.repo }

// set builds, without creating it, a CollaboratorSet of scope s called
// name of f's repository, listing users and teams.
func (f *collabSetFixture) set(s scope, name string, users []common.CollaboratorSetUser, teams ...common.CollaboratorSetTeam) twins.CollaboratorSetObject {
	f.t.Helper()
	o := twins.CollaboratorSet.In(s.of)
	p := o.Parameters()
	p.RepositoryTarget = common.RepositoryTarget{Repository: ptr.To(f.repo)}
	p.Users, p.Teams = users, teams
	return place(f.fixture, s, o, name, "github")
}

func setUser(login, permission string) common.CollaboratorSetUser {
	return common.CollaboratorSetUser{Username: login, Permission: ptr.To(permission)}
}

func setTeam(slug, permission string) common.CollaboratorSetTeam {
	return common.CollaboratorSetTeam{Slug: slug, Permission: ptr.To(permission)}
}

// access is GitHub's access to f's repository in one line: direct
// collaborators with their roles, invitees with the role offered, teams
// with their permission, each sorted.
func (f *collabSetFixture) access() string {
	f.t.Helper()
	base := "/repos/" + f.full()
	var collaborators []struct {
		Login    string `json:"login"`
		RoleName string `json:"role_name"`
	}
	f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, base+"/collaborators?affiliation=direct", ""), &collaborators))
	var invitations []ghInvitation
	f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, base+"/invitations", ""), &invitations))
	var teams []struct {
		Slug       string `json:"slug"`
		Permission string `json:"permission"`
	}
	f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, base+"/teams", ""), &teams))
	var users, invited, granted []string
	for _, c := range collaborators {
		users = append(users, c.Login+":"+c.RoleName)
	}
	for _, i := range invitations {
		invited = append(invited, i.Invitee.Login+":"+i.Permissions)
	}
	for _, t := range teams {
		granted = append(granted, t.Slug+":"+t.Permission)
	}
	sort.Strings(users)
	sort.Strings(invited)
	sort.Strings(granted)
	return fmt.Sprintf("users %v invited %v teams %v", users, invited, granted)
}

// has says how GitHub's access differs from want (as access writes it);
// "" when it is the same.
func (f *collabSetFixture) has(want string) string {
	if got := f.access(); got != want {
		return fmt.Sprintf("GitHub has %s, want %s", got, want)
	}
	return ""
}

// A CollaboratorSet makes the repository's access exactly the listed one
// — a collaborator, an invitation and a team given access before it
// removed, with an event naming them — and names the repository as its
// external name; a collaborator added on GitHub is removed, a permission
// changed is set back, an invitation not listed is withdrawn; a listed
// user who is invited makes it Ready=False until they accept; deleting
// the resource leaves the access as it is.
func TestCollaboratorSetLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newCollabSetFixture(t, s, "life")
		base := "/repos/" + f.full()
		f.ghMust(http.StatusNoContent, goodToken, http.MethodPut, base+"/collaborators/ops-user", `{"permission":"admin"}`)
		f.ghMust(http.StatusCreated, goodToken, http.MethodPut, base+"/collaborators/other-user", `{"permission":"push"}`)
		f.ghMust(http.StatusNoContent, goodToken, http.MethodPut, "/orgs/"+owner+"/teams/extra/repos/"+f.full(), `{"permission":"pull"}`)

		o := f.set(s, "access", []common.CollaboratorSetUser{setUser("Member-User", "maintain")}, setTeam("core", "push"))
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f.fixture, o)
		if ext := meta.GetExternalName(got); ext != f.full() {
			t.Errorf("external name %q, want the repository's full name %q", ext, f.full())
		}
		want := "users [member-user:maintain] invited [] teams [core:push]"
		f.eventually("the listed access alone", func() string { return f.has(want) })
		f.waitEvent(o, string(collaboratorset.ReasonRemovedUnlisted), "Removed access to repository "+f.full(), "user ops-user", "of other-user", "team extra")

		f.ghMust(http.StatusNoContent, goodToken, http.MethodPut, base+"/collaborators/ops-user", `{"permission":"push"}`)
		f.ghMust(http.StatusNoContent, goodToken, http.MethodPut, base+"/collaborators/member-user", `{"permission":"admin"}`)
		f.ghMust(http.StatusCreated, goodToken, http.MethodPut, base+"/collaborators/other-user", `{"permission":"pull"}`)
		f.ghMust(http.StatusNoContent, goodToken, http.MethodPut, "/orgs/"+owner+"/teams/core/repos/"+f.full(), `{"permission":"admin"}`)
		f.eventually("the access set back: the added collaborator removed, the changed permissions set back, the invitation withdrawn", func() string { return f.has(want) })

		update(f.fixture, o, func(o twins.CollaboratorSetObject) {
			o.Parameters().Users = append(o.Parameters().Users, setUser("other-user", "triage"))
		})
		f.eventually("Ready=False, the invitation pending", func() string {
			ready := get(f.fixture, o).GetCondition(xpv2.TypeReady)
			if ready.Status != corev1.ConditionFalse || ready.Reason != "InvitationPending" || !strings.Contains(ready.Message, "other-user (invited 20") {
				return fmt.Sprintf("Ready=%s (%s): %s", ready.Status, ready.Reason, ready.Message)
			}
			return ""
		})
		var invs []ghInvitation
		f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, base+"/invitations", ""), &invs))
		if len(invs) != 1 || invs[0].Permissions != "triage" {
			t.Fatalf("invitations %+v, want other-user's, offering triage", invs)
		}
		f.ghMust(http.StatusNoContent, "other-token", http.MethodPatch, fmt.Sprintf("/user/repository_invitations/%d", invs[0].ID), "")
		waitReady(f.fixture, o)
		want = "users [member-user:maintain other-user:triage] invited [] teams [core:push]"
		f.eventually("the invitation accepted", func() string { return f.has(want) })

		f.must(kube.Delete(f.ctx, get(f.fixture, o)))
		f.eventually("the CollaboratorSet gone", func() string {
			if err := kube.Get(f.ctx, s.key(f.fixture, "access"), fresh(o)); !kerrors.IsNotFound(err) {
				return "CollaboratorSet still there"
			}
			return ""
		})
		if msg := f.has(want); msg != "" {
			t.Errorf("deleting the CollaboratorSet changed the access, which it leaves as it is: %s", msg)
		}
	})
}

// A CollaboratorSet beside a Collaborator of its repository changes
// nothing and names it; a second CollaboratorSet of the repository is
// refused, naming the first.
func TestCollaboratorSetRefusesToShare(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newCollabSetFixture(t, s, "share")
		c := twins.Collaborator.In(s.of)
		*c.Parameters() = common.CollaboratorParameters{RepositoryTarget: common.RepositoryTarget{Repository: ptr.To(f.repo)}, Username: "ops-user", Permission: ptr.To("push")}
		f.must(kube.Create(f.ctx, place(f.fixture, s, c, "ops", "github")))
		waitReady(f.fixture, c)
		collabName := c.GetName()
		if ns := c.GetNamespace(); ns != "" {
			collabName = ns + "/" + collabName
		}

		o := f.set(s, "access", []common.CollaboratorSetUser{setUser("member-user", "push")})
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f.fixture, o, "repository "+f.full()+" has access managed by Collaborator "+collabName, "deletionPolicy Orphan keeps their access")
		if msg := f.has("users [ops-user:write] invited [] teams []"); msg != "" {
			t.Errorf("the refused set changed the access: %s", msg)
		}

		f.must(kube.Delete(f.ctx, get(f.fixture, c)))
		waitReady(f.fixture, o)
		f.eventually("the set's access once the Collaborator is gone", func() string { return f.has("users [member-user:write] invited [] teams []") })

		second := f.set(s, "second", []common.CollaboratorSetUser{setUser("ops-user", "pull")})
		f.must(kube.Create(f.ctx, second))
		setName := o.GetName()
		if ns := o.GetNamespace(); ns != "" {
			setName = ns + "/" + setName
		}
		waitSyncError(f.fixture, second, "is already declared by CollaboratorSet "+setName+", which is older")
		if msg := f.has("users [member-user:write] invited [] teams []"); msg != "" {
			t.Errorf("the second CollaboratorSet changed the access: %s", msg)
		}
	})
}

// Steady state costs nothing: once Ready, a CollaboratorSet's polls of
// the collaborators, invitations and teams are answered 304, which GitHub
// does not charge.
func TestCollaboratorSetIdleIsFree(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newCollabSetFixture(t, s, "idle")
		o := f.set(s, "access", []common.CollaboratorSetUser{setUser("member-user", "push")}, setTeam("core", "pull"))
		f.must(kube.Create(f.ctx, o))
		waitReady(f.fixture, o)
		f.eventually("the listed access", func() string { return f.has("users [member-user:write] invited [] teams [core:pull]") })
		lists := []string{"GET /repos/{owner}/{repo}/collaborators", "GET /repos/{owner}/{repo}/invitations", "GET /repos/{owner}/{repo}/teams"}
		before := f.emu.Stats()
		f.eventually("three polls of each list answered 304", func() string {
			for _, l := range lists {
				if n := f.emu.Stats().Endpoints[l][http.StatusNotModified] - before.Endpoints[l][http.StatusNotModified]; n < 3 {
					return fmt.Sprintf("%s: %d so far", l, n)
				}
			}
			return ""
		})
		after := f.emu.Stats()
		if used := after.RateLimitPoints["demo-user"] - before.RateLimitPoints["demo-user"]; used != 0 {
			t.Errorf("an idle CollaboratorSet used %d rate-limit points, want 0; requests since Ready: %v", used, after.Endpoints)
		}
	})
}

// A team the organization does not have is an error that says so, and
// nothing is removed.
func TestCollaboratorSetUnknownTeam(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newCollabSetFixture(t, s, "noteam")
		f.ghMust(http.StatusNoContent, goodToken, http.MethodPut, "/repos/"+f.full()+"/collaborators/ops-user", `{"permission":"push"}`)
		o := f.set(s, "access", nil, setTeam("nowhere", "push"))
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f.fixture, o, "cannot give team nowhere permission push on "+f.full()+": organization "+owner+" has no team nowhere the credentials can see")
		if msg := f.has("users [ops-user:write] invited [] teams []"); msg != "" {
			t.Errorf("a set whose write failed removed access: %s", msg)
		}
	})
}

// Bad manifests are refused at admission, saying what is allowed.
func TestCollaboratorSetAdmission(t *testing.T) {
	many := make([]common.CollaboratorSetUser, 301)
	for i := range many {
		many[i] = common.CollaboratorSetUser{Username: fmt.Sprintf("user-%d", i)}
	}
	cases := map[string]struct {
		users []common.CollaboratorSetUser
		teams []common.CollaboratorSetTeam
		want  string
	}{
		"BadUsername":       {users: []common.CollaboratorSetUser{{Username: "-bad"}}, want: "spec.forProvider.users[0].username"},
		"AnswerWord":        {users: []common.CollaboratorSetUser{setUser("a", "write")}, want: "permission takes GitHub's request words: pull (not read), push (not write)"},
		"UpperCaseBuiltIn":  {users: []common.CollaboratorSetUser{setUser("a", "Admin")}, want: "write the built-in permissions in lower case"},
		"SameUserInCase":    {users: []common.CollaboratorSetUser{{Username: "Octocat"}, {Username: "octocat"}}, want: "users must have different usernames, compared without regard to case"},
		"SameUser":          {users: []common.CollaboratorSetUser{{Username: "octocat"}, setUser("octocat", "pull")}, want: "spec.forProvider.users[1]"},
		"TooManyUsers":      {users: many, want: "spec.forProvider.users: Too many"},
		"SameTeam":          {teams: []common.CollaboratorSetTeam{{Slug: "core"}, setTeam("core", "pull")}, want: "spec.forProvider.teams[1]"},
		"TeamSlugUpperCase": {teams: []common.CollaboratorSetTeam{{Slug: "Core"}}, want: "spec.forProvider.teams[0].slug"},
		"TeamAnswerWord":    {teams: []common.CollaboratorSetTeam{setTeam("core", "read")}, want: "permission takes GitHub's request words"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := &collabSetFixture{fixture: newFixture(t), repo: "collabset-admission"}
				err := kube.Create(f.ctx, f.set(s, "refused", tc.users, tc.teams...))
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("want the API server to refuse, saying %q; got %v", tc.want, err)
				}
			})
		})
	}
}

// The CollaboratorSet examples of both scopes become Ready, with the
// Repository they hold and the Team examples whose teams they list, as
// make demo and make e2e apply them (which accept other-user's invitations
// as other-user): the repository then has exactly the listed access.
func TestCollaboratorSetExamples(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		seed := emulator.DefaultSeed()
		seed.Users = append(seed.Users, emulator.SeedUser{Login: "member-user", Tokens: []string{"member-token"}})
		seed.Orgs[0].Members = append(seed.Orgs[0].Members, emulator.SeedMember{Login: "member-user", Role: emulator.RoleMember})
		// The team the examples list, as make demo's seed has it.
		seed.Teams = append(seed.Teams, emulator.SeedTeam{Org: owner, Name: "Security", Privacy: "closed"})
		f := newFixtureWith(t, emulator.Options{Seed: seed})
		mgs := examplesOf(t, s, "collaboratorset")
		var sets []twins.CollaboratorSetObject
		slugs := map[string]bool{}
		for _, mg := range mgs {
			if o, ok := mg.(twins.CollaboratorSetObject); ok {
				sets = append(sets, o)
				for _, team := range o.Parameters().Teams {
					slugs[team.Slug] = true
				}
			}
		}
		if len(sets) == 0 {
			t.Fatal("no CollaboratorSet example")
		}
		for _, team := range examplesOf(t, s, "team") {
			if slugs[team.GetName()] {
				mgs = append(mgs, team)
			}
		}
		for _, mg := range mgs {
			placeExample(f, s, mg)
			f.must(kube.Create(f.ctx, mg))
		}
		f.eventually("other-user's invitations accepted", func() string {
			var invs []struct {
				ID int64 `json:"id"`
			}
			f.must(json.Unmarshal(f.ghMust(http.StatusOK, "other-token", http.MethodGet, "/user/repository_invitations", ""), &invs))
			for _, inv := range invs {
				f.ghMust(http.StatusNoContent, "other-token", http.MethodPatch, fmt.Sprintf("/user/repository_invitations/%d", inv.ID), "")
			}
			for _, o := range sets {
				if r := get(f, o).GetCondition(xpv2.TypeReady); r.Status != corev1.ConditionTrue {
					return fmt.Sprintf("%s: Ready=%s (%s) %s", o.GetName(), r.Status, r.Reason, r.Message)
				}
			}
			return ""
		})
		for _, mg := range mgs {
			waitReady(f, mg)
		}
		for _, o := range sets {
			full := ptr.Deref(get(f, o).Observation().Repository, "")
			var direct []struct {
				Login string `json:"login"`
			}
			f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, "/repos/"+full+"/collaborators?affiliation=direct", ""), &direct))
			var teams []struct {
				Slug string `json:"slug"`
			}
			f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, "/repos/"+full+"/teams", ""), &teams))
			if len(direct) != len(o.Parameters().Users) || len(teams) != len(o.Parameters().Teams) {
				t.Errorf("%s: %s has collaborators %+v and teams %+v, want the %d users and %d teams listed", o.GetName(), full, direct, teams, len(o.Parameters().Users), len(o.Parameters().Teams))
			}
		}
	})
}
