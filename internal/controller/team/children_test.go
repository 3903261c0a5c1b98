package team

import (
	"context"
	"net/http"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	kmeta "k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	namespaced "github.com/crossplane-github/provider-github/apis/org/m/v1alpha1"
	cluster "github.com/crossplane-github/provider-github/apis/org/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
)

// teams lists the given Team resources of both scopes; a nil list of a
// scope answers as if its kind were not installed.
func teams(ns []namespaced.Team, cl []cluster.Team) client.Reader {
	return &test.MockClient{MockList: func(_ context.Context, l client.ObjectList, _ ...client.ListOption) error {
		switch l := l.(type) {
		case *namespaced.TeamList:
			if ns == nil {
				return &kmeta.NoKindMatchError{GroupKind: schema.GroupKind{Group: "org.github.m.crossplane.io", Kind: "Team"}}
			}
			l.Items = ns
		case *cluster.TeamList:
			if cl == nil {
				return &kmeta.NoKindMatchError{GroupKind: schema.GroupKind{Group: "org.github.crossplane.io", Kind: "Team"}}
			}
			l.Items = cl
		}
		return nil
	}}
}

// statusChild is a Team whose team GitHub says is below team parent of org.
func statusChild[T any, P interface {
	*T
	Object
}](name, namespace, org string, parent int64) T {
	var c T
	o := P(&c)
	o.SetName(name)
	o.SetNamespace(namespace)
	o.Observation().ParentTeamID, o.Observation().Organization = ptr.To(parent), ptr.To(org)
	return c
}

// refChild is a Team whose parentTeamRef names parent.
func refChild[T any, P interface {
	*T
	Object
}](name, namespace, parent string) T {
	var c T
	o := P(&c)
	o.SetName(name)
	o.SetNamespace(namespace)
	o.Parameters().ParentTeamRef = &xpv2.Reference{Name: parent}
	return c
}

func beingDeleted[T any, P interface {
	*T
	Object
}](c T) T {
	now := metav1.Now()
	P(&c).SetDeletionTimestamp(&now)
	return c
}

func TestDelete(t *testing.T) {
	deleted := func(t *testing.T) *fake.MockTeamsAPI {
		return &fake.MockTeamsAPI{MockDeleteTeam: func(_ context.Context, org, slug string) error {
			if org != "org" || slug != "platform-team" {
				t.Errorf("DeleteTeam(%s, %s): want org, platform-team", org, slug)
			}
			return nil
		}}
	}
	// Resources that are not children of team 7 (org/platform-team) of
	// the Team x (namespace ns, or the cluster): another organization's
	// team with the same parent id, a reference to x from another
	// namespace, a child being deleted, and x itself.
	bystanders := func() ([]namespaced.Team, []cluster.Team) {
		return []namespaced.Team{
				statusChild[namespaced.Team]("other-org", "ns", "elsewhere", 7),
				refChild[namespaced.Team]("other-ns", "elsewhere", "x"),
				beingDeleted(statusChild[namespaced.Team]("going", "ns", "org", 7)),
				refChild[namespaced.Team]("x", "ns", "x"),
			}, []cluster.Team{
				beingDeleted(refChild[cluster.Team]("going-too", "", "x")),
				refChild[cluster.Team]("x", "", "x"),
			}
	}
	cases := map[string]struct {
		reason string
		deps   func(t *testing.T, s scope) deps
		want   map[string]error // by scope
	}{
		"NotObserved": {
			reason: "Delete works on what Observe read",
			deps:   func(*testing.T, scope) deps { return deps{} },
			want: map[string]error{
				"Namespaced": errors.New("cannot delete a team that was not observed first"),
				"Cluster":    errors.New("cannot delete a team that was not observed first"),
			},
		},
		"NoChildren": {
			reason: "a team without managed child teams is deleted; other Teams that merely look alike do not block it",
			deps: func(t *testing.T, _ scope) deps {
				ns, cl := bystanders()
				return deps{observed: ghTeam(), api: deleted(t), kube: teams(ns, cl)}
			},
		},
		"OtherScopeNotInstalled": {
			reason: "a scope whose Team kind is not installed has no children",
			deps: func(t *testing.T, _ scope) deps {
				return deps{observed: ghTeam(), api: deleted(t), kube: teams([]namespaced.Team{}, nil)}
			},
		},
		"AlreadyGone": {
			reason: "a team that is already gone counts as deleted",
			deps: func(*testing.T, scope) deps {
				return deps{observed: ghTeam(), kube: teams(nil, nil), api: &fake.MockTeamsAPI{MockDeleteTeam: func(context.Context, string, string) error {
					return ghErrOn(http.MethodDelete, "/orgs/org/teams/platform-team", 404)
				}}}
			},
		},
		"DeleteFails": {
			reason: "other failures are errors, saying what was attempted",
			deps: func(*testing.T, scope) deps {
				return deps{observed: ghTeam(), kube: teams(nil, nil), api: &fake.MockTeamsAPI{MockDeleteTeam: func(context.Context, string, string) error {
					return ghErrOn(http.MethodDelete, "/orgs/org/teams/platform-team", 403)
				}}}
			},
			want: map[string]error{
				"Namespaced": errors.Wrap(ghErrOn(http.MethodDelete, "/orgs/org/teams/platform-team", 403), "cannot delete team org/platform-team"),
				"Cluster":    errors.Wrap(ghErrOn(http.MethodDelete, "/orgs/org/teams/platform-team", 403), "cannot delete team org/platform-team"),
			},
		},
		"ChildrenBlock": {
			reason: "Teams of either scope whose team is below this one, and Teams of this scope that name this one as parent, block the delete",
			deps: func(*testing.T, scope) deps {
				ns, cl := bystanders()
				ns = append(ns, statusChild[namespaced.Team]("b", "a", "ORG", 7), refChild[namespaced.Team]("by-ref", "ns", "x"))
				cl = append(cl, statusChild[cluster.Team]("c", "", "org", 7), refChild[cluster.Team]("cluster-by-ref", "", "x"))
				return deps{observed: ghTeam(), kube: teams(ns, cl)}
			},
			want: map[string]error{
				"Namespaced": errors.New("cannot delete team org/platform-team: child teams managed by Team a/b, c, ns/by-ref still exist; " +
					"delete them first or move them to another parent (GitHub deletes a team's child teams with it)"),
				"Cluster": errors.New("cannot delete team org/platform-team: child teams managed by Team a/b, c, cluster-by-ref still exist; " +
					"delete them first or move them to another parent (GitHub deletes a team's child teams with it)"),
			},
		},
		"ListFails": {
			reason: "when the Team resources cannot be listed, nothing is deleted",
			deps: func(*testing.T, scope) deps {
				return deps{observed: ghTeam(), kube: &test.MockClient{MockList: test.NewMockListFn(errors.New("boom"))}}
			},
			want: map[string]error{
				"Namespaced": errors.Wrap(errors.New("boom"), "cannot list the namespaced Team resources to find child teams"),
				"Cluster":    errors.Wrap(errors.New("boom"), "cannot list the namespaced Team resources to find child teams"),
			},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				mg := s.team(withExternalName("platform-team"), withID(7))
				_, err := s.external(tc.deps(t, s)).Delete(context.Background(), mg)
				if diff := cmp.Diff(tc.want[s.name], err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nDelete(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if c := mg.GetCondition(xpv2.TypeReady); c.Reason != xpv2.ReasonDeleting {
					t.Errorf("\n%s\nDelete(...): want the Deleting condition, got %+v", tc.reason, c)
				}
			})
		})
	}
}
