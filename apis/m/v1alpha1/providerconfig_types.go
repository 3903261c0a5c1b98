package v1alpha1

import (
	"reflect"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// LocalCredentials says where a namespaced ProviderConfig finds its GitHub
// credentials: a key of a Secret in the ProviderConfig's own namespace.
type LocalCredentials struct {
	// Source of the credentials. Only Secret is supported.
	// +kubebuilder:validation:Enum=Secret
	Source xpv2.CredentialsSource `json:"source"`

	// SecretRef names the Secret (in the ProviderConfig's namespace) and the
	// key whose value is either a bare GitHub token, JSON {"token": "..."},
	// or JSON {"appId": "...", "installationId": "...", "privateKey": "-----BEGIN ..."}
	// for a GitHub App installation.
	SecretRef xpv2.LocalSecretKeySelector `json:"secretRef"`
}

// ClusterCredentials says where a cluster-scoped provider configuration finds
// its GitHub credentials: a key of a Secret in any namespace.
type ClusterCredentials struct {
	// Source of the credentials. Only Secret is supported.
	// +kubebuilder:validation:Enum=Secret
	Source xpv2.CredentialsSource `json:"source"`

	// SecretRef names the Secret, its namespace and the key whose value is
	// either a bare GitHub token, JSON {"token": "..."}, or JSON
	// {"appId": "...", "installationId": "...", "privateKey": "-----BEGIN ..."}
	// for a GitHub App installation.
	SecretRef xpv2.SecretKeySelector `json:"secretRef"`
}

// Endpoint says which GitHub to talk to and which account owns repositories
// that name no owner.
type Endpoint struct {
	// BaseURL of the GitHub REST API. Leave unset for github.com; for GitHub
	// Enterprise Server use its API URL, e.g. https://ghe.example.com/api/v3/.
	// +optional
	// +kubebuilder:validation:Pattern=`^https?://[^\s]+$`
	BaseURL *string `json:"baseURL,omitempty"`

	// Owner is the default owner (an organization or user login) of
	// resources that do not name one.
	// +optional
	// +kubebuilder:validation:MaxLength=39
	// +kubebuilder:validation:Pattern=`^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$`
	Owner *string `json:"owner,omitempty"`
}

// A ProviderConfigSpec defines how a namespaced ProviderConfig reaches GitHub.
type ProviderConfigSpec struct {
	// Credentials used to authenticate to GitHub.
	Credentials LocalCredentials `json:"credentials"`

	Endpoint `json:",inline"`
}

// A ProviderConfigStatus is the observed state of a provider configuration.
type ProviderConfigStatus struct {
	xpv2.ProviderConfigStatus `json:",inline"`
}

// +kubebuilder:object:root=true

// A ProviderConfig configures how managed resources in its namespace reach
// GitHub: credentials from a Secret in the same namespace, the API URL and a
// default owner.
// +kubebuilder:printcolumn:name="AGE",type="date",JSONPath=".metadata.creationTimestamp"
// +kubebuilder:printcolumn:name="SECRET-NAME",type="string",JSONPath=".spec.credentials.secretRef.name",priority=1
// +kubebuilder:printcolumn:name="OWNER",type="string",JSONPath=".spec.owner"
// +kubebuilder:subresource:status
// +kubebuilder:resource:scope=Namespaced,categories={crossplane,provider,github}
type ProviderConfig struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   ProviderConfigSpec   `json:"spec"`
	Status ProviderConfigStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// A ProviderConfigList contains a list of ProviderConfig.
type ProviderConfigList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []ProviderConfig `json:"items"`
}

// A ClusterProviderConfigSpec defines how a ClusterProviderConfig reaches GitHub.
type ClusterProviderConfigSpec struct {
	// Credentials used to authenticate to GitHub.
	Credentials ClusterCredentials `json:"credentials"`

	Endpoint `json:",inline"`
}

// +kubebuilder:object:root=true

// A ClusterProviderConfig configures how managed resources in any namespace
// reach GitHub: credentials from a Secret, the API URL and a default owner.
// +kubebuilder:printcolumn:name="AGE",type="date",JSONPath=".metadata.creationTimestamp"
// +kubebuilder:printcolumn:name="SECRET-NAME",type="string",JSONPath=".spec.credentials.secretRef.name",priority=1
// +kubebuilder:printcolumn:name="OWNER",type="string",JSONPath=".spec.owner"
// +kubebuilder:subresource:status
// +kubebuilder:resource:scope=Cluster,categories={crossplane,provider,github}
type ClusterProviderConfig struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   ClusterProviderConfigSpec `json:"spec"`
	Status ProviderConfigStatus      `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// A ClusterProviderConfigList contains a list of ClusterProviderConfig.
type ClusterProviderConfigList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []ClusterProviderConfig `json:"items"`
}

// +kubebuilder:object:root=true

// A ProviderConfigUsage records that a managed resource in this namespace
// uses a ProviderConfig or ClusterProviderConfig, so the config cannot be
// deleted from under it.
// +kubebuilder:printcolumn:name="AGE",type="date",JSONPath=".metadata.creationTimestamp"
// +kubebuilder:printcolumn:name="CONFIG-KIND",type="string",JSONPath=".providerConfigRef.kind"
// +kubebuilder:printcolumn:name="CONFIG-NAME",type="string",JSONPath=".providerConfigRef.name"
// +kubebuilder:printcolumn:name="RESOURCE-KIND",type="string",JSONPath=".resourceRef.kind"
// +kubebuilder:printcolumn:name="RESOURCE-NAME",type="string",JSONPath=".resourceRef.name"
// +kubebuilder:resource:scope=Namespaced,categories={crossplane,provider,github}
type ProviderConfigUsage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	xpv2.TypedProviderConfigUsage `json:",inline"`
}

// +kubebuilder:object:root=true

// A ProviderConfigUsageList contains a list of ProviderConfigUsage.
type ProviderConfigUsageList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []ProviderConfigUsage `json:"items"`
}

// Kind metadata of the provider configuration kinds.
var (
	ProviderConfigKind             = reflect.TypeFor[ProviderConfig]().Name()
	ProviderConfigGroupVersionKind = SchemeGroupVersion.WithKind(ProviderConfigKind)

	ClusterProviderConfigKind             = reflect.TypeFor[ClusterProviderConfig]().Name()
	ClusterProviderConfigGroupVersionKind = SchemeGroupVersion.WithKind(ClusterProviderConfigKind)

	ProviderConfigUsageKind                 = reflect.TypeFor[ProviderConfigUsage]().Name()
	ProviderConfigUsageGroupVersionKind     = SchemeGroupVersion.WithKind(ProviderConfigUsageKind)
	ProviderConfigUsageListKind             = reflect.TypeFor[ProviderConfigUsageList]().Name()
	ProviderConfigUsageListGroupVersionKind = SchemeGroupVersion.WithKind(ProviderConfigUsageListKind)
)

func init() {
	SchemeBuilder.Register(&ProviderConfig{}, &ProviderConfigList{})
	SchemeBuilder.Register(&ClusterProviderConfig{}, &ClusterProviderConfigList{})
	SchemeBuilder.Register(&ProviderConfigUsage{}, &ProviderConfigUsageList{})
}
