package v1alpha1

// PagesSiteParameters are the declared GitHub Pages site of a repository:
// how it is built (from a branch, or by an Actions workflow), its custom
// domain, whether https is enforced and who may see it. A repository has
// at most one site, which GitHub keeps at its own endpoint (so a kind, not
// a Repository field); creating the PagesSite publishes it, deleting it
// unpublishes it.
//
// A declared field changed on GitHub is put back; a field left unset is
// GitHub's to keep. The repository cannot be changed once set: create
// another PagesSite instead.
// +github:kind=PagesSite
// +github:kind:noun=Pages site
// +github:kind:description=Its spec names the repository and how its site is built and served. The external name is the repository's full name, set when the provider publishes the site; a repository has one PagesSite.
// +github:kind:printcolumn:name="REPOSITORY",type="string",JSONPath=".status.atProvider.repository"
// +github:kind:printcolumn:name="URL",type="string",JSONPath=".status.atProvider.htmlUrl"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repository) || (has(self.repository) && self.repository == oldSelf.repository && has(self.owner) == has(oldSelf.owner) && (!has(self.owner) || self.owner == oldSelf.owner))",message="repository and owner cannot be changed: a Pages site cannot move to another repository; create another PagesSite"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repositoryRef) || (has(self.repositoryRef) && self.repositoryRef.name == oldSelf.repositoryRef.name)",message="repositoryRef cannot be changed once set: a Pages site cannot move to another repository; create another PagesSite"
// +kubebuilder:validation:XValidation:rule="self.buildType == 'legacy' ? has(self.source) : !has(self.source)",message="buildType legacy builds the site from a branch: set source; buildType workflow deploys it from an Actions workflow: leave source out"
// +kubebuilder:validation:XValidation:rule="!has(self.httpsEnforced) || self.httpsEnforced || (has(self.cname) && size(self.cname) > 0)",message="httpsEnforced: false needs a custom domain (cname): GitHub serves every github.io site over https"
type PagesSiteParameters struct {
	RepositoryTarget `json:",inline"`

	// BuildType is how the site is built: legacy, GitHub builds it (with
	// Jekyll) from source whenever the branch changes; workflow, an
	// Actions workflow of the repository builds and deploys it.
	// +kubebuilder:validation:Enum=legacy;workflow
	BuildType string `json:"buildType"`

	// Source is the branch and folder a legacy site is built from; only
	// with buildType legacy. The branch must exist.
	// +optional
	Source *PagesSource `json:"source,omitempty"`

	// CNAME is the site's custom domain (docs.example.com); "" for none,
	// the site then being at <owner>.github.io/<repository>. Unset, it is
	// GitHub's to keep. Until GitHub has verified a new domain and issued
	// its https certificate, the PagesSite is not Ready (reason
	// WaitingForCertificate), and httpsEnforced waits.
	// +optional
	// +kubebuilder:validation:MaxLength=253
	// +kubebuilder:validation:Pattern=`^$|^([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$`
	CNAME *string `json:"cname,omitempty"`

	// HTTPSEnforced redirects http to https. A github.io site always
	// is; with a custom domain, GitHub can enforce it only once the
	// domain's certificate is issued: the provider waits for it, then sets
	// it. Unset, it is GitHub's to keep.
	// +optional
	HTTPSEnforced *bool `json:"httpsEnforced,omitempty"`

	// Public is whether anyone on the internet may see the site (true), or
	// only those who may read the repository (false): private sites are
	// for organizations on GitHub Enterprise Cloud; elsewhere GitHub
	// refuses false. Unset, it is GitHub's to keep.
	// +optional
	Public *bool `json:"public,omitempty"`
}

// PagesSource is the branch and folder a legacy site is built from.
type PagesSource struct {
	// Branch is the branch the site is built from; it must exist in the
	// repository.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	// +kubebuilder:validation:Pattern=`^[^\x00-\x20\x7f~^:?*\[\\]+$`
	Branch string `json:"branch"`

	// Path is the folder of the branch the site is built from: / (the
	// branch's root, the default) or /docs.
	// +optional
	// +kubebuilder:default="/"
	// +kubebuilder:validation:Enum="/";"/docs"
	Path *string `json:"path,omitempty"`
}

// PagesSiteObservation is the site as GitHub last showed it.
type PagesSiteObservation struct {
	// Repository is the repository (owner/name), as last targeted.
	Repository *string `json:"repository,omitempty"`

	// Host is the GitHub API host the site was read through
	// (api.github.com, or a GitHub Enterprise Server's): a repository is
	// claimed by one PagesSite per host.
	Host *string `json:"host,omitempty"`

	// HTMLURL is the address the site is served at.
	HTMLURL *string `json:"htmlUrl,omitempty"`

	// Status is the state of the latest build: built, building or errored.
	Status *string `json:"status,omitempty"`

	// BuildType is how the site is built: legacy or workflow.
	BuildType *string `json:"buildType,omitempty"`

	// Source is the branch and folder GitHub builds the site from (a
	// workflow site keeps the last one).
	Source *PagesSourceObservation `json:"source,omitempty"`

	// CNAME is the custom domain; none for a github.io site.
	CNAME *string `json:"cname,omitempty"`

	// HTTPSEnforced is whether http is redirected to https.
	HTTPSEnforced *bool `json:"httpsEnforced,omitempty"`

	// Public is whether anyone may see the site.
	Public *bool `json:"public,omitempty"`

	// ProtectedDomainState is whether GitHub verified the custom domain:
	// pending, verified or unverified.
	ProtectedDomainState *string `json:"protectedDomainState,omitempty"`

	// CertificateState is the state of the custom domain's https
	// certificate (new, authorization_pending, issued, approved, errored,
	// ...).
	CertificateState *string `json:"certificateState,omitempty"`

	// CertificateExpiresAt is the day the certificate expires.
	CertificateExpiresAt *string `json:"certificateExpiresAt,omitempty"`
}

// PagesSourceObservation is the branch and folder of a site, as GitHub
// shows them.
type PagesSourceObservation struct {
	// Branch is the branch the site is built from.
	Branch string `json:"branch"`
	// Path is the folder: / or /docs.
	Path string `json:"path"`
}
