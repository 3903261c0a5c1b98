package v1alpha1

import (
	"reflect"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// A RepositorySpec defines the desired state of a Repository.
type RepositorySpec struct {
	xpv2.ManagedResourceSpec `json:",inline"`

	// ForProvider holds the repository's settings on GitHub.
	ForProvider common.RepositoryParameters `json:"forProvider"`
}

// A RepositoryStatus represents the observed state of a Repository.
type RepositoryStatus struct {
	xpv2.ManagedResourceStatus `json:",inline"`

	// AtProvider is the repository as GitHub last reported it.
	AtProvider common.RepositoryObservation `json:"atProvider,omitempty"`
}

// +kubebuilder:object:root=true

// A Repository is a GitHub repository managed from a namespace. It reaches GitHub through a ProviderConfig in its namespace or a ClusterProviderConfig.
// +kubebuilder:printcolumn:name="READY",type="string",JSONPath=".status.conditions[?(@.type=='Ready')].status"
// +kubebuilder:printcolumn:name="SYNCED",type="string",JSONPath=".status.conditions[?(@.type=='Synced')].status"
// +kubebuilder:printcolumn:name="EXTERNAL-NAME",type="string",JSONPath=".metadata.annotations.crossplane\\.io/external-name"
// +kubebuilder:printcolumn:name="OWNER",type="string",JSONPath=".status.atProvider.owner"
// +kubebuilder:printcolumn:name="VISIBILITY",type="string",JSONPath=".status.atProvider.visibility"
// +kubebuilder:printcolumn:name="AGE",type="date",JSONPath=".metadata.creationTimestamp"
// +kubebuilder:subresource:status
// +kubebuilder:resource:scope=Namespaced,categories={crossplane,managed,github}
type Repository struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   RepositorySpec   `json:"spec"`
	Status RepositoryStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// A RepositoryList contains a list of Repository.
type RepositoryList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Repository `json:"items"`
}

// Parameters returns the repository's desired settings.
func (r *Repository) Parameters() *common.RepositoryParameters { return &r.Spec.ForProvider }

// Observation returns the repository's observed state, for reading and writing.
func (r *Repository) Observation() *common.RepositoryObservation { return &r.Status.AtProvider }

// Repository type metadata.
var (
	RepositoryKind             = reflect.TypeFor[Repository]().Name()
	RepositoryGroupKind        = SchemeGroupVersion.WithKind(RepositoryKind).GroupKind()
	RepositoryGroupVersionKind = SchemeGroupVersion.WithKind(RepositoryKind)
)

func init() {
	SchemeBuilder.Register(&Repository{}, &RepositoryList{})
}
