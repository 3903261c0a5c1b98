package deploykey

import (
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Imported is the spec of a DeployKey resource for GitHub's deploy key k,
// as it is (its repository is the importer's to name): its title, its
// public key as GitHub keeps it (type and base64 key), and readOnly when
// the key may also write (read-only is the spec's default).
func Imported(k *github.DeployKey) common.DeployKeyParameters {
	p := common.DeployKeyParameters{Title: k.Title, PublicKey: ptr.To(k.Key)}
	if !k.ReadOnly {
		p.ReadOnly = ptr.To(false)
	}
	return p
}
