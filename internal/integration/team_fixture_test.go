package integration

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

// teamObject is a Team of either scope.
type teamObject = twins.TeamObject

var teamKinds = twins.Team

// newTeam is a Team of scope s with the parameters p, placed as the scope
// keeps name and using the provider config pc, not yet created.
func (f *fixture) newTeam(s scope, name, pc string, p orgcommon.TeamParameters) teamObject {
	f.t.Helper()
	t := teamKinds.In(s.of)
	*t.Parameters() = p
	return place(f, s, t, name, pc)
}

// createTeam creates a Team called name that uses the "github" provider
// config, after applying mods to it.
func (f *fixture) createTeam(s scope, name string, p orgcommon.TeamParameters, mods ...func(teamObject)) teamObject {
	f.t.Helper()
	t := f.newTeam(s, name, "github", p)
	for _, m := range mods {
		m(t)
	}
	f.must(kube.Create(f.ctx, t))
	return t
}

// team names the Team called name, for the generic helpers.
func (f *fixture) team(s scope, name string) teamObject {
	return named(f, s, teamKinds.In(s.of), name)
}

// ghTeam is a team as GitHub's API answers it, as far as the tests read it.
type ghTeam struct {
	ID                  int64   `json:"id"`
	Name                string  `json:"name"`
	Slug                string  `json:"slug"`
	Description         *string `json:"description"`
	Privacy             string  `json:"privacy"`
	NotificationSetting string  `json:"notification_setting"`
	Parent              *struct {
		ID int64 `json:"id"`
	} `json:"parent"`
}

// github sends a request to the emulator's API as the organization's owner
// (a person, or another tool, acting on GitHub) and returns the status and
// the body.
func (f *fixture) github(method, path, body string) (int, []byte) {
	f.t.Helper()
	req, err := http.NewRequestWithContext(f.ctx, method, f.srv.URL+path, strings.NewReader(body))
	f.must(err)
	req.Header.Set("Content-Type", "application/json")
	resp, err := emulatortest.Client(f.srv, goodToken).Do(req)
	f.must(err)
	defer func() { _ = resp.Body.Close() }()
	raw, err := io.ReadAll(resp.Body)
	f.must(err)
	return resp.StatusCode, raw
}

// ghTeams lists the organization's teams on GitHub.
func (f *fixture) ghTeams() []ghTeam {
	f.t.Helper()
	status, raw := f.github(http.MethodGet, "/orgs/"+owner+"/teams?per_page=100", "")
	if status != http.StatusOK {
		f.t.Fatalf("listing the teams of %s: status %d %s", owner, status, raw)
	}
	var teams []ghTeam
	f.must(json.Unmarshal(raw, &teams))
	return teams
}

// ghTeamByID finds a team on GitHub by id.
func (f *fixture) ghTeamByID(id int64) (ghTeam, bool) {
	f.t.Helper()
	for _, t := range f.ghTeams() {
		if t.ID == id {
			return t, true
		}
	}
	return ghTeam{}, false
}

// ghTeamBySlug reads a team on GitHub by slug.
func (f *fixture) ghTeamBySlug(slug string) (ghTeam, bool) {
	f.t.Helper()
	status, raw := f.github(http.MethodGet, "/orgs/"+owner+"/teams/"+slug, "")
	if status == http.StatusNotFound {
		return ghTeam{}, false
	}
	if status != http.StatusOK {
		f.t.Fatalf("reading team %s/%s: status %d %s", owner, slug, status, raw)
	}
	var t ghTeam
	f.must(json.Unmarshal(raw, &t))
	return t, true
}

// mustTeam reads a team on GitHub by slug, failing the test when it is not there.
func (f *fixture) mustTeam(slug string) ghTeam {
	f.t.Helper()
	t, ok := f.ghTeamBySlug(slug)
	if !ok {
		f.t.Fatalf("team %s/%s does not exist on GitHub", owner, slug)
	}
	return t
}

// editTeamOnGitHub changes a team as a person would, on GitHub.
func (f *fixture) editTeamOnGitHub(slug, body string) {
	f.t.Helper()
	if status, raw := f.github(http.MethodPatch, "/orgs/"+owner+"/teams/"+slug, body); status != http.StatusOK {
		f.t.Fatalf("changing team %s/%s on GitHub: status %d %s", owner, slug, status, raw)
	}
}

// createTeamOnGitHub creates a team as a person would, on GitHub, now.
func (f *fixture) createTeamOnGitHub(body string) ghTeam {
	f.t.Helper()
	status, raw := f.github(http.MethodPost, "/orgs/"+owner+"/teams", body)
	if status != http.StatusCreated {
		f.t.Fatalf("creating a team on GitHub: status %d %s", status, raw)
	}
	var t ghTeam
	f.must(json.Unmarshal(raw, &t))
	return t
}
