package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// TestClusterScopedTwins: every kind make chaos storms has a
// cluster-scoped twin in the group without ".m", with the legacy
// ProviderConfig and the namespace of every Secret it names.
func TestClusterScopedTwins(t *testing.T) {
	for _, kind := range clusterScopedKinds(chaosKinds) {
		var m map[string]any
		if err := yaml.Unmarshal([]byte(kind.render("chaos-cluster-0000", "chaos-cluster-0000-devs")), &m); err != nil {
			t.Fatalf("%s: %v", kind.kind, err)
		}
		if m["apiVersion"] != kind.group+"/v1alpha1" || strings.Contains(kind.group, ".m.") || !kind.cluster || kind.namespace("chaos") != "" {
			t.Errorf("%s: apiVersion %v, group %s, cluster %t", kind.kind, m["apiVersion"], kind.group, kind.cluster)
		}
		spec, _ := m["spec"].(map[string]any)
		if pc, _ := spec["providerConfigRef"].(map[string]any); pc["kind"] != nil || pc["name"] != "default" {
			t.Errorf("%s: providerConfigRef %v, want the legacy ProviderConfig default", kind.kind, pc)
		}
		if w, ok := spec["writeConnectionSecretToRef"].(map[string]any); ok && w["namespace"] != "chaos" {
			t.Errorf("%s: writeConnectionSecretToRef %v names no namespace", kind.kind, w)
		}
		fp, _ := spec["forProvider"].(map[string]any)
		if v, ok := fp["valueSecretRef"].(map[string]any); ok && v["namespace"] != "chaos" {
			t.Errorf("%s: valueSecretRef %v names no namespace", kind.kind, v)
		}
	}
	for n, want := range map[int]int{1: 0, 2: 1, 6: 2, 50: 13, 100: 25} {
		if got := clusterRepositories(n, 0.25); got != want {
			t.Errorf("clusterRepositories(%d, 0.25) = %d, want %d", n, got, want)
		}
	}
}

// TestClusterScopedLossesCount: a duplicate and a leftover in a
// cluster-scoped Repository are counted for the cluster scope (and in
// total), and fail the run.
func TestClusterScopedLossesCount(t *testing.T) {
	keys := map[string][]string{
		"/repos/demo-org/chaos-0000/keys":         {"ci"},
		"/repos/demo-org/chaos-cluster-0000/keys": {"ci", "ci", "other"},
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		titles, ok := keys[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		var out []map[string]string
		for _, title := range titles {
			out = append(out, map[string]string{"title": title})
		}
		_ = json.NewEncoder(w).Encode(out)
	}))
	defer srv.Close()
	gh := newGitHub(srv.URL, "demo-token")
	kinds := []benchKind{kindDeployKey}
	r := &chaosResult{N: 2, Kinds: 1, Resources: 2, Scopes: []*stormScope{
		newScope(scopeNamespaced, []string{"chaos-0000"}, kinds),
		newScope(scopeCluster, []string{"chaos-cluster-0000"}, clusterScopedKinds(kinds)),
	}}
	for _, sc := range r.Scopes {
		if err := r.compare(gh, sc, sc.kinds, false); err != nil {
			t.Fatal(err)
		}
	}
	if ns, cl := r.Scopes[0], r.Scopes[1]; ns.Duplicated != 0 || ns.Lost != 0 || cl.Duplicated != 1 || cl.Lost != 0 {
		t.Errorf("after creation: namespaced %+v, cluster %+v; want one duplicate, in the cluster scope", ns.lossFigures, cl.lossFigures)
	}
	for _, sc := range r.Scopes {
		if err := r.compare(gh, sc, sc.kinds, true); err != nil {
			t.Fatal(err)
		}
	}
	r.sum()
	if cl := r.Scopes[1]; cl.LeftBehind != 2 || r.LeftBehind != 3 || r.Duplicated != 1 {
		t.Errorf("after deletion: cluster %+v, all %+v; want 2 left behind in the cluster scope, 3 in all", cl.lossFigures, r.lossFigures)
	}
	if err := r.report(chaosConfig{maxRequests: 40}, filepath.Join(t.TempDir(), "results.json")); err == nil {
		t.Error("report passed a run with a cluster-scoped duplicate and leftovers")
	}

	// The same run without them passes.
	ok := &chaosResult{N: 2, Kinds: 1, Resources: 2, Scopes: []*stormScope{
		newScope(scopeNamespaced, []string{"chaos-0000"}, kinds),
		newScope(scopeCluster, []string{"chaos-cluster-0000"}, clusterScopedKinds(kinds)),
	}}
	ok.sum()
	if err := ok.report(chaosConfig{maxRequests: 40}, filepath.Join(t.TempDir(), "results.json")); err != nil {
		t.Errorf("report failed a clean run: %v", err)
	}
}

// TestKeptKindAfterDeletion: a kept kind's object (an IssueLabels'
// label) still there after deletion is no leftover; gone, it is a loss.
func TestKeptKindAfterDeletion(t *testing.T) {
	labels := map[string][]string{
		"/repos/demo-org/chaos-0000/labels":         {"bug", "released"},
		"/repos/demo-org/chaos-cluster-0000/labels": {"bug"},
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		names, ok := labels[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		var out []map[string]string
		for _, n := range names {
			out = append(out, map[string]string{"name": n})
		}
		_ = json.NewEncoder(w).Encode(out)
	}))
	defer srv.Close()
	gh := newGitHub(srv.URL, "demo-token")
	kinds := []benchKind{kindIssueLabels}
	r := &chaosResult{N: 2, Kinds: 1, Resources: 2, Scopes: []*stormScope{
		newScope(scopeNamespaced, []string{"chaos-0000"}, kinds),
		newScope(scopeCluster, []string{"chaos-cluster-0000"}, clusterScopedKinds(kinds)),
	}}
	for _, sc := range r.Scopes {
		if err := r.compare(gh, sc, sc.kinds, true); err != nil {
			t.Fatal(err)
		}
	}
	if ns, cl := r.Scopes[0], r.Scopes[1]; ns.LeftBehind != 0 || ns.Lost != 0 || cl.LeftBehind != 0 || cl.Lost != 1 {
		t.Errorf("after deletion: namespaced %+v, cluster %+v; want the namespaced label kept, the cluster-scoped one lost", ns.lossFigures, cl.lossFigures)
	}
}
