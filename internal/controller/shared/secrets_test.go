package shared

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

func TestTransformSecrets(t *testing.T) {
	in := &metav1.PartialObjectMetadata{ObjectMeta: metav1.ObjectMeta{
		Name: "s", Namespace: "ns", UID: "u", ResourceVersion: "7",
		Annotations:   map[string]string{lastApplied: `{"data":{"secret":"aHVudGVyMg=="}}`, "team": "ci"},
		ManagedFields: []metav1.ManagedFieldsEntry{{Manager: "kubectl"}},
	}}
	out, err := TransformSecrets()(in)
	if err != nil {
		t.Fatal(err)
	}
	want := &metav1.PartialObjectMetadata{ObjectMeta: metav1.ObjectMeta{
		Name: "s", Namespace: "ns", UID: "u", ResourceVersion: "7", Annotations: map[string]string{"team": "ci"},
	}}
	if diff := cmp.Diff(want, out); diff != "" {
		t.Errorf("TransformSecrets()(...): -want, +got:\n%s", diff)
	}
}
