package integration

import (
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
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
		var objs []runtime.Object
		for _, k := range []string{"organizationactionssecret", "organizationdependabotsecret", "organizationactionsvariable"} {
			more := exampleObjects(t, s, k)
			if len(more) == 0 {
				t.Fatalf("no examples of %s", k)
			}
			objs = append(objs, more...)
		}
		repos := map[string]bool{}
		var made []resource.Managed
		for _, obj := range objs {
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
				t.Fatalf("unexpected %T", obj)
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
		for _, mg := range made {
			waitReady(f, mg)
			noSecretIn(f, mg, "change-me-registry-token", "change-me-npm-token", "change-me-publish-token", "change-me-docs-npm-token")
		}
	})
}
