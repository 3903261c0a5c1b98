// Package integration holds the provider's integration tests: a real
// kube-apiserver and etcd (controller-runtime's envtest, binaries from
// hack/envtest-assets.sh), the real managed reconcilers of this provider, and
// the GitHub API emulator, whose every exchange is checked against GitHub's
// OpenAPI description.
package integration
