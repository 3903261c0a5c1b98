// NOTE: this file is only read by `go generate ./...`. The generators live in
// their own module (hack/tools) because they need newer k8s.io libraries than
// the provider itself may use.

// Remove generated files first, so that stale CRDs and methodsets vanish.
//go:generate rm -rf ../package/crds
//go:generate sh -c "find . -name 'zz_generated.*.go' -delete"

// Per-scope kind wrappers, group registrations, apis/zz_generated.groups.go,
// apis/zz_generated.kinds.go (each kind's GroupVersionKind per scope) and the
// tests' scope pairs (internal/controller/kind/kindtest/twins), from the kinds
// declared in <group>/common/<version> (see hack/tools/kindgen).
// -C runs it inside the hack/tools module, so its paths are relative to hack/tools.
//go:generate go run -C ../hack/tools ./kindgen -header ../boilerplate.go.txt -twins ../../internal/controller/kind/kindtest/twins ../../apis

// Deepcopy methods and CRDs.
//go:generate go tool -modfile=../hack/tools/go.mod controller-gen object:headerFile=../hack/boilerplate.go.txt paths=./... crd:crdVersions=v1,allowDangerousTypes=false output:artifacts:config=../package/crds

// Managed resource, provider config and usage method sets.
//go:generate go tool -modfile=../hack/tools/go.mod angryjet generate-methodsets --header-file=../hack/boilerplate.go.txt ./...

package apis
