// Package autolinkreference maps AutolinkReference resources to a
// repository's autolink references on GitHub and back: the request, the
// observation, drift, and the autolinks a key prefix clashes with.
package autolinkreference

import (
	"fmt"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Request is the body that creates the declared autolink.
func Request(p *common.AutolinkReferenceParameters) *github.AutolinkRequest {
	return &github.AutolinkRequest{KeyPrefix: p.KeyPrefix, URLTemplate: p.URLTemplate, IsAlphanumeric: ptr.To(alphanumeric(p))}
}

// alphanumeric is the declared isAlphanumeric, GitHub's default (true)
// when unset.
func alphanumeric(p *common.AutolinkReferenceParameters) bool {
	return ptr.Deref(p.IsAlphanumeric, true)
}

// Observation is the status.atProvider of GitHub's autolink got in the
// repository in (owner/name).
func Observation(in string, got *github.Autolink) common.AutolinkReferenceObservation {
	o := common.AutolinkReferenceObservation{
		Repository: ptr.To(in), ID: ptr.To(got.ID), KeyPrefix: ptr.To(got.KeyPrefix),
		URLTemplate: ptr.To(got.URLTemplate), IsAlphanumeric: ptr.To(got.IsAlphanumeric),
	}
	if got.UpdatedAt != nil {
		o.UpdatedAt = ptr.To(metav1.NewTime(*got.UpdatedAt))
	}
	return o
}

// Drift lists, by spec field, where GitHub's autolink differs from the
// declared one. Every field is compared: GitHub cannot update an
// autolink, so each is what a create sent.
func Drift(p *common.AutolinkReferenceParameters, got *github.Autolink) []string {
	var d []string
	if got.KeyPrefix != p.KeyPrefix {
		d = append(d, "keyPrefix")
	}
	if got.URLTemplate != p.URLTemplate {
		d = append(d, "urlTemplate")
	}
	if got.IsAlphanumeric != alphanumeric(p) {
		d = append(d, "isAlphanumeric")
	}
	return d
}

// Changes says how the declared autolink differs from GitHub's got, field
// by field with the old and the new value, for the event of a replace:
// `urlTemplate "https://a/<num>" → "https://b/<num>"`.
func Changes(p *common.AutolinkReferenceParameters, got *github.Autolink) string {
	var c []string
	for _, f := range Drift(p, got) {
		switch f {
		case "keyPrefix":
			c = append(c, fmt.Sprintf("keyPrefix %q → %q", got.KeyPrefix, p.KeyPrefix))
		case "urlTemplate":
			c = append(c, fmt.Sprintf("urlTemplate %q → %q", got.URLTemplate, p.URLTemplate))
		case "isAlphanumeric":
			c = append(c, fmt.Sprintf("isAlphanumeric %t → %t", got.IsAlphanumeric, alphanumeric(p)))
		}
	}
	return strings.Join(c, ", ")
}

// FindByPrefix is the autolink of list with the key prefix, which GitHub
// compares without regard to case; nil when there is none.
func FindByPrefix(list []github.Autolink, prefix string) *github.Autolink {
	for i := range list {
		if strings.EqualFold(list[i].KeyPrefix, prefix) {
			return &list[i]
		}
	}
	return nil
}

// Overlapping is the first autolink of list, other than the one of id
// except (0: none), whose key prefix GitHub would not let prefix stand
// beside: the same, or one starting with the other, whatever the case.
// Nil when there is none.
func Overlapping(list []github.Autolink, prefix string, except int64) *github.Autolink {
	lower := strings.ToLower(prefix)
	for i := range list {
		other := strings.ToLower(list[i].KeyPrefix)
		if list[i].ID != except && (strings.HasPrefix(lower, other) || strings.HasPrefix(other, lower)) {
			return &list[i]
		}
	}
	return nil
}

// Imported is the spec of an AutolinkReference resource for GitHub's
// autolink got, as it is (its repository is the importer's to name).
// Drift finds nothing in it.
func Imported(got *github.Autolink) common.AutolinkReferenceParameters {
	return common.AutolinkReferenceParameters{KeyPrefix: got.KeyPrefix, URLTemplate: got.URLTemplate, IsAlphanumeric: ptr.To(got.IsAlphanumeric)}
}
