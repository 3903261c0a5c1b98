package kind

import (
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
)

// Exists is the observation of an object that exists and differs from the
// resource's spec in the fields drift lists (none: it is up to date);
// recovered says it was just found as a lost create's result, so that the
// managed reconciler saves the external name at once.
func Exists(drift []string, recovered bool) managed.ExternalObservation {
	return managed.ExternalObservation{
		ResourceExists:          true,
		ResourceUpToDate:        len(drift) == 0,
		ResourceLateInitialized: recovered,
		Diff:                    strings.Join(drift, ", "),
	}
}
