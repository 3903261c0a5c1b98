package webhook

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"
	ctrlclient "sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/crossplane-github/provider-github/apis"
	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// An orgScope is one of the OrganizationWebhook kinds that share
// external[T] with the Webhook kinds.
type orgScope struct {
	name     string
	webhook  func(m ...orgMod) OrganizationObject
	external func(api github.OrganizationHooksAPI, rec event.Recorder, secrets ctrlclient.Reader, observed *github.Hook) kindtest.Client[OrganizationObject]
}

func (s orgScope) ScopeName() string { return s.name }

// org is the organization of every case.
var org = kind.Organization{Login: "demo-org"}

const orgHooksPath = "/orgs/demo-org/hooks"

func orgScopeOf[T OrganizationObject](s apis.Scope, newT func(namespace, name string) T) orgScope {
	return orgScope{
		name: string(s),
		webhook: func(m ...orgMod) OrganizationObject {
			w := newT("ns", "audit")
			*w.Parameters() = orgcommon.OrganizationWebhookParameters{
				OrganizationTarget: orgcommon.OrganizationTarget{Organization: ptr.To(org.Login)},
				WebhookSettings: common.WebhookSettings{URL: "https://audit.example.com/hook", ContentType: ptr.To("json"), Active: ptr.To(true),
					SecretRef: &common.SecretKeyRef{Name: "hook", Key: "secret"}},
				Events: []orgcommon.OrganizationWebhookEvent{"organization", "membership"},
			}
			if w.GetNamespace() == "" {
				w.Parameters().SecretRef.Namespace = ptr.To("ns")
			}
			for _, f := range m {
				f(w)
			}
			return w
		},
		external: func(api github.OrganizationHooksAPI, rec event.Recorder, secrets ctrlclient.Reader, observed *github.Hook) kindtest.Client[OrganizationObject] {
			e := orgExternal[T](api, org, rec, secrets)
			e.observed = observed
			return kindtest.Typed[OrganizationObject, T]{E: e}
		},
	}
}

var orgScopes = twins.EachOrganizationWebhook(orgScopeOf, orgScopeOf)

// An orgMod changes an OrganizationWebhook of either scope.
type orgMod func(OrganizationObject)

// orgAnswer is the spec's webhook as GitHub answers it, with id.
func orgAnswer(id int64, mods ...func(*github.Hook)) *github.Hook {
	h := &github.Hook{ID: id, Type: "Organization", Name: "web", Active: true, Events: []string{"membership", "organization"},
		Config:    github.HookConfig{URL: "https://audit.example.com/hook", ContentType: "json", InsecureSSL: "0", Secret: github.HookSecretMask},
		CreatedAt: &createdAt, UpdatedAt: &createdAt}
	for _, m := range mods {
		m(h)
	}
	return h
}

// orgRequest is the spec's request with the secret.
func orgRequest(secret string) *github.HookRequest {
	return &github.HookRequest{Active: true, Events: []string{"membership", "organization"},
		Config: github.HookConfig{URL: "https://audit.example.com/hook", ContentType: "json", InsecureSSL: "0", Secret: secret}}
}

// orgAPI is the fake GitHub of a case. A read the case does not answer
// fails the test when called.
type orgAPI struct {
	get       *github.Hook
	getErr    error
	list      []github.Hook
	create    *github.Hook
	createErr error
	updateErr error
	deleteErr error
}

func (a orgAPI) fake(t *testing.T, calls *[]call) *fake.MockOrganizationHooksAPI {
	t.Helper()
	check := func(op, login string) {
		if login != org.Login {
			t.Errorf("%s(%s): want demo-org", op, login)
		}
	}
	return &fake.MockOrganizationHooksAPI{
		MockGetOrgHook: func(_ context.Context, login string, id int64) (*github.Hook, error) {
			check("GetOrgHook", login)
			*calls = append(*calls, call{Op: "get", ID: id})
			if a.get == nil && a.getErr == nil {
				t.Errorf("GetOrgHook(%d) called: the case does not expect it", id)
			}
			return a.get, a.getErr
		},
		MockListOrgHooks: func(_ context.Context, login string) ([]github.Hook, error) {
			check("ListOrgHooks", login)
			*calls = append(*calls, call{Op: "list"})
			return a.list, nil
		},
		MockCreateOrgHook: func(_ context.Context, login string, r *github.HookRequest) (*github.Hook, error) {
			check("CreateOrgHook", login)
			*calls = append(*calls, call{Op: "create", Req: r})
			return a.create, a.createErr
		},
		MockUpdateOrgHook: func(_ context.Context, login string, id int64, r *github.HookRequest) (*github.Hook, error) {
			check("UpdateOrgHook", login)
			*calls = append(*calls, call{Op: "update", ID: id, Req: r})
			return &github.Hook{ID: id}, a.updateErr
		},
		MockDeleteOrgHook: func(_ context.Context, login string, id int64) error {
			check("DeleteOrgHook", login)
			*calls = append(*calls, call{Op: "delete", ID: id})
			return a.deleteErr
		},
	}
}

func TestOrganizationObserve(t *testing.T) {
	pending := createdAt.Add(-2 * time.Second)
	withSecret := secrets(t, hookSecret(map[string][]byte{"secret": []byte(secretValue)}))
	type want struct {
		o       managed.ExternalObservation
		err     error
		extName string
		calls   []call
		events  []event.Reason
	}
	cases := map[string]struct {
		reason  string
		api     orgAPI
		secrets ctrlclient.Reader
		mg      []orgMod
		want    want
	}{
		"NeverCreated": {
			reason: "Without an external name or a create under way there is no webhook: nothing is asked of GitHub.",
		},
		"UpToDate": {
			reason: "GitHub's webhook is the declared one, its events in its own order, and its secret the one applied.",
			api:    orgAPI{get: orgAnswer(7)}, secrets: withSecret,
			mg: []orgMod{func(w OrganizationObject) {
				meta.SetExternalName(w, "7")
				w.Observation().AppliedSecretHash = ptr.To(hash)
			}},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, extName: "7", calls: []call{{Op: "get", ID: 7}}},
		},
		"Drift": {
			reason: "Fields changed on GitHub are named, and so is a secret the provider never sent.",
			api: orgAPI{get: orgAnswer(7, func(h *github.Hook) {
				h.Events = []string{"team"}
				h.Config.InsecureSSL = "1"
			})},
			secrets: withSecret, mg: []orgMod{func(w OrganizationObject) { meta.SetExternalName(w, "7") }},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "insecureSsl, events, secretRef"}, extName: "7", calls: []call{{Op: "get", ID: 7}}},
		},
		"GoneFromGitHub": {
			reason: "A webhook deleted on GitHub does not exist, and is created again, with an event that says so.",
			api:    orgAPI{getErr: ghErr(http.MethodGet, orgHooksPath+"/7", http.StatusNotFound, "Not Found")},
			mg:     []orgMod{func(w OrganizationObject) { meta.SetExternalName(w, "7") }},
			want:   want{extName: "7", calls: []call{{Op: "get", ID: 7}}, events: []event.Reason{kind.ReasonMissing}},
		},
		"ReadFails": {
			api: orgAPI{getErr: ghErr(http.MethodGet, orgHooksPath+"/7", http.StatusInternalServerError, "boom")},
			mg:  []orgMod{func(w OrganizationObject) { meta.SetExternalName(w, "7") }},
			want: want{err: errors.Wrap(ghErr(http.MethodGet, orgHooksPath+"/7", http.StatusInternalServerError, "boom"), "cannot read webhook 7 of demo-org"),
				extName: "7", calls: []call{{Op: "get", ID: 7}}},
		},
		"Recovered": {
			reason:  "A create interrupted after GitHub made the webhook finds it by URL, creation time and settings.",
			api:     orgAPI{list: []github.Hook{*orgAnswer(3, func(h *github.Hook) { h.Config.URL = "https://other.example.com" }), *orgAnswer(9)}},
			secrets: withSecret, mg: []orgMod{func(w OrganizationObject) { meta.SetExternalCreatePending(w, pending) }},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceLateInitialized: true, Diff: "secretRef"}, extName: "9",
				calls: []call{{Op: "list"}}, events: []event.Reason{kind.ReasonRecovered}},
		},
		"NotALookAlike": {
			reason: "A webhook of the URL created before this create started is someone else's: never taken.",
			api:    orgAPI{list: []github.Hook{*orgAnswer(9, func(h *github.Hook) { h.CreatedAt = ptr.To(pending.Add(-time.Hour)) })}},
			mg:     []orgMod{func(w OrganizationObject) { meta.SetExternalCreatePending(w, pending) }},
			want:   want{calls: []call{{Op: "list"}}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, orgScopes, func(t *testing.T, s orgScope) {
				var calls []call
				rec := &kindtest.Recorder{}
				mg := s.webhook(tc.mg...)
				e := s.external(tc.api.fake(t, &calls), rec, tc.secrets, nil)
				got, err := e.Observe(context.Background(), mg)
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.o, got); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
				}
				if got.ResourceExists && ptr.Deref(mg.Observation().Organization, "") != "demo-org" {
					t.Errorf("\n%s\nstatus.atProvider.organization = %v, want demo-org", tc.reason, mg.Observation().Organization)
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
				noSecretShown(t, err, rec, mg)
			})
		})
	}
}

func TestOrganizationCreate(t *testing.T) {
	exists := ghErr(http.MethodPost, orgHooksPath, http.StatusUnprocessableEntity, "Validation Failed", "Hook already exists on this organization")
	withSecret := secrets(t, hookSecret(map[string][]byte{"secret": []byte(secretValue)}))
	type want struct {
		err        error
		extName    string
		annotation string
		calls      []call
	}
	cases := map[string]struct {
		reason string
		api    orgAPI
		want   want
	}{
		"Created": {
			reason: "The webhook is created with the secret; its id becomes the external name and the secret's hash is recorded.",
			api:    orgAPI{create: orgAnswer(12)},
			want:   want{extName: "12", annotation: hash, calls: []call{{Op: "create", Req: orgRequest(secretValue)}}},
		},
		"URLTaken": {
			reason: "A webhook of the URL is never taken over: the error says how to adopt it.",
			api:    orgAPI{createErr: exists, list: []github.Hook{*orgAnswer(4)}},
			want: want{err: errors.New(`demo-org already has a webhook for https://audit.example.com/hook (id 4), which this OrganizationWebhook did not create: to manage it, set the annotation crossplane.io/external-name: "4"; or use another URL`),
				calls: []call{{Op: "create", Req: orgRequest(secretValue)}, {Op: "list"}}},
		},
		"NotAnOwner": {
			reason: "GitHub's 404 names the organization and who may see its webhooks.",
			api:    orgAPI{createErr: ghErr(http.MethodPost, orgHooksPath, http.StatusNotFound, "Not Found")},
			want: want{err: errors.Wrap(ghErr(http.MethodPost, orgHooksPath, http.StatusNotFound, "Not Found"), "cannot create a webhook for https://audit.example.com/hook: cannot find organization demo-org, or the credentials are not its owner (GitHub shows an organization's webhooks to its owners only)"),
				calls: []call{{Op: "create", Req: orgRequest(secretValue)}}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, orgScopes, func(t *testing.T, s orgScope) {
				var calls []call
				rec := &kindtest.Recorder{}
				mg := s.webhook()
				_, err := s.external(tc.api.fake(t, &calls), rec, withSecret, nil).Create(context.Background(), mg)
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

func TestOrganizationUpdateAndDelete(t *testing.T) {
	withSecret := secrets(t, hookSecret(map[string][]byte{"secret": []byte(secretValue)}))
	kindtest.RunBoth(t, orgScopes, func(t *testing.T, s orgScope) {
		var calls []call
		mg := s.webhook()
		e := s.external(orgAPI{}.fake(t, &calls), &kindtest.Recorder{}, withSecret, orgAnswer(7))
		if _, err := e.Update(context.Background(), mg); err != nil {
			t.Fatalf("Update(...): %v", err)
		}
		if diff := cmp.Diff(&hash, mg.Observation().AppliedSecretHash); diff != "" {
			t.Errorf("appliedSecretHash after the update: -want, +got:\n%s", diff)
		}
		if _, err := e.Delete(context.Background(), mg); err != nil {
			t.Fatalf("Delete(...): %v", err)
		}
		want := []call{{Op: "update", ID: 7, Req: orgRequest(secretValue)}, {Op: "delete", ID: 7}}
		if diff := cmp.Diff(want, calls); diff != "" {
			t.Errorf("GitHub calls: -want, +got:\n%s", diff)
		}
	})
	kindtest.RunBoth(t, orgScopes, func(t *testing.T, s orgScope) {
		var calls []call
		onto := ghErr(http.MethodPatch, orgHooksPath+"/7", http.StatusUnprocessableEntity, "Validation Failed", "Hook already exists on this organization")
		_, err := s.external(orgAPI{updateErr: onto}.fake(t, &calls), &kindtest.Recorder{}, withSecret, orgAnswer(7)).Update(context.Background(), s.webhook())
		want := errors.New("cannot update webhook 7 of demo-org: another webhook of the organization delivers to https://audit.example.com/hook with an event in common; change or delete that one, or use another URL")
		if diff := cmp.Diff(want, err, test.EquateErrors()); diff != "" {
			t.Errorf("Update(...) onto another webhook: -want error, +got error:\n%s", diff)
		}
	})
}

// An OrganizationWebhook's watch key is the Secret it reads.
func TestOrganizationSecretRefs(t *testing.T) {
	kindtest.RunBoth(t, orgScopes, func(t *testing.T, s orgScope) {
		var mg resource.Managed = s.webhook()
		if diff := cmp.Diff([]string{"ns/hook"}, watches[0].Refs(mg)); diff != "" {
			t.Errorf("watch keys: -want, +got:\n%s", diff)
		}
		if got := watches[0].Refs(s.webhook(func(w OrganizationObject) { w.Parameters().SecretRef = nil })); got != nil {
			t.Errorf("watch keys (without secretRef) = %v, want none", got)
		}
	})
}
