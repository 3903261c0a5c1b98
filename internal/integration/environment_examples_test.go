package integration

import (
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

// The Environment examples of both scopes, applied with the Repository and
// Team examples (the reviewers) against one emulator with the demo seed (as make demo and make
// e2e do), become Ready, and are deleted with their resources.
func TestEnvironmentExamples(t *testing.T) {
	seed, err := emulator.LoadSeedFile("../../hack/demo-seed.yaml")
	if err != nil {
		t.Fatal(err)
	}
	f := newFixtureWith(t, emulator.Options{Seed: seed})
	// The grants first, as a reviewer team needs access to the repository
	// before the environment is written (GitHub leaves it out otherwise,
	// and the provider asks again only later: see
	// TestEnvironmentReviewerTeamWithoutAccess).
	var envs []environmentObject
	for _, s := range scopes {
		for _, dir := range []string{"customproperty", "repository", "team", "teamrepository"} {
			for _, mg := range examplesOf(t, s, dir) {
				placeExample(f, s, mg)
				f.must(kube.Create(f.ctx, mg))
			}
		}
	}
	for _, s := range scopes {
		for _, mg := range examplesOf(t, s, "teamrepository") {
			placeExample(f, s, mg)
			waitReady(f, mg)
		}
		for _, mg := range examplesOf(t, s, "environment") {
			placeExample(f, s, mg)
			f.must(kube.Create(f.ctx, mg))
			if e, ok := mg.(environmentObject); ok {
				envs = append(envs, e)
			}
		}
	}
	if len(envs) < 2 {
		t.Fatalf("%d Environment examples, want some of each scope", len(envs))
	}
	for _, e := range envs {
		got := waitReady(f, e)
		if o := got.Observation(); len(o.Reviewers) != len(got.Parameters().Reviewers) {
			t.Errorf("%s: reviewers on GitHub %+v, want %d", e.GetName(), o.Reviewers, len(got.Parameters().Reviewers))
		}
		if r := got.Parameters().CustomProtectionRules; r != nil && len(got.Observation().CustomProtectionRules) != len(*r) {
			t.Errorf("%s: custom protection rules on GitHub %+v, want %d", e.GetName(), got.Observation().CustomProtectionRules, len(*r))
		}
	}
}
