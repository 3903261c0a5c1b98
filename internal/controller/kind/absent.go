package kind

import (
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// referenceGrace is how long after its creation a resource waits, without
// a warning, for something it names to appear. Resources applied together
// (kubectl apply -f of a folder, a Composition) are created and cached in
// any order: a Branch may be seen before its Repository.
const referenceGrace = time.Minute

// waitingToAppear ends the message of an error that says something a new
// resource names does not exist yet.
const waitingToAppear = "this resource waits for it to appear"

// Absent is the error that says something mg names does not exist: absent
// says what ("spec.forProvider.repositoryRef names Repository api, which
// does not exist"), fix what to do about it. Within referenceGrace of mg's
// creation it says that mg waits for it instead (recorded as a Normal
// WaitingForReference event, not a warning); after that, what to fix.
func Absent(mg metav1.Object, now time.Time, absent, fix string) error {
	if now.Sub(mg.GetCreationTimestamp().Time) < referenceGrace {
		return errors.New(absent + " yet: " + waitingToAppear)
	}
	return errors.New(absent + ": " + fix)
}
