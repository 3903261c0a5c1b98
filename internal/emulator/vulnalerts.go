package emulator

import "net/http"

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
