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

	orgmv1alpha1 "github.com/crossplane-github/provider-github/apis/org/m/v1alpha1"
	orgv1alpha1 "github.com/crossplane-github/provider-github/apis/org/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// nsTeamChild stands for a namespaced team-scoped kind (a team's access to
// a repository).
type nsTeamChild struct {
	*nsChild
	team common.TeamTarget
}

func (c *nsTeamChild) TeamTarget() *common.TeamTarget { return &c.team }

func teamChild(t common.TeamTarget) *nsTeamChild {
	return &nsTeamChild{nsChild: namespacedChild("team", false, common.RepositoryTarget{Repository: ptr.To("api")}), team: t}
}

// createdTeam is a namespaced Team resource (cluster-scoped when ns is
// ""); slug "" means not yet created on GitHub.
func createdTeam(ns, name, org, slug string, id int64, labels map[string]string) client.Object {
	if ns == "" {
		t := &orgv1alpha1.Team{ObjectMeta: metav1.ObjectMeta{Name: name, Labels: labels}}
		if slug != "" {
			t.Status.AtProvider.ID, t.Status.AtProvider.Slug, t.Status.AtProvider.Organization = ptr.To(id), ptr.To(slug), ptr.To(org)
		}
		return t
	}
	t := &orgmv1alpha1.Team{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name, Labels: labels}}
	if slug != "" {
		t.Status.AtProvider.ID, t.Status.AtProvider.Slug, t.Status.AtProvider.Organization = ptr.To(id), ptr.To(slug), ptr.To(org)
	}
	return t
}

func TestConnectionTeam(t *testing.T) {
	cases := map[string]struct {
		reason  string
		kube    []client.Object
		mg      TeamScoped
		want    Team
		wantErr error
	}{
		"BySlug": {
			reason: "A team named by slug belongs to the repository's organization.",
			mg:     teamChild(common.TeamTarget{TeamSlug: ptr.To("platform")}),
			want:   Team{Organization: "acme", Slug: "platform"},
		},
		"ByReferenceFollowsStatus": {
			reason: "A referenced Team is read from its status in the resource's own namespace: its current slug, id and organization.",
			kube:   []client.Object{createdTeam("team", "platform", "acme", "platform-renamed", 42, nil), createdTeam("other", "platform", "acme", "wrong", 7, nil)},
			mg:     teamChild(common.TeamTarget{TeamRef: &xpv2.Reference{Name: "platform"}}),
			want:   Team{Organization: "acme", Slug: "platform-renamed", ID: 42, Via: "Team team/platform"},
		},
		"ReferenceNotCreated": {
			reason:  "A referenced Team not yet on GitHub is waited for, and the condition says so.",
			kube:    []client.Object{createdTeam("team", "platform", "", "", 0, nil)},
			mg:      teamChild(common.TeamTarget{TeamRef: &xpv2.Reference{Name: "platform"}}),
			wantErr: referenceNotCreated{errors.New("Team team/platform named by spec.forProvider.teamRef has not been created on GitHub yet: this resource waits until it is Ready")},
		},
		"ReferenceMissing": {
			reason:  "A reference to a Team that does not exist says so, as a reference that is gone.",
			mg:      teamChild(common.TeamTarget{TeamRef: &xpv2.Reference{Name: "platform"}}),
			wantErr: referenceGone{errors.New("spec.forProvider.teamRef names Team team/platform, which does not exist: create it, or fix the reference")},
		},
		"SelectorUnresolved": {
			reason:  "A selector that chose nothing yet says so.",
			mg:      teamChild(common.TeamTarget{TeamSelector: &xpv2.Selector{MatchLabels: map[string]string{"a": "b"}}}),
			wantErr: errors.New("spec.forProvider.teamSelector matches no Team yet: label a Team to match it, or name one with teamRef"),
		},
		"Nothing": {
			reason:  "A resource that names no team says what to set.",
			mg:      teamChild(common.TeamTarget{}),
			wantErr: errors.New("no team: set spec.forProvider.teamSlug, teamRef or teamSelector"),
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			c := Connection{Kube: kubeWith(t, tc.kube...)}
			got, err := c.Team(context.Background(), tc.mg, "acme")
			if diff := cmp.Diff(tc.wantErr, err, test.EquateErrors()); diff != "" {
				t.Errorf("\n%s\nTeam(...): -want error, +got error:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("\n%s\nTeam(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestClusterTeamResource(t *testing.T) {
	c := Connection{Kube: kubeWith(t, createdTeam("", "parent", "acme", "parent", 9, nil))}
	mg := &orgv1alpha1.Team{ObjectMeta: metav1.ObjectMeta{Name: "child"}}
	got, err := c.TeamResource(context.Background(), mg, "spec.forProvider.parentTeamRef", "parent")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(Team{Organization: "acme", Slug: "parent", ID: 9, Via: "Team parent"}, got); diff != "" {
		t.Errorf("a cluster-scoped Team refers to a cluster-scoped Team: -want, +got:\n%s", diff)
	}
}

func TestSelectTeams(t *testing.T) {
	labels := map[string]string{"team": "a"}
	sel := &xpv2.Selector{MatchLabels: labels}
	cases := map[string]struct {
		reason     string
		kube       []client.Object
		mg         resource.Managed
		wantRefs   func(mg resource.Managed) []*xpv2.Reference
		want       []*xpv2.Reference
		wantUpdate int
	}{
		"RepositoryAndTeamInOneUpdate": {
			reason: "A resource with a repository and a team selector records both choices with one update.",
			kube: []client.Object{
				createdTeam("team", "platform", "acme", "platform", 1, labels),
				createdTeam("other", "x", "acme", "x", 2, labels),
				func() client.Object { r := createdRepo("team", "api", "acme/api"); r.SetLabels(labels); return r }(),
			},
			mg: &nsTeamChild{nsChild: namespacedChild("team", false, common.RepositoryTarget{RepositorySelector: sel}), team: common.TeamTarget{TeamSelector: sel}},
			wantRefs: func(mg resource.Managed) []*xpv2.Reference {
				c := mg.(*nsTeamChild)
				return []*xpv2.Reference{c.RepositoryTarget().RepositoryRef, c.TeamTarget().TeamRef}
			},
			want:       []*xpv2.Reference{{Name: "api"}, {Name: "platform"}},
			wantUpdate: 1,
		},
		"ParentTeam": {
			reason: "A Team's parentTeamSelector chooses a Team of its scope and records it in parentTeamRef.",
			kube:   []client.Object{createdTeam("", "parent", "acme", "parent", 1, labels)},
			mg: func() resource.Managed {
				t := &orgv1alpha1.Team{ObjectMeta: metav1.ObjectMeta{Name: "child"}}
				t.Spec.ForProvider.ParentTeamSelector = sel
				return t
			}(),
			wantRefs: func(mg resource.Managed) []*xpv2.Reference {
				return []*xpv2.Reference{mg.(*orgv1alpha1.Team).Spec.ForProvider.ParentTeamRef}
			},
			want:       []*xpv2.Reference{{Name: "parent"}},
			wantUpdate: 1,
		},
		"TopLevelTeam": {
			reason: "A Team without a parent selector is left alone.",
			mg:     &orgmv1alpha1.Team{ObjectMeta: metav1.ObjectMeta{Namespace: "team", Name: "child"}},
			wantRefs: func(mg resource.Managed) []*xpv2.Reference {
				return []*xpv2.Reference{mg.(*orgmv1alpha1.Team).Spec.ForProvider.ParentTeamRef}
			},
			want: []*xpv2.Reference{nil},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			updates := 0
			kube := interceptor.NewClient(kubeWith(t, tc.kube...), interceptor.Funcs{
				Update: func(context.Context, client.WithWatch, client.Object, ...client.UpdateOption) error {
					updates++
					return nil
				},
			})
			r := selectingResolver{kube: kube, next: managed.ReferenceResolverFn(func(context.Context, resource.Managed) error { return nil })}
			if err := r.ResolveReferences(context.Background(), tc.mg); err != nil {
				t.Fatalf("\n%s\nResolveReferences(...): %v", tc.reason, err)
			}
			if diff := cmp.Diff(tc.want, tc.wantRefs(tc.mg)); diff != "" {
				t.Errorf("\n%s\nreferences: -want, +got:\n%s", tc.reason, diff)
			}
			if updates != tc.wantUpdate {
				t.Errorf("\n%s\nupdates: got %d, want %d", tc.reason, updates, tc.wantUpdate)
			}
		})
	}
}
