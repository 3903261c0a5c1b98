package emulator_test

import (
	"net/http/httptest"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

// contractScenarios are further steps of TestContract that live in their own
// files (one per kind); each registers itself from an init function and runs
// against TestContract's server after its own steps, before the check that
// every operation was answered successfully.
var contractScenarios []func(t *testing.T, srv *httptest.Server, emu *emulator.Server)

// runSteps runs steps in order. prepare, when not nil, fills in a call's
// placeholders just before it is sent (with what earlier steps learnt).
func runSteps(t *testing.T, srv *httptest.Server, steps []step, prepare func(call) call) {
	t.Helper()
	for _, s := range steps {
		c := s.call
		if prepare != nil {
			c = prepare(c)
		}
		a := do(t, srv, c)
		if a.status != s.status {
			t.Errorf("%s: %s %s = %d, want %d: %.300s", s.name, c.method, c.path, a.status, s.status, a.body)
			continue
		}
		if s.check != nil {
			t.Run(s.name, func(t *testing.T) { s.check(t, a) })
		}
	}
}

// check is a step's check of an answer.
type check = func(*testing.T, answer)

// later builds a check when it runs, for checks that need what earlier
// steps learnt.
func later(build func() check) check {
	return func(t *testing.T, a answer) {
		t.Helper()
		build()(t, a)
	}
}
