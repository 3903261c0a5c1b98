package secret

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestImported(t *testing.T) {
	at := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	cases := map[string]struct {
		s     *github.StoredSecret
		value common.SecretKeyRef
		want  common.SecretValueParameters
	}{
		"a namespaced resource's Secret": {
			s:     &github.StoredSecret{Name: "NPM_TOKEN", CreatedAt: &at, UpdatedAt: &at},
			value: common.SecretKeyRef{Name: "api.actionssecret.npm-token", Key: "value"},
			want:  common.SecretValueParameters{Name: "NPM_TOKEN", ValueSecretRef: common.SecretKeyRef{Name: "api.actionssecret.npm-token", Key: "value"}},
		},
		"a cluster-scoped resource's Secret, with its namespace": {
			s:     &github.StoredSecret{Name: "NPM_TOKEN"},
			value: common.SecretKeyRef{Name: "api.dependabotsecret.npm-token", Namespace: ptr.To("crossplane-system"), Key: "value"},
			want: common.SecretValueParameters{Name: "NPM_TOKEN",
				ValueSecretRef: common.SecretKeyRef{Name: "api.dependabotsecret.npm-token", Namespace: ptr.To("crossplane-system"), Key: "value"}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := Imported(tc.s, tc.value)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Imported(): -want, +got:\n%s", diff)
			}
			if !SameName(got.Name, tc.s.Name) {
				t.Errorf("Imported().Name = %q is not the secret %q", got.Name, tc.s.Name)
			}
			// GitHub shows no value: managed, the resource writes its value
			// once, and for that reason only.
			want := []string{"valueSecretRef (value GitHub holds unknown)"}
			if diff := cmp.Diff(want, Drift(Applied{}, ValueHash("secret-uid", "resource-uid", []byte("v")), tc.s)); diff != "" {
				t.Errorf("Drift(Imported()): -want, +got:\n%s", diff)
			}
		})
	}
}
