package teamrepository

import (
	"context"
	"testing"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	teamrepo "github.com/crossplane-github/provider-github/internal/clients/teamrepository"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
)

// named is how messages name a resource of scope s: Kind ns/name, or Kind
// name in the cluster scope.
func named(s scope, kind, name string) string {
	if s.ns == "" {
		return kind + " " + name
	}
	return kind + " " + s.ns + "/" + name
}

func created(id int64, org, slug string) orgcommon.TeamObservation {
	return orgcommon.TeamObservation{ID: ptr.To(id), Organization: ptr.To(org), Slug: ptr.To(slug)}
}

// TestConnect checks how connect finds the team and the repository: by
// slug and name, or through the Team and Repository resources of the
// resource's scope (and namespace), read from a fake Kubernetes client.
func TestConnect(t *testing.T) {
	cases := map[string]struct {
		reason  string
		kube    func(s scope) []client.Object
		mg      []mod
		want    teamrepo.Grant
		wantErr func(s scope) string
	}{
		"SlugAndName": {
			reason: "A team named by slug belongs to the repository's owner, here the provider configuration's default owner.",
			mg:     []mod{withSlug("platform"), withRepo("api")},
			want:   teamrepo.Grant{Organization: "acme", TeamSlug: "platform", Owner: "acme", Repository: "api"},
		},
		"SlugAndOwner": {
			reason: "A team named by slug belongs to the owner the spec names for the repository.",
			mg:     []mod{withSlug("platform"), withRepo("api"), withParams(func(p *common.TeamRepositoryParameters) { p.Owner = ptr.To("other-org") })},
			want:   teamrepo.Grant{Organization: "other-org", TeamSlug: "platform", Owner: "other-org", Repository: "api"},
		},
		"TeamRef": {
			reason: "A team named by teamRef is read from the Team resource's status: its organization, id and slug (after a rename, the new one).",
			kube: func(s scope) []client.Object {
				return []client.Object{s.team(s.ns, "platform", created(7, "acme", "platform-renamed"))}
			},
			mg:   []mod{withTeamRef("platform"), withRepo("api")},
			want: teamrepo.Grant{Organization: "acme", TeamSlug: "platform-renamed", TeamID: 7, Owner: "acme", Repository: "api"},
		},
		"TeamRefOtherOrganization": {
			reason: "A Team resource's organization is its own, whatever the repository's owner: Observe refuses the mismatch.",
			kube: func(s scope) []client.Object {
				return []client.Object{s.team(s.ns, "platform", created(7, "other-org", "platform"))}
			},
			mg:   []mod{withTeamRef("platform"), withRepo("api")},
			want: teamrepo.Grant{Organization: "other-org", TeamSlug: "platform", TeamID: 7, Owner: "acme", Repository: "api"},
		},
		"TeamRefNotCreated": {
			reason: "A Team resource without an id, slug and organization in its status is not on GitHub yet: the condition says it is waited for.",
			kube: func(s scope) []client.Object {
				return []client.Object{s.team(s.ns, "platform", orgcommon.TeamObservation{Slug: ptr.To("platform")})}
			},
			mg: []mod{withTeamRef("platform"), withRepo("api")},
			wantErr: func(s scope) string {
				return named(s, "Team", "platform") + " named by spec.forProvider.teamRef has not been created on GitHub yet: this resource waits until it is Ready"
			},
		},
		"TeamRefMissing": {
			reason: "A teamRef naming no Team resource says which one is missing.",
			mg:     []mod{withTeamRef("platform"), withRepo("api")},
			wantErr: func(s scope) string {
				return "spec.forProvider.teamRef names " + named(s, "Team", "platform") + ", which does not exist: create it, or fix the reference"
			},
		},
		"TeamRefOfAnotherNamespaceOrScope": {
			reason: "Only a Team of the resource's own scope (and namespace) is found: the other scope's, or another namespace's, is not it.",
			kube: func(s scope) []client.Object {
				other := scopes[0]
				if s.ns != "" {
					other = scopes[1]
				}
				objs := []client.Object{other.team(other.ns, "platform", created(7, "acme", "platform"))}
				if s.ns != "" {
					objs = append(objs, s.team("elsewhere", "platform", created(8, "acme", "platform")))
				}
				return objs
			},
			mg: []mod{withTeamRef("platform"), withRepo("api")},
			wantErr: func(s scope) string {
				return "spec.forProvider.teamRef names " + named(s, "Team", "platform") + ", which does not exist: create it, or fix the reference"
			},
		},
		"TeamSelectorUnresolved": {
			reason: "A teamSelector that has chosen no Team yet says so.",
			mg: []mod{withRepo("api"), withParams(func(p *common.TeamRepositoryParameters) {
				p.TeamSelector = &xpv2.Selector{MatchLabels: map[string]string{"team": "platform"}}
			})},
			wantErr: func(scope) string {
				return "spec.forProvider.teamSelector matches no Team yet: label a Team to match it, or name one with teamRef"
			},
		},
		"TeamSelectorResolved": {
			reason: "A teamSelector that chose a Team (recorded in teamRef) is followed as a reference is.",
			kube: func(s scope) []client.Object {
				return []client.Object{s.team(s.ns, "chosen", created(9, "acme", "chosen"))}
			},
			mg: []mod{withRepo("api"), withTeamRef("chosen"), withParams(func(p *common.TeamRepositoryParameters) {
				p.TeamSelector = &xpv2.Selector{MatchLabels: map[string]string{"team": "platform"}}
			})},
			want: teamrepo.Grant{Organization: "acme", TeamSlug: "chosen", TeamID: 9, Owner: "acme", Repository: "api"},
		},
		"RepositoryRefAndTeamRef": {
			reason: "A repositoryRef follows the Repository resource's status, owner and name, as a teamRef follows the Team.",
			kube: func(s scope) []client.Object {
				return []client.Object{
					s.team(s.ns, "platform", created(7, "acme", "platform")),
					s.repository(s.ns, "api", "acme/api-renamed"),
				}
			},
			mg:   []mod{withTeamRef("platform"), withRepoRef("api")},
			want: teamrepo.Grant{Organization: "acme", TeamSlug: "platform", TeamID: 7, Owner: "acme", Repository: "api-renamed"},
		},
		"RepositoryRefMissing": {
			reason: "The repository is found first: a missing Repository resource is named, whatever the team.",
			mg:     []mod{withSlug("platform"), withRepoRef("api")},
			wantErr: func(s scope) string {
				return "spec.forProvider.repositoryRef names " + named(s, "Repository", "api") + ", which does not exist: create it, or fix the reference"
			},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				var objs []client.Object
				if tc.kube != nil {
					objs = tc.kube(s)
				}
				c := kind.Connection{Kube: kubeWith(t, objs...), DefaultOwner: "acme"}
				e, err := s.connect(context.Background(), s.object(tc.mg...), c, &mockAPI{})
				gotErr := ""
				if err != nil {
					gotErr = err.Error()
				}
				wantErr := ""
				if tc.wantErr != nil {
					wantErr = tc.wantErr(s)
				}
				if diff := cmp.Diff(wantErr, gotErr); diff != "" {
					t.Fatalf("\n%s\nconnect(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if err != nil {
					return
				}
				if diff := cmp.Diff(tc.want, e.target()); diff != "" {
					t.Errorf("\n%s\nconnect(...): target -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}
