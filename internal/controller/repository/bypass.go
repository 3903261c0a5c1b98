package repository

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"k8s.io/apimachinery/pkg/types"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	repo "github.com/crossplane-github/provider-github/internal/clients/repository"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// resolveBypassReviewers finds the id of each reviewer of the delegated
// bypass p declares, when it is enabled with reviewers and GitHub reports
// it for r (else it spends no request): a team by its slug, a role among
// the organization's roles (listed once). GitHub reports reviewers by id
// only, so the ids found are kept (in e.resolved, across reconciles) for
// the resource mg and its declared reviewers: while those are unchanged and
// GitHub reports the same ids, a steady Repository reads no team and no
// role; reviewers that differ on GitHub (drift, or a team made again
// under its slug) are looked up again.
func (e *external[T]) resolveBypassReviewers(ctx context.Context, mg T, p *common.RepositoryParameters, r *github.Repository) error {
	e.bypass = nil
	want := repo.DelegatedBypass(p)
	if want == nil || !want.Enabled || len(want.Reviewers) == 0 || r.SecurityAndAnalysis == nil || r.SecurityAndAnalysis.SecretScanningDelegatedBypass == nil {
		return nil
	}
	org := r.Owner.Login
	key := bypassKey(org, want.Reviewers)
	if ids, ok := e.resolved.get(mg.GetUID(), key); ok {
		var got []github.BypassReviewer
		if o := r.SecurityAndAnalysis.SecretScanningDelegatedBypassOptions; o != nil {
			got = o.Reviewers
		}
		if repo.SameBypassReviewers(ids, got) {
			e.bypass = ids
			return nil
		}
	}
	names := kind.NewOrgNames(org, e.api, e.api)
	const field = "spec.forProvider.securityAndAnalysis.secretScanningDelegatedBypass.reviewers"
	var out []github.BypassReviewer
	for i, d := range want.Reviewers {
		var id int64
		var err error
		switch {
		case d.Team != nil:
			id, err = names.TeamID(ctx, fmt.Sprintf("%s[%d].team", field, i), *d.Team)
		case d.Role != nil:
			id, err = names.RoleID(ctx, fmt.Sprintf("%s[%d].role", field, i), *d.Role)
		}
		if err != nil {
			e.resolved.forget(mg.GetUID())
			return err
		}
		out = append(out, repo.BypassReviewer(d, id))
	}
	e.bypass = out
	e.resolved.put(mg.GetUID(), key, out)
	return nil
}

// bypassKey is what resolved ids hold for: the organization and the
// declared reviewers.
func bypassKey(org string, reviewers []common.BypassReviewer) string {
	b, _ := json.Marshal(reviewers) //nolint:errchkjson // plain strings: cannot fail.
	return org + "\n" + string(b)
}

// bypassIDs keeps, by resource, the ids its declared bypass reviewers were
// resolved to, and for which declaration. Safe for concurrent reconciles.
type bypassIDs struct {
	mu sync.Mutex
	m  map[types.UID]resolvedBypass
}

type resolvedBypass struct {
	key string
	ids []github.BypassReviewer
}

// newBypassIDs keeps nothing yet.
func newBypassIDs() *bypassIDs { return &bypassIDs{m: map[types.UID]resolvedBypass{}} }

// get returns the ids kept for uid when they were resolved for key.
func (b *bypassIDs) get(uid types.UID, key string) ([]github.BypassReviewer, bool) {
	if b == nil {
		return nil, false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	r, ok := b.m[uid]
	if !ok || r.key != key {
		return nil, false
	}
	return r.ids, true
}

func (b *bypassIDs) put(uid types.UID, key string, ids []github.BypassReviewer) {
	if b == nil || uid == "" {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.m[uid] = resolvedBypass{key: key, ids: ids}
}

func (b *bypassIDs) forget(uid types.UID) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.m, uid)
}
