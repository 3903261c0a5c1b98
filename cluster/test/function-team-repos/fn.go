package main

import (
	"context"
	"fmt"
	"strings"

	xpv1 "github.com/crossplane/crossplane-runtime/v2/apis/common/v1"
	"github.com/crossplane/crossplane-runtime/v2/pkg/logging"
	fnv1 "github.com/crossplane/function-sdk-go/proto/v1"
	"github.com/crossplane/function-sdk-go/request"
	"github.com/crossplane/function-sdk-go/resource"
	"github.com/crossplane/function-sdk-go/resource/composed"
	"github.com/crossplane/function-sdk-go/response"
)

// Roles are the repositories every team gets, named <team>-<role>.
var Roles = []struct{ Role, Description string }{
	{"service", "Service code of team %s"},
	{"docs", "Documentation of team %s"},
	{"infra", "Infrastructure configuration of team %s"},
}

// Labels of the composed resources: which role a Repository plays, so
// that the team's access and the collaborators select it.
const labelRole = "platform.example.org/role"

// Function composes an XTeamRepos into a namespaced Team, one Repository
// per role, the team's access to each and each collaborator's access to
// each.
type Function struct {
	fnv1.UnimplementedFunctionRunnerServiceServer
	log logging.Logger
}

// Collaborator is an outside collaborator of every repository of the team.
type Collaborator struct {
	Username   string `json:"username"`
	Permission string `json:"permission"`
}

// TeamRepos is the part of an XTeamRepos spec the function reads.
type TeamRepos struct {
	Team            string         `json:"team"`
	Visibility      string         `json:"visibility"`
	Topics          []string       `json:"topics"`
	ArchiveOnDelete bool           `json:"archiveOnDelete"`
	TeamPermission  string         `json:"teamPermission"`
	Collaborators   []Collaborator `json:"collaborators"`
	// BranchProtection is how each default branch is protected: "ruleset"
	// (a repository ruleset, the default) or "classic" (branch protection).
	BranchProtection string `json:"branchProtection"`
	// RequiredStatusCheck must pass before a pull request merges.
	RequiredStatusCheck string `json:"requiredStatusCheck"`
	// CIWebhook, when set, is a webhook of every repository of the team.
	CIWebhook *CIWebhook `json:"ciWebhook"`
	// DeployToken, when set, is the DEPLOY_TOKEN Actions secret of every
	// repository of the team.
	DeployToken *DeployToken `json:"deployToken"`
	// Members and Maintainers are the GitHub logins in the team, in the
	// role member or maintainer.
	Members     []string `json:"members"`
	Maintainers []string `json:"maintainers"`
}

// DeployToken is an Actions secret whose value is read from a Secret in
// the XR's namespace.
type DeployToken struct {
	SecretRef struct {
		Name string `json:"name"`
		Key  string `json:"key"`
	} `json:"secretRef"`
}

// CIWebhook is the CI system's webhook, its secret read from a Secret in
// the XR's namespace.
type CIWebhook struct {
	URL       string `json:"url"`
	SecretRef struct {
		Name string `json:"name"`
		Key  string `json:"key"`
	} `json:"secretRef"`
}

// ObservedTeam is what the composed Team reports once the provider has
// created it: its resource name (for references) and its organization and
// slug (for CODEOWNERS). Empty until then.
type ObservedTeam struct {
	Name, Organization, Slug string
}

// RunFunction returns the team's resources, and marks each Ready once the
// provider reports it Ready.
func (f *Function) RunFunction(_ context.Context, req *fnv1.RunFunctionRequest) (*fnv1.RunFunctionResponse, error) {
	rsp := response.To(req, response.DefaultTTL)

	if src, err := inlineTemplate(req); err != nil || src != "" {
		f.runTemplate(req, rsp, src, err)
		return rsp, nil
	}
	xr, err := request.GetObservedCompositeResource(req)
	if err != nil {
		response.Fatal(rsp, fmt.Errorf("cannot get the composite resource: %w", err))
		return rsp, nil
	}
	if k := xr.Resource.GetKind(); k != "XTeamRepos" {
		f.autoReady(req, rsp)
		return rsp, nil
	}
	var spec TeamRepos
	if err := xr.Resource.GetValueInto("spec", &spec); err != nil {
		response.Fatal(rsp, fmt.Errorf("cannot read spec: %w", err))
		return rsp, nil
	}
	if spec.Team == "" {
		response.Fatal(rsp, fmt.Errorf("spec.team is required"))
		return rsp, nil
	}
	observed, err := request.GetObservedComposedResources(req)
	if err != nil {
		response.Fatal(rsp, fmt.Errorf("cannot get observed composed resources: %w", err))
		return rsp, nil
	}
	desired, err := request.GetDesiredComposedResources(req)
	if err != nil {
		response.Fatal(rsp, fmt.Errorf("cannot get desired composed resources: %w", err))
		return rsp, nil
	}
	for name, obj := range compose(spec, observedTeam(observed)) {
		d := &resource.DesiredComposed{Resource: obj, Ready: resource.ReadyUnspecified}
		if observedReady(observed, name) {
			d.Ready = resource.ReadyTrue
		}
		desired[name] = d
	}
	if err := response.SetDesiredComposedResources(rsp, desired); err != nil {
		response.Fatal(rsp, fmt.Errorf("cannot set desired composed resources: %w", err))
		return rsp, nil
	}
	f.log.Debug("Composed team repositories", "xr", xr.Resource.GetName(), "team", spec.Team, "count", len(desired))
	return rsp, nil
}

// runTemplate composes what the inline template src renders (err: the
// input could not be read).
func (f *Function) runTemplate(req *fnv1.RunFunctionRequest, rsp *fnv1.RunFunctionResponse, src string, err error) {
	if err != nil {
		response.Fatal(rsp, err)
		return
	}
	observed, err := request.GetObservedComposedResources(req)
	if err != nil {
		response.Fatal(rsp, fmt.Errorf("cannot get observed composed resources: %w", err))
		return
	}
	rendered, err := renderTemplate(src, req, observed)
	if err != nil {
		response.Fatal(rsp, err)
		return
	}
	desired, err := request.GetDesiredComposedResources(req)
	if err != nil {
		response.Fatal(rsp, fmt.Errorf("cannot get desired composed resources: %w", err))
		return
	}
	for name, d := range rendered {
		desired[name] = d
	}
	if err := response.SetDesiredComposedResources(rsp, desired); err != nil {
		response.Fatal(rsp, fmt.Errorf("cannot set desired composed resources: %w", err))
		return
	}
	f.log.Debug("Composed an inline template", "count", len(rendered))
}

// observedReady tells whether the provider reports the composed resource
// name Ready (what function-auto-ready goes by).
func observedReady(observed map[resource.Name]resource.ObservedComposed, name resource.Name) bool {
	o, ok := observed[name]
	return ok && o.Resource.GetCondition(xpv1.TypeReady).Status == "True"
}

// observedTeam reads the composed Team, if it is observed.
func observedTeam(observed map[resource.Name]resource.ObservedComposed) ObservedTeam {
	o, ok := observed["team"]
	if !ok {
		return ObservedTeam{}
	}
	org, _ := o.Resource.GetString("status.atProvider.organization")
	slug, _ := o.Resource.GetString("status.atProvider.slug")
	return ObservedTeam{Name: o.Resource.GetName(), Organization: org, Slug: slug}
}

// compose returns the team's composed resources by name: the Team, and for
// each role a Repository, a TeamRepository, the protection of its default
// branch, a Collaborator per collaborator, a TEAM Actions variable, the CI
// webhook and the DEPLOY_TOKEN Actions secret when asked for and, once the
// Team is observed, a CODEOWNERS file naming the team and
// (service only) a production Environment the team reviews. The access resources choose the team and their repository by
// selector (the composed resources' names are generated): the one of the
// same composite resource, of the right role. Each member and maintainer
// is a TeamMembership of the team.
func compose(spec TeamRepos, team ObservedTeam) map[resource.Name]*composed.Unstructured {
	out := map[resource.Name]*composed.Unstructured{}
	out["team"] = object("org.github.m.crossplane.io/v1alpha1", "Team", nil, map[string]any{
		"name":        spec.Team,
		"description": fmt.Sprintf("Team %s", spec.Team),
		"privacy":     "closed",
	})
	for _, r := range Roles {
		repo := map[string]any{
			"name":                fmt.Sprintf("%s-%s", spec.Team, r.Role),
			"description":         fmt.Sprintf(r.Description, spec.Team),
			"visibility":          spec.Visibility,
			"topics":              toAny(spec.Topics),
			"hasWiki":             false,
			"allowMergeCommit":    false,
			"allowSquashMerge":    true,
			"deleteBranchOnMerge": true,
			"archiveOnDelete":     spec.ArchiveOnDelete,
			"autoInit":            true,
		}
		if spec.Visibility == "" {
			delete(repo, "visibility")
		}
		out[resource.Name(r.Role)] = object("repo.github.m.crossplane.io/v1alpha1", "Repository", map[string]string{labelRole: r.Role}, repo)
		target := map[string]any{"matchControllerRef": true, "matchLabels": map[string]any{labelRole: r.Role}}
		out[resource.Name(r.Role+"-team")] = object("repo.github.m.crossplane.io/v1alpha1", "TeamRepository", nil, map[string]any{
			"repositorySelector": target,
			"teamSelector":       map[string]any{"matchControllerRef": true},
			"permission":         orDefault(spec.TeamPermission, "push"),
		})
		name, protection := protect(spec, target)
		out[resource.Name(r.Role+"-"+name)] = protection
		for _, c := range spec.Collaborators {
			out[resource.Name(r.Role+"-collaborator-"+strings.ToLower(c.Username))] = object("repo.github.m.crossplane.io/v1alpha1", "Collaborator", nil, map[string]any{
				"repositorySelector": target,
				"username":           c.Username,
				"permission":         orDefault(c.Permission, "pull"),
			})
		}
		wire(out, spec, team, r.Role, target)
	}
	for role, logins := range map[string][]string{"member": spec.Members, "maintainer": spec.Maintainers} {
		for _, login := range logins {
			out[resource.Name(role+"-"+strings.ToLower(login))] = object("org.github.m.crossplane.io/v1alpha1", "TeamMembership", nil, map[string]any{
				"teamSelector": map[string]any{"matchControllerRef": true},
				"user":         login,
				"role":         role,
			})
		}
	}
	return out
}

// wire adds a role's CODEOWNERS file, CI webhook, TEAM variable,
// DEPLOY_TOKEN secret and production environment.
func wire(out map[resource.Name]*composed.Unstructured, spec TeamRepos, team ObservedTeam, role string, repository map[string]any) {
	if team.Organization != "" && team.Slug != "" {
		out[resource.Name(role+"-codeowners")] = object("repo.github.m.crossplane.io/v1alpha1", "RepositoryFile", nil, map[string]any{
			"repositorySelector": repository,
			"path":               ".github/CODEOWNERS",
			"content":            fmt.Sprintf("* @%s/%s\n", team.Organization, team.Slug),
			"message":            "Assign the repository to team " + team.Slug,
		})
	}
	if w := spec.CIWebhook; w != nil {
		out[resource.Name(role+"-ci-webhook")] = object("repo.github.m.crossplane.io/v1alpha1", "Webhook", nil, map[string]any{
			"repositorySelector": repository,
			"url":                w.URL,
			"contentType":        "json",
			"events":             []any{"push", "pull_request"},
			"secretRef":          map[string]any{"name": w.SecretRef.Name, "key": orDefault(w.SecretRef.Key, "secret")},
		})
	}
	out[resource.Name(role+"-team-variable")] = object("repo.github.m.crossplane.io/v1alpha1", "ActionsVariable", nil, map[string]any{
		"repositorySelector": repository,
		"name":               "TEAM",
		"value":              spec.Team,
	})
	if t := spec.DeployToken; t != nil {
		out[resource.Name(role+"-deploy-token")] = object("repo.github.m.crossplane.io/v1alpha1", "ActionsSecret", nil, map[string]any{
			"repositorySelector": repository,
			"name":               "DEPLOY_TOKEN",
			"valueSecretRef":     map[string]any{"name": t.SecretRef.Name, "key": orDefault(t.SecretRef.Key, "token")},
		})
	}
	if role == "service" && team.Name != "" {
		out[resource.Name(role+"-production")] = object("repo.github.m.crossplane.io/v1alpha1", "Environment", nil, map[string]any{
			"repositorySelector":     repository,
			"name":                   "production",
			"reviewers":              []any{map[string]any{"type": "Team", "teamRef": map[string]any{"name": team.Name}}},
			"deploymentBranchPolicy": map[string]any{"customBranchPolicies": []any{map[string]any{"name": "main"}}},
		})
	}
}

// protect returns the protection of a repository's default branch: pull
// requests with one approval and the required status check, no force
// pushes, no deletion; as a ruleset or as classic branch protection.
func protect(spec TeamRepos, repository map[string]any) (string, *composed.Unstructured) {
	check := orDefault(spec.RequiredStatusCheck, "ci/build")
	if spec.BranchProtection == "classic" {
		return "protection", object("repo.github.m.crossplane.io/v1alpha1", "BranchProtection", nil, map[string]any{
			"repositorySelector":         repository,
			"branch":                     "main",
			"requiredStatusChecks":       map[string]any{"strict": true, "contexts": []any{check}},
			"requiredPullRequestReviews": map[string]any{"requiredApprovingReviewCount": int64(1), "dismissStaleReviews": true},
		})
	}
	return "ruleset", object("repo.github.m.crossplane.io/v1alpha1", "Ruleset", nil, map[string]any{
		"repositorySelector": repository,
		"name":               "protect-default-branch",
		"target":             "branch",
		"enforcement":        "active",
		// The organisation's owners (the provider's credentials among
		// them) write the CODEOWNERS file to the branch.
		"bypassActors": []any{map[string]any{"actorType": "OrganizationAdmin", "bypassMode": "always"}},
		"conditions":   map[string]any{"refName": map[string]any{"include": []any{"~DEFAULT_BRANCH"}}},
		"rules": map[string]any{
			"deletion":             true,
			"nonFastForward":       true,
			"pullRequest":          map[string]any{"requiredApprovingReviewCount": int64(1)},
			"requiredStatusChecks": map[string]any{"requiredStatusChecks": []any{map[string]any{"context": check}}},
		},
	})
}

// object is a composed resource with the given labels and forProvider.
func object(apiVersion, kind string, labels map[string]string, forProvider map[string]any) *composed.Unstructured {
	o := composed.New()
	o.SetAPIVersion(apiVersion)
	o.SetKind(kind)
	o.SetLabels(labels)
	o.Object["spec"] = map[string]any{"forProvider": forProvider}
	return o
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func toAny(ss []string) []any {
	out := make([]any, 0, len(ss))
	for _, s := range ss {
		out = append(out, s)
	}
	return out
}
