package issuelabels

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/crossplane-github/provider-github/apis"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	mapping "github.com/crossplane-github/provider-github/internal/clients/issuelabels"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// sharedWith is the error that mg may not set the labels of repository
// full (owner/name) beside another resource of either scope that declares
// labels of it, found through kube (the provider's cached reader):
//
//   - an older IssueLabels: a repository has one, the older keeps it;
//   - in authoritative mode, any IssueLabel: the set would delete its
//     label, or they would fight over it;
//   - in additive mode, an IssueLabel of a label mg declares too.
//
// Resources being deleted are not counted, and neither are those that
// only observe (management policy Observe alone, as github-import writes
// them): they never write. An mg that only observes is never refused.
func sharedWith(ctx context.Context, kube client.Client, mg Object, full string) error {
	if kind.OnlyObserves(mg) {
		return nil
	}
	all, err := kind.Siblings(ctx, kube, "to tell whether another declares labels of the repository", apis.IssueLabels, apis.IssueLabel)
	if err != nil {
		return err
	}
	p := mg.Parameters()
	var sets, labels []string
	var both []string // the labels mg and an IssueLabel both declare
	for _, s := range all {
		if !s.Writes(mg, full) {
			continue
		}
		switch {
		case s.Kind == "IssueLabels" && s.Older(mg):
			sets = append(sets, s.Name())
		case s.Kind == "IssueLabel" && !mapping.Additive(p):
			labels = append(labels, s.Name())
		case s.Kind == "IssueLabel":
			l, ok := s.RepositoryScoped.(labelObject)
			if ok && mapping.Declared(p, l.Parameters().Name) {
				labels = append(labels, s.Name())
				both = append(both, fmt.Sprintf("%q", l.Parameters().Name))
			}
		}
	}
	sort.Strings(sets)
	sort.Strings(labels)
	switch {
	case len(sets) > 0:
		return errors.Errorf("the labels of repository %s are already declared by %s, which is older: a repository has one IssueLabels, and this one changes nothing; declare these labels there, or delete one of them",
			full, strings.Join(sets, ", "))
	case len(labels) > 0 && !mapping.Additive(p):
		return errors.Errorf("repository %s has labels managed by %s: this authoritative IssueLabels would delete them or fight over them, so it changes nothing; declare those labels here and delete those resources (deletionPolicy Orphan keeps the labels), or set mode: additive",
			full, strings.Join(labels, ", "))
	case len(labels) > 0:
		return errors.Errorf("labels %s of repository %s are declared by %s too: they would fight over them, so this IssueLabels changes nothing; declare each label in one place only",
			strings.Join(both, ", "), full, strings.Join(labels, ", "))
	}
	return nil
}

// labelObject is an IssueLabel of either scope.
type labelObject interface {
	kind.RepositoryScoped
	Parameters() *common.IssueLabelParameters
}
