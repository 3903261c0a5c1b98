package importer

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation"
)

// Scope is the scope of the resources written.
type Scope string

const (
	// Namespaced resources (repo.github.m.crossplane.io, ...) in
	// Options.Namespace.
	Namespaced Scope = "namespaced"
	// Cluster-scoped resources (repo.github.crossplane.io, ...).
	Cluster Scope = "cluster"
)

// Mode is how the resources written are managed.
type Mode string

const (
	// Observe: management policy Observe; nothing is ever written to GitHub.
	Observe Mode = "observe"
	// Manage: full management, but deleting a resource never deletes on
	// GitHub (cluster scope: deletionPolicy Orphan; namespaced: every
	// management policy but Delete).
	Manage Mode = "manage"
)

// DefaultConcurrency is how many repositories are read at once unless
// said otherwise: at 100 ms a request, 200 repositories in well under a
// minute, and far below the 100 requests in flight GitHub's secondary rate
// limit allows.
const DefaultConcurrency = 8

// Options say what to import and how to write it.
type Options struct {
	// Owner is the organisation whose repositories and objects are imported.
	Owner string
	// Scope, Namespace (namespaced resources, and every Secret a resource
	// refers to) and ProviderConfig (empty: the resources name none, and
	// Crossplane's default applies).
	Scope          Scope
	Namespace      string
	ProviderConfig string
	// NamePrefix starts every resource's name (and the name of every
	// Secret they refer to): cluster-scoped names are the cluster's, so
	// two organisations imported into one cluster need a prefix each.
	NamePrefix string
	// ProviderConfigKind of namespaced resources: ProviderConfig (in the
	// namespace) or ClusterProviderConfig.
	ProviderConfigKind string
	Mode               Mode
	// Repos are globs (path.Match) of repository names; empty: all.
	Repos []string
	// Kinds to import; empty: all.
	Kinds []string
	// ExcludeArchived and ExcludeForks leave those repositories out.
	ExcludeArchived, ExcludeForks bool
	// SkipSecretValues leaves out the kinds whose values GitHub never
	// reveals (Actions and Dependabot secrets).
	SkipSecretValues bool
	// Sets imports the kinds that declare all the objects of a
	// repository together (IssueLabels: every label of a repository)
	// instead of a resource per object (IssueLabel).
	Sets bool
	// Files are the paths of the files to import as RepositoryFiles from
	// each repository's default branch, where they exist; empty: none.
	Files []string
	// Concurrency is how many repositories are read at once.
	Concurrency int
}

// Validate tells what is wrong with o, in words a person can act on.
func (o *Options) Validate(known []Kind) error {
	if o.Owner == "" {
		return fmt.Errorf("name the organisation to import (--owner)")
	}
	switch o.Scope {
	case Namespaced:
		if o.Namespace == "" {
			return fmt.Errorf("namespaced resources need a namespace (--namespace)")
		}
		if o.ProviderConfigKind != "ProviderConfig" && o.ProviderConfigKind != "ClusterProviderConfig" {
			return fmt.Errorf("--provider-config-kind must be ProviderConfig or ClusterProviderConfig, not %q", o.ProviderConfigKind)
		}
	case Cluster:
	default:
		return fmt.Errorf("--scope must be namespaced or cluster, not %q", o.Scope)
	}
	if o.NamePrefix != "" {
		if errs := validation.IsDNS1123Subdomain(o.NamePrefix + "x"); len(errs) > 0 {
			return fmt.Errorf("--name-prefix %q cannot start a Kubernetes name: %s", o.NamePrefix, strings.Join(errs, "; "))
		}
	}
	if o.Mode != Observe && o.Mode != Manage {
		return fmt.Errorf("--mode must be observe or manage, not %q", o.Mode)
	}
	for _, g := range o.Repos {
		if _, err := path.Match(g, ""); err != nil {
			return fmt.Errorf("--repos: %q is not a valid glob: %w", g, err)
		}
	}
	names := make([]string, len(known))
	for i, k := range known {
		names[i] = k.Name
	}
	for _, k := range o.Kinds {
		if !slices.ContainsFunc(names, func(n string) bool { return strings.EqualFold(n, k) }) {
			return fmt.Errorf("--kinds: %q is not a kind this provider manages; the kinds are %s", k, strings.Join(names, ", "))
		}
	}
	for _, k := range known {
		if k.SetOf != "" && !o.Sets && slices.ContainsFunc(o.Kinds, func(n string) bool { return strings.EqualFold(n, k.Name) }) {
			return fmt.Errorf("--kinds: %s is imported with --sets (instead of %s)", k.Name, k.SetOf)
		}
	}
	if o.Concurrency < 1 {
		return fmt.Errorf("--concurrency must be at least 1")
	}
	return nil
}

// wantsRepo tells whether the repository named name is imported by its
// name (archived and forked repositories are told apart later).
func (o *Options) wantsRepo(name string) bool {
	if len(o.Repos) == 0 {
		return true
	}
	for _, g := range o.Repos {
		if ok, _ := path.Match(g, name); ok {
			return true
		}
	}
	return false
}

// wantsKind tells whether k, one of known, is imported: a set kind only
// with Sets, and then instead of the kind it declares the objects of.
func (o *Options) wantsKind(k Kind, known []Kind) bool {
	if o.SkipSecretValues && k.SecretValues {
		return false
	}
	if k.SetOf != "" && !o.Sets {
		return false
	}
	if o.Sets && slices.ContainsFunc(known, func(s Kind) bool { return s.SetOf == k.Name }) {
		return false
	}
	if len(o.Kinds) == 0 {
		return true
	}
	return slices.ContainsFunc(o.Kinds, func(n string) bool { return strings.EqualFold(n, k.Name) })
}
