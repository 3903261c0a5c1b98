// Package pagessite maps PagesSite resources to the Pages site of a
// repository on GitHub and back: the create and update requests, the
// observation, drift, and whether the site waits for its custom domain's
// certificate.
package pagessite

import (
	"fmt"
	"strings"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Build types.
const (
	Legacy   = "legacy"
	Workflow = "workflow"
)

// path is the folder of a declared source, / unless declared.
func path(s *common.PagesSource) string { return ptr.Deref(s.Path, "/") }

// Create is the POST body that publishes the declared site: its build
// type, and a legacy site's source.
func Create(p *common.PagesSiteParameters) *github.PagesCreateRequest {
	r := &github.PagesCreateRequest{BuildType: p.BuildType}
	if p.BuildType == Legacy && p.Source != nil {
		r.Source = &github.PagesSource{Branch: p.Source.Branch, Path: path(p.Source)}
	}
	return r
}

// CreateDrift lists the fields a create sent that GitHub's site got
// differs in: none for the site a lost create made.
func CreateDrift(p *common.PagesSiteParameters, got *github.PagesSite) []string {
	var d []string
	if p.BuildType != buildType(got) {
		d = append(d, "buildType")
	}
	if sourceDiffers(p, got) {
		d = append(d, "source")
	}
	return d
}

// buildType is GitHub's build type of got, legacy when it says none.
func buildType(got *github.PagesSite) string {
	if got.BuildType == nil || *got.BuildType == "" {
		return Legacy
	}
	return *got.BuildType
}

// sourceDiffers tells whether a legacy site's declared source differs from
// GitHub's; a workflow site's source is GitHub's to keep.
func sourceDiffers(p *common.PagesSiteParameters, got *github.PagesSite) bool {
	if p.BuildType != Legacy || p.Source == nil {
		return false
	}
	return got.Source == nil || got.Source.Branch != p.Source.Branch || got.Source.Path != path(p.Source)
}

// domain is GitHub's custom domain of got, "" for none.
func domain(got *github.PagesSite) string { return ptr.Deref(got.CNAME, "") }

// cnameDiffers tells whether the declared custom domain differs from
// GitHub's (domains are compared without regard to case).
func cnameDiffers(p *common.PagesSiteParameters, got *github.PagesSite) bool {
	return p.CNAME != nil && !strings.EqualFold(strings.TrimSpace(*p.CNAME), domain(got))
}

// CertificateIssued tells whether GitHub serves got's custom domain with
// an https certificate, verified; a site without a custom domain has
// nothing to wait for.
func CertificateIssued(got *github.PagesSite) bool {
	if domain(got) == "" {
		return true
	}
	if s := ptr.Deref(got.ProtectedDomainState, "verified"); s != "verified" {
		return false
	}
	if got.HTTPSCertificate == nil {
		return false
	}
	switch got.HTTPSCertificate.State {
	case "approved", "issued", "uploaded":
		return true
	}
	return false
}

// Waiting says what the site waits for, "" for nothing: a declared custom
// domain GitHub has not verified yet, or whose https certificate it has
// not issued. A site that waits is not Ready, and https is enforced once
// the certificate is there.
func Waiting(p *common.PagesSiteParameters, got *github.PagesSite) string {
	if p.CNAME == nil || *p.CNAME == "" || cnameDiffers(p, got) || CertificateIssued(got) {
		return ""
	}
	state, cert := ptr.Deref(got.ProtectedDomainState, "unknown"), "none yet"
	if c := got.HTTPSCertificate; c != nil {
		cert = c.State
		if c.Description != "" {
			cert += " (" + c.Description + ")"
		}
	}
	msg := fmt.Sprintf("waiting for GitHub to verify the custom domain %s and issue its https certificate (domain %s, certificate %s)", domain(got), state, cert)
	if state == "unverified" {
		msg += ": GitHub could not verify it; check the domain's DNS records (a CNAME to <owner>.github.io, or GitHub's A records)"
	}
	if ptr.Deref(p.HTTPSEnforced, false) {
		msg += "; https is enforced once the certificate is issued"
	}
	return msg
}

// httpsWaits tells whether declared https enforcement must wait: GitHub
// refuses it (422) until the custom domain's certificate is issued, and a
// new domain starts without one.
func httpsWaits(p *common.PagesSiteParameters, got *github.PagesSite) bool {
	return ptr.Deref(p.HTTPSEnforced, false) && (cnameDiffers(p, got) || !CertificateIssued(got))
}

// Drift lists, by spec field, where GitHub's site differs from the
// declared one. A field left unset is GitHub's to keep; https enforcement
// declared while the certificate is not issued is waited for (see
// Waiting), not drift.
func Drift(p *common.PagesSiteParameters, got *github.PagesSite) []string {
	d := CreateDrift(p, got)
	if cnameDiffers(p, got) {
		d = append(d, "cname")
	}
	if p.HTTPSEnforced != nil && *p.HTTPSEnforced != ptr.Deref(got.HTTPSEnforced, false) && !httpsWaits(p, got) {
		d = append(d, "httpsEnforced")
	}
	if p.Public != nil && *p.Public != ptr.Deref(got.Public, true) {
		d = append(d, "public")
	}
	return d
}

// Update is the PUT body of the declared fields GitHub's site differs in,
// https enforcement left for later while it waits for the certificate;
// Empty when there is nothing to send.
func Update(p *common.PagesSiteParameters, got *github.PagesSite) *github.PagesUpdateRequest {
	r := &github.PagesUpdateRequest{}
	if p.BuildType != buildType(got) {
		r.BuildType = ptr.To(p.BuildType)
	}
	if sourceDiffers(p, got) || (r.BuildType != nil && p.BuildType == Legacy && p.Source != nil) {
		r.Source = &github.PagesSource{Branch: p.Source.Branch, Path: path(p.Source)}
	}
	if cnameDiffers(p, got) {
		r.CNAME = ptr.To(strings.TrimSpace(*p.CNAME))
	}
	if p.HTTPSEnforced != nil && !httpsWaits(p, got) && (*p.HTTPSEnforced != ptr.Deref(got.HTTPSEnforced, false) || r.CNAME != nil) {
		r.HTTPSEnforced = ptr.To(*p.HTTPSEnforced)
	}
	if p.Public != nil && *p.Public != ptr.Deref(got.Public, true) {
		r.Public = ptr.To(*p.Public)
	}
	return r
}

// Observation is the status.atProvider of GitHub's site got, of the
// repository in (owner/name), read through the API host host.
func Observation(in, host string, got *github.PagesSite) common.PagesSiteObservation {
	o := common.PagesSiteObservation{
		Repository: ptr.To(in), Host: ptr.To(host), HTMLURL: nonEmpty(got.HTMLURL), Status: got.Status, BuildType: ptr.To(buildType(got)),
		CNAME: got.CNAME, HTTPSEnforced: got.HTTPSEnforced, Public: got.Public, ProtectedDomainState: got.ProtectedDomainState,
	}
	if got.Source != nil {
		o.Source = &common.PagesSourceObservation{Branch: got.Source.Branch, Path: got.Source.Path}
	}
	if c := got.HTTPSCertificate; c != nil {
		o.CertificateState, o.CertificateExpiresAt = ptr.To(c.State), nonEmpty(c.ExpiresAt)
	}
	return o
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// Imported is the spec of a PagesSite resource for GitHub's site got, as
// it is (its repository is the importer's to name). Drift finds nothing
// in it.
func Imported(got *github.PagesSite) common.PagesSiteParameters {
	p := common.PagesSiteParameters{BuildType: buildType(got), CNAME: ptr.To(domain(got)), Public: got.Public}
	if p.BuildType == Legacy && got.Source != nil {
		p.Source = &common.PagesSource{Branch: got.Source.Branch, Path: ptr.To(got.Source.Path)}
	}
	if domain(got) != "" {
		p.HTTPSEnforced = got.HTTPSEnforced
	}
	return p
}
