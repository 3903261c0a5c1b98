// NOTE: this file is only read by `go generate ./...`. The generators live in
// their own module (hack/tools) because they need newer k8s.io libraries than
// the provider itself may use.

// Remove generated files first, so that stale CRDs and methodsets vanish.
//go:generate rm -rf ../package/crds
//go:generate sh -c "find . -name 'zz_generated.*.go' -delete"

// Deepcopy methods and CRDs.
//go:generate go tool -modfile=../hack/tools/go.mod controller-gen object:headerFile=../hack/boilerplate.go.txt paths=./... crd:crdVersions=v1,allowDangerousTypes=false output:artifacts:config=../package/crds

// Managed resource, provider config and usage method sets.
//go:generate go tool -modfile=../hack/tools/go.mod angryjet generate-methodsets --header-file=../hack/boilerplate.go.txt ./...

package apis
