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

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
)

// Bad input is refused at admission, with what is allowed.
func TestOrganizationWebhookAdmission(t *testing.T) {
	cases := map[string]struct {
		change func(p *orgcommon.OrganizationWebhookParameters)
		want   string
	}{
		"UnknownEvent": {change: func(p *orgcommon.OrganizationWebhookParameters) {
			p.Events = []orgcommon.OrganizationWebhookEvent{"team", "teams"}
		}, want: `Unsupported value: "teams"`},
		"HeaderExampleIsNoEvent": {change: func(p *orgcommon.OrganizationWebhookParameters) {
			p.Events = []orgcommon.OrganizationWebhookEvent{"project-v2"}
		}, want: `"projects_v2"`},
		"StarWithOthers": {change: func(p *orgcommon.OrganizationWebhookParameters) {
			p.Events = []orgcommon.OrganizationWebhookEvent{"*", "team"}
		}, want: "'*' stands for every event: list it alone"},
		"RelativeURL": {change: func(p *orgcommon.OrganizationWebhookParameters) { p.URL = "audit.example.com/hook" },
			want: "url must be an absolute http:// or https:// URL"},
		"ContentType": {change: func(p *orgcommon.OrganizationWebhookParameters) { p.ContentType = ptr.To("xml") },
			want: `supported values: "json", "form"`},
		"Organization": {change: func(p *orgcommon.OrganizationWebhookParameters) { p.Organization = ptr.To("not an org!") },
			want: "spec.forProvider.organization"},
	}
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		refuse := func(t *testing.T, w orgWebhookObject, want string) {
			t.Helper()
			err := kube.Create(f.ctx, w)
			if err == nil {
				_ = kube.Delete(f.ctx, w)
				t.Fatalf("want the API server to refuse %+v", *w.Parameters())
			}
			if !strings.Contains(err.Error(), want) {
				t.Errorf("want the refusal to say %q, got: %v", want, err)
			}
		}
		for name, tc := range cases {
			t.Run(name, func(t *testing.T) {
				p := auditHook()
				tc.change(&p)
				refuse(t, f.orgWebhook(s, "refused", p), tc.want)
			})
		}
		t.Run("SecretNamespace", func(t *testing.T) {
			w := f.orgWebhook(s, "refused", auditHook())
			if s.namespaced {
				w.Parameters().SecretRef.Namespace = ptr.To("elsewhere")
				refuse(t, w, "leave secretRef.namespace out: a namespaced OrganizationWebhook reads its Secret from its own namespace")
			} else {
				w.Parameters().SecretRef.Namespace = nil
				refuse(t, w, "secretRef.namespace is required: a cluster-scoped OrganizationWebhook has no namespace of its own")
			}
		})
		t.Run("OrganizationChanged", func(t *testing.T) {
			f.setHookSecret("x")
			w := f.orgWebhook(s, "moved", auditHook())
			f.must(kube.Create(f.ctx, w))
			err := refusedUpdate(f, w, func(w orgWebhookObject) { w.Parameters().Organization = ptr.To("other-org") })
			if err == nil || !strings.Contains(err.Error(), "organization cannot be changed") {
				t.Errorf("changing the organization: %v, want a refusal", err)
			}
		})
	})
}

// The OrganizationWebhook examples of both scopes, with their Secrets,
// become Ready with their secrets on GitHub, as make demo applies them.
func TestOrganizationWebhookExamples(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		dir := "../../examples/organizationwebhook/cluster"
		if s.namespaced {
			dir = "../../examples/organizationwebhook/namespaced"
		}
		files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no examples in %s: %v", dir, err)
		}
		decoder := serializer.NewCodecFactory(kube.Scheme()).UniversalDeserializer()
		var made []orgWebhookObject
		var values []string
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
					values = append(values, o.StringData["secret"])
				case orgWebhookObject:
					if ref := o.Parameters().SecretRef; ref != nil && ref.Namespace != nil {
						ref.Namespace = ptr.To(f.ns)
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
			if !ptr.Deref(got.Observation().HasSecret, false) || ptr.Deref(got.Observation().Organization, "") != owner {
				t.Errorf("%s: status %+v, want a webhook of %s with a secret", w.GetName(), got.Observation(), owner)
			}
			noSecretIn(f, w, values...)
		}
	})
}
