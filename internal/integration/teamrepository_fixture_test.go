package integration

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

// teamRepoObject is a TeamRepository of either scope.
type teamRepoObject = twins.TeamRepositoryObject

var teamRepositories = twins.TeamRepository

// refTeam is a Team of either scope, as a TeamRepository refers to it.
type refTeam = twins.TeamObject

var refTeams = twins.Team

// seedTeamsAndRepos adds organization teams (by name) and repositories to
// the fixture's emulator.
func (f *fixture) seedTeamsAndRepos(teamNames []string, repos ...string) {
	f.t.Helper()
	s := &emulator.Seed{}
	for _, n := range teamNames {
		s.Teams = append(s.Teams, emulator.SeedTeam{Org: owner, Name: n, Privacy: emulator.PrivacyClosed})
	}
	for _, r := range repos {
		s.Repos = append(s.Repos, emulator.SeedRepo{Owner: owner, Name: r})
	}
	f.must(f.emu.State().Apply(s))
}

// createTeamRepository creates a TeamRepository called name in scope s
// with the parameters p.
func (f *fixture) createTeamRepository(s scope, name string, p common.TeamRepositoryParameters) teamRepoObject {
	f.t.Helper()
	tr := teamRepositories.In(s.of)
	*tr.Parameters() = p
	return create(f, s, tr, name)
}

// observedTeam creates a Team resource called name in scope s for the
// GitHub team slug, observe-only, and writes the status its controller
// would: the team's id, slug and organization as GitHub has them. Its
// reconciliation is paused, so the status is the test's alone to write.
func (f *fixture) observedTeam(s scope, name, slug string) refTeam {
	f.t.Helper()
	tm := refTeams.In(s.of)
	tm.Parameters().Name = slug
	meta.SetExternalName(tm, slug)
	meta.AddAnnotations(tm, map[string]string{meta.AnnotationKeyReconciliationPaused: "true"})
	tm.SetManagementPolicies(xpv2.ManagementPolicies{xpv2.ManagementActionObserve})
	create(f, s, tm, name)
	f.setTeamStatus(tm, f.ghTeamID(slug), owner, slug)
	return tm
}

// setTeamStatus writes a Team resource's status as its controller would.
func (f *fixture) setTeamStatus(tm refTeam, id int64, org, slug string) {
	f.t.Helper()
	f.eventually("status of Team "+tm.GetName(), func() string {
		got := get(f, tm)
		*got.Observation() = orgcommon.TeamObservation{ID: ptr.To(id), Organization: ptr.To(org), Slug: ptr.To(slug)}
		if err := kube.Status().Update(f.ctx, got); err != nil {
			return err.Error()
		}
		return ""
	})
}

// ghAsOwner sends a request to the emulator as the organization's owner would and
// returns the status and body of the answer.
func (f *fixture) ghAsOwner(method, path, body string, header ...string) (int, []byte) {
	f.t.Helper()
	req, err := http.NewRequestWithContext(f.ctx, method, f.srv.URL+path, strings.NewReader(body))
	f.must(err)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := emulatortest.Client(f.srv, goodToken).Do(req)
	f.must(err)
	defer func() { _ = resp.Body.Close() }()
	b, err := io.ReadAll(resp.Body)
	f.must(err)
	return resp.StatusCode, b
}

// ghTeamID is GitHub's id of the organization's team slug.
func (f *fixture) ghTeamID(slug string) int64 {
	f.t.Helper()
	status, body := f.ghAsOwner(http.MethodGet, "/orgs/"+owner+"/teams/"+slug, "")
	var t struct {
		ID int64 `json:"id"`
	}
	if status != http.StatusOK || json.Unmarshal(body, &t) != nil || t.ID == 0 {
		f.t.Fatalf("team %s/%s: %d %s", owner, slug, status, body)
	}
	return t.ID
}

// ghTeamRole is the team's role on the organization's repository as GitHub
// names it, "" when the team has none.
func (f *fixture) ghTeamRole(slug, repo string) string {
	f.t.Helper()
	status, body := f.ghAsOwner(http.MethodGet, "/orgs/"+owner+"/teams/"+slug+"/repos/"+owner+"/"+repo, "",
		"Accept", "application/vnd.github.v3.repository+json")
	if status == http.StatusNotFound {
		return ""
	}
	var r struct {
		RoleName string `json:"role_name"`
	}
	if status != http.StatusOK || json.Unmarshal(body, &r) != nil {
		f.t.Fatalf("team %s on %s: %d %s", slug, repo, status, body)
	}
	return r.RoleName
}

// ghGrant sets the team's permission on the repository on GitHub, as a
// person would; an empty permission removes it.
func (f *fixture) ghGrant(slug, repo, permission string) {
	f.t.Helper()
	path := "/orgs/" + owner + "/teams/" + slug + "/repos/" + owner + "/" + repo
	method, body := http.MethodPut, fmt.Sprintf(`{"permission":%q}`, permission)
	if permission == "" {
		method, body = http.MethodDelete, ""
	}
	if status, b := f.ghAsOwner(method, path, body); status != http.StatusNoContent {
		f.t.Fatalf("%s %s: %d %s", method, path, status, b)
	}
}

// waitTeamRole waits until the team's role on the repository is role ("" for none).
func (f *fixture) waitTeamRole(slug, repo, role string) {
	f.t.Helper()
	f.eventually(fmt.Sprintf("team %s's role on %s is %q", slug, repo, role), func() string {
		if got := f.ghTeamRole(slug, repo); got != role {
			return fmt.Sprintf("role is %q", got)
		}
		return ""
	})
}

// grantWrites counts the emulator's answered writes of teams' permissions
// on repositories (PUT or DELETE /orgs/{org}/teams/{team}/repos/...),
// whoever sent them. The emulator logs a request before its answer reaches
// the provider, so unlike an event the count is current once the provider
// has acted on the answer.
func (f *fixture) grantWrites() int {
	n := 0
	for _, r := range f.emu.Requests() {
		if r.Method != http.MethodGet && strings.Contains(r.Path, "/orgs/"+owner+"/teams/") && strings.Contains(r.Path, "/repos/") {
			n++
		}
	}
	return n
}

// updates counts the events that say the provider changed the resource's
// permission on GitHub (an event repeated is one Event with a count). Events
// are recorded asynchronously: one of an update a moment ago may not be
// there yet, so a test that wants no update counts grantWrites too.
func (f *fixture) updates(mg resource.Managed) int {
	n := 0
	for _, e := range f.events(mg) {
		if e.Reason == "UpdatedExternalResource" {
			n += int(max(e.Count, 1))
		}
	}
	return n
}
