package repositoryfile

import (
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	"github.com/google/go-cmp/cmp"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

func TestBlobSHA(t *testing.T) {
	// The wants are what git hash-object prints for the same bytes.
	cases := map[string]struct {
		reason  string
		content []byte
		want    string
	}{
		"Empty":  {"An empty file has git's empty blob id.", []byte{}, "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"},
		"Nil":    {"No content is an empty file.", nil, "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"},
		"Text":   {"A line of text.", []byte("hello\n"), "ce013625030ba8dba906f756967f9e9ca394464a"},
		"CRLF":   {"Line endings are bytes like any other: CRLF is not LF.", []byte("hello\r\nworld\r\n"), "23eb407b644b0e362fa224168ecd0adfa02b022a"},
		"Binary": {"Binary content, NUL and 0xff included.", []byte("\x00\xff\x01binary"), "1fb4642e1f5eed2ca814167bb3a2e0ddabe08fb2"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, BlobSHA(tc.content)); diff != "" {
				t.Errorf("\n%s\nBlobSHA(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestUpToDate(t *testing.T) {
	cases := map[string]struct {
		reason  string
		sha     string
		content []byte
		want    bool
	}{
		"Same":      {"GitHub's blob id of the declared bytes.", "ce013625030ba8dba906f756967f9e9ca394464a", []byte("hello\n"), true},
		"UpperCase": {"Blob ids are compared without regard to case.", "CE013625030BA8DBA906F756967F9E9CA394464A", []byte("hello\n"), true},
		"Changed":   {"Other bytes are another blob.", "ce013625030ba8dba906f756967f9e9ca394464a", []byte("hello"), false},
		"LineEnds":  {"A file whose line endings changed is not up to date.", "ce013625030ba8dba906f756967f9e9ca394464a", []byte("hello\r\n"), false},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := UpToDate(tc.sha, tc.content); got != tc.want {
				t.Errorf("\n%s\nUpToDate(%s, %q) = %v, want %v", tc.reason, tc.sha, tc.content, got, tc.want)
			}
		})
	}
}

func TestCheckSize(t *testing.T) {
	cases := map[string]struct {
		reason string
		size   int
		want   error
	}{
		"AtTheLimit": {"100 MiB is taken.", MaxFileSize, nil},
		"Small":      {"An ordinary file.", 12, nil},
		"OverLimit": {"One byte more is refused, naming the source and the limit.", MaxFileSize + 1,
			errors.New("key big of ConfigMap ns/files holds 104857601 bytes, more than the 104857600 bytes (100 MiB) GitHub takes for a file: make it smaller, or keep large files elsewhere (Git LFS, release assets)")},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			err := CheckSize(tc.size, "key big of ConfigMap ns/files")
			if diff := cmp.Diff(tc.want, err, test.EquateErrors()); diff != "" {
				t.Errorf("\n%s\nCheckSize(%d): -want, +got:\n%s", tc.reason, tc.size, diff)
			}
		})
	}
}

func TestConfigMapNamespace(t *testing.T) {
	type want struct {
		ns  string
		err error
	}
	cases := map[string]struct {
		reason string
		ns     *string
		own    string
		want   want
	}{
		"NamespacedDefault": {"A namespaced RepositoryFile reads its own namespace.", nil, "team-a", want{ns: "team-a"}},
		"NamespacedOwn":     {"Naming its own namespace is fine.", ptr.To("team-a"), "team-a", want{ns: "team-a"}},
		"NamespacedOther": {"Another namespace is refused.", ptr.To("kube-system"), "team-a", want{err: errors.New(
			`spec.forProvider.contentFrom.configMapKeyRef.namespace is "kube-system", but a RepositoryFile in namespace "team-a" reads ConfigMaps of its own namespace only: leave namespace out, or put the ConfigMap in "team-a"`)}},
		"Cluster": {"A cluster-scoped RepositoryFile names the namespace.", ptr.To("files"), "", want{ns: "files"}},
		"ClusterWithout": {"A cluster-scoped RepositoryFile must name the namespace.", nil, "", want{err: errors.New(
			"spec.forProvider.contentFrom.configMapKeyRef.namespace is required for a cluster-scoped RepositoryFile: name the ConfigMap's namespace")}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			ns, err := ConfigMapNamespace(common.ConfigMapKeySelector{Name: "cm", Key: "k", Namespace: tc.ns}, tc.own)
			if diff := cmp.Diff(tc.want, want{ns: ns, err: err}, test.EquateErrors(), cmp.AllowUnexported(want{})); diff != "" {
				t.Errorf("\n%s\nConfigMapNamespace(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestContentOf(t *testing.T) {
	cm := &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "files"},
		Data:       map[string]string{"app.yaml": "a: 1\r\n", "empty": ""},
		BinaryData: map[string][]byte{"logo.png": {0x89, 'P', 'N', 'G', 0x00, 0xff}, "nothing": nil},
	}
	type want struct {
		content []byte
		err     error
	}
	cases := map[string]struct {
		reason string
		cm     *corev1.ConfigMap
		key    string
		want   want
	}{
		"Data":        {"A data key is its text, line endings as they are.", cm, "app.yaml", want{content: []byte("a: 1\r\n")}},
		"EmptyData":   {"An empty value is an empty file.", cm, "empty", want{content: []byte{}}},
		"BinaryData":  {"A binaryData key is its bytes.", cm, "logo.png", want{content: []byte{0x89, 'P', 'N', 'G', 0x00, 0xff}}},
		"EmptyBinary": {"An empty binary value is an empty file.", cm, "nothing", want{content: []byte{}}},
		"MissingKey": {"A missing key names the keys there are.", cm, "app.yml", want{err: errors.New(
			`ConfigMap ns/files has no key "app.yml" in data or binaryData (its keys are app.yaml, empty, logo.png, nothing): add the key, or fix spec.forProvider.contentFrom.configMapKeyRef.key`)}},
		"NoKeys": {"A ConfigMap without keys says so.", &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "bare"}}, "k", want{err: errors.New(
			`ConfigMap ns/bare has no key "k" in data or binaryData (it has no keys): add the key, or fix spec.forProvider.contentFrom.configMapKeyRef.key`)}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got, err := ContentOf(tc.cm, tc.key)
			if diff := cmp.Diff(tc.want, want{content: got, err: err}, test.EquateErrors(), cmp.AllowUnexported(want{})); diff != "" {
				t.Errorf("\n%s\nContentOf(%q): -want, +got:\n%s", tc.reason, tc.key, diff)
			}
		})
	}
}
