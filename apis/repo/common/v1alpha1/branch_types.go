package v1alpha1

// BranchName is the name of a Git branch as GitHub accepts it: Git's rules
// for a reference name (git check-ref-format) for a branch under
// refs/heads/. It is written without the refs/heads/ prefix, at most 255
// characters, with no spaces or control characters, none of ~ ^ : ? * [ \,
// no "..", "//" or "@{", not starting with '-' or '/', not ending with '/'
// or '.', no part between slashes starting with '.' or ending in ".lock",
// and not "@" or "HEAD".
// +kubebuilder:validation:MinLength=1
// +kubebuilder:validation:MaxLength=255
// +kubebuilder:validation:Pattern=`^[^\x00-\x20\x7f~^:?*\[\\]+$`
// +kubebuilder:validation:XValidation:rule="!self.contains('..')",message="a branch name cannot contain '..'"
// +kubebuilder:validation:XValidation:rule="!self.startsWith('/') && !self.endsWith('/') && !self.contains('//')",message="a branch name cannot start or end with '/' or contain '//'"
// +kubebuilder:validation:XValidation:rule="!self.startsWith('.') && !self.contains('/.')",message="no part of a branch name between slashes can start with '.'"
// +kubebuilder:validation:XValidation:rule="!self.endsWith('.lock') && !self.contains('.lock/')",message="no part of a branch name between slashes can end with '.lock'"
// +kubebuilder:validation:XValidation:rule="!self.endsWith('.')",message="a branch name cannot end with '.'"
// +kubebuilder:validation:XValidation:rule="!self.contains('@{') && self != '@'",message="a branch name cannot be '@' or contain '@{'"
// +kubebuilder:validation:XValidation:rule="!self.startsWith('-')",message="a branch name cannot start with '-'"
// +kubebuilder:validation:XValidation:rule="self != 'HEAD' && !self.startsWith('refs/')",message="give the branch's own name, such as release or feature/login: not HEAD, and without refs/heads/"
type BranchName string

// BranchParameters are the configurable fields of a branch of a GitHub
// repository.
//
// The provider creates the branch at the head of sourceBranch (by default,
// the repository's default branch) or at sourceSha, and deletes it when the
// resource is deleted. Both are only read when the branch is created: the
// branch's head then moves with the commits pushed to it, which the
// provider leaves alone, and neither can be changed afterwards.
//
// The external name is the branch's name. A branch that already exists on
// GitHub is not taken over unless the resource names it in its
// crossplane.io/external-name annotation. A branch renamed outside
// Kubernetes is renamed back: GitHub redirects its old name to it, or else
// it is the one branch (other than the default branch and sourceBranch)
// whose head is the last observed one. A branch deleted outside
// Kubernetes, or one that cannot be told among several, is created again,
// at its last observed head while GitHub still has that commit.
// +github:kind=Branch
// +github:kind:noun=repository branch
// +github:kind:description=Its spec names the repository, the branch and where to create it from (sourceBranch, by default the repository's default branch, or sourceSha). The branch is deleted with the resource; commits pushed to it are left alone.
// +github:kind:printcolumn:name="BRANCH",type="string",JSONPath=".spec.forProvider.name"
// +github:kind:printcolumn:name="REPOSITORY",type="string",JSONPath=".status.atProvider.repository"
// +github:kind:printcolumn:name="SHA",type="string",JSONPath=".status.atProvider.sha",priority=1
// +kubebuilder:validation:XValidation:rule="!(has(self.sourceBranch) && has(self.sourceSha))",message="set at most one of sourceBranch and sourceSha: a branch starts either at another branch's head or at a commit"
// +kubebuilder:validation:XValidation:rule="!has(self.sourceBranch) || self.sourceBranch != self.name",message="sourceBranch names the branch to start from: it cannot be the branch itself"
// +kubebuilder:validation:XValidation:rule="has(self.sourceBranch) == has(oldSelf.sourceBranch) && has(self.sourceSha) == has(oldSelf.sourceSha)",message="sourceBranch and sourceSha cannot be added or removed once set: they are only used when the branch is created"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repository) || (has(self.repository) && self.repository == oldSelf.repository && has(self.owner) == has(oldSelf.owner) && (!has(self.owner) || self.owner == oldSelf.owner))",message="repository and owner cannot be changed: a branch cannot move to another repository; create another Branch"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repositoryRef) || (has(self.repositoryRef) && self.repositoryRef.name == oldSelf.repositoryRef.name)",message="repositoryRef cannot be changed once set: a branch cannot move to another repository; create another Branch"
type BranchParameters struct {
	RepositoryTarget `json:",inline"`

	// Name is the branch's name, without refs/heads/: release, say, or
	// feature/login. Git's rules for reference names apply: no spaces or
	// control characters, none of ~ ^ : ? * [ \, no "..", "//" or "@{", not
	// starting with '-' or '/', not ending with '/' or '.', no part between
	// slashes starting with '.' or ending in ".lock". At most 255
	// characters. Cannot be changed once set: create another Branch (a
	// branch renamed on GitHub is renamed back to this name).
	// +kubebuilder:validation:XValidation:rule="self == oldSelf",message="name cannot be changed: create another Branch for another branch name"
	Name BranchName `json:"name"`

	// SourceBranch is the branch whose head commit the new branch starts
	// at. Defaults to the repository's default branch. Only used when the
	// branch is created; cannot be changed afterwards. Set at most one of
	// sourceBranch and sourceSha.
	// +optional
	// +kubebuilder:validation:XValidation:rule="self == oldSelf",message="sourceBranch cannot be changed: it is only used when the branch is created"
	SourceBranch *BranchName `json:"sourceBranch,omitempty"`

	// SourceSha is the full SHA (40 hexadecimal digits in lower case, or 64
	// in a SHA-256 repository) of the commit the new branch starts at. The
	// commit must exist in the repository. Only used when the branch is
	// created; cannot be changed afterwards. Set at most one of sourceBranch
	// and sourceSha.
	// +optional
	// +kubebuilder:validation:XValidation:rule="self.matches('^([0-9a-f]{40}|[0-9a-f]{64})$')",message="sourceSha takes a commit's full SHA: 40 (or, in a SHA-256 repository, 64) hexadecimal digits in lower case"
	// +kubebuilder:validation:XValidation:rule="self == oldSelf",message="sourceSha cannot be changed: it is only used when the branch is created"
	SourceSha *string `json:"sourceSha,omitempty"`
}

// BranchObservation is the observed state of a branch of a repository.
type BranchObservation struct {
	// Name is the branch's name on GitHub: the spec's name or, after a
	// rename outside Kubernetes and until the provider renames it back,
	// the name it was given.
	Name *string `json:"name,omitempty"`

	// Repository is the full name (owner/name) of the repository the
	// branch is in, as last targeted.
	Repository *string `json:"repository,omitempty"`

	// Sha is the SHA of the branch's head commit, as last observed. Commits
	// pushed to the branch move it; the provider does not. Before the
	// branch is first observed, it is the commit the provider's create
	// started the branch at.
	Sha *string `json:"sha,omitempty"`

	// Protected is true when branch protection or an active branch ruleset
	// of the repository applies to the branch.
	Protected *bool `json:"protected,omitempty"`

	// Default is true when the branch is the repository's default branch,
	// which GitHub does not let anyone delete: make another branch the
	// default (the Repository's defaultBranch) before deleting it.
	Default *bool `json:"default,omitempty"`
}
