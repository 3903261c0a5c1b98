package integration

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// An organization's Actions secret shared with repositories by name, by
// reference and by selector holds the Secret's value and exactly those
// repositories; a repository added or removed on GitHub, and a visibility
// changed there, are set back; deleting the resource deletes the secret.
func TestOrganizationActionsSecretLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newOrgSharingFixture(t)
		f.setSecretValue("first-value")
		sh := f.linkedRepositories(s, "linked-ref", "linked-label")
		want := f.ids(sharedA, "linked-ref", "linked-label")
		o := f.orgSecret(s, false, "org-token", "org_token", sh)
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o).(twins.OrganizationActionsSecretObject)
		if msg := f.orgHolds("actions", "ORG_TOKEN", "first-value", want); msg != "" {
			t.Error(msg)
		}
		if ext := meta.GetExternalName(got); ext != "ORG_TOKEN" {
			t.Errorf("external name %q, want ORG_TOKEN", ext)
		}
		if at := got.Observation(); ptr.Deref(at.Visibility, "") != "selected" || !slices.Equal(at.SelectedRepositoryIDs, want) || ptr.Deref(at.Organization, "") != owner {
			t.Errorf("status.atProvider %+v, want selected with %v in %s", at.RepositorySharingObservation, want, owner)
		}
		const path = "/actions/secrets/ORG_TOKEN"
		orgQuiet(t, f, "created")

		f.ghMust(http.StatusNoContent, goodToken, http.MethodPut, fmt.Sprintf("/orgs/%s%s/repositories/%d", owner, path, f.repoID(sharedB)), "")
		f.ghMust(http.StatusNoContent, goodToken, http.MethodDelete, fmt.Sprintf("/orgs/%s%s/repositories/%d", owner, path, f.repoID(sharedA)), "")
		f.eventually("the repositories set back", func() string {
			if got := f.ghSelected(path); !slices.Equal(got, want) {
				return fmt.Sprintf("GitHub shares it with %v", got)
			}
			return ""
		})
		f.ghMust(http.StatusNoContent, goodToken, http.MethodPut, "/orgs/"+owner+path, `{"visibility":"all"}`)
		f.eventually("the visibility and repositories set back", func() string {
			if v, _, _ := f.ghOrgObject(path); v != "selected" {
				return "GitHub's visibility is " + v
			}
			return f.orgHolds("actions", "ORG_TOKEN", "first-value", want)
		})
		orgQuiet(t, f, "set back")
		// After the provider's last write has been read back (a write by
		// someone else in the moment between goes unseen, as for a
		// repository's secret).
		f.ghPutSealed("/orgs/"+owner+"/actions/secrets", "ORG_TOKEN", "someone-elses-value", fmt.Sprintf(`"visibility":"selected","selected_repository_ids":%s`, idList(want)))
		f.eventually("the value written by someone else set back", func() string {
			return f.orgHolds("actions", "ORG_TOKEN", "first-value", want)
		})
		noSecretIn(f, o, "first-value")

		f.deleteOrgObject(o, path)
	})
}

// An organization's Dependabot secret polled hourly gets a rotated value
// within seconds: the provider watches the Secret. Its visibility changed
// on GitHub is set back.
func TestOrganizationDependabotSecretRotation(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newOrgSharingFixture(t)
		f.setSecretValue("before-rotation-value")
		o := f.orgSecret(s, true, "npm", "NPM_TOKEN", orgcommon.RepositorySharing{Visibility: "private"})
		o.SetAnnotations(map[string]string{meta.AnnotationKeyPollInterval: "1h"})
		f.must(kube.Create(f.ctx, o))
		waitReady(f, o)
		if msg := f.orgHolds("dependabot", "NPM_TOKEN", "before-rotation-value", nil); msg != "" {
			t.Error(msg)
		}
		if v, _, _ := f.ghOrgObject("/dependabot/secrets/NPM_TOKEN"); v != "private" {
			t.Errorf("GitHub's visibility %q, want private", v)
		}
		if _, _, ok := f.emu.State().OrgSecretValue(owner, "actions", "NPM_TOKEN"); ok {
			t.Error("the Dependabot secret is also an Actions secret")
		}

		f.setSecretValue("after-rotation-value")
		start := time.Now()
		f.eventually("GitHub has the new value", func() string {
			return f.orgHolds("dependabot", "NPM_TOKEN", "after-rotation-value", nil)
		})
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("the new value took %s to reach GitHub: the Secret is not watched", d)
		}
		noSecretIn(f, o, "before-rotation-value", "after-rotation-value")

		f.deleteOrgObject(o, "/dependabot/secrets/NPM_TOKEN")
	})
}

// newOrgVariable builds, without creating it, an OrganizationActionsVariable
// of scope s called name for the variable varName of value, shared as sh.
func (f *fixture) newOrgVariable(s scope, name, varName, value string, sh orgcommon.RepositorySharing) twins.OrganizationActionsVariableObject {
	f.t.Helper()
	o := twins.OrganizationActionsVariable.In(s.of)
	*o.Parameters() = orgcommon.OrganizationActionsVariableParameters{OrganizationTarget: orgcommon.OrganizationTarget{Organization: ptr.To(owner)},
		Name: varName, Value: value, RepositorySharing: sh}
	return place(f, s, o, name, "github")
}

// An organization's variable is created as declared; its value, its
// visibility and its repositories changed on GitHub are set back; one
// deleted there is made again; deleting the resource deletes it.
func TestOrganizationActionsVariableLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newOrgSharingFixture(t)
		o := f.newOrgVariable(s, "region", "region", "eu-west-1", sharedWith(sharedA))
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		const path = "/actions/variables/REGION"
		want := f.ids(sharedA)
		check := func() string {
			v, value, ok := f.ghOrgObject(path)
			switch {
			case !ok:
				return "GitHub has no variable REGION"
			case v != "selected" || value != "eu-west-1":
				return fmt.Sprintf("GitHub's variable is %q shared with %s", value, v)
			}
			if ids := f.ghSelected(path); !slices.Equal(ids, want) {
				return fmt.Sprintf("GitHub shares it with %v, want %v", ids, want)
			}
			return ""
		}
		if msg := check(); msg != "" {
			t.Error(msg)
		}
		if at := got.Observation(); ptr.Deref(at.Value, "") != "eu-west-1" || !slices.Equal(at.SelectedRepositoryIDs, want) {
			t.Errorf("status.atProvider %+v", at)
		}
		orgQuiet(t, f, "created")

		f.ghMust(http.StatusNoContent, goodToken, http.MethodPatch, "/orgs/"+owner+path, `{"value":"us-east-1"}`)
		f.eventually("the value set back", check)
		f.ghMust(http.StatusNoContent, goodToken, http.MethodPut, fmt.Sprintf("/orgs/%s%s/repositories/%d", owner, path, f.repoID(sharedB)), "")
		f.eventually("the repositories set back", check)
		f.ghMust(http.StatusNoContent, goodToken, http.MethodPatch, "/orgs/"+owner+path, `{"visibility":"private"}`)
		f.eventually("the visibility set back", check)
		f.ghMust(http.StatusNoContent, goodToken, http.MethodDelete, "/orgs/"+owner+path, "")
		f.eventually("the variable made again", check)
		orgQuiet(t, f, "set back")

		f.deleteOrgObject(o, path)
	})
}

// A repository name GitHub does not know and a reference to a Repository
// resource that does not exist are conditions that name them; a variable
// that already exists is never taken over.
func TestOrganizationSharingErrors(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newOrgSharingFixture(t)
		f.setSecretValue("some-value")
		unknown := f.orgSecret(s, false, "unknown", "UNKNOWN_REPO", sharedWith(sharedA, "nope"))
		f.must(kube.Create(f.ctx, unknown))
		waitSyncError(f, unknown, `spec.forProvider.selectedRepositories names repository "nope", which organization demo-org does not have`)
		missingRef := sharedWith()
		missingRef.SelectedRepositoryRefs = []xpv2.Reference{{Name: "no-such-repository"}}
		v := f.newOrgVariable(s, "missing-ref", "MISSING_REF", "x", missingRef)
		f.must(kube.Create(f.ctx, v))
		waitSyncError(f, v, "spec.forProvider.selectedRepositoryRefs names Repository", "which does not exist")
		if _, _, ok := f.emu.State().OrgSecretValue(owner, "actions", "UNKNOWN_REPO"); ok {
			t.Error("a secret with an unknown repository was created")
		}

		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/orgs/"+owner+"/actions/variables", `{"name":"TAKEN","value":"theirs","visibility":"all"}`)
		taken := f.newOrgVariable(s, "taken", "taken", "mine", orgcommon.RepositorySharing{Visibility: "private"})
		f.must(kube.Create(f.ctx, taken))
		waitSyncError(f, taken, "already exists and this OrganizationActionsVariable did not create it", `set the annotation crossplane.io/external-name: "TAKEN"`)
		if _, value, _ := f.ghOrgObject("/actions/variables/TAKEN"); value != "theirs" {
			t.Errorf("the existing variable was changed: %q", value)
		}
		update(f, taken, func(o twins.OrganizationActionsVariableObject) { meta.SetExternalName(o, "TAKEN") })
		waitReady(f, taken)
		f.eventually("the adopted variable is as declared", func() string {
			if vis, value, _ := f.ghOrgObject("/actions/variables/TAKEN"); value != "mine" || vis != "private" {
				return fmt.Sprintf("GitHub's variable is %q shared with %s", value, vis)
			}
			return ""
		})
	})
}

// Repositories without visibility selected, an unknown visibility and a
// name GitHub would refuse are refused at admission, with what is
// allowed.
func TestOrganizationSharingAdmission(t *testing.T) {
	cases := map[string]struct {
		name  string
		share orgcommon.RepositorySharing
		want  string
	}{
		"ReposWithoutSelected": {name: "TOKEN", share: orgcommon.RepositorySharing{Visibility: "all", SelectedRepositories: []string{"api"}},
			want: "go only with visibility: selected"},
		"SelectorWithoutSelected": {name: "TOKEN", share: orgcommon.RepositorySharing{Visibility: "private", SelectedRepositorySelector: &xpv2.Selector{MatchLabels: map[string]string{"a": "b"}}},
			want: "go only with visibility: selected"},
		"UnknownVisibility": {name: "TOKEN", share: orgcommon.RepositorySharing{Visibility: "public"}, want: "spec.forProvider.visibility"},
		"GitHubPrefix":      {name: "github_token", share: orgcommon.RepositorySharing{Visibility: "all"}, want: "name must not start with GITHUB_"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newFixture(t)
				for _, o := range []interface{ GetName() string }{
					f.orgSecret(s, false, "refused-a", tc.name, tc.share),
					f.orgSecret(s, true, "refused-d", tc.name, tc.share),
					f.newOrgVariable(s, "refused-v", tc.name, "x", tc.share),
				} {
					err := kube.Create(f.ctx, o.(client.Object))
					if err == nil || !strings.Contains(err.Error(), tc.want) {
						t.Errorf("%s: want the API server to refuse it saying %q, got: %v", o.GetName(), tc.want, err)
					}
				}
			})
		})
	}
}

// idList is ids as a JSON array.
func idList(ids []int64) string {
	parts := make([]string, 0, len(ids))
	for _, id := range ids {
		parts = append(parts, fmt.Sprint(id))
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// A variable whose Repository resource (by reference) is deleted first, as
// when a whole namespace goes, is still deleted on GitHub with its
// resource.
func TestOrganizationVariableDeletedAfterItsRepository(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newOrgSharingFixture(t)
		repo := f.create(s, "short-lived", common.RepositoryParameters{})
		f.waitReady(s, "short-lived")
		sh := sharedWith()
		sh.SelectedRepositoryRefs = []xpv2.Reference{{Name: repo.GetName()}}
		o := f.newOrgVariable(s, "orphaned", "ORPHANED", "x", sh)
		f.must(kube.Create(f.ctx, o))
		waitReady(f, o)
		f.must(kube.Delete(f.ctx, get(f, repo)))
		f.eventually("the Repository resource gone", func() string {
			if err := kube.Get(f.ctx, client.ObjectKeyFromObject(repo), fresh(repo)); !kerrors.IsNotFound(err) {
				return "Repository still there"
			}
			return ""
		})
		f.deleteOrgObject(o, "/actions/variables/ORPHANED")
	})
}
