package organizationinteractionlimit

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	"github.com/crossplane-github/provider-github/internal/controller/interactionlimit"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// A scope is one of the OrganizationInteractionLimit kinds.
type scope struct {
	name     string
	object   func() Object
	external func(api github.InteractionsAPI, rec *kindtest.Recorder) kindtest.Client[Object]
}

func (s scope) ScopeName() string { return s.name }

var now = time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)

func scopeOf[T Object](s apis.Scope, newT func(namespace, name string) T) scope {
	return scope{
		name: string(s),
		object: func() Object {
			o := newT("ns", "x")
			o.Parameters().Limit = "existing_users"
			o.Parameters().Expiry = ptr.To("one_week")
			return o
		},
		external: func(api github.InteractionsAPI, rec *kindtest.Recorder) kindtest.Client[Object] {
			t := target[T](api, "acme", "api.github.com")
			t.Claimed = func(context.Context, T) error { return nil }
			t.Record = rec
			t.Now = func() time.Time { return now }
			return kindtest.Typed[Object, T]{E: &interactionlimit.External[T]{Target: t}}
		},
	}
}

var scopes = twins.EachOrganizationInteractionLimit(scopeOf, scopeOf)

// The organization's limit is set for the declared expiry and kept; when
// it lapses without renew the resource is Expired and writes nothing; a
// member's credentials are told only an owner may; Delete removes it.
func TestLifecycle(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		has := &github.InteractionLimit{}
		var puts []github.InteractionLimitRequest
		var forbidden bool
		api := &fake.MockInteractionsAPI{
			MockGetOrganizationInteractionLimit: func(_ context.Context, org string) (*github.InteractionLimit, error) {
				got := *has
				return &got, nil
			},
			MockPutOrganizationInteractionLimit: func(_ context.Context, org string, r *github.InteractionLimitRequest) (*github.InteractionLimit, error) {
				if forbidden {
					return nil, kindtest.GitHubErr(http.MethodPut, "/orgs/acme/interaction-limits", http.StatusForbidden, "You must be an organization owner.")
				}
				puts = append(puts, *r)
				until := now.Add(7 * 24 * time.Hour)
				*has = github.InteractionLimit{Limit: r.Limit, Origin: "organization", ExpiresAt: &until}
				got := *has
				return &got, nil
			},
			MockDeleteOrganizationInteractionLimit: func(context.Context, string) error { *has = github.InteractionLimit{}; return nil },
		}
		mg := s.object()
		e := s.external(api, &kindtest.Recorder{})
		if o, err := e.Observe(context.Background(), mg); err != nil || o.ResourceExists {
			t.Fatalf("Observe(...) with no limit: %+v, %v: want it absent", o, err)
		}
		if _, err := e.Create(context.Background(), mg); err != nil {
			t.Fatalf("Create(...): %v", err)
		}
		if meta.GetExternalName(mg) != "acme" || len(puts) != 1 || puts[0].Expiry != "one_week" {
			t.Errorf("external name %q, writes %+v: want acme, one write for one_week", meta.GetExternalName(mg), puts)
		}
		if o, err := e.Observe(context.Background(), mg); err != nil || !o.ResourceUpToDate || mg.GetCondition(xpv2.TypeReady).Reason != xpv2.ReasonAvailable {
			t.Errorf("Observe(...) of the declared limit: %+v, %v, Ready %s", o, err, mg.GetCondition(xpv2.TypeReady).Reason)
		}

		// Lapsed: GitHub answers {} after its expiry.
		past := metav1.NewTime(now.Add(-time.Hour))
		mg.Observation().ExpiresAt = &past
		*has = github.InteractionLimit{}
		o, err := e.Observe(context.Background(), mg)
		if c := mg.GetCondition(xpv2.TypeReady); err != nil || !o.ResourceUpToDate || c.Reason != interactionlimit.ReasonExpired ||
			!strings.Contains(c.Message, "The interaction limit of organization acme lapsed at 2026-05-01T11:00:00Z") {
			t.Errorf("Observe(...) of a lapsed limit: %+v, %v, Ready %s %q: want Expired, nothing to write", o, err, c.Reason, c.Message)
		}

		// renew set: a member's credentials cannot renew it; an owner's do.
		mg.Parameters().Renew = ptr.To(true)
		if o, err := e.Observe(context.Background(), mg); err != nil || o.ResourceUpToDate {
			t.Fatalf("Observe(...) of a lapsed limit with renew: %+v, %v: want it set again", o, err)
		}
		forbidden = true
		if _, err := e.Update(context.Background(), mg); err == nil || !strings.Contains(err.Error(), "only an owner of the organization may") {
			t.Errorf("Update(...) answered 403: %v, want it to say only an owner may", err)
		}
		forbidden = false
		if _, err := e.Update(context.Background(), mg); err != nil || len(puts) != 2 {
			t.Fatalf("Update(...): %v, %d writes: want the limit renewed", err, len(puts))
		}
		if _, err := e.Delete(context.Background(), mg); err != nil || has.InEffect() {
			t.Errorf("Delete(...): %v, GitHub's limit %+v: want it removed", err, has)
		}
	})
}
