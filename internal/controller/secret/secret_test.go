package secret

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	ctrlclient "sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
)

// withApplied records in the status a write of the value with hash h,
// settled at at (nil: not read since).
func withApplied(s scope, h string, at *time.Time) mod {
	return func(o Object) {
		st := s.status(o)
		st.AppliedValueHash = ptr.To(h)
		if at != nil {
			st.AppliedAt = ptr.To(metav1.NewTime(*at))
		}
	}
}

func withPolicies(p ...xpv2.ManagementAction) mod {
	return func(o Object) { o.SetManagementPolicies(p) }
}

func withCreated(h string) mod {
	return func(o Object) { meta.AddAnnotations(o, map[string]string{AnnotationCreatedValueHash: h}) }
}

func TestObserve(t *testing.T) {
	pending := createdAt.Add(-2 * time.Second)
	withToken := func(t *testing.T) ctrlclient.Reader {
		return secrets(t, tokens(map[string][]byte{"token": []byte(tokenValue)}))
	}
	type want struct {
		o         managed.ExternalObservation
		err       error
		applied   *string
		appliedAt *time.Time
		extName   string
		events    []event.Reason
	}
	cases := map[string]struct {
		reason  string
		api     api
		secrets func(t *testing.T) ctrlclient.Reader
		mg      func(s scope) []mod
		want    func(s scope) want
	}{
		"UpToDate": {
			reason: "GitHub's secret holds the value the provider sent, and nobody wrote it since.",
			api:    api{get: stored(writtenAt)}, secrets: withToken,
			mg: func(s scope) []mod { return []mod{withExternalName("DEPLOY_TOKEN"), withApplied(s, hash, &writtenAt)} },
			want: func(s scope) want {
				return want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, applied: &hash, appliedAt: &writtenAt, extName: "DEPLOY_TOKEN"}
			},
		},
		"SettledAfterCreate": {
			reason: "The first read after a create takes GitHub's updated_at as the create's write.",
			api:    api{get: stored(writtenAt)}, secrets: withToken,
			mg: func(s scope) []mod { return []mod{withExternalName("DEPLOY_TOKEN"), withCreated(hash)} },
			want: func(s scope) want {
				return want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, applied: &hash, appliedAt: &writtenAt, extName: "DEPLOY_TOKEN"}
			},
		},
		"Rotated": {
			reason: "The Kubernetes Secret holds another value than the provider sent: it is sent again.",
			api:    api{get: stored(writtenAt)}, secrets: withToken,
			mg: func(s scope) []mod {
				return []mod{withExternalName("DEPLOY_TOKEN"), withApplied(s, "hmac-sha256:old", &writtenAt)}
			},
			want: func(s scope) want {
				return want{o: managed.ExternalObservation{ResourceExists: true, Diff: "valueSecretRef (value changed)"}, applied: ptr.To("hmac-sha256:old"), appliedAt: &writtenAt, extName: "DEPLOY_TOKEN"}
			},
		},
		"WrittenOutside": {
			reason: "GitHub's updated_at moved past the provider's write: someone else wrote it, and the declared value is sent again.",
			api:    api{get: stored(writtenAt.Add(time.Minute))}, secrets: withToken,
			mg: func(s scope) []mod { return []mod{withExternalName("DEPLOY_TOKEN"), withApplied(s, hash, &writtenAt)} },
			want: func(s scope) want {
				return want{o: managed.ExternalObservation{ResourceExists: true, Diff: "value (written on GitHub since the provider's last write)"}, applied: &hash, appliedAt: &writtenAt, extName: "DEPLOY_TOKEN"}
			},
		},
		"SecretMissing": {
			reason: "A Kubernetes Secret that does not exist is named, with what to do.",
			api:    api{get: stored(writtenAt)}, secrets: func(t *testing.T) ctrlclient.Reader { return secrets(t) },
			mg: func(s scope) []mod { return []mod{withExternalName("DEPLOY_TOKEN"), withApplied(s, hash, &writtenAt)} },
			want: func(s scope) want {
				return want{err: errors.Errorf(`cannot read the value of %s deploy_token: Secret ns/tokens named by spec.forProvider.valueSecretRef does not exist: create it with the key "token", or fix valueSecretRef`, kindName(s.store)),
					applied: &hash, appliedAt: &writtenAt, extName: "DEPLOY_TOKEN"}
			},
		},
		"KeyMissing": {
			reason: "A Kubernetes Secret without the key is named with the key.",
			api:    api{get: stored(writtenAt)},
			secrets: func(t *testing.T) ctrlclient.Reader {
				return secrets(t, tokens(map[string][]byte{"other": []byte("x")}))
			},
			mg: func(s scope) []mod { return []mod{withExternalName("DEPLOY_TOKEN")} },
			want: func(s scope) want {
				return want{err: errors.Errorf(`cannot read the value of %s deploy_token: Secret ns/tokens has no key "token" (spec.forProvider.valueSecretRef.key): add it, or fix valueSecretRef`, kindName(s.store)), extName: "DEPLOY_TOKEN"}
			},
		},
		"Empty": {
			reason: "An empty value is refused with what to do.",
			api:    api{get: stored(writtenAt)},
			secrets: func(t *testing.T) ctrlclient.Reader {
				return secrets(t, tokens(map[string][]byte{"token": {}}))
			},
			mg: func(s scope) []mod { return []mod{withExternalName("DEPLOY_TOKEN")} },
			want: func(s scope) want {
				return want{err: errors.Errorf(`the value of %s deploy_token in key "token" of Secret ns/tokens is empty: GitHub keeps no empty secret; put the value in it`, kindName(s.store)), extName: "DEPLOY_TOKEN"}
			},
		},
		"TooLarge": {
			reason: "A value over GitHub's 48 KB is refused with its size.",
			api:    api{get: stored(writtenAt)},
			secrets: func(t *testing.T) ctrlclient.Reader {
				return secrets(t, tokens(map[string][]byte{"token": make([]byte, 48*1024+1)}))
			},
			mg: func(s scope) []mod { return []mod{withExternalName("DEPLOY_TOKEN")} },
			want: func(s scope) want {
				return want{err: errors.Errorf(`the value of %s deploy_token in key "token" of Secret ns/tokens is 49153 bytes: GitHub takes at most 48 KB (49152 bytes) for a secret`, kindName(s.store)), extName: "DEPLOY_TOKEN"}
			},
		},
		"DeletingWithoutSecret": {
			reason: "A resource being deleted does not need its Kubernetes Secret, which may be gone first.",
			api:    api{get: stored(writtenAt)}, secrets: func(t *testing.T) ctrlclient.Reader { return secrets(t) },
			mg: func(s scope) []mod { return []mod{withExternalName("DEPLOY_TOKEN"), deleting()} },
			want: func(s scope) want {
				return want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, extName: "DEPLOY_TOKEN"}
			},
		},
		"ObservedOnlyWithoutSecret": {
			reason: "A secret only observed (an import's) needs no Kubernetes Secret: GitHub shows no value to compare, and none is ever sent.",
			api:    api{get: stored(writtenAt)}, secrets: func(t *testing.T) ctrlclient.Reader { return secrets(t) },
			mg: func(s scope) []mod {
				return []mod{withExternalName("DEPLOY_TOKEN"), withPolicies(xpv2.ManagementActionObserve)}
			},
			want: func(s scope) want {
				return want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, extName: "DEPLOY_TOKEN"}
			},
		},
		"ObservedAndUpdatedWithoutSecret": {
			reason: "A secret the provider may update still needs its Kubernetes Secret.",
			api:    api{get: stored(writtenAt)}, secrets: func(t *testing.T) ctrlclient.Reader { return secrets(t) },
			mg: func(s scope) []mod {
				return []mod{withExternalName("DEPLOY_TOKEN"), withPolicies(xpv2.ManagementActionObserve, xpv2.ManagementActionUpdate)}
			},
			want: func(s scope) want {
				return want{err: errors.Errorf(`cannot read the value of %s deploy_token: Secret ns/tokens named by spec.forProvider.valueSecretRef does not exist: create it with the key "token", or fix valueSecretRef`, kindName(s.store)),
					extName: "DEPLOY_TOKEN"}
			},
		},
		"Gone": {
			reason: "A secret GitHub no longer has does not exist, and says so in an event.",
			api:    api{getErr: ghErr(http.MethodGet, "/repos/demo-org/app/actions/secrets/deploy_token", http.StatusNotFound, "Not Found")},
			mg:     func(s scope) []mod { return []mod{withExternalName("DEPLOY_TOKEN")} },
			want: func(s scope) want {
				return want{extName: "DEPLOY_TOKEN", events: []event.Reason{kind.ReasonMissing}}
			},
		},
		"NeverCreated": {
			reason: "No secret and no external name: nothing to say.",
			api:    api{getErr: ghErr(http.MethodGet, "/repos/demo-org/app/actions/secrets/deploy_token", http.StatusNotFound, "Not Found")},
			mg:     func(s scope) []mod { return nil },
			want:   func(s scope) want { return want{} },
		},
		"SomeoneElses": {
			reason: "A secret of the name that this resource did not create is never overwritten: the error says how to adopt it.",
			api:    api{get: stored(writtenAt)}, secrets: withToken,
			mg: func(s scope) []mod { return nil },
			want: func(s scope) want {
				return want{err: errors.Errorf(`%s already exists and this %s did not create it: to manage it (its value becomes the declared one), set the annotation crossplane.io/external-name: "DEPLOY_TOKEN"; or choose another name`, what(s, "DEPLOY_TOKEN"), kindName(s.store))}
			},
		},
		"Recovered": {
			reason: "A create interrupted after GitHub made the secret finds it by name and creation time; the value is sent again (which one GitHub holds is not known).",
			api:    api{get: stored(createdAt)}, secrets: withToken,
			mg: func(s scope) []mod { return []mod{withPending(pending)} },
			want: func(s scope) want {
				return want{o: managed.ExternalObservation{ResourceExists: true, ResourceLateInitialized: true, Diff: "valueSecretRef (value GitHub holds unknown)"},
					extName: "DEPLOY_TOKEN", events: []event.Reason{kind.ReasonRecovered}}
			},
		},
		"NotALookAlike": {
			reason: "A secret created long before this create started is someone else's.",
			api:    api{get: stored(writtenAt)}, secrets: withToken,
			mg: func(s scope) []mod { return []mod{withPending(createdAt.Add(time.Hour))} },
			want: func(s scope) want {
				return want{err: errors.Errorf(`%s already exists and this %s did not create it: to manage it (its value becomes the declared one), set the annotation crossplane.io/external-name: "DEPLOY_TOKEN"; or choose another name`, what(s, "DEPLOY_TOKEN"), kindName(s.store))}
			},
		},
		"OtherExternalName": {
			reason: "An external name that is not the secret's name says what to set.",
			mg:     func(s scope) []mod { return []mod{withExternalName("OTHER")} },
			want: func(s scope) want {
				return want{err: errors.New(`the crossplane.io/external-name annotation "OTHER" is not the secret's name "deploy_token" (spec.forProvider.name): set the annotation to the name, or remove it to create the secret`), extName: "OTHER"}
			},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				var calls []call
				rec := &kindtest.Recorder{}
				mg := s.secret(tc.mg(s)...)
				var reader ctrlclient.Reader
				if tc.secrets != nil {
					reader = tc.secrets(t)
				}
				e := s.external(tc.api.fake(t, s.store, &calls), sharedKeys.of(t), rec, reader, nil)
				got, err := e.Observe(context.Background(), mg)
				want := tc.want(s)
				if diff := cmp.Diff(want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(want.o, got); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
				}
				if got.ResourceExists || want.applied != nil {
					if diff := cmp.Diff(want.applied, s.status(mg).AppliedValueHash); diff != "" {
						t.Errorf("\n%s\nappliedValueHash: -want, +got:\n%s", tc.reason, diff)
					}
					var at *time.Time
					if a := s.status(mg).AppliedAt; a != nil {
						at = &a.Time
					}
					if diff := cmp.Diff(want.appliedAt, at); diff != "" {
						t.Errorf("\n%s\nappliedAt: -want, +got:\n%s", tc.reason, diff)
					}
				}
				if ext := meta.GetExternalName(mg); ext != want.extName {
					t.Errorf("\n%s\nexternal name = %q, want %q", tc.reason, ext, want.extName)
				}
				if diff := cmp.Diff(want.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nevents: -want, +got:\n%s", tc.reason, diff)
				}
				noValueShown(t, err, rec, mg)
			})
		})
	}
}

// what is how messages name the secret of the scope's store.
func what(s scope, name string) string {
	switch {
	case s.store.Dependabot:
		return `Dependabot secret "` + name + `" of demo-org/app`
	case s.store.Environment != "":
		return `Actions secret "` + name + `" of environment "production" of demo-org/app`
	}
	return `Actions secret "` + name + `" of demo-org/app`
}

func TestCreate(t *testing.T) {
	k1, k2 := newStoreKey(t, "1"), newStoreKey(t, "2")
	withToken := func(t *testing.T) ctrlclient.Reader {
		return secrets(t, tokens(map[string][]byte{"token": []byte(tokenValue)}))
	}
	cases := map[string]struct {
		reason  string
		api     api
		cached  *storeKey
		secrets func(t *testing.T) ctrlclient.Reader
		calls   func(s scope) []call
		err     func(s scope) error
	}{
		"Created": {
			reason: "The value is sealed with the store's public key, which is read once and then kept.",
			api:    api{keys: []storeKey{k1}}, secrets: withToken,
			calls: func(s scope) []call {
				return []call{{Op: "key", Store: s.store}, {Op: "put", Store: s.store, Name: "deploy_token", Value: tokenValue, KeyID: "1"}}
			},
		},
		"CachedKey": {
			reason: "A key read before is not read again.",
			api:    api{keys: []storeKey{k1}}, cached: &k1, secrets: withToken,
			calls: func(s scope) []call {
				return []call{{Op: "put", Store: s.store, Name: "deploy_token", Value: tokenValue, KeyID: "1"}}
			},
		},
		"StaleKey": {
			reason: "GitHub replaced the key: the refused write is sealed again with the new key, read afresh.",
			api:    api{keys: []storeKey{k1, k2}}, cached: &k1, secrets: withToken,
			calls: func(s scope) []call {
				return []call{
					{Op: "put", Store: s.store, Name: "deploy_token", Value: "<unreadable>", KeyID: "1"},
					{Op: "key", Store: s.store},
					{Op: "put", Store: s.store, Name: "deploy_token", Value: tokenValue, KeyID: "2"},
				}
			},
		},
		"NoRepository": {
			reason:  "A 404 says what may be missing.",
			api:     api{keys: []storeKey{k1}, putErr: ghErr(http.MethodPut, "/repos/demo-org/app/actions/secrets/deploy_token", http.StatusNotFound, "Not Found")},
			secrets: withToken,
			calls: func(s scope) []call {
				return []call{{Op: "key", Store: s.store}, {Op: "put", Store: s.store, Name: "deploy_token", Value: tokenValue, KeyID: "1"}}
			},
			err: func(s scope) error {
				where := "repository demo-org/app"
				if s.store.Environment != "" {
					where += ` or its environment "production"`
				}
				return errors.Wrapf(ghErr(http.MethodPut, "/repos/demo-org/app/actions/secrets/deploy_token", http.StatusNotFound, "Not Found"),
					"cannot create %s: cannot find %s, or the credentials may not write its %s", what(s, "deploy_token"), where, s.store)
			},
		},
		"NoKey": {
			reason:  "A public key that cannot be read says which.",
			api:     api{keyErr: ghErr(http.MethodGet, "/repos/demo-org/app/actions/secrets/public-key", http.StatusForbidden, "Resource not accessible by integration")},
			secrets: withToken,
			calls:   func(s scope) []call { return []call{{Op: "key", Store: s.store}} },
			err: func(s scope) error {
				return errors.Wrapf(errors.Wrapf(ghErr(http.MethodGet, "/repos/demo-org/app/actions/secrets/public-key", http.StatusForbidden, "Resource not accessible by integration"),
					"cannot read the public key of the %s of demo-org/app", s.store), "cannot create %s", what(s, "deploy_token"))
			},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				var calls []call
				rec := &kindtest.Recorder{}
				mg := s.secret()
				fake := tc.api.fake(t, s.store, &calls)
				keys := (&keyCache{keys: map[keyOf]*github.SecretsPublicKey{}}).of("credential")
				if tc.cached != nil {
					keys.cache.keys[keys.key(repo.Owner, repo.Name, s.store)] = tc.cached.answer()
				}
				e := s.external(fake, keys, rec, tc.secrets(t), nil)
				_, err := e.Create(context.Background(), mg)
				var want error
				if tc.err != nil {
					want = tc.err(s)
				}
				if diff := cmp.Diff(want, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nCreate(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.calls(s), calls); diff != "" {
					t.Errorf("\n%s\nGitHub calls: -want, +got:\n%s", tc.reason, diff)
				}
				if err == nil {
					if ext := meta.GetExternalName(mg); ext != "DEPLOY_TOKEN" {
						t.Errorf("external name = %q, want DEPLOY_TOKEN", ext)
					}
					if h := mg.GetAnnotations()[AnnotationCreatedValueHash]; h != hash {
						t.Errorf("created hash = %q, want %q", h, hash)
					}
				}
				noValueShown(t, err, rec, mg)
			})
		})
	}
}

func TestUpdate(t *testing.T) {
	k1 := newStoreKey(t, "1")
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		var calls []call
		rec := &kindtest.Recorder{}
		mg := s.secret(withExternalName("DEPLOY_TOKEN"), withApplied(s, "hmac-sha256:old", &writtenAt))
		reader := secrets(t, tokens(map[string][]byte{"token": []byte(tokenValue)}))
		keys := (&keyCache{keys: map[keyOf]*github.SecretsPublicKey{}}).of("credential")
		e := s.external(api{keys: []storeKey{k1}}.fake(t, s.store, &calls), keys, rec, reader, stored(writtenAt))
		if _, err := e.Update(context.Background(), mg); err != nil {
			t.Fatalf("Update(...): %v", err)
		}
		want := []call{{Op: "key", Store: s.store}, {Op: "put", Store: s.store, Name: "DEPLOY_TOKEN", Value: tokenValue, KeyID: "1"}}
		if diff := cmp.Diff(want, calls); diff != "" {
			t.Errorf("GitHub calls: -want, +got:\n%s", diff)
		}
		st := s.status(mg)
		if diff := cmp.Diff(&hash, st.AppliedValueHash); diff != "" {
			t.Errorf("appliedValueHash: -want, +got:\n%s", diff)
		}
		if st.AppliedAt != nil {
			t.Errorf("appliedAt = %v, want none until GitHub's time of the write is read", st.AppliedAt)
		}
		noValueShown(t, nil, rec, mg)
	})
}

func TestDelete(t *testing.T) {
	cases := map[string]struct {
		api api
		err error
	}{
		"Deleted":     {},
		"AlreadyGone": {api: api{deleteErr: ghErr(http.MethodDelete, "/repos/demo-org/app/actions/secrets/DEPLOY_TOKEN", http.StatusNotFound, "Not Found")}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				var calls []call
				e := s.external(tc.api.fake(t, s.store, &calls), sharedKeys.of(t), &kindtest.Recorder{}, nil, stored(writtenAt))
				_, err := e.Delete(context.Background(), s.secret(withExternalName("DEPLOY_TOKEN")))
				if diff := cmp.Diff(tc.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("Delete(...): -want error, +got error:\n%s", diff)
				}
				if diff := cmp.Diff([]call{{Op: "delete", Store: s.store, Name: "DEPLOY_TOKEN"}}, calls); diff != "" {
					t.Errorf("GitHub calls: -want, +got:\n%s", diff)
				}
			})
		})
	}
}

// The watch key of a secret resource is the Secret its value comes from:
// in its own namespace, or the one it names.
func TestValueRefs(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		if diff := cmp.Diff([]string{"ns/tokens"}, watches[0].Refs(s.secret())); diff != "" {
			t.Errorf("watch keys: -want, +got:\n%s", diff)
		}
	})
}
