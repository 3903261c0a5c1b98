package kind

import (
	"context"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
)

// nsEnvironmentChild stands for a namespaced environment-scoped kind (an
// Actions secret).
type nsEnvironmentChild struct {
	*nsChild
	environment common.EnvironmentTarget
}

func (c *nsEnvironmentChild) EnvironmentTarget() *common.EnvironmentTarget { return &c.environment }

func environmentChild(t common.EnvironmentTarget) *nsEnvironmentChild {
	return &nsEnvironmentChild{nsChild: namespacedChild("dev", false, common.RepositoryTarget{Repository: ptr.To("api")}), environment: t}
}

type clusterEnvironmentChild struct {
	*clusterChild
	environment common.EnvironmentTarget
}

func (c *clusterEnvironmentChild) EnvironmentTarget() *common.EnvironmentTarget {
	return &c.environment
}

// createdEnvironment is a namespaced Environment resource (cluster-scoped
// when ns is ""); name "" means not yet created on GitHub.
func createdEnvironment(ns, resource, repository, name string, labels map[string]string) client.Object {
	set := func(o *common.EnvironmentObservation) {
		if name != "" {
			o.Name, o.Repository = ptr.To(name), ptr.To(repository)
		}
	}
	if ns == "" {
		e := &repov1alpha1.Environment{ObjectMeta: metav1.ObjectMeta{Name: resource, Labels: labels}}
		set(&e.Status.AtProvider)
		return e
	}
	e := &repomv1alpha1.Environment{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: resource, Labels: labels}}
	set(&e.Status.AtProvider)
	return e
}

func TestConnectionEnvironment(t *testing.T) {
	repo := Repository{Owner: "acme", Name: "api"}
	ref := common.EnvironmentTarget{EnvironmentRef: &xpv2.Reference{Name: "prod"}}
	cases := map[string]struct {
		reason  string
		kube    []client.Object
		mg      EnvironmentScoped
		want    Environment
		wantErr error
	}{
		"None": {
			reason: "A resource that names no environment belongs to the repository itself.",
			mg:     environmentChild(common.EnvironmentTarget{}),
			want:   Environment{},
		},
		"ByName": {
			reason: "An environment named by name is that environment of the repository.",
			mg:     environmentChild(common.EnvironmentTarget{Environment: ptr.To("production")}),
			want:   Environment{Name: "production"},
		},
		"ByReferenceFollowsStatus": {
			reason: "A referenced Environment is read from its status in the resource's own namespace; its repository is compared without regard to case.",
			kube:   []client.Object{createdEnvironment("dev", "prod", "Acme/API", "Production", nil), createdEnvironment("other", "prod", "acme/api", "wrong", nil)},
			mg:     environmentChild(ref),
			want:   Environment{Name: "Production", Via: "Environment dev/prod"},
		},
		"ReferenceOfAnotherRepository": {
			reason:  "A referenced Environment of another repository is refused with both repositories named.",
			kube:    []client.Object{createdEnvironment("dev", "prod", "acme/web", "production", nil)},
			mg:      environmentChild(ref),
			wantErr: referenceElsewhere{errors.New("spec.forProvider.environmentRef names Environment dev/prod, an environment of acme/web, but this resource's repository is acme/api: name an Environment of acme/api, or the Environment's repository")},
		},
		"ReferenceNotCreated": {
			reason:  "A referenced Environment not yet on GitHub is waited for.",
			kube:    []client.Object{createdEnvironment("dev", "prod", "", "", nil)},
			mg:      environmentChild(ref),
			wantErr: referenceNotCreated{errors.New("Environment dev/prod named by spec.forProvider.environmentRef has not been created on GitHub yet: this resource waits until it is Ready")},
		},
		"ReferenceMissing": {
			reason:  "A reference to an Environment that does not exist says so, as a reference that is gone.",
			mg:      environmentChild(ref),
			wantErr: referenceGone{errors.New("spec.forProvider.environmentRef names Environment dev/prod, which does not exist: create it, or fix the reference")},
		},
		"SelectorUnresolved": {
			reason:  "A selector that chose nothing yet says so; it does not fall back to the repository.",
			mg:      environmentChild(common.EnvironmentTarget{EnvironmentSelector: &xpv2.Selector{MatchLabels: map[string]string{"a": "b"}}}),
			wantErr: errors.New("spec.forProvider.environmentSelector matches no Environment yet: label an Environment to match it, or name one with environmentRef"),
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			c := Connection{Kube: kubeWith(t, tc.kube...)}
			got, err := c.Environment(context.Background(), tc.mg, repo)
			if diff := cmp.Diff(tc.wantErr, err, test.EquateErrors()); diff != "" {
				t.Errorf("\n%s\nEnvironment(...): -want error, +got error:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("\n%s\nEnvironment(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

// A cluster-scoped resource refers to a cluster-scoped Environment.
func TestClusterEnvironment(t *testing.T) {
	c := Connection{Kube: kubeWith(t, createdEnvironment("", "prod", "acme/api", "production", nil), createdEnvironment("x", "prod", "acme/api", "wrong", nil))}
	mg := &clusterEnvironmentChild{clusterChild: newClusterChild(common.RepositoryTarget{Repository: ptr.To("api")}),
		environment: common.EnvironmentTarget{EnvironmentRef: &xpv2.Reference{Name: "prod"}}}
	got, err := c.Environment(context.Background(), mg, Repository{Owner: "acme", Name: "api"})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(Environment{Name: "production", Via: "Environment prod"}, got); diff != "" {
		t.Errorf("-want, +got:\n%s", diff)
	}
}

// An environment selector chooses an Environment of the resource's scope
// and namespace and records it in environmentRef.
func TestSelectEnvironment(t *testing.T) {
	labels := map[string]string{"env": "prod"}
	updates := 0
	kube := interceptor.NewClient(kubeWith(t,
		createdEnvironment("dev", "prod", "acme/api", "production", labels),
		createdEnvironment("other", "x", "acme/api", "x", labels),
	), interceptor.Funcs{
		Update: func(context.Context, client.WithWatch, client.Object, ...client.UpdateOption) error {
			updates++
			return nil
		},
	})
	mg := environmentChild(common.EnvironmentTarget{EnvironmentSelector: &xpv2.Selector{MatchLabels: labels}})
	r := selectingResolver{kube: kube, next: managed.ReferenceResolverFn(func(context.Context, resource.Managed) error { return nil })}
	if err := r.ResolveReferences(context.Background(), mg); err != nil {
		t.Fatalf("ResolveReferences(...): %v", err)
	}
	if diff := cmp.Diff(&xpv2.Reference{Name: "prod"}, mg.EnvironmentTarget().EnvironmentRef); diff != "" {
		t.Errorf("environmentRef: -want, +got:\n%s", diff)
	}
	if updates != 1 {
		t.Errorf("updates: got %d, want 1", updates)
	}
}
