package organizationactionsvariable

import (
	"context"
	"testing"

	gogithub "github.com/google/go-github/v37/github"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	av "github.com/crossplane-github/provider-github/internal/clients/actionsvariable"
	"github.com/crossplane-github/provider-github/internal/clients/convergetest"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/sharing"
)

// FuzzOrganizationVariableConverges creates the variable a spec declares,
// shared as it says, through our client on the emulator, and requires
// that it reads back with no drift of its value or its sharing (the list
// of repositories read only when both sides say selected); then changes
// the value and sharing with the update request and requires that to
// converge too. A spec the CRD refuses (repositories without selected, an
// unknown visibility) ends the input; GitHub refusing one the CRD admits
// must be a worded 422.
func FuzzOrganizationVariableConverges(f *testing.F) {
	f.Add("REGION", "eu-west-1", "selected", true, "all", false, "us-east-1")
	f.Add("region", "x\n", "all", false, "selected", true, "x")
	f.Add("_", "v", "private", false, "selected", false, "w")      // selected with no repositories
	f.Add("X", "v", "all", true, "private", false, "v")            // repositories without selected: refused by the CRD
	f.Add("X", "v", "public", false, "all", false, "v")            // an unknown visibility: refused by the CRD
	f.Add("GITHUB_X", "v", "all", false, "all", false, "v")        // reserved: refused by the CRD
	f.Add("Ünïcode", "v", "selected", true, "selected", true, "☃") // refused by the CRD
	schema := convergetest.Schema(f, "org.github.m.crossplane.io_organizationactionsvariables.yaml")
	f.Fuzz(func(t *testing.T, name, value, visibility string, selectRepo bool, nextVisibility string, nextSelect bool, nextValue string) {
		spec := declared(name, value, visibility, selectRepo)
		p := convergetest.Admit(t, schema, spec)
		if p == nil {
			return
		}
		ctx := context.Background()
		gh, _ := convergetest.Start(t)
		api := github.NewOrganizationActionsVariablesClient(gh)
		repos := github.NewSelectedRepositoriesClient(gh)
		want := resolve(ctx, t, gh, p)
		r := av.RequestOf(p.Name, p.Value, true)
		r.Sharing = sharing.Request(want)
		err := api.CreateOrgVariable(ctx, convergetest.Owner, r)
		if convergetest.RefusedAsExpected(t, "CreateOrgVariable(...)", err, false) {
			return
		}
		converge(ctx, t, api, repos, p, want)

		next := declared(p.Name, nextValue, nextVisibility, nextSelect)
		if p = convergetest.Admit(t, schema, next); p == nil {
			return
		}
		want = resolve(ctx, t, gh, p)
		r = av.RequestOf(p.Name, p.Value, false)
		r.Sharing = sharing.Request(want)
		err = api.UpdateOrgVariable(ctx, convergetest.Owner, p.Name, r)
		if convergetest.RefusedAsExpected(t, "UpdateOrgVariable(...)", err, false) {
			return
		}
		converge(ctx, t, api, repos, p, want)
	})
}

// declared is the spec of the variable name of value shared as visibility
// says, with the fuzz repository by name when selectRepo.
func declared(name, value, visibility string, selectRepo bool) *common.OrganizationActionsVariableParameters {
	p := &common.OrganizationActionsVariableParameters{OrganizationTarget: common.OrganizationTarget{Organization: ptr.To(convergetest.Owner)},
		Name: name, Value: value, RepositorySharing: common.RepositorySharing{Visibility: visibility}}
	if selectRepo {
		p.SelectedRepositories = []string{convergetest.Repo}
	}
	return p
}

// resolve is p's sharing with its repositories' ids, as the controller
// resolves them.
func resolve(ctx context.Context, t *testing.T, gh *gogithub.Client, p *common.OrganizationActionsVariableParameters) sharing.Want {
	t.Helper()
	w := sharing.Want{Visibility: p.Visibility}
	if p.Visibility != github.VisibilitySelected {
		return w
	}
	for _, name := range p.SelectedRepositories {
		r, err := github.NewReposClient(gh).Get(ctx, convergetest.Owner, name)
		if err != nil {
			t.Fatalf("Get(%s): %v", name, err)
		}
		w.IDs = append(w.IDs, r.ID)
	}
	return w
}

// converge requires GitHub's variable to hold p's value and sharing, and
// its observation to show them.
func converge(ctx context.Context, t *testing.T, api *github.OrganizationActionsVariablesClient, repos *github.SelectedRepositoriesClient, p *common.OrganizationActionsVariableParameters, want sharing.Want) {
	t.Helper()
	got, err := api.GetOrgVariable(ctx, convergetest.Owner, p.Name)
	if err != nil {
		t.Fatalf("GetOrgVariable(%q) after a write GitHub accepted: %v", p.Name, err)
	}
	g := sharing.Got{Visibility: got.Visibility}
	if sharing.NeedsList(want, got.Visibility) {
		listed, err := repos.ListSelectedRepositories(ctx, convergetest.Owner, github.Shared{Variable: true}, got.Name)
		if err != nil {
			t.Fatalf("ListSelectedRepositories(%q): %v", got.Name, err)
		}
		g.IDs, g.Read = sharing.IDs(listed), true
	}
	if d := append(av.ValueDrift(p.Value, got), sharing.Drift(want, g)...); d != nil {
		t.Fatalf("drift after the write: %v (GitHub: %+v, %+v; declared %+v)", d, got, g, want)
	}
	o := Observation(got, sharing.Observation(convergetest.Owner, g))
	if ptr.Deref(o.Value, "") != p.Value || ptr.Deref(o.Visibility, "") != p.Visibility {
		t.Fatalf("Observation(...) = value %q, visibility %q: want the spec's %q, %q", ptr.Deref(o.Value, ""), ptr.Deref(o.Visibility, ""), p.Value, p.Visibility)
	}
}
