package kind

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"hash"
	"reflect"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
)

// specHash returns a hash that has been written mg's spec as read (also
// what a newer CRD defaults) and its annotations (the external name, the
// records of a create), each as its length and its JSON.
func specHash(mg resource.Managed) (hash.Hash, error) {
	spec := reflect.ValueOf(mg).Elem().FieldByName("Spec")
	if !spec.IsValid() {
		return nil, errors.Errorf("%T has no spec", mg)
	}
	specJSON, err := json.Marshal(spec.Interface())
	if err != nil {
		return nil, err
	}
	annotations, err := json.Marshal(mg.GetAnnotations()) // keys sorted
	if err != nil {
		return nil, err
	}
	h := sha256.New()
	writePart(h, specJSON)
	writePart(h, annotations)
	return h, nil
}

// writePart writes one part of a digest: its length, then itself.
func writePart[S string | []byte](h hash.Hash, part S) {
	_, _ = fmt.Fprintf(h, "%d:%s\n", len(part), part)
}
