package deploykey

import (
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// readOnly is the spec's readOnly, true when left out.
func readOnly(p *common.DeployKeyParameters) bool { return ptr.Deref(p.ReadOnly, true) }

// Request is the deploy key add of p with the public key key.
func Request(p *common.DeployKeyParameters, key PublicKey) *github.DeployKeyRequest {
	return &github.DeployKeyRequest{Title: p.Title, Key: key.Canonical, ReadOnly: readOnly(p)}
}

// Drift names what GitHub's deploy key k has other than p with the public
// key key; nil when nothing differs.
func Drift(p *common.DeployKeyParameters, key PublicKey, k *github.DeployKey) []string {
	var d []string
	if !SameKey(k.Key, key.Canonical) {
		d = append(d, "public key")
	}
	if k.Title != p.Title {
		d = append(d, fmt.Sprintf("title (%q on GitHub, %q in the spec)", k.Title, p.Title))
	}
	if k.ReadOnly != readOnly(p) {
		d = append(d, fmt.Sprintf("readOnly (%t on GitHub, %t in the spec)", k.ReadOnly, readOnly(p)))
	}
	return d
}

// FindByKey finds the deploy key of list with the public key key.
func FindByKey(list []github.DeployKey, key PublicKey) *github.DeployKey {
	for i := range list {
		if SameKey(list[i].Key, key.Canonical) {
			return &list[i]
		}
	}
	return nil
}

// Observation is GitHub's deploy key k of repository fullName as the
// resource's status shows it.
func Observation(fullName string, k *github.DeployKey) common.DeployKeyObservation {
	o := common.DeployKeyObservation{
		Repository: ptr.To(fullName), ID: ptr.To(k.ID), PublicKey: ptr.To(k.Key),
		Title: ptr.To(k.Title), ReadOnly: ptr.To(k.ReadOnly), Verified: ptr.To(k.Verified), AddedBy: k.AddedBy,
		CreatedAt: metaTime(k.CreatedAt), LastUsed: metaTime(k.LastUsed),
	}
	if pk, err := ParsePublicKey(k.Key); err == nil {
		o.Fingerprint = ptr.To(pk.Fingerprint)
	}
	return o
}

func metaTime(t *time.Time) *metav1.Time {
	if t == nil {
		return nil
	}
	return &metav1.Time{Time: *t}
}
