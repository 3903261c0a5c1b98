package github

import "net/http"

// A repository's Dependabot secrets: a store of its own, with its own
// public key, that SecretsClient serves for SecretStore{Dependabot: true}.
// They need Dependabot secrets: read / write (classic tokens: repo).
var (
	routeDependabotPublicKey = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/dependabot/secrets/public-key",
		Permission: "Dependabot secrets: read", Scope: "repo", Cache: CacheConditional})
	routeGetDependabotSecret = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/dependabot/secrets/{secret_name}",
		Permission: "Dependabot secrets: read", Scope: "repo", Cache: CacheConditional})
	routePutDependabotSecret = declare(Route{Method: http.MethodPut, Template: "/repos/{owner}/{repo}/dependabot/secrets/{secret_name}",
		Permission: "Dependabot secrets: write", Scope: "repo"})
	routeDeleteDependabotSecret = declare(Route{Method: http.MethodDelete, Template: "/repos/{owner}/{repo}/dependabot/secrets/{secret_name}",
		Permission: "Dependabot secrets: write", Scope: "repo"})
)
