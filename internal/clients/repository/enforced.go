package repository

import (
	"fmt"
	"slices"
	"strings"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

const securityPrefix = "securityAndAnalysis."

// SecurityFeatureDrift are the securityAndAnalysis feature fields among the
// drift d (the fields a security features update writes; delegated bypass
// is not one of them).
func SecurityFeatureDrift(d []string) []string {
	var out []string
	for _, f := range features {
		if slices.Contains(d, securityPrefix+f.field) {
			out = append(out, securityPrefix+f.field)
		}
	}
	return out
}

// configFeature is the state (enabled, disabled, not_set or "") a
// configuration gives the feature of a spec field.
func configFeature(c *github.CodeSecurityConfiguration, field string) string {
	switch strings.TrimPrefix(field, securityPrefix) {
	case "advancedSecurity":
		// code_security and secret_protection are the features of
		// Advanced Security sold apart: either holds it on.
		if c.AdvancedSecurity == "code_security" || c.AdvancedSecurity == "secret_protection" {
			return "enabled"
		}
		return c.AdvancedSecurity
	case "secretScanning":
		return c.SecretScanning
	case "secretScanningPushProtection":
		return c.SecretScanningPushProtection
	case "dependabotSecurityUpdates":
		return c.DependabotSecurityUpdates
	}
	return ""
}

// attachmentHolds tells whether an attachment of this status (GitHub's
// code-security-configuration-for-repository) applies the configuration.
func attachmentHolds(status string) bool {
	switch status {
	case "detached", "removed", "failed", "removed_by_enterprise":
		return false
	}
	return true
}

// Enforcement is what the configuration attached to a repository (a, nil
// when none is) holds of the drifting security fields: the enforcement to
// record, nil when the configuration is not enforced, not applied, or sets
// none of them.
func Enforcement(p *common.RepositoryParameters, a *github.RepoCodeSecurityConfiguration, drifting []string) *common.SecurityEnforcement {
	if a == nil || a.Configuration == nil || a.Configuration.Enforcement != "enforced" || !attachmentHolds(a.Status) || p.SecurityAndAnalysis == nil {
		return nil
	}
	var held []string
	for _, f := range features {
		field := securityPrefix + f.field
		want := *f.spec(p.SecurityAndAnalysis)
		if !slices.Contains(drifting, field) || want == nil {
			continue
		}
		if s := configFeature(a.Configuration, field); (s == "enabled" || s == "disabled") && (s == "enabled") != *want {
			held = append(held, field)
		}
	}
	if len(held) == 0 {
		return nil
	}
	return &common.SecurityEnforcement{Name: a.Configuration.Name, ID: a.Configuration.ID, Fields: held}
}

// Held is the drift d without the fields the enforcement e holds.
func Held(d []string, e *common.SecurityEnforcement) []string {
	if e == nil {
		return d
	}
	return slices.DeleteFunc(slices.Clone(d), func(f string) bool { return slices.Contains(e.Fields, f) })
}

// EnforcementMessage tells a person that the configuration holds the
// fields, and what to do.
func EnforcementMessage(e *common.SecurityEnforcement) string {
	if e == nil {
		return ""
	}
	return fmt.Sprintf("the enforced code security configuration %q (id %d) holds %s at other values than spec.forProvider declares; repository admins cannot change them, so they are left as the configuration sets them: change the configuration, detach the repository from it, or declare its values",
		e.Name, e.ID, strings.Join(e.Fields, ", "))
}
