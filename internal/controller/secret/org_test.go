package secret

import (
	"context"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrlclient "sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	orgmv1alpha1 "github.com/crossplane-github/provider-github/apis/org/m/v1alpha1"
	orgv1alpha1 "github.com/crossplane-github/provider-github/apis/org/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	ghfake "github.com/crossplane-github/provider-github/internal/clients/github/fake"
	"github.com/crossplane-github/provider-github/internal/clients/sharing"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
)

// orgKinds are the organization secrets' kinds, both scopes, with their
// stores: each makes a resource named deploy_token, declared shared with
// repositories 1 and 2, and its external client against api.
var orgKinds = map[string]struct {
	store  github.SecretStore
	object func() Object
	client func(github.SecretsAPI, github.SelectedRepositoriesAPI, ctrlclient.Reader) (kindtest.Client[Object], func(Object) *common.SecretValueObservation)
}{
	"OrganizationActionsSecret/Namespaced": {github.SecretStore{Org: true}, func() Object {
		return declared(orgActions[*orgmv1alpha1.OrganizationActionsSecret](), &orgmv1alpha1.OrganizationActionsSecret{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "s"}})
	},
		orgClient(orgActions[*orgmv1alpha1.OrganizationActionsSecret]())},
	"OrganizationActionsSecret/Cluster": {github.SecretStore{Org: true}, func() Object {
		return declared(orgActions[*orgv1alpha1.OrganizationActionsSecret](), &orgv1alpha1.OrganizationActionsSecret{ObjectMeta: metav1.ObjectMeta{Name: "s"}})
	},
		orgClient(orgActions[*orgv1alpha1.OrganizationActionsSecret]())},
	"OrganizationDependabotSecret/Namespaced": {github.SecretStore{Org: true, Dependabot: true}, func() Object {
		return declared(orgDependabot[*orgmv1alpha1.OrganizationDependabotSecret](), &orgmv1alpha1.OrganizationDependabotSecret{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "s"}})
	},
		orgClient(orgDependabot[*orgmv1alpha1.OrganizationDependabotSecret]())},
	"OrganizationDependabotSecret/Cluster": {github.SecretStore{Org: true, Dependabot: true}, func() Object {
		return declared(orgDependabot[*orgv1alpha1.OrganizationDependabotSecret](), &orgv1alpha1.OrganizationDependabotSecret{ObjectMeta: metav1.ObjectMeta{Name: "s"}})
	},
		orgClient(orgDependabot[*orgv1alpha1.OrganizationDependabotSecret]())},
}

// declaredRepos is the sharing every case declares.
var declaredRepos = sharing.Want{Visibility: "selected", IDs: []int64{1, 2}}

// declared is mg of the kind k, declared to hold the Secret tokens' key
// token as deploy_token, shared with selected repositories.
func declared[T kind.OrganizationScoped](k orgSecret[T], mg T) Object {
	mg.SetUID("resource-uid")
	p := k.parts(mg)
	p.value.Name, p.value.ValueSecretRef = "deploy_token", common.SecretKeyRef{Name: "tokens", Key: "token"}
	if mg.GetNamespace() == "" {
		p.value.ValueSecretRef.Namespace = ptr.To("ns")
	}
	p.share.Visibility = "selected"
	return mg
}

// orgClient is the external client connect makes of k, against the
// fakes, with the declared repositories resolved.
func orgClient[T kind.OrganizationScoped](k orgSecret[T]) func(github.SecretsAPI, github.SelectedRepositoriesAPI, ctrlclient.Reader) (kindtest.Client[Object], func(Object) *common.SecretValueObservation) {
	return func(api github.SecretsAPI, repos github.SelectedRepositoriesAPI, secrets ctrlclient.Reader) (kindtest.Client[Object], func(Object) *common.SecretValueObservation) {
		org := kind.Organization{Login: "demo-org"}
		share := kind.NewSharing(repos, org.Login, github.Shared{Dependabot: k.store.Dependabot}, declaredRepos)
		e := k.external(api, (&keyCache{keys: map[keyOf]*github.SecretsPublicKey{}}).of("test"), org, share, kind.Connection{Record: &kindtest.Recorder{}, Uncached: secrets})
		return kindtest.Typed[Object, T]{E: e}, func(o Object) *common.SecretValueObservation { return k.parts(o.(T)).status }
	}
}

// TestOrgSecretSharing: an organization's secret is up to date only when
// GitHub shares it as declared; the list of repositories is read only when
// both say selected; a write sends the value with the sharing.
func TestOrgSecretSharing(t *testing.T) {
	cases := map[string]struct {
		visibility string
		selected   []int64
		wantDiff   string
		wantLists  int
	}{
		"AsDeclared":        {visibility: "selected", selected: []int64{2, 1}, wantLists: 1},
		"VisibilityChanged": {visibility: "all", wantDiff: "visibility"},
		"RepositoryAdded":   {visibility: "selected", selected: []int64{1, 2, 3}, wantLists: 1, wantDiff: "selected repositories (on GitHub, not declared: [3]; declared, not on GitHub: [])"},
		"RepositoryRemoved": {visibility: "selected", selected: []int64{1}, wantLists: 1, wantDiff: "selected repositories (on GitHub, not declared: []; declared, not on GitHub: [2])"},
	}
	key := newStoreKey(t, "k1")
	for kindName, k := range orgKinds {
		for name, tc := range cases {
			t.Run(kindName+"/"+name, func(t *testing.T) {
				mg := k.object()
				got := stored(writtenAt)
				got.Visibility = tc.visibility
				var puts []*github.EncryptedSecret
				api := &ghfake.MockSecretsAPI{
					MockGetSecret: func(_ context.Context, owner, repo string, s github.SecretStore, _ string) (*github.StoredSecret, error) {
						if owner != "demo-org" || repo != "" || s != k.store {
							t.Errorf("GetSecret(%s, %q, %v): want demo-org's %v", owner, repo, s, k.store)
						}
						return got, nil
					},
					MockGetSecretsPublicKey: func(context.Context, string, string, github.SecretStore) (*github.SecretsPublicKey, error) {
						return key.answer(), nil
					},
					MockPutSecret: func(_ context.Context, _, _ string, _ github.SecretStore, _ string, enc *github.EncryptedSecret) error {
						puts = append(puts, enc)
						return nil
					},
				}
				lists := 0
				repos := &ghfake.MockSelectedRepositoriesAPI{MockListSelectedRepositories: func(_ context.Context, org string, of github.Shared, name string) ([]github.SelectedRepository, error) {
					lists++
					if of != (github.Shared{Dependabot: k.store.Dependabot}) || name != "DEPLOY_TOKEN" {
						t.Errorf("ListSelectedRepositories(%s, %+v, %s): want the secret's", org, of, name)
					}
					var out []github.SelectedRepository
					for _, id := range tc.selected {
						out = append(out, github.SelectedRepository{ID: id})
					}
					return out, nil
				}}
				e, status := k.client(api, repos, secrets(t, tokens(map[string][]byte{"token": []byte(tokenValue)})))
				withExternalName("DEPLOY_TOKEN")(mg)
				status(mg).AppliedValueHash, status(mg).AppliedAt = ptr.To(hash), ptr.To(metav1.NewTime(writtenAt))
				o, err := e.Observe(context.Background(), mg)
				if err != nil {
					t.Fatalf("Observe(...): %v", err)
				}
				if diff := cmp.Diff(tc.wantDiff, o.Diff); diff != "" || o.ResourceUpToDate != (tc.wantDiff == "") {
					t.Errorf("Observe(...): up to date %t, diff -want, +got:\n%s", o.ResourceUpToDate, diff)
				}
				if lists != tc.wantLists {
					t.Errorf("Observe(...) listed the repositories %d times, want %d", lists, tc.wantLists)
				}
				if _, err := e.Update(context.Background(), mg); err != nil {
					t.Fatalf("Update(...): %v", err)
				}
				if len(puts) != 1 || puts[0].Visibility != "selected" || !cmp.Equal(&[]int64{1, 2}, puts[0].SelectedRepositoryIDs) {
					t.Fatalf("Update(...) wrote %+v, want the value shared with repositories 1 and 2", puts)
				}
				if v, ok := key.open(puts[0]); !ok || v != tokenValue {
					t.Errorf("Update(...) sealed %q (opened %t), want the Secret's value", v, ok)
				}
				noValueShown(t, err, &kindtest.Recorder{}, mg)
			})
		}
	}
}
