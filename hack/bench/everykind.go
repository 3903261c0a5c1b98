package main

import (
	"context"
	"fmt"
	"sync"
	"time"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/yaml"
)

// The every-kind scenario: each Repository bench-NNNN also gets a
// TeamRepository (one Team for all), a Ruleset, a Webhook and an
// ActionsVariable, all naming it by reference.

// everyKindKinds are the kinds of the every-kind scenario, Repository included.
func everyKindKinds() []benchKind {
	return append([]benchKind{kindTeam, kindRepository}, everyKindChildren...)
}

// benchTeam is the one Team of the every-kind scenario.
const benchTeam = "bench-team"

// createChildren applies the Team and every Repository's four children,
// 16 at a time.
func (k *kube) createChildren(ctx context.Context, ns string, n int) error {
	if err := k.apply(ctx, ns, kindTeam.render("", benchTeam)); err != nil {
		return err
	}
	names := make(chan int)
	errs := make(chan error, n*len(everyKindChildren))
	var wg sync.WaitGroup
	for w := 0; w < 16; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range names {
				for _, kind := range everyKindChildren {
					if err := k.apply(ctx, ns, kind.render(fmt.Sprintf("bench-%04d", i), benchTeam)); err != nil {
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

// countReadyAll counts the resources of kinds that are Ready and Synced.
func (k *kube) countReadyAll(ctx context.Context, ns string, kinds []benchKind) (int, error) {
	ready := 0
	err := k.each(ctx, ns, kinds, func(_ benchKind, u unstructured.Unstructured) {
		if conditionTrue(u, "Ready") && conditionTrue(u, "Synced") {
			ready++
		}
	})
	return ready, err
}

// each calls fn with every resource of kinds in ns (of a cluster-scoped
// kind: every resource).
func (k *kube) each(ctx context.Context, ns string, kinds []benchKind, fn func(benchKind, unstructured.Unstructured)) error {
	for _, kind := range kinds {
		gvk := kind.gvk()
		l := &unstructured.UnstructuredList{}
		l.SetGroupVersionKind(gvk.GroupVersion().WithKind(gvk.Kind + "List"))
		if err := k.c.List(ctx, l, client.InNamespace(kind.namespace(ns))); err != nil {
			return err
		}
		for _, item := range l.Items {
			fn(kind, item)
		}
	}
	return nil
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

// waitReadyAll waits until n resources of kinds are Ready, and returns
// how many are.
func (k *kube) waitReadyAll(ctx context.Context, ns string, kinds []benchKind, n int, patience time.Duration) (int, error) {
	return waitFor("resources", n, patience, 2*time.Second, func() (int, error) { return k.countReadyAll(ctx, ns, kinds) })
}
