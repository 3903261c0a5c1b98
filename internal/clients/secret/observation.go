package secret

import (
	"strings"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// SameName tells whether two secret names are the same secret's: GitHub
// compares them without regard to case.
func SameName(a, b string) bool { return strings.EqualFold(a, b) }

// Applied is what the provider remembers of its last write of a secret.
type Applied struct {
	// Hash is the ValueHash of the value sent; "" when unknown.
	Hash string
	// At is GitHub's updated_at of that write, as first read after it;
	// nil until then.
	At *metav1.Time
}

// Observation is the status.atProvider of GitHub's secret s, with what
// the provider applied; where it is is the kind's to add.
func Observation(s *github.StoredSecret, applied Applied) common.SecretValueObservation {
	o := common.SecretValueObservation{Name: ptr.To(s.Name), AppliedAt: applied.At}
	if applied.Hash != "" {
		o.AppliedValueHash = ptr.To(applied.Hash)
	}
	if s.CreatedAt != nil {
		o.CreatedAt = ptr.To(metav1.NewTime(*s.CreatedAt))
	}
	if s.UpdatedAt != nil {
		o.UpdatedAt = ptr.To(metav1.NewTime(*s.UpdatedAt))
	}
	return o
}

// Settle completes applied with the write's time once GitHub shows the
// value the provider sent: the first read after a write (applied.At nil,
// the hash still the declared value's) takes GitHub's updated_at as that
// write's. A write by someone else between the provider's write and that
// read goes unseen; one after it moves updated_at past applied.At.
func Settle(applied Applied, want string, s *github.StoredSecret) Applied {
	if applied.At == nil && applied.Hash != "" && applied.Hash == want && s.UpdatedAt != nil {
		applied.At = ptr.To(metav1.NewTime(*s.UpdatedAt))
	}
	return applied
}

// Drift names why GitHub's secret s does not hold the declared value,
// whose hash is want: the value changed (or which value GitHub has is not
// known), or someone else wrote the secret after the provider did. Empty
// when s is up to date.
func Drift(applied Applied, want string, s *github.StoredSecret) []string {
	switch {
	case applied.Hash == "":
		return []string{"valueSecretRef (value GitHub holds unknown)"}
	case applied.Hash != want:
		return []string{"valueSecretRef (value changed)"}
	case applied.At != nil && s.UpdatedAt != nil && s.UpdatedAt.Truncate(time.Second).After(applied.At.Time):
		// Status keeps times to the second (as GitHub answers them).
		return []string{"value (written on GitHub since the provider's last write)"}
	}
	return nil
}

// Remembered is what the provider knows it applied to GitHub's secret s:
// the status's record (hash, time) of its last write, or, before the
// status has one, the hash a create recorded (created; "" for none), whose
// time is not known yet. A status record older than s itself (s created
// after it: the secret was deleted on GitHub and created again) tells
// nothing of s: s holds the value of this resource's last create when that
// create made it (byLastCreate), and an unknown value otherwise (someone
// else created it), which is then sent again.
func Remembered(hash *string, at *metav1.Time, created string, byLastCreate bool, s *github.StoredSecret) Applied {
	if hash == nil || *hash == "" {
		return Applied{Hash: created}
	}
	if at != nil && s.CreatedAt != nil && s.CreatedAt.Truncate(time.Second).After(at.Time) {
		if byLastCreate {
			return Applied{Hash: created}
		}
		return Applied{}
	}
	return Applied{Hash: *hash, At: at}
}
