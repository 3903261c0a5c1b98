package integration

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// A provider configuration whose Secret holds GitHub App keys manages
// repositories as the App's installation.
func TestGitHubAppCredentials(t *testing.T) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	pub, err := x509.MarshalPKIXPublicKey(&key.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	privatePEM := string(pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)}))
	creds, _ := json.Marshal(map[string]string{"appId": "4242", "installationId": "4343", "privateKey": privatePEM})

	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.must(f.emu.State().Apply(&emulator.Seed{Apps: []emulator.SeedApp{{
			ID: 4242, Slug: "platform-bot", PublicKeyPEM: string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pub})),
			Installations: []emulator.SeedInstallation{{ID: 4343, Account: owner,
				Permissions: map[string]string{"administration": "write", "metadata": "read"}}},
		}}}))
		f.secret("app", map[string][]byte{"credentials": creds})
		f.providerConfigs("app", "app", "credentials")
		f.must(kube.Create(f.ctx, f.repository(s, "by-app", "app", common.RepositoryParameters{Description: ptr.To("made by an App")})))
		f.waitReady(s, "by-app")

		// The emulator logs a request once its answer is written, which for
		// a long answer can be a moment after the provider has read it.
		f.eventually("the repository created by the App installation", func() string {
			created := false
			for _, r := range f.emu.Requests() {
				if r.Method == http.MethodPost && strings.HasSuffix(r.Path, "/orgs/demo-org/repos") {
					created = r.Status == http.StatusCreated && strings.HasPrefix(r.Login, "installation")
				}
			}
			if !created {
				return fmt.Sprintf("request log: %+v", f.emu.Requests())
			}
			return ""
		})
		// Events are recorded asynchronously: wait for the create's, which
		// the provider records after those of connecting with the App's key
		// and of the create (in order), then look at them all.
		f.waitEvent(f.get(s, "by-app"), "CreatedExternalResource")
		for _, e := range f.events(f.get(s, "by-app")) {
			if strings.Contains(e.Message, "PRIVATE KEY") {
				t.Errorf("an event reveals the private key: %q", e.Message)
			}
		}
	})
}
