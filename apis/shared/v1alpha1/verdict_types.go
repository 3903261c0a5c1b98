package v1alpha1

// A Verdict records the last observation that found a managed resource up
// to date: the generation of its spec then, a digest of everything else the
// verdict rested on, and the validators (ETags, Last-Modified dates) of
// GitHub's answers it was read from. While the spec and those inputs are
// unchanged, a provider (also one just restarted, with nothing in memory)
// confirms the verdict with conditional requests, which GitHub answers 304
// Not Modified free of rate-limit points, instead of reading the resource
// in full again. The provider writes it; it is dropped whenever an
// observation does not end up to date.
type Verdict struct {
	// Generation is the metadata.generation the resource was found up to
	// date at.
	Generation int64 `json:"generation"`

	// Inputs is a digest of what else the verdict depended on: the spec as
	// read, the annotations, the provider configuration's endpoint and
	// owner, the objects the resource refers to, and for some kinds the
	// Secret they read.
	Inputs string `json:"inputs"`

	// Reads are GitHub's answers the verdict was read from.
	// +kubebuilder:validation:MaxItems=8
	Reads []ValidatedRead `json:"reads"`
}

// A ValidatedRead is one GitHub answer a verdict was read from, by its
// validator.
type ValidatedRead struct {
	// Path is the path and query that was read, e.g. /repos/acme/widgets.
	Path string `json:"path"`

	// Accept is the media type the read asked for, when not GitHub's
	// default.
	// +optional
	Accept string `json:"accept,omitempty"`

	// ETag is the entity tag of GitHub's answer.
	// +optional
	ETag string `json:"etag,omitempty"`

	// LastModified is the Last-Modified date of GitHub's answer, for an
	// answer without an entity tag.
	// +optional
	LastModified string `json:"lastModified,omitempty"`
}
