package webhook

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	"github.com/google/go-cmp/cmp"
	gogithub "github.com/google/go-github/v37/github"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	ctrlclient "sigs.k8s.io/controller-runtime/pkg/client"

	namespaced "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	wh "github.com/crossplane-github/provider-github/internal/clients/webhook"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
)

const hooksPath = "/repos/demo-org/app/hooks"

// call is one request the fake GitHub was sent.
type call struct {
	Op  string
	ID  int64
	Req *github.HookRequest
}

// api builds the fake GitHub of a case from its answers. A read the case
// does not answer fails the test when called.
type api struct {
	get       *github.Hook
	getErr    error
	list      []github.Hook
	listErr   error
	create    *github.Hook
	createErr error
	updateErr error
	deleteErr error
}

func (a api) fake(t *testing.T, calls *[]call) *fake.MockHooksAPI {
	t.Helper()
	check := func(op, owner, name string) {
		if owner != repo.Owner || name != repo.Name {
			t.Errorf("%s(%s, %s): want demo-org/app", op, owner, name)
		}
	}
	return &fake.MockHooksAPI{
		MockGetHook: func(_ context.Context, owner, name string, id int64) (*github.Hook, error) {
			check("GetHook", owner, name)
			*calls = append(*calls, call{Op: "get", ID: id})
			if a.get == nil && a.getErr == nil {
				t.Errorf("GetHook(%d) called: the case does not expect it", id)
			}
			return a.get, a.getErr
		},
		MockListHooks: func(_ context.Context, owner, name string) ([]github.Hook, error) {
			check("ListHooks", owner, name)
			*calls = append(*calls, call{Op: "list"})
			if a.list == nil && a.listErr == nil {
				t.Error("ListHooks called: the case does not expect it")
			}
			return a.list, a.listErr
		},
		MockCreateHook: func(_ context.Context, owner, name string, r *github.HookRequest) (*github.Hook, error) {
			check("CreateHook", owner, name)
			*calls = append(*calls, call{Op: "create", Req: r})
			return a.create, a.createErr
		},
		MockUpdateHook: func(_ context.Context, owner, name string, id int64, r *github.HookRequest) (*github.Hook, error) {
			check("UpdateHook", owner, name)
			*calls = append(*calls, call{Op: "update", ID: id, Req: r})
			return &github.Hook{ID: id}, a.updateErr
		},
		MockDeleteHook: func(_ context.Context, owner, name string, id int64) error {
			check("DeleteHook", owner, name)
			*calls = append(*calls, call{Op: "delete", ID: id})
			return a.deleteErr
		},
	}
}

func ghErr(method, path string, status int, message string, errs ...string) error {
	var details []gogithub.Error
	for _, s := range errs {
		details = append(details, gogithub.Error{Resource: "Hook", Code: "custom", Message: s})
	}
	return kindtest.GitHubErr(method, path, status, message, details...)
}

// noSecretShown fails the test when the secret's value shows in an error,
// an event or the status.
func noSecretShown(t *testing.T, err error, rec *kindtest.Recorder, mg any) {
	t.Helper()
	if err != nil && strings.Contains(err.Error(), secretValue) {
		t.Errorf("the error shows the secret: %v", err)
	}
	for _, e := range rec.Events {
		if strings.Contains(e.Message, secretValue) {
			t.Errorf("an event shows the secret: %s", e.Message)
		}
	}
	b, _ := json.Marshal(mg)
	if strings.Contains(string(b), secretValue) {
		t.Errorf("the resource shows the secret: %s", b)
	}
}

// observeOnly sets the management policies to Observe alone.
func observeOnly() mod {
	return func(w Object) { w.SetManagementPolicies(xpv2.ManagementPolicies{xpv2.ManagementActionObserve}) }
}

// request is params' request with the secret.
func request(secret string) *github.HookRequest {
	return &github.HookRequest{Active: true, Events: []string{"pull_request", "push"},
		Config: github.HookConfig{URL: "https://ci.example.com/hook", ContentType: "json", InsecureSSL: "0", Secret: secret}}
}

var hash = wh.SecretHash(secretUID, []byte(secretValue))

func TestObserve(t *testing.T) {
	pending := createdAt.Add(-2 * time.Second)
	type want struct {
		o       managed.ExternalObservation
		err     error
		applied *string
		extName string
		calls   []call
		events  []event.Reason
	}
	withSecret := secrets(t, hookSecret(map[string][]byte{"secret": []byte(secretValue)}))
	cases := map[string]struct {
		reason  string
		api     api
		secrets ctrlclient.Reader
		mg      []mod
		want    want
	}{
		"NeverCreated": {
			reason: "Without an external name or a create under way there is no webhook: nothing is asked of GitHub.",
			want:   want{o: managed.ExternalObservation{ResourceExists: false}},
		},
		"UpToDate": {
			reason: "GitHub's webhook is the declared one and its secret the one applied.",
			api:    api{get: answer(7)}, secrets: withSecret, mg: []mod{withExternalName("7"), withApplied(hash)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, applied: &hash, extName: "7",
				calls: []call{{Op: "get", ID: 7}}},
		},
		"AppliedByTheCreate": {
			reason: "Before the status has it, the hash the create recorded counts.",
			api:    api{get: answer(7)}, secrets: withSecret,
			mg: []mod{withExternalName("7"), func(w Object) { meta.AddAnnotations(w, map[string]string{AnnotationCreatedSecretHash: hash}) }},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, applied: &hash, extName: "7",
				calls: []call{{Op: "get", ID: 7}}},
		},
		"SecretChanged": {
			reason: "The Secret holds another value than GitHub accepted: the secret is sent again.",
			api:    api{get: answer(7)}, secrets: withSecret, mg: []mod{withExternalName("7"), withApplied("hmac-sha256:old")},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "secretRef"}, applied: ptr.To("hmac-sha256:old"), extName: "7",
				calls: []call{{Op: "get", ID: 7}}},
		},
		"Drift": {
			reason: "Fields changed on GitHub are named; the events' order and the secret are not a change.",
			api: api{get: answer(7, func(h *github.Hook) {
				h.Events = []string{"push", "pull_request"}
				h.Active = false
				h.Config.ContentType = "form"
			})},
			secrets: withSecret, mg: []mod{withExternalName("7"), withApplied(hash)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "contentType, active"}, applied: &hash, extName: "7",
				calls: []call{{Op: "get", ID: 7}}},
		},
		"SecretRemovedOnGitHub": {
			reason: "GitHub has no secret any more: it is sent again.",
			api:    api{get: answer(7, func(h *github.Hook) { h.Config.Secret = "" })}, secrets: withSecret, mg: []mod{withExternalName("7"), withApplied(hash)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "secretRef"}, applied: &hash, extName: "7", calls: []call{{Op: "get", ID: 7}}},
		},
		"NoSecretWanted": {
			reason: "Without secretRef GitHub's secret is removed, and no hash is kept.",
			api:    api{get: answer(7)}, secrets: secrets(t), mg: []mod{withExternalName("7"), withApplied(hash), withoutSecret()},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "secretRef"}, extName: "7", calls: []call{{Op: "get", ID: 7}}},
		},
		"SecretMissing": {
			reason: "A Secret that does not exist is named, with what to do.",
			api:    api{get: answer(7)}, secrets: secrets(t), mg: []mod{withExternalName("7"), withApplied(hash)},
			want: want{err: errors.New(`cannot read the webhook secret: Secret ns/hook named by spec.forProvider.secretRef does not exist: create it with the key "secret", or fix secretRef`),
				applied: &hash, extName: "7", calls: []call{{Op: "get", ID: 7}}},
		},
		"KeyMissing": {
			reason: "A Secret without the key is named with the key.",
			api:    api{get: answer(7)}, secrets: secrets(t, hookSecret(map[string][]byte{"other": []byte("x")})), mg: []mod{withExternalName("7"), withApplied(hash)},
			want: want{err: errors.New(`cannot read the webhook secret: Secret ns/hook has no key "secret" (spec.forProvider.secretRef.key): add it, or fix secretRef`),
				applied: &hash, extName: "7", calls: []call{{Op: "get", ID: 7}}},
		},
		"ObservedOnlyWithoutSecret": {
			reason: "A webhook only observed (as github-import writes them) needs no Secret: no secret is sent or compared.",
			api:    api{get: answer(7)}, secrets: secrets(t), mg: []mod{withExternalName("7"), observeOnly()},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, extName: "7", calls: []call{{Op: "get", ID: 7}}},
		},
		"ObservedAndUpdatedWithoutSecret": {
			reason: "Any other policy still needs the Secret.",
			api:    api{get: answer(7)}, secrets: secrets(t), mg: []mod{withExternalName("7"), withApplied(hash), func(w Object) {
				w.SetManagementPolicies(xpv2.ManagementPolicies{xpv2.ManagementActionObserve, xpv2.ManagementActionUpdate})
			}},
			want: want{err: errors.New(`cannot read the webhook secret: Secret ns/hook named by spec.forProvider.secretRef does not exist: create it with the key "secret", or fix secretRef`),
				applied: &hash, extName: "7", calls: []call{{Op: "get", ID: 7}}},
		},
		"DeletingWithoutSecret": {
			reason: "A Webhook being deleted does not need its Secret, which may be gone first.",
			api:    api{get: answer(7)}, secrets: secrets(t), mg: []mod{withExternalName("7"), deleting()},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, extName: "7", calls: []call{{Op: "get", ID: 7}}},
		},
		"Gone": {
			reason: "A webhook GitHub no longer has does not exist, and says so in an event.",
			api:    api{getErr: ghErr(http.MethodGet, hooksPath+"/7", http.StatusNotFound, "Not Found")},
			mg:     []mod{withExternalName("7")},
			want:   want{extName: "7", calls: []call{{Op: "get", ID: 7}}, events: []event.Reason{kind.ReasonMissing}},
		},
		"ReadFails": {
			api: api{getErr: ghErr(http.MethodGet, hooksPath+"/7", http.StatusInternalServerError, "boom")},
			mg:  []mod{withExternalName("7")},
			want: want{err: errors.Wrap(ghErr(http.MethodGet, hooksPath+"/7", http.StatusInternalServerError, "boom"), "cannot read webhook 7 of demo-org/app"),
				extName: "7", calls: []call{{Op: "get", ID: 7}}},
		},
		"BadExternalName": {
			reason: "An external name that is not an id says what to set.",
			mg:     []mod{withExternalName("my-hook")},
			want:   want{err: errors.New(`the crossplane.io/external-name annotation "my-hook" is not a webhook id: set it to the number at the end of the webhook's address on GitHub (…/settings/hooks/<id>), or remove it to create the webhook`), extName: "my-hook"},
		},
		"Recovered": {
			reason:  "A create interrupted after GitHub made the webhook finds it by URL, creation time and settings.",
			api:     api{list: []github.Hook{*answer(3, func(h *github.Hook) { h.Config.URL = "https://other.example.com" }), *answer(9)}},
			secrets: withSecret, mg: []mod{withPending(pending)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceLateInitialized: true, Diff: "secretRef"}, extName: "9",
				calls: []call{{Op: "list"}}, events: []event.Reason{kind.ReasonRecovered}},
		},
		"NotALookAlike": {
			reason: "A webhook of the URL created before this create started is someone else's: never taken.",
			api:    api{list: []github.Hook{*answer(9, func(h *github.Hook) { h.CreatedAt = ptr.To(pending.Add(-time.Hour)) })}},
			mg:     []mod{withPending(pending)},
			want:   want{calls: []call{{Op: "list"}}},
		},
		"NotOtherSettings": {
			reason: "A webhook of the URL with other settings is not what this create made.",
			api:    api{list: []github.Hook{*answer(9, func(h *github.Hook) { h.Events = []string{"issues"} })}},
			mg:     []mod{withPending(pending)},
			want:   want{calls: []call{{Op: "list"}}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				var calls []call
				rec := &kindtest.Recorder{}
				mg := s.webhook(tc.mg...)
				e, observed := s.external(tc.api.fake(t, &calls), rec, tc.secrets, nil)
				got, err := e.Observe(context.Background(), mg)
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.o, got); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
				}
				if got.ResourceExists || tc.want.applied != nil {
					if diff := cmp.Diff(tc.want.applied, mg.Observation().AppliedSecretHash); diff != "" {
						t.Errorf("\n%s\nappliedSecretHash: -want, +got:\n%s", tc.reason, diff)
					}
				}
				if ext := meta.GetExternalName(mg); ext != tc.want.extName {
					t.Errorf("\n%s\nexternal name %q, want %q", tc.reason, ext, tc.want.extName)
				}
				if diff := cmp.Diff(tc.want.calls, calls); diff != "" {
					t.Errorf("\n%s\nGitHub calls: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nevents: -want, +got:\n%s", tc.reason, diff)
				}
				if got.ResourceExists && observed() == nil {
					t.Errorf("\n%s\nObserve left no webhook for Update and Delete", tc.reason)
				}
				noSecretShown(t, err, rec, mg)
			})
		})
	}
}

func TestCreate(t *testing.T) {
	exists := ghErr(http.MethodPost, hooksPath, http.StatusUnprocessableEntity, "Validation Failed", "Hook already exists on this repository")
	withSecret := secrets(t, hookSecret(map[string][]byte{"secret": []byte(secretValue)}))
	type want struct {
		err        error
		extName    string
		annotation string
		calls      []call
	}
	cases := map[string]struct {
		reason  string
		api     api
		secrets ctrlclient.Reader
		mg      []mod
		want    want
	}{
		"Created": {
			reason: "The webhook is created with the secret; its id becomes the external name and the secret's hash is recorded.",
			api:    api{create: answer(12)}, secrets: withSecret,
			want: want{extName: "12", annotation: hash, calls: []call{{Op: "create", Req: request(secretValue)}}},
		},
		"WithoutSecret": {
			reason: "Without secretRef the webhook has no secret, and no hash is recorded.",
			api:    api{create: answer(12)}, secrets: secrets(t), mg: []mod{withoutSecret()},
			want: want{extName: "12", calls: []call{{Op: "create", Req: request("")}}},
		},
		"SecretMissing": {
			reason:  "Nothing is created without the secret the spec names.",
			secrets: secrets(t),
			want:    want{err: errors.New(`cannot read the webhook secret: Secret ns/hook named by spec.forProvider.secretRef does not exist: create it with the key "secret", or fix secretRef`)},
		},
		"EmptySecret": {
			reason:  "An empty value is refused: GitHub would take it for no secret, and never match.",
			secrets: secrets(t, hookSecret(map[string][]byte{"secret": {}})),
			want:    want{err: errors.New(`the webhook secret in key "secret" of Secret ns/hook is empty: put the secret in it, or remove secretRef for a webhook without a secret`)},
		},
		"URLTaken": {
			reason: "A webhook of the URL is never taken over: the error says how to adopt it.",
			api:    api{createErr: exists, list: []github.Hook{*answer(4)}}, secrets: withSecret,
			want: want{err: errors.New(`demo-org/app already has a webhook for https://ci.example.com/hook (id 4), which this Webhook did not create: to manage it, set the annotation crossplane.io/external-name: "4"; or use another URL`),
				calls: []call{{Op: "create", Req: request(secretValue)}, {Op: "list"}}},
		},
		"NoRepository": {
			api: api{createErr: ghErr(http.MethodPost, hooksPath, http.StatusNotFound, "Not Found")}, secrets: withSecret,
			want: want{err: errors.Wrap(ghErr(http.MethodPost, hooksPath, http.StatusNotFound, "Not Found"), "cannot create a webhook for https://ci.example.com/hook: cannot find repository demo-org/app, or the credentials are not its admin (GitHub shows webhooks to admins only)"),
				calls: []call{{Op: "create", Req: request(secretValue)}}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				var calls []call
				rec := &kindtest.Recorder{}
				mg := s.webhook(tc.mg...)
				e, _ := s.external(tc.api.fake(t, &calls), rec, tc.secrets, nil)
				_, err := e.Create(context.Background(), mg)
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nCreate(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if ext := meta.GetExternalName(mg); ext != tc.want.extName {
					t.Errorf("\n%s\nexternal name %q, want %q", tc.reason, ext, tc.want.extName)
				}
				if a := mg.GetAnnotations()[AnnotationCreatedSecretHash]; a != tc.want.annotation {
					t.Errorf("\n%s\ncreated secret hash %q, want %q", tc.reason, a, tc.want.annotation)
				}
				if diff := cmp.Diff(tc.want.calls, calls); diff != "" {
					t.Errorf("\n%s\nGitHub calls: -want, +got:\n%s", tc.reason, diff)
				}
				noSecretShown(t, err, rec, mg)
			})
		})
	}
}

func TestUpdate(t *testing.T) {
	withSecret := secrets(t, hookSecret(map[string][]byte{"secret": []byte(secretValue)}))
	type want struct {
		err     error
		applied *string
		calls   []call
	}
	cases := map[string]struct {
		reason  string
		api     api
		secrets ctrlclient.Reader
		mg      []mod
		want    want
	}{
		"Updated": {
			reason:  "The whole webhook is sent, its secret with it, and the secret's hash recorded once GitHub accepted it.",
			secrets: withSecret, mg: []mod{withApplied("hmac-sha256:old")},
			want: want{applied: &hash, calls: []call{{Op: "update", ID: 7, Req: request(secretValue)}}},
		},
		"SecretRemoved": {
			reason:  "Without secretRef the config goes without a secret, which removes GitHub's.",
			secrets: secrets(t), mg: []mod{withApplied(hash), withoutSecret()},
			want: want{calls: []call{{Op: "update", ID: 7, Req: request("")}}},
		},
		"Refused": {
			reason:  "A hash is recorded only for a secret GitHub accepted.",
			api:     api{updateErr: ghErr(http.MethodPatch, hooksPath+"/7", http.StatusInternalServerError, "boom")},
			secrets: withSecret, mg: []mod{withApplied("hmac-sha256:old")},
			want: want{err: errors.Wrap(ghErr(http.MethodPatch, hooksPath+"/7", http.StatusInternalServerError, "boom"), "cannot update webhook 7 (for https://ci.example.com/hook) of demo-org/app"),
				applied: ptr.To("hmac-sha256:old"), calls: []call{{Op: "update", ID: 7, Req: request(secretValue)}}},
		},
		"OntoAnother": {
			api:     api{updateErr: ghErr(http.MethodPatch, hooksPath+"/7", http.StatusUnprocessableEntity, "Validation Failed", "Hook already exists on this repository")},
			secrets: withSecret,
			want: want{err: errors.New("cannot update webhook 7 of demo-org/app: another webhook of the repository delivers to https://ci.example.com/hook with an event in common; change or delete that one, or use another URL"),
				calls: []call{{Op: "update", ID: 7, Req: request(secretValue)}}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				var calls []call
				rec := &kindtest.Recorder{}
				mg := s.webhook(tc.mg...)
				e, _ := s.external(tc.api.fake(t, &calls), rec, tc.secrets, answer(7))
				_, err := e.Update(context.Background(), mg)
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nUpdate(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.applied, mg.Observation().AppliedSecretHash); diff != "" {
					t.Errorf("\n%s\nappliedSecretHash: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.calls, calls); diff != "" {
					t.Errorf("\n%s\nGitHub calls: -want, +got:\n%s", tc.reason, diff)
				}
				noSecretShown(t, err, rec, mg)
			})
		})
	}
}

func TestDelete(t *testing.T) {
	cases := map[string]struct {
		reason string
		api    api
		err    error
	}{
		"Deleted":     {reason: "The webhook is deleted."},
		"AlreadyGone": {reason: "A webhook already gone counts as deleted.", api: api{deleteErr: ghErr(http.MethodDelete, hooksPath+"/7", http.StatusNotFound, "Not Found")}},
		"Fails": {
			api: api{deleteErr: ghErr(http.MethodDelete, hooksPath+"/7", http.StatusInternalServerError, "boom")},
			err: errors.Wrap(ghErr(http.MethodDelete, hooksPath+"/7", http.StatusInternalServerError, "boom"), "cannot delete webhook 7 (for https://ci.example.com/hook) of demo-org/app"),
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				var calls []call
				e, _ := s.external(tc.api.fake(t, &calls), &kindtest.Recorder{}, nil, answer(7))
				_, err := e.Delete(context.Background(), s.webhook())
				if diff := cmp.Diff(tc.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nDelete(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff([]call{{Op: "delete", ID: 7}}, calls); diff != "" {
					t.Errorf("\n%s\nGitHub calls: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

// A Webhook's watch key is the Secret it reads: in its own namespace, or
// the one it names.
func TestSecretRefs(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		refs := watches[0].Refs
		if diff := cmp.Diff([]string{"ns/hook"}, refs(s.webhook())); diff != "" {
			t.Errorf("watch keys: -want, +got:\n%s", diff)
		}
		if got := refs(s.webhook(withoutSecret())); got != nil {
			t.Errorf("watch keys (without secretRef) = %v, want none", got)
		}
	})

}

// countingReader counts the Secrets read through it.
type countingReader struct {
	ctrlclient.Reader
	gets int
}

func (r *countingReader) Get(ctx context.Context, key ctrlclient.ObjectKey, obj ctrlclient.Object, opts ...ctrlclient.GetOption) error {
	r.gets++
	return r.Reader.Get(ctx, key, obj, opts...)
}

func TestVerdictInputsThenObserveReadTheSecretOnce(t *testing.T) {
	var calls []call
	reader := &countingReader{Reader: secrets(t, hookSecret(map[string][]byte{"secret": []byte(secretValue)}))}
	mg := &namespaced.Webhook{ObjectMeta: metav1.ObjectMeta{Name: "w", Namespace: "ns"}}
	*mg.Parameters() = *params()
	meta.SetExternalName(mg, "7")
	mg.Observation().AppliedSecretHash = ptr.To(hash)
	e := repoExternal[*namespaced.Webhook](api{get: answer(7)}.fake(t, &calls), repo, event.NewNopRecorder(), reader)
	in, err := e.VerdictInputs(context.Background(), mg)
	if err != nil || in != hash {
		t.Fatalf("VerdictInputs: %q, %v; want the secret's hash", in, err)
	}
	o, err := e.Observe(context.Background(), mg)
	if err != nil || !o.ResourceUpToDate {
		t.Fatalf("Observe: %+v, %v; want up to date", o, err)
	}
	if reader.gets != 1 {
		t.Errorf("the Secret was read %d times in one reconcile (VerdictInputs, then Observe), want once", reader.gets)
	}
}
