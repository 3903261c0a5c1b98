package integration

import (
	"testing"

	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// The ActionsPermissions examples of both scopes, applied with the
// Repository examples they refer to against one emulator with the demo
// seed (as make demo and make e2e do), become Ready, and each repository's
// Actions permissions are as its example declares: the private one's fork
// pull request workflows included.
func TestActionsPermissionsExamples(t *testing.T) {
	seed, err := emulator.LoadSeedFile("../../hack/demo-seed.yaml")
	if err != nil {
		t.Fatal(err)
	}
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixtureWith(t, emulator.Options{Seed: seed})
		repo := decodeManaged(t, "../../examples/repository/cluster/plain.yaml")
		if s.namespaced {
			repo = decodeManaged(t, "../../examples/repository/namespaced/plain.yaml")
		}
		placeExample(f, s, repo)
		f.must(kube.Create(f.ctx, repo))
		perms := examplesOf(t, s, "actionspermissions")
		if len(perms) == 0 {
			t.Fatalf("no ActionsPermissions examples of scope %s", s.name)
		}
		for _, mg := range perms {
			placeExample(f, s, mg)
			f.must(kube.Create(f.ctx, mg))
		}
		waitReady(f, repo)
		for _, mg := range perms {
			got := waitReady(f, mg)
			o, ok := any(got).(twins.ActionsPermissionsObject)
			if !ok {
				t.Fatalf("%T is no ActionsPermissions", got)
			}
			p, obs := o.Parameters(), o.Observation()
			if ptr.Deref(obs.Repository, "") == "" {
				t.Errorf("%s: status.atProvider.repository unset", mg.GetName())
			}
			if p.PrivateForkPullRequestWorkflows != nil && (obs.PrivateForkPullRequestWorkflows == nil ||
				obs.PrivateForkPullRequestWorkflows.RequireApprovalForForkPullRequestWorkflows !=
					ptr.Deref(p.PrivateForkPullRequestWorkflows.RequireApprovalForForkPullRequestWorkflows, false)) {
				t.Errorf("%s: status.atProvider.privateForkPullRequestWorkflows %+v, want as declared", mg.GetName(), obs.PrivateForkPullRequestWorkflows)
			}
			if p.ArtifactAndLogRetentionDays != nil && ptr.Deref(obs.ArtifactAndLogRetentionDays, 0) != *p.ArtifactAndLogRetentionDays {
				t.Errorf("%s: status.atProvider.artifactAndLogRetentionDays %v, want %d", mg.GetName(), obs.ArtifactAndLogRetentionDays, *p.ArtifactAndLogRetentionDays)
			}
		}
	})
}
