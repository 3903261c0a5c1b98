package emulator

import "net/http"

func init() { registerKind("vulnerability-alerts", (*Server).vulnerabilityAlertsRoutes) }

// vulnerabilityAlertsRoutes declares the switch for a repository's
// Dependabot alerts.
func (s *Server) vulnerabilityAlertsRoutes(t *routeTable) {
	const doc = "https://docs.github.com/rest/repos/repos"
	t.repo("GET", "/vulnerability-alerts", repoOp{auth: authRequired, need: accessAdmin, doc: doc + "#check-if-vulnerability-alerts-are-enabled-for-a-repository"}, s.getVulnerabilityAlerts)
	t.repo("PUT", "/vulnerability-alerts", repoOp{auth: authRequired, need: accessAdmin, write: true, doc: doc + "#enable-vulnerability-alerts"}, s.putVulnerabilityAlerts)
	t.repo("DELETE", "/vulnerability-alerts", repoOp{auth: authRequired, need: accessAdmin, write: true, doc: doc + "#disable-vulnerability-alerts"}, s.deleteVulnerabilityAlerts)
}

func (s *Server) getVulnerabilityAlerts(c *reqCtx, w *world, r *Repo) {
	if !r.VulnerabilityAlerts {
		c.fail(http.StatusNotFound, "Vulnerability alerts are disabled.", c.doc)
		return
	}
	c.noContent()
}

func (s *Server) putVulnerabilityAlerts(c *reqCtx, w *world, r *Repo) {
	r.VulnerabilityAlerts = true
	c.noContent()
}

func (s *Server) deleteVulnerabilityAlerts(c *reqCtx, w *world, r *Repo) {
	r.VulnerabilityAlerts = false
	c.noContent()
}
