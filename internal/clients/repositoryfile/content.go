// Package repositoryfile maps a RepositoryFile's parameters to GitHub's
// contents API and GitHub's answers to its observation. Pure functions: no
// Kubernetes client, no HTTP.
package repositoryfile

import (
	"crypto/sha1" //nolint:gosec // git's blob ids are SHA-1; nothing secret depends on them.
	"encoding/hex"
	"sort"
	"strconv"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// MaxFileSize is the largest file GitHub takes: 100 MiB. (GitHub's get
// answers leave the content of files over 1 MB out, which does not matter
// here: files are compared by their blob id.)
const MaxFileSize = 100 << 20

// BlobSHA is git's object id of a file with content: the SHA-1 of "blob",
// the size in decimal, a NUL byte and the bytes. GitHub answers it as a
// file's sha, so a file is up to date when the two are equal, whatever
// GitHub does to the encoding of the content it answers.
func BlobSHA(content []byte) string {
	h := sha1.New() //nolint:gosec // see the import
	h.Write([]byte("blob " + strconv.Itoa(len(content)) + "\x00"))
	h.Write(content)
	return hex.EncodeToString(h.Sum(nil))
}

// UpToDate tells whether GitHub's blob id sha is the one of content.
func UpToDate(sha string, content []byte) bool {
	return strings.EqualFold(sha, BlobSHA(content))
}

// CheckSize refuses content larger than GitHub takes, saying where it came
// from (from names the source, e.g. "key app.yaml of ConfigMap x").
func CheckSize(size int, from string) error {
	if size > MaxFileSize {
		return errors.Errorf("%s holds %d bytes, more than the %d bytes (100 MiB) GitHub takes for a file: make it smaller, or keep large files elsewhere (Git LFS, release assets)", from, size, MaxFileSize)
	}
	return nil
}

// ConfigMapNamespace is the namespace of the ConfigMap p's content comes
// from. A namespaced RepositoryFile (own is its namespace) reads its own
// namespace's ConfigMaps only; a cluster-scoped one (own is "") must name
// the namespace.
func ConfigMapNamespace(ref common.ConfigMapKeySelector, own string) (string, error) {
	ns := ptr.Deref(ref.Namespace, "")
	switch {
	case own != "" && ns != "" && ns != own:
		return "", errors.Errorf("spec.forProvider.contentFrom.configMapKeyRef.namespace is %q, but a RepositoryFile in namespace %q reads ConfigMaps of its own namespace only: leave namespace out, or put the ConfigMap in %q", ns, own, own)
	case own != "":
		return own, nil
	case ns == "":
		return "", errors.New("spec.forProvider.contentFrom.configMapKeyRef.namespace is required for a cluster-scoped RepositoryFile: name the ConfigMap's namespace")
	}
	return ns, nil
}

// ContentOf is the value of key in the ConfigMap cm: its data (text) or its
// binaryData (bytes as they are). A key the ConfigMap does not have is an
// error naming the keys it does have.
func ContentOf(cm *corev1.ConfigMap, key string) ([]byte, error) {
	if v, ok := cm.Data[key]; ok {
		return []byte(v), nil
	}
	if v, ok := cm.BinaryData[key]; ok {
		if v == nil {
			v = []byte{}
		}
		return v, nil
	}
	keys := make([]string, 0, len(cm.Data)+len(cm.BinaryData))
	for k := range cm.Data {
		keys = append(keys, k)
	}
	for k := range cm.BinaryData {
		keys = append(keys, k)
	}
	what := "it has no keys"
	if len(keys) > 0 {
		sort.Strings(keys)
		what = "its keys are " + strings.Join(keys, ", ")
	}
	return nil, errors.Errorf("ConfigMap %s/%s has no key %q in data or binaryData (%s): add the key, or fix spec.forProvider.contentFrom.configMapKeyRef.key", cm.Namespace, cm.Name, key, what)
}
