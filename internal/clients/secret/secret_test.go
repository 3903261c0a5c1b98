package secret

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/crypto/nacl/box"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestSeal(t *testing.T) {
	pub, priv, err := box.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	key := &github.SecretsPublicKey{KeyID: "568250167242549743", Key: base64.StdEncoding.EncodeToString(pub[:])}
	cases := map[string][]byte{
		"Text":   []byte("ghp_deploy-token"),
		"Binary": {0, 1, 2, 0xff, 0xfe, '\n'},
		"Empty":  {},
		"Large":  bytes.Repeat([]byte("x"), MaxValueSize),
	}
	for name, value := range cases {
		t.Run(name, func(t *testing.T) {
			got, err := Seal(key, value)
			if err != nil {
				t.Fatalf("Seal(...): %v", err)
			}
			if got.KeyID != key.KeyID {
				t.Errorf("KeyID = %q, want %q", got.KeyID, key.KeyID)
			}
			sealed, err := base64.StdEncoding.DecodeString(got.EncryptedValue)
			if err != nil {
				t.Fatalf("EncryptedValue is not base64: %v", err)
			}
			opened, ok := box.OpenAnonymous(nil, sealed, pub, priv)
			if !ok {
				t.Fatal("the store's private key cannot open the sealed value")
			}
			if !bytes.Equal(opened, value) {
				t.Errorf("opened %q, want %q", opened, value)
			}
			again, _ := Seal(key, value)
			if again.EncryptedValue == got.EncryptedValue {
				t.Error("two seals of one value are equal: the ephemeral key is not fresh")
			}
		})
	}
}

func TestSealBadKey(t *testing.T) {
	cases := map[string]string{
		"NotBase64": "not base64!",
		"Short":     base64.StdEncoding.EncodeToString([]byte("short")),
	}
	for name, k := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := Seal(&github.SecretsPublicKey{KeyID: "1", Key: k}, []byte("v"))
			if err == nil || !strings.Contains(err.Error(), `public key "1"`) {
				t.Errorf("Seal(bad key) = %v, want an error naming the key", err)
			}
		})
	}
}

func TestValueHash(t *testing.T) {
	base := ValueHash("secret-uid", "resource-uid", []byte("v1"))
	if !strings.HasPrefix(base, "hmac-sha256:") || len(base) != len("hmac-sha256:")+64 {
		t.Fatalf("ValueHash = %q, want hmac-sha256: and 64 hex digits", base)
	}
	if strings.Contains(base, "v1") {
		t.Error("the hash shows the value")
	}
	if again := ValueHash("secret-uid", "resource-uid", []byte("v1")); again != base {
		t.Errorf("ValueHash is not stable: %q then %q", base, again)
	}
	others := map[string]string{
		"OtherValue":     ValueHash("secret-uid", "resource-uid", []byte("v2")),
		"OtherSecret":    ValueHash("secret-uid-2", "resource-uid", []byte("v1")),
		"OtherResource":  ValueHash("secret-uid", "resource-uid-2", []byte("v1")),
		"SaltNotAPrefix": ValueHash("secret-uid", "resource-uid\x00v", []byte("1")),
	}
	for name, h := range others {
		if h == base {
			t.Errorf("%s: same hash as the base case", name)
		}
	}
}

func TestObservation(t *testing.T) {
	created := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
	updated := created.Add(time.Hour)
	at := ptr.To(metav1.NewTime(updated))
	cases := map[string]struct {
		s       *github.StoredSecret
		applied Applied
		want    common.SecretValueObservation
	}{
		"Full": {
			s:       &github.StoredSecret{Name: "DEPLOY_TOKEN", CreatedAt: &created, UpdatedAt: &updated},
			applied: Applied{Hash: "hmac-sha256:ab", At: at},
			want: common.SecretValueObservation{Name: ptr.To("DEPLOY_TOKEN"),
				CreatedAt: ptr.To(metav1.NewTime(created)), UpdatedAt: ptr.To(metav1.NewTime(updated)),
				AppliedValueHash: ptr.To("hmac-sha256:ab"), AppliedAt: at},
		},
		"NothingApplied": {
			s:    &github.StoredSecret{Name: "DEPLOY_TOKEN"},
			want: common.SecretValueObservation{Name: ptr.To("DEPLOY_TOKEN")},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Observation(tc.s, tc.applied)); diff != "" {
				t.Errorf("Observation(...): -want, +got:\n%s", diff)
			}
		})
	}
}

func TestSettleAndDrift(t *testing.T) {
	written := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
	at := ptr.To(metav1.NewTime(written))
	s := func(updated time.Time) *github.StoredSecret {
		return &github.StoredSecret{Name: "X", UpdatedAt: &updated}
	}
	cases := map[string]struct {
		reason  string
		applied Applied
		want    string
		s       *github.StoredSecret
		settled Applied
		drift   bool
	}{
		"FirstReadAfterWrite": {
			reason:  "The first read after the provider's write takes GitHub's updated_at as the write's.",
			applied: Applied{Hash: "h1"}, want: "h1", s: s(written),
			settled: Applied{Hash: "h1", At: at},
		},
		"Settled": {
			reason:  "Nothing changed since the write.",
			applied: Applied{Hash: "h1", At: at}, want: "h1", s: s(written),
			settled: Applied{Hash: "h1", At: at},
		},
		"SubSecondUpdatedAt": {
			reason:  "Status keeps seconds: an updated_at with a fraction in the same second is the same write.",
			applied: Applied{Hash: "h1", At: at}, want: "h1", s: s(written.Add(300 * time.Millisecond)),
			settled: Applied{Hash: "h1", At: at},
		},
		"WrittenOutside": {
			reason:  "An updated_at past the provider's write is someone else's write.",
			applied: Applied{Hash: "h1", At: at}, want: "h1", s: s(written.Add(time.Minute)),
			settled: Applied{Hash: "h1", At: at}, drift: true,
		},
		"ValueChanged": {
			reason:  "The Kubernetes Secret holds another value: send it, and do not take this updated_at as its write.",
			applied: Applied{Hash: "h1"}, want: "h2", s: s(written),
			settled: Applied{Hash: "h1"}, drift: true,
		},
		"Unknown": {
			reason: "Nothing known of what GitHub holds (adopted, or recovered): send the value.",
			want:   "h1", s: s(written),
			drift: true,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			settled := Settle(tc.applied, tc.want, tc.s)
			if diff := cmp.Diff(tc.settled, settled); diff != "" {
				t.Errorf("\n%s\nSettle(...): -want, +got:\n%s", tc.reason, diff)
			}
			if got := Drift(settled, tc.want, tc.s); (len(got) > 0) != tc.drift {
				t.Errorf("\n%s\nDrift(...) = %v, want drift %v", tc.reason, got, tc.drift)
			}
		})
	}
}

func TestSameName(t *testing.T) {
	if !SameName("deploy_token", "DEPLOY_TOKEN") || SameName("DEPLOY_TOKEN", "DEPLOY_KEY") {
		t.Error("SameName must compare without regard to case, and only that")
	}
}

func TestRemembered(t *testing.T) {
	first := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
	at := ptr.To(metav1.NewTime(first))
	s := func(created time.Time) *github.StoredSecret {
		return &github.StoredSecret{Name: "X", CreatedAt: &created}
	}
	cases := map[string]struct {
		reason  string
		hash    *string
		at      *metav1.Time
		created string
		ours    bool
		s       *github.StoredSecret
		want    Applied
	}{
		"Status": {
			reason: "The status's record of the last write counts.",
			hash:   ptr.To("h2"), at: at, created: "h1", s: s(first.Add(-time.Hour)),
			want: Applied{Hash: "h2", At: at},
		},
		"StatusNotSettled": {
			reason: "A write whose time is not read yet still counts.",
			hash:   ptr.To("h2"), created: "h1", s: s(first),
			want: Applied{Hash: "h2"},
		},
		"AfterCreate": {
			reason:  "Right after a create only the create's record is there.",
			created: "h1", s: s(first),
			want: Applied{Hash: "h1"},
		},
		"RecreatedOnGitHub": {
			reason: "A secret someone created after the status's write is another secret: what it holds is unknown.",
			hash:   ptr.To("h2"), at: at, created: "h1", s: s(first.Add(time.Minute)),
			want: Applied{},
		},
		"RecreatedByThisResource": {
			reason: "A secret this resource's last create made after the status's write holds that create's value.",
			hash:   ptr.To("h2"), at: at, created: "h3", ours: true, s: s(first.Add(time.Minute)),
			want: Applied{Hash: "h3"},
		},
		"SameSecond": {
			reason: "Created in the second of the write (status keeps seconds): the same secret.",
			hash:   ptr.To("h2"), at: at, s: s(first.Add(500 * time.Millisecond)),
			want: Applied{Hash: "h2", At: at},
		},
		"Nothing": {
			reason: "An adopted secret: nothing is known.",
			s:      s(first),
			want:   Applied{},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Remembered(tc.hash, tc.at, tc.created, tc.ours, tc.s)); diff != "" {
				t.Errorf("\n%s\nRemembered(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}
