package kind

import (
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
)

const (
	// CreateWindow is how long after a resource's create started GitHub
	// may report an object as created for it to count as that create's
	// result, when a crash lost the record of it.
	CreateWindow = 10 * time.Minute

	// ClockSkew is how far GitHub's clock may be behind the provider's.
	ClockSkew = 10 * time.Second
)

// CreatedDuring tells whether GitHub created an object at createdAt
// during a create that started at pending (nil: GitHub did not say when,
// so it cannot be told).
func CreatedDuring(createdAt *time.Time, pending time.Time) bool {
	if createdAt == nil || pending.IsZero() {
		return false
	}
	return !createdAt.Before(pending.Add(-ClockSkew)) && !createdAt.After(pending.Add(CreateWindow))
}

// CreateUnconfirmed tells whether mg's last create may have made an
// object GitHub's answer did not confirm: the create was cut off (it
// neither succeeded nor failed: the provider stopped), or it failed, since
// a failure may be an answer lost after GitHub carried the write out (a
// 502 from GitHub's gateway, a timeout, a dropped connection). Only the
// object's own evidence (its creation time, its content) can then tell
// whether it is that create's result.
func CreateUnconfirmed(mg resource.Managed) bool {
	pending := meta.GetExternalCreatePending(mg)
	return !pending.IsZero() && meta.GetExternalCreateSucceeded(mg).Before(pending)
}

// CreatedByLostCreate tells, when the record of a create was lost (the
// provider stopped between GitHub creating the object and the external
// name being saved, or GitHub's answer to the create was lost), whether
// the object GitHub created at createdAt is that create's result: mg's
// create was not confirmed (CreateUnconfirmed) and GitHub created the
// object while it was under way — up to when it failed, or within
// CreateWindow of its start when the provider stopped during it. An object
// that existed before, or that someone created after a create that
// failed, is not.
func CreatedByLostCreate(mg resource.Managed, createdAt *time.Time) bool {
	if !CreateUnconfirmed(mg) || !CreatedDuring(createdAt, meta.GetExternalCreatePending(mg)) {
		return false
	}
	failed := meta.GetExternalCreateFailed(mg)
	if failed.Before(meta.GetExternalCreatePending(mg)) {
		return true
	}
	return !createdAt.After(failed.Add(ClockSkew))
}
