package kind

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis"
	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// A TeamScoped resource is about one team, named by its embedded
// TeamTarget: a team of the organization that owns its repository, or of
// the organization it names. A kind that embeds an OptionalTeamTarget
// instead (its holder a team or a user) is one too, and names a team only
// when its spec sets one: its connect asks for the team only then.
type TeamScoped interface {
	resource.Managed
	TeamTarget() *common.TeamTarget
}

// A Team is the GitHub team a resource names.
type Team struct {
	Organization string
	Slug         string
	// ID is GitHub's id of the team; 0 when the resource names the team by
	// slug and it has not been read yet.
	ID int64
	// Via is the Team resource it was found through ("" when the resource
	// names the team by slug), for messages.
	Via string
}

// teamObject is a Team resource of either scope.
type teamObject interface {
	resource.Managed
	Parameters() *orgcommon.TeamParameters
	Observation() *orgcommon.TeamObservation
}

// Team returns the team mg's TeamTarget names. A team named by slug
// belongs to org, the organization that owns the repository or the one mg
// names; a team named
// by teamRef is read from that Team resource's status on every call, so it
// follows the resource through a rename.
func (c Connection) Team(ctx context.Context, mg TeamScoped, org string) (Team, error) {
	t := mg.TeamTarget()
	if t.TeamSlug != nil {
		return refer(c, Team{Organization: org, Slug: *t.TeamSlug}), nil
	}
	if t.TeamRef == nil {
		if t.TeamSelector != nil {
			return Team{}, errors.New("spec.forProvider.teamSelector matches no Team yet: label a Team to match it, or name one with teamRef")
		}
		return Team{}, errors.New("no team: set spec.forProvider.teamSlug, teamRef or teamSelector")
	}
	return c.TeamResource(ctx, mg, "spec.forProvider.teamRef", t.TeamRef.Name)
}

// TeamResource returns the GitHub team of the Team resource called name in
// mg's scope (and namespace), which mg's reference field names.
func (c Connection) TeamResource(ctx context.Context, mg resource.Managed, field, name string) (Team, error) {
	obj, what, err := c.referenced(ctx, mg, apis.Team.Beside(mg), field, name)
	if err != nil {
		return Team{}, err
	}
	t, ok := obj.(teamObject)
	if !ok {
		return Team{}, errors.Errorf("%T is not a Team kind", obj)
	}
	o := t.Observation()
	if ptr.Deref(o.ID, 0) == 0 || ptr.Deref(o.Slug, "") == "" || ptr.Deref(o.Organization, "") == "" {
		return Team{}, notCreatedYet(what, field)
	}
	return refer(c, Team{Organization: *o.Organization, Slug: *o.Slug, ID: *o.ID, Via: what}), nil
}
