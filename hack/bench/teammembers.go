package main

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
)

// The team-membership scenario (issue 31): 3,000 TeamMemberships over 100
// teams on one token, where users of other providers run out of rate
// limit. The emulator is seeded with an organisation of its own whose
// members are 300 users and whose 100 teams exist already; team t gets
// 30 of the users, so every user is in 10 teams.

const (
	// peopleOrg is the team-membership scenario's organisation; the
	// provider configuration's user (demo-user) owns it.
	peopleOrg = "bench-people"
	// peopleUsers is how many users the organisation has.
	peopleUsers = 300
)

// kindPeopleMembership is a TeamMembership of the scenario: %[1]s is its
// team's slug, %[2]s its user.
var kindPeopleMembership = benchKind{kind: "TeamMembership", group: orgGroup, manifest: `apiVersion: org.github.m.crossplane.io/v1alpha1
kind: TeamMembership
metadata: {name: "%[1]s.%[2]s"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    organization: ` + peopleOrg + `
    teamSlug: "%[1]s"
    user: "%[2]s"
    role: member
`}

// peopleTeam and peopleUser name the scenario's teams and users.
func peopleTeam(t int) string { return fmt.Sprintf("bench-team-%03d", t) }
func peopleUser(u int) string { return fmt.Sprintf("bench-user-%03d", u) }

// teamMembers are the users of team t: 30 in a row, from its own start.
func teamMembers(t, perTeam int) []string {
	users := make([]string, perTeam)
	for j := range users {
		users[j] = peopleUser((t*perTeam + j) % peopleUsers)
	}
	return users
}

// seedPeople adds the scenario's organisation, its users and its teams to
// the emulator.
func (e emulator) seedPeople(teams int) error {
	type member struct {
		Login string `json:"login"`
		Role  string `json:"role"`
	}
	type org struct {
		Login   string   `json:"login"`
		Members []member `json:"members"`
	}
	type team struct {
		Org  string `json:"org"`
		Name string `json:"name"`
	}
	type user struct {
		Login string `json:"login"`
	}
	seed := struct {
		Users []user `json:"users"`
		Orgs  []org  `json:"orgs"`
		Teams []team `json:"teams"`
	}{Orgs: []org{{Login: peopleOrg, Members: []member{{Login: "demo-user", Role: "admin"}}}}}
	for u := range peopleUsers {
		seed.Users = append(seed.Users, user{Login: peopleUser(u)})
		seed.Orgs[0].Members = append(seed.Orgs[0].Members, member{Login: peopleUser(u), Role: "member"})
	}
	for t := range teams {
		seed.Teams = append(seed.Teams, team{Org: peopleOrg, Name: peopleTeam(t)})
	}
	b, err := json.Marshal(seed)
	if err != nil {
		return err
	}
	return e.post("/_emulator/seed", string(b))
}

// createTeamMemberships applies perTeam TeamMemberships to each of teams
// teams, 16 at a time.
func (k *kube) createTeamMemberships(ctx context.Context, ns string, teams, perTeam int) error {
	work := make(chan string)
	errs := make(chan error, teams*perTeam)
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			for manifest := range work {
				if err := k.apply(ctx, ns, manifest); err != nil {
					errs <- err
				}
			}
		})
	}
	for t := range teams {
		for _, u := range teamMembers(t, perTeam) {
			work <- kindPeopleMembership.render(peopleTeam(t), u)
		}
	}
	close(work)
	wg.Wait()
	close(errs)
	return <-errs
}
