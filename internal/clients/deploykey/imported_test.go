package deploykey

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestImported(t *testing.T) {
	canonical := func(text string) string {
		k, err := ParsePublicKey(text)
		if err != nil {
			t.Fatal(err)
		}
		return k.Canonical
	}
	ed, rsa := canonical(ed25519Key), canonical(rsaKey)
	cases := map[string]struct {
		k    github.DeployKey
		want common.DeployKeyParameters
	}{
		"read-only, the default": {
			k:    github.DeployKey{ID: 7, Key: ed, Title: "ci", ReadOnly: true, Verified: true},
			want: common.DeployKeyParameters{Title: "ci", PublicKey: ptr.To(ed)},
		},
		"read and write": {
			k:    github.DeployKey{ID: 8, Key: rsa, Title: "deploy ☃", ReadOnly: false},
			want: common.DeployKeyParameters{Title: "deploy ☃", PublicKey: ptr.To(rsa), ReadOnly: ptr.To(false)},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := Imported(&tc.k)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Imported(): -want, +got:\n%s", diff)
			}
			// The controller parses the spec's key, then compares.
			key, err := ParsePublicKey(*got.PublicKey)
			if err != nil {
				t.Fatalf("ParsePublicKey(the imported key): %v", err)
			}
			if d := Drift(&got, key, &tc.k); len(d) > 0 {
				t.Errorf("Drift(Imported()) = %v, want none", d)
			}
		})
	}
}
