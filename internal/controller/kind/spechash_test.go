package kind

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
)

func digestRepository(rv, description string) *repomv1alpha1.Repository {
	r := &repomv1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Namespace: "team", Name: "api", UID: "uid-1", ResourceVersion: rv,
		Annotations: map[string]string{"crossplane.io/external-name": "api"}}}
	r.Spec.ForProvider.Description = ptr.To(description)
	return r
}

// The digest is the one verdicts have always recorded: a provider upgraded
// to this one confirms every verdict already recorded.
func TestDigestUnchanged(t *testing.T) {
	mg := digestRepository("7", "one")
	v := verdicts[*repomv1alpha1.Repository]{inputs: &readingExternal{inputs: "own"}, conn: "https://api.github.com/\x00demo-org", refs: &referred{seen: []string{"ref"}}}

	spec, _ := json.Marshal(mg.Spec)
	annotations, _ := json.Marshal(mg.Annotations)
	h := sha256.New()
	for _, part := range []string{string(spec), string(annotations), v.conn, fmt.Sprint([]string{"ref"}), "own"} {
		_, _ = fmt.Fprintf(h, "%d:%s\n", len(part), part)
	}
	want := base64.RawURLEncoding.EncodeToString(h.Sum(nil)[:18])

	got, err := v.digest(context.Background(), mg)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("digest: got %s, want %s", got, want)
	}
}
