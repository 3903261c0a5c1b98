package integration

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	corev1 "k8s.io/api/core/v1"
	extv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/yaml"

	mv1alpha1 "github.com/crossplane-github/provider-github/apis/m/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	legacyv1alpha1 "github.com/crossplane-github/provider-github/apis/v1alpha1"
)

func TestGeneratedCRDsAreInstalledAndEstablished(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("../../package/crds/*.yaml")
	if err != nil || len(files) < 7 {
		t.Fatalf("want the 7 generated CRDs in package/crds, got %v (%v)", files, err)
	}
	for _, file := range files {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		want := &extv1.CustomResourceDefinition{}
		if err := yaml.Unmarshal(raw, want); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		got := &extv1.CustomResourceDefinition{}
		if err := kube.Get(t.Context(), types.NamespacedName{Name: want.Name}, got); err != nil {
			t.Errorf("%s: not installed: %v", want.Name, err)
			continue
		}
		established := false
		for _, c := range got.Status.Conditions {
			established = established || (c.Type == extv1.Established && c.Status == extv1.ConditionTrue)
		}
		if !established {
			t.Errorf("%s: not Established", want.Name)
		}
	}
}

// credentialCases are ways a provider configuration's credentials go wrong,
// and what the Repository's condition must then say. No message may contain
// a credential.
var credentialCases = map[string]struct {
	secret  map[string][]byte
	key     string
	want    []string
	secrets []string
}{
	"MissingSecret": {
		key:  "token",
		want: []string{"credentials Secret", "does not exist"},
	},
	"MissingKey": {
		secret: map[string][]byte{"other": []byte("x")},
		key:    "token",
		want:   []string{`has no key "token"`, "it has keys other"},
	},
	"MalformedJSON": {
		secret:  map[string][]byte{"token": []byte(`{"token": "abc-secret-value",}`)},
		key:     "token",
		want:    []string{"look like JSON but cannot be parsed"},
		secrets: []string{"abc-secret-value"},
	},
	"BadToken": {
		secret:  map[string][]byte{"token": []byte("ghp_wrongwrongwrong")},
		key:     "token",
		want:    []string{"401 Bad credentials", "wrong, expired or revoked"},
		secrets: []string{"ghp_wrongwrongwrong"},
	},
}

func TestCredentialProblemsAreExplained(t *testing.T) {
	for name, tc := range credentialCases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newFixture(t)
				if tc.secret != nil {
					f.secret("broken", tc.secret)
				}
				f.providerConfigs("broken", "broken", tc.key)
				r := f.repository(s, "victim", "broken", common.RepositoryParameters{})
				f.must(kube.Create(f.ctx, r))
				msg := f.waitSyncError(s, "victim", tc.want...)
				// The warning event that carries the condition's error is
				// recorded asynchronously: wait for it (any event recorded
				// before it is then there too), then look at them all.
				f.waitEventThat(r, "a warning event with the condition's error", func(e corev1.Event) bool {
					if e.Type != corev1.EventTypeWarning {
						return false
					}
					for _, w := range tc.want {
						if !strings.Contains(e.Message, w) {
							return false
						}
					}
					return true
				})
				for _, secret := range append(tc.secrets, goodToken) {
					if strings.Contains(msg, secret) {
						t.Errorf("the condition reveals a credential: %q", msg)
					}
					for _, e := range f.events(r) {
						if strings.Contains(e.Message, secret) {
							t.Errorf("an event reveals a credential: %q", e.Message)
						}
					}
				}
				if n := len(f.emu.State().Repos()); n != 0 {
					t.Errorf("want no repository created, got %d", n)
				}
			})
		})
	}
}

func TestProviderConfigInUseCannotBeDeleted(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.create(s, "user", common.RepositoryParameters{})
		f.waitReady(s, "user")

		pc, key := configOf(f, s)
		f.must(kube.Get(f.ctx, key, pc))
		f.must(kube.Delete(f.ctx, pc))
		f.eventually("deletion blocked while in use", func() string {
			if err := kube.Get(f.ctx, key, pc); err != nil {
				return "config is gone: " + err.Error()
			}
			if pc.GetDeletionTimestamp() == nil {
				return "not marked for deletion"
			}
			if pc.GetUsers() != 1 {
				return "users not counted"
			}
			return ""
		})

		f.must(kube.Delete(f.ctx, f.get(s, "user")))
		f.eventually("config deleted once unused", func() string {
			if err := kube.Get(f.ctx, key, pc); err == nil {
				return "config still there"
			}
			return ""
		})
	})
}

// configOf returns the provider configuration the scope's Repositories use.
func configOf(f *fixture, s scope) (resource.ProviderConfig, types.NamespacedName) {
	if !s.namespaced {
		return &legacyv1alpha1.ProviderConfig{}, types.NamespacedName{Name: f.legacyName("github")}
	}
	return &mv1alpha1.ProviderConfig{}, types.NamespacedName{Namespace: f.ns, Name: "github"}
}
