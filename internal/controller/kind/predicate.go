package kind

import (
	"maps"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

// bookkeeping are the annotations the reconciler itself writes while it
// creates: crossplane-runtime's create-pending and create-failed times,
// and our record of a create GitHub refused. A change of them is not a
// change of what the user wants, and the reconciler asks for its next
// reconcile itself (with its backoff): were they to enqueue the resource,
// a create GitHub refuses would be sent again at once, without end — the
// refusal's record written after each create and removed before the next,
// each write an update event.
var bookkeeping = []string{meta.AnnotationKeyExternalCreatePending, meta.AnnotationKeyExternalCreateFailed, AnnotationCreateRefused}

// desiredStateChanged lets through the updates that change what the user
// wants: the generation (the spec), the labels, or an annotation other
// than bookkeeping. It is crossplane-runtime's resource.DesiredStateChanged
// with our own bookkeeping left out too.
func desiredStateChanged() predicate.Predicate {
	return predicate.Or[client.Object](annotationsChanged{}, predicate.LabelChangedPredicate{}, predicate.GenerationChangedPredicate{})
}

// annotationsChanged lets through the updates that change an annotation
// other than bookkeeping.
type annotationsChanged struct{ predicate.Funcs }

func (annotationsChanged) Update(e event.UpdateEvent) bool {
	if e.ObjectOld == nil || e.ObjectNew == nil {
		return false
	}
	o, n := maps.Clone(e.ObjectOld.GetAnnotations()), maps.Clone(e.ObjectNew.GetAnnotations())
	for _, k := range bookkeeping {
		delete(o, k)
		delete(n, k)
	}
	return !maps.Equal(o, n)
}
