package ruleset

import (
	"testing"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// A repository's list may hold its organization's rulesets beside its
// own: FindByName, which looks for the repository's own, never answers
// one of them, whatever its name; FindByNameFrom finds each by source.
func TestFindByNameOwnOnly(t *testing.T) {
	list := []github.Ruleset{
		{ID: 1, Name: "Baseline", SourceType: "Organization", Source: "demo-org"},
		{ID: 2, Name: "other", SourceType: "Repository", Source: "demo-org/app"},
	}
	if r := FindByName(list, "baseline"); r != nil {
		t.Errorf("FindByName(baseline) = ruleset %d of %s, want none: the organization's is not the repository's", r.ID, r.SourceType)
	}
	if r := FindByName(list, "OTHER"); r == nil || r.ID != 2 {
		t.Errorf("FindByName(OTHER) = %+v, want ruleset 2", r)
	}
	if r := FindByNameFrom(list, "baseline", SourceOrganization); r == nil || r.ID != 1 {
		t.Errorf("FindByNameFrom(baseline, Organization) = %+v, want ruleset 1", r)
	}
	if r := FindByName([]github.Ruleset{{ID: 3, Name: "x"}}, "x"); r == nil || r.ID != 3 {
		t.Errorf("FindByName of a summary without source_type = %+v, want it counted as the list's own", r)
	}
}
