package importer

import (
	"strings"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/secret"
)

// secretValueKey is the key of the Kubernetes Secret that holds an
// imported secret's value.
const secretValueKey = "value"

// secretNote is the note of every imported Actions or Dependabot secret.
const secretNote = "GitHub never reveals a secret's value. Observed only, the resource needs no Kubernetes Secret; managed (--mode manage), " +
	"the provider writes the value of its Kubernetes Secret to GitHub once, as GitHub cannot tell whether it already holds it."

// importedSecret is the resource of kind, keyed key, for GitHub's secret
// got of the repository repo (nil for an organization's), whose value is
// what (for the list of Secrets to create), and the secret's parameters;
// the caller puts them in the kind's parameters, with the targets, as the
// resource's ForProvider. They refer to a Kubernetes Secret of the
// resource's own name, with the key value, in the import's namespace.
func importedSecret(s *Session, repo *Repo, kind, key string, got *gh.StoredSecret, what string) (Resource, common.SecretValueParameters) {
	r := Resource{Kind: kind, Group: "org", Key: key, ExternalName: strings.ToUpper(got.Name)}
	if repo != nil {
		r.Group, r.Repository = "repo", repo.Name
	}
	ref := common.SecretKeyRef{Name: s.Name(r), Key: secretValueKey}
	if s.Options.Scope == Cluster {
		ref.Namespace = ptr.To(s.Options.Namespace)
	}
	r.Secrets = []Secret{{Name: ref.Name, Key: ref.Key, What: what}}
	r.Notes = []string{secretNote}
	return r, secret.Imported(got, ref)
}
