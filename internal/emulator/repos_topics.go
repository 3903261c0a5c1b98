package emulator

import (
	"net/http"
)

func init() { registerKind("topics", (*Server).topicsRoutes) }

// topicsRoutes declares a repository's topics, which the repository object
// also shows.
func (s *Server) topicsRoutes(t *routeTable) {
	const doc = "https://docs.github.com/rest/repos/repos"
	t.repo("GET", "/topics", repoOp{auth: authOptional, doc: doc + "#get-all-repository-topics"}, s.getTopics)
	t.repo("PUT", "/topics", repoOp{auth: authRequired, need: accessWrite, write: true, doc: doc + "#replace-all-repository-topics"}, s.putTopics)
}

type topicsJSON struct {
	Names []string `json:"names"`
}

func (s *Server) getTopics(c *reqCtx, w *world, r *Repo) {
	c.json(http.StatusOK, topicsJSON{Names: append([]string{}, r.Topics...)})
}

func (s *Server) putTopics(c *reqCtx, w *world, r *Repo) {
	m, ok := c.decode(true)
	if !ok {
		return
	}
	f := &fields{c: c, m: m}
	names, present := f.strings("names")
	if f.failed {
		return
	}
	if !present {
		c.json(http.StatusUnprocessableEntity, map[string]any{
			"message": "Invalid request.\n\n\"names\" wasn't supplied.", "documentation_url": c.doc, "status": "422",
		})
		return
	}
	topics, problems := NormalizeTopics(names)
	if len(problems) > 0 {
		c.json(http.StatusUnprocessableEntity, map[string]any{
			"message": "Validation Failed", "errors": problems, "documentation_url": c.doc, "status": "422",
		})
		return
	}
	r.Topics = topics
	r.UpdatedAt = s.now()
	c.json(http.StatusOK, topicsJSON{Names: append([]string{}, r.Topics...)})
}
