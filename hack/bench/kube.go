package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	corev1 "k8s.io/api/core/v1"
	extv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/watch"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/tools/clientcmd"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/yaml"

	"github.com/crossplane-github/provider-github/apis"
	mv1alpha1 "github.com/crossplane-github/provider-github/apis/m/v1alpha1"
	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
)

type kube struct {
	c client.WithWatch
}

func newKube(kubeconfig string) (*kube, error) {
	cfg, err := clientcmd.BuildConfigFromFlags("", kubeconfig)
	if err != nil {
		return nil, err
	}
	cfg.QPS, cfg.Burst = 200, 400
	s := runtime.NewScheme()
	_ = clientgoscheme.AddToScheme(s)
	_ = extv1.AddToScheme(s)
	if err := apis.AddToScheme(s); err != nil {
		return nil, err
	}
	c, err := client.NewWithWatch(cfg, client.Options{Scheme: s})
	if err != nil {
		return nil, err
	}
	return &kube{c: c}, nil
}

// setup installs the CRDs that match globs and creates the namespace, the
// credentials Secret and a ProviderConfig pointing at baseURL.
func (k *kube) setup(ctx context.Context, root string, globs []string, ns, baseURL string) error {
	var files []string
	for _, g := range globs {
		matched, err := filepath.Glob(filepath.Join(root, "package", "crds", strings.TrimSpace(g)))
		if err != nil {
			return fmt.Errorf("listing package/crds: %w", err)
		}
		files = append(files, matched...)
	}
	if len(files) == 0 {
		return fmt.Errorf("no CRDs in package/crds match %v", globs)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		crd := &extv1.CustomResourceDefinition{}
		if err := yaml.Unmarshal(b, crd); err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
		if err := client.IgnoreAlreadyExists(k.c.Create(ctx, crd)); err != nil {
			return err
		}
		if err := k.waitEstablished(ctx, crd.Name); err != nil {
			return err
		}
	}
	if err := k.c.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns}}); err != nil {
		return err
	}
	if err := k.c.Create(ctx, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: "github"},
		Data: map[string][]byte{"token": []byte("demo-token")}}); err != nil {
		return err
	}
	return k.c.Create(ctx, &mv1alpha1.ProviderConfig{
		ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: "default"},
		Spec: mv1alpha1.ProviderConfigSpec{
			Credentials: mv1alpha1.LocalCredentials{Source: xpv2.CredentialsSourceSecret,
				SecretRef: xpv2.LocalSecretKeySelector{LocalSecretReference: xpv2.LocalSecretReference{Name: "github"}, Key: "token"}},
			Endpoint: mv1alpha1.Endpoint{BaseURL: ptr.To(baseURL), Owner: ptr.To("demo-org")},
		},
	})
}

func (k *kube) waitEstablished(ctx context.Context, name string) error {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		crd := &extv1.CustomResourceDefinition{}
		if err := k.c.Get(ctx, client.ObjectKey{Name: name}, crd); err == nil {
			for _, c := range crd.Status.Conditions {
				if c.Type == extv1.Established && c.Status == extv1.ConditionTrue {
					return nil
				}
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	return fmt.Errorf("CRD %s not established", name)
}

// createRepositories applies n Repositories, 16 at a time.
func (k *kube) createRepositories(ctx context.Context, ns string, n int) error {
	names := make(chan int)
	errs := make(chan error, n)
	var wg sync.WaitGroup
	for w := 0; w < 16; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range names {
				r := &repomv1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: fmt.Sprintf("bench-%04d", i)}}
				r.Spec.ForProvider.Description = ptr.To("benchmark repository")
				r.Spec.ForProvider.AllowSquashMerge = ptr.To(true)
				r.Spec.ProviderConfigReference = &xpv2.ProviderConfigReference{Kind: mv1alpha1.ProviderConfigKind, Name: "default"}
				if err := k.c.Create(ctx, r); err != nil {
					errs <- err
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

// waitReady waits until n Repositories are Ready, and returns how many are.
// It watches them: on 2 cores, listing every Repository ten times a second
// (as it once did) takes CPU from the API server and the provider being
// measured, and a watch tells the moment the last one is Ready.
func (k *kube) waitReady(ctx context.Context, ns string, n int, patience time.Duration) (int, error) {
	ctx, cancel := context.WithTimeout(ctx, patience)
	defer cancel()
	ready := map[string]bool{}
	count := func() int {
		c := 0
		for _, r := range ready {
			if r {
				c++
			}
		}
		return c
	}
	isReady := func(r *repomv1alpha1.Repository) bool {
		return r.GetCondition(xpv2.TypeReady).Status == corev1.ConditionTrue
	}
	for {
		// List, then watch from the list's version; again when the
		// API server ends the watch.
		l := &repomv1alpha1.RepositoryList{}
		if err := k.c.List(ctx, l, client.InNamespace(ns)); err != nil {
			return count(), waitError(ctx, count(), n, patience, err)
		}
		clear(ready)
		for i := range l.Items {
			ready[l.Items[i].Name] = isReady(&l.Items[i])
		}
		if count() >= n {
			return count(), nil
		}
		w, err := k.c.Watch(ctx, &repomv1alpha1.RepositoryList{}, client.InNamespace(ns), &client.ListOptions{Raw: &metav1.ListOptions{ResourceVersion: l.ResourceVersion}})
		if err != nil {
			return count(), waitError(ctx, count(), n, patience, err)
		}
		for ev := range w.ResultChan() {
			r, ok := ev.Object.(*repomv1alpha1.Repository)
			if !ok {
				break // an error event: list again
			}
			if ev.Type == watch.Deleted {
				delete(ready, r.Name)
			} else {
				ready[r.Name] = isReady(r)
			}
			if count() >= n {
				w.Stop()
				return count(), nil
			}
		}
		w.Stop()
		if ctx.Err() != nil {
			return count(), waitError(ctx, count(), n, patience, nil)
		}
	}
}

// waitError is the error of a wait for n Repositories that ended with got.
func waitError(ctx context.Context, got, n int, patience time.Duration, err error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("only %d of %d Repositories Ready after %s", got, n, patience)
	}
	return err
}

// waitFor counts every interval until count reaches n, and returns the
// last count; an error when patience runs out first.
func waitFor(what string, n int, patience, every time.Duration, count func() (int, error)) (int, error) {
	deadline := time.Now().Add(patience)
	for {
		got, err := count()
		if err != nil {
			return got, err
		}
		if got >= n {
			return got, nil
		}
		if time.Now().After(deadline) {
			return got, fmt.Errorf("only %d of %d %s Ready after %s", got, n, what, patience)
		}
		time.Sleep(every)
	}
}

// countNotSynced counts Repositories whose last reconcile failed.
func (k *kube) countNotSynced(ctx context.Context, ns string) (int, error) {
	l := &repomv1alpha1.RepositoryList{}
	if err := k.c.List(ctx, l, client.InNamespace(ns)); err != nil {
		return 0, err
	}
	bad := 0
	for i := range l.Items {
		if l.Items[i].GetCondition(xpv2.TypeSynced).Status != corev1.ConditionTrue {
			bad++
		}
	}
	return bad, nil
}

// countReady counts Repositories that are Ready and Synced.
func (k *kube) countReady(ctx context.Context, ns string) (int, error) {
	l := &repomv1alpha1.RepositoryList{}
	if err := k.c.List(ctx, l, client.InNamespace(ns)); err != nil {
		return 0, err
	}
	ok := 0
	for i := range l.Items {
		if l.Items[i].GetCondition(xpv2.TypeReady).Status == corev1.ConditionTrue && l.Items[i].GetCondition(xpv2.TypeSynced).Status == corev1.ConditionTrue {
			ok++
		}
	}
	return ok, nil
}
