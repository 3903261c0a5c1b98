package kind

import (
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/google/go-cmp/cmp"
	"k8s.io/apimachinery/pkg/runtime"
)

// events keeps what is recorded.
type events struct{ got *[]event.Event }

func (r events) Event(_ runtime.Object, e event.Event)    { *r.got = append(*r.got, e) }
func (r events) WithAnnotations(...string) event.Recorder { return r }

func TestWaitingRecorder(t *testing.T) {
	notCreated := notCreatedYet("Repository team/api", "spec.forProvider.repositoryRef")
	cases := map[string]struct {
		reason string
		in     event.Event
		want   event.Event
	}{
		"WaitingIsNormal": {
			reason: "The reconciler's warning about a referenced resource not yet on GitHub is recorded as a Normal WaitingForReference event.",
			in:     event.Warning("CannotConnectToProvider", notCreated),
			want:   event.Event{Type: event.TypeNormal, Reason: reasonWaiting, Message: notCreated.Error(), Annotations: map[string]string{}},
		},
		"WrappedWaitingIsNormal": {
			reason: "So is the warning about such an error wrapped with what was attempted.",
			in:     event.Warning("CannotCreateExternalResource", errors.Wrap(notCreated, "cannot create the team")),
			want:   event.Event{Type: event.TypeNormal, Reason: reasonWaiting, Message: "cannot create the team: " + notCreated.Error(), Annotations: map[string]string{}},
		},
		"OtherWarningsStay": {
			reason: "Any other warning is recorded as it is.",
			in:     event.Warning("CannotObserveExternalResource", errors.New("boom")),
			want:   event.Warning("CannotObserveExternalResource", errors.New("boom")),
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			var got []event.Event
			waitingRecorder{events{&got}}.WithAnnotations("k", "v").Event(nil, tc.in)
			if diff := cmp.Diff([]event.Event{tc.want}, got); diff != "" {
				t.Errorf("\n%s\nrecorded: -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}
