package kind

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/utils/ptr"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
)

func digestRepository(rv, description string) *repomv1alpha1.Repository {
	r := &repomv1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Namespace: "team", Name: "api", UID: "uid-1", ResourceVersion: rv,
		Annotations: map[string]string{"crossplane.io/external-name": "api"}}}
	r.Spec.ForProvider.Description = ptr.To(description)
	return r
}

// The digest is the one verdicts recorded before specDigests kept anything:
// a provider upgraded to it confirms every verdict already recorded.
func TestDigestUnchangedByTheCache(t *testing.T) {
	mg := digestRepository("7", "one")
	v := verdicts[*repomv1alpha1.Repository]{inputs: &readingExternal{inputs: "own"}, conn: "https://api.github.com/\x00demo-org", refs: &referred{seen: []string{"ref"}}, specs: newSpecDigests()}

	spec, _ := json.Marshal(mg.Spec)
	annotations, _ := json.Marshal(mg.Annotations)
	h := sha256.New()
	for _, part := range []string{string(spec), string(annotations), v.conn, fmt.Sprint([]string{"ref"}), "own"} {
		_, _ = fmt.Fprintf(h, "%d:%s\n", len(part), part)
	}
	want := base64.RawURLEncoding.EncodeToString(h.Sum(nil)[:18])

	for _, when := range []string{"computed", "from the cache"} {
		got, err := v.digest(context.Background(), mg)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("digest %s: got %s, want %s", when, got, want)
		}
	}
}

func TestSpecDigests(t *testing.T) {
	now := time.Now()
	d := newSpecDigests()
	d.now = func() time.Time { return now }
	sum := func(mg *repomv1alpha1.Repository) string {
		t.Helper()
		h, err := d.hashOf(mg)
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprintf("%x", h.Sum(nil))
	}
	uncached := func(mg *repomv1alpha1.Repository) string {
		t.Helper()
		h, err := specHash(mg)
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprintf("%x", h.Sum(nil))
	}

	one := digestRepository("7", "one")
	if got, want := sum(one), uncached(one); got != want {
		t.Errorf("first hash: got %s, want %s", got, want)
	}
	// The kept state is cloned: using one hash does not change the next.
	if got, want := sum(one), uncached(one); got != want {
		t.Errorf("hash from the cache: got %s, want %s", got, want)
	}
	two := digestRepository("8", "two")
	if got, want := sum(two), uncached(two); got != want {
		t.Errorf("a new version's hash: got %s, want %s (the new spec)", got, want)
	}
	// Keyed by the resource version: the same version is the same spec.
	if got, want := sum(digestRepository("8", "not read")), uncached(two); got != want {
		t.Errorf("same version: got %s, want the kept %s", got, want)
	}
	// A resource read without a version is never kept.
	noVersion := digestRepository("", "three")
	if got, want := sum(noVersion), uncached(noVersion); got != want {
		t.Errorf("no version: got %s, want %s", got, want)
	}
	if n := len(d.cur) + len(d.old); n != 1 {
		t.Errorf("resources kept: got %d, want 1", n)
	}

	// Used within the hour after a rotation, an entry stays; unused for
	// two rotations, it is dropped.
	now = now.Add(61 * time.Minute)
	sum(two)
	if _, ok := d.cur[two.UID]; !ok {
		t.Errorf("an entry used after a rotation is not kept")
	}
	for _, uid := range []string{"uid-2", "uid-3"} {
		now = now.Add(61 * time.Minute)
		other := digestRepository("1", "other")
		other.UID = types.UID(uid)
		sum(other)
	}
	if _, ok := d.cur[two.UID]; ok {
		t.Errorf("an entry unused for two hours is kept")
	}
	if _, ok := d.old[two.UID]; ok {
		t.Errorf("an entry unused for two hours is kept")
	}
}
