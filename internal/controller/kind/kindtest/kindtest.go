// Package kindtest helps the unit tests of the kinds' controllers run one
// table of cases against both scopes of a kind, the namespaced kind and the
// cluster-scoped one, which share one external client. It is imported only
// from _test.go files.
//
// What is a kind's own stays in its tests: how a scope builds its resource
// and its external client, the modifiers of its fixtures, and what its
// external client found.
package kindtest

import "testing"

// Named is a scope of a kind, as a test sees it; ScopeName names its subtests.
type Named interface {
	ScopeName() string
}

// RunBoth runs fn once per scope, each as a subtest named after the scope.
func RunBoth[S Named](t *testing.T, scopes []S, fn func(t *testing.T, s S)) {
	t.Helper()
	for _, s := range scopes {
		t.Run(s.ScopeName(), func(t *testing.T) { fn(t, s) })
	}
}
