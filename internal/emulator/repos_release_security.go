package emulator

import (
	"net/http"
	"slices"
	"strings"
)

// A repository's private vulnerability reporting and immutable releases,
// and an organization's enforcement of immutable releases on its
// repositories.

const (
	docRepos = "https://docs.github.com/rest/repos/repos"
	docOrgsI = "https://docs.github.com/rest/orgs/orgs"
)

// Best-effort wording of GitHub's refusals (see docs/emulator.md).
const (
	msgReportingNotPublic = "Private vulnerability reporting is only available for public repositories."
	msgImmutableEnforced  = "Immutable releases are enforced for this repository by its organization and cannot be disabled."
)

func init() { registerKind("release-security", releaseSecurityRoutes) }

// orgImmutable is an organization's enforcement of immutable releases:
// on all its repositories, none, or those selected (by id).
var orgImmutable = orgKind[sharing]{name: "org-immutable-releases"}

// releaseSecurityRoutes declares the routes, for the repository's admins
// and the organization's owners.
func releaseSecurityRoutes(_ *Server, t *routeTable) {
	admin := func(anchor string) repoOp {
		return repoOp{auth: authRequired, need: accessAdmin, doc: docRepos + "#" + anchor}
	}
	t.repo(http.MethodGet, "/private-vulnerability-reporting", admin("check-if-private-vulnerability-reporting-is-enabled-for-a-repository"),
		func(c *reqCtx, _ *world, r *Repo) {
			c.json(http.StatusOK, map[string]bool{"enabled": r.PrivateVulnerabilityReporting})
		})
	t.repo(http.MethodPut, "/private-vulnerability-reporting", writer(admin("enable-private-vulnerability-reporting-for-a-repository")),
		func(c *reqCtx, _ *world, r *Repo) {
			if r.Private() {
				c.invalid(msgReportingNotPublic)
				return
			}
			r.PrivateVulnerabilityReporting = true
			c.noContent()
		})
	t.repo(http.MethodDelete, "/private-vulnerability-reporting", writer(admin("disable-private-vulnerability-reporting-for-a-repository")),
		func(c *reqCtx, _ *world, r *Repo) {
			r.PrivateVulnerabilityReporting = false
			c.noContent()
		})

	t.repo(http.MethodGet, "/immutable-releases", admin("check-if-immutable-releases-are-enabled-for-a-repository"), getImmutableReleases)
	t.repo(http.MethodPut, "/immutable-releases", writer(admin("enable-immutable-releases")), func(c *reqCtx, _ *world, r *Repo) {
		r.ImmutableReleases = true
		c.noContent()
	})
	t.repo(http.MethodDelete, "/immutable-releases", writer(admin("disable-immutable-releases")), func(c *reqCtx, w *world, r *Repo) {
		if w.immutableEnforced(r) {
			c.fail(http.StatusConflict, msgImmutableEnforced, c.doc)
			return
		}
		r.ImmutableReleases = false
		c.noContent()
	})

	owner := func(anchor string, write bool) orgOp {
		return orgOp{auth: authRequired, need: accessAdmin, refused: msgNotOrgOwner, perm: "organization_administration", write: write,
			doc: docOrgsI + "#" + anchor}
	}
	const path = "/settings/immutable-releases"
	t.org(http.MethodGet, path, owner("get-immutable-releases-settings-for-an-organization", false), getOrgImmutable)
	t.org(http.MethodPut, path, owner("set-immutable-releases-settings-for-an-organization", true), putOrgImmutable)
	h := sharingHandlers{find: func(_ *reqCtx, org *Account) *sharing { return immutableOf(org) }, anyPolicy: true}
	t.org(http.MethodGet, path+"/repositories", owner("list-selected-repositories-for-immutable-releases-enforcement", false), h.list)
	t.org(http.MethodPut, path+"/repositories", owner("set-selected-repositories-for-immutable-releases-enforcement", true), h.set)
	t.org(http.MethodPut, path+"/repositories/{repository_id}", owner("enable-a-selected-repository-for-immutable-releases-in-an-organization", true), h.add)
	t.org(http.MethodDelete, path+"/repositories/{repository_id}", owner("disable-a-selected-repository-for-immutable-releases-in-an-organization", true), h.remove)
}

// writer is op for a write.
func writer(op repoOp) repoOp {
	op.write = true
	return op
}

// immutableOf is the organization's enforcement, kept from the first
// request on: none until an owner sets it.
func immutableOf(org *Account) *sharing {
	s := orgImmutable.of(org)
	if s.Visibility == "" {
		s.Visibility = "none"
	}
	return s
}

// immutableEnforced tells whether the repository's organization enforces
// immutable releases on it.
func (w *world) immutableEnforced(r *Repo) bool {
	org := w.account(r.Owner)
	if org == nil || !org.IsOrg() {
		return false
	}
	s := orgImmutable.peek(org)
	return s != nil && (s.Visibility == "all" || s.Visibility == "selected" && slices.Contains(s.Selected, r.ID))
}

// getImmutableReleases answers whether the repository's releases are
// immutable, by its own setting or its organization's: 404 when not.
func getImmutableReleases(c *reqCtx, w *world, r *Repo) {
	enforced := w.immutableEnforced(r)
	if !r.ImmutableReleases && !enforced {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return
	}
	c.json(http.StatusOK, map[string]bool{"enabled": true, "enforced_by_owner": enforced})
}

// orgImmutableJSON is an organization's enforcement as GitHub shows it.
type orgImmutableJSON struct {
	EnforcedRepositories    string `json:"enforced_repositories"`
	SelectedRepositoriesURL string `json:"selected_repositories_url,omitempty"`
}

func getOrgImmutable(c *reqCtx, _ *world, org *Account) {
	s := immutableOf(org)
	out := orgImmutableJSON{EnforcedRepositories: s.Visibility}
	if s.Visibility == "selected" {
		out.SelectedRepositoriesURL = c.apiBase + "/orgs/" + org.Login + "/settings/immutable-releases/repositories"
	}
	c.json(http.StatusOK, out)
}

// putOrgImmutable sets the enforcement: enforced_repositories is
// required; selected_repository_ids only with selected.
func putOrgImmutable(c *reqCtx, w *world, org *Account) {
	f, ok := c.fields(true)
	if !ok {
		return
	}
	enforced := f.str("enforced_repositories")
	ids, present := repositoryIDs(f)
	switch {
	case f.failed:
		return
	case enforced == nil:
		c.notSupplied("enforced_repositories")
		return
	case *enforced != "all" && *enforced != "none" && *enforced != "selected":
		c.invalid("Validation Failed", fieldError{Resource: "ImmutableReleasesSettings", Code: "invalid", Field: "enforced_repositories"})
		return
	case present && len(ids) > 0 && *enforced != "selected":
		c.invalid("selected_repository_ids can only be set when enforced_repositories is 'selected'")
		return
	}
	for _, id := range ids {
		if r := w.repos[id]; r == nil || !strings.EqualFold(r.Owner, org.Login) {
			c.invalid(msgUnknownRepository(id))
			return
		}
	}
	s := immutableOf(org)
	s.Visibility = *enforced
	switch {
	case *enforced != "selected":
		s.Selected = nil
	case present:
		s.Selected = dedupeIDs(ids)
	}
	c.noContent()
}
