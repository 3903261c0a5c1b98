package transport

import "strings"

// repoScope is the repository a path belongs to ("repos/owner/name",
// lower-cased, or "repositories/<id>"), or "" when it belongs to none. It
// goes by the path, not by declared routes: a write to any path of a
// repository, declared or not, may change what its reads answer, so cached
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

// objectKey names the object a path reads, for the full-read planner: the
// path without the GitHub Enterprise Server prefix, with the repository
// part written as repoScope writes it (GitHub's owner and repository names
// are not case-sensitive; the rest of a path may be).
func objectKey(path string) string {
	segs := splitPath(path)
	scope := repoScope(path)
	switch {
	case scope == "":
		return strings.Join(segs, "/")
	case segs[0] == "repos":
		return strings.Join(append([]string{scope}, segs[3:]...), "/")
	default:
		return strings.Join(append([]string{scope}, segs[2:]...), "/")
	}
}
