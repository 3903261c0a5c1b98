package deploykey

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/google/go-cmp/cmp"
	gogithub "github.com/google/go-github/v37/github"
	"sigs.k8s.io/controller-runtime/pkg/client"

	dk "github.com/crossplane-github/provider-github/internal/clients/deploykey"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
)

const keysPath = "/repos/demo-org/app/keys"

// api is the fake GitHub of a case, from the answers it gives. A method
// whose answer the case does not give fails the test when called.
type api struct {
	get       *github.DeployKey
	getErr    error
	list      []github.DeployKey
	create    *github.DeployKey
	createErr error
	deleteErr error
}

// sent records what the fake GitHub was sent.
type sent struct {
	created []github.DeployKeyRequest
	deleted []int64
}

func (a api) fake(t *testing.T, s *sent) *fake.MockDeployKeysAPI {
	t.Helper()
	check := func(op, owner, name string) {
		if owner != repo.Owner || name != repo.Name {
			t.Errorf("%s(%s, %s): want demo-org/app", op, owner, name)
		}
	}
	return &fake.MockDeployKeysAPI{
		MockGetDeployKey: func(_ context.Context, owner, name string, _ int64) (*github.DeployKey, error) {
			check("GetDeployKey", owner, name)
			if a.get == nil && a.getErr == nil {
				t.Errorf("unexpected GetDeployKey")
			}
			return a.get, a.getErr
		},
		MockListDeployKeys: func(_ context.Context, owner, name string) ([]github.DeployKey, error) {
			check("ListDeployKeys", owner, name)
			return a.list, nil
		},
		MockCreateDeployKey: func(_ context.Context, owner, name string, k *github.DeployKeyRequest) (*github.DeployKey, error) {
			check("CreateDeployKey", owner, name)
			s.created = append(s.created, *k)
			if a.create == nil && a.createErr == nil {
				t.Errorf("unexpected CreateDeployKey")
			}
			return a.create, a.createErr
		},
		MockDeleteDeployKey: func(_ context.Context, owner, name string, id int64) error {
			check("DeleteDeployKey", owner, name)
			s.deleted = append(s.deleted, id)
			return a.deleteErr
		},
	}
}

func ghErr(method string, status int, message string, details ...string) error {
	var errs []gogithub.Error
	for _, d := range details {
		errs = append(errs, gogithub.Error{Resource: "PublicKey", Code: "custom", Field: "key", Message: d})
	}
	return kindtest.GitHubErr(method, keysPath, status, message, errs...)
}

// noKeyMaterial fails the test when an error quotes key material.
func noKeyMaterial(t *testing.T, err error) {
	t.Helper()
	if err != nil && (strings.Contains(err.Error(), "AAAA") || strings.Contains(err.Error(), "PRIVATE KEY")) {
		t.Errorf("the error quotes key material: %v", err)
	}
}

func TestObserve(t *testing.T) {
	pending := createdAt.Add(-2 * time.Second)
	type want struct {
		exists, upToDate, lateInit bool
		diff                       string
		details                    managed.ConnectionDetails
		externalName               string
		errContains                string
		events                     []event.Reason
	}
	publicDetails := managed.ConnectionDetails{dk.ConnectionPublicKey: []byte(pubKey + "\n")}
	cases := map[string]struct {
		reason  string
		mods    func(s scope) []mod
		objects []client.Object
		api     api
		want    want
	}{
		"New": {
			reason: "Without an external name or a create under way there is nothing to find: GitHub is not asked.",
			mods:   func(scope) []mod { return nil },
			want:   want{},
		},
		"UpToDate": {
			reason: "GitHub's key without its comment is the spec's key: up to date, with the public key as connection detail.",
			mods:   func(scope) []mod { return []mod{withExternalName("7")} },
			api:    api{get: answer(7)},
			want:   want{exists: true, upToDate: true, details: publicDetails, externalName: "7"},
		},
		"Gone": {
			reason: "A key deleted on GitHub does not exist, so it is added again; an event says so.",
			mods:   func(scope) []mod { return []mod{withExternalName("7")} },
			api:    api{getErr: ghErr("GET", http.StatusNotFound, "Not Found")},
			want:   want{externalName: "7", events: []event.Reason{kind.ReasonMissing}},
		},
		"Drift": {
			reason: "A key whose title is not the spec's (one adopted by its id, say) is not up to date, and the diff says how.",
			mods:   func(scope) []mod { return []mod{withExternalName("7"), withTitle("deploy")} },
			api:    api{get: answer(7)},
			want:   want{exists: true, diff: `title ("ci" on GitHub, "deploy" in the spec)`, details: publicDetails, externalName: "7"},
		},
		"Recovered": {
			reason: "A create interrupted after GitHub added the key is recognised by the key material and the time: the id becomes the external name.",
			mods:   func(scope) []mod { return []mod{withPending(pending)} },
			api:    api{list: []github.DeployKey{*answer(6, func(k *github.DeployKey) { k.Key = otherKey }), *answer(7)}},
			want:   want{exists: true, upToDate: true, lateInit: true, details: publicDetails, externalName: "7", events: []event.Reason{kind.ReasonRecovered}},
		},
		"LookAlikeNotAdopted": {
			reason: "A key with the same material added long before this create is someone else's: not taken over (the create will say how to adopt it).",
			mods:   func(scope) []mod { return []mod{withPending(createdAt.Add(time.Hour))} },
			api:    api{list: []github.DeployKey{*answer(7)}},
			want:   want{},
		},
		"SecretMissing": {
			reason: "A public key Secret that does not exist is a condition that names it.",
			mods:   func(s scope) []mod { return []mod{s.fromSecret(), withExternalName("7")} },
			want:   want{errContains: "Secret team/keys does not exist", externalName: "7"},
		},
		"SecretKeyMissing": {
			reason:  "A Secret without the named key says which keys it has.",
			mods:    func(s scope) []mod { return []mod{s.fromSecret(), withExternalName("7")} },
			objects: []client.Object{secret("keys", "", map[string][]byte{"other": []byte(pubKey)})},
			want:    want{errContains: `has no key "ci.pub" (it has "other")`, externalName: "7"},
		},
		"SecretNotAKey": {
			reason:  "A Secret holding no public key says so, without quoting it.",
			mods:    func(s scope) []mod { return []mod{s.fromSecret(), withExternalName("7")} },
			objects: []client.Object{secret("keys", "", map[string][]byte{"ci.pub": []byte("-----BEGIN OPENSSH PRIVATE KEY-----\nAAAA\n")})},
			want:    want{errContains: "is not a key GitHub takes", externalName: "7"},
		},
		"SecretChanged": {
			reason:  "A Secret whose key is no longer the one on GitHub is drift, which Update reports.",
			mods:    func(s scope) []mod { return []mod{s.fromSecret(), withExternalName("7")} },
			objects: []client.Object{secret("keys", "", map[string][]byte{"ci.pub": []byte(otherKey + "\n")})},
			api:     api{get: answer(7)},
			want:    want{exists: true, diff: "public key", details: managed.ConnectionDetails{dk.ConnectionPublicKey: []byte(otherKey + "\n")}, externalName: "7"},
		},
		"PrivateKeyLost": {
			reason: "A generated key whose connection Secret is gone is of no use: a condition says to recreate the DeployKey.",
			mods:   func(s scope) []mod { return []mod{s.generated(), withExternalName("7")} },
			api:    api{get: answer(7)},
			want:   want{errContains: "its private key is not in connection Secret team/dk-conn", externalName: "7"},
		},
		"NotOurConnectionSecret": {
			reason:  "A connection Secret another resource controls is neither read nor written.",
			mods:    func(s scope) []mod { return []mod{s.generated()} },
			objects: []client.Object{secret("dk-conn", "uid-other", nil)},
			want:    want{errContains: "connection Secret team/dk-conn exists and is not this DeployKey's"},
		},
		"DeletingWithoutSecret": {
			reason: "A DeployKey being deleted is found by its id alone: its Secrets may be gone already.",
			mods:   func(s scope) []mod { return []mod{s.fromSecret(), withExternalName("7"), deleting()} },
			api:    api{get: answer(7)},
			want:   want{exists: true, externalName: "7"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				rec := &kindtest.Recorder{}
				d := s.deployKey(tc.mods(s)...)
				e := s.external(tc.api.fake(t, &sent{}), kube(t, tc.objects...), rec)
				got, err := e.Observe(context.Background(), d)
				noKeyMaterial(t, err)
				if tc.want.errContains != "" {
					if err == nil || !strings.Contains(err.Error(), tc.want.errContains) {
						t.Fatalf("\n%s\nObserve(...): want an error containing %q, got %v", tc.reason, tc.want.errContains, err)
					}
					return
				}
				if err != nil {
					t.Fatalf("\n%s\nObserve(...): %v", tc.reason, err)
				}
				wantObs := managed.ExternalObservation{ResourceExists: tc.want.exists, ResourceUpToDate: tc.want.upToDate,
					ResourceLateInitialized: tc.want.lateInit, Diff: tc.want.diff, ConnectionDetails: tc.want.details}
				if diff := cmp.Diff(wantObs, got); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
				}
				if en := meta.GetExternalName(d); en != tc.want.externalName {
					t.Errorf("\n%s\nexternal name %q, want %q", tc.reason, en, tc.want.externalName)
				}
				if diff := cmp.Diff(tc.want.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nevents: -want, +got:\n%s", tc.reason, diff)
				}
				if tc.want.exists && !meta.WasDeleted(d) && (d.Observation().ID == nil || *d.Observation().Fingerprint == "") {
					t.Errorf("\n%s\nstatus.atProvider %+v: want the id and fingerprint", tc.reason, d.Observation())
				}
			})
		})
	}
}

func TestCreate(t *testing.T) {
	cases := map[string]struct {
		reason      string
		mods        []mod
		api         api
		list        []github.DeployKey
		wantName    string
		wantErr     string
		wantRequest *github.DeployKeyRequest
	}{
		"Added": {
			reason:      "The key goes to GitHub without its comment, read-only; its id becomes the external name.",
			api:         api{create: answer(7)},
			wantName:    "7",
			wantRequest: &github.DeployKeyRequest{Title: "ci", Key: pubKey, ReadOnly: true},
		},
		"NoRepository": {
			reason:  "A repository GitHub does not have is named.",
			api:     api{createErr: ghErr("POST", http.StatusNotFound, "Not Found")},
			wantErr: "cannot find repository demo-org/app",
		},
		"InUseHere": {
			reason:  "This repository's own key with the same material is not taken over: the error says how to adopt it.",
			api:     api{createErr: ghErr("POST", http.StatusUnprocessableEntity, "Validation Failed", github.KeyInUse), list: []github.DeployKey{*answer(5, func(k *github.DeployKey) { k.Title = "old" })}},
			wantErr: `as deploy key "old" (id 5), which this DeployKey did not add: to manage it, set the annotation crossplane.io/external-name: "5"`,
		},
		"InUseElsewhere": {
			reason:  "Key material in use elsewhere reads clearly.",
			api:     api{createErr: ghErr("POST", http.StatusUnprocessableEntity, "Validation Failed", github.KeyInUse)},
			wantErr: `GitHub answered "key is already in use": the key (SHA256:`,
		},
		"Invalid": {
			reason:  "Another refusal is GitHub's, worded.",
			api:     api{createErr: ghErr("POST", http.StatusUnprocessableEntity, "Validation Failed", "key is invalid. You must supply a key in OpenSSH public key format")},
			wantErr: `cannot add deploy key "ci" to demo-org/app: GitHub refused the request as invalid (422 Validation Failed): key is invalid`,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				d := s.deployKey(tc.mods...)
				var got sent
				e := s.external(tc.api.fake(t, &got), kube(t), &kindtest.Recorder{})
				c, err := e.Create(context.Background(), d)
				noKeyMaterial(t, err)
				if tc.wantErr != "" {
					if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
						t.Fatalf("\n%s\nCreate(...): want an error containing %q, got %v", tc.reason, tc.wantErr, err)
					}
					return
				}
				if err != nil {
					t.Fatalf("\n%s\nCreate(...): %v", tc.reason, err)
				}
				if diff := cmp.Diff([]github.DeployKeyRequest{*tc.wantRequest}, got.created); diff != "" {
					t.Errorf("\n%s\nrequests: -want, +got:\n%s", tc.reason, diff)
				}
				if en := meta.GetExternalName(d); en != tc.wantName {
					t.Errorf("\n%s\nexternal name %q, want %q", tc.reason, en, tc.wantName)
				}
				if diff := cmp.Diff(managed.ConnectionDetails{dk.ConnectionPublicKey: []byte(pubKey + "\n")}, c.ConnectionDetails); diff != "" {
					t.Errorf("\n%s\nconnection details: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

// TestGeneratedKeyPair: a generated key pair is written to the connection
// Secret, controlled by the DeployKey, before GitHub sees its public half;
// a create that has to be repeated, and every observe, use the same pair,
// and the connection details are that pair.
func TestGeneratedKeyPair(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		ctx := context.Background()
		k := kube(t)
		d := s.deployKey(s.generated())
		var got sent
		failing := s.external(api{createErr: ghErr("POST", http.StatusBadGateway, "Bad Gateway")}.fake(t, &got), k, &kindtest.Recorder{})
		if _, err := failing.Create(ctx, d); err == nil {
			t.Fatalf("Create(...) with GitHub failing: want an error")
		}
		conn := readSecret(t, k, "dk-conn")
		if c := conn.OwnerReferences; len(c) != 1 || c[0].UID != "uid-dk" || c[0].Controller == nil || !*c[0].Controller {
			t.Errorf("connection Secret owners %+v: want the DeployKey as controller", c)
		}
		pair, err := dk.KeyPairOf(conn.Data[dk.ConnectionPrivateKey])
		if err != nil {
			t.Fatalf("connection Secret: %v", err)
		}
		if string(conn.Data[dk.ConnectionPublicKey]) != pair.PublicKey.Canonical+"\n" {
			t.Errorf("connection Secret publicKey is not the private key's public half")
		}

		e := s.external(api{create: answer(9)}.fake(t, &got), k, &kindtest.Recorder{})
		c, err := e.Create(ctx, d)
		if err != nil {
			t.Fatalf("Create(...) again: %v", err)
		}
		if len(got.created) != 2 || got.created[0].Key != pair.PublicKey.Canonical || got.created[1].Key != pair.PublicKey.Canonical {
			t.Errorf("requests %+v: want both with the key pair of the Secret, not a new one", got.created)
		}
		if diff := cmp.Diff(managed.ConnectionDetails(pair.ConnectionDetails()), c.ConnectionDetails); diff != "" {
			t.Errorf("Create(...) connection details: -want, +got:\n%s", diff)
		}

		o := s.external(api{get: answer(9, func(k *github.DeployKey) { k.Key = pair.PublicKey.Canonical })}.fake(t, &got), k, &kindtest.Recorder{})
		obs, err := o.Observe(ctx, d)
		if err != nil {
			t.Fatalf("Observe(...): %v", err)
		}
		if !obs.ResourceExists || !obs.ResourceUpToDate || !cmp.Equal(managed.ConnectionDetails(pair.ConnectionDetails()), obs.ConnectionDetails) {
			t.Errorf("Observe(...): %+v: want an up-to-date key with the Secret's key pair as connection details", obs)
		}
		if *d.Observation().PublicKey != pair.PublicKey.Canonical || strings.Contains(*d.Observation().PublicKey, "PRIVATE") {
			t.Errorf("status.atProvider.publicKey %q: want the public half only", *d.Observation().PublicKey)
		}
	})
}

func TestUpdateRefuses(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		d := s.deployKey(withExternalName("7"), withTitle("deploy"))
		e := s.external(api{get: answer(7)}.fake(t, &sent{}), kube(t), &kindtest.Recorder{})
		if _, err := e.Observe(context.Background(), d); err != nil {
			t.Fatal(err)
		}
		_, err := e.Update(context.Background(), d)
		want := `deploy key 7 of demo-org/app differs from the spec in its title ("ci" on GitHub, "deploy" in the spec): deploy keys cannot be changed on GitHub; delete and recreate the DeployKey`
		if err == nil || err.Error() != want {
			t.Errorf("Update(...): want %q, got %v", want, err)
		}
	})
}

func TestDelete(t *testing.T) {
	cases := map[string]struct {
		reason  string
		err     error
		wantErr bool
	}{
		"Deleted":      {"The observed key is deleted by its id.", nil, false},
		"AlreadyGone":  {"A key already gone counts as deleted.", ghErr("DELETE", http.StatusNotFound, "Not Found"), false},
		"GitHubFailed": {"Another failure is returned.", ghErr("DELETE", http.StatusBadGateway, "Bad Gateway"), true},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				d := s.deployKey(withExternalName("7"), deleting())
				var got sent
				e := s.external(api{get: answer(7), deleteErr: tc.err}.fake(t, &got), kube(t), &kindtest.Recorder{})
				if _, err := e.Observe(context.Background(), d); err != nil {
					t.Fatal(err)
				}
				_, err := e.Delete(context.Background(), d)
				if (err != nil) != tc.wantErr {
					t.Errorf("\n%s\nDelete(...): got %v, want an error: %t", tc.reason, err, tc.wantErr)
				}
				if diff := cmp.Diff([]int64{7}, got.deleted); diff != "" {
					t.Errorf("\n%s\ndeleted: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}
