package integration

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/controller"
	"github.com/crossplane/crossplane-runtime/v2/pkg/feature"
	"github.com/crossplane/crossplane-runtime/v2/pkg/gate"
	"github.com/crossplane/crossplane-runtime/v2/pkg/logging"
	"github.com/crossplane/crossplane-runtime/v2/pkg/ratelimiter"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/config"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	mv1alpha1 "github.com/crossplane-github/provider-github/apis/m/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	legacyv1alpha1 "github.com/crossplane-github/provider-github/apis/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/transport"
	ghcontroller "github.com/crossplane-github/provider-github/internal/controller"
	"github.com/crossplane-github/provider-github/internal/controller/shared"
	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

// TestSafeStart runs the provider on an API server of its own where, as
// with Crossplane's safe start and an activation policy that activates only
// the namespaced kinds, the cluster-scoped Repository CRD is missing. The
// provider must keep running past its cache-sync timeout, reconcile the
// namespaced kind meanwhile, and start the cluster-scoped controller when
// that CRD is installed later, without a restart.
func TestSafeStart(t *testing.T) {
	t.Parallel()
	// Shorter than the default two minutes, so the test waits past it; long
	// enough for a controller started right after its CRD is established:
	// API discovery can lag behind the CRD's Established condition, and
	// controller-runtime looks a kind it cannot map yet up again only every
	// 10 seconds (a 10-second timeout failed the test on a busy machine).
	const cacheSyncTimeout = 30 * time.Second
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	crds := filepath.Join(root, "package", "crds")
	late := filepath.Join(crds, "repo.github.crossplane.io_repositories.yaml")
	var early []string
	entries, err := os.ReadDir(crds)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if p := filepath.Join(crds, e.Name()); p != late {
			early = append(early, p)
		}
	}

	scheme, err := newScheme()
	must(t, err)
	env := &envtest.Environment{CRDDirectoryPaths: early, ErrorIfCRDPathMissing: true, Scheme: scheme}
	cfg, err := env.Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = env.Stop() })
	c, err := client.New(cfg, client.Options{Scheme: scheme})
	must(t, err)

	zl := zap.New(zap.WriteTo(logSink()))
	mgr, err := ctrl.NewManager(cfg, ctrl.Options{
		Scheme: scheme, Metrics: metricsserver.Options{BindAddress: "0"}, HealthProbeBindAddress: "0",
		Controller: config.Controller{CacheSyncTimeout: cacheSyncTimeout, SkipNameValidation: ptr.To(true)},
	})
	must(t, err)
	o := shared.Options{
		Options: controller.Options{
			Logger: logging.NewLogrLogger(zl), GlobalRateLimiter: ratelimiter.NewGlobal(100), PollInterval: pollInterval,
			MaxConcurrentReconciles: 2, Features: &feature.Flags{}, Gate: new(gate.Gate[schema.GroupVersionKind]),
		},
		Clients: transport.NewClientCache(transport.Options{UserAgent: "provider-github-safestart", Timeout: 10 * time.Second, PollInterval: pollInterval}),
	}
	must(t, ghcontroller.Setup(mgr, o))
	ctx, cancel := context.WithCancel(context.Background())
	var startErr error
	stopped := make(chan struct{})
	go func() {
		startErr = mgr.Start(ctx)
		close(stopped)
	}()
	t.Cleanup(func() {
		cancel()
		<-stopped
	})

	srv, _ := emulatortest.NewServer(t, emulator.Options{})
	ep := mv1alpha1.Endpoint{BaseURL: ptr.To(srv.URL + "/api/v3/"), Owner: ptr.To(owner)}
	must(t, c.Create(ctx, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "creds"}, Data: map[string][]byte{"token": []byte(goodToken)}}))
	must(t, c.Create(ctx, &mv1alpha1.ProviderConfig{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "github"},
		Spec: mv1alpha1.ProviderConfigSpec{Endpoint: ep, Credentials: mv1alpha1.LocalCredentials{Source: xpv2.CredentialsSourceSecret,
			SecretRef: xpv2.LocalSecretKeySelector{LocalSecretReference: xpv2.LocalSecretReference{Name: "creds"}, Key: "token"}}}}))
	must(t, c.Create(ctx, &legacyv1alpha1.ProviderConfig{ObjectMeta: metav1.ObjectMeta{Name: "github"},
		Spec: legacyv1alpha1.ProviderConfigSpec{Endpoint: ep, Credentials: mv1alpha1.ClusterCredentials{Source: xpv2.CredentialsSourceSecret,
			SecretRef: xpv2.SecretKeySelector{SecretReference: xpv2.SecretReference{Namespace: "default", Name: "creds"}, Key: "token"}}}}))

	nsRepo := &repomv1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "early"}}
	nsRepo.Spec.ProviderConfigReference = &xpv2.ProviderConfigReference{Kind: mv1alpha1.ProviderConfigKind, Name: "github"}
	must(t, c.Create(ctx, nsRepo))
	waitReadyIn(t, c, nsRepo, stopped, &startErr)

	// Past the cache-sync timeout, the provider still runs.
	select {
	case <-stopped:
		t.Fatalf("the provider stopped while a kind's CRD was missing: %v", startErr)
	case <-time.After(cacheSyncTimeout + 5*time.Second):
	}

	_, err = envtest.InstallCRDs(cfg, envtest.CRDInstallOptions{Paths: []string{late}, ErrorIfPathMissing: true, Scheme: scheme})
	must(t, err)
	clRepo := &repov1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Name: "late"}}
	clRepo.Spec.ForProvider = common.RepositoryParameters{}
	clRepo.Spec.ProviderConfigReference = &xpv2.Reference{Name: "github"}
	must(t, c.Create(ctx, clRepo))
	waitReadyIn(t, c, clRepo, stopped, &startErr)
	select {
	case <-stopped:
		t.Fatalf("the provider stopped: %v", startErr)
	default:
	}
}

// waitReadyIn waits for a managed resource read through c to be Ready and
// Synced, failing at once when the provider stopped (with its error).
func waitReadyIn(t *testing.T, c client.Client, mg interface {
	client.Object
	GetCondition(xpv2.ConditionType) xpv2.Condition
}, stopped <-chan struct{}, startErr *error) {
	t.Helper()
	deadline := time.Now().Add(patience)
	for time.Now().Before(deadline) {
		select {
		case <-stopped:
			t.Fatalf("the provider stopped while waiting for %s: %v", mg.GetName(), *startErr)
		default:
		}
		if err := c.Get(context.Background(), client.ObjectKeyFromObject(mg), mg); err == nil &&
			mg.GetCondition(xpv2.TypeReady).Status == corev1.ConditionTrue && mg.GetCondition(xpv2.TypeSynced).Status == corev1.ConditionTrue {
			return
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatalf("%s is not Ready and Synced after %s: %+v", mg.GetName(), patience, mg.GetCondition(xpv2.TypeSynced))
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
