package v1alpha1

// MaxInlineContent is the most characters spec.forProvider.content takes:
// 1 MiB, about what a Kubernetes object can hold (etcd keeps objects of at
// most 1.5 MiB). GitHub itself takes files of up to 100 MiB.
const MaxInlineContent = 1 << 20

// RepositoryFileParameters are the configurable fields of a file in a
// GitHub repository: its path, the branch it is on, its content and the
// commits that write it.
//
// The file is compared the way git compares files: by its blob id, the
// SHA-1 of its bytes, which GitHub answers as the file's sha. When the sha
// of the declared bytes differs from GitHub's (someone changed the file,
// or the declared content changed), the declared content is committed
// again; a file deleted on GitHub is written again. Bytes are written
// exactly as declared: no line endings or encodings are changed.
//
// A file that already exists at the path, and that this RepositoryFile did
// not write, is replaced only with overwriteOnCreate: true or the
// crossplane.io/external-name annotation set to the path; otherwise the
// RepositoryFile says so and writes nothing. Deleting the RepositoryFile
// deletes the file with a commit (deletionPolicy Orphan leaves it).
//
// The path and the branch cannot be changed once set: create another
// RepositoryFile. The external name is the path.
// +github:kind=RepositoryFile
// +github:kind:noun=repository file
// +github:kind:description=Its spec names the repository, the file's path, the branch (the default branch when left out) and the content, inline or from a ConfigMap key. Every change is a commit; a file changed on GitHub gets the declared content back, and a file that exists before the RepositoryFile is replaced only when overwriteOnCreate is true.
// +github:kind:printcolumn:name="PATH",type="string",JSONPath=".spec.forProvider.path"
// +github:kind:printcolumn:name="BRANCH",type="string",JSONPath=".status.atProvider.branch"
// +github:kind:printcolumn:name="REPOSITORY",type="string",JSONPath=".status.atProvider.repository"
// +kubebuilder:validation:XValidation:rule="has(self.content) != has(self.contentFrom)",message="set exactly one of content and contentFrom"
// +kubebuilder:validation:XValidation:rule="has(self.branch) == has(oldSelf.branch) && (!has(self.branch) || self.branch == oldSelf.branch)",message="branch cannot be changed, set or unset once the file is declared: create another RepositoryFile for another branch"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repository) || (has(self.repository) && self.repository == oldSelf.repository && has(self.owner) == has(oldSelf.owner) && (!has(self.owner) || self.owner == oldSelf.owner))",message="repository and owner cannot be changed: a file cannot move to another repository; create another RepositoryFile"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repositoryRef) || (has(self.repositoryRef) && self.repositoryRef.name == oldSelf.repositoryRef.name)",message="repositoryRef cannot be changed once set: a file cannot move to another repository; create another RepositoryFile"
type RepositoryFileParameters struct {
	RepositoryTarget `json:",inline"`

	// Path of the file in the repository, relative to its root, with '/'
	// between directories: README.md, say, or config/app.yaml. Directories
	// are created as needed. No leading or trailing '/', no empty, '.' or
	// '..' parts, no part named .git, no control characters. Cannot be
	// changed once set: create another RepositoryFile.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=1024
	// +kubebuilder:validation:Pattern=`^[^\x00-\x1f\x7f]+$`
	// +kubebuilder:validation:XValidation:rule="self == oldSelf",message="path cannot be changed: create another RepositoryFile for another path"
	// +kubebuilder:validation:XValidation:rule="!self.startsWith('/') && !self.endsWith('/') && !self.contains('//')",message="path is relative to the repository's root: no leading or trailing '/', and no '//'"
	// +kubebuilder:validation:XValidation:rule="!self.matches('(^|/)[.][.]?(/|$)')",message="no part of path can be '.' or '..'"
	// +kubebuilder:validation:XValidation:rule="!self.lowerAscii().matches('(^|/)[.]git(/|$)')",message="git does not allow a file or directory named .git"
	Path string `json:"path"`

	// Branch the file is on, without refs/heads/: main, say, or
	// release/v1. The branch must exist (a Branch resource can create it),
	// except in an empty repository, where the first file creates it.
	// Defaults to the repository's default branch, found when the file is
	// first observed and shown in status.atProvider.branch; a file without
	// a branch follows the default branch when it changes. Cannot be
	// changed, set or unset once the file is declared.
	// +optional
	Branch *BranchName `json:"branch,omitempty"`

	// Content of the file, as text (UTF-8). At most 1,048,576 characters;
	// use contentFrom for binary content. Set exactly one of content and
	// contentFrom.
	// +optional
	// +kubebuilder:validation:MaxLength=1048576
	Content *string `json:"content,omitempty"`

	// ContentFrom takes the file's content from a key of a ConfigMap: a
	// key of its data (text) or of its binaryData (any bytes, written as
	// they are). The ConfigMap is read again on every poll, so a change to
	// it is committed within the poll interval. Set exactly one of content
	// and contentFrom.
	// +optional
	ContentFrom *FileContentSource `json:"contentFrom,omitempty"`

	// Message is the message of the commits that create and update the
	// file. Defaults to "Create <path>" for the first commit and "Update
	// <path>" for later ones.
	// +optional
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=65536
	Message *string `json:"message,omitempty"`

	// DeleteMessage is the message of the commit that deletes the file
	// when the RepositoryFile is deleted. Defaults to "Delete <path>".
	// +optional
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=65536
	DeleteMessage *string `json:"deleteMessage,omitempty"`

	// Committer is who the commits name as their committer and author.
	// Defaults to the user (or GitHub App) of the provider's credentials.
	// +optional
	Committer *FileCommitter `json:"committer,omitempty"`

	// OverwriteOnCreate lets the RepositoryFile replace a file that already
	// exists at the path when it is created, and manage it from then on.
	// Left false, an existing file is left alone and the RepositoryFile
	// reports it (unless the file already has exactly the declared
	// content and this RepositoryFile was writing it when interrupted).
	// Defaults to false.
	// +optional
	// +kubebuilder:default=false
	OverwriteOnCreate *bool `json:"overwriteOnCreate,omitempty"`
}

// FileContentSource is where a file's content comes from.
type FileContentSource struct {
	// ConfigMapKeyRef names the ConfigMap and its key.
	ConfigMapKeyRef ConfigMapKeySelector `json:"configMapKeyRef"`
}

// ConfigMapKeySelector names a key of a ConfigMap.
type ConfigMapKeySelector struct {
	// Name of the ConfigMap.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=253
	// +kubebuilder:validation:Pattern=`^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$`
	Name string `json:"name"`

	// Namespace of the ConfigMap. A namespaced RepositoryFile reads
	// ConfigMaps of its own namespace only: leave it out (or give its own
	// namespace). A cluster-scoped RepositoryFile must set it.
	// +optional
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=63
	// +kubebuilder:validation:Pattern=`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`
	Namespace *string `json:"namespace,omitempty"`

	// Key of the ConfigMap's data or binaryData whose value is the file's
	// content.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=253
	// +kubebuilder:validation:Pattern=`^[-._a-zA-Z0-9]+$`
	Key string `json:"key"`
}

// FileCommitter names the committer of a file's commits.
type FileCommitter struct {
	// Name of the committer, as git records it.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	Name string `json:"name"`

	// Email of the committer, as git records it.
	// +kubebuilder:validation:MinLength=3
	// +kubebuilder:validation:MaxLength=254
	// +kubebuilder:validation:Pattern=`^[^@\s<>]+@[^@\s<>]+$`
	Email string `json:"email"`
}

// RepositoryFileObservation is the observed state of a repository file.
type RepositoryFileObservation struct {
	// Repository is the full name (owner/name) of the repository, as last
	// targeted.
	Repository *string `json:"repository,omitempty"`

	// Branch is the branch the file is on: spec.forProvider.branch, or the
	// repository's default branch when that is left out.
	Branch *string `json:"branch,omitempty"`

	// Path is the file's path in the repository.
	Path *string `json:"path,omitempty"`

	// SHA is git's blob id of the file's content on GitHub (the SHA-1 of
	// "blob <size>", a NUL byte and the bytes; git hash-object prints it).
	// The file is up to date when it is the blob id of the declared
	// content.
	SHA *string `json:"sha,omitempty"`

	// Size of the file on GitHub, in bytes.
	Size *int64 `json:"size,omitempty"`

	// HTMLURL is the file's page on GitHub.
	HTMLURL *string `json:"htmlUrl,omitempty"`
}
