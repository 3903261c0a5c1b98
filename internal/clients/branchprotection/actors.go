package branchprotection

import (
	"fmt"

	"github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// actors are users, teams and apps as sets of names.
type actors struct {
	users, teams, apps names
}

// fromSpec are the actors a spec names, less those GitHub dropped.
func fromSpec(a *v1alpha1.BranchActors, dropped *v1alpha1.ActorsObservation) actors {
	var d v1alpha1.ActorsObservation
	if dropped != nil {
		d = *dropped
	}
	return actors{
		users: namesOf(namesOf(a.Users).minus(namesOf(d.Users))),
		teams: namesOf(namesOf(a.Teams).minus(namesOf(d.Teams))),
		apps:  namesOf(namesOf(a.Apps).minus(namesOf(d.Apps))),
	}
}

// fromGitHub are the actors of GitHub's answer; nil has none.
func fromGitHub(a *github.ProtectionActors) actors {
	out := actors{users: names{}, teams: names{}, apps: names{}}
	if a == nil {
		return out
	}
	for _, u := range a.Users {
		out.users[lower(u.Login)] = u.Login
	}
	for _, t := range a.Teams {
		out.teams[lower(t.Slug)] = t.Slug
	}
	for _, app := range a.Apps {
		out.apps[lower(app.Slug)] = app.Slug
	}
	return out
}

// fromRequest are the actors a request named; nil names none.
func fromRequest(a *github.ActorsRequest) actors {
	if a == nil {
		return actors{users: names{}, teams: names{}, apps: names{}}
	}
	return actors{users: namesOf(a.Users), teams: namesOf(a.Teams), apps: namesOf(a.Apps)}
}

// drift names the lists of field that differ between want and got.
func (a actors) drift(field string, got actors) []string {
	var out []string
	for _, l := range []struct {
		name      string
		want, got names
	}{{"users", a.users, got.users}, {"teams", a.teams, got.teams}, {"apps", a.apps, got.apps}} {
		if !l.want.equal(l.got) {
			out = append(out, fmt.Sprintf("%s.%s: want %s, GitHub has %s", field, l.name, list(l.want.sorted()), list(l.got.sorted())))
		}
	}
	return out
}

// minus is the actors of a that are not in b; nil when there are none.
func (a actors) minus(b actors) *v1alpha1.ActorsObservation {
	out := &v1alpha1.ActorsObservation{Users: a.users.minus(b.users), Teams: a.teams.minus(b.teams), Apps: a.apps.minus(b.apps)}
	if len(out.Users)+len(out.Teams)+len(out.Apps) == 0 {
		return nil
	}
	return out
}
