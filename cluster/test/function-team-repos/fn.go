package main

import (
	"context"
	"fmt"

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

// Function composes XTeamRepos into namespaced Repositories.
type Function struct {
	fnv1.UnimplementedFunctionRunnerServiceServer
	log logging.Logger
}

// TeamRepos is the part of an XTeamRepos spec the function reads.
type TeamRepos struct {
	Team            string   `json:"team"`
	Visibility      string   `json:"visibility"`
	Topics          []string `json:"topics"`
	ArchiveOnDelete bool     `json:"archiveOnDelete"`
}

// RunFunction returns one Repository per role with the team's shared settings,
// and marks each Ready once the provider reports it Ready.
func (f *Function) RunFunction(_ context.Context, req *fnv1.RunFunctionRequest) (*fnv1.RunFunctionResponse, error) {
	rsp := response.To(req, response.DefaultTTL)

	xr, err := request.GetObservedCompositeResource(req)
	if err != nil {
		response.Fatal(rsp, fmt.Errorf("cannot get the composite resource: %w", err))
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

	for _, r := range Roles {
		name := resource.Name(r.Role)
		repo := composed.New()
		repo.SetAPIVersion("repo.github.m.crossplane.io/v1alpha1")
		repo.SetKind("Repository")
		forProvider := map[string]any{
			"name":                fmt.Sprintf("%s-%s", spec.Team, r.Role),
			"description":         fmt.Sprintf(r.Description, spec.Team),
			"visibility":          spec.Visibility,
			"topics":              toAny(spec.Topics),
			"hasWiki":             false,
			"allowMergeCommit":    false,
			"allowSquashMerge":    true,
			"deleteBranchOnMerge": true,
			"archiveOnDelete":     spec.ArchiveOnDelete,
		}
		if spec.Visibility == "" {
			delete(forProvider, "visibility")
		}
		if err := repo.SetValue("spec.forProvider", forProvider); err != nil {
			response.Fatal(rsp, fmt.Errorf("cannot compose %s: %w", name, err))
			return rsp, nil
		}
		d := &resource.DesiredComposed{Resource: repo, Ready: resource.ReadyUnspecified}
		if o, ok := observed[name]; ok && o.Resource.GetCondition(xpv1.TypeReady).Status == "True" {
			d.Ready = resource.ReadyTrue
		}
		desired[name] = d
	}
	if err := response.SetDesiredComposedResources(rsp, desired); err != nil {
		response.Fatal(rsp, fmt.Errorf("cannot set desired composed resources: %w", err))
		return rsp, nil
	}
	f.log.Debug("Composed team repositories", "xr", xr.Resource.GetName(), "team", spec.Team, "count", len(Roles))
	return rsp, nil
}

func toAny(ss []string) []any {
	out := make([]any, 0, len(ss))
	for _, s := range ss {
		out = append(out, s)
	}
	return out
}
