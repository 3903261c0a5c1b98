package v1alpha1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// CodeScanningDefaultSetupParameters are the declared code scanning default
// setup of a GitHub repository: whether GitHub's CodeQL analyses the
// repository's code without a workflow of its own, and how. One per
// repository, which GitHub keeps at its own endpoint and which security
// teams own apart from the repository (so a kind, not a Repository field);
// not configured until someone configures it.
//
// GitHub applies a configured setup with a run that validates it: until
// GitHub shows the declared setup, the resource is not Ready, with the
// reason Configuring, which is waiting, not failing. A declared field
// changed on GitHub is put back; a field left unset is GitHub's to keep
// (languages unset: the languages GitHub detects). The repository cannot
// be changed once set: create another CodeScanningDefaultSetup instead.
// Deleting the CodeScanningDefaultSetup turns the default setup off
// (not-configured), which is what a repository nobody configured has.
// +github:kind=CodeScanningDefaultSetup
// +github:kind:noun=code scanning default setup
// +github:kind:description=Its spec names the repository and its code scanning default setup: configured or not, the query suite, the languages, the runners. The external name is the repository's full name, set once the provider has written the setup; a repository has one CodeScanningDefaultSetup.
// +github:kind:printcolumn:name="REPOSITORY",type="string",JSONPath=".status.atProvider.repository"
// +github:kind:printcolumn:name="STATE",type="string",JSONPath=".status.atProvider.state"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repository) || (has(self.repository) && self.repository == oldSelf.repository && has(self.owner) == has(oldSelf.owner) && (!has(self.owner) || self.owner == oldSelf.owner))",message="repository and owner cannot be changed: a code scanning default setup cannot move to another repository; create another CodeScanningDefaultSetup"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repositoryRef) || (has(self.repositoryRef) && self.repositoryRef.name == oldSelf.repositoryRef.name)",message="repositoryRef cannot be changed once set: a code scanning default setup cannot move to another repository; create another CodeScanningDefaultSetup"
// +kubebuilder:validation:XValidation:rule="has(self.runnerLabel) == (has(self.runnerType) && self.runnerType == 'labeled')",message="runnerLabel goes with runnerType: labeled, and only with it: set both (labeled runners with this label), or neither (GitHub's standard runners)"
// +kubebuilder:validation:XValidation:rule="self.state == 'configured' || !(has(self.querySuite) || has(self.threatModel) || has(self.languages) || has(self.runnerType) || has(self.runnerLabel))",message="a not-configured default setup has nothing else to declare: leave out querySuite, threatModel, languages, runnerType and runnerLabel, or set state: configured"
type CodeScanningDefaultSetupParameters struct {
	RepositoryTarget `json:",inline"`

	// State is configured (GitHub's CodeQL analyses the repository's
	// code, on every push and pull request to the default branch and
	// weekly) or not-configured (it does not).
	// +kubebuilder:validation:Enum=configured;not-configured
	State string `json:"state"`

	// QuerySuite is the CodeQL query suite the analysis runs: default
	// (high-precision queries) or extended (more queries, more results).
	// Unset, it is GitHub's to keep (default for a new setup).
	// +optional
	// +kubebuilder:validation:Enum=default;extended
	QuerySuite *string `json:"querySuite,omitempty"`

	// ThreatModel is what the analysis treats as untrusted input: remote
	// (network sources) or remote_and_local (also files, command-line
	// arguments, environment variables, database reads and standard
	// input). Unset, it is GitHub's to keep (remote for a new setup).
	// +optional
	// +kubebuilder:validation:Enum=remote;remote_and_local
	ThreatModel *string `json:"threatModel,omitempty"`

	// Languages are the CodeQL languages analysed, each one GitHub has
	// detected in the repository's code: actions, c-cpp, csharp, go,
	// java-kotlin, javascript-typescript, python, ruby, swift. Unset,
	// GitHub analyses every language it detects. The order does not
	// count.
	// +optional
	// +listType=set
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=9
	// +kubebuilder:validation:items:Enum=actions;c-cpp;csharp;go;java-kotlin;javascript-typescript;python;ruby;swift
	Languages []string `json:"languages,omitempty"`

	// RunnerType is the runners the analysis runs on: standard (GitHub's
	// hosted runners) or labeled (self-hosted or larger runners with the
	// label runnerLabel). Unset, it is GitHub's to keep.
	// +optional
	// +kubebuilder:validation:Enum=standard;labeled
	RunnerType *string `json:"runnerType,omitempty"`

	// RunnerLabel is the label of the runners of runnerType: labeled;
	// required with it, refused without it.
	// +optional
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=100
	RunnerLabel *string `json:"runnerLabel,omitempty"`
}

// CodeScanningDefaultSetupObservation is the default setup as GitHub last
// showed it, and the run applying the declared one.
type CodeScanningDefaultSetupObservation struct {
	// Repository is the repository (owner/name), as last targeted.
	Repository *string `json:"repository,omitempty"`

	// Host is the GitHub API host the setup was read through
	// (api.github.com, or a GitHub Enterprise Server's): a repository is
	// claimed by one CodeScanningDefaultSetup per host.
	Host *string `json:"host,omitempty"`

	// State is configured or not-configured.
	State *string `json:"state,omitempty"`

	// QuerySuite is the query suite in effect.
	QuerySuite *string `json:"querySuite,omitempty"`

	// ThreatModel is the threat model in effect.
	ThreatModel *string `json:"threatModel,omitempty"`

	// Languages are the languages in effect: analysed when configured.
	// +optional
	Languages []string `json:"languages,omitempty"`

	// RunnerType is the runners in effect (standard or labeled).
	RunnerType *string `json:"runnerType,omitempty"`

	// RunnerLabel is the label of labeled runners.
	RunnerLabel *string `json:"runnerLabel,omitempty"`

	// Schedule is how often GitHub analyses the code besides pushes and
	// pull requests (weekly), when configured.
	Schedule *string `json:"schedule,omitempty"`

	// UpdatedAt is when GitHub last changed the setup, as GitHub shows it.
	UpdatedAt *string `json:"updatedAt,omitempty"`

	// RunID is GitHub's run that applies the setup last sent, while
	// GitHub does not show it yet.
	RunID *int64 `json:"runID,omitempty"`

	// RunURL is the API address of that run.
	RunURL *string `json:"runURL,omitempty"`

	// ConfiguringSince is when the setup last sent was accepted by GitHub
	// and its run started.
	ConfiguringSince *metav1.Time `json:"configuringSince,omitempty"`

	// ConfiguringGeneration is the generation of the spec the run
	// applies: a changed spec is sent again.
	ConfiguringGeneration *int64 `json:"configuringGeneration,omitempty"`

	// ConfiguringFrom is GitHub's updatedAt when the setup was sent (""
	// for never): once GitHub shows another, the run has ended, and what
	// GitHub shows is its result, or someone else's change since.
	ConfiguringFrom *string `json:"configuringFrom,omitempty"`
}
