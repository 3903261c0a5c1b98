package integration

import (
	"strings"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

// The RepositoryFile examples of both scopes, applied with the Repository
// and Branch examples they name (and the CustomProperty ones a Repository
// example's values need) against one emulator with the demo seed (as
// make demo and make e2e do), become Ready, and their files are on GitHub
// with the bytes the examples declare.
func TestRepositoryFileExamples(t *testing.T) {
	seed, err := emulator.LoadSeedFile("../../hack/demo-seed.yaml")
	if err != nil {
		t.Fatal(err)
	}
	f := newFixtureWith(t, emulator.Options{Seed: seed})
	var all, files []resource.Managed
	for _, s := range scopes {
		// The CustomProperty examples define what a Repository example sets.
		for _, dir := range []string{"repository", "branch", "customproperty"} {
			for _, mg := range examplesOf(t, s, dir) {
				placeExample(f, s, mg)
				f.must(kube.Create(f.ctx, mg))
				all = append(all, mg)
			}
		}
		for _, obj := range exampleObjects(t, s, "repositoryfile") {
			switch o := obj.(type) {
			case *corev1.ConfigMap:
				if s.namespaced { // the cluster scope's ConfigMaps are the same objects
					o.Namespace = f.ns
					f.must(kube.Create(f.ctx, o))
				} else {
					o.Name, o.Namespace = s.key(f, o.Name).Name, f.ns
					f.must(kube.Create(f.ctx, o))
				}
			case repositoryFileObject:
				if ref := o.Parameters().ContentFrom; ref != nil && !s.namespaced {
					ref.ConfigMapKeyRef.Name = s.key(f, ref.ConfigMapKeyRef.Name).Name
					ref.ConfigMapKeyRef.Namespace = ptr.To(f.ns)
				}
				placeExample(f, s, o)
				f.must(kube.Create(f.ctx, o))
				all = append(all, o)
				files = append(files, o)
			default:
				t.Fatalf("examples/repositoryfile: unexpected %T", obj)
			}
		}
	}
	if len(files) < 4 {
		t.Fatalf("%d RepositoryFile examples, want at least 4", len(files))
	}
	for _, mg := range all {
		waitReady(f, mg)
	}
	for _, mg := range files {
		r := get(f, mg.(repositoryFileObject))
		o := r.Observation()
		sha, _, ok := f.ghFileOf(repoName(ptr.Deref(o.Repository, "")), r.Parameters().Path, ptr.Deref(o.Branch, ""))
		if !ok || sha != ptr.Deref(o.SHA, "") {
			t.Errorf("%s: file %s on %s of %s: blob %q (found %v), want status.atProvider.sha %q", r.GetName(), r.Parameters().Path,
				ptr.Deref(o.Branch, ""), ptr.Deref(o.Repository, ""), sha, ok, ptr.Deref(o.SHA, ""))
		}
		if c := r.Parameters().Content; c != nil && sha != blobSHA([]byte(*c)) {
			t.Errorf("%s: blob %s on GitHub, want the blob of the inline content %s", r.GetName(), sha, blobSHA([]byte(*c)))
		}
	}
}

// repoName is the name part of owner/name.
func repoName(full string) string {
	_, name, _ := strings.Cut(full, "/")
	return name
}
