// Package dropped holds what the kinds share about those GitHub takes in a
// write and leaves out of what it keeps (branch protection's users and
// teams without push access, an environment's reviewer teams without
// access to the repository): when to ask for them again. Asking on every
// poll would be a write per poll that GitHub answers the same way. It is
// pure: no Kubernetes client, no HTTP.
package dropped

import (
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// RetryAfter is how long after GitHub left someone out the provider asks
// for them again (they may have been given access meanwhile): one write
// each time, not one per poll. A change of the spec asks at once.
const RetryAfter = 30 * time.Minute

// RetryDue tells whether it is time to ask GitHub again for those it left
// out at the time at.
func RetryDue(at metav1.Time, now time.Time) bool { return !now.Before(at.Add(RetryAfter)) }

// Settling is how long after a resource was made those GitHub leaves out
// may be given their access any moment: resources applied together (a
// Composition, kubectl apply -f of a folder) grant a team its access while
// the resource that names the team is being written. Within it they are
// asked for again on every poll, and leaving them out is no warning.
const Settling = 2 * time.Minute

// StillSettling tells whether a resource made at created is within
// Settling at now.
func StillSettling(created metav1.Time, now time.Time) bool {
	return now.Before(created.Add(Settling))
}

// AskAgain is the drift an observation reports when RetryDue.
var AskAgain = fmt.Sprintf("asking GitHub again, %s later, for those it left out", RetryAfter)
