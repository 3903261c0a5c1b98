// Package sharing maps who may use an organization's Actions or
// Dependabot secret or Actions variable: the visibility and selected
// repositories a write sends, their drift from GitHub's, the observation
// and the imported spec. The three kinds share it.
package sharing

import (
	"fmt"
	"slices"
	"strings"

	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Want is the declared sharing, its repositories resolved to GitHub ids
// (sorted, each once; none but with visibility selected).
type Want struct {
	Visibility string
	IDs        []int64
}

// Got is GitHub's sharing: its visibility and, when it is selected and the
// list was read, the ids of the repositories (Read).
type Got struct {
	Visibility string
	IDs        []int64
	Read       bool
}

// Request is the sharing a write sends: the visibility and, with
// selected, every repository (an empty list shares with none).
func Request(w Want) github.Sharing {
	s := github.Sharing{Visibility: w.Visibility}
	if w.Visibility == github.VisibilitySelected {
		ids := append([]int64{}, w.IDs...)
		s.SelectedRepositoryIDs = &ids
	}
	return s
}

// NeedsList tells whether the list of selected repositories must be read
// to compare: only when both the declared and GitHub's visibility are
// selected.
func NeedsList(w Want, gotVisibility string) bool {
	return w.Visibility == github.VisibilitySelected && gotVisibility == github.VisibilitySelected
}

// Drift lists where GitHub's sharing differs from the declared: its
// visibility, or the repositories it is shared with (those GitHub has
// that the spec does not name, and those it lacks).
func Drift(w Want, g Got) []string {
	if !strings.EqualFold(w.Visibility, g.Visibility) {
		return []string{"visibility"}
	}
	if !g.Read || slices.Equal(w.IDs, g.IDs) {
		return nil
	}
	extra, missing := difference(g.IDs, w.IDs), difference(w.IDs, g.IDs)
	return []string{fmt.Sprintf("selected repositories (on GitHub, not declared: %v; declared, not on GitHub: %v)", extra, missing)}
}

// difference is what of a is not in b.
func difference(a, b []int64) []int64 {
	out := []int64{}
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

// IDs are the ids of GitHub's selected repositories, sorted, each once.
func IDs(repos []github.SelectedRepository) []int64 {
	ids := make([]int64, 0, len(repos))
	for _, r := range repos {
		ids = append(ids, r.ID)
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}

// Observation is the status.atProvider of GitHub's sharing in the
// organization org.
func Observation(org string, g Got) orgcommon.RepositorySharingObservation {
	o := orgcommon.RepositorySharingObservation{Organization: ptr.To(org)}
	if g.Visibility != "" {
		o.Visibility = ptr.To(g.Visibility)
	}
	if g.Read && len(g.IDs) > 0 {
		o.SelectedRepositoryIDs = slices.Clone(g.IDs)
	}
	return o
}

// Imported is the spec's sharing of GitHub's: its visibility and, with
// selected, the repositories by name, sorted, each once.
func Imported(visibility string, repos []github.SelectedRepository) orgcommon.RepositorySharing {
	s := orgcommon.RepositorySharing{Visibility: visibility}
	if visibility != github.VisibilitySelected {
		return s
	}
	for _, r := range repos {
		s.SelectedRepositories = append(s.SelectedRepositories, r.Name)
	}
	slices.Sort(s.SelectedRepositories)
	s.SelectedRepositories = slices.Compact(s.SelectedRepositories)
	return s
}
