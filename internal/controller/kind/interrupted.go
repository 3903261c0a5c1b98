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

// CreatedByLostCreate tells, when the record of a create was lost (the
// provider stopped between GitHub creating the object and the external
// name being saved), whether the object GitHub created at createdAt is
// that create's result: mg's create did not finish (neither succeeded nor
// failed) and GitHub created the object while it was under way. An object
// that existed before, or that someone created after a create that failed,
// is not.
func CreatedByLostCreate(mg resource.Managed, createdAt *time.Time) bool {
	return meta.ExternalCreateIncomplete(mg) && CreatedDuring(createdAt, meta.GetExternalCreatePending(mg))
}
