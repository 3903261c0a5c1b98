package organizationinteractionlimit

import (
	"context"
	"strings"
	"testing"
	"time"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"

	"github.com/crossplane-github/provider-github/apis"
	orgmv1alpha1 "github.com/crossplane-github/provider-github/apis/org/m/v1alpha1"
	orgv1alpha1 "github.com/crossplane-github/provider-github/apis/org/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

var epoch = time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)

// namespaced is a namespaced OrganizationInteractionLimit created at second age,
// claiming org ("" names none) and observed through host ("" never).
func namespaced(ns, name string, age int, org, host string) *orgmv1alpha1.OrganizationInteractionLimit {
	o := &orgmv1alpha1.OrganizationInteractionLimit{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name, UID: types.UID(ns + "/" + name),
		CreationTimestamp: metav1.NewTime(epoch.Add(time.Duration(age) * time.Second))}}
	if org != "" {
		o.Parameters().Organization = ptr.To(org)
	}
	if host != "" {
		o.Observation().Organization, o.Observation().Host = ptr.To(org), ptr.To(host)
	}
	return o
}

// cluster is namespaced's cluster-scoped twin.
func cluster(name string, age int, org, host string) *orgv1alpha1.OrganizationInteractionLimit {
	o := &orgv1alpha1.OrganizationInteractionLimit{ObjectMeta: metav1.ObjectMeta{Name: name, UID: types.UID(name),
		CreationTimestamp: metav1.NewTime(epoch.Add(time.Duration(age) * time.Second))}}
	if org != "" {
		o.Parameters().Organization = ptr.To(org)
	}
	if host != "" {
		o.Observation().Organization, o.Observation().Host = ptr.To(org), ptr.To(host)
	}
	return o
}

func TestClaimedBy(t *testing.T) {
	const host = "api.github.com"
	cases := map[string]struct {
		reason string
		mg     Object
		others []client.Object
		want   string // "" for no claim; else what the error says
	}{
		"Alone": {
			reason: "The only OrganizationInteractionLimit of an organization claims it.",
			mg:     namespaced("a", "mine", 10, "acme", ""),
		},
		"Younger": {
			reason: "A younger one of the same organization does not stop an older one.",
			mg:     namespaced("a", "mine", 10, "acme", ""),
			others: []client.Object{namespaced("b", "late", 20, "acme", host)},
		},
		"OlderAcrossScopes": {
			reason: "An older cluster-scoped one of the organization claims it first, whatever the case of its login.",
			mg:     namespaced("a", "mine", 10, "acme", ""),
			others: []client.Object{cluster("first", 5, "ACME", host)},
			want:   "organization acme is already claimed by OrganizationInteractionLimit first, which is older",
		},
		"SameSecondByName": {
			reason: "Created in the same second, the one whose namespace/name sorts first is older.",
			mg:     namespaced("b", "mine", 10, "acme", ""),
			others: []client.Object{namespaced("a", "other", 10, "acme", host)},
			want:   "already claimed by OrganizationInteractionLimit a/other",
		},
		"OtherOrganization": {
			reason: "An older one of another organization claims nothing of this one.",
			mg:     namespaced("a", "mine", 10, "acme", ""),
			others: []client.Object{cluster("first", 5, "other-org", host)},
		},
		"OtherHost": {
			reason: "An organization of the same login on another GitHub host is another organization.",
			mg:     namespaced("a", "mine", 10, "acme", ""),
			others: []client.Object{cluster("first", 5, "acme", "ghes.example.com")},
		},
		"OlderUnknown": {
			reason: "An older one that names no organization and was never observed may claim it: wait for it.",
			mg:     namespaced("a", "mine", 10, "acme", ""),
			others: []client.Object{namespaced("b", "first", 5, "", "")},
			want:   "cannot tell yet whether OrganizationInteractionLimit b/first, which is older, claims organization acme",
		},
		"OlderOnlyObserves": {
			reason: "One that only observes never writes: it claims nothing.",
			mg:     namespaced("a", "mine", 10, "acme", ""),
			others: []client.Object{func() client.Object {
				o := namespaced("b", "imported", 5, "acme", host)
				o.SetManagementPolicies(xpv2.ManagementPolicies{xpv2.ManagementActionObserve})
				return o
			}()},
		},
		"OnlyObserving": {
			reason: "One that only observes is never refused: it writes nothing.",
			mg: func() Object {
				o := namespaced("a", "mine", 10, "acme", "")
				o.SetManagementPolicies(xpv2.ManagementPolicies{xpv2.ManagementActionObserve})
				return o
			}(),
			others: []client.Object{cluster("first", 5, "acme", host)},
		},
		"OlderBeingDeleted": {
			reason: "One that is being deleted claims nothing.",
			mg:     namespaced("a", "mine", 10, "acme", ""),
			others: []client.Object{func() client.Object {
				o := namespaced("b", "first", 5, "acme", host)
				o.SetFinalizers([]string{"finalizer.managedresource.crossplane.io"})
				now := metav1.Now()
				o.SetDeletionTimestamp(&now)
				return o
			}()},
		},
	}
	s := runtime.NewScheme()
	if err := apis.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kube := fake.NewClientBuilder().WithScheme(s).WithObjects(append(tc.others, tc.mg)...).Build()
			err := kind.Connection{Kube: kube}.ClaimedBy(context.Background(), claimKind, tc.mg, "acme", host)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("\n%s\nClaimedBy(...) = %v, want no claim", tc.reason, err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("\n%s\nClaimedBy(...) = %v, want an error saying %q", tc.reason, err, tc.want)
			}
		})
	}
}
