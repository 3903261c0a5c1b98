package integration

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// The examples of the organization's secrets and variables, in both
// scopes, with their Secrets and the Repositories they name, become Ready,
// as make demo applies them.
func TestOrganizationSecretsExamples(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		dir := "cluster"
		if s.namespaced {
			dir = "namespaced"
		}
		var files []string
		for _, k := range []string{"organizationactionssecret", "organizationdependabotsecret", "organizationactionsvariable"} {
			more, err := filepath.Glob(filepath.Join("..", "..", "examples", k, dir, "*.yaml"))
			if err != nil || len(more) == 0 {
				t.Fatalf("no examples of %s in %s: %v", k, dir, err)
			}
			files = append(files, more...)
		}
		decoder := serializer.NewCodecFactory(kube.Scheme()).UniversalDeserializer()
		repos := map[string]bool{}
		var made []resource.Managed
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
				var sh *orgcommon.RepositorySharing
				var value *common.SecretValueParameters
				switch o := obj.(type) {
				case *corev1.Secret:
					data := map[string][]byte{}
					for k, v := range o.StringData {
						data[k] = []byte(v)
					}
					f.secret(o.Name, data)
					continue
				case twins.OrganizationActionsSecretObject:
					sh, value = &o.Parameters().RepositorySharing, &o.Parameters().SecretValueParameters
				case twins.OrganizationDependabotSecretObject:
					sh, value = &o.Parameters().RepositorySharing, &o.Parameters().SecretValueParameters
				case twins.OrganizationActionsVariableObject:
					sh = &o.Parameters().RepositorySharing
				default:
					t.Fatalf("%s: unexpected %T", file, obj)
				}
				for i, ref := range sh.SelectedRepositoryRefs {
					if !repos[ref.Name] {
						f.create(s, ref.Name, common.RepositoryParameters{})
						repos[ref.Name] = true
					}
					sh.SelectedRepositoryRefs[i].Name = s.key(f, ref.Name).Name
				}
				if value != nil && value.ValueSecretRef.Namespace != nil {
					value.ValueSecretRef.Namespace = ptr.To(f.ns)
				}
				mg := obj.(resource.Managed)
				place(f, s, mg, mg.GetName(), "github")
				f.must(kube.Create(f.ctx, mg))
				made = append(made, mg)
			}
		}
		for _, mg := range made {
			waitReady(f, mg)
			noSecretIn(f, mg, "change-me-registry-token", "change-me-npm-token", "change-me-publish-token", "change-me-docs-npm-token")
		}
	})
}
