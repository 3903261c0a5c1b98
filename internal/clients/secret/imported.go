package secret

import (
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Imported is the spec of an ActionsSecret or DependabotSecret resource
// for GitHub's secret s (its repository and environment are the
// importer's to name): its name, and the Kubernetes Secret key its value
// is to come from, value, since GitHub never reveals one. Observed only,
// the resource needs no value; managed, it writes the value once, as
// which value GitHub holds is not known (Drift).
func Imported(s *github.StoredSecret, value common.SecretKeyRef) common.SecretValueParameters {
	return common.SecretValueParameters{Name: s.Name, ValueSecretRef: value}
}
