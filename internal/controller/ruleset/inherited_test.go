package ruleset

import (
	"context"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
)

// A ruleset GitHub answers for the external name that the repository
// inherits from its organization is never taken for the Ruleset's own:
// Observe says whose it is and what to do, and nothing is written.
func TestObserveInherited(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		var calls []call
		inherited := answer(4100001, func(r *github.Ruleset) { r.SourceType, r.Source = "Organization", "demo-org" })
		e := s.external(api{get: inherited}.fake(t, &calls), &kindtest.Recorder{}, found{})
		o, err := e.Observe(context.Background(), s.ruleset(withExternalName("4100001")))
		if err == nil || !strings.Contains(err.Error(), "the repository inherits it from organization demo-org; manage it with an OrganizationRuleset") {
			t.Errorf("Observe(...): %+v, %v: want the error saying the ruleset is the organization's", o, err)
		}
		if o.ResourceExists {
			t.Errorf("Observe(...): %+v: want no ruleset of the Ruleset's own", o)
		}
		if f := e.found(); f.observed != nil {
			t.Errorf("observed %+v: want nothing for Update or Delete to write to", f.observed)
		}
	})
}

// A Ruleset being deleted whose external name is an inherited ruleset has
// nothing of its own to delete: it is gone at once, and the organization's
// ruleset stays.
func TestObserveInheritedWhileDeleting(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		var calls []call
		inherited := answer(4100001, func(r *github.Ruleset) { r.SourceType, r.Source = "Organization", "demo-org" })
		e := s.external(api{get: inherited}.fake(t, &calls), &kindtest.Recorder{}, found{})
		o, err := e.Observe(context.Background(), s.ruleset(withExternalName("4100001"), deleting()))
		if err != nil || o.ResourceExists {
			t.Errorf("Observe(...): %+v, %v: want no ruleset and no error", o, err)
		}
	})
}
