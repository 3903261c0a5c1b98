package emulator

import (
	"net/url"
	"strings"
	"time"
)

func init() { registerKind(autolinks.name, autolinkRoutes) }

const docAutolinks = "https://docs.github.com/rest/repos/autolinks"

// GitHub's wording of an autolink it refuses.
const (
	msgKeyPrefixChars    = "key_prefix must only contain letters, numbers, or .-_+=:/#"
	msgKeyPrefixDigitEnd = "key_prefix must not end with a number"
	msgURLTemplateNum    = "url_template is missing a <num> token"
	msgURLTemplateURL    = "url_template must be an absolute URL"
)

// autolinks are a repository's autolink references, in the order they were
// made. GitHub assigns each an id and has no update: an autolink is changed
// by deleting it and making another. Key prefixes may not overlap — no
// prefix may start with another's, whatever the case, since both would
// match the same text — and GitHub answers one that does as a prefix in
// use, with 422 already_exists.
var autolinks = &collection[autolink]{
	name: "autolinks", key: byID(6300001, func(it *autolink) *int64 { return &it.ID }),
	clash: func(a, b *autolink) bool { return prefixesOverlap(a.KeyPrefix, b.KeyPrefix) },
	pages: githubPages, render: renderAutolink, create: readAutolink, created: replyItem,
	taken: func(c *reqCtx) {
		c.invalid("Validation Failed", fieldError{Resource: "KeyLink", Code: "already_exists", Field: "key_prefix"})
	},
	stamps: func(it *autolink) (*time.Time, *time.Time) { return &it.CreatedAt, nil },
}

// prefixesOverlap tells whether one key prefix starts with the other,
// without regard to case.
func prefixesOverlap(a, b string) bool {
	a, b = strings.ToLower(a), strings.ToLower(b)
	return strings.HasPrefix(a, b) || strings.HasPrefix(b, a)
}

// autolinkRoutes declares a repository's autolinks, which GitHub shows and
// changes for repository admins only.
func autolinkRoutes(_ *Server, t *routeTable) {
	admin := func(anchor string) repoOp {
		return repoOp{auth: authRequired, need: accessAdmin, doc: docAutolinks + "#" + anchor}
	}
	autolinks.onRepo(t, repoMount{path: "/autolinks", param: "autolink_id",
		list: admin("get-all-autolinks-of-a-repository"), create: admin("create-an-autolink-reference-for-a-repository"),
		get: admin("get-an-autolink-reference-of-a-repository"), remove: admin("delete-an-autolink-reference-from-a-repository")})
}

// autolink is a repository's autolink reference as the emulator keeps it.
type autolink struct {
	ID             int64
	KeyPrefix      string
	URLTemplate    string
	IsAlphanumeric bool
	CreatedAt      time.Time
}

// autolinkJSON is GitHub's autolink object. GitHub cannot update an
// autolink, so it was last updated when it was made.
type autolinkJSON struct {
	ID             int64  `json:"id"`
	KeyPrefix      string `json:"key_prefix"`
	URLTemplate    string `json:"url_template"`
	IsAlphanumeric bool   `json:"is_alphanumeric"`
	UpdatedAt      string `json:"updated_at"`
}

func renderAutolink(_ *reqCtx, _ string, it *autolink) any {
	return autolinkJSON{ID: it.ID, KeyPrefix: it.KeyPrefix, URLTemplate: it.URLTemplate, IsAlphanumeric: it.IsAlphanumeric, UpdatedAt: ts(it.CreatedAt)}
}

// readAutolink reads a new autolink: a key prefix of letters, digits and
// .-_+=:/# that does not end with a digit, an absolute http(s) URL
// template with a <num> token, and whether <num> matches letters too
// (GitHub's default: it does).
func readAutolink(c *reqCtx, _ *world, f *fields, it *autolink) bool {
	prefix, template, alnum := f.str("key_prefix"), f.str("url_template"), f.boolean("is_alphanumeric")
	switch {
	case f.failed:
		return false
	case prefix == nil:
		c.notSupplied("key_prefix")
		return false
	case template == nil:
		c.notSupplied("url_template")
		return false
	}
	var errs []fieldError
	custom := func(field, msg string) {
		errs = append(errs, fieldError{Resource: "KeyLink", Code: "custom", Field: field, Message: msg})
	}
	if p := *prefix; p != "" && strings.IndexByte("0123456789", p[len(p)-1]) >= 0 {
		custom("key_prefix", msgKeyPrefixDigitEnd)
		custom("key_prefix", msgKeyPrefixChars)
	} else if !keyPrefixChars(p) {
		custom("key_prefix", msgKeyPrefixChars)
	}
	if !strings.Contains(*template, "<num>") {
		custom("url_template", msgURLTemplateNum)
	}
	if !absoluteURL(strings.ReplaceAll(*template, "<num>", "1")) {
		custom("url_template", msgURLTemplateURL)
	}
	if len(errs) > 0 {
		c.invalid("Validation Failed", errs...)
		return false
	}
	it.KeyPrefix, it.URLTemplate, it.IsAlphanumeric = *prefix, *template, true
	if alnum != nil {
		it.IsAlphanumeric = *alnum
	}
	return true
}

// keyPrefixChars tells whether a key prefix is one or more of the
// characters GitHub allows in one.
func keyPrefixChars(p string) bool {
	if p == "" {
		return false
	}
	for _, r := range p {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune(".-_+=:/#", r)
		if !ok {
			return false
		}
	}
	return true
}

// absoluteURL tells whether a URL template, its <num> filled in, starts
// with an http or https scheme and a host.
func absoluteURL(s string) bool {
	scheme, rest, ok := strings.Cut(s, "://")
	if !ok || (scheme != "http" && scheme != "https") {
		return false
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	u, err := url.Parse(scheme + "://" + rest)
	return err == nil && u.Host != "" && !strings.ContainsAny(s, " \t\r\n")
}
