package importer

import (
	"context"
	"fmt"
	"time"

	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	repocommon "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/interactionlimit"
)

// organizationInteractionLimitKind imports the organisation's interaction
// limit in effect (one request); none, nothing. Its expiry is the
// shortest that covers what is left of it, and it is not renewed; its pull
// request creation cap is declared when it is on (a read more).
var organizationInteractionLimitKind = Kind{Name: "OrganizationInteractionLimit", Group: "org", Level: PerOrganization,
	Import: func(ctx context.Context, s *Session, _ *Repo) ([]Resource, error) {
		got, err := gh.NewInteractionsClient(s.GitHub).GetOrganizationInteractionLimit(ctx, s.Options.Owner)
		if err != nil {
			return nil, err
		}
		if !got.InEffect() {
			return nil, nil
		}
		d := interactionlimit.Imported(got, time.Now())
		p := orgcommon.OrganizationInteractionLimitParameters{OrganizationTarget: s.OrganizationTarget(), Limit: d.Limit, Expiry: ptr.To(d.Expiry)}
		capGot, err := gh.NewInteractionsClient(s.GitHub).GetOrganizationPullCap(ctx, s.Options.Owner)
		if err != nil {
			return nil, err
		}
		if capGot.Enabled {
			p.PullRequestCreationCap = &orgcommon.PullRequestCreationCap{Enabled: true, MaxOpenPullRequests: capGot.MaxOpenPullRequests}
		}
		return []Resource{{Kind: "OrganizationInteractionLimit", Group: "org", Key: s.Options.Owner, ExternalName: s.Options.Owner, ForProvider: p,
			Notes: []string{interactionLimitNote(got)}}}, nil
	}}

// repoInteractionLimitParameters is the spec of a RepositoryInteractionLimit declaring d.
func repoInteractionLimitParameters(d interactionlimit.Declared) repocommon.RepositoryInteractionLimitParameters {
	return repocommon.RepositoryInteractionLimitParameters{InteractionLimit: repocommon.InteractionLimit{Limit: d.Limit, Expiry: ptr.To(d.Expiry)}}
}

// interactionLimitNote says when an imported limit expires, and that it
// is not renewed.
func interactionLimitNote(got *gh.InteractionLimit) string {
	until := "at its expiry"
	if got.ExpiresAt != nil {
		until = "at " + got.ExpiresAt.UTC().Format(time.RFC3339)
	}
	return fmt.Sprintf("GitHub lifts this limit %s; set renew: true to have it set again then (the expiry is the shortest covering what is left of it: GitHub does not say which one it was set with).", until)
}
