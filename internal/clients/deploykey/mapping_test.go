package deploykey

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func params(mods ...func(*common.DeployKeyParameters)) *common.DeployKeyParameters {
	p := &common.DeployKeyParameters{Title: "ci", ReadOnly: ptr.To(true), PublicKey: ptr.To(ed25519Key + " ci@example.com")}
	for _, m := range mods {
		m(p)
	}
	return p
}

func mustParse(t *testing.T, text string) PublicKey {
	t.Helper()
	k, err := ParsePublicKey(text)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func TestRequest(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      *common.DeployKeyParameters
		want   *github.DeployKeyRequest
	}{
		"ReadOnly": {"The key goes as GitHub keeps it, without its comment.", params(),
			&github.DeployKeyRequest{Title: "ci", Key: ed25519Key, ReadOnly: true}},
		"ReadWrite": {"readOnly false is sent.", params(func(p *common.DeployKeyParameters) { p.ReadOnly = ptr.To(false) }),
			&github.DeployKeyRequest{Title: "ci", Key: ed25519Key, ReadOnly: false}},
		"DefaultReadOnly": {"readOnly left out means read-only (GitHub's own default would be read and write).", params(func(p *common.DeployKeyParameters) { p.ReadOnly = nil }),
			&github.DeployKeyRequest{Title: "ci", Key: ed25519Key, ReadOnly: true}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Request(tc.p, mustParse(t, ed25519Key+" ci@example.com"))); diff != "" {
				t.Errorf("\n%s\nRequest(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestDrift(t *testing.T) {
	answer := func(mods ...func(*github.DeployKey)) *github.DeployKey {
		k := &github.DeployKey{ID: 7, Key: ed25519Key, Title: "ci", ReadOnly: true, Verified: true}
		for _, m := range mods {
			m(k)
		}
		return k
	}
	cases := map[string]struct {
		reason string
		p      *common.DeployKeyParameters
		key    string
		k      *github.DeployKey
		want   []string
	}{
		"Same":     {"GitHub's key without the comment is the spec's key with it.", params(), ed25519Key + " ci@example.com", answer(), nil},
		"OtherKey": {"Another key material is drift.", params(), otherKey, answer(), []string{"public key"}},
		"Title": {"Another title is drift, named with both values.", params(), ed25519Key, answer(func(k *github.DeployKey) { k.Title = "old" }),
			[]string{`title ("old" on GitHub, "ci" in the spec)`}},
		"ReadWrite": {"A key that may write where the spec says read-only is drift.", params(), ed25519Key, answer(func(k *github.DeployKey) { k.ReadOnly = false }),
			[]string{"readOnly (false on GitHub, true in the spec)"}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Drift(tc.p, mustParse(t, tc.key), tc.k)); diff != "" {
				t.Errorf("\n%s\nDrift(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestFindByKey(t *testing.T) {
	list := []github.DeployKey{{ID: 1, Key: otherKey}, {ID: 2, Key: ed25519Key}}
	if got := FindByKey(list, mustParse(t, ed25519Key+" laptop")); got == nil || got.ID != 2 {
		t.Errorf("FindByKey(...): got %+v, want key 2", got)
	}
	if got := FindByKey(list, mustParse(t, ecdsaKey)); got != nil {
		t.Errorf("FindByKey(unknown key): got %+v, want none", got)
	}
}

func TestObservation(t *testing.T) {
	created := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	k := &github.DeployKey{ID: 7, Key: ed25519Key, Title: "ci", ReadOnly: true, Verified: true, AddedBy: ptr.To("demo-user"), CreatedAt: &created}
	want := common.DeployKeyObservation{
		Repository: ptr.To("demo-org/app"), ID: ptr.To[int64](7), PublicKey: ptr.To(ed25519Key),
		Fingerprint: ptr.To(mustParse(t, ed25519Key).Fingerprint),
		Title:       ptr.To("ci"), ReadOnly: ptr.To(true), Verified: ptr.To(true), AddedBy: ptr.To("demo-user"),
		CreatedAt: &metav1.Time{Time: created},
	}
	if diff := cmp.Diff(want, Observation("demo-org/app", k)); diff != "" {
		t.Errorf("Observation(...): -want, +got:\n%s", diff)
	}
}
