package webhook

import (
	"slices"
	"sort"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Drift lists, by spec field, where GitHub's webhook h differs from the
// one p declares, compared as GitHub compares them: the events as a set,
// "*" standing for all. The secret is not here: GitHub never shows it (see
// SecretDrift).
func Drift(p Spec, h *github.Hook) []string {
	s := p.Settings()
	var d []string
	if h.Config.URL != s.URL {
		d = append(d, "url")
	}
	if h.Config.ContentType != ContentType(p) {
		d = append(d, "contentType")
	}
	if h.Config.InsecureSSL != insecureSSL(ptr.Deref(s.InsecureSSL, false)) {
		d = append(d, "insecureSsl")
	}
	if !slices.Equal(normalize(h.Events), Events(p)) {
		d = append(d, "events")
	}
	if h.Active != ptr.Deref(s.Active, true) {
		d = append(d, "active")
	}
	return d
}

// SecretDrift tells whether GitHub's webhook h must be sent the secret
// again: want is the hash of the secret the spec names ("" for none),
// applied the hash of the one GitHub last accepted from the provider (nil
// when unknown). A secret is sent when the hashes differ or GitHub has
// none; GitHub's secret is removed when the spec names none.
func SecretDrift(want string, applied *string, h *github.Hook) bool {
	has := h.Config.Secret != ""
	if want == "" {
		return has
	}
	return !has || applied == nil || *applied != want
}

// normalize keeps each event once, sorted, and "*" alone.
func normalize(events []string) []string {
	out := make([]string, 0, len(events))
	for _, e := range events {
		if e == string(common.WebhookEventAll) {
			return []string{e}
		}
		if !slices.Contains(out, e) {
			out = append(out, e)
		}
	}
	sort.Strings(out)
	return out
}

// FindByURL is the webhook of list that delivers to url; nil when there is
// none. GitHub refuses a second webhook of a URL (of a repository, or of
// an organization) when their events overlap, so a URL names one webhook
// of those the provider makes.
func FindByURL(list []github.Hook, url string) *github.Hook {
	for i := range list {
		if list[i].Config.URL == url {
			return &list[i]
		}
	}
	return nil
}
