package emulator_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/google/go-github/v37/github"

	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

func ghClient(t *testing.T, srv *httptest.Server, token string, ghes bool) *github.Client {
	t.Helper()
	hc := emulatortest.Client(srv, token)
	if ghes {
		c, err := github.NewEnterpriseClient(srv.URL+"/api/v3/", srv.URL+"/api/uploads/", hc)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	c := github.NewClient(hc)
	u, err := c.BaseURL.Parse(srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	c.BaseURL = u
	return c
}

// TestGoGitHubClient drives the emulator with the go-github client the
// provider uses, in both the api.github.com and the GHES URL shapes.
func TestGoGitHubClient(t *testing.T) {
	for _, ghes := range []bool{false, true} {
		name := map[bool]string{false: "api.github.com", true: "ghes"}[ghes]
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			srv, emu := newServer(t, emulator.Options{})
			c := ghClient(t, srv, "demo-token", ghes)

			created, resp, err := c.Repositories.Create(ctx, "demo-org", &github.Repository{
				Name: github.String("svc"), Description: github.String("a service"), Private: github.Bool(true),
				AutoInit: github.Bool(true), AllowRebaseMerge: github.Bool(false),
			})
			if err != nil || resp.StatusCode != http.StatusCreated {
				t.Fatalf("Create = %v, %v", resp, err)
			}
			if created.GetFullName() != "demo-org/svc" || !created.GetPrivate() || created.GetAllowRebaseMerge() || created.GetDefaultBranch() != "main" {
				t.Errorf("created = %s private=%v rebase=%v branch=%s", created.GetFullName(), created.GetPrivate(), created.GetAllowRebaseMerge(), created.GetDefaultBranch())
			}
			if resp.Rate.Limit != 5000 || resp.Rate.Remaining != 4999 {
				t.Errorf("rate = %+v, want 5000/4999", resp.Rate)
			}

			if _, _, err := c.Repositories.Create(ctx, "demo-org", &github.Repository{Name: github.String("SVC")}); err == nil {
				t.Error("duplicate Create succeeded")
			} else {
				var er *github.ErrorResponse
				if !errors.As(err, &er) || er.Response.StatusCode != http.StatusUnprocessableEntity || len(er.Errors) != 1 || er.Errors[0].Message != "name already exists on this account" {
					t.Errorf("duplicate Create error = %v", err)
				}
			}

			edited, _, err := c.Repositories.Edit(ctx, "demo-org", "svc", &github.Repository{
				Name: github.String("svc-renamed"), HasWiki: github.Bool(false), DeleteBranchOnMerge: github.Bool(true),
			})
			if err != nil {
				t.Fatalf("Edit: %v", err)
			}
			if edited.GetName() != "svc-renamed" || edited.GetHasWiki() || !edited.GetDeleteBranchOnMerge() {
				t.Errorf("edited = %s wiki=%v delete=%v", edited.GetName(), edited.GetHasWiki(), edited.GetDeleteBranchOnMerge())
			}

			// Go's client follows the 301 from the old name.
			byOld, _, err := c.Repositories.Get(ctx, "demo-org", "svc")
			if err != nil || byOld.GetName() != "svc-renamed" {
				t.Errorf("Get by old name = %v, %v", byOld.GetName(), err)
			}
			// ... and the 307 for PATCH, re-sending the body.
			viaOld, resp, err := c.Repositories.Edit(ctx, "demo-org", "svc", &github.Repository{Description: github.String("via old name")})
			if err != nil || viaOld.GetDescription() != "via old name" || resp.Request.URL.Path == "/repos/demo-org/svc" {
				t.Errorf("Edit by old name = %q, %v", viaOld.GetDescription(), err)
			}
			byID, _, err := c.Repositories.GetByID(ctx, created.GetID())
			if err != nil || byID.GetFullName() != "demo-org/svc-renamed" {
				t.Errorf("GetByID = %v, %v", byID.GetFullName(), err)
			}

			topics, _, err := c.Repositories.ReplaceAllTopics(ctx, "demo-org", "svc-renamed", []string{"Infra", "go"})
			if err != nil || len(topics) != 2 || topics[0] != "infra" {
				t.Errorf("ReplaceAllTopics = %v, %v", topics, err)
			}
			if got, _, err := c.Repositories.ListAllTopics(ctx, "demo-org", "svc-renamed"); err != nil || len(got) != 2 {
				t.Errorf("ListAllTopics = %v, %v", got, err)
			}

			for _, step := range []struct {
				name string
				do   func() error
				want bool
			}{
				{"initially disabled", nil, false},
				{"enable", func() error {
					_, err := c.Repositories.EnableVulnerabilityAlerts(ctx, "demo-org", "svc-renamed")
					return err
				}, true},
				{"disable", func() error {
					_, err := c.Repositories.DisableVulnerabilityAlerts(ctx, "demo-org", "svc-renamed")
					return err
				}, false},
			} {
				if step.do != nil {
					if err := step.do(); err != nil {
						t.Fatalf("%s: %v", step.name, err)
					}
				}
				got, _, err := c.Repositories.GetVulnerabilityAlerts(ctx, "demo-org", "svc-renamed")
				if err != nil || got != step.want {
					t.Errorf("%s: GetVulnerabilityAlerts = %v, %v; want %v", step.name, got, err, step.want)
				}
			}

			for _, n := range []string{"a", "b", "c"} {
				if _, _, err := c.Repositories.Create(ctx, "demo-org", &github.Repository{Name: github.String(n)}); err != nil {
					t.Fatalf("Create %s: %v", n, err)
				}
			}
			var names []string
			opts := &github.RepositoryListByOrgOptions{Sort: "full_name", ListOptions: github.ListOptions{PerPage: 2}}
			pages := 0
			for {
				rs, resp, err := c.Repositories.ListByOrg(ctx, "demo-org", opts)
				if err != nil {
					t.Fatalf("ListByOrg: %v", err)
				}
				pages++
				for _, r := range rs {
					names = append(names, r.GetName())
				}
				if resp.NextPage == 0 {
					break
				}
				opts.Page = resp.NextPage
			}
			if pages != 2 || len(names) != 4 || names[0] != "a" || names[3] != "svc-renamed" {
				t.Errorf("ListByOrg pages=%d names=%v", pages, names)
			}
			mine, _, err := c.Repositories.List(ctx, "", &github.RepositoryListOptions{Affiliation: "organization_member", ListOptions: github.ListOptions{PerPage: 100}})
			if err != nil || len(mine) != 4 {
				t.Errorf("List = %d repos, %v", len(mine), err)
			}

			if _, err := c.Repositories.Delete(ctx, "demo-org", "svc-renamed"); err != nil {
				t.Fatalf("Delete: %v", err)
			}
			_, resp, err = c.Repositories.Get(ctx, "demo-org", "svc-renamed")
			if err == nil || resp.StatusCode != http.StatusNotFound {
				t.Errorf("Get after delete = %v, %v", resp, err)
			}
			if _, ok := emu.State().RepoByName("demo-org", "svc-renamed"); ok {
				t.Error("state still holds the deleted repository")
			}
		})
	}
}

// TestGoGitHubRateLimitError checks that go-github recognises primary rate
// limit exhaustion as *github.RateLimitError.
func TestGoGitHubRateLimitError(t *testing.T) {
	srv, emu := newServer(t, emulator.Options{})
	if err := emu.SetFaults(emulator.Faults{RateLimits: map[string]int{"demo-token": 1}}); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, _, err := ghClient(t, srv, "demo-token", false).Users.Get(ctx, ""); err != nil {
		t.Fatalf("first call: %v", err)
	}
	// A fresh client, so that go-github's own bookkeeping does not answer.
	_, _, err := ghClient(t, srv, "demo-token", false).Users.Get(ctx, "")
	var rl *github.RateLimitError
	if !errors.As(err, &rl) || rl.Rate.Remaining != 0 || rl.Rate.Limit != 1 {
		t.Errorf("second call error = %#v, want *github.RateLimitError with limit 1", err)
	}
}
