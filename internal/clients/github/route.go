package github

import (
	"strings"
)

// routeOf names the GitHub REST route of an API path the way GitHub's
// documentation does ("/repos/{owner}/{repo}/topics"), so that metrics have
// one series per route and never one per repository. A GitHub Enterprise
// Server prefix (/api/v3) is dropped. Unknown paths are "other".
func routeOf(path string) string {
	segs := splitPath(path)
	switch {
	case len(segs) == 0:
		return "/"
	case segs[0] == "repos" && len(segs) >= 3:
		return "/repos/{owner}/{repo}" + tail(segs[3:])
	case segs[0] == "repositories" && len(segs) >= 2:
		return "/repositories/{id}" + tail(segs[2:])
	case segs[0] == "users" && len(segs) == 2:
		return "/users/{username}"
	case segs[0] == "users" && len(segs) == 3 && segs[2] == "repos":
		return "/users/{username}/repos"
	case segs[0] == "orgs" && len(segs) == 2:
		return "/orgs/{org}"
	case segs[0] == "orgs" && len(segs) == 3 && segs[2] == "repos":
		return "/orgs/{org}/repos"
	case segs[0] == "app" && len(segs) == 4 && segs[1] == "installations" && segs[3] == "access_tokens":
		return "/app/installations/{installation_id}/access_tokens"
	case len(segs) <= 2 && (segs[0] == "user" || segs[0] == "rate_limit" || segs[0] == "app"):
		return "/" + strings.Join(segs, "/")
	}
	return "other"
}

// tail keeps the fixed part of a repository sub-resource path; only the
// sub-resources the provider uses are named, so that an id in a path never
// becomes a label value.
func tail(segs []string) string {
	if len(segs) == 0 {
		return ""
	}
	switch segs[0] {
	case "topics", "vulnerability-alerts", "generate", "forks":
		if len(segs) == 1 {
			return "/" + segs[0]
		}
	}
	return "/{...}"
}

// repoScope is the repository a path belongs to ("repos/owner/name",
// lower-cased, or "repositories/<id>"), or "" when it belongs to none. Cached
// answers are invalidated per scope.
func repoScope(path string) string {
	segs := splitPath(path)
	switch {
	case len(segs) >= 3 && segs[0] == "repos":
		return strings.ToLower("repos/" + segs[1] + "/" + segs[2])
	case len(segs) >= 2 && segs[0] == "repositories":
		return "repositories/" + segs[1]
	}
	return ""
}

// repoObjectKey is the scope of a path that names a repository itself (not
// one of its sub-resources): the reads the full-read planner schedules.
func repoObjectKey(path string) (string, bool) {
	segs := splitPath(path)
	if (len(segs) == 3 && segs[0] == "repos") || (len(segs) == 2 && segs[0] == "repositories") {
		return repoScope(path), true
	}
	return "", false
}

// splitPath splits an API path into segments, without the GitHub
// Enterprise Server prefix.
func splitPath(path string) []string {
	path = strings.Trim(path, "/")
	if rest, ok := strings.CutPrefix(path, "api/v3"); ok && (rest == "" || rest[0] == '/') {
		path = strings.Trim(rest, "/")
	}
	if path == "" {
		return nil
	}
	return strings.Split(path, "/")
}
