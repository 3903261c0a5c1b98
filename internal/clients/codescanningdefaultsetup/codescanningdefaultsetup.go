// Package codescanningdefaultsetup maps CodeScanningDefaultSetup resources
// to the code scanning default setup of a repository on GitHub and back:
// the request, the observation, drift and the imported spec.
package codescanningdefaultsetup

import (
	"slices"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// GitHub's states of a default setup.
const (
	StateConfigured    = "configured"
	StateNotConfigured = "not-configured"
)

// Request is the PATCH body of the declared setup: its state and, when
// configured, the fields declared (what it leaves out GitHub keeps). A
// declared runner type of standard sends no label: GitHub drops the label
// of labeled runners with them.
func Request(p *common.CodeScanningDefaultSetupParameters) *github.CodeScanningDefaultSetupRequest {
	r := &github.CodeScanningDefaultSetupRequest{State: p.State}
	if p.State != StateConfigured {
		return r
	}
	r.QuerySuite, r.ThreatModel, r.RunnerType = clone(p.QuerySuite), clone(p.ThreatModel), clone(p.RunnerType)
	if ptr.Deref(p.RunnerType, "") == "labeled" {
		r.RunnerLabel = clone(p.RunnerLabel)
	}
	if len(p.Languages) > 0 {
		r.Languages = sorted(p.Languages)
	}
	return r
}

// Off is the PATCH body that turns the default setup off.
func Off() *github.CodeScanningDefaultSetupRequest {
	return &github.CodeScanningDefaultSetupRequest{State: StateNotConfigured}
}

// IsConfigured tells whether GitHub's setup got is configured: a
// repository whose setup is not is one nobody configured, which the
// importer leaves out and a deleted resource leaves behind.
func IsConfigured(got *github.CodeScanningDefaultSetup) bool { return got.State == StateConfigured }

// Observation is the status.atProvider of GitHub's setup got, of the
// repository in (owner/name), read through the API host host. What the
// resource records of its own run is the controller's to keep.
func Observation(in, host string, got *github.CodeScanningDefaultSetup) common.CodeScanningDefaultSetupObservation {
	o := common.CodeScanningDefaultSetupObservation{
		Repository: ptr.To(in), Host: ptr.To(host), State: ptr.To(got.State),
		QuerySuite: nonEmpty(got.QuerySuite), ThreatModel: nonEmpty(got.ThreatModel),
		RunnerType: clone(got.RunnerType), RunnerLabel: clone(got.RunnerLabel),
		Schedule: clone(got.Schedule), UpdatedAt: clone(got.UpdatedAt),
	}
	if len(got.Languages) > 0 {
		o.Languages = sorted(got.Languages)
	}
	return o
}

// Drift lists, by spec field, where GitHub's setup differs from the
// declared one: the state, and for a configured setup each field declared
// (languages as a set; runners GitHub never chose are standard ones, with
// no label). A field left unset is GitHub's to keep.
func Drift(p *common.CodeScanningDefaultSetupParameters, got *github.CodeScanningDefaultSetup) []string {
	if got.State != p.State {
		return []string{"state"}
	}
	if p.State != StateConfigured {
		return nil
	}
	var drift []string
	if p.QuerySuite != nil && *p.QuerySuite != got.QuerySuite {
		drift = append(drift, "querySuite")
	}
	if p.ThreatModel != nil && *p.ThreatModel != got.ThreatModel {
		drift = append(drift, "threatModel")
	}
	if len(p.Languages) > 0 && !slices.Equal(sorted(p.Languages), sorted(got.Languages)) {
		drift = append(drift, "languages")
	}
	runnerType := ptr.Deref(got.RunnerType, "standard")
	if p.RunnerType != nil && *p.RunnerType != runnerType {
		drift = append(drift, "runnerType")
	}
	if p.RunnerLabel != nil && *p.RunnerLabel != ptr.Deref(got.RunnerLabel, "") {
		drift = append(drift, "runnerLabel")
	}
	return drift
}

// Imported is the spec of a CodeScanningDefaultSetup resource for GitHub's
// setup got, as it is (its repository is the importer's to name): the
// languages GitHub analyses named, the runners declared when GitHub names
// them. Drift finds nothing in it.
func Imported(got *github.CodeScanningDefaultSetup) common.CodeScanningDefaultSetupParameters {
	p := common.CodeScanningDefaultSetupParameters{State: got.State}
	if got.State != StateConfigured {
		return p
	}
	p.QuerySuite, p.ThreatModel = nonEmpty(got.QuerySuite), nonEmpty(got.ThreatModel)
	if len(got.Languages) > 0 {
		p.Languages = sorted(got.Languages)
	}
	if got.RunnerType != nil {
		p.RunnerType = clone(got.RunnerType)
		if *got.RunnerType == "labeled" {
			p.RunnerLabel = clone(got.RunnerLabel)
		}
	}
	return p
}

func clone(s *string) *string {
	if s == nil {
		return nil
	}
	return ptr.To(*s)
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return ptr.To(s)
}

func sorted(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	return out
}
