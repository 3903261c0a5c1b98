// Package repository maps between the Repository API types and GitHub's
// repository objects: spec to requests, responses to observations, up-to-date
// checks and late initialization. It is pure: no HTTP, no Kubernetes client.
package repository

import (
	"slices"
	"strings"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Name is the GitHub name of the repository: spec.forProvider.name, else the
// external name, else the object's name.
func Name(p *common.RepositoryParameters, externalName, objectName string) string {
	switch {
	case p.Name != nil && *p.Name != "":
		return *p.Name
	case externalName != "":
		return externalName
	default:
		return objectName
	}
}

// Owner is the owner of the repository: spec.forProvider.owner, else the
// provider configuration's default owner.
func Owner(p *common.RepositoryParameters, defaultOwner string) string {
	if p.Owner != nil && *p.Owner != "" {
		return *p.Owner
	}
	return defaultOwner
}

// CreateRequest is the body that creates a plain repository called name.
func CreateRequest(p *common.RepositoryParameters, name string) *github.RepositoryRequest {
	r := &github.RepositoryRequest{
		Name:                     ptr.To(name),
		Description:              p.Description,
		Homepage:                 p.Homepage,
		Visibility:               p.Visibility,
		HasIssues:                p.HasIssues,
		HasProjects:              p.HasProjects,
		HasWiki:                  p.HasWiki,
		HasDiscussions:           p.HasDiscussions,
		IsTemplate:               p.IsTemplate,
		TeamID:                   p.TeamID,
		AutoInit:                 p.AutoInit,
		GitignoreTemplate:        p.GitignoreTemplate,
		LicenseTemplate:          p.LicenseTemplate,
		AllowSquashMerge:         p.AllowSquashMerge,
		AllowMergeCommit:         p.AllowMergeCommit,
		AllowRebaseMerge:         p.AllowRebaseMerge,
		AllowAutoMerge:           p.AllowAutoMerge,
		DeleteBranchOnMerge:      p.DeleteBranchOnMerge,
		SquashMergeCommitTitle:   p.SquashMergeCommitTitle,
		SquashMergeCommitMessage: p.SquashMergeCommitMessage,
		MergeCommitTitle:         p.MergeCommitTitle,
		MergeCommitMessage:       p.MergeCommitMessage,
	}
	if p.Visibility != nil {
		// private travels too, for GitHub Enterprise Server releases that
		// predate the visibility field.
		r.Private = ptr.To(*p.Visibility != "public")
	}
	return r
}

// TemplateRequest is the body that generates the repository owner/name from
// the template named in the spec.
func TemplateRequest(p *common.RepositoryParameters, owner, name string) *github.TemplateRequest {
	r := &github.TemplateRequest{Owner: owner, Name: name, Description: p.Description}
	if p.Template != nil {
		r.IncludeAllBranches = p.Template.IncludeAllBranches
	}
	if p.Visibility != nil {
		r.Private = ptr.To(*p.Visibility != "public")
	}
	return r
}

// ForkRequest is the body that forks the source named in the spec into
// owner/name. organization is empty when owner is the authenticated user.
func ForkRequest(p *common.RepositoryParameters, organization, name string) *github.ForkRequest {
	r := &github.ForkRequest{Organization: organization, Name: name}
	if p.Fork != nil {
		r.DefaultBranchOnly = p.Fork.DefaultBranchOnly
	}
	return r
}

// Observation is what the status reports of a GitHub repository.
func Observation(r *github.Repository) common.RepositoryObservation {
	o := common.RepositoryObservation{
		ID:            ptr.To(r.ID),
		NodeID:        nonEmpty(r.NodeID),
		Owner:         nonEmpty(r.Owner.Login),
		FullName:      nonEmpty(r.FullName),
		HTMLURL:       nonEmpty(r.HTMLURL),
		CloneURL:      nonEmpty(r.CloneURL),
		SSHURL:        nonEmpty(r.SSHURL),
		DefaultBranch: nonEmpty(r.DefaultBranch),
		Visibility:    nonEmpty(visibility(r)),
		Archived:      ptr.To(r.Archived),
		Fork:          ptr.To(r.Fork),
		CreatedAt:     metaTime(r.CreatedAt),
		PushedAt:      metaTime(r.PushedAt),
		UpdatedAt:     metaTime(r.UpdatedAt),

		CustomProperties: ObservedProperties(r.CustomProperties),

		SecretScanningDelegatedBypass: BypassObservation(r.SecurityAndAnalysis),
	}
	if r.Parent != nil {
		o.Parent = nonEmpty(r.Parent.FullName)
	}
	if r.Source != nil {
		o.Source = nonEmpty(r.Source.FullName)
	}
	if r.TemplateRepository != nil {
		o.TemplateRepository = nonEmpty(r.TemplateRepository.FullName)
	}
	return o
}

// ConnectionDetails are the repository's URLs; none of them is secret, but
// publishing them lets a Composition hand them to other resources.
func ConnectionDetails(r *github.Repository) map[string][]byte {
	return map[string][]byte{
		"fullName": []byte(r.FullName),
		"htmlUrl":  []byte(r.HTMLURL),
		"cloneUrl": []byte(r.CloneURL),
		"sshUrl":   []byte(r.SSHURL),
	}
}

func visibility(r *github.Repository) string {
	if r.Visibility != "" {
		return r.Visibility
	}
	if r.Private {
		return "private"
	}
	return "public"
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return ptr.To(s)
}

func metaTime(t *time.Time) *metav1.Time {
	if t == nil || t.IsZero() {
		return nil
	}
	mt := metav1.NewTime(t.UTC())
	return &mt
}

// TopicsUpToDate reports whether the repository has exactly the desired
// topics (in any order). Unset desired topics are always up to date.
func TopicsUpToDate(desired []string, actual []string) bool {
	if desired == nil {
		return true
	}
	d := normalizeTopics(desired)
	a := normalizeTopics(actual)
	return slices.Equal(d, a)
}

func normalizeTopics(t []string) []string {
	out := make([]string, 0, len(t))
	for _, s := range t {
		out = append(out, strings.ToLower(s))
	}
	slices.Sort(out)
	return slices.Compact(out)
}
