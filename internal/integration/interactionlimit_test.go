package integration

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	corev1 "k8s.io/api/core/v1"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// interactionRepo is the repository whose interaction limit the
// RepositoryInteractionLimit tests set.
const interactionRepo = "interaction-home"

const (
	interactionRepoFull = owner + "/" + interactionRepo
	repoLimitPath       = "/repos/" + interactionRepoFull + "/interaction-limits"
	orgLimitPath        = "/orgs/" + owner + "/interaction-limits"
)

// newRepoLimit builds, without creating it, a RepositoryInteractionLimit
// of scope s called name that declares limit.
func (f *fixture) newRepoLimit(s scope, name, limit string) twins.RepositoryInteractionLimitObject {
	f.t.Helper()
	o := twins.RepositoryInteractionLimit.In(s.of)
	*o.Parameters() = common.RepositoryInteractionLimitParameters{RepositoryTarget: common.RepositoryTarget{Repository: ptr.To(interactionRepo)},
		InteractionLimit: common.InteractionLimit{Limit: limit}}
	return place(f, s, o, name, "github")
}

// newOrgLimit builds, without creating it, an OrganizationInteractionLimit
// of scope s called name that declares limit.
func (f *fixture) newOrgLimit(s scope, name, limit string) twins.OrganizationInteractionLimitObject {
	f.t.Helper()
	o := twins.OrganizationInteractionLimit.In(s.of)
	*o.Parameters() = orgcommon.OrganizationInteractionLimitParameters{OrganizationTarget: orgcommon.OrganizationTarget{Organization: ptr.To(owner)}, Limit: limit}
	return place(f, s, o, name, "github")
}

// ghLimit is the interaction limit GitHub answers at path: its limit and
// origin, "" when none is in effect.
func (f *fixture) ghLimit(path string) (limit, origin string) {
	f.t.Helper()
	status, b := f.gh(goodToken, http.MethodGet, path, "")
	if status != http.StatusOK {
		f.t.Fatalf("GET %s: status %d: %s", path, status, b)
	}
	var out struct{ Limit, Origin string }
	f.must(json.Unmarshal(b, &out))
	return out.Limit, out.Origin
}

// limitWrites counts the writes of the interaction limit at path.
func (f *fixture) limitWrites(path string) int {
	n := 0
	for _, r := range f.emu.Requests() {
		if r.Method != http.MethodGet && r.Path == path {
			n++
		}
	}
	return n
}

// limitIs waits until GitHub's limit at path is limit.
func (f *fixture) limitIs(path, limit, what string) {
	f.t.Helper()
	f.eventually(what, func() string {
		if got, _ := f.ghLimit(path); got != limit {
			return fmt.Sprintf("GitHub's limit %q, want %q", got, limit)
		}
		return ""
	})
}

// readyReason waits until mg is Ready=False for reason, its message
// holding every one of parts.
func readyReason[T resource.Managed](f *fixture, mg T, reason string, parts ...string) {
	f.t.Helper()
	f.eventually("Ready=False, reason "+reason, func() string {
		c := get(f, mg).GetCondition(xpv2.TypeReady)
		if c.Status != corev1.ConditionFalse || string(c.Reason) != reason {
			return fmt.Sprintf("Ready=%s %s: %s", c.Status, c.Reason, c.Message)
		}
		for _, p := range parts {
			if !strings.Contains(c.Message, p) {
				return fmt.Sprintf("message %q lacks %q", c.Message, p)
			}
		}
		return ""
	})
}

// limitCase is one kind's limit under test.
type limitCase[T resource.Managed] struct {
	path   string
	obj    T
	what   string // "repository o/r", "organization o"
	expire func(in time.Duration) error
	renew  func(T)
	seen   func(T) (limit string, expiresAt time.Time)
}

// lifecycle: created as declared with when it expires in status; changed
// and removed early on GitHub, set again; lapsed without renew, Expired
// and nothing written; renew set, set again; lapsed with renew, renewed
// with an event; deleted, removed.
func lifecycle[T resource.Managed](t *testing.T, f *fixture, c limitCase[T], full string) {
	f.must(kube.Create(f.ctx, c.obj))
	got := waitReady(f, c.obj)
	if ext := meta.GetExternalName(got); ext != full {
		t.Errorf("external name %q, want %q", ext, full)
	}
	if limit, origin := f.ghLimit(c.path); limit != "collaborators_only" {
		t.Errorf("GitHub's limit %q (origin %s), want collaborators_only", limit, origin)
	}
	if limit, until := c.seen(got); limit != "collaborators_only" || until.Before(time.Now().Add(23*time.Hour)) {
		t.Errorf("status: limit %q expiring at %s, want collaborators_only for a day", limit, until)
	}

	f.ghMust(http.StatusOK, goodToken, http.MethodPut, c.path, `{"limit":"existing_users"}`)
	f.limitIs(c.path, "collaborators_only", "the changed limit set back")
	f.ghMust(http.StatusNoContent, goodToken, http.MethodDelete, c.path, "")
	f.limitIs(c.path, "collaborators_only", "the limit removed before its expiry set again (no renew)")
	waitReady(f, c.obj)

	// GitHub lifts it in a few seconds: the resource learns when, then
	// finds it gone and, without renew, writes nothing.
	f.must(c.expire(4 * time.Second))
	readyReason(f, c.obj, "Expired", "The interaction limit of "+c.what+" lapsed at", "renew is not set")
	if limit, _ := f.ghLimit(c.path); limit != "" {
		t.Errorf("GitHub's limit %q after it lapsed without renew, want none", limit)
	}
	w := f.limitWrites(c.path)
	time.Sleep(3 * pollInterval)
	if n := f.limitWrites(c.path) - w; n != 0 {
		t.Errorf("%d writes of the lapsed limit without renew, want none", n)
	}

	// renew set: set again now, and at its next lapse.
	f.must(refusedUpdate(f, c.obj, c.renew))
	f.waitEvent(c.obj, "Renewed", "lapsed and was set again (renew: true), until")
	f.limitIs(c.path, "collaborators_only", "the lapsed limit set again once renew is set")
	waitReady(f, c.obj)
	renewed := len(f.events(c.obj))
	f.must(c.expire(4 * time.Second))
	f.eventually("a second Renewed event", func() string {
		n := 0
		for _, e := range f.events(c.obj) {
			if e.Reason == "Renewed" {
				n++
			}
		}
		if n < 2 {
			return fmt.Sprintf("%d Renewed events (of %d events before)", n, renewed)
		}
		return ""
	})
	f.limitIs(c.path, "collaborators_only", "the limit renewed")
	waitReady(f, c.obj)

	f.must(kube.Delete(f.ctx, get(f, c.obj)))
	f.eventually("the resource gone", func() string {
		if err := kube.Get(f.ctx, client.ObjectKeyFromObject(c.obj), fresh(c.obj)); !kerrors.IsNotFound(err) {
			return "still there"
		}
		return ""
	})
	if limit, _ := f.ghLimit(c.path); limit != "" {
		t.Errorf("GitHub's limit %q after the delete, want it removed", limit)
	}
}

func TestRepositoryInteractionLimitLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/orgs/"+owner+"/repos", fmt.Sprintf(`{"name":%q}`, interactionRepo))
		lifecycle(t, f, limitCase[twins.RepositoryInteractionLimitObject]{
			path: repoLimitPath, obj: f.newRepoLimit(s, "limit", "collaborators_only"), what: "repository " + interactionRepoFull,
			expire: func(in time.Duration) error {
				return f.emu.ExpireRepositoryInteractionLimit(owner, interactionRepo, in)
			},
			renew: func(o twins.RepositoryInteractionLimitObject) { o.Parameters().Renew = ptr.To(true) },
			seen: func(o twins.RepositoryInteractionLimitObject) (string, time.Time) {
				obs := o.Observation()
				if obs.ExpiresAt == nil {
					return ptr.Deref(obs.Limit, ""), time.Time{}
				}
				return ptr.Deref(obs.Limit, ""), obs.ExpiresAt.Time
			},
		}, interactionRepoFull)
	})
}

func TestOrganizationInteractionLimitLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		lifecycle(t, f, limitCase[twins.OrganizationInteractionLimitObject]{
			path: orgLimitPath, obj: f.newOrgLimit(s, "limit", "collaborators_only"), what: "organization " + owner,
			expire: func(in time.Duration) error { return f.emu.ExpireOrganizationInteractionLimit(owner, in) },
			renew:  func(o twins.OrganizationInteractionLimitObject) { o.Parameters().Renew = ptr.To(true) },
			seen: func(o twins.OrganizationInteractionLimitObject) (string, time.Time) {
				obs := o.Observation()
				if obs.ExpiresAt == nil {
					return ptr.Deref(obs.Limit, ""), time.Time{}
				}
				return ptr.Deref(obs.Limit, ""), obs.ExpiresAt.Time
			},
		}, owner)
	})
}

// While the organization has a limit, GitHub refuses the repository's
// (409): the RepositoryInteractionLimit shows the organization's, says so
// and writes nothing; once the organization's is removed, it sets its own.
func TestRepositoryInteractionLimitUnderOrganization(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/orgs/"+owner+"/repos", fmt.Sprintf(`{"name":%q}`, interactionRepo))
		f.ghMust(http.StatusOK, goodToken, http.MethodPut, orgLimitPath, `{"limit":"existing_users","expiry":"one_week"}`)
		o := f.newRepoLimit(s, "limit", "collaborators_only")
		f.must(kube.Create(f.ctx, o))
		readyReason(f, o, "LimitedByOrganization", "organization "+owner+" has an interaction limit in effect (existing_users until", "writes nothing")
		if obs := get(f, o).Observation(); ptr.Deref(obs.Origin, "") != "organization" || ptr.Deref(obs.Limit, "") != "existing_users" || obs.ExpiresAt == nil {
			t.Errorf("status.atProvider %+v, want the organization's limit", obs)
		}
		w := f.limitWrites(repoLimitPath)
		time.Sleep(3 * pollInterval)
		if n := f.limitWrites(repoLimitPath); n != w || n != 0 {
			t.Errorf("%d writes of the repository's limit while the organization's is in effect, want none", n)
		}
		if c := get(f, o).GetCondition(xpv2.TypeSynced); c.Status != corev1.ConditionTrue {
			t.Errorf("Synced=%s (%s): the organization's limit is not an error to retry", c.Status, c.Message)
		}

		f.ghMust(http.StatusNoContent, goodToken, http.MethodDelete, orgLimitPath, "")
		waitReady(f, o)
		if limit, origin := f.ghLimit(repoLimitPath); limit != "collaborators_only" || origin != "repository" {
			t.Errorf("GitHub's limit %q from %s, want the repository's collaborators_only", limit, origin)
		}
	})
}

// A second RepositoryInteractionLimit of the repository is refused,
// naming the first.
func TestRepositoryInteractionLimitSecond(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/orgs/"+owner+"/repos", fmt.Sprintf(`{"name":%q}`, interactionRepo))
		first := f.newRepoLimit(s, "first", "collaborators_only")
		f.must(kube.Create(f.ctx, first))
		afterCreationSecond(get(f, waitReady(f, first)))
		second := f.newRepoLimit(otherScope(s), "second", "existing_users")
		f.must(kube.Create(f.ctx, second))
		name := "RepositoryInteractionLimit " + first.GetName()
		if s.namespaced {
			name = "RepositoryInteractionLimit " + f.ns + "/" + first.GetName()
		}
		waitSyncError(f, second, "repository "+interactionRepoFull+" is already claimed by "+name+", which is older")
		if limit, _ := f.ghLimit(repoLimitPath); limit != "collaborators_only" {
			t.Errorf("GitHub's limit %q, want the first's", limit)
		}
	})
}

// A second OrganizationInteractionLimit of the organization is refused,
// naming the first.
func TestOrganizationInteractionLimitSecond(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		first := f.newOrgLimit(s, "first", "collaborators_only")
		f.must(kube.Create(f.ctx, first))
		afterCreationSecond(get(f, waitReady(f, first)))
		second := f.newOrgLimit(otherScope(s), "second", "existing_users")
		f.must(kube.Create(f.ctx, second))
		name := "OrganizationInteractionLimit " + first.GetName()
		if s.namespaced {
			name = "OrganizationInteractionLimit " + f.ns + "/" + first.GetName()
		}
		waitSyncError(f, second, "organization "+owner+" is already claimed by "+name+", which is older")
		if limit, _ := f.ghLimit(orgLimitPath); limit != "collaborators_only" {
			t.Errorf("GitHub's limit %q, want the first's", limit)
		}
	})
}

// Bad input is refused at admission, with what is allowed.
func TestInteractionLimitAdmission(t *testing.T) {
	cases := map[string]struct {
		limit, expiry string
		want          string
	}{
		"Limit":   {limit: "everyone", want: `supported values: "existing_users", "contributors_only", "collaborators_only"`},
		"NoLimit": {limit: "", want: "spec.forProvider.limit"},
		"Expiry":  {limit: "existing_users", expiry: "one_year", want: `supported values: "one_day", "three_days", "one_week", "one_month", "six_months"`},
	}
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		for name, tc := range cases {
			t.Run(name, func(t *testing.T) {
				for _, o := range []resource.Managed{f.newRepoLimit(s, "refused", tc.limit), f.newOrgLimit(s, "refused", tc.limit)} {
					if tc.expiry != "" {
						switch o := o.(type) {
						case twins.RepositoryInteractionLimitObject:
							o.Parameters().Expiry = ptr.To(tc.expiry)
						case twins.OrganizationInteractionLimitObject:
							o.Parameters().Expiry = ptr.To(tc.expiry)
						}
					}
					err := kube.Create(f.ctx, o)
					if err == nil {
						_ = kube.Delete(f.ctx, o)
						t.Fatalf("want the API server to refuse %T with limit %q, expiry %q", o, tc.limit, tc.expiry)
					}
					if !strings.Contains(err.Error(), tc.want) {
						t.Errorf("refused with %v, want a message holding %q", err, tc.want)
					}
				}
			})
		}
	})
}

// ghCap is GitHub's pull request creation cap at path: on, and its most.
func (f *fixture) ghCap(path string) (bool, int64) {
	f.t.Helper()
	var out struct {
		Enabled bool  `json:"enabled"`
		Max     int64 `json:"max_open_pull_requests"`
	}
	f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, path, ""), &out))
	return out.Enabled, out.Max
}

// ghBypass is the logins of GitHub's bypass list of the tests' repository.
func (f *fixture) ghBypass() string {
	f.t.Helper()
	var out []struct{ Login string }
	f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, repoLimitPath+"/pulls/bypass-list", ""), &out))
	var logins []string
	for _, u := range out {
		logins = append(logins, u.Login)
	}
	return strings.Join(logins, ",")
}

// The declared pull request creation cap and bypass list are set, put back
// when changed on GitHub (a user added there removed), and turned off and
// removed by the delete, the organization's cap alike.
func TestInteractionLimitPullRequestCap(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/orgs/"+owner+"/repos", fmt.Sprintf(`{"name":%q}`, interactionRepo))
		capPath := repoLimitPath + "/pulls/creation-cap"
		o := f.newRepoLimit(s, "limit", "contributors_only")
		o.Parameters().PullRequestCreationCap = &common.PullRequestCreationCap{Enabled: true, MaxOpenPullRequests: ptr.To(int64(5))}
		o.Parameters().PullRequestCapBypassUsers = []string{"other-user"}
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		if on, most := f.ghCap(capPath); !on || most != 5 {
			t.Errorf("GitHub's cap on %t at %d, want on at 5", on, most)
		}
		if b := f.ghBypass(); b != "other-user" {
			t.Errorf("GitHub's bypass list %q, want other-user", b)
		}
		if c := got.Observation().PullRequestCreationCap; c == nil || !c.Enabled || ptr.Deref(c.MaxOpenPullRequests, 0) != 5 {
			t.Errorf("status.atProvider.pullRequestCreationCap %+v", c)
		}

		f.ghMust(http.StatusOK, goodToken, http.MethodPatch, capPath, `{"enabled":true,"max_open_pull_requests":50}`)
		f.ghMust(http.StatusNoContent, goodToken, http.MethodPut, repoLimitPath+"/pulls/bypass-list", `{"users":["demo-user"]}`)
		f.eventually("the cap and the bypass list put back", func() string {
			if on, most := f.ghCap(capPath); !on || most != 5 {
				return fmt.Sprintf("cap on %t at %d", on, most)
			}
			if b := f.ghBypass(); b != "other-user" {
				return "bypass list " + b
			}
			return ""
		})

		org := f.newOrgLimit(s, "org", "existing_users")
		org.Parameters().PullRequestCreationCap = &orgcommon.PullRequestCreationCap{Enabled: true, MaxOpenPullRequests: ptr.To(int64(3))}
		f.must(kube.Create(f.ctx, org))
		waitReady(f, org)
		if on, most := f.ghCap("/orgs/" + owner + "/interaction-limits/pulls/creation-cap"); !on || most != 3 {
			t.Errorf("GitHub's organization cap on %t at %d, want on at 3", on, most)
		}

		for _, mg := range []resource.Managed{o, org} {
			f.must(kube.Delete(f.ctx, get(f, mg)))
			f.eventually(mg.GetName()+" gone", func() string {
				if err := kube.Get(f.ctx, client.ObjectKeyFromObject(mg), fresh(mg)); !kerrors.IsNotFound(err) {
					return "still there"
				}
				return ""
			})
		}
		if on, _ := f.ghCap(capPath); on {
			t.Error("the repository's cap is on after the delete")
		}
		if on, _ := f.ghCap("/orgs/" + owner + "/interaction-limits/pulls/creation-cap"); on {
			t.Error("the organization's cap is on after the delete")
		}
		if b := f.ghBypass(); b != "" {
			t.Errorf("bypass list %q after the delete, want the declared users removed", b)
		}
	})
}

// Bad caps and bypass lists are refused at admission.
func TestInteractionLimitCapAdmission(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		o := f.newRepoLimit(s, "refused", "existing_users")
		o.Parameters().PullRequestCreationCap = &common.PullRequestCreationCap{Enabled: true, MaxOpenPullRequests: ptr.To(int64(1001))}
		if err := kube.Create(f.ctx, o); err == nil || !strings.Contains(err.Error(), "spec.forProvider.pullRequestCreationCap.maxOpenPullRequests") {
			t.Errorf("a cap of 1001 refused with %v, want the field named", err)
		}
		o = f.newRepoLimit(s, "refused", "existing_users")
		o.Parameters().PullRequestCapBypassUsers = []string{"not a login"}
		if err := kube.Create(f.ctx, o); err == nil || !strings.Contains(err.Error(), "spec.forProvider.pullRequestCapBypassUsers") {
			t.Errorf("a bad login refused with %v, want the field named", err)
		}
	})
}

// The interaction limit examples of both scopes, applied with the
// Repository examples they name (and the CustomProperty examples one of
// those needs) against one emulator with the demo seed, as make demo and
// make e2e do, become Ready with their limits on GitHub, and record no
// Warning event (make demo refuses one).
func TestInteractionLimitExamples(t *testing.T) {
	seed, err := emulator.LoadSeedFile("../../hack/demo-seed.yaml")
	if err != nil {
		t.Fatal(err)
	}
	f := newFixtureWith(t, emulator.Options{Seed: seed})
	var limits []resource.Managed
	for _, s := range scopes {
		for _, dir := range []string{"customproperty", "repository", "repositoryinteractionlimit", "organizationinteractionlimit"} {
			for _, mg := range examplesOf(t, s, dir) {
				placeExample(f, s, mg)
				f.must(kube.Create(f.ctx, mg))
				switch mg.(type) {
				case twins.RepositoryInteractionLimitObject, twins.OrganizationInteractionLimitObject:
					limits = append(limits, mg)
				}
			}
		}
	}
	if len(limits) < 4 {
		t.Fatalf("%d interaction limit examples, want some of each kind and scope", len(limits))
	}
	for _, mg := range limits {
		got := waitReady(f, mg)
		var path, want string
		switch o := any(got).(type) {
		case twins.RepositoryInteractionLimitObject:
			path, want = "/repos/"+ptr.Deref(o.Observation().Repository, "")+"/interaction-limits", o.Parameters().Limit
		case twins.OrganizationInteractionLimitObject:
			path, want = "/orgs/"+ptr.Deref(o.Observation().Organization, "")+"/interaction-limits", o.Parameters().Limit
		}
		if limit, origin := f.ghLimit(path); limit != want {
			t.Errorf("%s: GitHub's limit at %s is %q (origin %s), want %q", mg.GetName(), path, limit, origin, want)
		}
		for _, e := range f.events(got) {
			if e.Type == corev1.EventTypeWarning {
				t.Errorf("%s: Warning event %s: %s", mg.GetName(), e.Reason, e.Message)
			}
		}
	}
}
