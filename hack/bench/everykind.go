package main

import (
	"context"
	"fmt"
	"sync"
	"time"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/yaml"
)

// The every-kind scenario: each Repository bench-NNNN also gets a
// TeamRepository (one Team for all), a Ruleset, a Webhook and an
// ActionsVariable, all naming it by reference.

const (
	repoGroup = "repo.github.m.crossplane.io"
	orgGroup  = "org.github.m.crossplane.io"
)

// childKinds are the kinds of the every-kind scenario, Repository included.
var childKinds = []schema.GroupVersionKind{
	{Group: orgGroup, Version: "v1alpha1", Kind: "Team"},
	{Group: repoGroup, Version: "v1alpha1", Kind: "TeamRepository"},
	{Group: repoGroup, Version: "v1alpha1", Kind: "Ruleset"},
	{Group: repoGroup, Version: "v1alpha1", Kind: "Webhook"},
	{Group: repoGroup, Version: "v1alpha1", Kind: "ActionsVariable"},
	{Group: repoGroup, Version: "v1alpha1", Kind: "Repository"},
}

const benchTeam = `apiVersion: org.github.m.crossplane.io/v1alpha1
kind: Team
metadata: {name: bench-team}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider: {name: bench-team, privacy: closed}
`

// childTemplates are the children of Repository %[1]s.
var childTemplates = []string{`apiVersion: repo.github.m.crossplane.io/v1alpha1
kind: TeamRepository
metadata: {name: "%[1]s-team"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    teamRef: {name: bench-team}
    repositoryRef: {name: "%[1]s"}
    permission: push
`, `apiVersion: repo.github.m.crossplane.io/v1alpha1
kind: Ruleset
metadata: {name: "%[1]s-protect"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    repositoryRef: {name: "%[1]s"}
    name: protect-default-branch
    target: branch
    enforcement: active
    conditions: {refName: {include: ["~DEFAULT_BRANCH"]}}
    rules: {deletion: true, nonFastForward: true}
`, `apiVersion: repo.github.m.crossplane.io/v1alpha1
kind: Webhook
metadata: {name: "%[1]s-ci"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    repositoryRef: {name: "%[1]s"}
    url: "https://ci.example.com/hooks/%[1]s"
    contentType: json
    events: [push]
`, `apiVersion: repo.github.m.crossplane.io/v1alpha1
kind: ActionsVariable
metadata: {name: "%[1]s-region"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    repositoryRef: {name: "%[1]s"}
    name: DEPLOY_REGION
    value: eu-west-1
`}

// createChildren applies the Team and every Repository's four children,
// 16 at a time.
func (k *kube) createChildren(ctx context.Context, ns string, n int) error {
	if err := k.apply(ctx, ns, benchTeam); err != nil {
		return err
	}
	names := make(chan int)
	errs := make(chan error, n*len(childTemplates))
	var wg sync.WaitGroup
	for w := 0; w < 16; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range names {
				for _, t := range childTemplates {
					if err := k.apply(ctx, ns, fmt.Sprintf(t, fmt.Sprintf("bench-%04d", i))); err != nil {
						errs <- err
					}
				}
			}
		}()
	}
	for i := 0; i < n; i++ {
		names <- i
	}
	close(names)
	wg.Wait()
	close(errs)
	return <-errs
}

func (k *kube) apply(ctx context.Context, ns, manifest string) error {
	u := &unstructured.Unstructured{}
	if err := yaml.Unmarshal([]byte(manifest), &u.Object); err != nil {
		return err
	}
	u.SetNamespace(ns)
	return k.c.Create(ctx, u)
}

// countReadyAll counts the resources of the every-kind scenario that are
// Ready and Synced.
func (k *kube) countReadyAll(ctx context.Context, ns string) (int, error) {
	ready := 0
	for _, gvk := range childKinds {
		l := &unstructured.UnstructuredList{}
		l.SetGroupVersionKind(gvk.GroupVersion().WithKind(gvk.Kind + "List"))
		if err := k.c.List(ctx, l, client.InNamespace(ns)); err != nil {
			return 0, err
		}
		for _, item := range l.Items {
			if conditionTrue(item, "Ready") && conditionTrue(item, "Synced") {
				ready++
			}
		}
	}
	return ready, nil
}

func conditionTrue(u unstructured.Unstructured, typ string) bool {
	conds, _, _ := unstructured.NestedSlice(u.Object, "status", "conditions")
	for _, c := range conds {
		m, ok := c.(map[string]any)
		if ok && m["type"] == typ {
			return m["status"] == "True"
		}
	}
	return false
}

// waitReadyAll waits until n resources of the every-kind scenario are
// Ready, and returns how many are.
func (k *kube) waitReadyAll(ctx context.Context, ns string, n int, patience time.Duration) (int, error) {
	return waitFor("resources", n, patience, 2*time.Second, func() (int, error) { return k.countReadyAll(ctx, ns) })
}
