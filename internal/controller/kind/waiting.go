package kind

import (
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"k8s.io/apimachinery/pkg/runtime"
)

// waiting ends the message of every error that says a resource this one
// refers to (its Repository, Team, Branch) is not on GitHub yet.
const waiting = "this resource waits until it is Ready"

// reasonWaiting is the reason of the event that says so.
const reasonWaiting event.Reason = "WaitingForReference"

// waitingRecorder records the warning the managed reconciler records for
// such an error, or for one that says something a new resource names does
// not exist yet (Absent), as a Normal WaitingForReference event: a
// resource applied together with the Repository it belongs to waits for
// it, which is nothing to warn about. The conditions still say what it waits for.
type waitingRecorder struct{ event.Recorder }

func (r waitingRecorder) Event(obj runtime.Object, e event.Event) {
	if e.Type == event.TypeWarning && (strings.HasSuffix(e.Message, waiting) || strings.HasSuffix(e.Message, waitingToAppear)) {
		e.Type, e.Reason = event.TypeNormal, reasonWaiting
	}
	r.Recorder.Event(obj, e)
}

func (r waitingRecorder) WithAnnotations(keysAndValues ...string) event.Recorder {
	return waitingRecorder{r.Recorder.WithAnnotations(keysAndValues...)}
}
