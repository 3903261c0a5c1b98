package integration

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// The Webhook examples of both scopes, with their Secrets and the
// Repositories they name, become Ready with their secrets on GitHub, as
// make demo applies them.
func TestWebhookExamples(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		dir := "../../examples/webhook/cluster"
		if s.namespaced {
			dir = "../../examples/webhook/namespaced"
		}
		files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no examples in %s: %v", dir, err)
		}
		decoder := serializer.NewCodecFactory(kube.Scheme()).UniversalDeserializer()
		var made []webhookObject
		secrets := map[string]string{}
		for _, file := range files {
			raw, err := os.ReadFile(file)
			f.must(err)
			for _, doc := range regexp.MustCompile(`(?m)^---$`).Split(string(raw), -1) {
				if strings.TrimSpace(doc) == "" {
					continue
				}
				obj, _, err := decoder.Decode([]byte(doc), nil, nil)
				if err != nil {
					t.Fatalf("%s: %v", file, err)
				}
				switch o := obj.(type) {
				case *corev1.Secret:
					// In the fixture's namespace.
					f.secret(o.Name, map[string][]byte{"secret": []byte(o.StringData["secret"])})
					secrets[o.Name] = o.StringData["secret"]
				case webhookObject:
					p := o.Parameters()
					if ref := p.RepositoryRef; ref != nil {
						f.create(s, ref.Name, common.RepositoryParameters{AutoInit: ptr.To(true)})
						ref.Name = s.key(f, ref.Name).Name
					}
					if p.SecretRef != nil && p.SecretRef.Namespace != nil {
						p.SecretRef.Namespace = ptr.To(f.ns)
					}
					place(f, s, o, o.GetName(), "github")
					f.must(kube.Create(f.ctx, o))
					made = append(made, o)
				default:
					t.Fatalf("%s: unexpected %T", file, obj)
				}
			}
		}
		for _, w := range made {
			got := waitReady(f, w)
			if !ptr.Deref(got.Observation().HasSecret, false) {
				t.Errorf("%s: GitHub has no secret for it", w.GetName())
			}
			values := []string{}
			for _, v := range secrets {
				values = append(values, v)
			}
			noSecretIn(f, w, values...)
		}
	})
}
