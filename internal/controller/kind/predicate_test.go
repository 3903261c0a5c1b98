package kind

import (
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/event"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
)

func TestDesiredStateChanged(t *testing.T) {
	with := func(gen int64, labels, annotations map[string]string) *repomv1alpha1.Repository {
		return &repomv1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Generation: gen, Labels: labels, Annotations: annotations}}
	}
	const pending, failed = meta.AnnotationKeyExternalCreatePending, meta.AnnotationKeyExternalCreateFailed
	cases := map[string]struct {
		reason   string
		old, new *repomv1alpha1.Repository
		want     bool
	}{
		"Spec":   {"a changed spec is a changed desire", with(1, nil, nil), with(2, nil, nil), true},
		"Label":  {"a label selects, so it is a desire", with(1, nil, nil), with(1, map[string]string{"a": "b"}, nil), true},
		"Status": {"a status write changes nothing the user wants", with(1, nil, nil), with(1, nil, nil), false},
		"ExternalName": {"an external name set by the user is a desire", with(1, nil, nil),
			with(1, nil, map[string]string{meta.AnnotationKeyExternalName: "x"}), true},
		"CreateRefusedRecorded": {"the record of a refused create, written after it, is bookkeeping",
			with(1, nil, map[string]string{pending: "t1"}),
			with(1, nil, map[string]string{pending: "t1", failed: "t1", AnnotationCreateRefused: "t1"}), false},
		"CreateRefusedForgotten": {"a refusal forgotten before the next create is bookkeeping",
			with(1, nil, map[string]string{pending: "t1", failed: "t1", AnnotationCreateRefused: "t1"}),
			with(1, nil, map[string]string{pending: "t2", failed: "t1"}), false},
		"OtherAnnotationBesideBookkeeping": {"another annotation changed beside bookkeeping is a desire",
			with(1, nil, map[string]string{pending: "t1"}),
			with(1, nil, map[string]string{pending: "t2", meta.AnnotationKeyPollInterval: "1h"}), true},
	}
	p := desiredStateChanged()
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := p.Update(event.UpdateEvent{ObjectOld: tc.old, ObjectNew: tc.new}); got != tc.want {
				t.Errorf("%s: Update(...) = %v, want %v", tc.reason, got, tc.want)
			}
		})
	}
}
