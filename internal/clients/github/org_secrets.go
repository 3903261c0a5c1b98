package github

import "net/http"

// An organization's Actions and Dependabot secrets: two stores of their
// own, each with its public key, that SecretsClient serves for
// SecretStore{Org: true} (and Dependabot), the organization as the owner.
// Each secret is shared with all, the private or selected repositories of
// the organization (see Sharing). They need the organization permissions
// Secrets and Dependabot secrets (classic tokens: admin:org). Reads are
// conditional: a 304 is free.
var (
	routeOrgActionsPublicKey = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/actions/secrets/public-key",
		Permission: "Secrets: read", Scope: "admin:org", Cache: CacheConditional})
	routeGetOrgActionsSecret = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/actions/secrets/{secret_name}",
		Permission: "Secrets: read", Scope: "admin:org", Cache: CacheConditional})
	routePutOrgActionsSecret = declare(Route{Method: http.MethodPut, Template: "/orgs/{org}/actions/secrets/{secret_name}",
		Permission: "Secrets: write", Scope: "admin:org"})
	routeDeleteOrgActionsSecret = declare(Route{Method: http.MethodDelete, Template: "/orgs/{org}/actions/secrets/{secret_name}",
		Permission: "Secrets: write", Scope: "admin:org"})
	routeListOrgActionsSecrets = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/actions/secrets",
		Permission: "Secrets: read", Scope: "admin:org", Cache: CacheConditional})

	routeOrgDependabotPublicKey = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/dependabot/secrets/public-key",
		Permission: "Dependabot secrets: read", Scope: "admin:org", Cache: CacheConditional})
	routeGetOrgDependabotSecret = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/dependabot/secrets/{secret_name}",
		Permission: "Dependabot secrets: read", Scope: "admin:org", Cache: CacheConditional})
	routePutOrgDependabotSecret = declare(Route{Method: http.MethodPut, Template: "/orgs/{org}/dependabot/secrets/{secret_name}",
		Permission: "Dependabot secrets: write", Scope: "admin:org"})
	routeDeleteOrgDependabotSecret = declare(Route{Method: http.MethodDelete, Template: "/orgs/{org}/dependabot/secrets/{secret_name}",
		Permission: "Dependabot secrets: write", Scope: "admin:org"})
	routeListOrgDependabotSecrets = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/dependabot/secrets",
		Permission: "Dependabot secrets: read", Scope: "admin:org", Cache: CacheConditional})
)
