// Package importer brings an existing GitHub organisation under
// management: it reads every object of the kinds the provider manages and
// writes the manifests whose specs are GitHub's state as it is, so that
// applying them changes nothing on GitHub. cmd/github-import is its
// command line; docs/importing.md is its manual.
//
// Each kind imports itself with a Kind (kinds.go lists them): it reads its
// objects of one repository, or of the organisation, and maps each to the
// kind's parameters with the kind's own mapping package, leaving out what
// GitHub would set anyway. The rest — names, references, scopes,
// management policies, files — is this package's, the same for every kind.
package importer

import (
	"context"

	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// Level says where a kind's objects live.
type Level int

const (
	// PerRepository: the kind's objects belong to one repository each.
	PerRepository Level = iota
	// PerOrganization: the kind's objects belong to the organisation.
	PerOrganization
)

// A Kind imports the objects of one managed resource kind.
type Kind struct {
	// Name is the kind, as the CRDs name it: IssueLabel.
	Name string
	// Group is the kind's API group family: "repo" (repo.github.(m.)crossplane.io)
	// or "org" (org.github.(m.)crossplane.io).
	Group string
	// Level says whether Import is called once per repository or once for
	// the organisation.
	Level Level
	// SecretValues: the kind holds values GitHub never reveals (secrets):
	// the import refers to Kubernetes Secrets the user creates, and
	// --skip-secret-values leaves the kind out.
	SecretValues bool
	// SetOf names the kind whose objects this kind declares together, all
	// of a repository in one resource (IssueLabels of IssueLabel): it is
	// imported instead of that kind, and only with Options.Sets.
	SetOf string
	// Import reads the kind's objects of repo (PerRepository) or of the
	// organisation (PerOrganization: repo is nil) and returns their
	// resources.
	Import func(ctx context.Context, s *Session, repo *Repo) ([]Resource, error)
}

// A Repo is a repository being imported, as GitHub answered its read.
type Repo struct {
	Owner, Name string
	// GitHub is the repository as GET /repos/{owner}/{repo} answered it.
	GitHub *gh.Repository

	// reads are the lists several kinds read (see readOnce). A
	// repository's kinds run one after the other, so they need no lock.
	reads map[string]any
}

// readOnce is what read answers for repo, read once an import: a list
// several kinds need (the protected branches, the environments) costs one
// request, not one a kind. A failed read is not kept: the next kind tries
// again, and says what failed for itself.
func readOnce[T any](ctx context.Context, repo *Repo, what string, read func(context.Context) (T, error)) (T, error) {
	return readInto(ctx, &repo.reads, what, read)
}

// readInto is readOnce over the reads kept in *reads.
func readInto[T any](ctx context.Context, reads *map[string]any, what string, read func(context.Context) (T, error)) (T, error) {
	if v, ok := (*reads)[what].(T); ok {
		return v, nil
	}
	v, err := read(ctx)
	if err != nil {
		return v, err
	}
	if *reads == nil {
		*reads = map[string]any{}
	}
	(*reads)[what] = v
	return v, nil
}

// FullName is owner/name.
func (r *Repo) FullName() string { return r.Owner + "/" + r.Name }

// A Resource is one managed resource to write.
type Resource struct {
	// Kind and Group are the Kind's.
	Kind, Group string
	// Repository is the repository the resource belongs to, whose folder
	// holds its file; empty for the organisation's.
	Repository string
	// Key names the object within its kind and repository (a label's name,
	// a webhook's id): with Repository and Kind it makes the resource's
	// name (see Names).
	Key string
	// ExternalName is the crossplane.io/external-name annotation.
	ExternalName string
	// ForProvider is spec.forProvider: the kind's parameters.
	ForProvider any
	// Secrets are the Kubernetes Secrets ForProvider refers to, holding
	// values GitHub never reveals.
	Secrets []Secret
	// Notes are written at the top of the resource's file, one comment line
	// each.
	Notes []string
}

// A Secret is a Kubernetes Secret the user creates for a value GitHub
// never reveals.
type Secret struct {
	// Name and Key of the Secret; its namespace is the import's.
	Name, Key string
	// What the value is, for the list of Secrets to create.
	What string
}
