package kind

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"hash"
	"reflect"
	"sync"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	"k8s.io/apimachinery/pkg/types"
)

// specDigests keeps, per resource, the verdict digest's hash state after
// the resource's spec and annotations, at one resource version: the same
// version has the same spec and annotations, so a poll of an unchanged
// resource does not encode them again (what their JSON cost:
// docs/performance.md). The digest itself is
// the same with or without it. Entries unused for an hour or two are
// dropped: two generations, the older dropped every hour.
type specDigests struct {
	mu       sync.Mutex
	cur, old map[types.UID]specState
	rotated  time.Time
	now      func() time.Time
}

// specState is the hash state after one version's spec and annotations.
type specState struct {
	version string
	h       hash.Cloner
}

const specDigestsGeneration = time.Hour

func newSpecDigests() *specDigests {
	return &specDigests{cur: map[types.UID]specState{}, old: map[types.UID]specState{}, now: time.Now}
}

// hashOf returns a hash that has been written mg's spec and annotations.
func (d *specDigests) hashOf(mg resource.Managed) (hash.Hash, error) {
	uid, version := mg.GetUID(), mg.GetResourceVersion()
	if d == nil || uid == "" || version == "" {
		return specHash(mg)
	}
	d.mu.Lock()
	if now := d.now(); now.Sub(d.rotated) > specDigestsGeneration {
		d.old, d.cur, d.rotated = d.cur, map[types.UID]specState{}, now
	}
	s, ok := d.cur[uid]
	if !ok {
		if s, ok = d.old[uid]; ok {
			d.cur[uid] = s
		}
	}
	d.mu.Unlock()
	if ok && s.version == version {
		return s.h.Clone()
	}
	h, err := specHash(mg)
	if err != nil {
		return nil, err
	}
	c, ok := h.(hash.Cloner)
	if !ok {
		return h, nil
	}
	kept, err := c.Clone()
	if err != nil {
		return h, nil //nolint:nilerr // not kept; the digest is still right.
	}
	d.mu.Lock()
	d.cur[uid] = specState{version: version, h: kept}
	d.mu.Unlock()
	return h, nil
}

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
