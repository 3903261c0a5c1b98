package interactionlimit

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/convergetest"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// FuzzRepositoryInteractionLimitConverges sets the limit, cap and bypass
// list a spec declares (JSON of RepositoryInteractionLimitParameters the
// CRD admits) through our client on the emulator's repository, and
// requires that they read back as declared: the limit Kept, no cap drift,
// no bypass change left. Bypass users GitHub does not have are its
// worded 422; every other refusal fails.
func FuzzRepositoryInteractionLimitConverges(f *testing.F) {
	f.Add(`{"limit":"collaborators_only","expiry":"one_week","renew":true}`)
	f.Add(`{"limit":"existing_users","pullRequestCreationCap":{"enabled":true,"maxOpenPullRequests":7},"pullRequestCapBypassUsers":["fuzz-member","other-user"]}`)
	f.Add(`{"limit":"contributors_only","pullRequestCreationCap":{"enabled":false}}`)
	f.Add(`{"limit":"contributors_only","pullRequestCapBypassUsers":["nobody-here"]}`)                    // a user GitHub does not have
	f.Add(`{"limit":"everyone"}`)                                                                         // refused by the CRD
	f.Add(`{"limit":"existing_users","pullRequestCreationCap":{"enabled":true,"maxOpenPullRequests":0}}`) // refused by the CRD
	schema := convergetest.Schema(f, "repo.github.m.crossplane.io_repositoryinteractionlimits.yaml")
	f.Fuzz(func(t *testing.T, spec string) {
		var p common.RepositoryInteractionLimitParameters
		if json.Unmarshal([]byte(spec), &p) != nil {
			return
		}
		p.RepositoryTarget = convergetest.Target()
		admitted := convergetest.Admit(t, schema, &p)
		if admitted == nil {
			return
		}
		ctx := context.Background()
		gh, _ := convergetest.Start(t)
		api := github.NewInteractionsClient(gh)
		own, owner, repo := github.InteractionOriginRepository, convergetest.Owner, convergetest.Repo
		d := Declared{Limit: admitted.Limit, Expiry: ptr.Deref(admitted.Expiry, ""), Renew: ptr.Deref(admitted.Renew, false)}
		put, err := api.PutRepositoryInteractionLimit(ctx, owner, repo, Request(d))
		if convergetest.RefusedAsExpected(t, "PutRepositoryInteractionLimit(...)", err, false) {
			return
		}
		got, err := api.GetRepositoryInteractionLimit(ctx, owner, repo)
		if err != nil {
			t.Fatalf("GetRepositoryInteractionLimit(...): %v", err)
		}
		seen := Next(Seen{}, got, own, time.Now())
		if v := Judge(d, seen, own, true); v != Kept || put.ExpiresAt == nil || !put.ExpiresAt.Equal(*got.ExpiresAt) {
			t.Fatalf("after setting %+v GitHub has %+v (PUT answered %+v): verdict %d, want Kept", d, got, put, v)
		}
		if c := admitted.PullRequestCreationCap; c != nil {
			dc := Cap{Enabled: c.Enabled, Max: c.MaxOpenPullRequests}
			if _, err := api.PatchRepositoryPullCap(ctx, owner, repo, CapRequest(dc)); convergetest.RefusedAsExpected(t, "PatchRepositoryPullCap(...)", err, false) {
				return
			}
			gotCap, err := api.GetRepositoryPullCap(ctx, owner, repo)
			if err != nil || CapDrifts(dc, gotCap) {
				t.Fatalf("after setting the cap %+v GitHub has %+v, %v", dc, gotCap, err)
			}
		}
		if users := admitted.PullRequestCapBypassUsers; users != nil {
			unknown := slices.ContainsFunc(users, func(u string) bool {
				return !strings.EqualFold(u, convergetest.Admin) && !strings.EqualFold(u, convergetest.Member) && !strings.EqualFold(u, convergetest.Outsider)
			})
			add, _ := BypassChanges(users, nil)
			err := api.AddPullCapBypassUsers(ctx, owner, repo, add)
			if convergetest.RefusedAsExpected(t, "AddPullCapBypassUsers(...)", err, unknown) {
				return
			}
			list, err := api.GetPullCapBypassList(ctx, owner, repo)
			if err != nil {
				t.Fatalf("GetPullCapBypassList(...): %v", err)
			}
			if add, remove := BypassChanges(users, list); len(add)+len(remove) > 0 {
				t.Fatalf("after adding %v GitHub's bypass list is %v: add %v, remove %v", users, list, add, remove)
			}
		}
	})
}
