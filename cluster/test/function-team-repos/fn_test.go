package main

import (
	"context"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/logging"
	fnv1 "github.com/crossplane/function-sdk-go/proto/v1"
	"github.com/crossplane/function-sdk-go/resource"
	"github.com/google/go-cmp/cmp"
)

func TestRunFunction(t *testing.T) {
	xr := `{"apiVersion":"platform.example.org/v1alpha1","kind":"XTeamRepos","metadata":{"name":"payments","namespace":"default"},
		"spec":{"team":"payments","visibility":"private","topics":["payments","go"],"archiveOnDelete":true}}`
	readyRepo := `{"apiVersion":"repo.github.m.crossplane.io/v1alpha1","kind":"Repository","metadata":{"name":"payments-abcde"},
		"status":{"conditions":[{"type":"Ready","status":"True","reason":"Available","lastTransitionTime":"2026-01-01T00:00:00Z"}]}}`

	cases := map[string]struct {
		reason    string
		req       *fnv1.RunFunctionRequest
		wantReady map[string]fnv1.Ready
		wantFatal bool
	}{
		"NewTeam": {
			reason:    "Every role gets a Repository, none Ready yet.",
			req:       &fnv1.RunFunctionRequest{Observed: &fnv1.State{Composite: &fnv1.Resource{Resource: resource.MustStructJSON(xr)}}},
			wantReady: map[string]fnv1.Ready{"service": fnv1.Ready_READY_UNSPECIFIED, "docs": fnv1.Ready_READY_UNSPECIFIED, "infra": fnv1.Ready_READY_UNSPECIFIED},
		},
		"ServiceReady": {
			reason: "A Repository the provider reports Ready is marked ready.",
			req: &fnv1.RunFunctionRequest{Observed: &fnv1.State{
				Composite: &fnv1.Resource{Resource: resource.MustStructJSON(xr)},
				Resources: map[string]*fnv1.Resource{"service": {Resource: resource.MustStructJSON(readyRepo)}},
			}},
			wantReady: map[string]fnv1.Ready{"service": fnv1.Ready_READY_TRUE, "docs": fnv1.Ready_READY_UNSPECIFIED, "infra": fnv1.Ready_READY_UNSPECIFIED},
		},
		"NoTeam": {
			reason:    "An XR without a team is a fatal error.",
			req:       &fnv1.RunFunctionRequest{Observed: &fnv1.State{Composite: &fnv1.Resource{Resource: resource.MustStructJSON(`{"apiVersion":"platform.example.org/v1alpha1","kind":"XTeamRepos","metadata":{"name":"x"},"spec":{}}`)}}},
			wantFatal: true,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			rsp, err := (&Function{log: logging.NewNopLogger()}).RunFunction(context.Background(), tc.req)
			if err != nil {
				t.Fatal(err)
			}
			fatal := len(rsp.GetResults()) > 0 && rsp.GetResults()[0].GetSeverity() == fnv1.Severity_SEVERITY_FATAL
			if fatal != tc.wantFatal {
				t.Fatalf("\n%s\nfatal = %t, want %t: %v", tc.reason, fatal, tc.wantFatal, rsp.GetResults())
			}
			if tc.wantFatal {
				return
			}
			got := map[string]fnv1.Ready{}
			for n, r := range rsp.GetDesired().GetResources() {
				got[n] = r.GetReady()
				fp := r.GetResource().AsMap()["spec"].(map[string]any)["forProvider"].(map[string]any)
				if fp["name"] != "payments-"+n || fp["visibility"] != "private" || fp["archiveOnDelete"] != true {
					t.Errorf("\n%s\n%s: forProvider %v", tc.reason, n, fp)
				}
				if diff := cmp.Diff([]any{"payments", "go"}, fp["topics"]); diff != "" {
					t.Errorf("\n%s\n%s topics: -want, +got:\n%s", tc.reason, n, diff)
				}
			}
			if diff := cmp.Diff(tc.wantReady, got); diff != "" {
				t.Errorf("\n%s\nready: -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}
