package integration

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// The OrganizationSettings examples of both scopes become Ready, each for
// its organization, as make demo applies them (the demo's seed has
// platform-org too).
func TestOrganizationSettingsExamples(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newOrgSettingsFixture(t)
		dir := "../../examples/organizationsettings/cluster"
		want := platformOrg
		if s.namespaced {
			dir, want = "../../examples/organizationsettings/namespaced", owner
			// Its immutable releases are enforced on this one.
			f.create(s, "payments-api", common.RepositoryParameters{})
		}
		files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no examples in %s: %v", dir, err)
		}
		decoder := serializer.NewCodecFactory(kube.Scheme()).UniversalDeserializer()
		for _, file := range files {
			raw, err := os.ReadFile(file)
			f.must(err)
			obj, _, err := decoder.Decode(raw, nil, nil)
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			o, ok := obj.(orgSettingsObject)
			if !ok {
				t.Fatalf("%s: unexpected %T", file, obj)
			}
			place(f, s, o, strings.TrimSuffix(filepath.Base(file), ".yaml"), "github")
			f.must(kube.Create(f.ctx, o))
			got := waitReady(f, o)
			if ptr.Deref(got.Observation().Organization, "") != want {
				t.Errorf("%s: status.atProvider.organization %v, want %s", file, got.Observation().Organization, want)
			}
		}
	})
}
