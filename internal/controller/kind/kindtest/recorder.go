package kindtest

import (
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"k8s.io/apimachinery/pkg/runtime"
)

var _ event.Recorder = (*Recorder)(nil)

// Recorder is an event.Recorder that keeps the events recorded.
type Recorder struct {
	Events []event.Event
}

// Event keeps e.
func (r *Recorder) Event(_ runtime.Object, e event.Event) { r.Events = append(r.Events, e) }

// WithAnnotations is r: the tests look at events, not their annotations.
func (r *Recorder) WithAnnotations(...string) event.Recorder { return r }

// Reasons are the reasons of the events recorded, in order; nil for none.
func (r *Recorder) Reasons() []event.Reason {
	var out []event.Reason
	for _, e := range r.Events {
		out = append(out, e.Reason)
	}
	return out
}
