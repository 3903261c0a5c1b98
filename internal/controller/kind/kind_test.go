package kind

import (
	"context"
	"fmt"

	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"

	"github.com/crossplane/crossplane-runtime/v2/pkg/controller"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	gogithub "github.com/google/go-github/v37/github"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/rest"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	"github.com/crossplane-github/provider-github/apis"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/shared"
)

// nsChild and clusterChild stand for a repository-scoped kind of each
// scope: the Repository types are the only managed kinds there are to
// borrow.
type nsChild struct {
	*repomv1alpha1.Repository
	target common.RepositoryTarget
}

func (c *nsChild) RepositoryTarget() *common.RepositoryTarget { return &c.target }

type clusterChild struct {
	*repov1alpha1.Repository
	target common.RepositoryTarget
}

func (c *clusterChild) RepositoryTarget() *common.RepositoryTarget { return &c.target }

func namespacedChild(ns string, deleted bool, t common.RepositoryTarget) *nsChild {
	r := &repomv1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: "hook"}}
	if deleted {
		r.DeletionTimestamp = &metav1.Time{Time: time.Now()}
	}
	return &nsChild{Repository: r, target: t}
}

func newClusterChild(t common.RepositoryTarget) *clusterChild {
	return &clusterChild{Repository: &repov1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Name: "hook"}}, target: t}
}

func kubeWith(t *testing.T, objs ...client.Object) client.WithWatch {
	t.Helper()
	s := runtime.NewScheme()
	if err := apis.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	return fake.NewClientBuilder().WithScheme(s).WithObjects(objs...).Build()
}

func createdRepo(ns, name, fullName string) client.Object {
	if ns == "" {
		r := &repov1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Name: name}}
		r.Status.AtProvider.FullName = ptr.To(fullName)
		return r
	}
	r := &repomv1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name}}
	if fullName != "" {
		r.Status.AtProvider.FullName = ptr.To(fullName)
	}
	return r
}

func TestConnectionRepository(t *testing.T) {
	cases := map[string]struct {
		reason  string
		kube    []client.Object
		mg      RepositoryScoped
		owner   string
		want    Repository
		wantErr error
		gone    bool
	}{
		"ByName": {
			reason: "A repository named by owner and name is that repository.",
			mg:     namespacedChild("team", false, common.RepositoryTarget{Owner: ptr.To("acme"), Repository: ptr.To("api")}),
			want:   Repository{Owner: "acme", Name: "api"},
		},
		"ByNameDefaultOwner": {
			reason: "Without an owner, the provider configuration's owner is used.",
			mg:     namespacedChild("team", false, common.RepositoryTarget{Repository: ptr.To("api")}),
			owner:  "demo-org",
			want:   Repository{Owner: "demo-org", Name: "api"},
		},
		"ByNameNoOwner": {
			reason:  "Without any owner, the resource says where to set one.",
			mg:      namespacedChild("team", false, common.RepositoryTarget{Repository: ptr.To("api")}),
			wantErr: errors.New("no owner for the repository: set spec.forProvider.owner, or spec.owner of the provider configuration"),
		},
		"ByReferenceFollowsStatus": {
			reason: "A referenced Repository is read from its status, in the resource's own namespace, so a rename or new owner is followed.",
			kube:   []client.Object{createdRepo("team", "api", "acme/api-renamed"), createdRepo("other", "api", "acme/wrong")},
			mg:     namespacedChild("team", false, common.RepositoryTarget{RepositoryRef: &xpv2.Reference{Name: "api"}}),
			owner:  "demo-org",
			want:   Repository{Owner: "acme", Name: "api-renamed", Via: "Repository team/api"},
		},
		"ClusterReference": {
			reason: "A cluster-scoped resource refers to a cluster-scoped Repository.",
			kube:   []client.Object{createdRepo("", "api", "acme/api")},
			mg:     newClusterChild(common.RepositoryTarget{RepositoryRef: &xpv2.Reference{Name: "api"}}),
			want:   Repository{Owner: "acme", Name: "api", Via: "Repository api"},
		},
		"ReferenceNotCreated": {
			reason:  "A referenced Repository not yet on GitHub is waited for, and the condition says so.",
			kube:    []client.Object{createdRepo("team", "api", "")},
			mg:      namespacedChild("team", false, common.RepositoryTarget{RepositoryRef: &xpv2.Reference{Name: "api"}}),
			wantErr: referenceNotCreated{errors.New("Repository team/api named by spec.forProvider.repositoryRef has not been created on GitHub yet: this resource waits until it is Ready")},
		},
		"ReferenceMissing": {
			reason:  "A reference to a Repository that does not exist says so.",
			mg:      namespacedChild("team", false, common.RepositoryTarget{RepositoryRef: &xpv2.Reference{Name: "api"}}),
			wantErr: referenceGone{errors.New("spec.forProvider.repositoryRef names Repository team/api, which does not exist: create it, or fix the reference")},
			gone:    true,
		},
		"SelectorUnresolved": {
			reason:  "A selector that chose nothing yet says so.",
			mg:      namespacedChild("team", false, common.RepositoryTarget{RepositorySelector: &xpv2.Selector{MatchLabels: map[string]string{"a": "b"}}}),
			wantErr: errors.New("spec.forProvider.repositorySelector matches no Repository yet: label a Repository to match it, or name one with repositoryRef"),
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			c := Connection{Kube: kubeWith(t, tc.kube...), DefaultOwner: tc.owner}
			got, err := c.Repository(context.Background(), tc.mg)
			if diff := cmp.Diff(tc.wantErr, err, test.EquateErrors()); diff != "" {
				t.Errorf("\n%s\nRepository(...): -want error, +got error:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("\n%s\nRepository(...): -want, +got:\n%s", tc.reason, diff)
			}
			var g referenceGone
			if isGone := asGone(err, &g); isGone != tc.gone {
				t.Errorf("\n%s\nRepository(...): gone %t, want %t", tc.reason, isGone, tc.gone)
			}
		})
	}
}

func TestSelectRepository(t *testing.T) {
	labelled := func(ns, name string, labels map[string]string) client.Object {
		r := createdRepo(ns, name, "acme/"+name)
		r.SetLabels(labels)
		return r
	}
	cases := map[string]struct {
		reason  string
		kube    []client.Object
		mg      RepositoryScoped
		wantRef *xpv2.Reference
		updates int
		wantErr bool
	}{
		"Chooses": {
			reason:  "A selector chooses a Repository of the resource's namespace with matching labels and records it in repositoryRef.",
			kube:    []client.Object{labelled("other", "x", map[string]string{"team": "a"}), labelled("team", "api", map[string]string{"team": "a"})},
			mg:      namespacedChild("team", false, common.RepositoryTarget{RepositorySelector: &xpv2.Selector{MatchLabels: map[string]string{"team": "a"}}}),
			wantRef: &xpv2.Reference{Name: "api"},
			updates: 1,
		},
		"AlreadyChosen": {
			reason:  "A selector that chose already is not evaluated again.",
			kube:    []client.Object{labelled("team", "web", map[string]string{"team": "a"})},
			mg:      namespacedChild("team", false, common.RepositoryTarget{RepositoryRef: &xpv2.Reference{Name: "api"}, RepositorySelector: &xpv2.Selector{MatchLabels: map[string]string{"team": "a"}}}),
			wantRef: &xpv2.Reference{Name: "api"},
		},
		"NoMatch": {
			reason:  "A selector that matches nothing is an error the condition shows.",
			mg:      namespacedChild("team", false, common.RepositoryTarget{RepositorySelector: &xpv2.Selector{MatchLabels: map[string]string{"team": "a"}}}),
			wantErr: true,
		},
		"ByName": {
			reason: "A resource that names its repository is left alone.",
			mg:     namespacedChild("team", false, common.RepositoryTarget{Repository: ptr.To("api")}),
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			updates := 0
			s := runtime.NewScheme()
			if err := apis.AddToScheme(s); err != nil {
				t.Fatal(err)
			}
			kube := fake.NewClientBuilder().WithScheme(s).WithObjects(tc.kube...).WithInterceptorFuncs(interceptor.Funcs{
				Update: func(context.Context, client.WithWatch, client.Object, ...client.UpdateOption) error {
					updates++
					return nil
				},
			}).Build()
			r := selectingResolver{kube: kube, next: managed.ReferenceResolverFn(func(context.Context, resource.Managed) error { return nil })}
			err := r.ResolveReferences(context.Background(), tc.mg)
			if (err != nil) != tc.wantErr {
				t.Fatalf("\n%s\nResolveReferences(...): got error %v, want error %t", tc.reason, err, tc.wantErr)
			}
			if diff := cmp.Diff(tc.wantRef, tc.mg.RepositoryTarget().RepositoryRef); diff != "" {
				t.Errorf("\n%s\nrepositoryRef: -want, +got:\n%s", tc.reason, diff)
			}
			if updates != tc.updates {
				t.Errorf("\n%s\nupdates: got %d, want %d", tc.reason, updates, tc.updates)
			}
		})
	}
}

// deleter is a kind's external client whose Delete answers err, and whose
// Observe finds its object.
type deleter[T resource.Managed] struct {
	managed.TypedExternalClient[T]
	err error
}

func (d deleter[T]) Observe(context.Context, T) (managed.ExternalObservation, error) {
	return managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, nil
}

func (d deleter[T]) Delete(context.Context, T) (managed.ExternalDelete, error) {
	return managed.ExternalDelete{}, d.err
}

func TestForRepository(t *testing.T) {
	archived := &gogithub.ErrorResponse{Response: httpResponse(403), Message: "Repository was archived so is read-only."}
	gone := referenceGone{errors.New("spec.forProvider.repositoryRef names Repository team/api, which does not exist: create it, or fix the reference")}
	named := common.RepositoryTarget{Repository: ptr.To("api")}
	created := func(mg *nsChild) *nsChild { meta.SetExternalName(mg, "1234"); return mg }
	orphaned := func(mg *nsChild) *nsChild {
		mg.SetManagementPolicies(xpv2.ManagementPolicies{xpv2.ManagementActionObserve, xpv2.ManagementActionCreate, xpv2.ManagementActionUpdate})
		return mg
	}
	repoIs := func(r *github.Repository, err error) repositoryFn {
		return func(context.Context, RepositoryScoped) (string, *github.Repository, error) { return "acme/api", r, err }
	}
	cases := map[string]struct {
		reason      string
		mg          *nsChild
		connectErr  error
		repo        repositoryFn
		deleteErr   error
		wantConnErr error
		wantObs     managed.ExternalObservation
		wantObsErr  error
		wantEvents  []string
		wantDelErr  error
	}{
		"DeletingInArchived": {
			reason:     "A resource being deleted in an archived repository is gone at once, without looking for its object: GitHub would refuse the delete. One event says what was left and why.",
			mg:         created(namespacedChild("team", true, named)),
			repo:       repoIs(&github.Repository{Archived: true}, nil),
			wantEvents: []string{"Normal LeftInArchivedRepository: Left Webhook 1234 on GitHub: repository acme/api is archived, so GitHub keeps everything in it read-only; to remove it there, unarchive the repository and delete it on GitHub"},
		},
		"DeletingInOpenRepository": {
			reason:  "A resource being deleted in a repository that is not archived is observed by its kind, and deleted.",
			mg:      created(namespacedChild("team", true, named)),
			repo:    repoIs(&github.Repository{}, nil),
			wantObs: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true},
		},
		"DeletingInMissingRepository": {
			reason:  "A repository that no longer exists is left to the kind's own Observe, which finds its object gone.",
			mg:      created(namespacedChild("team", true, named)),
			repo:    repoIs(nil, nil),
			wantObs: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true},
		},
		"RepositoryUnreadable": {
			reason:     "An error reading the repository is returned: it is not taken for archived.",
			mg:         created(namespacedChild("team", true, named)),
			repo:       repoIs(nil, errors.New("boom")),
			wantObsErr: errors.New("boom"),
		},
		"NotDeleting": {
			reason:  "A resource not being deleted does not read its repository.",
			mg:      created(namespacedChild("team", false, named)),
			wantObs: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true},
		},
		"NeverCreated": {
			reason:  "A resource that never made an object has nothing to leave behind, and does not read its repository.",
			mg:      namespacedChild("team", true, named),
			wantObs: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true},
		},
		"OrphanedByPolicy": {
			reason:  "A resource whose policies keep its object on delete does not read its repository: nothing is deleted anyway.",
			mg:      orphaned(created(namespacedChild("team", true, named))),
			wantObs: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true},
		},
		"ArchivedSinceObserve": {
			reason:    "A delete GitHub refuses because the repository was archived since Observe read it is done: the next Observe says what was left.",
			mg:        created(namespacedChild("team", true, named)),
			repo:      repoIs(&github.Repository{}, nil),
			wantObs:   managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true},
			deleteErr: archived,
		},
		"OtherDeleteErrorsStand": {
			reason:     "Any other delete error is returned.",
			mg:         created(namespacedChild("team", true, named)),
			repo:       repoIs(&github.Repository{}, nil),
			wantObs:    managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true},
			deleteErr:  errors.New("boom"),
			wantDelErr: errors.New("boom"),
		},
		"RepositoryResourceGoneWhileDeleting": {
			reason:     "A resource being deleted whose Repository resource is gone is gone too.",
			mg:         namespacedChild("team", true, common.RepositoryTarget{RepositoryRef: &xpv2.Reference{Name: "api"}}),
			connectErr: gone,
			wantEvents: []string{"Normal ReferenceGone: Nothing to delete on GitHub: " + gone.Error()},
		},
		"RepositoryResourceNeverCreatedWhileDeleting": {
			reason:     "A resource being deleted whose Repository resource was never created on GitHub has nothing to delete.",
			mg:         namespacedChild("team", true, common.RepositoryTarget{RepositoryRef: &xpv2.Reference{Name: "api"}}),
			connectErr: referenceNotCreated{errors.New("Repository team/api named by spec.forProvider.repositoryRef has not been created on GitHub yet: this resource waits until it is Ready")},
			wantEvents: []string{"Normal ReferenceGone: Nothing to delete on GitHub: Repository team/api named by spec.forProvider.repositoryRef has not been created on GitHub yet: this resource waits until it is Ready"},
		},
		"RepositoryResourceGoneNotDeleting": {
			reason:      "A resource not being deleted whose Repository resource is missing says so.",
			mg:          namespacedChild("team", false, common.RepositoryTarget{RepositoryRef: &xpv2.Reference{Name: "api"}}),
			connectErr:  gone,
			wantConnErr: gone,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			var inner managed.TypedExternalClient[*nsChild]
			if tc.connectErr == nil {
				inner = deleter[*nsChild]{err: tc.deleteErr}
			}
			repo := tc.repo
			if repo == nil {
				repo = func(context.Context, RepositoryScoped) (string, *github.Repository, error) {
					t.Errorf("\n%s\nthe repository was read", tc.reason)
					return "", nil, nil
				}
			}
			rec := &eventList{}
			if tc.mg.GetManagementPolicies() == nil {
				tc.mg.SetManagementPolicies(xpv2.ManagementPolicies{xpv2.ManagementActionAll})
			}
			ext, err := forRepository(tc.mg, inner, tc.connectErr, rec, "Webhook", repo)
			if diff := cmp.Diff(tc.wantConnErr, err, test.EquateErrors()); diff != "" {
				t.Fatalf("\n%s\nconnect: -want error, +got error:\n%s", tc.reason, diff)
			}
			if err != nil {
				return
			}
			o, err := ext.Observe(context.Background(), tc.mg)
			if diff := cmp.Diff(tc.wantObsErr, err, test.EquateErrors()); diff != "" {
				t.Errorf("\n%s\nObserve(...): -want error, +got error:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.wantObs, o); diff != "" {
				t.Errorf("\n%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.wantEvents, rec.events); diff != "" {
				t.Errorf("\n%s\nevents: -want, +got:\n%s", tc.reason, diff)
			}
			if !o.ResourceExists {
				return
			}
			_, err = ext.Delete(context.Background(), tc.mg)
			if diff := cmp.Diff(tc.wantDelErr, err, test.EquateErrors()); diff != "" {
				t.Errorf("\n%s\nDelete(...): -want error, +got error:\n%s", tc.reason, diff)
			}
		})
	}
}

// eventList records the events it is given as "Type Reason: Message".
type eventList struct{ events []string }

func (l *eventList) Event(_ runtime.Object, e event.Event) {
	l.events = append(l.events, fmt.Sprintf("%s %s: %s", e.Type, e.Reason, e.Message))
}

func (l *eventList) WithAnnotations(...string) event.Recorder { return l }

// recordingGate records what is registered with it.
type recordingGate struct {
	gvks []schema.GroupVersionKind
	fns  []func()
}

func (g *recordingGate) Register(fn func(), gvks ...schema.GroupVersionKind) {
	g.fns = append(g.fns, fn)
	g.gvks = append(g.gvks, gvks...)
}

func (g *recordingGate) Set(schema.GroupVersionKind, bool) bool { return false }

func TestOfWaitsForTheGate(t *testing.T) {
	s := runtime.NewScheme()
	if err := apis.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	mgr, err := ctrl.NewManager(&rest.Config{Host: "http://127.0.0.1:1"}, ctrl.Options{Scheme: s, Metrics: metricsserver.Options{BindAddress: "0"}})
	if err != nil {
		t.Fatal(err)
	}
	g := &recordingGate{}
	o := Options{Options: shared.Options{Options: controller.Options{Gate: g}}}
	connect := func(context.Context, *repov1alpha1.Repository, Connection) (managed.TypedExternalClient[*repov1alpha1.Repository], error) {
		return nil, nil
	}
	if err := Of(&repov1alpha1.Repository{}, connect)(mgr, o); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]schema.GroupVersionKind{repov1alpha1.RepositoryGroupVersionKind}, g.gvks); diff != "" {
		t.Errorf("a kind's controller waits for its own CRD: registered GVKs -want, +got:\n%s", diff)
	}
	if len(g.fns) != 1 {
		t.Fatalf("registered callbacks: got %d, want 1", len(g.fns))
	}
}
