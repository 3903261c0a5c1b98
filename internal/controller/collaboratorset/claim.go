package collaboratorset

import (
	"context"
	"sort"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/crossplane-github/provider-github/apis"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// sharedWith is the error that mg may not set the access to repository
// full (owner/name) beside another resource of either scope that gives
// access to it, found through kube (the provider's cached reader):
//
//   - an older CollaboratorSet: a repository has one, the older keeps it;
//   - any Collaborator or TeamRepository: the set would remove the user or
//     team it adds, or they would fight over the permission.
//
// Resources being deleted are not counted, and neither are those that
// only observe (management policy Observe alone, as github-import writes
// them): they never write. An mg that only observes is never refused.
func sharedWith(ctx context.Context, kube client.Client, mg Object, full string) error {
	if kind.OnlyObserves(mg) {
		return nil
	}
	all, err := kind.Siblings(ctx, kube, "to tell whether another gives access to the repository", apis.CollaboratorSet, apis.Collaborator, apis.TeamRepository)
	if err != nil {
		return err
	}
	var sets, single []string
	for _, s := range all {
		if !s.Writes(mg, full) {
			continue
		}
		switch {
		case s.Kind == "CollaboratorSet" && s.Older(mg):
			sets = append(sets, s.Name())
		case s.Kind != "CollaboratorSet":
			single = append(single, s.Name())
		}
	}
	sort.Strings(sets)
	sort.Strings(single)
	switch {
	case len(sets) > 0:
		return errors.Errorf("the access to repository %s is already declared by %s, which is older: a repository has one CollaboratorSet, and this one changes nothing; list these users and teams there, or delete one of them",
			full, strings.Join(sets, ", "))
	case len(single) > 0:
		return errors.Errorf("repository %s has access managed by %s: this CollaboratorSet would remove those users and teams or fight over their permissions, so it changes nothing; list them here and delete those resources (deletionPolicy Orphan keeps their access)",
			full, strings.Join(single, ", "))
	}
	return nil
}
