// Package actionspermissions reconciles ActionsPermissions managed resources
// of both scopes with one external client: the GitHub Actions permissions of
// a repository, which GitHub keeps at seven endpoints under
// /repos/{owner}/{repo}/actions/permissions; one resource per repository.
//
// GitHub has the Actions permissions of every repository, its defaults
// until someone sets them, so the resource exists once the provider has
// written the declared fields: Create writes those that differ and sets the
// external name to the repository's full name; from then on Observe reads
// the endpoints of the declared fields (conditionally: an unchanged answer
// costs no rate-limit point) and Update writes each endpoint whose declared
// fields drifted, and only those. Fields left unset are GitHub's to keep.
// Delete leaves the permissions as they are, and says so in an event:
// GitHub's defaults are a new repository's, not what this one had, and
// putting them back could loosen what someone tightened. A second
// ActionsPermissions of a repository is refused before it reads or writes
// anything.
package actionspermissions

import (
	"context"
	"fmt"
	"net/http"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	mapping "github.com/crossplane-github/provider-github/internal/clients/actionspermissions"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// ReasonLeftAsIs is the event that deleting an ActionsPermissions left the
// repository's Actions permissions as they are.
const ReasonLeftAsIs event.Reason = "LeftActionsPermissionsAsTheyAre"

// Object is an ActionsPermissions of either scope.
type Object interface {
	resource.Managed
	Parameters() *common.ActionsPermissionsParameters
	Observation() *common.ActionsPermissionsObservation
	RepositoryTarget() *common.RepositoryTarget
}

// external manages one ActionsPermissions' repository, for one reconcile.
type external[T Object] struct {
	api github.ActionsPermissionsAPI
	in  kind.Repository
	// host is the GitHub API host the credentials reach: a repository of
	// the same name on another host is another repository.
	host   string
	record event.Recorder
	// claimed is the error that an older ActionsPermissions claims the
	// repository; nil when mg may set it.
	claimed func(ctx context.Context, mg T) error
	// seen is what Observe read, which Create and Update write from.
	seen *mapping.State
}

// failed says what failed doing what to which of the permissions. GitHub's
// 404 means the repository is missing, or hidden from the credentials: the
// permissions themselves are never absent.
func (e *external[T]) failed(err error, doing, what string) error {
	if github.IsNotFound(err) {
		return errors.Wrapf(err, "cannot %s %s of repository %s: cannot find repository %s%s, or the credentials may not see it", doing, what, e.in.FullName(), e.in.FullName(), e.in.NamedBy())
	}
	return errors.Wrapf(err, "cannot %s %s of repository %s", doing, what, e.in.FullName())
}

// VerdictInputs: an observation depends on nothing but the spec, the
// annotations, its repository and GitHub's answers, so a verdict may confirm it
// (see kind.VerdictInputs) — unless an older resource claims the repository:
// the claim check runs first, and its refusal keeps the verdict from
// confirming, so the observation runs and says so.
func (e *external[T]) VerdictInputs(ctx context.Context, mg T) (string, error) {
	return "", e.claimed(ctx, mg)
}

// Observe reads the endpoints of the declared fields. A resource being
// deleted leaves the permissions as they are (see Delete) and reads
// nothing. One whose repository an older one claims reads and writes
// nothing: its condition names the other. Without an external name the
// declared fields were not written yet: the resource does not exist, and
// Create writes them. The external name follows a renamed repository.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	if meta.WasDeleted(mg) {
		if meta.GetExternalName(mg) != "" {
			e.record.Event(mg, event.Normal(ReasonLeftAsIs, fmt.Sprintf("Deleting this ActionsPermissions leaves the Actions permissions of repository %s as they are on GitHub", e.in.FullName())))
		}
		return managed.ExternalObservation{}, nil
	}
	// Recorded first, so that a younger claimant can tell which repository
	// this one claims even when it is refused.
	mg.Observation().Repository, mg.Observation().Host = ptr.To(e.in.FullName()), ptr.To(e.host)
	if err := e.claimed(ctx, mg); err != nil {
		return managed.ExternalObservation{}, err
	}
	s, err := e.read(ctx, mg.Parameters())
	if err != nil {
		return managed.ExternalObservation{}, err
	}
	e.seen = s
	*mg.Observation() = mapping.Observation(e.in.FullName(), s)
	mg.Observation().Host = ptr.To(e.host)
	ext := meta.GetExternalName(mg)
	if ext == "" {
		return managed.ExternalObservation{}, nil
	}
	mg.SetConditions(xpv2.Available())
	o := kind.Exists(mapping.Drift(mg.Parameters(), s), false)
	if ext != e.in.FullName() {
		meta.SetExternalName(mg, e.in.FullName())
		o.ResourceLateInitialized = true
	}
	return o, nil
}

// read reads whether Actions runs and which actions may, and each other
// endpoint p needs (mapping.ToRead).
func (e *external[T]) read(ctx context.Context, p *mapping.P) (*mapping.State, error) {
	perms, err := e.api.GetActionsPermissions(ctx, e.in.Owner, e.in.Name)
	if err != nil {
		return nil, e.failed(err, "read", "the Actions permissions")
	}
	s := &mapping.State{Permissions: perms}
	r := mapping.ToRead(p, perms)
	if err := readIf(ctx, e, r.Selected, &s.Selected, e.api.GetActionsSelectedActions, "the selected actions"); err != nil {
		return nil, err
	}
	if err := readIf(ctx, e, r.Access, &s.Access, e.api.GetActionsAccess, "the Actions access level"); err != nil {
		return nil, err
	}
	if err := readIf(ctx, e, r.Workflow, &s.Workflow, e.api.GetActionsWorkflowPermissions, "the default workflow permissions"); err != nil {
		return nil, err
	}
	if err := readIf(ctx, e, r.Retention, &s.Retention, e.api.GetActionsRetention, "the artifact and log retention"); err != nil {
		return nil, err
	}
	if err := readIf(ctx, e, r.ForkApproval, &s.ForkApproval, e.api.GetActionsForkApproval, "the fork pull request approval policy"); err != nil {
		return nil, err
	}
	return s, readIf(ctx, e, r.PrivateForkWorkflows, &s.PrivateForkWorkflows, e.api.GetActionsPrivateForkWorkflows, "how the workflows of forks' pull requests run")
}

// readIf reads one endpoint into *dst when want.
func readIf[T Object, V any](ctx context.Context, e *external[T], want bool, dst **V, get func(ctx context.Context, owner, repo string) (*V, error), what string) error {
	if !want {
		return nil
	}
	v, err := get(ctx, e.in.Owner, e.in.Name)
	if err != nil {
		return e.failed(err, "read", what)
	}
	*dst = v
	return nil
}

// Create writes the declared fields that differ from GitHub's and records
// the repository's full name as the external name: from then on the
// resource exists. A create whose record was lost writes them again, which
// changes nothing.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	if err := e.write(ctx, mg); err != nil {
		return managed.ExternalCreation{}, err
	}
	meta.SetExternalName(mg, e.in.FullName())
	return managed.ExternalCreation{}, nil
}

// Update writes each endpoint whose declared fields drifted.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	return managed.ExternalUpdate{}, e.write(ctx, mg)
}

// write puts each endpoint whose declared fields differ from what Observe
// read; the first before the selected actions, which GitHub takes only
// once allowed_actions is selected (and which are read then, if they were
// not).
func (e *external[T]) write(ctx context.Context, mg T) error {
	p, s := mg.Parameters(), e.seen
	if s == nil {
		var err error
		if s, err = e.read(ctx, p); err != nil {
			return err
		}
	}
	owner, name := e.in.Owner, e.in.Name
	if r := mapping.PermissionsRequest(p, s.Permissions); r != nil {
		if err := e.api.PutActionsPermissions(ctx, owner, name, r); err != nil {
			return e.failed(err, "set", "the Actions permissions")
		}
		selectedNow := r.Enabled && ptr.Deref(r.AllowedActions, s.Permissions.AllowedActions) == "selected"
		if p.SelectedActions != nil && s.Selected == nil && selectedNow {
			if err := readIf(ctx, e, true, &s.Selected, e.api.GetActionsSelectedActions, "the selected actions"); err != nil {
				return err
			}
		}
	}
	if r := mapping.SelectedRequest(p, s.Selected); r != nil {
		if err := e.api.PutActionsSelectedActions(ctx, owner, name, r); err != nil {
			return e.failed(err, "set", "the selected actions")
		}
	}
	if r := mapping.AccessRequest(p, s.Access); r != nil {
		if err := e.api.PutActionsAccess(ctx, owner, name, r); err != nil {
			if github.IsUnprocessable(err) {
				return errors.Wrapf(err, "GitHub refused accessLevel %s for repository %s: the access of other repositories' workflows applies to private and internal repositories only (a public repository's actions are open to all); make the repository private, or remove accessLevel", r.AccessLevel, e.in.FullName())
			}
			return e.failed(err, "set", "the Actions access level")
		}
	}
	if r := mapping.WorkflowRequest(p, s.Workflow); r != nil {
		if err := e.api.PutActionsWorkflowPermissions(ctx, owner, name, r); err != nil {
			if github.StatusCode(err) == http.StatusConflict {
				return errors.Wrapf(err, "GitHub refused the default workflow permissions of repository %s: the organization's policy prevents changing them; change the organization's Actions settings, or remove defaultWorkflowPermissions and canApprovePullRequestReviews", e.in.FullName())
			}
			return e.failed(err, "set", "the default workflow permissions")
		}
	}
	if r := mapping.RetentionRequest(p, s.Retention); r != nil {
		if err := e.api.PutActionsRetention(ctx, owner, name, r); err != nil {
			if github.IsUnprocessable(err) {
				most := "GitHub's limit"
				if s.Retention != nil && s.Retention.MaximumAllowedDays > 0 {
					most = fmt.Sprintf("%d days", s.Retention.MaximumAllowedDays)
				}
				return errors.Wrapf(err, "GitHub refused %d days of artifact and log retention for repository %s: it allows at most %s (90 for a public repository, 400 for a private one, less when the organization or enterprise caps it); lower artifactAndLogRetentionDays", r.Days, e.in.FullName(), most)
			}
			return e.failed(err, "set", "the artifact and log retention")
		}
	}
	if r := mapping.ForkApprovalRequest(p, s.ForkApproval); r != nil {
		if err := e.api.PutActionsForkApproval(ctx, owner, name, r); err != nil {
			return e.failed(err, "set", "the fork pull request approval policy")
		}
	}
	if r := mapping.PrivateForkWorkflowsRequest(p, s.PrivateForkWorkflows); r != nil {
		if err := e.api.PutActionsPrivateForkWorkflows(ctx, owner, name, r); err != nil {
			if github.IsUnprocessable(err) {
				return errors.Wrapf(err, "GitHub refused privateForkPullRequestWorkflows for repository %s: how the workflows of forks' pull requests run is set for private and internal repositories only (and within the organization's or enterprise's policy); make the repository private, or remove privateForkPullRequestWorkflows", e.in.FullName())
			}
			return e.failed(err, "set", "how the workflows of forks' pull requests run")
		}
	}
	return nil
}

// Delete leaves the repository's Actions permissions as they are (see the
// package's comment). Observe finds nothing to delete for a resource being
// deleted, so the managed reconciler does not call it; were it called, it
// would change nothing.
func (e *external[T]) Delete(_ context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	return managed.ExternalDelete{}, nil
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }
