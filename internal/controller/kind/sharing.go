package kind

import (
	"context"
	"slices"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	kmeta "k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/crossplane-github/provider-github/apis"
	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/sharing"
)

// SelectedRepositories resolves to their GitHub ids, sorted, the
// repositories of the organization org that an organization's secret or
// variable is to be shared with: with visibility selected, those s names
// (see RepositoryIDs); nil for another visibility.
func (c Connection) SelectedRepositories(ctx context.Context, mg resource.Managed, org string, s *orgcommon.RepositorySharing) ([]int64, error) {
	if s.Visibility != github.VisibilitySelected {
		return nil, nil
	}
	return c.RepositoryIDs(ctx, mg, org, RepositoryChoice{
		Names: s.SelectedRepositories, NamesField: "spec.forProvider.selectedRepositories",
		Refs: s.SelectedRepositoryRefs, RefsField: "spec.forProvider.selectedRepositoryRefs",
		Selector: s.SelectedRepositorySelector, SelectorField: "spec.forProvider.selectedRepositorySelector",
	})
}

// A RepositoryChoice names repositories of an organization three ways
// together: by name, by reference to Repository resources and by a
// selector of them; each with the spec field that holds it, for messages.
type RepositoryChoice struct {
	Names         []string
	NamesField    string
	Refs          []xpv2.Reference
	RefsField     string
	Selector      *xpv2.Selector
	SelectorField string
}

// RepositoryIDs resolves to their GitHub ids, sorted, the repositories of
// the organization org that ch names: by name (each read from GitHub,
// conditionally: free while unchanged), by reference to a Repository
// resource of mg's scope (its status's id, so a rename on either side
// keeps it) and by a selector of such resources' labels (those created on
// GitHub already). A name GitHub does not know, a reference to a resource
// that does not exist or is not created yet, and a repository of another
// owner are errors that say which.
func (c Connection) RepositoryIDs(ctx context.Context, mg resource.Managed, org string, ch RepositoryChoice) ([]int64, error) {
	var ids []int64
	if len(ch.Names) > 0 {
		repos := github.NewReposClient(c.GitHub)
		for _, name := range ch.Names {
			r, err := repos.Get(ctx, org, name)
			switch {
			case github.IsNotFound(err):
				return nil, errors.Errorf("%s names repository %q, which organization %s does not have (or the credentials cannot see): create it, or fix the name", ch.NamesField, name, org)
			case err != nil:
				return nil, errors.Wrapf(err, "cannot read repository %s/%s named by %s", org, name, ch.NamesField)
			case !strings.EqualFold(r.Owner.Login, org):
				return nil, errors.Errorf("%s names repository %q, which is now %s, not a repository of organization %s", ch.NamesField, name, r.FullName, org)
			}
			ids = append(ids, r.ID)
		}
	}
	for _, ref := range ch.Refs {
		obj, what, err := c.referenced(ctx, mg, apis.Repository.Beside(mg), ch.RefsField, ref.Name)
		if err != nil {
			return nil, err
		}
		id, err := sharedRepositoryID(obj, org)
		switch {
		case err != nil:
			return nil, errors.Wrapf(err, "%s named by %s", what, ch.RefsField)
		case id == 0:
			return nil, notCreatedYet(what, ch.RefsField)
		}
		ids = append(ids, id)
	}
	if sel := ch.Selector; sel != nil {
		selected, err := c.selectedByLabels(ctx, mg, org, ch.SelectorField, sel.MatchLabels, ptr.Deref(sel.MatchControllerRef, false))
		if err != nil {
			return nil, err
		}
		ids = append(ids, selected...)
	}
	slices.Sort(ids)
	return refer(c, slices.Compact(ids)), nil
}

// selectedByLabels are the ids of the Repository resources of mg's scope
// (and namespace) whose labels match, and, with controllerRef, that have
// mg's controller: those of org created on GitHub already.
func (c Connection) selectedByLabels(ctx context.Context, mg resource.Managed, org, field string, labels map[string]string, controllerRef bool) ([]int64, error) {
	gvk := apis.Repository.Beside(mg)
	obj, err := c.Kube.Scheme().New(gvk.GroupVersion().WithKind(gvk.Kind + "List"))
	if err != nil {
		return nil, errors.Wrapf(err, "cannot make a %sList", gvk.Kind)
	}
	list, ok := obj.(client.ObjectList)
	if !ok {
		return nil, errors.Errorf("%sList is not a list kind", gvk.Kind)
	}
	opts := []client.ListOption{client.MatchingLabels(labels)}
	if ns := mg.GetNamespace(); ns != "" {
		opts = append(opts, client.InNamespace(ns))
	}
	if err := c.Kube.List(ctx, list, opts...); err != nil {
		return nil, errors.Wrapf(err, "cannot list the Repository resources %s selects", field)
	}
	items, err := kmeta.ExtractList(list)
	if err != nil {
		return nil, errors.Wrapf(err, "cannot read the Repository resources %s selects", field)
	}
	var ids []int64
	for _, it := range items {
		r, ok := it.(resource.Managed)
		if !ok || (controllerRef && !meta.HaveSameController(r, mg)) {
			continue
		}
		if id, err := sharedRepositoryID(r, org); err == nil && id != 0 {
			ids = append(ids, id)
		}
	}
	return ids, nil
}

// sharedRepositoryID is the GitHub id of the Repository resource obj's
// repository; 0 before it is created on GitHub, an error when it belongs
// to another owner than org.
func sharedRepositoryID(obj resource.Managed, org string) (int64, error) {
	r, ok := obj.(repositoryObject)
	if !ok {
		return 0, errors.Errorf("%T is not a Repository kind", obj)
	}
	o := r.Observation()
	owner, _, _ := strings.Cut(ptr.Deref(o.FullName, ""), "/")
	if o.ID == nil || owner == "" {
		return 0, nil
	}
	if !strings.EqualFold(owner, org) {
		return 0, errors.Errorf("its repository %s is not one of organization %s", *o.FullName, org)
	}
	return *o.ID, nil
}

// Sharing is who may use an organization's secret or variable: the
// declared visibility and repositories, resolved when the resource
// connects (Connection.Sharing), and GitHub's as Observe last read them.
type Sharing struct {
	api  github.SelectedRepositoriesAPI
	org  string
	of   github.Shared
	want sharing.Want
	got  sharing.Got
}

// Sharing resolves mg's declared sharing s of an object of the kind of in
// the organization org (see SelectedRepositories); for mg being deleted,
// it resolves nothing.
func (c Connection) Sharing(ctx context.Context, mg resource.Managed, org string, of github.Shared, s *orgcommon.RepositorySharing) (*Sharing, error) {
	api := github.NewSelectedRepositoriesClient(c.GitHub)
	if meta.WasDeleted(mg) {
		// Nothing is sent or compared any more, and the Repository
		// resources it names may be gone already (a namespace deleted
		// whole): the object is deleted all the same.
		return NewSharing(api, org, of, sharing.Want{Visibility: s.Visibility}), nil
	}
	ids, err := c.SelectedRepositories(ctx, mg, org, s)
	if err != nil {
		return nil, err
	}
	return NewSharing(api, org, of, sharing.Want{Visibility: s.Visibility, IDs: ids}), nil
}

// NewSharing is the sharing want of an object of the kind of in org,
// whose repositories api lists.
func NewSharing(api github.SelectedRepositoriesAPI, org string, of github.Shared, want sharing.Want) *Sharing {
	return &Sharing{api: api, org: org, of: of, want: want}
}

// Request is what a write of the object sends: the declared visibility
// and repositories.
func (s *Sharing) Request() github.Sharing { return sharing.Request(s.want) }

// Observe reads GitHub's sharing of the object of name, whose visibility
// GitHub answered, and names where it differs from the declared. The list
// of its repositories is read, conditionally, only when both say
// selected, so an object shared with all or private repositories costs no
// more reads.
func (s *Sharing) Observe(ctx context.Context, name, visibility string) ([]string, error) {
	s.got = sharing.Got{Visibility: visibility}
	if sharing.NeedsList(s.want, visibility) {
		repos, err := s.api.ListSelectedRepositories(ctx, s.org, s.of, name)
		if err != nil {
			return nil, errors.Wrapf(err, "cannot list the repositories %q of organization %s is shared with", name, s.org)
		}
		s.got.IDs, s.got.Read = sharing.IDs(repos), true
	}
	return sharing.Drift(s.want, s.got), nil
}

// Observation is the status of GitHub's sharing as Observe last read it;
// before, the visibility GitHub answered.
func (s *Sharing) Observation(visibility string) orgcommon.RepositorySharingObservation {
	g := s.got
	if g.Visibility == "" {
		g = sharing.Got{Visibility: visibility}
	}
	return sharing.Observation(s.org, g)
}
