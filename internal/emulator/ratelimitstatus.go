package emulator

import "net/http"

func init() { registerKind("rate-limit", (*Server).rateLimitRoutes) }

// rateLimitRoutes declares the rate-limit status, which is free of charge.
func (s *Server) rateLimitRoutes(t *routeTable) {
	t.add("GET", "/rate_limit", authOptional, "https://docs.github.com/rest/rate-limit/rate-limit#get-rate-limit-status-for-the-authenticated-user", s.getRateLimit).free = true
}

// rateLimitJSON is GitHub's rate-limit object.
type rateLimitJSON struct {
	Limit     int    `json:"limit"`
	Remaining int    `json:"remaining"`
	Reset     int64  `json:"reset"`
	Used      int    `json:"used"`
	Resource  string `json:"resource,omitempty"`
}

func (s *Server) getRateLimit(c *reqCtx) {
	core := rateLimitJSON{Limit: c.rate.Limit, Remaining: c.rate.Remaining, Reset: c.rate.Reset.Unix(), Used: c.rate.Used, Resource: "core"}
	reset := c.rate.Reset.Unix()
	other := func(limit int, res string) rateLimitJSON {
		return rateLimitJSON{Limit: limit, Remaining: limit, Reset: reset, Resource: res}
	}
	c.json(http.StatusOK, map[string]any{
		"resources": map[string]rateLimitJSON{
			"core":                 core,
			"search":               other(30, "search"),
			"graphql":              other(5000, "graphql"),
			"integration_manifest": other(5000, "integration_manifest"),
			"code_search":          other(10, "code_search"),
		},
		"rate": core,
	})
}
