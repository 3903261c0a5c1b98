package emulator

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
)

func init() { registerKind("codeowners", codeownersRoutes) }

// codeownersRoutes declares the check of a repository's CODEOWNERS file,
// for whoever may read the repository.
func codeownersRoutes(_ *Server, t *routeTable) {
	t.repo(http.MethodGet, "/codeowners/errors", repoOp{need: accessRead, doc: docRepos + "#list-codeowners-errors"}, getCodeownersErrors)
}

// codeownersPaths are where GitHub looks for a repository's CODEOWNERS
// file, in its order: the first that exists is the one in effect.
var codeownersPaths = []string{".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS"}

// codeownersError is one error GitHub finds in a CODEOWNERS file.
type codeownersError struct {
	Line       int     `json:"line"`
	Column     int     `json:"column"`
	Source     string  `json:"source"`
	Kind       string  `json:"kind"`
	Suggestion *string `json:"suggestion"`
	Message    string  `json:"message"`
	Path       string  `json:"path"`
}

// getCodeownersErrors answers the errors of the CODEOWNERS file in effect
// at ref (the default branch when the query has none); 404 when the
// repository has no such file there, or no such ref.
func getCodeownersErrors(c *reqCtx, w *world, r *Repo) {
	ref := c.r.URL.Query().Get("ref")
	if ref == "" {
		ref = r.DefaultBranch
	}
	sha, _ := resolveRef(w, r, ref)
	files := filesAt(r, sha)
	for _, path := range codeownersPaths {
		if content, ok := files[path]; ok {
			c.json(http.StatusOK, map[string]any{"errors": w.codeownersErrors(r, path, string(content))})
			return
		}
	}
	c.fail(http.StatusNotFound, "Not Found", c.doc)
}

var (
	// codeownersEmail is an owner given by email address.
	codeownersEmail = regexp.MustCompile(`^[^@\s]+@[^@\s]+\.[^@\s]+$`)
	// manyStars are the asterisks of a pattern GitHub does not support.
	manyStars = regexp.MustCompile(`\*{3,}`)
)

// codeownersErrors checks each rule of a CODEOWNERS file as GitHub does
// (best effort, see docs/emulator.md): a pattern GitHub does not support
// (three asterisks in a row, a leading !, a [ ] range), an owner that is
// neither @user, @org/team nor an email address, and a user or team that
// does not exist or has no write access to the repository.
func (w *world) codeownersErrors(r *Repo, path, content string) []codeownersError {
	out := []codeownersError{}
	for i, line := range strings.Split(content, "\n") {
		source := strings.TrimRight(line, "\r")
		rule := source
		if at := strings.Index(rule, " #"); at >= 0 {
			rule = rule[:at]
		}
		if strings.HasPrefix(strings.TrimSpace(rule), "#") || strings.TrimSpace(rule) == "" {
			continue
		}
		fields := fieldsWithColumns(rule)
		add := func(column int, kind, suggestion, detail string) {
			e := codeownersError{Line: i + 1, Column: column, Source: source, Kind: kind, Path: path}
			head := fmt.Sprintf("%s on line %d", kind, i+1)
			switch {
			case suggestion != "":
				e.Suggestion = &suggestion
				head += ": " + suggestion
			case detail != "":
				head += ": " + detail
			}
			e.Message = fmt.Sprintf("%s\n\n  %s\n  %s^", head, source, strings.Repeat(" ", column-1))
			out = append(out, e)
		}
		pattern := fields[0]
		switch {
		case strings.Contains(pattern.text, "***"):
			fixed := manyStars.ReplaceAllString(pattern.text, "**")
			add(pattern.column, "Invalid pattern", fmt.Sprintf("Did you mean %#q?", fixed), "")
		case strings.HasPrefix(pattern.text, "!"), strings.ContainsAny(pattern.text, "[]"):
			add(pattern.column, "Invalid pattern", "", "negation (!) and character ranges ([ ]) are not supported")
		}
		for _, owner := range fields[1:] {
			if kind, detail := w.codeownerProblem(r, owner.text); kind != "" {
				add(owner.column, kind, "", detail)
			}
		}
	}
	return out
}

// codeownerProblem is the kind of error GitHub finds in owner, and what to
// do about it; "" when it is a valid owner of r.
func (w *world) codeownerProblem(r *Repo, owner string) (kind, detail string) {
	name, ok := strings.CutPrefix(owner, "@")
	switch {
	case !ok && codeownersEmail.MatchString(owner):
		return "", ""
	case !ok || name == "":
		return "Invalid owner", ""
	}
	unknown := fmt.Sprintf("make sure %s exists and has write access to the repository", owner)
	if org, slug, isTeam := strings.Cut(name, "/"); isTeam {
		t := w.teamBySlug(org, slug)
		if t == nil || !strings.EqualFold(org, r.Owner) || w.grantedToTeam(t, r) < accessWrite {
			return "Unknown owner", unknown
		}
		return "", ""
	}
	u := w.account(name)
	if u == nil || u.IsOrg() || w.access(&principal{user: u}, r) < accessWrite {
		return "Unknown owner", unknown
	}
	return "", ""
}

// column is a word of a line and the column (from 1) it starts at.
type column struct {
	text   string
	column int
}

// fieldsWithColumns splits a line into its words, with their columns.
func fieldsWithColumns(line string) []column {
	var out []column
	start := -1
	for i, ch := range line + " " {
		space := ch == ' ' || ch == '\t'
		switch {
		case !space && start < 0:
			start = i
		case space && start >= 0:
			out = append(out, column{text: line[start:i], column: start + 1})
			start = -1
		}
	}
	return out
}
